// tourney sampling-study, sample and estimate: annotating part of a test set and estimating
// every system's score from it (Saldías et al. 2022; engine/include/tourney/sampling/).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "render/sampling_format.h"
#include "render/text_format.h"
#include "sampling_input.h"
#include "tourney/core/random.h"
#include "tourney/experiments/sampling_study.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney::cli {
namespace {

constexpr const char* kFigure4Methods =
    "baseline,docs-prop,cv-knn,docs-prop+cv-knn,metrics-prop+cv-knn";

// Whether `s` is a whole finite number, into *v.
bool ParseFiniteNumber(const std::string& s, double* v) {
  char* end = nullptr;
  *v = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && std::isfinite(*v);
}

// "5:50:5" (from:to:step) or "5,10,20": sample sizes in percent.
StatusOr<std::vector<double>> ParseSizes(const std::string& text) {
  std::vector<double> out;
  const Status bad = InvalidArgument("option '--sizes': '" + text +
                                     "' is not FROM:TO:STEP or a list of percentages in (0, 100]");
  if (text.find(':') != std::string::npos) {
    std::vector<std::string> parts;
    std::stringstream ss(text);
    for (std::string p; std::getline(ss, p, ':');) parts.push_back(p);
    double from, to, step;
    if (parts.size() != 3 || !ParseFiniteNumber(parts[0], &from) ||
        !ParseFiniteNumber(parts[1], &to) || !ParseFiniteNumber(parts[2], &step) ||
        !(step > 0) || to < from) {
      return bad;
    }
    for (int k = 0; from + k * step <= to + 1e-9 && k < 1000; ++k) out.push_back(from + k * step);
  } else {
    for (const std::string& s : SplitList(text)) {
      double v;
      if (!ParseFiniteNumber(s, &v)) return bad;
      out.push_back(v);
    }
  }
  if (out.empty()) return bad;
  for (double v : out) {
    if (!(v > 0 && v <= 100)) return bad;
  }
  return out;
}

}  // namespace

int RunSamplingStudyCommand(int argc, char** argv) {
  Flags flags(
      "tourney sampling-study FILE [--score COL] [--lower-is-better] [--exclude-system S] "
      "[--methods LIST] [--sizes 5:50:5] [--draws 100] [--seed S] [--threads T] "
      "[--format F] [--plot FILE]",
      "The simulation protocol of Saldias et al. (2022): every system's every segment must be\n"
      "scored (the truth; leave others out with --exclude-system); for every system, sample\n"
      "size (each at least 2 segments) and draw, each method samples the test set and\n"
      "estimates its mean score; reports the mean absolute error against the true mean, its\n"
      "sd and the % of (system, size) cases where a method beats random sampling (Tables\n"
      "1-4), per size (Figure 4), and the coverage, slack and width of the error bounds for\n"
      "the baseline and --bound-method (Table 5). Methods: baseline, a design (docs-prop,\n"
      "docs-opt, metrics-prop, metrics-opt, docs-incr-metrics, docs-incr-human), an estimator\n"
      "with random sampling (cv-<metric>, cv-mean, cv-multi, cv-knn) or DESIGN+ESTIMATOR.\n"
      "Results do not depend on --threads.");
  AddScoredSegmentFlags(flags);
  flags.Add("methods", "LIST", "", "methods to compare (default: the paper's)");
  flags.Add("sizes", "SPEC", "5:50:5", "sample sizes in % of the test set: FROM:TO:STEP or a list");
  flags.Add("draws", "R", "100", "samples per system and size");
  flags.Add("seed", "S", "1", "base seed");
  flags.Add("threads", "T", "1", "worker threads (results do not depend on it)");
  flags.Add("confidence", "G", "0.95", "confidence level of the error bounds");
  flags.Add("range", "R", "0", "also evaluate Hoeffding with this fixed range (Table 5: 4)");
  flags.Add("bound-method", "M", "docs-prop+cv-knn", "bounds for this method and the baseline");
  flags.Add("stopping", "T,T", "",
            "also annotate until +-T: score random orders in batches, stop once the interval is "
            "at most 2T wide, and report the coverage at the stop (clt, bootstrap-t, betting-cs; "
            "and in docs-prop orders bootstrap-t with docs-prop+cv-knn and cv-cs)");
  flags.Add("stopping-every", "N", "20", "--stopping: segments scored between two checks");
  flags.Add("batches", "B", "5", "incremental designs: batches the sample grows in");
  flags.Add("format", "F", "table", "table, json, csv, latex or markdown");
  flags.Add("out", "FILE", "", "write the result here instead of stdout");
  flags.Add("plot", "FILE", "", "absolute error against sample size as SVG (or PDF)");
  flags.Add("plot-methods", "LIST", "",
            "methods drawn in the plot (default: Figure 4's, baseline, docs-prop, cv-knn, "
            "docs-prop+cv-knn and metrics-prop+cv-knn, those that were run)");
  flags.Add("title", "TEXT", "", "title of the tables and the plot");
  AddPlotTitleFlag(flags);
  flags.AddExample(
      "tourney sampling-study en-de.tsv.gz --score mqm --lower-is-better "
      "--exclude-system Human-A.0 --draws 100 --sizes 5:50:5 --seed 1 --threads 2",
      "the paper's protocol on WMT20 en-de MQM");
  flags.AddExample(
      "tourney sampling-study en-de.tsv.gz --exclude-system Human-A.0 --methods "
      "docs-prop,cv-knn,docs-prop+cv-knn --format json --plot fig4.svg",
      "three methods against the baseline, JSON and Figure 4");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "sampling-study", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("sampling-study", s); };
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return fail(format.status());
  if (*format == OutputFormat::kWmt) return fail(InvalidArgument("option '--format': no wmt here"));
  SamplingStudyOptions o;
  o.methods = SplitList(flags.Get("methods"));
  for (const std::string& m : o.methods) {
    if (auto parsed = ParseStudyMethod(m); !parsed.ok()) return fail(parsed.status());
  }
  auto sizes = ParseSizes(flags.Get("sizes"));
  if (!sizes.ok()) return fail(sizes.status());
  o.sizes_pct = *sizes;
  auto draws = flags.GetInt("draws");
  auto seed = flags.GetUint("seed");
  auto threads = flags.GetInt("threads");
  auto confidence = flags.GetDouble("confidence");
  auto range = flags.GetDouble("range");
  auto batches = flags.GetInt("batches");
  auto bin = BinSizeFromFlags(flags);
  for (const Status* s : {&draws.status(), &seed.status(), &threads.status(), &confidence.status(),
                          &range.status(), &batches.status(), &bin.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*draws < 2 || *draws > 100000) return fail(InvalidArgument("option '--draws': 2..100000"));
  if (!(*confidence > 0 && *confidence < 1)) {
    return fail(InvalidArgument("option '--confidence': in (0, 1)"));
  }
  if (!(*range >= 0)) return fail(InvalidArgument("option '--range': >= 0"));
  if (*batches < 1 || *batches > 10000)
    return fail(InvalidArgument("option '--batches': 1..10000"));
  for (const std::string& t : SplitList(flags.Get("stopping"))) {
    double v = 0.0;
    if (!ParseFiniteNumber(t, &v) || !(v > 0)) {
      return fail(InvalidArgument("option '--stopping': '" + t + "' is not a number > 0"));
    }
    o.stopping_tolerances.push_back(v);
  }
  auto every = flags.GetInt("stopping-every");
  if (!every.ok()) return fail(every.status());
  if (*every < 1 || *every > 1000000) {
    return fail(InvalidArgument("option '--stopping-every': 1..1000000"));
  }
  o.stopping_every = static_cast<int>(*every);
  o.draws = static_cast<int>(*draws);
  o.seed = *seed;
  o.threads = static_cast<int>(std::clamp<int64_t>(*threads, 0, 4096));
  o.confidence = *confidence;
  o.fixed_range = *range;
  o.bound_method = flags.Get("bound-method");
  if (flags.IsSet("bound-method") && !flags.Get("methods").empty() &&
      o.bound_method != "baseline") {
    const std::vector<std::string> listed = SplitList(flags.Get("methods"));
    if (std::find(listed.begin(), listed.end(), o.bound_method) == listed.end()) {
      return fail(InvalidArgument("option '--bound-method': '" + o.bound_method +
                                  "' is not among --methods (add it there)"));
    }
  }
  o.design.batches = static_cast<int>(*batches);
  o.population.segments_per_bin = *bin;
  // The table's warnings are about its metrics (a constant one is dropped): only a study
  // that reads them prints them.
  // The study draws samples from segments with every score: an MTME folder's unscored
  // segments are left out (a table is taken as it is).
  auto table = LoadScoredSegments(flags, "sampling-study", /*warn=*/false,
                                  /*fully_scored=*/true);
  if (!table.ok()) return fail(table.status());
  auto result = RunSamplingStudy(*table, o);
  if (!result.ok()) return fail(result.status());
  // After the study stands: an error that ends the run comes alone.
  for (const std::string& w : StudyReadsMetrics(o) ? table->warnings : std::vector<std::string>{}) {
    std::cerr << "tourney sampling-study: warning: " << w << "\n";
  }
  std::string title = flags.Get("title");
  if (title.empty()) title = "Sampling study of " + flags.positionals()[0];
  std::string plot_methods = flags.Get("plot-methods");
  if (plot_methods.empty()) plot_methods = kFigure4Methods;
  if (!flags.Get("plot").empty()) {
    const std::string svg =
        SamplingStudySvg(*result, SplitList(plot_methods), title, PlotTitles(flags));
    if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("plot") << "\n";
  }
  const std::string text = FormatSamplingStudy(*result, *format, title);
  if (!flags.Get("out").empty()) {
    if (Status s = WriteFileAtomically(flags.Get("out"), text); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("out") << "\n";
  } else {
    std::cout << text;
  }
  std::fprintf(stderr, "protocol: %.2f s\n", result->seconds);
  return kExitOk;
}

}  // namespace tourney::cli
