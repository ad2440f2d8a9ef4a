// tourney estimate: every system's test-set score from a partly annotated scored-segment
// table, with intervals, and the paired differences as a clustered leaderboard
// (tourney/sampling/system_estimates.h).
#include <algorithm>
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "render/sampling_format.h"
#include "sampling_input.h"
#include "tourney/sampling/segment_sample.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney::cli {

int RunEstimateCommand(int argc, char** argv) {
  Flags flags(
      "tourney estimate FILE [--design D] [--estimator E] [--bound B] [--confidence G] "
      "[--tolerance T] [--format F] [--plot FILE]",
      "Estimates each system's score over the whole test set from its annotated segments\n"
      "(a blank or None score: not annotated), with an interval at --confidence, and the\n"
      "differences between systems on the segments both have annotated, as a clustered\n"
      "leaderboard (a new cluster where neighbours' difference interval excludes 0).\n"
      "--design says how the annotated segments were chosen (tourney sample); estimators:\n"
      "mean, cv-<metric>, cv-mean, cv-multi, cv-knn (metrics as control variates; the\n"
      "recommended one). Bounds: bootstrap-t (default), clt-t, clt, hoeffding, bernstein. With\n"
      "--tolerance T, says whether each score is known to +-T and how many annotated\n"
      "segments would make it so.");
  AddScoredSegmentFlags(flags);
  flags.Add("design", "D", "docs-prop", "how the annotated segments were sampled");
  flags.Add("estimator", "E", "cv-knn", "estimator");
  flags.Add(
      "bound", "B", "",
      "interval: cv-cs (a confidence sequence: valid when scoring stops on what it says; "
      "needs the order tourney sample records and --score-min/--score-max), bootstrap-t, "
      "clt-t, clt, hoeffding or bernstein (default: cv-cs with --tolerance when the table "
      "records an order and the range is given, else bootstrap-t)");
  flags.Add("seed", "S", "1", "seed of the bootstrap-t resamples");
  flags.Add("confidence", "G", "0.95", "confidence level of the intervals");
  flags.Add("range", "R", "0",
            "score range for hoeffding and bernstein (0: --score-max - --score-min when given, "
            "else the range of every annotated score in the table)");
  flags.Add("score-min", "X", "", "the lowest score possible (scores below are refused)");
  flags.Add("score-max", "X", "", "the highest score possible (scores above are refused)");
  flags.Add("system", "NAME", "",
            "the system whose metrics the metric designs read (as given to tourney sample; "
            "default: the table's record, else the first system)");
  flags.Add("test-set-size", "N", "",
            "the test set's size, when every row of the table is annotated (the rows per "
            "system: a census; more: the rows are a random sample of it)");
  flags.Add("tolerance", "T", "0", "annotate until +-T: report whether each score is known to it");
  flags.Add("pairs", "WHICH", "adjacent", "paired differences: adjacent (rank neighbours) or all");
  flags.Add("threads", "T", "0", "worker threads (0 = all cores; results do not depend on it)");
  flags.Add("format", "F", "table", "table, json, csv, latex or markdown");
  flags.Add("plot", "FILE", "", "the estimates with their intervals as SVG (or PDF)");
  flags.AddExample(
      "tourney estimate annotated.tsv --score mqm --lower-is-better --design docs-prop "
      "--estimator cv-knn --confidence 0.95",
      "scores and clusters from a partly annotated MQM campaign");
  flags.AddExample("tourney estimate annotated.tsv --lower-is-better --tolerance 0.1 --format json",
                   "is every score known to +-0.1 yet?");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "estimate", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("estimate", s); };
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return fail(format.status());
  if (*format == OutputFormat::kWmt) return fail(InvalidArgument("option '--format': no wmt here"));
  SystemEstimatesOptions o;
  // Warnings are printed once the estimates stand: an input error that ends the run comes
  // alone (the audit saw a warning printed before it).
  std::vector<std::string> notices;
  auto table = LoadScoredSegments(flags, "estimate", /*warn=*/false);
  if (!table.ok()) return fail(table.status());
  // The design the table records (tourney sample --format tsv): "design=D ... system=S".
  const RecordedDesign recorded = ReadRecordedDesign(*table);
  const std::string& recorded_design = recorded.design;
  const std::string& recorded_system = recorded.system;
  std::string design_name = flags.Get("design");
  if (!recorded_design.empty()) {
    if (flags.IsSet("design") && design_name != recorded_design) {
      return fail(InvalidArgument("option '--design': the table records design '" +
                                  recorded_design + "', not '" + design_name + "'"));
    }
    design_name = recorded_design;
  }
  auto design = ParseDesign(design_name);
  if (!design.ok()) return fail(design.status());
  o.design = *design;
  std::string design_system = flags.Get("system");
  if (!recorded_system.empty()) {
    if (!design_system.empty() && design_system != recorded_system) {
      return fail(InvalidArgument("option '--system': the table records system '" +
                                  recorded_system + "'"));
    }
    design_system = recorded_system;
  }
  const std::vector<std::string> excluded = SplitList(flags.Get("exclude-system"));
  bool recorded_excluded = false;
  if (!recorded_system.empty() && flags.Get("system").empty() &&
      std::find(excluded.begin(), excluded.end(), recorded_system) != excluded.end()) {
    // The table records the system whose metrics the design read, and --exclude-system
    // leaves it out. The recorded inclusion probabilities carry every design but the
    // metric-binned ones, whose strata are that system's metric bins.
    if (DesignStrata(o.design) == Strata::kMetricBins) {
      return fail(InvalidArgument(
          "option '--exclude-system': the table's design '" + std::string(DesignName(o.design)) +
          "' binned the segments by the metrics of system '" + recorded_system +
          "' (tourney sample recorded it), and its estimate needs those bins: keep '" +
          recorded_system + "' in (its estimate is then reported too)"));
    }
    design_system.clear();
    recorded_excluded = true;
  }
  if (!design_system.empty()) {
    for (size_t k = 0; k < table->systems.size(); ++k) {
      if (table->systems[k].name == design_system) o.design_system = static_cast<int>(k);
    }
    if (o.design_system < 0) {
      return fail(InvalidArgument("option '--system': no system '" + design_system + "'"));
    }
  } else if (!recorded_excluded &&
             (DesignStrata(o.design) == Strata::kMetricBins || o.design == Design::kDocsOpt)) {
    notices.push_back("design '" + std::string(DesignName(o.design)) +
                      "' read one system's metrics; without --system (or a table written by "
                      "tourney sample) that is taken to be the first, '" +
                      table->systems[0].name + "'");
  }
  for (const char* name : {"score-min", "score-max"}) {
    if (flags.Get(name).empty()) continue;
    auto v = flags.GetDouble(name);
    if (!v.ok()) return fail(v.status());
    (std::string(name) == "score-min" ? o.score_min : o.score_max) = *v;
  }
  if (flags.Get("score-min").empty() != flags.Get("score-max").empty()) {
    return fail(InvalidArgument("options '--score-min' and '--score-max' go together"));
  }
  if (!flags.Get("test-set-size").empty()) {
    auto v = flags.GetInt("test-set-size");
    if (!v.ok()) return fail(v.status());
    if (*v < 1 || *v > 100000000) {
      return fail(InvalidArgument("option '--test-set-size': 1..100000000"));
    }
    o.test_set_size = static_cast<int>(*v);
  }
  auto estimator = ParseEstimator(flags.Get("estimator"));
  if (!estimator.ok()) return fail(estimator.status());
  o.estimator = *estimator;
  std::string bound_name = flags.Get("bound");
  const bool range_declared = !flags.Get("score-min").empty() && !flags.Get("score-max").empty();
  const bool can_sequence = !table->segment_order.empty() && range_declared;
  if (bound_name.empty()) {
    const bool stopping = !flags.Get("tolerance").empty() && flags.Get("tolerance") != "0";
    bound_name = stopping && can_sequence ? "cv-cs" : "bootstrap-t";
    if (stopping && !can_sequence) {
      notices.push_back(
          "bootstrap-t holds its confidence at a sample size fixed in advance; annotating "
          "until it first says 'within +-T' breaks that (docs/sampling.md). For a stop chosen "
          "from the data, estimate a table written by tourney sample --format tsv (it records "
          "the serving order) with --score-min and --score-max: the default is then cv-cs");
    }
  }
  auto bound = ParseBound(bound_name);
  if (!bound.ok()) return fail(bound.status());
  o.bound = *bound;
  if (o.bound == BoundKind::kCvCs && o.estimator.kind != EstimatorKind::kCvKnn &&
      flags.IsSet("estimator")) {
    return fail(InvalidArgument("option '--bound': cv-cs is the sequence of the cv-knn estimator"));
  }
  auto confidence = flags.GetDouble("confidence");
  auto range = flags.GetDouble("range");
  auto tolerance = flags.GetDouble("tolerance");
  auto bin = BinSizeFromFlags(flags);
  for (const Status* s :
       {&confidence.status(), &range.status(), &tolerance.status(), &bin.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (!(*confidence > 0 && *confidence < 1)) {
    return fail(InvalidArgument("option '--confidence': in (0, 1)"));
  }
  if (!(*range >= 0)) return fail(InvalidArgument("option '--range': >= 0"));
  if (!(*tolerance >= 0)) return fail(InvalidArgument("option '--tolerance': >= 0"));
  const std::string pairs = flags.Get("pairs");
  if (pairs != "adjacent" && pairs != "all") {
    return fail(InvalidArgument("option '--pairs': adjacent or all"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return fail(seed.status());
  auto threads = flags.GetInt("threads");
  if (!threads.ok()) return fail(threads.status());
  if (*threads < 0) return fail(InvalidArgument("option '--threads': >= 0"));
  o.threads = static_cast<int>(std::min<int64_t>(*threads, 4096));
  o.seed = *seed;
  o.confidence = *confidence;
  o.range = *range;
  o.tolerance = *tolerance;
  o.all_pairs = pairs == "all";
  o.lower_is_better = flags.IsSet("lower-is-better");
  o.population.segments_per_bin = *bin;
  std::string score_column = flags.Get("score");
  for (char& c : score_column) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!o.lower_is_better && score_column.find("mqm") != std::string::npos) {
    notices.push_back("the score column '" + flags.Get("score") +
                      "' looks like MQM error points, where lower is better, but "
                      "--lower-is-better is not given: higher scores rank first");
  }
  if (o.test_set_size == 0) {
    bool any_unannotated = false;
    for (const SystemSegments& sys : table->systems) {
      for (uint8_t a : sys.annotated) any_unannotated = any_unannotated || !a;
    }
    if (!any_unannotated) {
      return fail(InvalidArgument(
          "every row of " + flags.positionals()[0] +
          " is annotated, so it does not say how large the test set is: give "
          "--test-set-size N (N = the rows per system for a census), or the whole test set "
          "with the segments not annotated left blank (tourney sample --format tsv writes it)"));
    }
  }
  auto result = EstimateSystems(*table, o);
  if (!result.ok()) return fail(result.status());
  for (const std::string& notice : notices) {
    std::cerr << "tourney estimate: warning: " << notice << "\n";
  }
  if (!flags.Get("plot").empty()) {
    const std::string svg =
        SystemEstimatesSvg(*result, "Estimated scores of " + flags.positionals()[0]);
    if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("plot") << "\n";
  }
  std::cout << FormatSystemEstimates(*result, *format);
  return kExitOk;
}

}  // namespace tourney::cli
