// Keyword arguments of tourney.rank and tourney.cluster -> the engine's RatingModelOptions.
// The names are the command line's flags in snake case (tie_weight for --tie-weight);
// their defaults are the engine's, which the command line's defaults equal.
#ifndef TOURNEY_PYTHON_BINDINGS_MODEL_OPTIONS_H_
#define TOURNEY_PYTHON_BINDINGS_MODEL_OPTIONS_H_

#include <pybind11/pybind11.h>

#include "tourney/selection/rating_models.h"

namespace tourney::python {

// The options `model` reads from `kwargs`; a key no model reads, or one of another model,
// is a TypeError naming it; a bad value is a tourney.InputError naming the option.
RatingModelOptions ModelOptionsFromKwargs(const std::string& model, const pybind11::dict& kwargs);

}  // namespace tourney::python

#endif  // TOURNEY_PYTHON_BINDINGS_MODEL_OPTIONS_H_
