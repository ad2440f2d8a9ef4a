// The flags `tourney replay` and `tourney plan` share: the goal, its epsilon, the board and
// the declared score range (engine/include/tourney/experiments/campaign_replay.h).
#ifndef TOURNEY_CLI_REPLAY_FLAGS_H_
#define TOURNEY_CLI_REPLAY_FLAGS_H_

#include "flags/flags.h"
#include "tourney/core/status.h"
#include "tourney/experiments/campaign_replay.h"

namespace tourney::cli {

// --goal (required), --epsilon, --board, --score-min and --score-max.
void AddReplayGoalFlags(Flags& flags);

// Their values, as validated: InvalidArgument naming the option otherwise. A score side
// not given stays as it was (NaN: the recorded scores' range).
Status ReplayGoalFromFlags(const Flags& flags, ReplayGoal* goal, ReplayBoard* board,
                           double* score_min, double* score_max);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_REPLAY_FLAGS_H_
