#include "tourney/ingest/battle_arrays.h"

#include <cmath>
#include <optional>

#include "ingest/field_text.h"
#include "tourney/core/system_registry.h"
#include "tourney/ingest/battle_log_reader.h"

namespace tourney {
namespace {

// The outcome a winner spelling stands for; nullopt for an unknown one.
std::optional<Outcome> ArrayWinnerOutcome(const std::string& winner, bool* both_bad) {
  *both_bad = false;
  if (winner == "model_a" || winner == "left") return Outcome::kFirstWins;
  if (winner == "model_b" || winner == "right") return Outcome::kSecondWins;
  if (winner == "tie") return Outcome::kTie;
  if (winner == "tie (bothbad)") {
    *both_bad = true;
    return Outcome::kTie;
  }
  return std::nullopt;
}

Status BattleRowError(const std::string& source, size_t row, const std::string& field,
                      const std::string& what) {
  return InvalidArgument(source + ":" + std::to_string(row + 1) + ": field '" + field +
                         "': " + what);
}

}  // namespace

Status BattleLogFromArrays(const BattleArrays& arrays, const std::string& source, BattleLog* log) {
  const size_t n = arrays.first.size();
  if (arrays.second.size() != n || arrays.winner.size() != n) {
    return InvalidArgument(source + ": the columns " + arrays.first_field + ", " +
                           arrays.second_field + " and " + arrays.winner_field +
                           " have different lengths");
  }
  const size_t k = arrays.covariate_names.size();
  if (arrays.covariates.size() != k) {
    return InvalidArgument(source + ": " + std::to_string(k) + " covariate names for " +
                           std::to_string(arrays.covariates.size()) + " columns");
  }
  for (size_t c = 0; c < k; ++c) {
    if (arrays.covariates[c].size() != n) {
      return InvalidArgument(source + ": the covariate column " + arrays.covariate_names[c] +
                             " has " + std::to_string(arrays.covariates[c].size()) + " rows, not " +
                             std::to_string(n));
    }
  }
  if (k > 0) {
    if (Status s = CheckBattleLogCovariates(arrays.covariate_names); !s.ok()) return s;
    log->covariate_names = arrays.covariate_names;
    log->covariates.reserve(n * k);
  }
  // Winner spellings to outcomes once; -1 marks an unknown spelling, -2 'tie (bothbad)'.
  std::vector<int> outcome_of(arrays.winner_names.size());
  for (size_t w = 0; w < arrays.winner_names.size(); ++w) {
    bool both_bad = false;
    auto outcome = ArrayWinnerOutcome(arrays.winner_names[w], &both_bad);
    outcome_of[w] = !outcome ? -1 : both_bad ? -2 : static_cast<int>(*outcome);
  }
  // Names are checked, and interned, when a battle first uses them.
  const auto num_names = static_cast<int32_t>(arrays.system_names.size());
  std::vector<SystemId> id_of(arrays.system_names.size(), -1);
  log->battles.Reserve(n);
  for (size_t row = 0; row < n; ++row) {
    SystemId ids[2];
    for (int side = 0; side < 2; ++side) {
      const int32_t code = side == 0 ? arrays.first[row] : arrays.second[row];
      const std::string& field = side == 0 ? arrays.first_field : arrays.second_field;
      if (code < 0 || code >= num_names) {
        return BattleRowError(
            source, row, field,
            code < 0 ? "missing or empty" : "code " + std::to_string(code) + " names no system");
      }
      if (id_of[code] < 0) {
        const std::string& name = arrays.system_names[code];
        if (!IsValidUtf8(name)) return BattleRowError(source, row, field, InvalidUtf8Message(name));
        if (std::string problem = SystemNameProblem(name); !problem.empty()) {
          return BattleRowError(source, row, field, "system " + QuotedValue(name) + " " + problem);
        }
        id_of[code] = log->systems.Intern(name);
      }
      ids[side] = id_of[code];
    }
    if (ids[0] == ids[1]) {
      return BattleRowError(source, row, arrays.second_field,
                            QuotedValue(arrays.system_names[arrays.second[row]], 63) +
                                " is the same system as " + arrays.first_field);
    }
    const int32_t w = arrays.winner[row];
    const int outcome = w < 0 || w >= static_cast<int32_t>(outcome_of.size()) ? -1 : outcome_of[w];
    if (outcome == -1) {
      const bool known = w >= 0 && w < static_cast<int32_t>(outcome_of.size());
      return BattleRowError(source, row, arrays.winner_field,
                            !known ? std::string("missing or empty")
                                   : QuotedValue(arrays.winner_names[w], 63) +
                                         " is not one of model_a, model_b, tie, tie (bothbad) "
                                         "(or left, right, tie)");
    }
    for (size_t c = 0; c < k; ++c) {
      const double v = arrays.covariates[c][row];
      if (!std::isfinite(v)) {
        return BattleRowError(source, row, arrays.covariate_names[c], "not a finite number");
      }
      log->covariates.push_back(v);
    }
    if (outcome == -2) ++log->ties_both_bad;
    log->battles.Add(ids[0], ids[1], outcome == -2 ? Outcome::kTie : static_cast<Outcome>(outcome));
  }
  return Status::Ok();
}

}  // namespace tourney
