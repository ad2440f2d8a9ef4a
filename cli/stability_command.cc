// tourney stability FILE... : how the clusters hold up on subsamples of the judgments.
#include <iostream>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "progress_bar.h"
#include "render/stability_format.h"
#include "tourney/core/defaults.h"
#include "tourney/statistics/stability.h"

namespace tourney::cli {

int RunStability(int argc, char** argv) {
  Flags flags(
      "tourney stability FILE... [--fractions LIST] [--repeats R] [--bootstrap B] [--model M] "
      "[--unit U] [--seed S] [--threads T] [--format F] [--plot FILE] [--plot-clusters FILE]",
      "Zobel's (1998) question for a judgment campaign: would its clusters survive with less\n"
      "data? Clusters the whole campaign (as `tourney cluster`: B bootstrap replicates, rank\n"
      "ranges at --confidence), then, R times for each fraction f, draws f of the campaign's\n"
      "units without replacement (source segments when every ranking has a segment id,\n"
      "else rankings), clusters the subsample the same way and compares it with the whole:\n"
      "Kendall's tau-b, Spearman's rho and Pearson Rank of the scores, the number of\n"
      "clusters, the share of the whole's separated pairs that flip or merge, and whether\n"
      "the clusters are reproduced exactly. Reports the smallest fraction from which the\n"
      "clusters are reproduced in at least --level of the repeats. Output for a given\n"
      "--seed is the same for any --threads.");
  AddModelFlags(flags, "expected-wins");
  flags.Add("fractions", "LIST", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1",
            "fractions of the campaign, each in (0, 1]");
  flags.Add("repeats", "R", "20", "subsamples per fraction (1..100000)");
  flags.Add("bootstrap", "B", std::to_string(kDefaultBootstrapReplicates),
            "bootstrap replicates per clustering (1..1000000)");
  flags.Add("confidence", "G", "0.95", "confidence of the rank ranges");
  flags.Add("resample", "UNIT", "comparisons",
            "what bootstrap replicates draw: comparisons or rankings");
  flags.Add("unit", "U", "auto",
            "what subsamples draw: segments, rankings, or auto (segments when known)");
  flags.Add("level", "L", "0.95", "share of repeats that must reproduce the clusters");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("threads", "T", "0", "worker threads (0 = all cores)");
  flags.Add("format", "F", "table", "output: table, json, csv, latex or markdown");
  flags.Add("plot", "FILE", "",
            "write correlations, flipped and lost separations and reproduction against the "
            "fraction (SVG, or PDF by the .pdf suffix)");
  flags.Add("plot-clusters", "FILE", "", "write the number of clusters against the fraction");
  AddProgressFlag(flags);
  AddPlotTitleFlag(flags);
  AddInputFlags(flags);
  flags.AddExample("tourney stability train.csv --plot stability.svg",
                   "Expected Wins clusters of 10 fractions x 20 repeats, 1,000 replicates each");
  flags.AddExample(
      "tourney stability wmt16.xml.gz --language-pair cs-en --model trueskill --bootstrap 100",
      "TrueSkill clusters of one WMT16 pair");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "stability", &code)) return code;

  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError("stability", format.status());
  StabilityOptions options;
  options.fractions.clear();
  for (const std::string& item : SplitList(flags.Get("fractions"))) {
    char* end = nullptr;
    const double f = std::strtod(item.c_str(), &end);
    if (end != item.c_str() + item.size() || !(f > 0.0 && f <= 1.0)) {
      return ReportError("stability", InvalidArgument("option '--fractions': '" + item +
                                                      "' is not a number in (0, 1]"));
    }
    options.fractions.push_back(f);
  }
  if (options.fractions.empty()) {
    return ReportError("stability", InvalidArgument("option '--fractions': empty"));
  }
  auto repeats = flags.GetInt("repeats");
  if (!repeats.ok()) return ReportError("stability", repeats.status());
  auto replicates = flags.GetInt("bootstrap");
  if (!replicates.ok()) return ReportError("stability", replicates.status());
  auto confidence = flags.GetDouble("confidence");
  if (!confidence.ok()) return ReportError("stability", confidence.status());
  auto level = flags.GetDouble("level");
  if (!level.ok()) return ReportError("stability", level.status());
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError("stability", seed.status());
  auto threads = flags.GetInt("threads");
  if (!threads.ok()) return ReportError("stability", threads.status());
  auto resample = ParseResampleUnit(flags.Get("resample"));
  if (!resample.ok()) return ReportError("stability", resample.status());
  auto unit = ParseSubsampleUnit(flags.Get("unit"));
  if (!unit.ok()) return ReportError("stability", unit.status());
  if (*repeats < 1 || *repeats > 100000) {
    return ReportError("stability",
                       InvalidArgument("option '--repeats': must be between 1 and 100000"));
  }
  if (*replicates < 1 || *replicates > 1000000) {
    return ReportError("stability",
                       InvalidArgument("option '--bootstrap': must be between 1 and 1000000"));
  }
  if (!(*confidence > 0.0 && *confidence < 1.0)) {
    return ReportError("stability", InvalidArgument("option '--confidence': must be strictly "
                                                    "between 0 and 1"));
  }
  if (!(*level > 0.0 && *level <= 1.0)) {
    return ReportError("stability", InvalidArgument("option '--level': must be in (0, 1]"));
  }
  if (*threads < 0 || *threads > 4096) {
    return ReportError("stability",
                       InvalidArgument("option '--threads': must be between 0 and 4096"));
  }
  if (flags.Get("language-pair") == "all") {
    return ReportError("stability", InvalidArgument("option '--language-pair': name one pair"));
  }
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return ReportError("stability", progress.status());

  auto judgments = LoadJudgments(flags.positionals(), flags);
  if (!judgments.ok()) return ReportError("stability", judgments.status());
  auto model = MakeModelFromFlags(flags, judgments->comparisons().size());
  if (!model.ok()) return ReportError("stability", model.status());

  options.repeats = static_cast<int>(*repeats);
  options.seed = *seed;
  options.threads = static_cast<int>(*threads);
  options.unit = *unit;
  options.reproduce_level = *level;
  options.bootstrap.replicates = static_cast<int>(*replicates);
  options.bootstrap.confidence = *confidence;
  options.bootstrap.resample = *resample;
  ProgressBar bar(*progress, "subsamples");
  options.progress = [&bar](int finished, int total) { bar.Update(finished, total); };
  auto result = RunStability(*judgments, **model, options);
  bar.Clear();
  if (!result.ok()) return ReportError("stability", result.status());

  std::string input;
  for (const std::string& f : flags.positionals()) input += (input.empty() ? "" : ", ") + f;
  if (flags.IsSet("language-pair")) input += " (" + flags.Get("language-pair") + ")";
  const bool titles = PlotTitles(flags);
  if (flags.IsSet("plot")) {
    const std::string svg = StabilityCorrelationSvg(
        *result, titles ? "Agreement with the full campaign: " + result->model + ", " + input
                        : std::string());
    if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) {
      return ReportError("stability", s);
    }
  }
  if (flags.IsSet("plot-clusters")) {
    const std::string svg = StabilityClustersSvg(
        *result,
        titles ? "Clusters under subsampling: " + result->model + ", " + input : std::string());
    if (Status s = WritePlotFile(flags.Get("plot-clusters"), svg); !s.ok()) {
      return ReportError("stability", s);
    }
  }
  std::cout << FormatStability(*result, input, *format);
  return kExitOk;
}

}  // namespace tourney::cli
