// tourney report FILE... --out report.html: one self-contained HTML page with the data
// summary, each model's clustered leaderboard and rank box plot, pair-count and win-rate
// heat maps and, with --test, the held-out accuracy and perplexity table (Sakaguchi, Post &
// Van Durme 2014, Tables 1-2, Figures 5 and 9-10).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

#include "anytime_flags.h"
#include "commands.h"
#include "common.h"
#include "progress_bar.h"
#include "render/heatmap_plot.h"
#include "render/leaderboard_format.h"
#include "render/line_plot.h"
#include "render/rank_plot.h"
#include "render/svg_plot.h"
#include "tourney/core/connectivity.h"
#include "tourney/core/defaults.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/random.h"
#include "tourney/statistics/agreement.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/evaluation.h"


constexpr const char* kCommand = "report";
// The training sizes of the paper's Table 2; the report keeps those that fit the data.
constexpr size_t kPaperSizes[] = {400, 800, 1600, 3200, 6400};

#include "render/report_page.h"

namespace tourney::cli {
namespace {

// The command line, each argument quoted for a POSIX shell when it needs it.
std::string ShellCommand(int argc, char** argv) {
  std::string out = "tourney";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool plain = !arg.empty() && arg.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                           "0123456789-_./=:,+@%") == std::string::npos;
    out += ' ';
    if (plain) {
      out += arg;
    } else {
      out += '\'';
      for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
      out += '\'';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Evaluation setup (as `tourney eval`).

}  // namespace

int RunReport(int argc, char** argv) {
  Flags flags(
      "tourney report FILE... --out report.html [--test F] [--bootstrap R] [--seed S] "
      "[--threads T] [--models LIST]",
      "Writes one self-contained HTML page (inline SVG and CSS, no scripts, no network) that\n"
      "summarises a campaign: the data, each model's clustered leaderboard (the paper's\n"
      "Table 1) and bootstrap rank box plot (Figures 9-10), heat maps of comparisons and\n"
      "win rates per system pair (Figure 5) and, with --test, held-out accuracy and\n"
      "perplexity over training sizes (Table 2). The same --seed gives the same page for any\n"
      "--threads. Nothing is written unless the whole report succeeds.");
  flags.Add("out", "FILE", "", "the HTML page to write (required)");
  flags.Add("test", "FILE", "", "held-out judgments: adds the accuracy/perplexity section");
  flags.Add("models", "LIST", "expected-wins,hopkins-may,trueskill",
            "comma-separated models; the first one orders the heat maps");
  flags.Add("bootstrap", "R", std::to_string(kDefaultBootstrapReplicates),
            "bootstrap replicates (reruns for TrueSkill), 1..100000; the same default as "
            "`tourney cluster`");
  flags.Add("confidence", "G", "0.95", "confidence of the rank ranges");
  flags.Add("repeats", "K", "3", "with --test: random training sets per size (the paper: 10)");
  flags.Add("sizes", "LIST", "400,800,1600,3200,6400",
            "with --test: training sizes; those larger than the training pool are left out");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("threads", "T", "0", "worker threads (0 = all cores)");
  flags.Add("title", "TEXT", "", "page title (default: from the input file names)");
  AddProgressFlag(flags);
  AddModelParameterFlags(flags);
  AddInputFlags(flags);
  AddAnytimeFlags(flags);
  flags.AddExample("tourney report train.csv --test test.csv --out report.html",
                   "every model's clustered leaderboard, rank plots, heat maps, accuracy and "
                   "annotator agreement on one page");
  flags.AddExample("tourney report train.csv --anytime --delta 0.05 --out report.html",
                   "adds the anytime-valid leaderboard (input order) beside the bootstrap ones");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, kCommand, &code)) return code;
  auto fail = [](const Status& s) { return ReportError(kCommand, s); };
  const auto start = std::chrono::steady_clock::now();

  // Options.
  const std::string out_path = flags.Get("out");
  if (out_path.empty()) return fail(InvalidArgument("--out FILE is required"));
  if (Status s = CheckOutputFile("out", out_path); !s.ok()) return fail(s);
  auto replicates = flags.GetInt("bootstrap");
  if (!replicates.ok()) return fail(replicates.status());
  if (*replicates < 1 || *replicates > 100000) {
    return fail(InvalidArgument("option '--bootstrap': must be between 1 and 100000"));
  }
  auto confidence = flags.GetDouble("confidence");
  if (!confidence.ok()) return fail(confidence.status());
  if (!(*confidence > 0.0 && *confidence < 1.0)) {
    return fail(InvalidArgument("option '--confidence': must be strictly between 0 and 1"));
  }
  auto anytime = AnytimeOptionsFromFlags(flags, {});
  if (!anytime.ok()) return fail(anytime.status());
  auto repeats = flags.GetInt("repeats");
  if (!repeats.ok()) return fail(repeats.status());
  if (*repeats < 1 || *repeats > 1000) {
    return fail(InvalidArgument("option '--repeats': must be between 1 and 1000"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return fail(seed.status());
  auto threads = flags.GetInt("threads");
  if (!threads.ok()) return fail(threads.status());
  if (*threads < 0 || *threads > 4096) {
    return fail(InvalidArgument("option '--threads': must be between 0 and 4096"));
  }
  std::vector<size_t> sizes;
  for (const std::string& s : SplitList(flags.Get("sizes"))) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (end != s.c_str() + s.size() || v == 0 || s[0] == '-') {
      return fail(InvalidArgument("option '--sizes': '" + s + "' is not a positive integer"));
    }
    sizes.push_back(static_cast<size_t>(v));
  }
  if (sizes.empty()) return fail(InvalidArgument("option '--sizes': empty"));
  const std::vector<std::string> model_names = SplitList(flags.Get("models"));
  if (model_names.empty()) return fail(InvalidArgument("option '--models': empty"));
  if (Status s = CheckModelNames(model_names, "models"); !s.ok()) return fail(s);
  for (size_t a = 0; a < model_names.size(); ++a) {
    for (size_t b = 0; b < a; ++b) {
      if (model_names[a] == model_names[b]) {
        return fail(InvalidArgument("option '--models': '" + model_names[a] + "' twice"));
      }
    }
  }

  // Inputs.
  auto judgments = LoadJudgments(flags.positionals(), flags);
  if (!judgments.ok()) return fail(judgments.status());
  if (judgments->comparisons().size() == 0) {
    return fail(InvalidArgument("the input has no pairwise comparisons"));
  }
  std::optional<Judgments> test;
  if (!flags.Get("test").empty()) {
    auto t = LoadJudgments({flags.Get("test")}, flags);
    if (!t.ok()) return fail(t.status());
    if (t->comparisons().size() == 0) {
      return fail(InvalidArgument("--test: the file has no pairwise comparisons"));
    }
    test = std::move(*t);
  }
  std::vector<std::unique_ptr<RatingModel>> models;
  for (const std::string& name : model_names) {
    Flags f = flags;
    f.Set("model", name);
    auto model = MakeModelFromFlags(f, judgments->comparisons().size());
    if (!model.ok()) return fail(model.status());
    models.push_back(std::move(*model));
  }

  ReportData data;
  data.files = flags.positionals();
  data.test_file = flags.Get("test");
  data.command = ShellCommand(argc, argv);
  data.judgments = &*judgments;
  data.replicates = static_cast<int>(*replicates);
  data.confidence = *confidence;
  data.seed = *seed;
  data.threads = static_cast<int>(*threads);
  data.short_names = ShortSystemNames(judgments->systems().names());
  if (flags.IsSet("title")) {
    data.title = flags.Get("title");
  } else {
    std::string names;
    for (const std::string& f : data.files) {
      names += (names.empty() ? "" : ", ") + std::filesystem::path(f).filename().string();
    }
    data.title = "Ranking report: " + names;
  }
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return fail(progress.status());
  const bool tty = progress->enabled;
  auto stage = [&](const std::string& what) {
    if (!tty) return;
    const double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "[%5.1fs] %s\n", t, what.c_str());
  };

  {
    auto agreement = ComputeAgreement(*judgments, true);
    if (agreement.ok()) {
      data.agreement = std::move(*agreement);
    } else {
      data.agreement_absent = agreement.status().message();
    }
  }

  // Bootstrap of each model.
  for (size_t m = 0; m < models.size(); ++m) {
    stage(model_names[m] + ": " + WithThousands(*replicates) + " bootstrap replicates");
    BootstrapOptions options;
    options.replicates = data.replicates;
    options.confidence = data.confidence;
    options.seed = data.seed;
    options.threads = data.threads;
    ProgressBar bar(*progress, model_names[m] + " replicates");
    options.progress = [&bar](int finished, int total) { bar.Update(finished, total); };
    auto result = Bootstrap(*judgments, *models[m], options);
    bar.Clear();
    if (!result.ok()) return fail(result.status());
    ReportModelRun run;
    run.name = model_names[m];
    run.board = BuildClusteredLeaderboard(*judgments, *result);
    run.order = LeaderboardOrder(run.board, *judgments);
    for (const auto& e : run.board.entries) run.clusters = std::max(run.clusters, e.cluster.value_or(0));
    run.result = std::move(*result);
    data.runs.push_back(std::move(run));
  }

  if (*anytime) {
    stage("anytime-valid leaderboard");
    auto board = BuildAnytimeBoard(flags, *judgments, **anytime);
    if (!board.ok()) return fail(board.status());
    data.anytime = std::move(*board);
  }

  // Held-out evaluation.
  if (test) {
    stage("held-out evaluation");
    Judgments registry;
    Comparisons pool, test_comparisons, train, dev;
    MapComparisons(*judgments, &registry, &pool);
    const int train_systems = registry.num_systems();
    MapComparisons(*test, &registry, &test_comparisons);
    data.eval_unseen_systems = registry.num_systems() - train_systems;
    const size_t held = pool.size() >= 10000 ? 2000 : std::max<size_t>(pool.size() / 5, 1);
    if (pool.size() < 2) {
      return fail(InvalidArgument("--test: the training data needs at least 2 comparisons"));
    }
    SplitComparisons(pool, held, DeriveSeed(data.seed, 999), &train, &dev);
    EvalOptions options;
    options.repeats = static_cast<int>(*repeats);
    options.seed = data.seed;
    options.threads = data.threads;
    options.sizes.clear();
    for (size_t s : sizes) {
      (s <= train.size() ? options.sizes : data.skipped_sizes).push_back(s);
    }
    if (options.sizes.empty()) options.sizes.push_back(train.size());
    std::vector<EvalModel> eval_models;
    for (const std::string& name : model_names) {
      auto m = MakeEvalModel(name, flags);
      if (!m.ok()) return fail(m.status());
      eval_models.push_back(std::move(*m));
    }
    auto report =
        RunEvaluation(registry.num_systems(), train, dev, test_comparisons, eval_models, options);
    if (!report.ok()) return fail(report.status());
    data.evaluated = true;
    data.eval = std::move(*report);
    data.eval_models = model_names;
    data.eval_sizes = options.sizes;
    data.eval_train = train.size();
    data.eval_dev = dev.size();
    data.eval_test = test_comparisons.size();
    data.eval_repeats = options.repeats;
  }

  stage("writing " + out_path);
  const std::string page = RenderReportPage(data);
  if (Status s = WriteFileAtomically(out_path, page); !s.ok()) return fail(s);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "tourney report: wrote " << out_path << " (" << (page.size() + 1023) / 1024
            << " KiB) in " << Fixed(seconds, 1) << " s\n";
  return kExitOk;
}

}  // namespace tourney::cli

