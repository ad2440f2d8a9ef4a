// tourney.cluster: bootstrap rank ranges and clusters (`tourney cluster`), and the
// anytime-valid board (`tourney cluster --anytime`).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <optional>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/model_options.h"
#include "bindings/module.h"
#include "render/rank_plot.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/sequential/planned_look.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/weighted_bootstrap.h"

namespace tourney::python {

namespace {

// The bootstrap standard error of each system's score, in board order: the sample standard
// deviation sqrt(sum (x_r - mean)^2 / (R - 1)) of its R replicate scores (0 for R = 1), and
// with `want_replicates` the scores themselves, replicate-major (R rows of the board's
// systems in board order).
void ReplicateColumns(const ScoreSamples& scores, const std::vector<int>& order,
                      bool want_replicates, std::vector<double>* stderrs,
                      std::vector<double>* replicates) {
  const int r_count = scores.num_replicates;
  stderrs->assign(order.size(), 0.0);
  for (size_t k = 0; k < order.size(); ++k) {
    double mean = 0.0;
    for (int r = 0; r < r_count; ++r) mean += scores.at(r, order[k]);
    mean /= r_count;
    double ss = 0.0;
    for (int r = 0; r < r_count; ++r) {
      const double d = scores.at(r, order[k]) - mean;
      ss += d * d;
    }
    (*stderrs)[k] = r_count > 1 ? std::sqrt(ss / (r_count - 1)) : 0.0;
  }
  if (!want_replicates) return;
  replicates->resize(static_cast<size_t>(r_count) * order.size());
  for (int r = 0; r < r_count; ++r) {
    for (size_t k = 0; k < order.size(); ++k) {
      (*replicates)[static_cast<size_t>(r) * order.size() + k] = scores.at(r, order[k]);
    }
  }
}

using WeightArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

py::dict Cluster(Dataset& data, const std::string& model_name, int replicates, double confidence,
                 uint64_t seed, int threads, const std::string& resample, bool count_shortcut,
                 int looks, int64_t looks_budget, const py::dict& kwargs, const py::object& plot,
                 bool want_replicates, const std::string& count_sampler,
                 const std::optional<WeightArray>& weights) {
  const RatingModelOptions model_options = ModelOptionsFromKwargs(model_name, kwargs);
  if (replicates < 1 || replicates > 1000000) {
    throw StatusError(InvalidArgument("bootstrap: must be between 1 and 1000000"));
  }
  if (!(confidence > 0.0 && confidence < 1.0)) {
    throw StatusError(InvalidArgument("confidence: must be strictly between 0 and 1"));
  }
  if (threads < 0 || threads > 4096) {
    throw StatusError(InvalidArgument("threads: must be between 0 and 4096"));
  }
  const std::unique_ptr<RatingModel> model =
      ValueOrThrow(MakeRatingModel(model_name, model_options));
  if (weights && (model_name != "bradley-terry" || looks > 0)) {
    throw StatusError(InvalidArgument(
        "weights: only model bradley-terry takes weights, and not with looks, not '" + model_name +
        "'"));
  }
  // Planned looks (`tourney cluster --looks K --looks-budget N`): the board of the last look
  // the input has reached, at that look's level.
  const Judgments* judgments = &data.judgments();
  std::optional<Judgments> look_judgments;
  std::string look_note;
  if (looks > 0) {
    const auto have = static_cast<int64_t>(judgments->num_rankings());
    const ReachedLook reached = ValueOrThrow(
        ReachPlannedLook(have, {looks, looks_budget > 0 ? looks_budget : have}, confidence));
    if (reached.look == 0) throw StatusError(InvalidArgument(reached.note));
    look_judgments = FirstRankings(*judgments, reached.at);
    judgments = &*look_judgments;
    confidence = reached.confidence;
    look_note = reached.note;
  }
  BootstrapOptions options;
  options.replicates = replicates;
  options.confidence = confidence;
  options.seed = seed;
  options.threads = threads;
  options.resample = ValueOrThrow(ParseResampleUnit(resample));
  options.count_shortcut = count_shortcut;
  if (count_sampler != "poisson" && count_sampler != "binomial") {
    throw StatusError(
        InvalidArgument("count_sampler: 'poisson' or 'binomial', not '" + count_sampler + "'"));
  }
  options.count_sampler =
      count_sampler == "binomial" ? CountSampler::kBinomialChain : CountSampler::kPoisson;
  std::atomic<bool> cancel{false};
  options.cancelled = [&cancel] { return cancel.load(std::memory_order_relaxed); };
  // `tourney cluster --plot`: {"whiskers": "confidence" or "full", "titles": bool}.
  std::optional<RankWhiskers> whiskers;
  bool titles = true;
  if (!plot.is_none()) {
    const std::string w = plot["whiskers"].cast<std::string>();
    if (w != "confidence" && w != "full") {
      throw StatusError(InvalidArgument("whiskers: confidence or full, not '" + w + "'"));
    }
    whiskers = w == "full" ? RankWhiskers::kFullRange : RankWhiskers::kConfidence;
    titles = plot["titles"].cast<bool>();
  }
  std::optional<Leaderboard> board;
  std::string svg;
  std::vector<double> stderrs, replicate_scores;
  RunInterruptible(
      [&] {
        const BootstrapResult result =
            weights ? ValueOrThrow(WeightedBradleyTerryBootstrap(
                          *judgments, {weights->data(), static_cast<size_t>(weights->size())},
                          model_options.pairwise, options))
                    : ValueOrThrow(Bootstrap(*judgments, *model, options));
        board = BuildClusteredLeaderboard(*judgments, result);
        ReplicateColumns(result.scores, LeaderboardOrder(*board, *judgments), want_replicates,
                         &stderrs, &replicate_scores);
        if (!look_note.empty()) board->warnings.push_back(look_note);
        if (whiskers) {
          svg = RankBoxPlotSvg(RankPlotSystems(*board, *judgments, result),
                               ClusterRankPlotOptions(*judgments, result, *whiskers, titles));
        }
      },
      &cancel);
  py::dict out = BoardToDict(*board);
  if (whiskers) out["svg"] = svg;
  py::dict columns = out["columns"];
  columns["stderr"] = py::array_t<double>(static_cast<py::ssize_t>(stderrs.size()), stderrs.data());
  if (want_replicates) {
    const auto systems = static_cast<py::ssize_t>(stderrs.size());
    out["replicates"] = py::array_t<double>({static_cast<py::ssize_t>(replicates), systems},
                                            replicate_scores.data());
  }
  return out;
}

py::dict AnytimeCluster(Dataset& data, double delta, double epsilon, const std::string& kind) {
  if (!(std::isfinite(delta) && delta > 0.0 && delta < 1.0)) {
    throw StatusError(InvalidArgument("delta: must be strictly between 0 and 1"));
  }
  if (!(std::isfinite(epsilon) && epsilon >= 0.0 && epsilon <= 1.0)) {
    throw StatusError(InvalidArgument("epsilon: must be between 0 and 1"));
  }
  if (kind != "pooled" && kind != "pairwise") {
    throw StatusError(InvalidArgument("board: '" + kind + "' is neither pooled nor pairwise"));
  }
  AnytimeOptions options;
  options.delta = delta;
  options.epsilon = epsilon;
  const Judgments& judgments = data.judgments();
  std::optional<Leaderboard> board;
  {
    py::gil_scoped_release release;
    board = ValueOrThrow(kind == "pairwise" ? BuildAnytimeLeaderboard(judgments, options)
                                            : BuildPooledAnytimeLeaderboard(judgments, options));
  }
  return BoardToDict(*board);
}

}  // namespace

void RegisterCluster(py::module_& m) {
  m.def("cluster", &Cluster, py::arg("data"), py::arg("model"), py::arg("bootstrap") = 1000,
        py::arg("confidence") = 0.95, py::arg("seed") = 1, py::arg("threads") = 0,
        py::arg("resample") = "comparisons", py::arg("count_shortcut") = true, py::arg("looks") = 0,
        py::arg("looks_budget") = 0, py::arg("options") = py::dict(), py::arg("plot") = py::none(),
        py::arg("replicates") = false, py::arg("count_sampler") = "poisson",
        py::arg("weights") = py::none());
  m.def("anytime_cluster", &AnytimeCluster, py::arg("data"), py::arg("delta") = 0.05,
        py::arg("epsilon") = 0.0, py::arg("board") = "pooled");
}

}  // namespace tourney::python
