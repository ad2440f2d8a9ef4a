// tourney selection-benchmark: judgments each match selector needs to reach the final
// clusters and a Kendall tau target, over many seeds (selection_benchmark.h).
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "progress_bar.h"
#include "render/selection_benchmark_format.h"
#include "tourney/experiments/selection_benchmark.h"

namespace tourney::cli {

int RunSelectionBenchmarkCommand(int argc, char** argv) {
  Flags flags(
      "tourney selection-benchmark [--pool F] [--systems N] [--selectors LIST] [--seeds S] "
      "[--budget N] [--every M] [--out result.json] [--plot curves.svg]",
      "Runs every selector on the same campaigns over --seeds seeds: judgments are asked one\n"
      "at a time from the live TrueSkill ratings (as tourneyd's NextMatch does) and answered\n"
      "by a hidden truth (Thurstone with ties, qualities drawn per seed) or, with --pool, by\n"
      "a judgment drawn from that pair's pooled comparisons. Every --every judgments a\n"
      "Bradley-Terry fit of the counts (unbiased whatever the sampling) gives clusters (rank\n"
      "ranges from its Gaussian) and Kendall tau against the truth. Reports judgments to\n"
      "uniform's final number of clusters and to tau >= --tau, with means and 95% intervals\n"
      "across seeds and ratios to uniform, the share of checkpoints that split a wrongly\n"
      "ordered pair, and rank-range coverage. Every run is also scored by an anytime-valid\n"
      "leaderboard (Expected Wins with confidence sequences, --delta, --epsilon) fed every\n"
      "judgment: whether it ever separated a wrongly ordered pair, judgments until it is\n"
      "settled (the campaign stops), and its separations at the end of the budget.\n\n"
      "Examples:\n"
      "  tourney selection-benchmark --systems 10 --seeds 500 --seed 6 \\\n"
      "      --selectors uniform,frontier,racing,active-ranking,boundary --out sim10.json\n"
      "  tourney selection-benchmark --pool train.csv --budget 40000 --every 1000 \\\n"
      "      --delta 0.05 --epsilon 0.1 --out fren.json");
  flags.Add("pool", "FILE", "", "replay this pool of judgments (WMT or pairwise CSV)");
  flags.Add("systems", "N", "16", "systems of the hidden-truth campaigns");
  flags.Add("selectors", "LIST",
            "uniform,trueskill,frontier,racing,info-gain,thompson,arena,active-ranking,boundary",
            "selectors to compare (uniform is the reference)");
  flags.Add("seeds", "S", "20", "campaigns (seeds) per selector");
  flags.Add("seed", "S", "1", "base seed");
  flags.Add("budget", "N", "20000", "judgments per run");
  flags.Add("every", "M", "250", "judgments between checkpoints (divides the budget)");
  flags.Add("reference-at", "N", "0",
            "uniform's cluster count after N judgments is the target (0: half the budget)");
  flags.Add("live-sigma", "X", "0.5", "initial sd of the live TrueSkill ratings");
  flags.Add("live-beta", "X", "0.25", "performance sd of the live TrueSkill ratings");
  flags.Add("posterior-every", "M", "50",
            "active selectors see the Bradley-Terry selection posterior refitted every M "
            "judgments (as tourneyd serves it); 0: the live TrueSkill ratings");
  flags.AddBool("with-replacement",
                "pool replay: draw judgments with replacement (the paper's protocol); default: "
                "each pooled judgment at most once per run");
  flags.Add("explore", "P", "0.1", "active selectors: share of uniform matches");
  flags.Add("z", "Z", "1.96", "racing and lucb: interval half-width in sds");
  const ActiveSelectorOptions defaults;
  auto shortest = [](double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return std::string(buffer);
  };
  flags.Add("warmup", "X", shortest(defaults.warmup),
            "frontier: uniform judgments per pair before it starts");
  flags.Add("frontier-center", "Z", shortest(defaults.frontier_center),
            "frontier: z at which a cut's worth peaks");
  flags.Add("frontier-floor", "Z", shortest(defaults.frontier_floor),
            "frontier: the smallest z a cut's worth uses");
  flags.Add("frontier-close", "Z", shortest(defaults.frontier_close),
            "frontier: z from which a cut is settled");
  flags.Add("frontier-spread", "P", shortest(defaults.frontier_spread),
            "frontier: share of its draws that pick an open cut uniformly");
  const SelectionBenchmarkOptions benchmark_defaults;
  flags.Add("delta", "D", shortest(benchmark_defaults.anytime.delta),
            "anytime leaderboard: family-wise error of its separations, in (0, 1)");
  flags.Add("epsilon", "E", shortest(benchmark_defaults.anytime.epsilon),
            "anytime leaderboard: indifference zone of preference probabilities, in [0, 1]");
  flags.Add("anytime-every", "M", "1",
            "summarize the anytime leaderboard (stop, wrong-separation check, what its "
            "selectors see) every M judgments");
  flags.Add("uniform-floor", "P", shortest(benchmark_defaults.uniform_floor),
            "share of every selector's matches drawn as a uniform pair (a campaign's floor)");
  flags.Add("looks", "K", std::to_string(benchmark_defaults.looks),
            "planned looks over the budget for the planned-look board (0: none)");
  flags.AddBool("horizon",
                "the campaign's board tunes its pooled half for the budget, as a campaign "
                "created with a budget does");
  flags.Add("tau", "T", "0.9", "Kendall tau target");
  flags.Add("tau-at", "LIST", "", "also report tau at these amounts, e.g. 25000");
  flags.Add("draws", "R", "400", "parametric draws per checkpoint for the rank ranges");
  flags.Add("threads", "T", "1", "worker threads (results do not depend on it)");
  flags.Add("out", "FILE", "", "write the JSON here instead of stdout");
  flags.Add("plot", "FILE", "", "write the clusters and tau curves with bands as SVG");
  flags.Add("title", "TEXT", "", "title of the JSON and the plot");
  AddProgressFlag(flags);
  AddInputFlags(flags);
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "selection-benchmark", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("selection-benchmark", s); };
  if (!flags.positionals().empty()) {
    return fail(InvalidArgument("unexpected argument '" + flags.positionals()[0] + "'"));
  }
  for (const char* option : {"out", "plot"}) {
    if (Status s = CheckOutputFile(option, flags.Get(option)); !s.ok()) return fail(s);
  }
  SelectionBenchmarkOptions o;
  o.selectors = SplitList(flags.Get("selectors"));
  auto systems = flags.GetInt("systems");
  auto seeds = flags.GetInt("seeds");
  auto seed = flags.GetUint("seed");
  auto budget = flags.GetInt("budget");
  auto every = flags.GetInt("every");
  auto tau = flags.GetDouble("tau");
  auto draws = flags.GetInt("draws");
  auto threads = flags.GetInt("threads");
  auto reference_at = flags.GetInt("reference-at");
  auto live_sigma = flags.GetDouble("live-sigma");
  auto live_beta = flags.GetDouble("live-beta");
  for (const Status* s : {&reference_at.status(), &live_sigma.status(), &live_beta.status()}) {
    if (!s->ok()) return fail(*s);
  }
  o.reference_at = *reference_at;
  auto posterior_every = flags.GetInt("posterior-every");
  if (!posterior_every.ok()) return fail(posterior_every.status());
  if (*posterior_every < 0) return fail(InvalidArgument("option '--posterior-every': >= 0"));
  o.posterior_every = *posterior_every;
  auto explore = flags.GetDouble("explore");
  if (!explore.ok()) return fail(explore.status());
  o.active.explore = *explore;
  o.pool_with_replacement = flags.IsSet("with-replacement");
  auto z = flags.GetDouble("z");
  if (!z.ok()) return fail(z.status());
  o.active.z = *z;
  for (auto [name, field] : {std::pair{"warmup", &o.active.warmup},
                             {"frontier-center", &o.active.frontier_center},
                             {"frontier-floor", &o.active.frontier_floor},
                             {"frontier-close", &o.active.frontier_close},
                             {"frontier-spread", &o.active.frontier_spread}}) {
    auto v = flags.GetDouble(name);
    if (!v.ok()) return fail(v.status());
    *field = *v;
  }
  auto delta = flags.GetDouble("delta");
  auto epsilon = flags.GetDouble("epsilon");
  if (!delta.ok()) return fail(delta.status());
  if (!epsilon.ok()) return fail(epsilon.status());
  if (!(*delta > 0.0 && *delta < 1.0)) return fail(InvalidArgument("option '--delta': in (0, 1)"));
  if (!(*epsilon >= 0.0 && *epsilon <= 1.0)) {
    return fail(InvalidArgument("option '--epsilon': in [0, 1]"));
  }
  auto anytime_every = flags.GetInt("anytime-every");
  if (!anytime_every.ok()) return fail(anytime_every.status());
  if (*anytime_every < 1) return fail(InvalidArgument("option '--anytime-every': >= 1"));
  o.anytime_every = *anytime_every;
  auto uniform_floor = flags.GetDouble("uniform-floor");
  auto looks = flags.GetInt("looks");
  if (!uniform_floor.ok()) return fail(uniform_floor.status());
  if (!looks.ok()) return fail(looks.status());
  o.uniform_floor = *uniform_floor;
  o.looks = static_cast<int>(*looks);
  o.horizon = flags.GetBool("horizon");
  o.anytime.delta = *delta;
  o.anytime.epsilon = *epsilon;
  o.live.sigma = *live_sigma;
  o.live.beta = *live_beta;
  for (const Status* s : {&systems.status(), &seeds.status(), &seed.status(), &budget.status(),
                          &every.status(), &tau.status(), &draws.status(), &threads.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*seeds < 2 || *seeds > 100000) return fail(InvalidArgument("option '--seeds': 2..100000"));
  if (*draws < 20 || *draws > 100000) return fail(InvalidArgument("option '--draws': 20..100000"));
  o.systems = static_cast<int>(std::clamp<int64_t>(*systems, 0, 100000));
  o.seeds = static_cast<int>(*seeds);
  o.seed = *seed;
  o.budget = *budget;
  o.checkpoint_every = *every;
  o.tau_target = *tau;
  o.draws = static_cast<int>(*draws);
  o.threads = static_cast<int>(std::clamp<int64_t>(*threads, 0, 4096));
  for (const std::string& s : SplitList(flags.Get("tau-at"))) {
    char* end = nullptr;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (end != s.c_str() + s.size() || v < 1) {
      return fail(InvalidArgument("option '--tau-at': '" + s + "' is not a positive integer"));
    }
    o.tau_at.push_back(v);
  }
  std::optional<Judgments> judgments;
  std::string title = flags.Get("title");
  if (!flags.Get("pool").empty()) {
    auto j = LoadJudgments({flags.Get("pool")}, flags);
    if (!j.ok()) return fail(j.status());
    judgments = std::move(*j);
    o.pool = &judgments->comparisons();
    o.pool_systems = judgments->num_systems();
    if (title.empty()) title = "Selection benchmark: replay of " + flags.Get("pool");
  } else if (title.empty()) {
    title = "Selection benchmark: " + std::to_string(o.systems) + " systems, hidden truth";
  }
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return fail(progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("running the campaigns");
  auto result = RunSelectionBenchmark(o);
  bar.Clear();
  if (!result.ok()) return fail(result.status());
  if (!flags.Get("plot").empty()) {
    if (Status s = WritePlotFile(flags.Get("plot"), SelectionBenchmarkSvg(*result, title));
        !s.ok()) {
      return fail(s);
    }
    std::cerr << "wrote " << flags.Get("plot") << "\n";
  }
  const std::string json = SelectionBenchmarkJson(*result, title);
  if (!flags.Get("out").empty()) {
    if (Status s = WriteFileAtomically(flags.Get("out"), json); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("out") << "\n";
  } else {
    std::cout << json;
  }
  // A readable table on stderr.
  std::fprintf(stderr, "%-10s %26s %26s %8s %20s %8s %8s\n", "selector", "to clusters (x uniform)",
               "to tau (x uniform)", "wrong", "wrong - uniform", "cover", "clusters");
  for (const SelectorSummary& s : result->summaries) {
    std::fprintf(stderr,
                 "%-10s %7.0f %5.2f [%4.2f,%4.2f] %7.0f %5.2f [%4.2f,%4.2f] %8.4f "
                 "[%+7.4f,%+7.4f] %8.3f %8.2f\n",
                 s.name.c_str(), s.to_clusters.mean, s.clusters_ratio.mean, s.clusters_ratio.lo,
                 s.clusters_ratio.hi, s.to_tau.mean, s.tau_ratio.mean, s.tau_ratio.lo,
                 s.tau_ratio.hi, s.wrong_separation.mean, s.wrong_separation_excess.lo,
                 s.wrong_separation_excess.hi, s.coverage.mean, s.final_clusters.mean);
  }
  std::fprintf(stderr, "\nanytime leaderboard (delta %g, epsilon %g)\n", o.anytime.delta,
               o.anytime.epsilon);
  std::fprintf(stderr, "%-14s %30s %9s %26s %9s %22s %12s %10s\n", "selector",
               "wrong runs, share [95%]", "cert.wrong", "to stop (x uniform)", "censored",
               "wrong - uniform", "sep. at stop", "at budget");
  for (const SelectorSummary& s : result->summaries) {
    std::fprintf(stderr,
                 "%-14s %5d %6.4f [%7.4f,%7.4f] %9d %7.0f %5.2f [%4.2f,%4.2f] %9d [%+7.4f,%+7.4f] "
                 "%12.2f %10.2f\n",
                 s.name.c_str(), s.anytime_wrong_runs, s.anytime_wrong.mean, s.anytime_wrong.lo,
                 s.anytime_wrong.hi, s.certified_wrong_runs, s.to_stop.mean, s.stop_ratio.mean,
                 s.stop_ratio.lo, s.stop_ratio.hi, s.stop_censored, s.anytime_wrong_excess.lo,
                 s.anytime_wrong_excess.hi, s.stop_separations.mean, s.anytime_separations.mean);
  }
  // The price of validity: separations of each board at each planned look.
  if (!result->looks.empty()) {
    std::fprintf(stderr,
                 "\nseparations at the planned looks: fixed-sample / planned-look / per-pair "
                 "anytime / campaign anytime (uniform floor %g); runs with a wrong separation: "
                 "planned looks, per-pair anytime\n",
                 o.uniform_floor);
    for (const SelectorSummary& s : result->summaries) {
      std::fprintf(stderr, "%-14s", s.name.c_str());
      for (size_t k = 0; k < result->looks.size(); ++k) {
        const size_t c = static_cast<size_t>(result->looks[k] / o.checkpoint_every) - 1;
        std::fprintf(stderr, "  %lldK: %5.2f %5.2f %5.2f %5.2f",
                     static_cast<long long>(result->looks[k] / 1000), s.fixed_curve[c].mean,
                     s.look_separations[k].mean, s.pairwise_curve[c].mean,
                     s.anytime_curve[c].mean);
      }
      std::fprintf(stderr, "  wrong %d %d\n", s.look_wrong_runs, s.pairwise_wrong_runs);
    }
  }
  return kExitOk;
}

}  // namespace tourney::cli
