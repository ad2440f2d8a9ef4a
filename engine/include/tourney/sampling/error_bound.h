// Error bounds t with P(|µ − µ̂| ≤ t) ≥ γ for a sampled estimate of a test-set mean
// (Saldías et al. 2022, §2.3), and "annotate until ±t".
//
//   hoeffding   t = R·sqrt(ρ_n·log(2/δ)/(2n)) (Hoeffding with Serfling's correction for
//               sampling without replacement, in Bardenet & Maillard's (2015) form:
//               ρ_n = 1 − (n−1)/N for n <= N/2, (1 − n/N)(1 + 1/n) above); R the range
//   bernstein   t = σ̂_n·sqrt(2ρ_n·log(10/δ)/n) + κ·R·log(10/δ)/n, κ = 7/3 + 3/√2 (the
//               empirical Bernstein-Serfling bound, Bardenet & Maillard 2015, Theorem 3,
//               each side at δ/2; σ̂_n the sd with divisor n). The paper's Bernstein bound
//               (Mnih et al. 2008) ignores the finite population: with every segment scored
//               it still gave ±0.18 on WMT20 en-de
//   R is the range the scores can take: declared, or known, never the sample's own (a sample
//   of equal scores would give t = 0). With every segment scored (n = N) every bound is 0:
//   the mean is known.
//   clt         t = z_{1−δ/2}·sqrt(v), v the estimator's variance with the finite-population
//               correction (estimator.h)
//   clt-t       t = t_{n−1, 1−δ/2}·sqrt(v): Student's quantile, wider for small n
//   bootstrap-t [µ̂ − q_{1−δ/2}·sqrt(v), µ̂ − q_{δ/2}·sqrt(v)] with q the quantiles of the
//               studentised mean of the residuals resampled with replacement (B times,
//               from a seed): no normality assumption; asymmetric, it follows the skew of
//               MQM scores (many perfect segments, a long tail of bad ones), which makes the
//               symmetric CLT intervals undercover at small n. Below 10 residuals, or when
//               they are all equal, it is clt-t (resampling them says nothing of the spread).
//               A resample whose variance is 0 (below 1e-12 of the sample's, rounding) is
//               left out; the resamples' variances are not floored (estimator.h's
//               FloorVariance floors the sample's only)
//   betting-cs  a confidence sequence for sampling without replacement
//               (finite_population_sequence.h): it needs the scores in the order they were
//               drawn and the range they lie in, so only a scoring campaign with the random
//               design and the plain mean computes it (scoring_campaign.h); the functions
//               below do not.
//   cv-cs       a confidence sequence for the docs-prop order with the k-NN control
//               variate (residual_sequence.h): it too needs the served order and a declared
//               range; the functions below give an unbounded interval for it.
// δ = 1 − γ. Hoeffding and Bernstein hold for any scores in a range of width R; the CLT
// and bootstrap intervals are asymptotic. The study (experiments/sampling_study.h) measures their
// coverage.
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_ERROR_BOUND_H_
#define TOURNEY_SAMPLING_ERROR_BOUND_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tourney/core/status.h"
#include "tourney/sampling/estimator.h"

namespace tourney {

enum class BoundKind { kHoeffding, kBernstein, kClt, kCltT, kBootstrapT, kBettingCs, kCvCs };

// "hoeffding", "bernstein", "clt", "clt-t", "bootstrap-t", "betting-cs", "cv-cs";
// InvalidArgument otherwise.
StatusOr<BoundKind> ParseBound(std::string_view name);
std::string_view BoundName(BoundKind kind);

// The half-width t of `kind` for `estimate` (bootstrap-t: the mean of its two sides, seed 1) at
// confidence `confidence` in (0, 1), with score range `range` (Hoeffding, Bernstein). REQUIRES:
// estimate.n >= 1. betting-cs and cv-cs need the order of the scores: +infinity (no claim).
double ErrorBound(BoundKind kind, const Estimate& estimate, double confidence, double range);

// An interval around an estimate: [value − below, value + above].
struct ErrorInterval {
  double below = 0.0;
  double above = 0.0;
};

// The interval of `kind` (symmetric but for bootstrap-t, which draws `replicates`
// resamples from `seed`).
ErrorInterval IntervalOf(BoundKind kind, const Estimate& estimate, double confidence, double range,
                         uint64_t seed = 1, int replicates = 1000);

// ρ_n above (0 for n >= N).
double SerflingFactor(int n, int population);

// Student's t quantile with `df` > 0 degrees of freedom at probability p in (0, 1).
double StudentQuantile(double p, double df);

// Annotate until ±t: how many sampled segments in all would bring an interval whose wider
// side is `half_width` at n sampled of N down to ±tolerance, assuming that it shrinks as the
// finite-population standard error, sqrt(1/n − 1/N): the smallest n' with
// half_width·sqrt((1/n' − 1/N)/(1/n − 1/N)) ≤ tolerance. n when it is already there; N at
// most (where the error is 0). REQUIRES: 1 <= n <= N, tolerance > 0.
int SegmentsForTolerance(double half_width, int n, int population, double tolerance);

// The verdict "within ±tolerance" for an interval whose wider side is `wider` after n of N
// scores: both sides within the tolerance and at least `min_scored` scores (or all N), and
// the scores in all that would make it so (SegmentsForTolerance, at least min(N,
// min_scored) while there are too few). REQUIRES: 1 <= n <= N, tolerance > 0.
struct ToleranceVerdict {
  bool within = false;
  int segments_needed = 0;
};
ToleranceVerdict VerdictForTolerance(double wider, int n, int population, double tolerance,
                                     int min_scored);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_ERROR_BOUND_H_
