// A confidence sequence for the running average of conditional means of observations in
// [0, 1], centred on their plain mean: what the anytime boards use, because it holds in
// whatever order the observations arrive, drifting targets included.
//
// DESCRIPTION
//   Target. Observations X_1, X_2, ... in [0, 1] arrive in some order, and
//     mu_i = E[X_i | X_1 .. X_{i-1}]
//   is each one's conditional mean given the past. Nothing is assumed about the mu_i: they
//   may drift (judgments grouped by annotator, a sub-campaign in a block of its own, a file
//   sorted by outcome). The sequence covers their running average
//     mubar_t = (mu_1 + ... + mu_t) / t
//   at every t at once. When the mu_i are all equal (i.i.d. draws, an exchangeable order)
//   mubar_t is that common mean; in any order, at the end of a finite file it is the mean
//   of the conditional means over the campaign as collected, and the plain mean Xbar_t is
//   its estimate. No interval is intersected with earlier ones: the target moves, and an
//   intersection over time would lock in an early, one-sided run.
//   Boundary. The empirical-Bernstein supermartingale (Howard, Ramdas, McAuliffe & Sekhon
//   2021, "Time-uniform, nonparametric, nonasymptotic confidence sequences", Thm. 4 and
//   Sec. 3; Waudby-Smith & Ramdas 2023, Thm. 2, with a constant bet): for a fixed
//   lambda in [0, 1) and the predictable guess Xhat_{i-1} = (1/2 + X_1 + .. + X_{i-1}) / i,
//     exp(lambda S_t - psi(lambda) V_t),  S_t = sum_i (X_i - mu_i),
//     V_t = sum_i (X_i - Xhat_{i-1})^2,   psi(lambda) = -log(1 - lambda) - lambda,
//   is a nonnegative supermartingale, for -S_t too. A mixture of K such bets with equal
//   weights 1/K over the grid lambda_k = 0.9 * 2^(-k/2), k = 0 .. K - 1 (K = 24, down to 3e-4: the bet that suits about 10^9 observations), and one
//   mixture per sign at alpha / 2, gives by Ville's inequality, with probability >= 1 - alpha
//   for every t at once, |Xbar_t - mubar_t| <= s_t / t, where s_t > 0 solves
//     (1/K) sum_k exp(lambda_k s - psi(lambda_k) V_t) = 2 / alpha.
//   The interval is [Xbar_t - s_t / t, Xbar_t + s_t / t] clipped to [0, 1]; [0, 1] before
//   the first observation. Its centre is the plain mean whatever the order, so the
//   board's score lies in it, and s_t >= log(2 K / alpha) / 0.9 > 0: no interval has zero
//   width. Only V_t depends on the order; a random order gives the classical width
//   (about sqrt(2 V_t log(K/alpha)) / t).
//   Costs: Add O(1) and 32 bytes per stream; Radius about ten Newton steps over the grid
//   (roughly 500 exponentials), computed when asked, never cached.
// Thread safety: a plain value; mutation needs external locking. The boundary is
// immutable and safe to share.
#ifndef TOURNEY_SEQUENTIAL_RUNNING_MEAN_SEQUENCE_H_
#define TOURNEY_SEQUENTIAL_RUNNING_MEAN_SEQUENCE_H_

#include <cstdint>

namespace tourney {

// The observations of one stream: count, plain mean and the variance process V_t.
class RunningMeanSequence {
 public:
  // Adds one observation; x is clamped to [0, 1].
  void Add(double x);

  int64_t count() const { return count_; }
  // The plain mean of the observations (1/2 before the first).
  double mean() const { return count_ == 0 ? 0.5 : sum_ / static_cast<double>(count_); }
  // V_t = sum (X_i - Xhat_{i-1})^2 with Xhat_{i-1} = (1/2 + sum_{j<i} X_j) / i.
  double variance_process() const { return variance_; }

 private:
  int64_t count_ = 0;
  double sum_ = 0.0;
  double variance_ = 0.0;
};

// The two-sided empirical-Bernstein mixture boundary at one alpha, shared by a family of
// streams (the anytime boards give every pair or system the same alpha).
class RunningMeanBoundary {
 public:
  // REQUIRES: 0 < alpha < 1 (callers validate it; out of range is clamped into
  // [1e-300, 0.5]).
  explicit RunningMeanBoundary(double alpha);

  double alpha() const { return alpha_; }
  // s_t / t: the half-width of the interval after `count` observations whose variance
  // process is `variance` (+infinity when count is 0).
  double Radius(int64_t count, double variance) const;
  // The interval of `sequence`, clipped to [0, 1]; [0, 1] before its first observation.
  double Lo(const RunningMeanSequence& sequence) const;
  double Hi(const RunningMeanSequence& sequence) const;

 private:
  double alpha_ = 0.05;
  double log_target_ = 0.0;  // log(2 K / alpha): the mixture's threshold, times K
};

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_RUNNING_MEAN_SEQUENCE_H_
