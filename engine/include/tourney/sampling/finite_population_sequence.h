// A confidence sequence for the mean of a finite population sampled without replacement:
// an interval that holds the test-set mean after every scored segment at once, with
// probability at least 1 - alpha, so that annotation may stop whenever the interval is
// narrow enough ("annotate until +-t" at a data-dependent time) without losing coverage.
//
// DESCRIPTION
//   The population holds N values in [lo, hi], scaled here to [0, 1]; they are observed in a
//   uniformly random order without replacement (the random design's order of drawing, or
//   the order in which a campaign serves a random permutation). Given the first i - 1
//   observations with sum S_{i-1}, the next one has conditional mean
//     m_i(mu) = (N mu - S_{i-1}) / (N - i + 1)
//   under the hypothesis that the population mean is mu (Waudby-Smith & Ramdas 2020,
//   "Confidence sequences for sampling without replacement"). The empirical-Bernstein
//   betting processes
//     M_t^{+-}(mu) = prod_{i<=t} exp(+-lambda_i (X_i - m_i(mu)) - v_i psi(lambda_i))
//   are nonnegative supermartingales at the true mu for any predictable lambda_i in
//   [0, 1) and predictable centre mu_hat_{i-1}, with v_i = 4 (X_i - mu_hat_{i-1})^2 and
//   psi(l) = (-log(1 - l) - l) / 4 (Fan et al.'s inequality, as in Waudby-Smith & Ramdas
//   2023). Ville's inequality at alpha/2 per side; since m_i is linear in mu the set where
//   both stay below 2/alpha is the interval
//     [(A - B) / W, (A + B) / W],  A = sum lambda_i (X_i + S_{i-1} / (N - i + 1)),
//                                  W = sum lambda_i N / (N - i + 1),
//                                  B = log(2/alpha) + sum v_i psi(lambda_i),
//   intersected with what the sample alone implies, [S_t / N, (S_t + N - t) / N] (the
//   unseen values lie in [0, 1]), and with every earlier interval. Later observations
//   weigh more (N / (N - i + 1) grows): each leaves less of the population unseen. After
//   all N observations the interval is the population mean itself.
//   lambda_i = min(sqrt(2 log(2/alpha) / (sigma2_hat_{i-1} i log(1 + i))), 1/2), with the
//   predictable estimates mu_hat_t = (1/2 + S_t) / (t + 1) and sigma2_hat_t = (1/4 +
//   sum (X_i - mu_hat_i)^2) / (t + 1), as BoundedMeanSequence (confidence_sequence.h), which
//   is the same sequence for an infinite population.
//   O(1) time and memory per observation.
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SAMPLING_FINITE_POPULATION_SEQUENCE_H_
#define TOURNEY_SAMPLING_FINITE_POPULATION_SEQUENCE_H_

#include <cstdint>

#include "tourney/core/status.h"

namespace tourney {

class FinitePopulationSequence {
 public:
  // A sequence for a population of `population` values in [lo, hi] at level 1 - alpha.
  // InvalidArgument unless population >= 1, lo < hi (both finite) and 0 < alpha < 1.
  static StatusOr<FinitePopulationSequence> Make(int64_t population, double lo, double hi,
                                                 double alpha);

  // Adds the next observation. InvalidArgument for a value outside [lo, hi] (or not
  // finite), or when all `population` values have been observed.
  Status Add(double x);

  int64_t count() const { return count_; }
  int64_t population() const { return population_; }
  // The sample mean (the middle of [lo, hi] before the first observation), in score units.
  double mean() const;
  // The interval after count() observations, in score units: [lo, hi] before the first.
  double lower() const { return lo_ + scale_ * lower_; }
  double upper() const { return lo_ + scale_ * upper_; }

 private:
  FinitePopulationSequence(int64_t population, double lo, double hi, double log_term)
      : population_(population), lo_(lo), scale_(hi - lo), log_term_(log_term) {}

  int64_t population_;
  double lo_, scale_;  // x in score units is lo_ + scale_ * (x in [0, 1])
  double log_term_;    // log(2 / alpha)
  int64_t count_ = 0;
  double sum_ = 0.0;      // S_t
  double squares_ = 0.0;  // sum (X_i - mu_hat_i)^2
  double weight_ = 0.0;   // W
  double centre_ = 0.0;   // A
  double penalty_ = 0.0;  // sum v_i psi(lambda_i)
  double lower_ = 0.0, upper_ = 1.0;
};

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_FINITE_POPULATION_SEQUENCE_H_
