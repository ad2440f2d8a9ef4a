// Every system's test-set score estimated from a partly annotated scored-segment table, with
// intervals, and the paired differences between systems on the segments both have annotated,
// as a clustered leaderboard (the input of `tourney estimate`).
//
// A system's sample is its annotated segments; `design` says how they were chosen. Each item
// weighs 1/π by the design's inclusion probability π (estimator.h): the table's own
// `inclusion` column when it records the design (tourney sample --format tsv), otherwise
// π as the design gives it for the number annotated (design.h, InclusionProbabilities),
// computed on the design system's metrics: the metric designs bin and allocate by ONE
// system's metrics, and every system's segments are weighed by those bins (re-binning each
// system by its own metrics biased every other system by up to 7 standard errors). The
// incremental designs record no π and are biased; a warning says so.
//
// No interval is narrower than the sample supports: the residual variance is floored
// (FloorVariance, one pseudo-residual of the table's pooled within-system variance of the
// scores), the Hoeffding and Bernstein range is the declared one or the range of every
// annotated score in the table (never one system's sample alone), and "within ±t" needs
// at least `min_scored_for_tolerance` annotated segments besides the interval's wider side
// within t. With every segment of a system annotated the interval is the exact mean.
// A table in which every row is annotated does not say how large the test set is: it is
// refused unless `test_set_size` says (equal to the rows: a census; larger: the rows are a
// simple random sample of a test set of that size, estimated with the plain mean). A paired difference is estimated the same way on the
// population of differences (population.h: MakeDifferencePopulation), with the metric
// differences as control variates. Clusters: systems in score order, best first; a new
// cluster starts where the difference between rank neighbours is separated (its interval
// excludes 0). With a tolerance t, each system also says whether its interval is within
// ±t and how many annotated segments in all would make it so (error_bound.h).
// Results do not depend on `threads` (each system and pair has its own seed).
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_SYSTEM_ESTIMATES_H_
#define TOURNEY_SAMPLING_SYSTEM_ESTIMATES_H_

#include <cstdint>
#include <limits>
#include <cmath>
#include <string>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/sampling/estimator.h"

namespace tourney {

// "Within ±t" needs at least this many scores (or the whole test set): a handful of scores
// says little about the spread, whatever the interval.
inline constexpr int kMinScoredForTolerance = 10;

struct SystemEstimatesOptions {
  Design design = Design::kDocsProp;  // how the annotated segments were chosen
  EstimatorSpec estimator{EstimatorKind::kCvKnn, "", kPaperKnnK};
  BoundKind bound = BoundKind::kBootstrapT;  // the study's recommended interval
  int bootstrap_replicates = 1000;
  uint64_t seed = 1;  // bootstrap-t resampling
  double confidence = 0.95;
  // Score range for hoeffding/bernstein; 0: score_max − score_min when declared, else the
  // range of every annotated score in the table.
  double range = 0.0;
  // The range every score lies in, declared: a score outside is refused. ±infinity: none.
  double score_min = -std::numeric_limits<double>::infinity();
  double score_max = std::numeric_limits<double>::infinity();
  // The system whose metrics built the metric designs' bins and the optimal allocations
  // (tourney sample --system); -1: the first system.
  int design_system = -1;
  // The test set's size when every row of the table is annotated (see above); 0: not given.
  int test_set_size = 0;
  int min_scored_for_tolerance = kMinScoredForTolerance;
  bool lower_is_better = false;  // MQM: fewer errors is better
  bool all_pairs = false;        // every pair of systems, not only rank neighbours
  double tolerance = 0.0;        // ±t target; 0: none
  PopulationOptions population;
  int threads = 1;  // systems and pairs in parallel (<= 0: all cores); results do not depend on it
};

struct SystemEstimate {
  std::string name;
  Estimate estimate;
  double lo = 0.0;
  double hi = 0.0;
  double half_width = 0.0;  // (hi − lo) / 2
  double max_side = 0.0;    // max(value − lo, hi − value): what "within ±t" compares
  int annotated = 0;
  int segments = 0;
  bool within_tolerance = false;  // tolerance given, enough scores, both sides within ±t
  int segments_needed = 0;        // annotated segments in all for ±tolerance (0 without)
};

struct PairDifference {
  std::string better;  // the better-ranked system
  std::string worse;
  double difference = 0.0;  // score(better) - score(worse)
  double lo = 0.0;
  double hi = 0.0;
  int paired = 0;  // segments annotated for both
  // False when fewer than 2 segments are annotated for both: difference, lo and hi are
  // then not estimated (0), and the pair is never separated.
  bool estimated = false;
  bool separated = false;
};

struct SystemEstimates {
  SystemEstimatesOptions options;
  std::vector<SystemEstimate> systems;  // best first
  std::vector<PairDifference> pairs;
  Leaderboard board;  // score = the estimate, score_lo/hi, clusters from the pairs
  std::vector<std::string> warnings;
};

// InvalidArgument when a system has fewer than 2 annotated segments, a score lies outside
// the declared range, every row is annotated and test_set_size is not given (or is smaller
// than a system's rows), the design system does not exist, or the estimator names a metric
// the table lacks. A cv-<metric> estimator whose metric is constant for one system falls
// back to the mean for that system, with a warning.
StatusOr<SystemEstimates> EstimateSystems(const ScoredSegments& table,
                                          const SystemEstimatesOptions& options);

// The pooled within-system variance of the annotated scores of `populations`
// (Σ_s Σ_i (x_i − x̄_s)² / Σ_s (n_s − 1)), the prior of FloorVariance; when it is 0 (every
// system's scores constant), (R/2)² for a declared range of width R > 0, else 1.
double PooledScoreVariance(const std::vector<const Population*>& populations,
                           double declared_range);

// The range of every annotated score of `populations` (0 when fewer than two differ).
double PooledScoreRange(const std::vector<const Population*>& populations);

// One estimate with its interval, as EstimateSystems computes it for a system (the scoring
// campaigns share it): EstimateMean, FloorVariance(prior_variance, 1), IntervalOf. With a
// declared score range [score_min, score_max] (both finite), the interval, and the estimate
// with it, are cut to what the known scores of `p` imply, [(S + (N − n)·score_min)/N,
// (S + (N − n)·score_max)/N] (S their sum): the mean can be nowhere else, so no interval
// leaves the declared range.
struct IntervalEstimate {
  Estimate estimate;
  ErrorInterval interval;
};
StatusOr<IntervalEstimate> EstimateWithInterval(const Population& p, const Sample& sample,
                                                const EstimatorSpec& estimator, BoundKind bound,
                                                double confidence, double range,
                                                double prior_variance, uint64_t seed,
                                                int replicates,
                                                double score_min = -std::numeric_limits<double>::infinity(),
                                                double score_max = std::numeric_limits<double>::infinity());

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_SYSTEM_ESTIMATES_H_
