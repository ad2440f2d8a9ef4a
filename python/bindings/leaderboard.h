// The engine's Leaderboard as Python values: the entries as columns (lists and numpy arrays
// named as the JSON output's fields), the rest as a dict.
#ifndef TOURNEY_PYTHON_BINDINGS_LEADERBOARD_H_
#define TOURNEY_PYTHON_BINDINGS_LEADERBOARD_H_

#include <pybind11/pybind11.h>

#include "tourney/core/leaderboard.h"

namespace tourney::python {

// {"columns": {field: values, ...}, "board": {model, judgments, ..., stopping}}. An optional
// entry field is a column when some entry has it (None where absent); rank_lo and rank_hi
// are columns when the board has rank ranges (Leaderboard::has_rank_ranges), as in the JSON.
// Columns are numpy arrays, but for an optional field some entries lack (a list with None).
pybind11::dict BoardToDict(const Leaderboard& board);

}  // namespace tourney::python

#endif  // TOURNEY_PYTHON_BINDINGS_LEADERBOARD_H_
