// Every rating model by the name the command line, the service and the Python package give
// it, built from one options struct, and the leaderboard of a rating.
//
// The callers (cli/, python/) only translate their flags or keyword arguments into
// RatingModelOptions; the choice of model, the board's counts, the model's own intervals and
// the stopping rule are decided here, once. The TrueSkill protocol lives in selection/,
// which is why this file does too.
// Thread safety: reentrant.
#ifndef TOURNEY_SELECTION_RATING_MODELS_H_
#define TOURNEY_SELECTION_RATING_MODELS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/battle_log.h"
#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/models/hopkins_may.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney {

// The parameters of every model; MakeRatingModel reads the part of the model it builds.
struct RatingModelOptions {
  HopkinsMayOptions hopkins_may;    // "hopkins-may"
  TrueSkillModelOptions trueskill;  // "trueskill"
  PairwiseModelOptions pairwise;    // the Bradley-Terry family, Elo, counting, eigen, pagerank
};

// expected-wins, expected-wins-ties, hopkins-may, trueskill, expected-wins-wmt13, then
// PairwiseModelNames().
const std::vector<std::string>& RatingModelNames();
bool IsRatingModelName(std::string_view name);

// The model called `name`. InvalidArgument for an unknown name ("unknown model 'x'") or
// options the model rejects (its own message).
StatusOr<std::unique_ptr<RatingModel>> MakeRatingModel(std::string_view name,
                                                       const RatingModelOptions& options);

// What a leaderboard of a rating carries beside the entries.
struct RatedBoardOptions {
  uint64_t seed = 0;             // the seed the rating used, recorded on the board
  double interval_level = 0.95;  // the level of the model's own intervals, when it has them
  bool stopping = true;          // the z stopping rule from the pair counts (a small fit)
};

// The leaderboard of `result`, the rating of `judgments` by `model`: entries best first with
// counts and connectivity (BuildLeaderboard), the model's own intervals and Arena rank upper
// bounds when it has them (AddModelIntervals, confidence = interval_level), its warnings,
// and the stopping rule when asked.
// REQUIRES: result.ratings.size() == judgments.num_systems().
Leaderboard RatedLeaderboard(std::string_view model, const Judgments& judgments,
                             const RatingResult& result, const RatedBoardOptions& options);

// The same for a battle log rated as it is (no k-way rankings): the board is built from the
// log's count table and `rankings` counts its battles.
// REQUIRES: result.ratings.size() == log.systems.size().
Leaderboard RatedBattleLeaderboard(std::string_view model, const BattleLog& log,
                                   const RatingResult& result, const RatedBoardOptions& options);

// Style control: contextual Bradley-Terry (contextual_bradley_terry.h) on a battle log with
// covariates, as Arena's leaderboard does it. Entries on the Arena Elo scale with sandwich
// intervals at options.interval_level and Arena rank upper bounds, the covariates' effects,
// the fit's warning; options.weights.tie weighs ties. InvalidArgument when the log carries no
// covariates, or from the fit.
StatusOr<Leaderboard> StyleControlledLeaderboard(const BattleLog& log,
                                                 const PairwiseModelOptions& options,
                                                 uint64_t seed);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_RATING_MODELS_H_
