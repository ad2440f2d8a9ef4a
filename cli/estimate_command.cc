// tourney estimate: every system's test-set score from a partly annotated scored-segment
// table, with intervals, and the paired differences as a clustered leaderboard
// (tourney/sampling/system_estimates.h).
#include <algorithm>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "render/sampling_format.h"
#include "sampling_input.h"
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
      "bound", "B", "bootstrap-t",
      "interval: bootstrap-t (the study's recommended one), clt-t, clt, hoeffding or bernstein");
  flags.Add("seed", "S", "1", "seed of the bootstrap-t resamples");
  flags.Add("confidence", "G", "0.95", "confidence level of the intervals");
  flags.Add("range", "R", "0", "score range for hoeffding and bernstein (0: the observed range)");
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
  auto design = ParseDesign(flags.Get("design"));
  if (!design.ok()) return fail(design.status());
  o.design = *design;
  auto estimator = ParseEstimator(flags.Get("estimator"));
  if (!estimator.ok()) return fail(estimator.status());
  o.estimator = *estimator;
  auto bound = ParseBound(flags.Get("bound"));
  if (!bound.ok()) return fail(bound.status());
  o.bound = *bound;
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
  auto table = LoadScoredSegments(flags, "estimate", /*warn=*/false);
  if (!table.ok()) return fail(table.status());
  auto result = EstimateSystems(*table, o);
  if (!result.ok()) return fail(result.status());
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
