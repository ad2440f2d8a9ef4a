#include "style_control.h"

#include <boost/math/distributions/normal.hpp>
#include <filesystem>
#include <iostream>

#include "battle_input.h"
#include "common.h"
#include "pairwise_flags.h"
#include "render/leaderboard_format.h"
#include "tourney/ingest/battle_log_reader.h"
#include "tourney/models/contextual_bradley_terry.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/statistics/model_intervals.h"

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
  ContextualOptions co;
  co.weights = options->weights;
  auto fit = FitContextualBradleyTerry(*log, co);
  if (!fit.ok()) return ReportError(command, fit.status());
  const double level = options->interval_level;
  const double z = boost::math::quantile(boost::math::normal(), 0.5 + level / 2);
  std::vector<SystemRating> ratings(log->systems.size());
  for (int id = 0; id < log->systems.size(); ++id) {
    SystemRating& r = ratings[id];
    r.mu = fit->theta[id];
    r.sigma = fit->theta_se[id];
    r.score = EloFromTheta(fit->theta[id]);
    r.score_lo = EloFromTheta(fit->theta[id] - z * fit->theta_se[id]);
    r.score_hi = EloFromTheta(fit->theta[id] + z * fit->theta_se[id]);
  }
  Leaderboard board = BuildLeaderboardFromCounts("bradley-terry", log->systems.names(),
                                                 CountBattles(*log), ratings);
  board.rankings = static_cast<int64_t>(log->size());
  board.seed = seed;
  AddModelIntervals(log->systems.names(), ratings, &board);
  board.confidence = level;
  for (size_t c = 0; c < fit->beta.size(); ++c) {
    board.covariate_effects.push_back({fit->names[c], fit->beta[c], fit->beta_se[c],
                                       fit->beta[c] - z * fit->beta_se[c],
                                       fit->beta[c] + z * fit->beta_se[c]});
  }
  if (!fit->warning.empty()) board.warnings.push_back(fit->warning);
  std::cout << FormatLeaderboard(board, format);
  return kExitOk;
}

}  // namespace tourney::cli
