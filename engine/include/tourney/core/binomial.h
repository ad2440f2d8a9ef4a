// Exact binomial and multinomial variates from a tourney::Rng.
//
// DESCRIPTION
//   SampleBinomial draws Binomial(n, p) exactly in distribution (up to double rounding):
//     - p > 1/2 is reduced to n - Binomial(n, 1 - p);
//     - n*p < 10: inversion by sequential search from 0 (Kachitvichyanukul & Schmeiser
//       1988, algorithm BINV): one uniform, O(1 + n*p) expected steps of the pmf recurrence;
//     - n*p >= 10: transformed rejection with decomposition (Hormann 1993, "The generation
//       of binomial random variates", algorithm BTRD), O(1) expected time whatever n: a
//       quick-accept region covers ~86% of draws; the rest are accepted against the exact
//       pmf ratio f(k)/f(m), evaluated by recursion near the mode and through Stirling's
//       series with tabulated corrections elsewhere.
//   SampleMultinomial draws Multinomial(n; w_1/W, ..., w_K/W) for integer weights by
//   conditional binomials: x_k ~ Binomial(n - x_1 - ... - x_{k-1}, w_k / (w_k + ... + w_K)),
//   the conditional probabilities computed from exact integer remainders. O(K) binomials.
//   The bootstrap uses it to resample the cells of a pair/outcome count table: drawing N
//   comparisons with replacement gives exactly Multinomial(N; count_cell / N).
//   Both use only Rng::Uniform/UniformOpen, so a seed gives the same draws on every
//   platform.
// Thread safety: reentrant; the Rng must not be shared between threads.
#ifndef TOURNEY_CORE_BINOMIAL_H_
#define TOURNEY_CORE_BINOMIAL_H_

#include <cstdint>
#include <span>

#include "tourney/core/random.h"

namespace tourney {

// A Binomial(n, p) variate in [0, n]. n <= 0 gives 0; p <= 0 gives 0 and p >= 1 gives n;
// a NaN p is treated as 0.
// REQUIRES: n < 2^53 (counts are handled as doubles inside BTRD).
int64_t SampleBinomial(Rng& rng, int64_t n, double p);

// Fills out[k] with a Multinomial(n; weights[k] / sum(weights)) draw; sum(out) == n.
// Zero-weight cells get 0. When every weight is 0 (or n <= 0) all of out is 0.
// REQUIRES: out.size() == weights.size(); every weight >= 0; sum(weights) < 2^63.
void SampleMultinomial(Rng& rng, int64_t n, std::span<const int64_t> weights,
                       std::span<int64_t> out);

}  // namespace tourney

#endif  // TOURNEY_CORE_BINOMIAL_H_
