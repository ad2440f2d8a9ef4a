// Simulated contrastive (cESA) campaigns of a known truth under WMT26's dynamic assignment,
// and the study that counts how often each board's separations are wrong
// (bench/cesa_coverage, tests/contrastive_simulation_test.cc).
//
// DESCRIPTION
//   The systems of each screen come from `assignment` (selection/screen_assignment.h):
//   WMT26's dynamic rule by default (Pearmut's `dynamic`, `dynamic_models: 3`,
//   `dynamic_coldstart: 20`), or uniform, or tourney's adaptive rule;
//   - the screen's segment: the annotator's first segment (in the campaign's one order) on
//     which none of the k systems is done by this annotator; else the first on which one of
//     them is not; an annotator with neither is done and another is drawn.
//   Each screen records the exact probability of its subset under the rule
//   (SubsetProbability). Annotators are drawn uniformly per screen.
//   Score of system s on segment g by annotator a:
//     clamp(truth_s + segment_g + bias_a + noise, 0, 100),
//   segment_g ~ N(0, segment_sd), bias_a ~ N(0, annotator_sd), noise ~ N(0, noise_sd).
//   A separation "A above B" is wrong when truth_A <= truth_B.
//   O(screens * (s log s + segments)) per campaign.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_CONTRASTIVE_SIMULATION_H_
#define TOURNEY_EXPERIMENTS_CONTRASTIVE_SIMULATION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/selection/screen_assignment.h"
#include "tourney/sequential/contrastive_board.h"

namespace tourney {

struct CesaSimulationOptions {
  // True mean score per system (0-100). Default: two tied pairs among eight systems.
  std::vector<double> truth = {72.0, 70.0, 70.0, 66.0, 63.0, 63.0, 58.0, 50.0};
  int k = 3;               // systems per screen (dynamic_models)
  int coldstart = 20;      // dynamic_coldstart
  // The rule that chooses each screen's systems (selection/screen_assignment.h): WMT26's
  // by default; uniform and tourney's adaptive rule for comparison.
  ScreenAssignment assignment = ScreenAssignment::kWmt26;
  double explore = 0.25;   // the adaptive rule's uniform share
  // RunCesaStudy: the campaigns of SimulateLiveCesa (the live campaign's engine and the
  // export's path) instead of SimulateDynamicCesa.
  bool live = false;
  int segments = 150;
  int annotators = 15;
  int screens = 900;
  double segment_sd = 12.0;
  double annotator_sd = 8.0;
  double noise_sd = 12.0;
  uint64_t seed = 1;
};

// One campaign. InvalidArgument when k < 2 or k > systems, or a count is < 1.
StatusOr<ContrastiveScreens> SimulateDynamicCesa(const CesaSimulationOptions& options);

// One campaign run by the live campaign's engine (campaigns/contrastive_campaign.h: its
// assignment rule, its segment rule, every annotator from their own place in the order)
// with the same score model (scores rounded to integers, as a slider gives them), then
// written as tourney's cESA export and read back by the reader (ingest/cesa_log_reader.h):
// the path from tourneyd's export to `tourney cluster --protocol cesa`. Annotators are drawn
// uniformly per screen; one with nothing left is dropped.
StatusOr<ContrastiveScreens> SimulateLiveCesa(const CesaSimulationOptions& options);

// Wrong and right separations of one board against `truth`.
struct SeparationTally {
  int64_t separations = 0;
  int64_t wrong = 0;            // A above B with truth_A <= truth_B
  int64_t campaigns_wrong = 0;  // campaigns with at least one wrong separation
  int64_t distinct_pairs = 0;   // pairs with different truths, summed over campaigns
  int64_t right = 0;            // separations in the true direction
};

struct CesaStudy {
  int campaigns = 0;
  // Pairwise separations: the cesa board's anytime pairs (its promise), its Holm pairs,
  // WMT26's "significantly better" relation.
  SeparationTally anytime;
  SeparationTally holm;
  SeparationTally wmt26;
  // Cluster separations (A in a better cluster than B) of the published boards: the cesa
  // board's clusters and WMT26's.
  SeparationTally cesa_clusters;
  SeparationTally wmt26_clusters;
};

// `campaigns` campaigns with seeds DeriveSeed(options.seed, c). InvalidArgument for bad
// options or campaigns < 1.
StatusOr<CesaStudy> RunCesaStudy(const CesaSimulationOptions& options, int campaigns,
                                 double alpha = 0.05);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_CONTRASTIVE_SIMULATION_H_
