#include "battle_rank.h"

#include <iostream>

#include "battle_input.h"
#include "common.h"
#include "progress_bar.h"
#include "render/leaderboard_format.h"
#include "tourney/selection/rating_models.h"

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
  RatedBoardOptions board_options;
  board_options.seed = seed;
  auto level = flags.GetDouble("interval-level");
  if (level.ok()) board_options.interval_level = *level;
  // As `rank` does for every input: the stopping rule in the JSON output.
  board_options.stopping = format == OutputFormat::kJson;
  const Leaderboard board = RatedBattleLeaderboard((*model)->name(), *log, *result, board_options);
  std::cout << FormatLeaderboard(board, format);
  return kExitOk;
}

}  // namespace tourney::cli
