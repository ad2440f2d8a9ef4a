// Battle logs as `tourney` input: Arena JSON / JSONL and left,right,winner CSV files go
// through the battle-log reader; everything else through the WMT / pairwise CSV reader.
#ifndef TOURNEY_CLI_BATTLE_INPUT_H_
#define TOURNEY_CLI_BATTLE_INPUT_H_

#include <string>
#include <vector>

#include "flags/flags.h"
#include "tourney/core/battle_log.h"
#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney::cli {

// True when `file` is to be read as a battle log: --input-format battles, or auto and the
// file (decompressed if gzip) starts like one (IsBattleLogFile). An unreadable file and
// standard input are not, unless --input-format battles says so.
StatusOr<bool> IsBattleLogInput(const std::string& file, const Flags& flags);

// True when every file is a battle log (and there is at least one).
StatusOr<bool> AllBattleLogInputs(const std::vector<std::string>& files, const Flags& flags);

// Reads the battle log `file` and appends its battles to *judgments as two-system rankings;
// warnings under --skip-invalid go to *warnings.
Status ReadBattleLogInput(const std::string& file, const Flags& flags, Judgments* judgments,
                          std::vector<std::string>* warnings);

// Reads every file as a battle log into one log (shared system ids), with the covariates of
// --covariates when the command declares it; under --skip-invalid prints the summary of
// skipped rows to stderr.
StatusOr<BattleLog> LoadBattleLogs(const std::vector<std::string>& files, const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_BATTLE_INPUT_H_
