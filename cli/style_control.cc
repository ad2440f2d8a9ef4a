#include "style_control.h"

#include <boost/math/distributions/normal.hpp>
#include <cstdio>
#include <iostream>

#include "battle_input.h"
#include "common.h"
#include "pairwise_flags.h"
#include "tourney/contextual_bradley_terry.h"
#include "tourney/model_intervals.h"
#include "tourney/pairwise_models.h"

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
                                                "bradley-terry, not '" + flags.Get("model") +
                                                "'"));
  }
  if (SplitList(flags.Get("covariates")).empty()) {
    return ReportError(command, InvalidArgument("option '--covariates': no covariate named"));
  }
  if (flags.positionals().empty()) {
    return ReportError(command, InvalidArgument("no input file given (see --help)"));
  }
  auto options = PairwiseOptionsFromFlags(flags);
  if (!options.ok()) return ReportError(command, options.status());
  Judgments judgments;
  BattleLog log;
  std::vector<std::string> warnings;
  for (const std::string& file : flags.positionals()) {
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok()) return ReportError(command, battles.status());
    if (!*battles) {
      return ReportError(command, InvalidArgument(file + ": option '--covariates' needs a battle "
                                                         "log (JSON, JSONL or left,right,winner "
                                                         "CSV)"));
    }
    if (Status s = ReadBattleLogInput(file, flags, &judgments, &warnings, &log); !s.ok()) {
      return ReportError(command, s);
    }
  }
  for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
  ContextualOptions co;
  co.weights = options->weights;
  auto fit = FitContextualBradleyTerry(log, co);
  if (!fit.ok()) return ReportError(command, fit.status());
  const double level = options->interval_level;
  const double z = boost::math::quantile(boost::math::normal(), 0.5 + level / 2);
  std::vector<SystemRating> ratings(judgments.num_systems());
  for (int s = 0; s < log.systems.size(); ++s) {
    const SystemId id = *judgments.systems().Find(log.systems.Name(s));
    SystemRating& r = ratings[id];
    r.mu = fit->theta[s];
    r.sigma = fit->theta_se[s];
    r.score = EloFromTheta(fit->theta[s]);
    r.score_lo = EloFromTheta(fit->theta[s] - z * fit->theta_se[s]);
    r.score_hi = EloFromTheta(fit->theta[s] + z * fit->theta_se[s]);
  }
  v1::Leaderboard board = BuildLeaderboard("bradley-terry", judgments, ratings);
  board.set_seed(seed);
  board.set_skipped_invalid(judgments.skipped_invalid);
  AddModelIntervals(judgments, ratings, &board);
  board.set_confidence(level);
  for (size_t c = 0; c < fit->beta.size(); ++c) {
    v1::CovariateEffect* e = board.add_covariate_effects();
    e->set_name(fit->names[c]);
    e->set_coefficient(fit->beta[c]);
    e->set_standard_error(fit->beta_se[c]);
    e->set_lo(fit->beta[c] - z * fit->beta_se[c]);
    e->set_hi(fit->beta[c] + z * fit->beta_se[c]);
  }
  if (!fit->warning.empty()) board.add_warnings(fit->warning);
  std::cout << FormatLeaderboard(board, format);
  if (format == OutputFormat::kTable) {
    for (const v1::CovariateEffect& e : board.covariate_effects()) {
      char line[256];
      std::snprintf(line, sizeof(line),
                    "style control: %s coefficient %.4f (se %.4f, %g%% interval %.4f..%.4f) "
                    "log-odds per unit\n",
                    e.name().c_str(), e.coefficient(), e.standard_error(), 100 * level, e.lo(),
                    e.hi());
      std::cout << line;
    }
  }
  return kExitOk;
}

}  // namespace tourney::cli
