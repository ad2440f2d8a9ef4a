#include "battle_input.h"

#include <cstdio>
#include <memory>

#include "common.h"
#include "tourney/battle_log_reader.h"

namespace tourney::cli {

StatusOr<bool> IsBattleLogInput(const std::string& file, const Flags& flags) {
  const std::string format = flags.Get("input-format");
  if (format == "battles") return true;
  if (format != "auto") return false;
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(file.c_str(), "rb"), &std::fclose);
  if (!f) return false;  // the regular reader reports the error
  std::string head(4096, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), f.get()));
  return LooksLikeBattleLog(head);
}

Status ReadBattleLogInput(const std::string& file, const Flags& flags, Judgments* judgments,
                          std::vector<std::string>* warnings, BattleLog* log) {
  BattleLogOptions options;
  options.skip_invalid = flags.GetBool("skip-invalid");
  options.covariates = SplitList(flags.Get("covariates"));  // empty when undeclared
  BattleLog local;
  BattleLog* target = log != nullptr ? log : &local;
  BattleLog battles;
  BattleLogReport report;
  if (Status s = ReadBattleLogFile(file, options, &battles, &report); !s.ok()) return s;
  judgments->skipped_invalid += report.skipped;
  warnings->insert(warnings->end(), report.warnings.begin(), report.warnings.end());
  AppendBattles(battles, judgments);
  if (log != nullptr) {
    // Re-intern into the caller's log so that several files share ids.
    target->covariate_names = battles.covariate_names;
    for (size_t i = 0; i < battles.size(); ++i) {
      target->battles.Add(target->systems.Intern(battles.systems.Name(battles.battles.first[i])),
                          target->systems.Intern(battles.systems.Name(battles.battles.second[i])),
                          battles.battles.outcome[i]);
    }
    target->covariates.insert(target->covariates.end(), battles.covariates.begin(),
                              battles.covariates.end());
    target->ties_both_bad += battles.ties_both_bad;
  }
  return Status::Ok();
}

}  // namespace tourney::cli
