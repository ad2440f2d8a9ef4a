// Planning a scoring campaign from a pilot: how many items a goal will take (`tourney plan`,
// docs/replay.md).
//
// DESCRIPTION
//   The pilot is a scored-segment table in which some items hold human scores (a campaign's
//   first scores, or a previous campaign's file; TakePilot draws one from a complete table to
//   check the plan against a replay). A plan completes the table `imputations` times and
//   replays each completion through the live campaign engine under tourney's default policy
//   (campaign_replay.h), `replays_per_imputation` times each; the items the replays use are
//   the forecast, as a mean and the range over the runs.
//
//   A completion keeps every pilot score and fills each unscored item of system s with the
//   score of one of s's scored items, drawn uniformly from the `donors` nearest to it in the
//   standardised metrics (hot-deck imputation: the scores keep their relation to the metrics,
//   their spread, their ties and their skew; without metrics, a uniform draw from s's
//   scores). A system with fewer than 2 pilot scores cannot be planned (InvalidArgument).
//   So the forecast carries what the replay carries: the sequential stop (the intervals hold
//   at every size, so they are wider than a fixed-size interval), the allocation to the
//   systems that block the goal, the declared score range and the metrics' help.
//   What it does not carry: structure the pilot cannot show (document effects beyond what the
//   metrics explain, annotators), and the pilot's own error (a small pilot's spread is noisy:
//   the range over imputations is its measure).
//   Runs are seeded from `seed` (imputation i from DeriveSeed(seed, i)); results do not
//   depend on the thread count.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_CAMPAIGN_PLAN_H_
#define TOURNEY_EXPERIMENTS_CAMPAIGN_PLAN_H_

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/experiments/campaign_replay.h"

namespace tourney {

struct CampaignPlanOptions {
  ReplayGoal goal;
  ReplayBoard board = ReplayBoard::kBetting;
  int imputations = 4;             // 1..1000
  int replays_per_imputation = 2;  // 1..1000
  int donors = 5;                  // nearest scored items one is drawn from, >= 1
  uint64_t seed = 1;
  int threads = 1;
  double confidence = 0.95;
  // The declared score range; NaN: the pilot scores' range.
  double score_min = std::numeric_limits<double>::quiet_NaN();
  double score_max = std::numeric_limits<double>::quiet_NaN();
  bool lower_is_better = false;
  int check = 10;
};

struct CampaignPlanResult {
  std::vector<std::string> systems;
  std::vector<int> pilot_scored;    // per system
  std::vector<int> segments;        // per system, N
  int64_t items = 0;                // all items of the campaign
  int64_t pilot_items = 0;          // items the pilot scored
  double items_pct = 0.0;           // the forecast: mean % of the items the goal takes
  double items_pct_min = 0.0;       // over the runs
  double items_pct_max = 0.0;
  double reached_pct = 0.0;         // % of runs that met the goal before the items ran out
  std::vector<double> system_pct;   // per system: mean % of its segments
  double score_min = 0.0;
  double score_max = 0.0;
  CampaignPlanOptions options;
};

// InvalidArgument for a bad option (named), a table with fewer than 2 systems, a system with
// fewer than 2 pilot scores, or a pilot score outside the declared range.
StatusOr<CampaignPlanResult> PlanCampaign(const ScoredSegments& pilot,
                                          const CampaignPlanOptions& options);

// One completion of `pilot` (the header's hot-deck imputation) from `seed`. InvalidArgument
// for donors < 1 or a system without a score.
StatusOr<ScoredSegments> CompletePilot(const ScoredSegments& pilot, int donors, uint64_t seed);

// A pilot of a complete table: a uniformly random `share` of its segments (at least 2)
// keeps its scores for every system, the other rows lose theirs. InvalidArgument for a
// share outside (0, 1].
StatusOr<ScoredSegments> TakePilot(const ScoredSegments& full, double share, uint64_t seed);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_CAMPAIGN_PLAN_H_
