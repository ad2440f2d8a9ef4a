// tourney.rank: a model's rating of a Dataset and its leaderboard, as `tourney rank` makes it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <span>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/model_options.h"
#include "bindings/module.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/selection/rating_models.h"

namespace tourney::python {

namespace {

using WeightArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

py::dict Rank(Dataset& data, const std::string& model_name, uint64_t seed, int threads,
              bool stopping, const py::dict& kwargs, const std::optional<WeightArray>& weights) {
  RatingModelOptions options = ModelOptionsFromKwargs(model_name, kwargs);
  if (threads < 0 || threads > 4096) {
    throw StatusError(InvalidArgument("threads: must be between 0 and 4096"));
  }
  options.hopkins_may.threads = threads;  // the models that use threads; never the numbers
  const std::unique_ptr<RatingModel> model = ValueOrThrow(MakeRatingModel(model_name, options));
  RatedBoardOptions board_options;
  board_options.seed = seed;
  board_options.interval_level = options.pairwise.interval_level;
  board_options.stopping = stopping;
  const BattleLog* const log = data.battle_log();
  const Judgments* const judgments = log ? nullptr : &data.judgments();  // with the GIL
  // Per-comparison weights (weighted Bradley-Terry): a view of the numpy buffer.
  std::span<const double> comparison_weights;
  if (weights) {
    if (model_name != "bradley-terry") {
      throw StatusError(InvalidArgument("weights: only model bradley-terry takes weights, not '" +
                                        model_name + "'"));
    }
    comparison_weights = {weights->data(), static_cast<size_t>(weights->size())};
  }
  // The ratings: the model's, or weighted Bradley-Terry's checked as the model's are.
  auto rate = [&](const RatingInput& in) -> RatingResult {
    if (!weights) return ValueOrThrow(RateChecked(*model, in, seed));
    RatingResult result = ValueOrThrow(RateWeightedBradleyTerry(
        in.num_systems, *in.comparisons, comparison_weights, options.pairwise));
    ThrowIfError(CheckRatingResult(*model, result, in.num_systems, in.system_names));
    return result;
  };
  Leaderboard board;
  {
    // No cancellation hook in RatingModel: Ctrl-C is seen when the fit returns.
    py::gil_scoped_release release;
    RatingInput input;
    if (log != nullptr) {
      input.num_systems = log->systems.size();
      input.comparisons = &log->battles;
      input.system_names = &log->systems.names();
      const RatingResult result = rate(input);
      board = RatedBattleLeaderboard(model->name(), *log, result, board_options);
      board.skipped_invalid = data.skipped_invalid();
    } else {
      if (judgments->comparisons().size() == 0) {
        throw StatusError(InvalidArgument(data.source() + ": no judgments"));
      }
      input.num_systems = judgments->num_systems();
      input.comparisons = &judgments->comparisons();
      input.judgments = judgments;
      input.system_names = &judgments->systems().names();
      const RatingResult result = rate(input);
      board = RatedLeaderboard(model->name(), *judgments, result, board_options);
    }
  }
  return BoardToDict(board);
}

// Style control (`tourney rank --covariates`): contextual Bradley-Terry on a battle log read
// or built with covariates.
py::dict StyleControlRank(Dataset& data, uint64_t seed, const py::dict& kwargs) {
  const RatingModelOptions options = ModelOptionsFromKwargs("bradley-terry", kwargs);
  const BattleLog* log = data.battle_log();
  if (log == nullptr || log->covariate_names.empty()) {
    throw StatusError(InvalidArgument(data.source() + ": style control needs a battle log "
                                                      "with covariates"));
  }
  Leaderboard board;
  {
    py::gil_scoped_release release;
    board = ValueOrThrow(StyleControlledLeaderboard(*log, options.pairwise, seed));
  }
  return BoardToDict(board);
}

}  // namespace

void RegisterRank(py::module_& m) {
  m.def("rank", &Rank, py::arg("data"), py::arg("model"), py::arg("seed") = 1,
        py::arg("threads") = 0, py::arg("stopping") = true, py::arg("options") = py::dict(),
        py::arg("weights") = py::none());
  m.def("style_control_rank", &StyleControlRank, py::arg("data"), py::arg("seed") = 1,
        py::arg("options") = py::dict());
  m.def("model_names", &RatingModelNames);
}

}  // namespace tourney::python
