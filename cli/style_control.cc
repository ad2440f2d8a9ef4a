#include "style_control.h"

#include <filesystem>
#include <iostream>

#include "battle_input.h"
#include "common.h"
#include "pairwise_flags.h"
#include "render/leaderboard_format.h"
#include "tourney/ingest/battle_log_reader.h"
#include "tourney/selection/rating_models.h"

namespace tourney::cli {

void AddCovariateFlags(Flags& flags) {
  flags.Add("covariates", "LIST", "",
            "style control: numeric battle-log fields (e.g. len_diff) used as per-battle "
            "covariates of a contextual Bradley-Terry model (--model bradley-terry)");
}

int RunStyleControlledRank(const Flags& flags, OutputFormat format, uint64_t seed) {
  const std::string command = "rank";
  if (flags.Get("model") != "bradley-terry") {
    return ReportError(command, InvalidArgument("option '--covariates' needs --model "
                                                "bradley-terry, not '" +
                                                flags.Get("model") + "'"));
  }
  if (SplitList(flags.Get("covariates")).empty()) {
    return ReportError(command, InvalidArgument("option '--covariates': no covariate named"));
  }
  if (Status s = CheckBattleLogCovariates(SplitList(flags.Get("covariates"))); !s.ok()) {
    return ReportError(command, InvalidArgument("option '--covariates': " + s.message()));
  }
  if (flags.positionals().empty()) {
    return ReportError(command, InvalidArgument("no input file given (see --help)"));
  }
  auto options = PairwiseOptionsFromFlags(flags);
  if (!options.ok()) return ReportError(command, options.status());
  for (const std::string& file : flags.positionals()) {
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok()) return ReportError(command, battles.status());
    if (!*battles && std::filesystem::exists(file)) {
      return ReportError(command, InvalidArgument(file + ": option '--covariates' needs a battle "
                                                         "log (JSON, JSONL or left,right,winner "
                                                         "CSV)"));
    }
  }
  auto log = LoadBattleLogs(flags.positionals(), flags);
  if (!log.ok()) return ReportError(command, log.status());
  auto board = StyleControlledLeaderboard(*log, *options, seed);
  if (!board.ok()) return ReportError(command, board.status());
  std::cout << FormatLeaderboard(*board, format);
  return kExitOk;
}

}  // namespace tourney::cli
