// Estimators of a test set's mean human score from a sample (Saldías et al. 2022, §2):
//
//   mean        the sample mean, or for a stratified sample the stratified mean (eq. 1):
//               Σ_l µ̂_l N_l / N over the strata
//   cv-<metric> control variates with one standardised metric Z (eq. 3):
//               µ̂ = X̄ − β·Z̄, β = Cov(X, Z) estimated from the sample
//   cv-mean     eq. 3 with the standardised mean of the standardised metrics
//   cv-multi    every metric jointly (eq. 4, Glynn & Szechtman 2002):
//               µ̂ = X̄ − (E(ZZᵀ)⁻¹ E(XZ))ᵀ Z̄, E(ZZᵀ) over the test set, E(XZ) from the sample,
//               with the delete-one jackknife's bias correction (n > M + 2); on fewer
//               than 10·M scores the mean (SampleKnnK)
//   cv-knn      eq. 3 with Z the standardised prediction of a k-NN regression (k = 25) from
//               the metrics to the human score learned on the sample (knn.h); on fewer than
//               100 scores a smaller k, and below 20 the mean (SampleKnnK)
//
// E(XZ) = Cov(X, Z) is estimated by the sample covariance Σ w_i (X_i − X̄)(Z_i − Z̄), the
// alternative of the paper's footnote 1: the paper's uncentred (1/n)·Σ X_i Z_i adds µ·Z̄ to
// β, which biases µ̂ by about −µ·E(Z̄²) (per metric), large for MQM scores (µ ≈ 2): the
// study measured a bias of −0.04 for cv-multi with six metrics on en-de.
// Every sample average (X̄, Z̄, the covariances) is the design's weighted mean. When the
// sample carries its inclusion probabilities π_i (design.h), item i weighs (1/π_i)/Σ_j 1/π_j
// (the Hájek estimator: unbiased to O(1/n), and exactly unbiased for the proportional
// designs, where π_i = n/N and the weights are 1/n, whichever strata the rounding left
// empty). Without them (incremental designs, or a table that records no design), item i of
// stratum l weighs N_l / (N_s·n_l), N_s the size of the strata that were sampled: empty
// strata are left out, which is biased when they differ from the rest. The control variates
// are applied after sampling, whatever the design.
//
// The variance estimate (for the CLT interval) uses the pooled weighted variance s² of the
// residuals e_i = X_i − β·Z_i (divided by n − 1 − p for p fitted coefficients: 0 for the
// mean, 1 for cv-<metric>, cv-mean and cv-knn, M for cv-multi): with inclusion probabilities,
// v = Σ_i w_i² (1 − π_i)·s² ((1 − n/N)·s²/n for equal π); without, the residuals are a
// stratified sample: v = Σ_l W_l² (1 − n_l/N_l) s²/n_l, W_l = N_l/N_s. For cv-knn every
// sampled item's prediction is its leave-one-out one ((k·f_i − X_i)/(k − 1)), in the
// estimate and in the residuals: a sampled item is one of its own k neighbours, so its
// in-sample prediction holds X_i/k, which biased µ̂ (+0.17 of the mean absolute error at
// 40% on en-de) and understated the residuals (95% intervals covered 92% at 5%). The
// pooled s² includes the spread between strata, so it does not shrink with strata of one
// sampled segment (where within-stratum variances do not exist).
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_ESTIMATOR_H_
#define TOURNEY_SAMPLING_ESTIMATOR_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/population.h"

namespace tourney {

enum class EstimatorKind { kMean, kCvMetric, kCvMean, kCvMulti, kCvKnn };

struct EstimatorSpec {
  EstimatorKind kind = EstimatorKind::kMean;
  std::string metric;  // kCvMetric: the metric's name
  int knn_k = kPaperKnnK;
  // The small-sample rules (SampleKnnK); tests lower them to fit tiny populations by hand.
  int knn_scores_per_neighbour = 4;  // cv-knn: k <= n / this
  int knn_min_k = 5;                 // cv-knn: a smaller k than this is the mean
  int scores_per_metric = 10;        // cv-multi: the mean below this many scores per metric
};

// "mean", "cv-mean", "cv-multi", "cv-knn" or "cv-<metric>"; the metric is checked when
// estimating (a population may have dropped it).
StatusOr<EstimatorSpec> ParseEstimator(std::string_view name);
std::string EstimatorName(const EstimatorSpec& spec);

struct Estimate {
  double value = 0.0;        // the estimated test-set mean
  double variance = 0.0;     // estimated variance of `value` (see above)
  double residual_sd = 0.0;  // s: weighted sd of the residuals
  double variance_factor = 0.0;  // variance / residual_sd² (the design's Σ_l W_l²(1 − f_l)/n_l)
  // The floor FloorVariance applied (0: none). The bootstrap-t resamples' variances are
  // not floored (error_bound.h).
  double prior_variance = 0.0;
  double prior_weight = 0.0;
  // cv-knn: the k its fit used (SampleKnnK), 0 when the sample was too small for one and
  // the estimate is the (design-weighted) mean; 0 for the other estimators.
  int knn_k = 0;
  int n = 0;                 // sampled items
  int population = 0;        // N
  // The residuals e_i = X_i − β·Z_i of the sampled items (the scores for `mean`): µ̂ is
  // their design-weighted mean. The bootstrap-t interval resamples them.
  std::vector<double> residuals;
};

// The estimate from `sample` of `p`. InvalidArgument when the sample is empty, holds an item
// without a known score, or names a metric `p` does not have. With `lists`, cv-knn uses
// the precomputed neighbour lists (same result, faster).
StatusOr<Estimate> EstimateMean(const Population& p, const Sample& sample,
                                const EstimatorSpec& spec, const NeighbourLists* lists = nullptr);

// The k of cv-knn's fit on n sampled items, chosen from n alone (never the scores):
// min(spec.knn_k, n / spec.knn_scores_per_neighbour), or 0 when that is below
// spec.knn_min_k, and the estimate is then the design's mean. With k >= n every prediction
// was the sample mean and the leave-one-out ones a mirror of each score, so the fitted β
// scaled the residuals by about N/n: intervals of ±150 MQM points at 14 scores on a 0-25
// scale (WMT20 en-de, 1%); with k just below n (25 of 28) the mirror remained and biased µ̂
// (87% coverage at 2%). Four scores per neighbour keep each prediction a local average:
// k = 25 from 100 scores, 7 at 28, the mean below 20 (docs/sampling.md, "Small samples").
// cv-multi likewise fits its M coefficients only from spec.scores_per_metric·M scores (the
// usual ten observations per regression coefficient): on en-de's six metrics at 14-43
// scores it covered 87-91% with intervals 0.75-0.88× random sampling's.
int SampleKnnK(const EstimatorSpec& spec, int n);

// A variance floor for small or degenerate samples: the residual variance s² becomes
// ((n − 1)·s² + k·prior)/(n − 1 + k), as if k more residuals of variance `prior` had been
// seen (k = prior_weight), when that is larger, and the estimator's variance follows
// (variance_factor·s²). A sample whose first scores are all equal (29% of one WMT20 system's
// MQM scores are exactly 0) otherwise has s² = 0, and every interval built on s² has width 0.
// The effect fades as 1/n: at n = 71 with k = 1 it adds at most 1.4% of `prior` to s².
// Nothing happens for prior <= 0.
void FloorVariance(double prior_variance, double prior_weight, Estimate* e);

// The exact test-set mean of a population whose every score is known.
double PopulationMean(const Population& p);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_ESTIMATOR_H_
