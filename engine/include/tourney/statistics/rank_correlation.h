// Correlations between two scorings of the same items (systems, translations).
//
// DESCRIPTION
//   x and y are paired scores, higher is better; item i has scores (x[i], y[i]).
//   - Kendall's tau-b (Kendall 1945): over all pairs i < j, with sx = sign(x_i - x_j) and
//     sy = sign(y_i - y_j),
//         tau_b = sum sx sy / sqrt(#{sx != 0} * #{sy != 0}),
//     the tie-corrected form (C - D) / sqrt((n0 - n1)(n0 - n2)); exact integer counts.
//     O(n^2).
//   - Spearman's rho: Pearson's r of the average ranks (ties share the mean of the ranks
//     they span), as scipy.stats.spearmanr.
//   - Pearson's r: sum (x - mean x)(y - mean y) / sqrt(sum (x - mean x)^2 sum (y - mean y)^2),
//     two-pass.
//   - Pearson Rank (Gao, Bagdouri & Oard, SIGIR 2016; cited by Bremerman et al. 2020, §3.2
//     as "Gao et al., 2016"), head-weighted and gap-sensitive, as the authors' public code
//     computes it (../shared/fixtures/pearson-rank/README.md). The items are put in the
//     reference's order (x descending; equal x keep their input order, a stable sort), each
//     list is min-max scaled on its own (x~ = (x - min x) / (max x - min x), likewise y~),
//     and for each position i = 2..n item i is correlated with the items above it:
//         r_i = sum_{j<i} (x~_j - x~_i)(y~_j - y~_i)
//               / sqrt(sum_{j<i} (x~_j - x~_i)^2 * sum_{j<i} (y~_j - y~_i)^2),
//         PR  = sum_{i>=2} x~_i r_i / sum_{i>=2} x~_i,
//     a mean of the r_i weighted by each item's scaled reference score (the last item always
//     weighs 0). A disagreement high in the reference's order enters every r_i below it and
//     with the larger weights, and large gaps dominate each r_i. Not symmetric: x is the
//     reference. Unchanged by a positive affine rescaling of either list. O(n^2).
//     Undefined (the authors' code gives NaN): a constant list, the two highest x tied, a
//     zero denominator for some item i (every item above it ties with it in y), or weights
//     summing to zero (two items; every x below the top at the minimum).
//   - Rank-biased overlap (Webber, Moffat & Zobel 2010, eq. 32, the extrapolated RBO_EXT) of
//     two orderings of the same k items: with A_d the share of the first d items of each
//     ordering that the two share,
//         RBO = A_k p^k + (1 - p)/p * sum_{d=1..k} A_d p^d,
//     1 for identical orderings, p in (0, 1) the persistence (0.9: the top 10 carry about
//     86% of the weight). O(k).
//   Undefined cases (fewer than two items, a constant scoring, Pearson Rank's cases above)
//   are an InvalidArgument naming the reason, never a NaN.
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_RANK_CORRELATION_H_
#define TOURNEY_STATISTICS_RANK_CORRELATION_H_

#include <span>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

// Average ranks of `values`, 1 = smallest; equal values share the mean of their ranks
// ({10, 20, 20, 5} -> {2, 3.5, 3.5, 1}).
std::vector<double> AverageRanks(std::span<const double> values);

// Each returns the coefficient in [-1, 1], or InvalidArgument when x and y differ in
// length, hold a non-finite value, have fewer than two items, or the coefficient is
// undefined (a constant scoring).
StatusOr<double> KendallTauB(std::span<const double> x, std::span<const double> y);
StatusOr<double> SpearmanRho(std::span<const double> x, std::span<const double> y);
StatusOr<double> PearsonR(std::span<const double> x, std::span<const double> y);
// x is the reference whose head is weighted. InvalidArgument also in the undefined cases
// listed above, its message naming which.
StatusOr<double> PearsonRank(std::span<const double> x, std::span<const double> y);

// RBO of two orderings of the same items, given as the position of each item in each
// ordering (a[i] = 0-based position of item i in the first ordering). InvalidArgument when
// the lengths differ, the positions are not a permutation of 0..k-1, k = 0, or p is not in
// (0, 1).
StatusOr<double> RankBiasedOverlap(std::span<const int> a, std::span<const int> b, double p);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_RANK_CORRELATION_H_
