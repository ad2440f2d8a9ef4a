// `tourney rank` on battle logs: the log stays a compact BattleLog (13 bytes a battle) and
// the leaderboard is built from its count table, so Arena-sized logs rank in a few hundred
// megabytes less than going through k-way Judgments.
#ifndef TOURNEY_CLI_BATTLE_RANK_H_
#define TOURNEY_CLI_BATTLE_RANK_H_

#include <cstdint>

#include "flags/flags.h"
#include "render/leaderboard_format.h"
#include "tourney/core/leaderboard.h"

namespace tourney::cli {

// Rates the battle logs named by the positionals with --model and prints the leaderboard
// (with the model's own intervals and Arena ranks when it has them). Returns the exit status.
int RunBattleLogRank(const Flags& flags, OutputFormat format, uint64_t seed);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_BATTLE_RANK_H_
