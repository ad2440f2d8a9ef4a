// Serving orders: a permutation from the seed; docs-prop keeps every document within one of
// a common share on every prefix, and every segment is served early as often as late
// (inclusion probability near n/N in short prefixes, where the quota method served small
// documents never).
#include "tourney/sampling/sample_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

// Items of documents of these sizes, document by document.
std::vector<int> Documents(const std::vector<int>& sizes) {
  std::vector<int> document;
  for (size_t l = 0; l < sizes.size(); ++l) document.insert(document.end(), sizes[l], int(l));
  return document;
}

// Whether some key τ has every document's count n_l within one of τ·N_l/N: the open
// windows ((n_l − 1)·N/N_l, (n_l + 1)·N/N_l) intersect. (Up to key τ a document has
// floor(τN_l/N + U_l) segments, so this holds for every prefix.)
bool WithinOneOfACommonShare(const std::vector<int>& taken, const std::vector<int>& sizes) {
  double n = 0;
  for (int s : sizes) n += s;
  double low = -1e300, high = 1e300;
  for (size_t l = 0; l < sizes.size(); ++l) {
    low = std::max(low, (taken[l] - 1.0) * n / sizes[l]);
    high = std::min(high, (taken[l] + 1.0) * n / sizes[l]);
  }
  return low < high;
}

TEST(SampleOrder, EveryDesignGivesAPermutationFixedByTheSeed) {
  const std::vector<int> document = Documents({1, 2, 3, 6});
  for (Design d : {Design::kRandom, Design::kDocsProp}) {
    Rng a(3), b(3);
    const std::vector<int> order = ServingOrder(document, 4, d, a);
    EXPECT_EQ(order, ServingOrder(document, 4, d, b));
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 12; ++i) EXPECT_EQ(sorted[i], i);
  }
}

TEST(SampleOrder, DocsPropKeepsEveryDocumentNearItsShareOnEveryPrefix) {
  // 20 documents of 1..20 segments (N = 210), 300 seeds, every prefix k: the counts are
  // within one of a common share τ·N_l/N, and within 2 of k·N_l/N (the gap k − τ is a sum
  // of 20 terms in (−1, 1) around 0, times N_l/N <= 0.095).
  std::vector<int> sizes;
  for (int s = 1; s <= 20; ++s) sizes.push_back(s);
  const std::vector<int> document = Documents(sizes);
  const int n = static_cast<int>(document.size());
  double worst = 0.0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(DeriveSeed(5, seed));
    const std::vector<int> order = ServingOrder(document, 20, Design::kDocsProp, rng);
    std::vector<int> taken(20, 0);
    for (int k = 1; k <= n; ++k) {
      ++taken[document[order[k - 1]]];
      ASSERT_TRUE(WithinOneOfACommonShare(taken, sizes)) << "seed " << seed << " prefix " << k;
      for (int l = 0; l < 20; ++l) {
        worst = std::max(worst, std::fabs(taken[l] - double(k) * sizes[l] / n));
      }
    }
  }
  EXPECT_LT(worst, 2.0);
}

TEST(SampleOrder, DocsPropServesEverySegmentEarlyWithProbabilityNearNOverN) {
  // Documents of 1, 2, 3, 4, 5, 10, 15, 20 segments (N = 60); 20,000 seeds. In a prefix of
  // n items each segment's inclusion frequency is n/N up to sampling noise (4 sd:
  // 4·sqrt(p(1 − p)/20000)) and a coupling bias of the random stopping key, allowed 10% of
  // n/N. The quota method never served the one-segment document in the first 6.
  const std::vector<int> sizes = {1, 2, 3, 4, 5, 10, 15, 20};
  const std::vector<int> document = Documents(sizes);
  const int n = static_cast<int>(document.size());
  const int seeds = 20000;
  for (int prefix : {6, 12, 30}) {
    std::vector<int> included(n, 0);
    for (int seed = 0; seed < seeds; ++seed) {
      Rng rng(DeriveSeed(17, static_cast<uint64_t>(seed)));
      const std::vector<int> order = ServingOrder(document, 8, Design::kDocsProp, rng);
      for (int k = 0; k < prefix; ++k) ++included[order[k]];
    }
    const double p = double(prefix) / n;
    const double tolerance = 0.1 * p + 4.0 * std::sqrt(p * (1.0 - p) / seeds);
    for (int g = 0; g < n; ++g) {
      EXPECT_NEAR(double(included[g]) / seeds, p, tolerance)
          << "prefix " << prefix << " segment " << g << " of document " << document[g];
    }
  }
}

TEST(SampleOrder, DocsPropWithinADocumentIsUniform) {
  // One document of 4 and one of 8 (N = 12): the first segment served from the document
  // of 4 is each of its segments a quarter of the time (4 sd of 4,000 draws: 0.027).
  const std::vector<int> document = Documents({4, 8});
  std::vector<int> first(4, 0);
  const int seeds = 4000;
  for (int seed = 0; seed < seeds; ++seed) {
    Rng rng(DeriveSeed(23, static_cast<uint64_t>(seed)));
    for (int g : ServingOrder(document, 2, Design::kDocsProp, rng)) {
      if (g < 4) {
        ++first[g];
        break;
      }
    }
  }
  for (int g = 0; g < 4; ++g) EXPECT_NEAR(double(first[g]) / seeds, 0.25, 0.027) << g;
}

}  // namespace
}  // namespace tourney
