#include "battle_input.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include "common.h"
#include "tourney/core/defaults.h"
#include "tourney/ingest/battle_log_reader.h"

namespace tourney::cli {
namespace {

BattleLogOptions OptionsFromFlags(const Flags& flags) {
  BattleLogOptions options;
  options.skip_invalid = flags.GetBool("skip-invalid");
  options.covariates = SplitList(flags.Get("covariates"));  // empty when undeclared
  return options;
}

// Battle logs carry no language pair: a --language-pair would silently keep everything.
Status CheckNoLanguagePair(const std::string& file, const Flags& flags) {
  if (flags.Get("language-pair").empty()) return Status::Ok();
  return InvalidArgument(file +
                         ": option '--language-pair': a battle log has no language "
                         "pairs; leave the option out");
}

}  // namespace

StatusOr<bool> IsBattleLogInput(const std::string& file, const Flags& flags) {
  const std::string format = flags.Get("input-format");
  if (format == "battles") return true;
  if (format != "auto") return false;
  return IsBattleLogFile(file);
}

StatusOr<bool> AllBattleLogInputs(const std::vector<std::string>& files, const Flags& flags) {
  if (files.empty()) return false;
  for (const std::string& file : files) {
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok() || !*battles) return battles;
  }
  return true;
}

Status ReadBattleLogInput(const std::string& file, const Flags& flags, Judgments* judgments,
                          std::vector<std::string>* warnings) {
  if (Status s = CheckNoLanguagePair(file, flags); !s.ok()) return s;
  BattleLog battles;
  BattleLogReport report;
  if (Status s = ReadBattleLogFile(file, OptionsFromFlags(flags), &battles, &report); !s.ok()) {
    return s;
  }
  judgments->skipped_invalid += report.skipped;
  warnings->insert(warnings->end(), report.warnings.begin(), report.warnings.end());
  AppendBattles(battles, judgments);
  return Status::Ok();
}

StatusOr<BattleLog> LoadBattleLogs(const std::vector<std::string>& files, const Flags& flags) {
  if (files.empty()) return InvalidArgument("no input file given (see --help)");
  const BattleLogOptions options = OptionsFromFlags(flags);
  BattleLog log;
  std::vector<std::string> warnings;
  int64_t skipped = 0;
  for (const std::string& file : files) {
    if (Status s = CheckNoLanguagePair(file, flags); !s.ok()) return s;
    BattleLogReport report;
    if (files.size() == 1) {
      if (Status s = ReadBattleLogFile(file, options, &log, &report); !s.ok()) return s;
    } else {
      BattleLog one;
      if (Status s = ReadBattleLogFile(file, options, &one, &report); !s.ok()) return s;
      MergeBattleLog(one, &log);
    }
    skipped += report.skipped;
    warnings.insert(warnings.end(), report.warnings.begin(), report.warnings.end());
  }
  if (skipped > 0) {
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    if (skipped > static_cast<int64_t>(warnings.size())) {
      std::cerr << "warning: ... and " << skipped - static_cast<int64_t>(warnings.size())
                << " more\n";
    }
    std::cerr << "warning: skipped " << WithThousands(skipped)
              << (skipped == 1 ? " invalid row" : " invalid rows") << "; read "
              << WithThousands(static_cast<int64_t>(log.size()))
              << (log.size() == 1 ? " battle\n" : " battles\n");
  }
  // The pairwise models keep n x n count tables.
  if (log.systems.size() > kMaxSystems) {
    return InvalidArgument("the battle log names " + std::to_string(log.systems.size()) +
                           " models; at most " + std::to_string(kMaxSystems) +
                           " can be rated together");
  }
  return log;
}

}  // namespace tourney::cli
