// Serving orders of the designs (see tourney/sampling/sample_order.h).
#include "tourney/sampling/sample_order.h"

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
  const int docs = num_documents;
  std::vector<std::vector<int>> members(docs);
  for (int g = 0; g < n; ++g) members[document[g]].push_back(g);
  for (auto& m : members) Shuffle(&m, rng);
  std::vector<int> rank(docs);
  std::iota(rank.begin(), rank.end(), 0);
  Shuffle(&rank, rng);
  std::vector<int64_t> taken(docs, 0);
  order.clear();
  for (int64_t k = 1; k <= n; ++k) {
    // Eligible: below the share, n_l < k·N_l/N, i.e. n_l·N < k·N_l. Among them the largest
    // N_l/(n_l + 1), compared crosswise. Σ_l k·N_l/N − n_l = 1 > 0: someone is eligible.
    int best = -1;
    for (int l = 0; l < docs; ++l) {
      const int64_t size = static_cast<int64_t>(members[l].size());
      if (taken[l] * n >= k * size) continue;
      if (best < 0) {
        best = l;
        continue;
      }
      const int64_t mine = size * (taken[best] + 1);
      const int64_t theirs = static_cast<int64_t>(members[best].size()) * (taken[l] + 1);
      if (mine > theirs || (mine == theirs && rank[l] < rank[best])) best = l;
    }
    order.push_back(members[best][taken[best]++]);
  }
  return order;
}

std::vector<int> DrawOrder(const ScoredSegments& table, Design design, uint64_t seed) {
  Rng rng(DeriveSeed(seed, kOrderStream));
  return ServingOrder(table.segment_document, static_cast<int>(table.document_ids.size()), design,
                      rng);
}

}  // namespace tourney
