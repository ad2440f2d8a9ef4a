// Allocation of a sample of n segments to strata (bins), Saldías et al. (2022) §2.1.
//
// The ideal size of bin l is n·w_l/Σw (w_l = N_l for proportional allocation, N_l·σ_l for
// optimal (Neyman) allocation, eq. 2). When an ideal size exceeds the bin's N_l, the bin with
// the largest excess is filled (n_l = N_l) and the rest of the sample is reallocated over the
// other bins, recursively (the paper's reallocation). The real sizes are then rounded to
// whole numbers that sum to n and minimise Σ|n_l − n'_l|: every bin gets the floor of its
// size and the leftover units go to the largest fractional parts (largest remainder), ties
// broken at random when an Rng is given, by bin order otherwise. Bins may get 0.
// Complexity: O(L log L) per reallocation round, at most L rounds.
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_ALLOCATION_H_
#define TOURNEY_SAMPLING_ALLOCATION_H_

#include <vector>

#include "tourney/core/random.h"
#include "tourney/core/status.h"

namespace tourney {

// Real-valued sizes n·w_l/Σw with the recursive reallocation: every size is at most
// capacity[l], and they sum to n. Bins with weight 0 get 0 unless the others cannot hold n,
// in which case the remainder is spread over them in proportion to their capacity.
// InvalidArgument when n < 0, n > Σ capacity, a weight is negative or not finite, or the
// vectors differ in length.
StatusOr<std::vector<double>> IdealAllocation(const std::vector<int>& capacity,
                                              const std::vector<double>& weight, int n);

// Whole sizes summing to n that minimise Σ|ideal_l − n'_l| (largest remainder; ties at random
// with `rng`, by bin order when it is null). REQUIRES: the ideal sizes sum to n (within 1e-6).
std::vector<int> RoundAllocation(const std::vector<double>& ideal, int n, Rng* rng);

// Whole sizes summing to n whose expectations are the ideal sizes (systematic rounding with
// one uniform start u drawn from `rng`: n_l = floor(C_l + u) − floor(C_{l−1} + u), C_l the
// cumulative ideal sizes in bin order). Each n_l is the floor or the ceiling of its ideal
// size, so a bin whose ideal size is below 1 gets 1 with probability equal to that size:
// every segment keeps a positive chance of being drawn, and a bin's inclusion probability
// is exactly ideal_l / N_l (what the estimators weigh by; estimator.h). Largest-remainder
// rounding instead leaves the smallest bins out every time, which biases any estimator.
// REQUIRES: the ideal sizes sum to n (within 1e-6).
std::vector<int> RoundAllocationUnbiased(const std::vector<double>& ideal, int n, Rng& rng);

// IdealAllocation then RoundAllocation.
StatusOr<std::vector<int>> Allocate(const std::vector<int>& capacity,
                                    const std::vector<double>& weight, int n, Rng* rng);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_ALLOCATION_H_
