// Serving orders of the designs (see tourney/sampling/sample_order.h).
#include "tourney/sampling/sample_order.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace tourney {
namespace {

// The stream of a campaign's segment order; its bootstrap-t intervals use
// DeriveSeed(seed, system), system < 2^40.
constexpr uint64_t kOrderStream = uint64_t{1} << 40;

void Shuffle(std::vector<int>* v, Rng& rng) {
  for (size_t i = v->size(); i > 1; --i) std::swap((*v)[i - 1], (*v)[rng.UniformInt(i)]);
}

}  // namespace

std::vector<int> ServingOrder(const std::vector<int>& document, int num_documents, Design design,
                              Rng& rng) {
  const int n = static_cast<int>(document.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (design == Design::kRandom) {
    Shuffle(&order, rng);
    return order;
  }
  // Each document's segments in a random order; the j-th (from 1) of document l gets the
  // key (j − U_l) / N_l (the header's (j − U_l)·N/N_l without the common factor N), U_l
  // uniform in [0, 1) per document; ties by a random rank per segment.
  const int docs = num_documents;
  std::vector<std::vector<int>> members(docs);
  for (int g = 0; g < n; ++g) members[document[g]].push_back(g);
  for (auto& m : members) Shuffle(&m, rng);
  std::vector<double> offset(docs);
  for (double& u : offset) u = rng.Uniform();
  std::vector<int> rank(n);
  std::iota(rank.begin(), rank.end(), 0);
  Shuffle(&rank, rng);
  std::vector<double> key(n);
  for (int l = 0; l < docs; ++l) {
    const double size = static_cast<double>(members[l].size());
    for (size_t j = 0; j < members[l].size(); ++j) {
      key[members[l][j]] = (static_cast<double>(j + 1) - offset[l]) / size;
    }
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return key[a] < key[b] || (key[a] == key[b] && rank[a] < rank[b]);
  });
  return order;
}

std::vector<int> DrawOrder(const ScoredSegments& table, Design design, uint64_t seed) {
  Rng rng(DeriveSeed(seed, kOrderStream));
  return ServingOrder(table.segment_document, static_cast<int>(table.document_ids.size()), design,
                      rng);
}

}  // namespace tourney
