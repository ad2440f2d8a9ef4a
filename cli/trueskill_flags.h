// TrueSkill's command-line flags (`rank --model trueskill`, and later `bootstrap`, `cluster`),
// kept apart from common.cc so that each model's flags live with the model's wiring.
#ifndef TOURNEY_CLI_TRUESKILL_FLAGS_H_
#define TOURNEY_CLI_TRUESKILL_FLAGS_H_

#include <memory>

#include "flags/flags.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney::cli {

// --mu --sigma --beta --tau --draw-probability --draw-margin --selection --mode --budget.
void AddTrueSkillFlags(Flags& flags);

// The options those flags describe. InvalidArgument naming the flag on a bad value.
StatusOr<TrueSkillModelOptions> TrueSkillOptionsFromFlags(const Flags& flags);

// MakeTrueSkillModel(TrueSkillOptionsFromFlags(flags)).
StatusOr<std::unique_ptr<RatingModel>> MakeTrueSkillModelFromFlags(const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_TRUESKILL_FLAGS_H_
