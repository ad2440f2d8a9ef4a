#include "tourney/core/battle_log.h"

#include <array>

namespace tourney {

PairCounts CountBattles(const BattleLog& log) {
  return PairCounts::FromComparisons(log.systems.size(), log.battles);
}

void AppendBattles(const BattleLog& log, Judgments* judgments) {
  std::vector<SystemId> ids(log.systems.size());
  for (int i = 0; i < log.systems.size(); ++i) {
    ids[i] = judgments->systems().Intern(log.systems.Name(i));
  }
  std::vector<int32_t> judge_ids(log.judges.size());
  for (int i = 0; i < log.judges.size(); ++i) {
    judge_ids[i] = judgments->InternJudge(log.judges.Name(i));
  }
  for (size_t i = 0; i < log.size(); ++i) {
    const std::array<SystemId, 2> systems = {ids[log.battles.first[i]], ids[log.battles.second[i]]};
    std::array<uint8_t, 2> ranks = {1, 1};
    if (log.battles.outcome[i] == Outcome::kFirstWins) ranks[1] = 2;
    if (log.battles.outcome[i] == Outcome::kSecondWins) ranks[0] = 2;
    const int32_t judge = log.judge.empty() || log.judge[i] < 0 ? -1 : judge_ids[log.judge[i]];
    judgments->AddRanking(systems, ranks, {}, -1, judge);
  }
}

void MergeBattleLog(const BattleLog& from, BattleLog* to) {
  std::vector<SystemId> ids(from.systems.size());
  for (int i = 0; i < from.systems.size(); ++i) ids[i] = to->systems.Intern(from.systems.Name(i));
  to->battles.Reserve(to->size() + from.size());
  for (size_t i = 0; i < from.size(); ++i) {
    to->battles.Add(ids[from.battles.first[i]], ids[from.battles.second[i]],
                    from.battles.outcome[i]);
  }
  to->covariate_names = from.covariate_names;
  to->covariates.insert(to->covariates.end(), from.covariates.begin(), from.covariates.end());
  to->ties_both_bad += from.ties_both_bad;
}

}  // namespace tourney
