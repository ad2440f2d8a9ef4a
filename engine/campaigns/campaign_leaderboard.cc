// The leaderboards of a campaign snapshot (ComputeLeaderboard) and the top-k goal's
// validation and stopping section (campaign.h).
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/models/expected_wins.h"
#include "tourney/models/hopkins_may.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/selection/stopping_rule.h"
#include "tourney/selection/top_k.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/model_intervals.h"

namespace tourney {

Status ValidateTopKGoal(const TopKGoal& goal, size_t num_systems) {
  if (goal.k < 1 || static_cast<size_t>(goal.k) >= num_systems) {
    return InvalidArgument("top-k goal: k must be in 1.." + std::to_string(num_systems - 1) +
                           " (fewer than the " + std::to_string(num_systems) + " systems), got " +
                           std::to_string(goal.k));
  }
  if (!(std::isfinite(goal.delta) && goal.delta > 0.0 && goal.delta < 1.0)) {
    return InvalidArgument("top-k goal: delta must be in (0, 1)");
  }
  if (!(std::isfinite(goal.epsilon) && goal.epsilon >= 0.0 && goal.epsilon <= 0.5)) {
    return InvalidArgument("top-k goal: epsilon must be in [0, 1/2]");
  }
  if (!(std::isfinite(goal.explore) && goal.explore >= 0.0 && goal.explore <= 1.0)) {
    return InvalidArgument("top-k goal: explore must be in [0, 1]");
  }
  return Status::Ok();
}

void SetTopKStopping(const AnytimeLeaderboard& anytime, const TopKGoal& goal,
                     const std::vector<std::string>& names, Leaderboard* board) {
  // The goal was validated against these systems, so the identification cannot fail.
  const TopKIdentification id = *IdentifyTopK(anytime, goal.k, goal.epsilon);
  Stopping stopping;
  stopping.rule = "top-k";
  stopping.settled = id.verdict != TopKVerdict::kOpen;
  stopping.top_within_epsilon = id.verdict == TopKVerdict::kWithinEpsilon;
  stopping.judgments = board->judgments;  // the board's unit: human judgments
  stopping.delta = goal.delta;
  stopping.epsilon = goal.epsilon;
  for (SystemId s : id.top) stopping.top.push_back(names[static_cast<size_t>(s)]);
  board->stopping = std::move(stopping);
}

namespace {

StatusOr<Leaderboard> ComputeLeaderboardWithoutStopping(const CampaignSnapshot& snapshot,
                                                        const LeaderboardQuery& query);

// The campaign's own anytime board (combined_anytime_leaderboard.h) of the snapshot.
StatusOr<Leaderboard> CombinedBoard(const CampaignSnapshot& snapshot,
                                    const AnytimeOptions& options) {
  return BuildCombinedAnytimeLeaderboard(snapshot.judgments, snapshot.uniform_draws, snapshot.k,
                                         options, snapshot.horizon);
}

}  // namespace

StatusOr<Leaderboard> ComputeLeaderboard(const CampaignSnapshot& snapshot,
                                         const LeaderboardQuery& query) {
  const Judgments& j = snapshot.judgments;
  if (query.anytime) {
    if (!query.model.empty() && query.model != kAnytimeModel &&
        query.model != kCombinedAnytimeModel) {
      return InvalidArgument(
          "an anytime leaderboard is Expected Wins with ties as half wins: model '' or '" +
          std::string(kCombinedAnytimeModel) + "' (the campaign's board) or '" +
          std::string(kAnytimeModel) + "' (its per-pair half alone), got '" + query.model + "'");
    }
    if (query.replicates != 0) {
      return InvalidArgument("an anytime leaderboard takes no bootstrap replicates");
    }
    if (query.model == kAnytimeModel) return BuildAnytimeLeaderboard(j, *query.anytime);
    return CombinedBoard(snapshot, *query.anytime);
  }
  auto board = ComputeLeaderboardWithoutStopping(snapshot, query);
  if (!board.ok()) return board;
  if (snapshot.top_k) {
    auto anytime = AnytimeLeaderboard::Create(j.num_systems(), {snapshot.top_k->delta, 0.0});
    if (!anytime.ok()) return anytime.status();
    anytime->AddAll(j.comparisons());
    SetTopKStopping(*anytime, *snapshot.top_k, j.systems().names(), &*board);
    return board;
  }
  if (snapshot.anytime_stopping) {
    auto anytime = CombinedBoard(snapshot, *snapshot.anytime_stopping);
    if (!anytime.ok()) return anytime.status();
    anytime->stopping->judgments = board->judgments;
    board->stopping = std::move(anytime->stopping);
    return board;
  }
  std::vector<std::string> names;
  for (int i = 0; i < j.num_systems(); ++i) names.push_back(j.systems().Name(i));
  SetStopping(EstimateStopping(PairCounts::FromComparisons(j.num_systems(), j.comparisons())),
              names, &*board);
  return board;
}

namespace {

StatusOr<Leaderboard> ComputeLeaderboardWithoutStopping(const CampaignSnapshot& snapshot,
                                                        const LeaderboardQuery& query) {
  if (query.replicates < 0 || query.replicates > 1000000) {
    return InvalidArgument("bootstrap replicates must be in 0..1000000");
  }
  if (!(query.confidence > 0.0 && query.confidence < 1.0)) {
    return InvalidArgument("confidence must be in (0, 1)");
  }
  const Judgments& j = snapshot.judgments;
  const std::string name = query.model.empty() ? "trueskill" : query.model;
  auto model = MakeCampaignModel(name, snapshot.rating);
  if (!model.ok()) return model.status();
  if (query.replicates > 0) {
    if (name == "hopkins-may") {
      return InvalidArgument(
          "hopkins-may leaderboards are not bootstrapped by the server "
          "(use `tourney cluster` offline)");
    }
    if (j.comparisons().size() == 0) {
      return FailedPrecondition("the campaign has no judgments to bootstrap yet");
    }
    // Planned looks: the board of the last look reached, at its nominal confidence.
    std::optional<ReachedLook> look;
    Judgments at_look;
    if (snapshot.looks) {
      auto reached = ReachPlannedLook(static_cast<int64_t>(j.num_rankings()), *snapshot.looks,
                                      query.confidence);
      if (!reached.ok()) return reached.status();
      look = std::move(*reached);
      if (look->look > 0) at_look = FirstRankings(j, look->at);
    }
    const Judgments& data = look && look->look > 0 ? at_look : j;
    BootstrapOptions options;
    options.replicates = query.replicates;
    options.confidence = look && look->look > 0 ? look->confidence : query.confidence;
    options.seed = query.seed;
    options.cancelled = query.cancelled;
    // Free-for-all TrueSkill rates whole rankings, so replicates draw whole rankings.
    // So do Plackett-Luce replicates.
    options.resample =
        (name == "trueskill" && snapshot.rating.free_for_all) || name == "plackett-luce"
            ? ResampleUnit::kRankings
            : ResampleUnit::kComparisons;
    auto result = Bootstrap(data, **model, options);
    if (!result.ok()) return result.status();
    Leaderboard board = BuildClusteredLeaderboard(data, *result);
    if (look) {
      board.warnings.push_back(look->look > 0
                                   ? look->note
                                   : look->note + "; until then this board of every judgment "
                                                  "is provisional, outside the plan's "
                                                  "family-wise confidence");
    }
    if (!snapshot.selector.empty() && snapshot.selector != "uniform") {
      // Measured in docs/selection.md: bootstrap clusters of adaptively chosen matches
      // state more wrong separations than uniform selection's.
      board.warnings.push_back(
          "matches were chosen adaptively (selector '" + snapshot.selector +
          "'): bootstrap clusters assume judgments drawn without regard to the results and "
          "can separate systems wrongly; the anytime leaderboard (anytime = true) is valid "
          "under any selector");
    }
    return board;
  }
  if (name == "trueskill") return BuildLeaderboard("trueskill", j, snapshot.live_ratings);
  RatingInput input{j.num_systems(), &j.comparisons(), &j};
  auto result = RateChecked(**model, input, query.seed);
  if (!result.ok()) return result.status();
  Leaderboard board = BuildLeaderboard((*model)->name(), j, result->ratings);
  if (AddModelIntervals(j.systems().names(), result->ratings, &board)) {
    board.confidence = PairwiseModelOptions{}.interval_level;
  }
  board.warnings.insert(board.warnings.end(), result->warnings.begin(), result->warnings.end());
  return board;
}

}  // namespace

}  // namespace tourney
