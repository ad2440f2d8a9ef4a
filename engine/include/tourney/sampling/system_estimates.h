// Every system's test-set score estimated from a partly annotated scored-segment table, with
// intervals, and the paired differences between systems on the segments both have annotated,
// as a clustered leaderboard (the input of `tourney estimate`).
//
// A system's sample is its annotated segments; `design` says how they were chosen (its
// strata weigh them, estimator.h). A paired difference is estimated the same way on the
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
#include <string>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/sampling/estimator.h"

namespace tourney {

struct SystemEstimatesOptions {
  Design design = Design::kDocsProp;  // how the annotated segments were chosen
  EstimatorSpec estimator{EstimatorKind::kCvKnn, "", kPaperKnnK};
  BoundKind bound = BoundKind::kBootstrapT;  // the study's recommended interval
  int bootstrap_replicates = 1000;
  uint64_t seed = 1;  // bootstrap-t resampling
  double confidence = 0.95;
  double range = 0.0;  // score range for hoeffding/bernstein; 0: the annotated scores' range
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
  int annotated = 0;
  int segments = 0;
  bool within_tolerance = false;  // tolerance given and the interval within ±tolerance
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

// InvalidArgument when a system has fewer than 2 annotated segments, or the estimator names
// a metric the table lacks.
StatusOr<SystemEstimates> EstimateSystems(const ScoredSegments& table,
                                          const SystemEstimatesOptions& options);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_SYSTEM_ESTIMATES_H_
