// The Wilcoxon rank-sum (Mann-Whitney) test of two independent samples, as R's
// `wilcox.test(x, y)` computes it with its defaults; the WMT DA protocol's test (the
// organisers ran it in R).
//
// DESCRIPTION
//   W = (sum of the ranks of x in the pooled sample, ties given their mean rank)
//       - n_x (n_x + 1) / 2,
//   the number of pairs (x_i, y_j) with x_i > y_j, ties counting half (Mann & Whitney 1947;
//   R documentation of wilcox.test).
//   Exact p-value when both samples have fewer than `exact_below` (50) values and no value
//   is tied: the null distribution of W by counting (R's pwilcox), O(n_x n_y (n_x + n_y)).
//   Otherwise the normal approximation: mean n_x n_y / 2, variance
//   n_x n_y / 12 * ((n + 1) - sum(t^3 - t) / (n (n - 1))) over tie groups of size t
//   (n = n_x + n_y), and a continuity correction of 0.5 towards the mean (R's `correct =
//   TRUE`). Upper tails are taken with erfc, so p-values far below 1e-300 come out as 0.
//   O(n log n).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_RANK_SUM_TEST_H_
#define TOURNEY_PROTOCOLS_RANK_SUM_TEST_H_

#include <span>

#include "tourney/core/status.h"

namespace tourney {

enum class RankSumAlternative {
  kGreater,    // x tends to be larger than y (the WMT protocol: row beats column)
  kLess,       // x tends to be smaller
  kTwoSided,
};

struct RankSumOptions {
  RankSumAlternative alternative = RankSumAlternative::kGreater;
  // The exact distribution is used when both sample sizes are below this and nothing is
  // tied (R: 50). 0 = always the normal approximation.
  int exact_below = 50;
  // Continuity correction of the normal approximation (R: correct = TRUE).
  bool continuity_correction = true;
};

struct RankSumResult {
  double w = 0.0;        // R's statistic W
  double p_value = 1.0;  // in [0, 1]
  bool exact = false;    // whether p_value is exact (else the normal approximation)
};

// The test of `x` against `y`. InvalidArgument when a sample is empty or holds a value that
// is not finite.
StatusOr<RankSumResult> RankSumTest(std::span<const double> x, std::span<const double> y,
                                    const RankSumOptions& options = {});

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_RANK_SUM_TEST_H_
