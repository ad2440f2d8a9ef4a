#include "battle_rank.h"

#include <iostream>

#include "battle_input.h"
#include "common.h"
#include "progress_bar.h"
#include "render/leaderboard_format.h"
#include "tourney/selection/stopping_rule.h"
#include "tourney/statistics/model_intervals.h"

namespace tourney::cli {

int RunBattleLogRank(const Flags& flags, OutputFormat format, uint64_t seed) {
  const std::string command = "rank";
  auto log = LoadBattleLogs(flags.positionals(), flags);
  if (!log.ok()) return ReportError(command, log.status());
  auto model = MakeModelFromFlags(flags, log->size());
  if (!model.ok()) return ReportError(command, model.status());
  RatingInput input;
  input.num_systems = log->systems.size();
  input.comparisons = &log->battles;
  input.system_names = &log->systems.names();  // for the models' warnings
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return ReportError(command, progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("rating");
  auto result = RateChecked(**model, input, seed);
  bar.Clear();
  if (!result.ok()) return ReportError(command, result.status());
  const PairCounts counts = CountBattles(*log);
  Leaderboard board =
      BuildLeaderboardFromCounts((*model)->name(), log->systems.names(), counts, result->ratings);
  board.rankings = static_cast<int64_t>(log->size());
  board.seed = seed;
  if (AddModelIntervals(log->systems.names(), result->ratings, &board)) {
    auto level = flags.GetDouble("interval-level");
    if (level.ok()) board.confidence = *level;
  }
  for (const std::string& w : result->warnings) board.warnings.push_back(w);
  // As `rank` does for every input: the stopping rule in the JSON output.
  if (format == OutputFormat::kJson) {
    SetStopping(EstimateStopping(counts), log->systems.names(), &board);
  }
  std::cout << FormatLeaderboard(board, format);
  return kExitOk;
}

}  // namespace tourney::cli
