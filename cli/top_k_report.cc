#include "top_k_report.h"

#include <cstdio>

#include "render/text_format.h"
#include "render/text_table.h"

namespace tourney::cli {
namespace {

// ["A", "B"] for the ids.
std::string Names(const std::vector<SystemId>& ids, const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < ids.size(); ++i) {
    out += (i ? ", " : "") + JsonQuote(names[static_cast<size_t>(ids[i])]);
  }
  return out + "]";
}

std::string Interval(const SeedInterval& s, int digits) {
  return TableNumber(s.mean, digits) + " [" + TableNumber(s.lo, digits) + ", " + TableNumber(s.hi, digits) + "]";
}

// The both-stopped ratio, or "-" without such seeds.
std::string BothStopped(const TopKModeSummary& s) {
  if (s.both_stopped == 0) return "- (0)";
  return Interval(s.ratio_both_stopped, 3) + " (" + std::to_string(s.both_stopped) + ")";
}

std::string Share(const ShareInterval& s) {
  return std::to_string(s.count) + "/" + std::to_string(s.trials) + " = " + TableNumber(s.share, 3) +
         " [" + TableNumber(s.lo, 3) + ", " + TableNumber(s.hi, 3) + "]";
}

// The pool's true set and how often each mode named it (tables; pool replays only).
std::string TrueSet(const TopKBenchmark& b, bool markdown, const std::vector<std::string>* names) {
  if (names == nullptr || b.true_top.empty()) return "";
  std::string set;
  for (size_t i = 0; i < b.true_top.size(); ++i) {
    set += (i ? ", " : "") + (*names)[static_cast<size_t>(b.true_top[i])];
  }
  std::string out = std::string(markdown ? "\n" : "") + "true top-" +
                    std::to_string(b.true_top.size()) + " (full pool, Expected Wins): " + set +
                    "\n";
  for (size_t m = 0; m < b.summaries.size(); ++m) {
    const TopKModeSummary& s = b.summaries[m];
    const int64_t runs = static_cast<int64_t>(b.runs[m].size());
    out += std::string(markdown ? "- " : "  ") + s.name + ": named it in " +
           std::to_string(runs - s.censored - s.wrong.count) + " of " + std::to_string(runs) +
           " replays, another set in " + std::to_string(s.wrong.count) + ", none (censored) in " +
           std::to_string(s.censored) + "\n";
  }
  return out;
}

}  // namespace

std::string TopKJson(const TopKBenchmark& b, const std::string& title,
                     const std::vector<std::string>* names) {
  const TopKBenchmarkOptions& o = b.options;
  auto interval = [](const SeedInterval& s) {
    return "{\"mean\": " + JsonNumber(s.mean) + ", \"lo\": " + JsonNumber(s.lo) +
           ", \"hi\": " + JsonNumber(s.hi) + "}";
  };
  auto share = [](const ShareInterval& s) {
    return "{\"count\": " + std::to_string(s.count) + ", \"trials\": " + std::to_string(s.trials) +
           ", \"share\": " + JsonNumber(s.share) + ", \"lo\": " + JsonNumber(s.lo) +
           ", \"hi\": " + JsonNumber(s.hi) + "}";
  };
  std::string out = "{\n  \"title\": " + JsonQuote(title) + ",\n";
  out += "  \"systems\": " + std::to_string(b.num_systems) + ", \"k\": " + std::to_string(o.k) +
         ", \"delta\": " + JsonNumber(o.delta) + ", \"epsilon\": " + JsonNumber(o.epsilon) +
         ", \"seeds\": " + std::to_string(o.seeds) + ", \"seed\": " + std::to_string(o.seed) +
         ", \"budget\": " + std::to_string(o.budget) + ", \"explore\": " + JsonNumber(o.explore) +
         ",\n";
  if (names != nullptr && !b.true_top.empty())
    out += "  \"true_top\": " + Names(b.true_top, *names) + ",\n";
  out += "  \"modes\": [\n";
  for (size_t m = 0; m < b.summaries.size(); ++m) {
    const TopKModeSummary& s = b.summaries[m];
    out += "    {\"name\": " + JsonQuote(s.name) + ", \"judgments\": " + interval(s.judgments) +
           ", \"ratio_to_uniform\": " + interval(s.ratio) +
           ", \"ratio_to_uniform_both_stopped\": " +
           (s.both_stopped > 0 ? interval(s.ratio_both_stopped) : std::string("null")) +
           ", \"both_stopped\": " + std::to_string(s.both_stopped) +
           ", \"censored\": " + std::to_string(s.censored) +
           ", \"within_epsilon\": " + std::to_string(s.within_epsilon) +
           ", \"wrong\": " + share(s.wrong) + ", \"epsilon_wrong\": " + share(s.epsilon_wrong) +
           ",\n     \"runs\": [";
    for (size_t r = 0; r < b.runs[m].size(); ++r) {
      const TopKRun& run = b.runs[m][r];
      out += std::string(r > 0 ? ", " : "") + "{\"judgments\": " + std::to_string(run.judgments) +
             ", \"censored\": " + (run.censored ? "true" : "false") +
             ", \"wrong\": " + (run.wrong ? "true" : "false") +
             (names != nullptr ? ", \"top\": " + Names(run.top, *names) : std::string()) + "}";
    }
    out += "]}" + std::string(m + 1 < b.summaries.size() ? "," : "") + "\n";
  }
  return out + "  ]\n}\n";
}

std::string TopKTable(const TopKBenchmark& b, bool markdown,
                      const std::vector<std::string>* names) {
  const TopKBenchmarkOptions& o = b.options;
  std::string out;
  const std::string head = "top-" + std::to_string(o.k) + " of " + std::to_string(b.num_systems) +
                           " systems, delta " + TableNumber(o.delta, 3) + ", epsilon " +
                           TableNumber(o.epsilon, 3) + ", " + std::to_string(o.seeds) +
                           " campaigns, budget " + std::to_string(o.budget);
  TextTable t;
  t.caption = head;
  t.header = {"selector", "judgments to stop [95%]", "× uniform [95%]", "censored",
              "× uniform where both stopped [95%] (seeds)", "stopped within ε", "wrong set [95%]",
              "ε-wrong [95%]"};
  for (const TopKModeSummary& s : b.summaries) {
    t.rows.push_back({s.name, Interval(s.judgments, 0), Interval(s.ratio, 3),
                      std::to_string(s.censored), BothStopped(s), std::to_string(s.within_epsilon),
                      Share(s.wrong), Share(s.epsilon_wrong)});
  }
  out += markdown ? RenderMarkdownTable(t, "-") : RenderTextTable(t, "-");
  return out + TrueSet(b, markdown, names);
}

}  // namespace tourney::cli
