// tourney.sampling_study: the simulation protocol of Saldías et al. (2022)
// (`tourney sampling-study`, tourney/experiments/sampling_study.h), its tables as columns.
#include "tourney/experiments/sampling_study.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/module.h"
#include "bindings/scored_table.h"

namespace tourney::python {

namespace {

// A column of one field of `rows`, as a numpy array of doubles.
template <typename Row, typename Get>
py::array_t<double> StudyColumn(const std::vector<Row>& rows, Get get) {
  py::array_t<double> out(rows.size());
  double* p = out.mutable_data();
  for (size_t i = 0; i < rows.size(); ++i) p[i] = get(rows[i]);
  return out;
}

// Tables 1-4: one row per method, aggregated over sizes (the baseline's win_pct is NaN, as
// the JSON's null).
py::dict MethodColumns(const SamplingStudyResult& study) {
  const auto& m = study.methods;
  py::list name;
  for (const MethodResult& r : m) name.append(r.name);
  py::dict d;
  d["name"] = name;
  d["abs_error"] = StudyColumn(m, [](const MethodResult& r) { return r.abs_error_all; });
  d["sdev"] = StudyColumn(m, [](const MethodResult& r) { return r.sdev_all; });
  py::array_t<double> win = StudyColumn(m, [](const MethodResult& r) { return r.win_pct_all; });
  if (!m.empty()) win.mutable_data()[0] = std::nan("");
  d["win_pct"] = win;
  d["bias"] = StudyColumn(m, [](const MethodResult& r) { return r.bias_all; });
  return d;
}

// Figure 4: one row per (method, size).
py::dict PerSizeColumns(const SamplingStudyResult& study) {
  py::list method;
  std::vector<double> size, abs_error, sdev, win, bias;
  for (size_t k = 0; k < study.methods.size(); ++k) {
    const MethodResult& r = study.methods[k];
    for (size_t z = 0; z < r.abs_error.size(); ++z) {
      method.append(r.name);
      size.push_back(study.sizes_pct[z]);
      abs_error.push_back(r.abs_error[z]);
      sdev.push_back(r.sdev[z]);
      win.push_back(k == 0 ? std::nan("") : r.win_pct[z]);
      bias.push_back(r.bias[z]);
    }
  }
  auto array = [](const std::vector<double>& v) { return py::array_t<double>(v.size(), v.data()); };
  py::dict d;
  d["method"] = method;
  d["size_pct"] = array(size);
  d["abs_error"] = array(abs_error);
  d["sdev"] = array(sdev);
  d["win_pct"] = array(win);
  d["bias"] = array(bias);
  return d;
}

// Table 5: one row per (bound, method, size).
py::dict BoundColumns(const SamplingStudyResult& study) {
  const auto& b = study.bounds;
  py::list name, method;
  for (const BoundResult& r : b) {
    name.append(r.name);
    method.append(r.method);
  }
  py::dict d;
  d["name"] = name;
  d["method"] = method;
  d["size_pct"] = StudyColumn(b, [](const BoundResult& r) { return r.size_pct; });
  d["coverage"] = StudyColumn(b, [](const BoundResult& r) { return r.coverage; });
  d["slack"] = StudyColumn(b, [](const BoundResult& r) { return r.slack; });
  d["t"] = StudyColumn(b, [](const BoundResult& r) { return r.t; });
  d["width"] = StudyColumn(b, [](const BoundResult& r) { return r.width; });
  return d;
}

// Annotating until ±t: one row per (bound, tolerance).
py::dict StoppingColumns(const SamplingStudyResult& study) {
  const auto& s = study.stopping;
  py::list bound, method;
  for (const StoppingResult& r : s) {
    bound.append(r.bound);
    method.append(r.method);
  }
  py::dict d;
  d["bound"] = bound;
  d["method"] = method;
  d["tolerance"] = StudyColumn(s, [](const StoppingResult& r) { return r.tolerance; });
  d["coverage"] = StudyColumn(s, [](const StoppingResult& r) { return r.coverage; });
  d["reached_pct"] = StudyColumn(s, [](const StoppingResult& r) { return r.reached; });
  d["segments_pct"] = StudyColumn(s, [](const StoppingResult& r) { return r.segments_pct; });
  return d;
}

py::dict SamplingStudy(const std::string& source, const py::object& text,
                       const py::dict& columns, const std::vector<std::string>& methods,
                       const std::vector<double>& sizes, int draws, uint64_t seed, int threads,
                       double confidence, double range, const std::string& bound_method,
                       const std::vector<double>& stopping, int stopping_every, int batches,
                       int bin_size) {
  SamplingStudyOptions o;
  for (const std::string& m : methods) ThrowIfError(ParseStudyMethod(m).status());
  o.methods = methods;
  if (sizes.empty()) throw StatusError(InvalidArgument("sizes: give at least one size"));
  for (double v : sizes) {
    if (!(v > 0 && v <= 100)) throw StatusError(InvalidArgument("sizes: each in (0, 100]"));
  }
  o.sizes_pct = sizes;
  if (draws < 2 || draws > 100000) throw StatusError(InvalidArgument("draws: 2..100000"));
  if (!(confidence > 0 && confidence < 1)) {
    throw StatusError(InvalidArgument("confidence: in (0, 1)"));
  }
  if (!(range >= 0)) throw StatusError(InvalidArgument("range: >= 0"));
  if (batches < 1 || batches > 10000) throw StatusError(InvalidArgument("batches: 1..10000"));
  if (bin_size < 1 || bin_size > 100000) {
    throw StatusError(InvalidArgument("bin_size: 1..100000"));
  }
  for (double t : stopping) {
    if (!(t > 0)) throw StatusError(InvalidArgument("stopping: each tolerance > 0"));
  }
  if (stopping_every < 1 || stopping_every > 1000000) {
    throw StatusError(InvalidArgument("stopping_every: 1..1000000"));
  }
  if (threads < 0 || threads > 4096) throw StatusError(InvalidArgument("threads: 0..4096"));
  o.draws = draws;
  o.seed = seed;
  o.threads = threads;
  o.confidence = confidence;
  o.fixed_range = range;
  o.bound_method = bound_method;
  o.stopping_tolerances = stopping;
  o.stopping_every = stopping_every;
  o.design.batches = batches;
  o.population.segments_per_bin = bin_size;
  const ScoredSegments table = LoadScoredTable(source, text, columns);
  std::atomic<bool> cancel{false};
  o.cancelled = [&cancel] { return cancel.load(std::memory_order_relaxed); };
  std::optional<SamplingStudyResult> result;
  RunInterruptible([&] { result = ValueOrThrow(RunSamplingStudy(table, o)); }, &cancel);
  py::dict study;
  study["systems"] = result->systems;
  study["sizes_pct"] = result->sizes_pct;
  study["draws"] = result->draws;
  study["seed"] = result->seed;
  study["confidence"] = result->confidence;
  study["seconds"] = result->seconds;
  // As the command line: the table's warnings are about its metrics, for a study that reads
  // them.
  study["warnings"] = StudyReadsMetrics(o) ? table.warnings : std::vector<std::string>{};
  py::dict out;
  out["methods"] = MethodColumns(*result);
  out["per_size"] = PerSizeColumns(*result);
  out["bounds"] = BoundColumns(*result);
  out["stopping"] = StoppingColumns(*result);
  out["study"] = study;
  return out;
}

}  // namespace

void RegisterSamplingStudy(py::module_& m) {
  m.def("sampling_study", &SamplingStudy, py::arg("source"), py::arg("text"),
        py::arg("columns"), py::arg("methods"), py::arg("sizes"), py::arg("draws"),
        py::arg("seed"), py::arg("threads"), py::arg("confidence"), py::arg("range"),
        py::arg("bound_method"), py::arg("stopping"), py::arg("stopping_every"),
        py::arg("batches"), py::arg("bin_size"));
}

}  // namespace tourney::python
