// BattleLog: two-way battles as Chatbot Arena logs them, with optional judges and
// per-battle covariates.
//
// A battle is (model_a, model_b, outcome) from model_a's point of view; ties of either kind
// ("tie", "tie (bothbad)") are Outcome::kTie. Storage is a struct of arrays of ids: 9 bytes
// per battle, plus 4 with judges and 8 per covariate, so a 2M-battle log fits in ~20 MB.
// Thread safety: const access is safe concurrently; mutation needs external locking.
#ifndef TOURNEY_CORE_BATTLE_LOG_H_
#define TOURNEY_CORE_BATTLE_LOG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/system_registry.h"

namespace tourney {

struct BattleLog {
  SystemRegistry systems;
  Comparisons battles;  // first = model_a (left), second = model_b (right)
  // Covariate columns, in the order they were asked for; values row-major, one row of
  // covariate_names.size() per battle.
  std::vector<std::string> covariate_names;
  std::vector<double> covariates;
  // Judges (annotators) interned; judge[i] is battle i's judge or -1. Empty when no battle
  // named a judge.
  SystemRegistry judges;
  std::vector<int32_t> judge;
  int64_t ties_both_bad = 0;  // battles whose winner was "tie (bothbad)" (counted as ties)

  size_t size() const { return battles.size(); }
  double covariate(size_t battle, size_t k) const {
    return covariates[battle * covariate_names.size() + k];
  }
};

// The win/tie count table of the battles.
PairCounts CountBattles(const BattleLog& log);

// Appends every battle to *judgments as a two-system ranking (winner rank 1, equal ranks for
// a tie), interning names in its registry and keeping judges.
void AppendBattles(const BattleLog& log, Judgments* judgments);

// Appends the battles of `from` (with their covariates) to *to, re-interning the names so
// that several files share one registry of system ids. REQUIRES: both logs carry the same
// covariates.
void MergeBattleLog(const BattleLog& from, BattleLog* to);

}  // namespace tourney

#endif  // TOURNEY_CORE_BATTLE_LOG_H_
