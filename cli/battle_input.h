// Battle logs as `tourney` input: Arena JSON / JSONL and left,right,winner CSV files go
// through the battle-log reader; everything else through the WMT / pairwise CSV reader.
#ifndef TOURNEY_CLI_BATTLE_INPUT_H_
#define TOURNEY_CLI_BATTLE_INPUT_H_

#include <string>
#include <vector>

#include "flags.h"
#include "tourney/battle_log.h"
#include "tourney/judgments.h"
#include "tourney/status.h"

namespace tourney::cli {

// True when `file` is to be read as a battle log: --input-format battles, or auto and the
// file starts like one (LooksLikeBattleLog).
StatusOr<bool> IsBattleLogInput(const std::string& file, const Flags& flags);

// Reads the battle log `file` (covariates from --covariates when the flag exists) and
// appends its battles to *judgments as two-system rankings; warnings under --skip-invalid
// go to *warnings. When `log` is not null the battles are also appended to it.
Status ReadBattleLogInput(const std::string& file, const Flags& flags, Judgments* judgments,
                          std::vector<std::string>* warnings, BattleLog* log = nullptr);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_BATTLE_INPUT_H_
