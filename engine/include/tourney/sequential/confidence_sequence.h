// A confidence sequence for the mean of observations in [0, 1]: an interval that holds the
// mean at every sample size at once, with probability at least 1 - alpha.
//
// DESCRIPTION
//   The predictable plug-in empirical-Bernstein confidence sequence of Waudby-Smith &
//   Ramdas (2023, "Estimating means of bounded random variables by betting", Theorem 2 and
//   eq. 13-15). Observations X_1, X_2, ... in [0, 1] share the conditional mean mu given
//   the past (E[X_t | X_1..X_{t-1}] = mu): i.i.d. draws qualify, and so do the judgments of
//   one pair of systems when an arbitrary rule decided which pair to judge next, as long as
//   the rule cannot see the judgment it asks for. With
//     mu_hat_t    = (1/2 + sum_{i<=t} X_i) / (t + 1)
//     sigma2_hat_t = (1/4 + sum_{i<=t} (X_i - mu_hat_i)^2) / (t + 1)
//     lambda_t    = min(sqrt(2 log(2/alpha) / (sigma2_hat_{t-1} t log(1 + t))), 1/2)
//     v_t         = 4 (X_t - mu_hat_{t-1})^2,   psi(l) = (-log(1 - l) - l) / 4
//   the interval after t observations is
//     sum lambda_i X_i / sum lambda_i  +-  (log(2/alpha) + sum v_i psi(lambda_i)) / sum lambda_i
//   clipped to [0, 1] and intersected with every earlier interval (the running
//   intersection is a confidence sequence too). Before the first observation it is [0, 1].
//   Because the weights lambda_t are predictable, the interval depends on the order of the
//   observations; a fixed order (file order, arrival order) gives a fixed interval.
//   O(1) time and 64 bytes per observation stream; Add costs two logs and a square root.
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SEQUENTIAL_CONFIDENCE_SEQUENCE_H_
#define TOURNEY_SEQUENTIAL_CONFIDENCE_SEQUENCE_H_

#include <cstdint>

namespace tourney {

class BoundedMeanSequence {
 public:
  // log(2 / alpha): the sequence's error budget enters only through this number, so a
  // family of sequences sharing one alpha computes it once. REQUIRES: 0 < alpha < 1.
  static double LogTerm(double alpha);

  // Adds one observation. x is clamped to [0, 1]; log_term is LogTerm(alpha) and must be
  // the same for every call.
  void Add(double x, double log_term);

  // The same with the bets tuned for a sample size `horizon` > 0 fixed before the first
  // observation: lambda_t = min(sqrt(2 log(2/alpha) / (sigma2_hat_{t-1} horizon)), 1/2)
  // instead of the t log(1 + t) schedule (Waudby-Smith & Ramdas 2023, eq. 14, the fixed-
  // size tuning). Any predictable lambda keeps the sequence valid at every t; this one makes
  // it narrowest near t = horizon, about 0.8x the default width there. The horizon must not
  // depend on the observations (a design's planned count does; a count that stops when the
  // interval is narrow enough does not).
  void Add(double x, double log_term, double horizon);

  int64_t count() const { return count_; }
  // The empirical mean (1/2 before the first observation), not clamped to [lo, hi].
  double mean() const { return count_ == 0 ? 0.5 : sum_ / static_cast<double>(count_); }
  double lo() const { return lo_; }
  double hi() const { return hi_; }

 private:
  int64_t count_ = 0;
  double sum_ = 0.0;       // sum X_i
  double squares_ = 0.0;   // sum (X_i - mu_hat_i)^2
  double weight_ = 0.0;    // sum lambda_i
  double weighted_ = 0.0;  // sum lambda_i X_i
  double penalty_ = 0.0;   // sum v_i psi(lambda_i)
  double lo_ = 0.0;
  double hi_ = 1.0;
};

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_CONFIDENCE_SEQUENCE_H_
