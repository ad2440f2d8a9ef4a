#include "tourney/selection/rating_models.h"

#include <boost/math/distributions/normal.hpp>

#include "tourney/models/contextual_bradley_terry.h"
#include "tourney/models/expected_wins.h"
#include "tourney/selection/stopping_rule.h"
#include "tourney/statistics/model_intervals.h"

namespace tourney {

const std::vector<std::string>& RatingModelNames() {
  static const std::vector<std::string>* const names = [] {
    auto* all = new std::vector<std::string>{"expected-wins", "expected-wins-ties", "hopkins-may",
                                             "trueskill", "expected-wins-wmt13"};
    for (const std::string& name : PairwiseModelNames()) all->push_back(name);
    return all;
  }();
  return *names;
}

bool IsRatingModelName(std::string_view name) {
  for (const std::string& known : RatingModelNames()) {
    if (known == name) return true;
  }
  return false;
}

StatusOr<std::unique_ptr<RatingModel>> MakeRatingModel(std::string_view name,
                                                       const RatingModelOptions& options) {
  if (name == "expected-wins") return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  if (name == "expected-wins-ties") {
    return MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies);
  }
  if (name == "expected-wins-wmt13") return MakeExpectedWinsModel(ExpectedWinsVariant::kWmt13);
  if (name == "hopkins-may") {
    if (Status s = ValidateHopkinsMayOptions(options.hopkins_may); !s.ok()) return s;
    return MakeHopkinsMayModel(options.hopkins_may);
  }
  if (name == "trueskill") return MakeTrueSkillModel(options.trueskill);
  if (IsPairwiseModelName(name)) return MakePairwiseModel(name, options.pairwise);
  return InvalidArgument("unknown model '" + std::string(name) + "'");
}

namespace {

// The parts RatedLeaderboard and RatedBattleLeaderboard share, once the entries are built.
void CompleteRatedBoard(const std::vector<std::string>& names, const RatingResult& result,
                        const RatedBoardOptions& options, const PairCounts* counts,
                        Leaderboard* board) {
  board->seed = options.seed;
  if (AddModelIntervals(names, result.ratings, board)) board->confidence = options.interval_level;
  for (const std::string& w : result.warnings) board->warnings.push_back(w);
  if (options.stopping) SetStopping(EstimateStopping(*counts), names, board);
}

}  // namespace

Leaderboard RatedLeaderboard(std::string_view model, const Judgments& judgments,
                             const RatingResult& result, const RatedBoardOptions& options) {
  Leaderboard board = BuildLeaderboard(model, judgments, result.ratings);
  std::vector<std::string> names;
  names.reserve(judgments.num_systems());
  for (int i = 0; i < judgments.num_systems(); ++i) names.push_back(judgments.systems().Name(i));
  PairCounts counts(0);
  if (options.stopping) {
    counts = PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons());
  }
  CompleteRatedBoard(names, result, options, &counts, &board);
  return board;
}

Leaderboard RatedBattleLeaderboard(std::string_view model, const BattleLog& log,
                                   const RatingResult& result, const RatedBoardOptions& options) {
  const PairCounts counts = CountBattles(log);
  Leaderboard board =
      BuildLeaderboardFromCounts(model, log.systems.names(), counts, result.ratings);
  board.rankings = static_cast<int64_t>(log.size());
  CompleteRatedBoard(log.systems.names(), result, options, &counts, &board);
  return board;
}

StatusOr<Leaderboard> StyleControlledLeaderboard(const BattleLog& log,
                                                 const PairwiseModelOptions& options,
                                                 uint64_t seed) {
  if (log.covariate_names.empty()) {
    return InvalidArgument("style control needs covariates: the battle log carries none");
  }
  ContextualOptions contextual;
  contextual.weights = options.weights;
  auto fit = FitContextualBradleyTerry(log, contextual);
  if (!fit.ok()) return fit.status();
  const double level = options.interval_level;
  const double z = boost::math::quantile(boost::math::normal(), 0.5 + level / 2);
  std::vector<SystemRating> ratings(log.systems.size());
  for (int id = 0; id < log.systems.size(); ++id) {
    SystemRating& r = ratings[id];
    r.mu = fit->theta[id];
    r.sigma = fit->theta_se[id];
    r.score = EloFromTheta(fit->theta[id]);
    r.score_lo = EloFromTheta(fit->theta[id] - z * fit->theta_se[id]);
    r.score_hi = EloFromTheta(fit->theta[id] + z * fit->theta_se[id]);
  }
  Leaderboard board =
      BuildLeaderboardFromCounts("bradley-terry", log.systems.names(), CountBattles(log), ratings);
  board.rankings = static_cast<int64_t>(log.size());
  board.seed = seed;
  AddModelIntervals(log.systems.names(), ratings, &board);
  board.confidence = level;
  for (size_t c = 0; c < fit->beta.size(); ++c) {
    board.covariate_effects.push_back({fit->names[c], fit->beta[c], fit->beta_se[c],
                                       fit->beta[c] - z * fit->beta_se[c],
                                       fit->beta[c] + z * fit->beta_se[c]});
  }
  if (!fit->warning.empty()) board.warnings.push_back(fit->warning);
  return board;
}

}  // namespace tourney
