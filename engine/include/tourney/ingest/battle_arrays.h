// Battles given as arrays rather than a file: a table's columns as dense codes (pandas
// categoricals, numpy arrays) with the names the codes stand for. The same rules as the
// battle-log reader (battle_log_reader.h), and the same errors, naming the table, the row
// and the column: "<DataFrame>:12: field 'model_b': 'gpt-4' is the same system as model_a".
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_BATTLE_ARRAYS_H_
#define TOURNEY_INGEST_BATTLE_ARRAYS_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/battle_log.h"
#include "tourney/core/status.h"

namespace tourney {

// Borrowed columns; the caller keeps them alive during BattleLogFromArrays. Code -1 is a
// missing value (pandas' code for NaN).
struct BattleArrays {
  std::vector<std::string> system_names;  // what the codes in first and second stand for
  std::span<const int32_t> first;         // the left system (model_a) of each battle
  std::span<const int32_t> second;        // the right system (model_b)
  // The winners' spellings: the battle-log reader's (model_a, model_b, tie, tie (bothbad)
  // or left, right, tie); codes in `winner` index them.
  std::vector<std::string> winner_names;
  std::span<const int32_t> winner;
  // Per-battle covariates (style control): one column of doubles per name, as long as the
  // others. Empty: none.
  std::vector<std::string> covariate_names;
  std::vector<std::span<const double>> covariates;
  // Column names for messages: the battle log's or the pairwise CSV's.
  std::string first_field = "model_a";
  std::string second_field = "model_b";
  std::string winner_field = "winner";
};

// Fills *log (which must be empty) with the battles in row order: one system id per name
// that some battle uses, in order of first use, as the reader interns them. On bad input
// (columns of different lengths, a code out of range or missing, an invalid system name, a
// system against itself, an unknown winner, a covariate that is not a finite number) returns
// InvalidArgument
// "<source>:<row, 1-based>: field '<column>': ..." and leaves *log unspecified.
Status BattleLogFromArrays(const BattleArrays& arrays, const std::string& source, BattleLog* log);

}  // namespace tourney

#endif  // TOURNEY_INGEST_BATTLE_ARRAYS_H_
