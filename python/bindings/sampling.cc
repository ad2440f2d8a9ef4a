// tourney.sample and tourney.estimate: segments to annotate from a sampling design
// (`tourney sample`, tourney/sampling/segment_sample.h) and every system's test-set score
// from a partly annotated table (`tourney estimate`, tourney/sampling/system_estimates.h).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/module.h"
#include "bindings/scored_table.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/sampling/segment_sample.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney::python {

ScoredSegments LoadScoredTable(const std::string& source, const py::object& text,
                               const py::dict& columns) {
  ScoredSegmentReadOptions o;
  o.score_column = columns["score"].cast<std::string>();
  o.system_column = columns["system_column"].cast<std::string>();
  o.document_column = columns["doc_column"].cast<std::string>();
  o.segment_column = columns["segment_column"].cast<std::string>();
  o.metric_columns = columns["metrics"].cast<std::vector<std::string>>();
  o.exclude_systems = columns["exclude_system"].cast<std::vector<std::string>>();
  const bool from_file = text.is_none();
  const std::string body = from_file ? std::string() : text.cast<std::string>();
  py::gil_scoped_release release;
  return ValueOrThrow(from_file ? ReadScoredSegments(source, o)
                                : ParseScoredSegments(body, source, o));
}

int SystemIndex(const ScoredSegments& table, const std::string& name, const char* what) {
  for (size_t s = 0; s < table.systems.size(); ++s) {
    if (table.systems[s].name == name) return static_cast<int>(s);
  }
  throw StatusError(InvalidArgument(std::string(what) + ": no system '" + name + "'"));
}

namespace {

template <typename T>
py::array_t<T> Array(const std::vector<T>& values) {
  return py::array_t<T>(values.size(), values.data());
}

// The whole test set as `tourney sample --format tsv` writes it, as columns: each system's
// own rows, its metrics, and the design's sampled, inclusion (and order) per row.
py::dict SampleColumns(const ScoredSegments& table, const SegmentSample& sample) {
  size_t rows = 0;
  for (const SystemSegments& sys : table.systems) rows += sys.segment.size();
  const int metrics = table.num_metrics();
  py::list system, document, segment;
  std::vector<std::vector<double>> metric(metrics);
  std::vector<int8_t> sampled;
  std::vector<double> inclusion;
  std::vector<int64_t> order;
  for (auto& m : metric) m.reserve(rows);
  for (const SystemSegments& sys : table.systems) {
    const py::str name(sys.name);
    for (int r = 0; r < sys.size(); ++r) {
      const int g = sys.segment[r];
      system.append(name);
      document.append(table.document_ids[table.segment_document[g]]);
      segment.append(table.segment_ids[g]);
      for (int m = 0; m < metrics; ++m) {
        metric[m].push_back(sys.metrics[static_cast<size_t>(r) * metrics + m]);
      }
      sampled.push_back(static_cast<int8_t>(sample.sampled[g]));
      inclusion.push_back(sample.inclusion[g]);
      if (!sample.order.empty()) order.push_back(sample.order[g]);
    }
  }
  py::dict columns;
  columns["system"] = system;
  columns["doc"] = document;
  columns["seg"] = segment;
  py::dict metric_columns;
  for (int m = 0; m < metrics; ++m) {
    metric_columns[py::str(table.metric_names[m])] = Array(metric[m]);
  }
  columns["metrics"] = metric_columns;
  columns["sampled"] = Array(sampled);
  columns["inclusion"] = Array(inclusion);
  if (!sample.order.empty()) columns["order"] = Array(order);
  return columns;
}

py::dict Sample(const std::string& source, const py::object& text, const py::dict& columns,
                const std::string& design_name, int n, double pct, uint64_t seed,
                const std::string& system, int bin_size) {
  SegmentSampleOptions o;
  o.design = ValueOrThrow(ParseDesign(design_name));
  o.n = n;
  o.pct = pct;
  o.seed = seed;
  if (bin_size < 1 || bin_size > 100000) {
    throw StatusError(InvalidArgument("bin_size: 1..100000"));
  }
  o.population.segments_per_bin = bin_size;
  const ScoredSegments table = LoadScoredTable(source, text, columns);
  if (!system.empty()) o.design_system = SystemIndex(table, system, "system");
  std::optional<SegmentSample> sample;
  {
    py::gil_scoped_release release;
    sample = ValueOrThrow(SampleSegments(table, o));
  }
  // As the command line: the table's warnings (dropped metrics) when the design reads
  // metrics, and the systems with segments the design never draws.
  const bool reads_metrics =
      DesignStrata(o.design) == Strata::kMetricBins || o.design == Design::kDocsOpt;
  std::vector<std::string> warnings = reads_metrics ? table.warnings : std::vector<std::string>{};
  warnings.insert(warnings.end(), sample->warnings.begin(), sample->warnings.end());
  py::list segments;
  for (int g : sample->segments) segments.append(table.segment_ids[g]);
  py::dict meta;
  meta["design"] = std::string(DesignName(sample->design));
  meta["seed"] = sample->seed;
  meta["n"] = sample->n;
  meta["test_set"] = sample->test_set;
  meta["system"] = table.systems[sample->design_system].name;
  meta["segments"] = segments;
  meta["note"] = RecordedDesignNote(table, *sample);
  meta["warnings"] = warnings;
  py::dict out;
  out["columns"] = SampleColumns(table, *sample);
  out["sample"] = meta;
  return out;
}

// The options of `tourney estimate`, resolved as the command line resolves its flags: the
// design and system the table records win over the defaults (and contradict given ones).
SystemEstimatesOptions EstimateOptions(const ScoredSegments& table, const py::dict& kw,
                                       std::vector<std::string>* warnings) {
  SystemEstimatesOptions o;
  const RecordedDesign recorded = ReadRecordedDesign(table);
  const py::object design_arg = kw["design"];
  std::string design_name = design_arg.is_none() ? "docs-prop" : design_arg.cast<std::string>();
  if (!recorded.design.empty()) {
    if (!design_arg.is_none() && design_name != recorded.design) {
      throw StatusError(InvalidArgument("design: the table records design '" + recorded.design +
                                        "', not '" + design_name + "'"));
    }
    design_name = recorded.design;
  }
  o.design = ValueOrThrow(ParseDesign(design_name));
  std::string system = kw["system"].is_none() ? "" : kw["system"].cast<std::string>();
  if (!recorded.system.empty()) {
    if (!system.empty() && system != recorded.system) {
      throw StatusError(
          InvalidArgument("system: the table records system '" + recorded.system + "'"));
    }
    system = recorded.system;
  }
  if (!system.empty()) {
    o.design_system = SystemIndex(table, system, "system");
  } else if (DesignStrata(o.design) == Strata::kMetricBins || o.design == Design::kDocsOpt) {
    warnings->push_back("design '" + std::string(DesignName(o.design)) +
                        "' read one system's metrics; without system= (or a table written by "
                        "tourney.sample) that is taken to be the first, '" +
                        table.systems[0].name + "'");
  }
  const py::object score_min = kw["score_min"], score_max = kw["score_max"];
  if (score_min.is_none() != score_max.is_none()) {
    throw StatusError(InvalidArgument("score_min and score_max go together"));
  }
  if (!score_min.is_none()) {
    o.score_min = score_min.cast<double>();
    o.score_max = score_max.cast<double>();
  }
  if (!kw["test_set_size"].is_none()) {
    const int64_t size = kw["test_set_size"].cast<int64_t>();
    if (size < 1 || size > 100000000) {
      throw StatusError(InvalidArgument("test_set_size: 1..100000000"));
    }
    o.test_set_size = static_cast<int>(size);
  }
  const py::object estimator = kw["estimator"];
  o.estimator =
      ValueOrThrow(ParseEstimator(estimator.is_none() ? "cv-knn" : estimator.cast<std::string>()));
  o.tolerance = kw["tolerance"].cast<double>();
  if (!(o.tolerance >= 0)) throw StatusError(InvalidArgument("tolerance: >= 0"));
  std::string bound = kw["bound"].is_none() ? "" : kw["bound"].cast<std::string>();
  const bool can_sequence = !table.segment_order.empty() && !score_min.is_none();
  if (bound.empty()) {
    bound = o.tolerance > 0 && can_sequence ? "cv-cs" : "bootstrap-t";
    if (o.tolerance > 0 && !can_sequence) {
      warnings->push_back(
          "bootstrap-t holds its confidence at a sample size fixed in advance; annotating "
          "until it first says 'within +-T' breaks that (docs/sampling.md). For a stop chosen "
          "from the data, estimate a table written by tourney.sample (it records the serving "
          "order) with score_min and score_max: the default is then cv-cs");
    }
  }
  o.bound = ValueOrThrow(ParseBound(bound));
  if (o.bound == BoundKind::kCvCs && o.estimator.kind != EstimatorKind::kCvKnn &&
      !estimator.is_none()) {
    throw StatusError(InvalidArgument("bound: cv-cs is the sequence of the cv-knn estimator"));
  }
  o.confidence = kw["confidence"].cast<double>();
  if (!(o.confidence > 0 && o.confidence < 1)) {
    throw StatusError(InvalidArgument("confidence: in (0, 1)"));
  }
  o.range = kw["range"].cast<double>();
  if (!(o.range >= 0)) throw StatusError(InvalidArgument("range: >= 0"));
  const std::string pairs = kw["pairs"].cast<std::string>();
  if (pairs != "adjacent" && pairs != "all") {
    throw StatusError(InvalidArgument("pairs: adjacent or all"));
  }
  o.all_pairs = pairs == "all";
  const int threads = kw["threads"].cast<int>();
  if (threads < 0 || threads > 4096) throw StatusError(InvalidArgument("threads: 0..4096"));
  o.threads = threads;
  o.seed = kw["seed"].cast<uint64_t>();
  o.lower_is_better = kw["lower_is_better"].cast<bool>();
  const int bin_size = kw["bin_size"].cast<int>();
  if (bin_size < 1 || bin_size > 100000) throw StatusError(InvalidArgument("bin_size: 1..100000"));
  o.population.segments_per_bin = bin_size;
  return o;
}

py::dict SystemColumns(const SystemEstimates& e) {
  const size_t n = e.systems.size();
  py::list name;
  std::vector<double> estimate(n), lo(n), hi(n), half_width(n), max_side(n);
  std::vector<int64_t> annotated(n), segments(n), needed(n);
  std::vector<uint8_t> within(n);
  for (size_t i = 0; i < n; ++i) {
    const SystemEstimate& s = e.systems[i];
    name.append(s.name);
    estimate[i] = s.estimate.value;
    lo[i] = s.lo;
    hi[i] = s.hi;
    half_width[i] = s.half_width;
    max_side[i] = s.max_side;
    annotated[i] = s.annotated;
    segments[i] = s.segments;
    within[i] = s.within_tolerance;
    needed[i] = s.segments_needed;
  }
  py::dict d;
  d["name"] = name;
  d["estimate"] = Array(estimate);
  d["lo"] = Array(lo);
  d["hi"] = Array(hi);
  d["half_width"] = Array(half_width);
  d["max_side"] = Array(max_side);
  d["annotated"] = Array(annotated);
  d["segments"] = Array(segments);
  if (e.options.tolerance > 0) {  // as the JSON: only with a tolerance
    d["within_tolerance"] = Array(within).attr("astype")("bool");
    d["segments_needed"] = Array(needed);
  }
  return d;
}

// The paired differences; difference, lo and hi are None where not estimated (fewer than
// two shared segments), as the JSON leaves them out.
py::dict PairColumns(const SystemEstimates& e) {
  py::list better, worse, difference, lo, hi, paired, separated;
  for (const PairDifference& p : e.pairs) {
    better.append(p.better);
    worse.append(p.worse);
    difference.append(p.estimated ? py::object(py::float_(p.difference)) : py::none());
    lo.append(p.estimated ? py::object(py::float_(p.lo)) : py::none());
    hi.append(p.estimated ? py::object(py::float_(p.hi)) : py::none());
    paired.append(p.paired);
    separated.append(p.separated);
  }
  py::dict d;
  d["better"] = better;
  d["worse"] = worse;
  d["difference"] = difference;
  d["lo"] = lo;
  d["hi"] = hi;
  d["paired"] = paired;
  d["separated"] = separated;
  return d;
}

py::dict Estimate(const std::string& source, const py::object& text, const py::dict& columns,
                  const py::dict& kw) {
  const ScoredSegments table = LoadScoredTable(source, text, columns);
  std::vector<std::string> warnings;
  const SystemEstimatesOptions o = EstimateOptions(table, kw, &warnings);
  std::string score = columns["score"].cast<std::string>();
  for (char& c : score) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!o.lower_is_better && score.find("mqm") != std::string::npos) {
    warnings.push_back("the score column '" + columns["score"].cast<std::string>() +
                       "' looks like MQM error points, where lower is better, but "
                       "lower_is_better is not given: higher scores rank first");
  }
  std::optional<SystemEstimates> result;
  {
    py::gil_scoped_release release;
    result = ValueOrThrow(EstimateSystems(table, o));
  }
  py::dict out;
  out["systems"] = SystemColumns(*result);
  out["pairs"] = PairColumns(*result);
  out["board"] = BoardToDict(result->board);
  out["warnings"] = result->warnings;
  out["notices"] = warnings;  // what the command line prints to stderr
  out["lower_is_better"] = o.lower_is_better;
  out["bound"] = std::string(BoundName(o.bound));
  out["design"] = std::string(DesignName(o.design));
  return out;
}

}  // namespace

void RegisterSampling(py::module_& m) {
  m.def("sample", &Sample, py::arg("source"), py::arg("text"), py::arg("columns"),
        py::arg("design"), py::arg("n"), py::arg("pct"), py::arg("seed"), py::arg("system"),
        py::arg("bin_size"));
  m.def("estimate", &Estimate, py::arg("source"), py::arg("text"), py::arg("columns"),
        py::arg("options"));
}

}  // namespace tourney::python
