// tourney top-k-benchmark: judgments until the anytime top-k stop, for the top-k selector
// against uniform selection with the same stop, and how often the stop is wrong
// (top_k_benchmark.h).
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "commands.h"
#include "common.h"
#include "progress_bar.h"
#include "render/text_format.h"
#include "top_k_report.h"
#include "tourney/experiments/top_k_benchmark.h"

namespace tourney::cli {

int RunTopKBenchmarkCommand(int argc, char** argv) {
  Flags flags(
      "tourney top-k-benchmark [--k K] [--systems N | --pool FILE] [--seeds S] [--delta D] "
      "[--epsilon E] [--budget N] [--format table|json|markdown]",
      "Fixed-confidence top-k identification: judgments are asked one pair at a time and go\n"
      "into an anytime-valid leaderboard (per-pair confidence sequences at delta / #pairs);\n"
      "a campaign stops once every system of the current top k (by Expected Wins) is\n"
      "certified better than every other system (or, with --epsilon, within epsilon of it).\n"
      "Compares the top-k selector (a dueling LUCB rule on the unresolved pairs across the\n"
      "top-k boundary) with uniform selection under the same stop: judgments to stop (mean,\n"
      "95% interval, ratio to uniform as the geometric mean of per-seed ratios), censored\n"
      "runs, and the share of campaigns that stopped on a wrong set (exact 95% interval),\n"
      "which the stop keeps at most delta. Hidden truth as in selection-benchmark\n"
      "(qualities N(0, 0.5^2) per seed, Thurstone noise, about 20% ties), or --pool: each\n"
      "judgment drawn without replacement from the chosen pair's pooled comparisons, the\n"
      "truth being the full pool's Expected Wins order.\n\n"
      "examples:\n"
      "  tourney top-k-benchmark --k 1 --systems 16 --seeds 500 --delta 0.05\n"
      "  tourney top-k-benchmark --k 3 --systems 10 --epsilon 0.02 --format json\n"
      "  tourney top-k-benchmark --k 1 --pool ../shared/data/wmt13-fr-en/train.csv --seeds 100");
  flags.Add("k", "K", "1", "size of the set to identify");
  flags.Add("systems", "N", "16", "systems of the hidden-truth campaigns");
  flags.Add("pool", "FILE", "", "replay this pool of judgments (WMT or pairwise CSV)");
  flags.Add("seeds", "S", "500", "campaigns per selector");
  flags.Add("seed", "S", "1", "base seed");
  flags.Add("delta", "D", "0.05", "probability of a wrong identification, at any stop");
  flags.Add("epsilon", "E", "0", "indifference zone on preferences and scores (0: none)");
  flags.Add("budget", "N", "200000", "judgments per campaign before it is censored");
  flags.Add("explore", "P", "0.05", "top-k selector: share of uniform matches");
  flags.Add("threads", "T", "1", "worker threads (results do not depend on it)");
  flags.Add("format", "F", "table", "output: table, json or markdown");
  flags.Add("out", "FILE", "", "write the output here instead of stdout");
  AddProgressFlag(flags);
  AddInputFlags(flags);
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "top-k-benchmark", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("top-k-benchmark", s); };
  if (!flags.positionals().empty()) {
    return fail(InvalidArgument("unexpected argument '" + flags.positionals()[0] + "'"));
  }
  const std::string format = flags.Get("format");
  if (format != "table" && format != "json" && format != "markdown") {
    return fail(
        InvalidArgument("option '--format': table, json or markdown, got '" + format + "'"));
  }
  if (Status s = CheckOutputFile("out", flags.Get("out")); !s.ok()) return fail(s);
  auto k = flags.GetInt("k");
  auto systems = flags.GetInt("systems");
  auto seeds = flags.GetInt("seeds");
  auto seed = flags.GetUint("seed");
  auto delta = flags.GetDouble("delta");
  auto epsilon = flags.GetDouble("epsilon");
  auto budget = flags.GetInt("budget");
  auto explore = flags.GetDouble("explore");
  auto threads = flags.GetInt("threads");
  for (const Status* s :
       {&k.status(), &systems.status(), &seeds.status(), &seed.status(), &delta.status(),
        &epsilon.status(), &budget.status(), &explore.status(), &threads.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*seeds < 2 || *seeds > 100000) return fail(InvalidArgument("option '--seeds': 2..100000"));
  if (*k < 1 || *k > 999) return fail(InvalidArgument("option '--k': 1..999"));
  if (*budget < 1 || *budget > 1'000'000'000) {
    return fail(InvalidArgument("option '--budget': 1..1000000000"));
  }
  TopKBenchmarkOptions o;
  o.k = static_cast<int>(*k);
  o.systems = static_cast<int>(std::clamp<int64_t>(*systems, 0, 100000));
  o.seeds = static_cast<int>(*seeds);
  o.seed = *seed;
  o.delta = *delta;
  o.epsilon = *epsilon;
  o.budget = *budget;
  o.explore = *explore;
  o.threads = static_cast<int>(std::clamp<int64_t>(*threads, 0, 4096));
  std::optional<Judgments> judgments;
  std::string title;
  if (!flags.Get("pool").empty()) {
    auto j = LoadJudgments({flags.Get("pool")}, flags);
    if (!j.ok()) return fail(j.status());
    judgments = std::move(*j);
    o.pool = &judgments->comparisons();
    o.pool_systems = judgments->num_systems();
    title = "Top-" + std::to_string(o.k) + " identification: replay of " + flags.Get("pool");
  } else {
    title = "Top-" + std::to_string(o.k) + " identification: " + std::to_string(o.systems) +
            " systems, hidden truth";
  }
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return fail(progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("running the campaigns");
  auto result = RunTopKBenchmark(o);
  bar.Clear();
  if (!result.ok()) return fail(result.status());
  const std::string text = format == "json" ? TopKJson(*result, title, nullptr)
                                            : TopKTable(*result, format == "markdown", nullptr);
  if (!flags.Get("out").empty()) {
    if (Status s = WriteFileAtomically(flags.Get("out"), text); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("out") << "\n";
  } else {
    std::cout << text;
  }
  return kExitOk;
}

}  // namespace tourney::cli
