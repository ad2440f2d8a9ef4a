// `tourney rank --covariates LIST`: the style-controlled (contextual) Bradley-Terry
// leaderboard from battle logs.
#ifndef TOURNEY_CLI_STYLE_CONTROL_H_
#define TOURNEY_CLI_STYLE_CONTROL_H_

#include "flags/flags.h"
#include "render/leaderboard_format.h"
#include "tourney/core/leaderboard.h"

namespace tourney::cli {

// --covariates (declared by the command).
void AddCovariateFlags(Flags& flags);

// Reads the battle logs named by the positionals with the covariates of --covariates, fits
// contextual Bradley-Terry and prints the leaderboard (intervals, Arena ranks, coefficients).
// Returns the exit status.
int RunStyleControlledRank(const Flags& flags, OutputFormat format, uint64_t seed);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_STYLE_CONTROL_H_
