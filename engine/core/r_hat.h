// Split-R-hat: the potential scale reduction factor that tells whether MCMC chains have
// converged to a common distribution.
//
// DESCRIPTION
//   Gelman et al., Bayesian Data Analysis, 3rd ed. (2013), §11.4, eqs. 11.2-11.4. Each chain
//   of draws is split into its first and second halves (the middle draw of an odd-length
//   chain is dropped), giving m sequences of n draws each. With sequence means xbar_j,
//   overall mean xbar and sample variances s_j^2:
//     B = n / (m - 1) * sum_j (xbar_j - xbar)^2       (between sequences)
//     W = (1 / m) * sum_j s_j^2                        (within sequences)
//     var+ = (n - 1) / n * W + B / n
//     R-hat = sqrt(var+ / W)
//   R-hat near 1 means the sequences agree; BDA3 suggests running longer when it exceeds
//   1.1, tourney warns above 1.05. Splitting catches a chain that still trends: its two
//   halves disagree even when there is a single chain.
//   SequenceMoments accumulates one sequence in a single pass (Welford), so a sampler can
//   monitor R-hat without storing its draws. O(draws); deterministic.
// Thread safety: reentrant; a SequenceMoments is a plain value.
#ifndef TOURNEY_CORE_R_HAT_H_
#define TOURNEY_CORE_R_HAT_H_

#include <cstdint>
#include <span>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

// Running count, mean and sum of squared deviations of one sequence of draws.
struct SequenceMoments {
  int64_t count = 0;
  double mean = 0.0;
  double m2 = 0.0;  // sum of (x - mean)^2

  void Add(double x) {
    ++count;
    const double delta = x - mean;
    mean += delta / static_cast<double>(count);
    m2 += delta * (x - mean);
  }
  // Merges `other` into this (Chan, Golub & LeVeque 1979); the result does not depend on
  // how the draws were split, up to rounding.
  void Merge(const SequenceMoments& other);
  // Sample variance (divisor count - 1); 0 for fewer than two draws.
  double variance() const { return count > 1 ? m2 / static_cast<double>(count - 1) : 0.0; }
};

// tourney warns that a sampler has not converged when any R-hat exceeds this.
inline constexpr double kRHatWarningThreshold = 1.05;

// Larger than any R-hat of sequences with positive within-sequence variance: returned when
// every sequence is constant but they differ (the chains are stuck apart).
inline constexpr double kRHatStuck = 1e300;

// R-hat of m >= 2 sequences of equal length n >= 2 (already split, if splitting is meant).
// Returns 1 when every draw is identical and kRHatStuck when each sequence is constant but
// they differ. InvalidArgument for fewer than two sequences, unequal lengths or n < 2.
StatusOr<double> RHat(std::span<const SequenceMoments> sequences);

// Split-R-hat of `chains` (chains[c][i] = draw i of chain c), each split into halves.
// InvalidArgument when there are no chains, their lengths differ, or a chain has fewer
// than 4 draws (2 per half).
StatusOr<double> SplitRHat(std::span<const std::vector<double>> chains);

}  // namespace tourney

#endif  // TOURNEY_CORE_R_HAT_H_
