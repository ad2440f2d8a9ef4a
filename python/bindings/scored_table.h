// Scored-segment tables for tourney.sample, estimate and sampling_study: read from a file, or
// parsed from the text tourney/_frames.py writes for a DataFrame, with the command line's
// column options (`--score`, `--system-column`, ... in snake case).
#ifndef TOURNEY_PYTHON_BINDINGS_SCORED_TABLE_H_
#define TOURNEY_PYTHON_BINDINGS_SCORED_TABLE_H_

#include <pybind11/pybind11.h>

#include <string>

#include "tourney/core/scored_segments.h"

namespace tourney::python {

// `source`: a path, or, when `text` is not None, the name messages give the text. `columns`:
// score, system_column, doc_column, segment_column (str), metrics, exclude_system (lists).
// Raises tourney.InputError / FileError as the command line's reader fails.
ScoredSegments LoadScoredTable(const std::string& source, const pybind11::object& text,
                               const pybind11::dict& columns);

// The table's systems' index by name; InputError naming `what` when there is none.
int SystemIndex(const ScoredSegments& table, const std::string& name, const char* what);

}  // namespace tourney::python

#endif  // TOURNEY_PYTHON_BINDINGS_SCORED_TABLE_H_
