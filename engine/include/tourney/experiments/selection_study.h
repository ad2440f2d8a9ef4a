// Which pairs the match-selection protocol asks for: the experiment behind the paper's heat
// maps (Sakaguchi, Post & Van Durme 2014, §5, Figures 5-7) and the cluster counts of
// Figure 8 (§6).
//
// DESCRIPTION
//   RunSelectionStudy runs the TrueSkill protocol (selection_protocol.h) against a pool of
//   judgments with the paper's selector or the uniform baseline, records every served pair,
//   and tallies the pairs served in the first and last `window` selections and overall.
//   Matrices are n x n in the order of the final mu (best first) and symmetric: a selection
//   of (a, b) counts in cell (a, b) and in cell (b, a). The mean rank distance of a set of
//   selections is the average |rank(a) - rank(b)| with ranks from that order (1 = best):
//   close matches give small distances.
//   ClustersVsData (Figure 8): for each amount m of data and each model, the number of
//   bootstrap clusters (bootstrap.h) the model reaches with m comparisons: resampling models
//   get m comparisons drawn at random from the pool (without replacement), self-sampling
//   ones (TrueSkill) a budget of m selections from the whole pool.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_SELECTION_STUDY_H_
#define TOURNEY_EXPERIMENTS_SELECTION_STUDY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/selection/selection_protocol.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney {

struct SelectionStudyOptions {
  // TrueSkill parameters; `selection` picks the selector (kTrueSkill or kUniform) and
  // `budget` the number of selections (0: one per pooled comparison).
  TrueSkillModelOptions trueskill;
  // Selections in the first and last windows; 0: 20% of the budget (the paper's split).
  int64_t window = 0;
  uint64_t seed = 1;
};

struct SelectionStudy {
  std::vector<Rating> ratings;  // final ratings by system id
  std::vector<SystemId> order;  // system ids by final mu, best first
  std::vector<int> rank_of;     // 1-based position of each system id in `order`
  int64_t budget = 0;
  int64_t window = 0;
  // n x n row-major counts in `order` order, symmetric.
  std::vector<int64_t> first, last, all;
  std::vector<SelectionStep> steps;  // every selection in order
};

// InvalidArgument for an empty pool, kNone selection, or a window outside 1..budget.
StatusOr<SelectionStudy> RunSelectionStudy(int num_systems, const Comparisons& pool,
                                           const SelectionStudyOptions& options);

// Mean |rank_of[a] - rank_of[b]| over steps [begin, end). 0 for an empty range.
double MeanRankDistance(const std::vector<SelectionStep>& steps, size_t begin, size_t end,
                        const std::vector<int>& rank_of);

// A Judgments holding the chosen comparisons of `pool` as two-way rankings, with the
// systems of `systems` (same ids).
Judgments JudgmentsFromComparisons(const SystemRegistry& systems, const Comparisons& pool,
                                   const std::vector<uint32_t>& chosen);

struct ClusterCurveModel {
  std::string name;
  // The model to run for an amount m of data (TrueSkill: a budget of m).
  std::function<StatusOr<std::unique_ptr<RatingModel>>(int64_t amount)> make;
};

struct ClusterCurveOptions {
  std::vector<int64_t> amounts;  // comparisons, e.g. 1000, 2000, ...
  int replicates = 100;          // bootstrap replicates per point (the paper's 100 runs)
  double confidence = 0.95;
  uint64_t seed = 1;
  int threads = 0;
  // Called after each finished (model, amount) point with (finished, total); optional.
  std::function<void(int finished, int total)> progress;
};

// clusters[model][amount index]: number of clusters reached.
struct ClusterCurves {
  std::vector<std::string> models;
  std::vector<int64_t> amounts;
  std::vector<std::vector<int>> clusters;
};

// InvalidArgument when an amount is < 1 or exceeds the pool for a resampling model.
StatusOr<ClusterCurves> ClustersVsData(const Judgments& judgments,
                                       const std::vector<ClusterCurveModel>& models,
                                       const ClusterCurveOptions& options);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_SELECTION_STUDY_H_
