// tourney.stability: clusters under subsampled judgments (`tourney stability`, Zobel 1998).
#include "tourney/statistics/stability.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <optional>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/model_options.h"
#include "bindings/module.h"

namespace tourney::python {

namespace {

// One value per point, as a numpy array.
template <typename T, typename Get>
py::array_t<T> PointColumn(const std::vector<StabilityPoint>& points, Get get) {
  py::array_t<T> out(points.size());
  T* p = out.mutable_data();
  for (size_t i = 0; i < points.size(); ++i) p[i] = static_cast<T>(get(points[i]));
  return out;
}

py::object Optional(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::object(py::none());
}

// Every repeat of every point, one row each, as columns.
py::dict RepeatColumns(const std::vector<StabilityPoint>& points) {
  py::list fraction, rankings, tau, rho, pearson_rank, clusters, flipped, lost, added, reproduced;
  for (const StabilityPoint& p : points) {
    for (const StabilityRepeat& x : p.repeats) {
      fraction.append(p.fraction);
      rankings.append(x.rankings);
      tau.append(Optional(x.kendall_tau_b));
      rho.append(Optional(x.spearman_rho));
      pearson_rank.append(Optional(x.pearson_rank));
      clusters.append(x.clusters);
      flipped.append(x.flipped);
      lost.append(x.lost);
      added.append(x.added);
      reproduced.append(x.reproduced);
    }
  }
  py::dict d;
  d["fraction"] = fraction;
  d["rankings"] = rankings;
  d["kendall_tau_b"] = tau;
  d["spearman_rho"] = rho;
  d["pearson_rank"] = pearson_rank;
  d["clusters"] = clusters;
  d["flipped"] = flipped;
  d["lost"] = lost;
  d["added"] = added;
  d["reproduced"] = reproduced;
  return d;
}

py::dict Stability(Dataset& data, const std::string& model_name,
                   const std::vector<double>& fractions, int repeats, int replicates,
                   double confidence, const std::string& resample, const std::string& unit,
                   double level, uint64_t seed, int threads, const py::dict& kwargs) {
  const std::unique_ptr<RatingModel> model =
      ValueOrThrow(MakeRatingModel(model_name, ModelOptionsFromKwargs(model_name, kwargs)));
  StabilityOptions options;
  options.fractions = fractions;
  options.repeats = repeats;
  options.seed = seed;
  options.threads = threads;
  options.unit = ValueOrThrow(ParseSubsampleUnit(unit));
  options.reproduce_level = level;
  options.bootstrap.replicates = replicates;
  options.bootstrap.confidence = confidence;
  options.bootstrap.resample = ValueOrThrow(ParseResampleUnit(resample));
  const Judgments& judgments = data.judgments();
  std::atomic<bool> cancel{false};
  options.cancelled = [&cancel] { return cancel.load(std::memory_order_relaxed); };
  std::optional<StabilityResult> result;
  RunInterruptible([&] { result = ValueOrThrow(RunStability(judgments, *model, options)); },
                   &cancel);
  const std::vector<StabilityPoint>& p = result->points;
  py::dict points;
  points["fraction"] = PointColumn<double>(p, [](const StabilityPoint& x) { return x.fraction; });
  points["units"] = PointColumn<int64_t>(p, [](const StabilityPoint& x) { return x.units; });
  // Each statistic as <name>_mean, <name>_sd, <name>_defined.
  const std::pair<const char*, StabilityStat StabilityPoint::*> stats[] = {
      {"kendall_tau_b", &StabilityPoint::kendall_tau_b},
      {"spearman_rho", &StabilityPoint::spearman_rho},
      {"pearson_rank", &StabilityPoint::pearson_rank},
      {"clusters", &StabilityPoint::clusters},
      {"flipped_share", &StabilityPoint::flipped_share},
      {"lost_share", &StabilityPoint::lost_share}};
  for (const auto& [name, member] : stats) {
    const std::string n = name;
    points[py::str(n + "_mean")] =
        PointColumn<double>(p, [member](const StabilityPoint& x) { return (x.*member).mean; });
    points[py::str(n + "_sd")] =
        PointColumn<double>(p, [member](const StabilityPoint& x) { return (x.*member).sd; });
    points[py::str(n + "_defined")] =
        PointColumn<int32_t>(p, [member](const StabilityPoint& x) { return (x.*member).defined; });
  }
  points["reproduced_share"] =
      PointColumn<double>(p, [](const StabilityPoint& x) { return x.reproduced_share; });
  py::dict study;
  study["model"] = result->model;
  study["unit"] = SubsampleUnitName(result->unit);
  study["total_units"] = result->total_units;
  study["total_rankings"] = result->total_rankings;
  study["bootstrap_replicates"] = result->options.bootstrap.replicates;
  study["confidence"] = result->options.bootstrap.confidence;
  study["repeats"] = result->options.repeats;
  study["seed"] = result->options.seed;
  study["reproduce_level"] = result->options.reproduce_level;
  study["reference_clusters"] = result->reference_clusters;
  study["reference_separations"] = result->reference_separations;
  study["smallest_reproducing_fraction"] = Optional(result->smallest_reproducing_fraction);
  study["notes"] = result->notes;
  py::dict out;
  out["points"] = points;
  out["repeats"] = RepeatColumns(p);
  out["reference"] = BoardToDict(result->reference);
  out["study"] = study;
  return out;
}

}  // namespace

void RegisterStability(py::module_& m) {
  m.def("stability", &Stability, py::arg("data"), py::arg("model"), py::arg("fractions"),
        py::arg("repeats"), py::arg("bootstrap"), py::arg("confidence"), py::arg("resample"),
        py::arg("unit"), py::arg("level"), py::arg("seed"), py::arg("threads"),
        py::arg("options") = py::dict());
}

}  // namespace tourney::python
