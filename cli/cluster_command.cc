// tourney cluster FILE... : bootstrap rank ranges and a clustered leaderboard.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "anytime_flags.h"
#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "progress_bar.h"
#include "protocol_commands.h"
#include "render/leaderboard_format.h"
#include "render/rank_plot.h"
#include "render/text_format.h"
#include "tourney/core/defaults.h"
#include "tourney/core/leaderboard.h"
#include "planned_looks.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney::cli {
int RunCluster(int argc, char** argv) {
  Flags flags(
      "tourney cluster FILE... [--model M] [--bootstrap R] [--confidence G] [--seed S] "
      "[--threads T] [--format F] [--plot FILE]",
      "Rates the systems, then rates them again on R bootstrap replicates of the judgments to\n"
      "get each system's rank range at confidence G, and groups the leaderboard into\n"
      "clusters of systems whose rank ranges overlap (the WMT13 partial ordering; Sakaguchi\n"
      "et al. 2014, section 6). Output for a given --seed is the same for any --threads.\n"
      "Models that select their own training data (TrueSkill) are rerun on the full data\n"
      "with a fresh seed per replicate instead of resampling.\n"
      "With --anytime there is no bootstrap: the clusters are those of the anytime-valid\n"
      "leaderboard (docs/anytime.md), whose separations are all right with probability at\n"
      "least 1 - D at every moment of a campaign, whatever chose the judgments; rank ranges\n"
      "count the systems certified better and worse. Judgments are added in input order.");
  AddModelFlags(flags, "expected-wins");
  flags.Add("bootstrap", "R", std::to_string(kDefaultBootstrapReplicates),
            "number of bootstrap replicates, up to 1000000; at least 3 at G = 0.95");
  flags.Add("confidence", "G", "0.95",  // kDefaultConfidence
            "confidence of the rank ranges: ceil(R(1-G)/2) ranks dropped at each end, "
            "leaving at least one");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("threads", "T", "0", "worker threads (0 = all cores)");
  flags.Add("resample", "UNIT", "comparisons",
            "what replicates draw with replacement: comparisons (pairwise judgments) or "
            "rankings (whole k-way rankings)");
  flags.AddBool("no-count-shortcut",
                "for count-based models (Expected Wins), resample individual comparisons "
                "instead of drawing the count table (same distribution, slower)");
  flags.Add("format", "F", "table",
            "output: table, json, csv, latex, markdown or wmt (the WMT15/16 organisers' "
            "results layout: NAME MU (LO, HI), clusters separated by '+' lines)");
  flags.Add("protocol", "P", "",
            "a named protocol: wmt16 = the official WMT16 results (TrueSkill's match-"
            "selection protocol rerun on R resamples of the pairwise comparisons, systems "
            "ordered by mean mu; implies --model trueskill --expand-identical and, unless "
            "given, --bootstrap 1000; with --resample rankings, whole rankings are "
            "resampled instead, a variant); wmt15 = the official WMT15 results as the "
            "organisers' scripts make them (the same protocol rerun R times on the full data "
            "with a fresh seed each, no resampling; implies the same flags, and --resample "
            "does not apply); wmt-da = the official WMT20-22 direct-assessment ranking of an "
            "organisers' ad-*-good-stnd.csv (mean z per system, mean raw score from the "
            "ad-*-trk-mean-sd.txt beside it, clusters from one-sided Wilcoxon rank-sum tests; "
            "the table adds tourney's paired Holm alternative, docs/wmt-protocols.md); "
            "wmt-da-holm = the same scores clustered by paired t-tests on shared segments "
            "with Holm's correction; esa = the ESA ranking of an Appraise ESA export (mean "
            "ESA score per system, BAD items left out, rank-sum clusters); esa-holm = its "
            "paired Holm clusters. wmt-da also reads an Appraise DA export (z computed here); "
            "pearmut = Pearmut's own ranking of its annotation log (outputs/<campaign>.jsonl), "
            "reproduced, beside tourney's paired Holm clusters; cesa = tourney's board of a "
            "log of scored screens (contrastive ESA: a cESA export or a Pearmut log), clusters "
            "valid under dynamic assignment; wmt26 = WMT26's official rule on the same log, "
            "labelled; wmt24-esa = WMT24's official ESA rule on one language pair of an "
            "Appraise ESA export (domain macro-average, per-domain signed-rank tests, the "
            "organisers' clusters), labelled; mqm = MQM error points (a Google "
            "MQM TSV or an Appraise MQM export) with the WMT rank-sum clusters on segment MQM; "
            "mqm-holm = their paired Holm clusters");
  AddWmtDaFlags(flags);
  AddQualityControlFlag(flags);
  AddMqmFlags(flags);
  AddMtmeFlags(flags);
  AddWmt24EsaFlags(flags);
  flags.Add("output-dir", "DIR", "",
            "with --language-pair all: write one file per pair (DIR/PAIR.txt, .json, .csv, "
            ".tex or .md) instead of printing them one after another");
  flags.Add("plot", "FILE", "",
            "also write the rank distributions as an SVG box plot (with --protocol wmt-da, "
            "esa or mqm: the head-to-head heat map; .pdf for PDF)");
  AddProgressFlag(flags);
  AddPlotTitleFlag(flags);
  flags.Add("whiskers", "W", "confidence",
            "plot whiskers: full (min-max rank over replicates) or confidence (rank range)");
  AddInputFlags(flags);
  AddAnytimeFlags(flags);
  AddPlannedLookFlags(flags);
  flags.AddExample("tourney cluster train.csv --plot ranks.svg",
                   "Expected Wins rank ranges from 1,000 replicates, clusters, a rank plot");
  flags.AddExample(
      "tourney cluster wmt16.xml.gz --protocol wmt16 --language-pair all "
      "--format wmt --output-dir results",
      "the official WMT16 results of every language pair");
  flags.AddExample(
      "tourney cluster wmt15.xml.gz --protocol wmt15 --language-pair fi-en --format wmt",
      "WMT15's official protocol: 1,000 TrueSkill runs on the full data, ranges and clusters");
  flags.AddExample("tourney cluster ad-csen-good-stnd.csv.gz --protocol wmt-da --format json",
                   "the official WMT22 DA clusters: system, score (mean z), raw, cluster");
  flags.AddExample("tourney cluster 240521rc6ESA.scores.csv --protocol esa",
                   "the ESA ranking of an Appraise ESA export, beside tourney's Holm clusters");
  flags.AddExample("tourney cluster screens.jsonl --protocol cesa --format json",
                   "a cESA export: mean scores, clusters valid under dynamic assignment");
  flags.AddExample("tourney cluster outputs/campaign.jsonl --protocol pearmut",
                   "Pearmut's ranking, reproduced, and how many of its lines survive Holm");
  flags.AddExample("tourney cluster train.csv --anytime --delta 0.05",
                   "clusters whose every separation holds at 95% at any stopping time");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "cluster", &code)) return code;
  auto anytime =
      AnytimeOptionsFromFlags(flags, {"bootstrap", "confidence", "resample", "no-count-shortcut",
                                      "protocol", "plot", "whiskers", "plot-no-title", "looks",
                                      "looks-budget"});
  if (!anytime.ok()) return ReportError("cluster", anytime.status());

  const std::string protocol = flags.Get("protocol");
  if (flags.IsSet("wmt24-revision") && protocol != "wmt24-esa") {
    return ReportError("cluster", InvalidArgument("option '--wmt24-revision' goes with --protocol "
                                               "wmt24-esa"));
  }
  if (flags.Get("input-format") == "mtme") return RunMtmeProtocol(flags, "cluster", protocol);
  if (flags.IsSet("human-score")) {
    return ReportError("cluster", InvalidArgument("option '--human-score' goes with "
                                                  "--input-format mtme"));
  }
  if (protocol == "wmt-da" || protocol == "wmt-da-holm") return RunWmtDaCluster(flags, protocol);
  if (protocol == "esa" || protocol == "esa-holm") {
    return RunEsaProtocol(flags, "cluster", protocol);
  }
  if (protocol == "pearmut") return RunPearmutProtocol(flags, "cluster");
  if (protocol == "wmt24-esa") return RunWmt24EsaProtocol(flags, "cluster");
  if (protocol == "cesa" || protocol == "wmt26") {
    return RunCesaProtocol(flags, "cluster", protocol);
  }
  if (protocol == "mqm" || protocol == "mqm-holm") return RunMqmCluster(flags, protocol);
  for (const char* flag : {"da-moments", "qc-filter", "mqm-weights"}) {
    if (flags.IsSet(flag)) {
      return ReportError("cluster", InvalidArgument(std::string("option '--") + flag +
                                                    "' goes with --protocol " +
                                                    (flag[0] == 'm' ? "mqm" : "wmt-da or esa")));
    }
  }
  if (protocol == "wmt16" || protocol == "wmt15") {
    if (flags.IsSet("model") && flags.Get("model") != "trueskill") {
      return ReportError("cluster", InvalidArgument("option '--protocol " + protocol +
                                                    "' rates with TrueSkill; it cannot be "
                                                    "combined with --model " +
                                                    flags.Get("model")));
    }
    if (protocol == "wmt15" && flags.IsSet("resample")) {
      return ReportError("cluster", InvalidArgument("option '--protocol wmt15' reruns TrueSkill "
                                                    "on the full data and resamples nothing; "
                                                    "--resample goes with --protocol wmt16"));
    }
    flags.Set("model", "trueskill");
    flags.Set("expand-identical", "");
    if (!flags.IsSet("bootstrap")) {
      flags.Set("bootstrap", std::to_string(kDefaultBootstrapReplicates));
    }
  } else if (!protocol.empty()) {
    return ReportError("cluster", InvalidArgument("option '--protocol': '" + protocol +
                                                  "' is not a known protocol (wmt16, wmt15, wmt-da, "
                                                  "wmt-da-holm, esa, esa-holm, wmt24-esa, pearmut, "
                                                  "mqm, mqm-holm, cesa, wmt26)"));
  }

  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError("cluster", format.status());
  auto replicates = flags.GetInt("bootstrap");
  if (!replicates.ok()) return ReportError("cluster", replicates.status());
  auto confidence = flags.GetDouble("confidence");
  if (!confidence.ok()) return ReportError("cluster", confidence.status());
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError("cluster", seed.status());
  auto threads = flags.GetInt("threads");
  if (!threads.ok()) return ReportError("cluster", threads.status());
  auto resample = ParseResampleUnit(flags.Get("resample"));
  if (!resample.ok()) return ReportError("cluster", resample.status());
  const std::string whiskers = flags.Get("whiskers");
  if (whiskers != "full" && whiskers != "confidence") {
    return ReportError("cluster", InvalidArgument("option '--whiskers': '" + whiskers +
                                                  "' is not one of full, confidence"));
  }
  if (*replicates < 1 || *replicates > 1000000) {
    return ReportError("cluster",
                       InvalidArgument("option '--bootstrap': must be between 1 and 1000000"));
  }
  if (!(*confidence > 0.0 && *confidence < 1.0)) {
    return ReportError("cluster",
                       InvalidArgument("option '--confidence': must be strictly between 0 and 1"));
  }
  if (*threads < 0 || *threads > 4096) {
    return ReportError("cluster",
                       InvalidArgument("option '--threads': must be between 0 and 4096"));
  }

  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return ReportError("cluster", progress.status());
  const bool batch = flags.Get("language-pair") == "all";
  if (flags.IsSet("output-dir") && !batch) {
    return ReportError("cluster", InvalidArgument("option '--output-dir' goes with "
                                                  "--language-pair all"));
  }
  if (batch && flags.IsSet("plot")) {
    return ReportError("cluster", InvalidArgument("option '--plot' draws one leaderboard; "
                                                  "name one --language-pair"));
  }
  if (Status s = CheckOutputFile("plot", flags.Get("plot")); !s.ok()) {
    return ReportError("cluster", s);
  }
  if (Status s = CheckOutputDirectory("output-dir", flags.Get("output-dir")); !s.ok()) {
    return ReportError("cluster", s);
  }
  std::vector<std::pair<std::string, Judgments>> inputs;
  if (batch) {
    auto all = LoadJudgmentsByPair(flags.positionals(), flags);
    if (!all.ok()) return ReportError("cluster", all.status());
    inputs = std::move(*all);
  } else {
    auto judgments = LoadJudgments(flags.positionals(), flags);
    if (!judgments.ok()) return ReportError("cluster", judgments.status());
    inputs.emplace_back(flags.Get("language-pair"), std::move(*judgments));
  }

  // Every leaderboard is computed before anything is printed or written.
  std::vector<std::string> rendered;
  std::vector<Leaderboard> boards;
  for (auto& [pair, judgments_value] : inputs) {
    Judgments* judgments = &judgments_value;
    if (*anytime) {
      auto board = BuildAnytimeBoard(flags, *judgments, **anytime);
      if (!board.ok()) {
        return ReportError(
            "cluster", batch ? Status(board.status().code(), pair + ": " + board.status().message())
                             : board.status());
      }
      rendered.push_back(FormatLeaderboard(*board, *format));
      boards.push_back(std::move(*board));
      continue;
    }
    auto look = PlannedLookFromFlags(flags, *judgments, *confidence);
    if (!look.ok()) {
      return ReportError(
          "cluster", batch ? Status(look.status().code(), pair + ": " + look.status().message())
                           : look.status());
    }
    if (*look) judgments = &(*look)->judgments;
    auto model = MakeModelFromFlags(flags, judgments->comparisons().size());
    if (!model.ok()) return ReportError("cluster", model.status());

    ProgressBar bar(*progress, batch ? pair + " replicates" : std::string("replicates"));
    BootstrapOptions options;
    options.replicates = static_cast<int>(*replicates);
    options.confidence = *look ? (*look)->confidence : *confidence;
    options.seed = *seed;
    options.threads = static_cast<int>(*threads);
    options.resample = *resample;
    options.count_shortcut = !flags.GetBool("no-count-shortcut");
    if (protocol == "wmt16") {
      options.resample_self_sampling = true;
      options.score = BootstrapScore::kReplicateMean;
    }
    options.progress = [&bar](int finished, int total) { bar.Update(finished, total); };
    auto result = Bootstrap(*judgments, **model, options);
    bar.Clear();
    if (!result.ok()) {
      return ReportError(
          "cluster", batch ? Status(result.status().code(), pair + ": " + result.status().message())
                           : result.status());
    }

    Leaderboard board = BuildClusteredLeaderboard(*judgments, *result);
    if (*look) board.warnings.push_back((*look)->note);
    if (flags.IsSet("plot")) {
      const RankPlotOptions plot = ClusterRankPlotOptions(
          *judgments, *result,
          whiskers == "full" ? RankWhiskers::kFullRange : RankWhiskers::kConfidence,
          PlotTitles(flags));
      const std::string svg = RankBoxPlotSvg(RankPlotSystems(board, *judgments, *result), plot);
      if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) {
        return ReportError("cluster", s);
      }
    }
    rendered.push_back(FormatLeaderboard(board, *format));
    boards.push_back(board);
  }

  if (!batch) {
    std::cout << rendered.front();
    return kExitOk;
  }
  const std::string dir = flags.Get("output-dir");
  static const char* const kExtension[] = {".txt", ".json", ".csv", ".tex", ".md", ".txt"};
  if (!dir.empty()) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string name = inputs[i].first.empty() ? "unknown" : inputs[i].first;
      const std::string path =
          (std::filesystem::path(dir) / (name + kExtension[static_cast<int>(*format)])).string();
      if (Status s = WriteFileAtomically(path, rendered[i]); !s.ok()) {
        return ReportError("cluster", s);
      }
      std::cerr << "wrote " << path << "\n";
    }
    return kExitOk;
  }
  if (*format == OutputFormat::kJson) {
    // One JSON object keyed by language pair.
    std::cout << "{\n";
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::cout << JsonQuote(inputs[i].first) << ": " << rendered[i]
                << (i + 1 < inputs.size() ? ",\n" : "\n");
    }
    std::cout << "}\n";
    return kExitOk;
  }
  if (*format == OutputFormat::kCsv) {
    // One table: a language_pair column and a single header line.
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string csv = FormatLeaderboardCsv(boards[i], &inputs[i].first);
      std::cout << (i == 0 ? csv : csv.substr(csv.find('\n') + 1));
    }
    return kExitOk;
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::string& pair = inputs[i].first;
    switch (*format) {
      case OutputFormat::kLatex:
        std::cout << "% " << pair << "\n";
        break;
      case OutputFormat::kMarkdown:
        std::cout << "## " << pair << "\n\n";
        break;
      default:
        std::cout << "== " << pair << " ==\n";
        break;
    }
    std::cout << rendered[i] << (i + 1 < inputs.size() ? "\n" : "");
  }
  return kExitOk;
}

}  // namespace tourney::cli
