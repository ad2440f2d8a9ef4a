// tourney simulate: which pairs match selection asks for (paper §5, Figures 5-7), and how
// many clusters each model reaches with growing data (§6, Figure 8).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "progress_bar.h"
#include "render/heatmap_plot.h"
#include "render/leaderboard_format.h"
#include "render/line_plot.h"
#include "render/text_format.h"
#include "top_k_report.h"
#include "tourney/core/leaderboard.h"
#include "tourney/experiments/selection_study.h"
#include "tourney/experiments/top_k_benchmark.h"
#include "trueskill_flags.h"

namespace tourney::cli {
namespace {

std::string Num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.6g", v);
  return buf;
}

std::string JsonMatrix(const std::vector<int64_t>& m, size_t n, const std::string& indent) {
  std::string out = "[\n";
  for (size_t i = 0; i < n; ++i) {
    out += indent + "  [";
    for (size_t j = 0; j < n; ++j) out += (j ? ", " : "") + std::to_string(m[i * n + j]);
    out += i + 1 < n ? "],\n" : "]\n";
  }
  return out + indent + "]";
}

// "out.svg" -> "out-first.svg".
std::string WithSuffix(const std::string& path, const std::string& suffix) {
  const size_t dot = path.rfind('.');
  const size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return path + suffix;
  }
  return path.substr(0, dot) + suffix + path.substr(dot);
}

// Shares of selections in percent (each selection fills two symmetric cells).
std::vector<double> Percent(const std::vector<int64_t>& m, int64_t selections) {
  std::vector<double> out(m.size());
  for (size_t i = 0; i < m.size(); ++i) {
    out[i] =
        selections > 0 ? 100.0 * static_cast<double>(m[i]) / static_cast<double>(selections) : 0.0;
  }
  return out;
}

// --goal top-k: the top-k benchmark's pool replay (top_k_benchmark.h) on --pool.
int SimulateTopK(const Flags& flags, int64_t budget, uint64_t seed, const std::string& format) {
  auto fail = [](const Status& s) { return ReportError("simulate", s); };
  if (flags.IsSet("selection") && flags.Get("selection") != "top-k" &&
      flags.Get("selection") != "uniform") {
    return fail(InvalidArgument(
        "--goal top-k replays the pool with the top-k selector and with uniform selection "
        "side by side; --selection '" +
        flags.Get("selection") + "' does not apply"));
  }
  for (const char* name : {"clusters-at", "plot-heatmap", "plot-clusters", "emit-judgments"}) {
    if (flags.IsSet(name)) {
      return fail(InvalidArgument("--" + std::string(name) + " goes with --goal clusters"));
    }
  }
  auto k = flags.GetInt("top-k");
  auto delta = flags.GetDouble("delta");
  auto epsilon = flags.GetDouble("epsilon");
  auto seeds = flags.GetInt("seeds");
  auto threads = flags.GetInt("threads");
  for (const Status* s :
       {&k.status(), &delta.status(), &epsilon.status(), &seeds.status(), &threads.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*seeds < 2 || *seeds > 100000) return fail(InvalidArgument("option '--seeds': 2..100000"));
  if (*k < 1 || *k > 999) return fail(InvalidArgument("option '--top-k': 1..999"));
  auto judgments = LoadJudgments({flags.Get("pool")}, flags);
  if (!judgments.ok()) return fail(judgments.status());
  TopKBenchmarkOptions o;
  o.k = static_cast<int>(*k);
  o.delta = *delta;
  o.epsilon = *epsilon;
  o.seeds = static_cast<int>(*seeds);
  o.seed = seed;
  o.pool = &judgments->comparisons();
  o.pool_systems = judgments->num_systems();
  // Each judgment is used at most once: the pool is the most a replay can ask for.
  o.budget = budget > 0 ? budget : static_cast<int64_t>(o.pool->size());
  o.threads = static_cast<int>(std::clamp<int64_t>(*threads, 0, 4096));
  auto result = RunTopKBenchmark(o);
  if (!result.ok()) return fail(result.status());
  std::vector<std::string> names;
  for (int i = 0; i < judgments->num_systems(); ++i) {
    names.push_back(judgments->systems().Name(static_cast<SystemId>(i)));
  }
  const std::string title =
      "Top-" + std::to_string(o.k) + " identification: replay of " + flags.Get("pool");
  std::cout << (format == "json" ? TopKJson(*result, title, &names)
                                 : TopKTable(*result, false, &names));
  return kExitOk;
}

}  // namespace

int RunSimulate(int argc, char** argv) {
  Flags flags(
      "tourney simulate --pool F [--goal clusters|top-k] [--selection S] [--budget N] "
      "[--window W] [--seed S] [--plot-heatmap out.svg] [--clusters-at 1000,2000,...] "
      "[--emit-judgments OUT.csv] [--top-k K --delta D --epsilon E --seeds N] "
      "[--format json|table]",
      "Runs the paper's match-selection protocol against a pool of judgments: --budget\n"
      "times the selector picks a pair and one judgment of that pair is drawn from the pool\n"
      "(with replacement). Without --selection the default selector, boundary, is used (it\n"
      "serves the open boundaries of the anytime-valid leaderboard of the judgments drawn\n"
      "so far; docs/selection.md);\n"
      "'trueskill' is the paper's §2.4 rule on the live TrueSkill ratings. Reports which pairs "
      "were chosen\n"
      "in the first and last W selections and overall, as n x n matrices with systems in\n"
      "final-mu order (paper Figures 5-7), and the mean rank distance of chosen pairs (small\n"
      "= close matches). With --clusters-at, also the number of bootstrap clusters each\n"
      "model reaches with that many comparisons (Figure 8).\n"
      "With --goal top-k the pool is replayed instead until the anytime top-k stop names\n"
      "the K best systems with probability >= 1 - delta (docs/top-k.md), once with the\n"
      "top-k selector and once with uniform selection per seed; it reports the judgments\n"
      "each needed, their ratio, and the sets named against the full pool's top K.");
  flags.Add("pool", "FILE", "", "judgments to draw from (WMT or pairwise CSV)");
  flags.Add("window", "W", "0.2",
            "size of the first/last windows: a fraction of the budget (< 1) or a count");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("format", "F", "json", "output: json or table");
  flags.Add("plot-heatmap", "FILE", "",
            "write heat maps as SVG: FILE (last window, Figure 7), FILE-first (Figure 6), "
            "FILE-all (every selection)");
  flags.Add("clusters-at", "LIST", "",
            "amounts of data (comparisons) at which to count clusters, e.g. 1000,2000,4000");
  flags.Add("models", "LIST", "expected-wins,hopkins-may,trueskill", "models for --clusters-at");
  flags.Add("bootstrap", "R", "100", "bootstrap replicates per point of --clusters-at");
  flags.Add("confidence", "G", "0.95", "confidence of the rank ranges for --clusters-at");
  flags.Add("threads", "T", "0",
            "worker threads for --clusters-at and --goal top-k (0 = all cores)");
  flags.Add("goal", "G", "clusters",
            "clusters (the selection protocol above) or top-k: replay the pool until the "
            "anytime top-k stop names the --top-k best systems, with the top-k selector and "
            "with uniform selection, --seeds times (docs/top-k.md)");
  flags.Add("top-k", "K", "1", "with --goal top-k: size of the set to name");
  flags.Add("delta", "D", "0.05", "with --goal top-k: probability of naming a wrong set");
  flags.Add("epsilon", "E", "0", "with --goal top-k: indifference zone, in [0, 0.5]");
  flags.Add("seeds", "N", "20", "with --goal top-k: replays per selector (2..100000)");
  AddProgressFlag(flags);
  AddPlotTitleFlag(flags);
  flags.Add("plot-clusters", "FILE", "", "write the clusters-vs-data curves as an SVG line plot");
  flags.Add("emit-judgments", "FILE", "",
            "write the judgments the protocol drew, in selection order, as pairwise CSV "
            "(system_a,system_b,outcome)");
  AddModelParameterFlags(flags);
  AddInputFlags(flags);
  flags.AddExample("tourney simulate --pool train.csv --plot-heatmap pairs.svg",
                   "which pairs the selection protocol asks for (the paper's Figures 5-7)");
  flags.AddExample("tourney simulate --pool train.csv --goal top-k --top-k 3 --format table",
                   "judgments until the best 3 systems are known at delta 0.05, top-k selection "
                   "against uniform");
  flags.AddExample(
      "tourney simulate --pool train.csv --clusters-at 1000,2000,4000,8000 --plot-clusters "
      "clusters.pdf --plot-no-title",
      "clusters against the amount of data (Figure 8), as a PDF for a paper");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "simulate", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("simulate", s); };

  if (flags.Get("pool").empty()) return fail(InvalidArgument("--pool is required"));
  if (!flags.positionals().empty()) {
    return fail(InvalidArgument("unexpected argument '" + flags.positionals()[0] +
                                "' (the pool is given with --pool)"));
  }
  const std::string format = flags.Get("format");
  if (format != "json" && format != "table") {
    return fail(InvalidArgument("option '--format': '" + format + "' is not json or table"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return fail(seed.status());
  auto window_value = flags.GetDouble("window");
  if (!window_value.ok()) return fail(window_value.status());
  if (!(*window_value > 0)) return fail(InvalidArgument("option '--window': must be > 0"));

  auto ts = TrueSkillOptionsFromFlags(flags);
  if (!ts.ok()) return fail(ts.status());
  const std::string goal = flags.Get("goal");
  if (goal == "top-k") return SimulateTopK(flags, ts->budget, *seed, format);
  if (goal != "clusters") {
    return fail(InvalidArgument("option '--goal': '" + goal + "' is not clusters or top-k"));
  }
  for (const char* name : {"top-k", "delta", "epsilon", "seeds"}) {
    if (flags.IsSet(name)) {
      return fail(InvalidArgument("--" + std::string(name) + " goes with --goal top-k"));
    }
  }
  if (!flags.IsSet("selection")) ts->selector = std::string(kDefaultMatchSelector);
  if (ts->selection == TrueSkillModelOptions::Selection::kNone) {
    return fail(InvalidArgument("option '--selection': simulate needs trueskill or uniform"));
  }

  auto judgments = LoadJudgments({flags.Get("pool")}, flags);
  if (!judgments.ok()) return fail(judgments.status());
  const Comparisons& pool = judgments->comparisons();
  if (pool.size() == 0) return fail(InvalidArgument(flags.Get("pool") + ": no comparisons"));

  SelectionStudyOptions so;
  so.trueskill = *ts;
  so.seed = *seed;
  const int64_t budget = ts->budget > 0 ? ts->budget : static_cast<int64_t>(pool.size());
  so.window = *window_value < 1.0
                  ? std::max<int64_t>(1, static_cast<int64_t>(*window_value * budget))
                  : static_cast<int64_t>(*window_value);
  auto study = RunSelectionStudy(judgments->num_systems(), pool, so);
  if (!study.ok()) return fail(study.status());

  // Clusters vs data.
  std::optional<ClusterCurves> curves;
  if (!flags.Get("clusters-at").empty()) {
    ClusterCurveOptions co;
    for (const std::string& s : SplitList(flags.Get("clusters-at"))) {
      char* end = nullptr;
      const long long v = std::strtoll(s.c_str(), &end, 10);
      if (end != s.c_str() + s.size() || v < 1) {
        return fail(
            InvalidArgument("option '--clusters-at': '" + s + "' is not a positive integer"));
      }
      co.amounts.push_back(v);
    }
    auto r = flags.GetInt("bootstrap");
    auto g = flags.GetDouble("confidence");
    auto t = flags.GetInt("threads");
    for (const Status* s : {&r.status(), &g.status(), &t.status()}) {
      if (!s->ok()) return fail(*s);
    }
    if (*r < 1 || *r > 100000) return fail(InvalidArgument("option '--bootstrap': 1..100000"));
    if (!(*g > 0 && *g < 1)) return fail(InvalidArgument("option '--confidence': in (0, 1)"));
    co.replicates = static_cast<int>(*r);
    co.confidence = *g;
    co.seed = *seed;
    co.threads = static_cast<int>(std::clamp<int64_t>(*t, 0, 4096));
    std::vector<ClusterCurveModel> models;
    if (Status s = CheckModelNames(SplitList(flags.Get("models")), "models"); !s.ok()) {
      return fail(s);
    }
    for (const std::string& name : SplitList(flags.Get("models"))) {
      auto spec = MakeEvalModel(name, flags);
      if (!spec.ok()) return fail(spec.status());
      ClusterCurveModel m;
      m.name = name;
      m.make = [make = spec->make](int64_t amount) { return make(static_cast<size_t>(amount)); };
      auto probe = m.make(1000);
      if (!probe.ok()) return fail(probe.status());
      models.push_back(std::move(m));
    }
    auto progress = ProgressModeFromFlags(flags);
    if (!progress.ok()) return fail(progress.status());
    ProgressBar bar(*progress, "model x amount points");
    co.progress = [&bar](int finished, int total) { bar.Update(finished, total); };
    auto c = ClustersVsData(*judgments, models, co);
    bar.Clear();
    if (!c.ok()) return fail(c.status());
    curves = std::move(*c);
  }

  const size_t n = static_cast<size_t>(judgments->num_systems());
  std::vector<std::string> ordered;
  for (SystemId id : study->order) ordered.push_back(judgments->systems().Name(id));
  const int64_t w = study->window;
  const size_t steps = study->steps.size();
  const double d_first = MeanRankDistance(study->steps, 0, static_cast<size_t>(w), study->rank_of);
  const double d_last =
      MeanRankDistance(study->steps, steps - static_cast<size_t>(w), steps, study->rank_of);
  const double d_all = MeanRankDistance(study->steps, 0, steps, study->rank_of);
  const std::string selection = ts->selection == TrueSkillModelOptions::Selection::kUniform
                                    ? "uniform"
                                : ts->selector.empty() ? "trueskill"
                                                       : ts->selector;
  if (!flags.Get("emit-judgments").empty()) {
    std::string csv = "system_a,system_b,outcome\n";
    for (const SelectionStep& step : study->steps) {
      const SystemId a = pool.first[step.comparison], b = pool.second[step.comparison];
      const Outcome o = pool.outcome[step.comparison];
      csv += CsvField(judgments->systems().Name(a)) + "," + CsvField(judgments->systems().Name(b)) +
             "," +
             (o == Outcome::kTie         ? "tie"
              : o == Outcome::kFirstWins ? "a"
                                         : "b") +
             "\n";
    }
    if (Status s = WriteFileAtomically(flags.Get("emit-judgments"), csv); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("emit-judgments") << "\n";
  }

  // Plots first: a failure to write leaves stdout empty.
  if (!flags.Get("plot-heatmap").empty()) {
    const std::vector<std::string> shorts = ShortSystemNames(ordered);
    const std::string path = flags.Get("plot-heatmap");
    struct Map {
      std::string file, title;
      const std::vector<int64_t>* counts;
      int64_t selections;
    };
    const Map maps[] = {
        {path,
         "Pairs selected in the last " + WithThousands(w) + " of " +
             WithThousands(static_cast<int64_t>(study->budget)) + " selections",
         &study->last, w},
        {WithSuffix(path, "-first"),
         "Pairs selected in the first " + WithThousands(w) + " of " +
             WithThousands(static_cast<int64_t>(study->budget)) + " selections",
         &study->first, w},
        {WithSuffix(path, "-all"),
         "Pairs selected over all " + WithThousands(static_cast<int64_t>(study->budget)) +
             " selections",
         &study->all, study->budget},
    };
    for (const Map& m : maps) {
      HeatmapOptions ho;
      ho.title = m.title;
      ho.subtitle = selection + " selection, systems by final TrueSkill mu (best first), seed " +
                    std::to_string(*seed);
      ho.value_label = "share of selections (%)";
      ho.value_decimals = 1;
      if (!PlotTitles(flags)) ho.title.clear(), ho.subtitle.clear();
      Status s = WritePlotFile(m.file, HeatmapSvg(shorts, Percent(*m.counts, m.selections), ho));
      if (!s.ok()) return fail(s);
      std::cerr << "wrote " << m.file << "\n";
    }
  }
  if (curves && !flags.Get("plot-clusters").empty()) {
    std::vector<LineSeries> series;
    for (size_t m = 0; m < curves->models.size(); ++m) {
      LineSeries ls;
      ls.name = ModelDisplayName(curves->models[m]);
      for (size_t a = 0; a < curves->amounts.size(); ++a) {
        ls.x.push_back(static_cast<double>(curves->amounts[a]));
        ls.y.push_back(curves->clusters[m][a]);
      }
      series.push_back(std::move(ls));
    }
    LinePlotOptions lo;
    lo.title = "Number of clusters vs pairwise comparisons (" + std::to_string(n) + " systems)";
    lo.x_label = "pairwise comparisons";
    lo.y_label = "clusters";
    lo.integer_y = true;
    // Amounts that grow geometrically (the paper's doublings) get a log axis.
    const auto [smallest, largest] =
        std::minmax_element(curves->amounts.begin(), curves->amounts.end());
    lo.log_x = *smallest > 0 && *largest >= 4 * *smallest;
    if (!PlotTitles(flags)) lo.title.clear();
    Status s = WritePlotFile(flags.Get("plot-clusters"), LinePlotSvg(series, lo));
    if (!s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("plot-clusters") << "\n";
  }

  if (format == "json") {
    std::string out = "{\n";
    out += "  \"selection\": " + JsonQuote(selection) + ",\n";
    out += "  \"budget\": " + std::to_string(study->budget) + ",\n";
    out += "  \"window\": " + std::to_string(w) + ",\n";
    out += "  \"seed\": " + std::to_string(*seed) + ",\n";
    out += "  \"pair_counts\": {\n    \"systems\": [";
    for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + JsonQuote(ordered[i]);
    out += "],\n";
    out += "    \"first\": " + JsonMatrix(study->first, n, "    ") + ",\n";
    out += "    \"last\": " + JsonMatrix(study->last, n, "    ") + ",\n";
    out += "    \"all\": " + JsonMatrix(study->all, n, "    ") + "\n  },\n";
    out += "  \"mean_rank_distance\": {\"first\": " + Num(d_first) + ", \"last\": " + Num(d_last) +
           ", \"all\": " + Num(d_all) + "},\n";
    out += "  \"ratings\": [\n";
    for (size_t i = 0; i < n; ++i) {
      const Rating& r = study->ratings[study->order[i]];
      out += "    {\"system\": " + JsonQuote(ordered[i]) + ", \"mu\": " + Num(r.mu) +
             ", \"sigma\": " + Num(r.sigma) + "}" + (i + 1 < n ? ",\n" : "\n");
    }
    out += "  ]";
    if (curves) {
      out += ",\n  \"clusters\": {\n    \"amounts\": [";
      for (size_t a = 0; a < curves->amounts.size(); ++a) {
        out += (a ? ", " : "") + std::to_string(curves->amounts[a]);
      }
      out += "],\n    \"models\": {";
      for (size_t m = 0; m < curves->models.size(); ++m) {
        out += std::string(m ? ", " : "") + JsonQuote(curves->models[m]) + ": [";
        for (size_t a = 0; a < curves->amounts.size(); ++a) {
          out += (a ? ", " : "") + std::to_string(curves->clusters[m][a]);
        }
        out += "]";
      }
      out += "}\n  }";
    }
    out += "\n}\n";
    std::cout << out;
  } else {
    const std::vector<std::string> shorts = ShortSystemNames(ordered);
    std::printf("%s selection: %s selections from %s pooled comparisons, window %s, seed %llu\n",
                selection.c_str(), WithThousands(static_cast<int64_t>(study->budget)).c_str(),
                WithThousands(static_cast<int64_t>(pool.size())).c_str(), WithThousands(w).c_str(),
                static_cast<unsigned long long>(*seed));
    std::printf("mean rank distance of chosen pairs: first %.3f, last %.3f, all %.3f\n\n", d_first,
                d_last, d_all);
    std::printf("Pairs chosen in the last %s selections (rows and columns by final mu):\n",
                WithThousands(w).c_str());
    // Names padded by display columns (a wide character takes two), not bytes.
    size_t width = 0;
    for (const auto& s : shorts) width = std::max(width, DisplayWidth(s));
    for (size_t i = 0; i < n; ++i) {
      std::printf("%3zu %s%s", i + 1, shorts[i].c_str(),
                  std::string(width - DisplayWidth(shorts[i]), ' ').c_str());
      for (size_t j = 0; j < n; ++j) {
        std::printf(" %6lld", static_cast<long long>(study->last[i * n + j]));
      }
      std::printf("\n");
    }
    if (curves) {
      std::printf("\nClusters reached (bootstrap %s):\n%10s", flags.Get("bootstrap").c_str(),
                  "amount");
      for (const auto& m : curves->models) std::printf("  %14s", m.c_str());
      std::printf("\n");
      for (size_t a = 0; a < curves->amounts.size(); ++a) {
        std::printf("%10lld", static_cast<long long>(curves->amounts[a]));
        for (size_t m = 0; m < curves->models.size(); ++m) {
          std::printf("  %14d", curves->clusters[m][a]);
        }
        std::printf("\n");
      }
    }
  }
  return kExitOk;
}

}  // namespace tourney::cli
