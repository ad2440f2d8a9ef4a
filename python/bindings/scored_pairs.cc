// tourney.rank_scored: scored-pair Bradley-Terry (tourney/models/scored_pairs.h) of systems
// scored on the same items, with its bootstrap over items turned into a board: Elo-scale
// scores, score intervals, standard errors, rank ranges and clusters (statistics/clustering.h).
#include "tourney/models/scored_pairs.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/module.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/statistics/clustering.h"
#include "tourney/statistics/replicate_samples.h"

namespace tourney::python {

namespace {

using Int32Array = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;
using UInt32Array = py::array_t<uint32_t, py::array::c_style | py::array::forcecast>;
using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// Ids of `scores` (indexed by system id) best first; equal scores by id.
std::vector<int> ScoredOrder(std::span<const double> scores) {
  std::vector<int> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[a] > scores[b]; });
  return order;
}

py::dict RankScored(const std::vector<std::string>& names, const UInt32Array& offsets,
                    const Int32Array& systems, const DoubleArray& scores, double range,
                    int replicates, double confidence, uint64_t seed, int threads,
                    bool want_replicates) {
  ScoredItems items;
  items.num_systems = static_cast<int>(names.size());
  items.offsets.assign(offsets.data(), offsets.data() + offsets.size());
  items.systems.assign(systems.data(), systems.data() + systems.size());
  items.scores.assign(scores.data(), scores.data() + scores.size());
  if (!(confidence > 0.0 && confidence < 1.0)) {
    throw StatusError(InvalidArgument("confidence: must be strictly between 0 and 1"));
  }
  if (replicates > 0 && !TrimFits(replicates, confidence)) {
    throw StatusError(InvalidArgument("bootstrap: " + std::to_string(replicates) +
                                      " replicates are too few for rank ranges at this "
                                      "confidence; use at least " +
                                      std::to_string(MinimumBootstrapReplicates(confidence))));
  }
  ScoredPairsOptions options;
  options.range = range;
  options.replicates = replicates;
  options.seed = seed;
  options.threads = threads;
  std::atomic<bool> cancel{false};
  options.cancelled = [&cancel] { return cancel.load(std::memory_order_relaxed); };
  const int n = items.num_systems;
  ScoredPairsResult fit;
  RunInterruptible([&] { fit = ValueOrThrow(FitScoredPairs(items, options)); }, &cancel);

  std::vector<double> score(n);
  for (int s = 0; s < n; ++s) score[s] = EloFromTheta(fit.theta[s]);
  const std::vector<int> order = ScoredOrder(score);
  std::vector<int64_t> answered(n, 0);
  std::vector<double> sums(n, 0.0);
  for (size_t k = 0; k < items.systems.size(); ++k) {
    ++answered[items.systems[k]];
    sums[items.systems[k]] += items.scores[k];
  }
  py::dict columns;
  py::list system_column;
  for (int s : order) system_column.append(names[s]);
  columns["system"] = system_column;
  auto column = [&](auto get) {
    py::array_t<double> out(n);
    for (int k = 0; k < n; ++k) out.mutable_data()[k] = get(order[k]);
    return out;
  };
  columns["score"] = column([&](int s) { return score[s]; });
  py::array_t<int32_t> rank(n);
  for (int k = 0; k < n; ++k) rank.mutable_data()[k] = k + 1;
  columns["rank"] = rank;
  py::array_t<int64_t> items_column(n);
  for (int k = 0; k < n; ++k) items_column.mutable_data()[k] = answered[order[k]];
  columns["items"] = items_column;
  columns["mean"] = column([&](int s) { return answered[s] ? sums[s] / answered[s] : NAN; });
  columns["theta"] = column([&](int s) { return fit.theta[s]; });

  py::dict out;
  if (replicates > 0) {
    ScoreSamples samples(n, replicates);
    RankSamples ranks(n, replicates);
    for (int r = 0; r < replicates; ++r) {
      for (int s = 0; s < n; ++s) {
        samples.at(r, s) = EloFromTheta(fit.replicate_theta[static_cast<size_t>(r) * n + s]);
      }
      const std::vector<int> replicate_order = ScoredOrder(samples.row(r));
      for (int k = 0; k < n; ++k) ranks.at(r, replicate_order[k]) = k + 1;
    }
    const std::vector<ScoreInterval> intervals = ScoreIntervals(samples, confidence);
    const std::vector<RankRange> ranges = RankRanges(ranks, confidence);
    const std::vector<int> clusters = ClusterByRankRanges(order, ranges);
    columns["score_lo"] = column([&](int s) { return intervals[s].lo; });
    columns["score_hi"] = column([&](int s) { return intervals[s].hi; });
    columns["stderr"] = column([&](int s) {
      double mean = 0.0, ss = 0.0;
      for (int r = 0; r < replicates; ++r) mean += samples.at(r, s);
      mean /= replicates;
      for (int r = 0; r < replicates; ++r)
        ss += (samples.at(r, s) - mean) * (samples.at(r, s) - mean);
      return replicates > 1 ? std::sqrt(ss / (replicates - 1)) : 0.0;
    });
    py::array_t<int32_t> lo(n), hi(n), cluster(n);
    for (int k = 0; k < n; ++k) {
      lo.mutable_data()[k] = ranges[order[k]].lo;
      hi.mutable_data()[k] = ranges[order[k]].hi;
      cluster.mutable_data()[k] = clusters[order[k]];
    }
    columns["rank_lo"] = lo;
    columns["rank_hi"] = hi;
    columns["cluster"] = cluster;
    if (want_replicates) {
      py::array_t<double> values(
          {static_cast<py::ssize_t>(replicates), static_cast<py::ssize_t>(n)});
      for (int r = 0; r < replicates; ++r) {
        for (int k = 0; k < n; ++k)
          values.mutable_data()[static_cast<size_t>(r) * n + k] = samples.at(r, order[k]);
      }
      out["replicates"] = values;
    }
  }
  py::dict board;
  board["model"] = "scored-pair-bradley-terry";
  board["items"] = static_cast<int64_t>(items.num_items());
  int64_t comparisons = 0;
  for (size_t i = 0; i < items.num_items(); ++i) {
    const int64_t k = items.offsets[i + 1] - items.offsets[i];
    comparisons += k * (k - 1) / 2;
  }
  board["comparisons"] = comparisons;
  board["score_range"] = range;
  board["bootstrap_replicates"] = replicates;
  board["confidence"] = confidence;
  board["seed"] = seed;
  py::list warnings;
  if (!fit.warning.empty()) warnings.append(fit.warning);
  board["warnings"] = warnings;
  out["columns"] = columns;
  out["board"] = board;
  return out;
}

}  // namespace

void RegisterScoredPairs(py::module_& m) {
  m.def("rank_scored", &RankScored, py::arg("names"), py::arg("offsets"), py::arg("systems"),
        py::arg("scores"), py::arg("range"), py::arg("replicates") = 1000,
        py::arg("confidence") = 0.95, py::arg("seed") = 1, py::arg("threads") = 0,
        py::arg("replicates_out") = false);
}

}  // namespace tourney::python
