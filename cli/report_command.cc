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

#include "commands.h"
#include "common.h"
#include "progress_bar.h"
#include "tourney/agreement.h"
#include "tourney/bootstrap.h"
#include "tourney/connectivity.h"
#include "tourney/defaults.h"
#include "tourney/evaluation.h"
#include "tourney/heatmap_plot.h"
#include "tourney/leaderboard.h"
#include "tourney/line_plot.h"
#include "tourney/pair_counts.h"
#include "tourney/random.h"
#include "tourney/rank_plot.h"
#include "tourney/svg_plot.h"

namespace tourney::cli {
namespace {

constexpr const char* kCommand = "report";
// The training sizes of the paper's Table 2; the report keeps those that fit the data.
constexpr size_t kPaperSizes[] = {400, 800, 1600, 3200, 6400};

// ---------------------------------------------------------------------------------------
// Text helpers.

std::string Html(std::string_view text) { return XmlEscape(text); }

std::string Thousands(int64_t v) {
  const std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out = v < 0 ? "\xE2\x88\x92" : "";
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, std::fabs(v));
  std::string s = buf;
  bool zero = true;
  for (char c : s) zero &= (c == '0' || c == '.');
  return (v < 0.0 && !zero ? "\xE2\x88\x92" : "") + s;
}

std::string Percent(double part, double whole, int digits = 1) {
  return whole > 0 ? Fixed(100.0 * part / whole, digits) + "%" : "n/a";
}

std::string Range(int lo, int hi) {
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "\xE2\x80\x93" + std::to_string(hi);
}

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

// An SVG document for inlining in HTML: without the XML declaration and the namespace
// attribute (the HTML parser puts <svg> in the SVG namespace itself).
std::string InlineSvg(std::string svg) {
  if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find("?>") + 2);
  const std::string ns = " xmlns=\"http://www.w3.org/2000/svg\"";
  if (const size_t at = svg.find(ns); at != std::string::npos) svg.erase(at, ns.size());
  while (!svg.empty() && (svg.front() == '\n' || svg.front() == ' ')) svg.erase(0, 1);
  return svg;
}

std::string ModelTitle(const std::string& name) {
  if (name == "expected-wins") return "Expected Wins";
  if (name == "expected-wins-ties") return "Expected Wins (ties as half wins)";
  if (name == "hopkins-may") return "Hopkins & May";
  if (name == "trueskill") return "TrueSkill";
  if (name == "bradley-terry") return "Bradley-Terry";
  if (name == "plackett-luce") return "Plackett-Luce";
  if (name == "newman") return "Bradley-Terry with ties (Newman)";
  if (name == "elo") return "Online Elo";
  return name;
}

std::string ModelAnchor(const std::string& name) {
  std::string out = "model-";
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

const char* ModelBlurb(const std::string& name) {
  if (name == "expected-wins") {
    return "Score: the share of a system's decisive comparisons it won, averaged over its "
           "opponents (WMT12/13; paper §2.1). Ties are left out.";
  }
  if (name == "expected-wins-ties") {
    return "Score: (wins + ties) over all comparisons, averaged over opponents (WMT11).";
  }
  if (name == "hopkins-may") {
    return "Score: the mean quality &mu; of each system under the Hopkins &amp; May (2013) "
           "model, fitted by Gibbs sampling (paper §2.2); &sigma; is the spread of the kept "
           "iterates and R&#770; the split-R-hat of the chains.";
  }
  if (name == "trueskill") {
    return "Score: the TrueSkill mean &mu; after the match-selection protocol of §2.4 has "
           "picked and replayed pairs from the data (paper §2.3-2.4); &sigma; is its "
           "remaining uncertainty.";
  }
  if (name == "bradley-terry") {
    return "Score: the Bradley-Terry maximum-likelihood strength on Chatbot Arena's Elo scale "
           "(ties count as half wins); &mu; is the log-strength and &sigma; its sandwich "
           "standard error.";
  }
  if (name == "plackett-luce") {
    return "Score: the Plackett-Luce strength fitted to whole k-way rankings (ties by "
           "Breslow's rule) on the Elo scale; &sigma; is the sandwich standard error of the "
           "log-strength.";
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// Page pieces.

constexpr const char* kStyle = R"css(
:root { --ink: #1f2937; --muted: #6b7280; --rule: #e5e7eb; --strong-rule: #cbd5e1;
        --shade: #f8fafc; --accent: #1d4ed8; --warn: #b45309; --warn-bg: #fffbeb; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #fff; color: var(--ink);
       font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
             "Noto Sans", sans-serif; }
main { max-width: 1080px; margin: 0 auto; padding: 40px 28px 72px; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 .35rem; letter-spacing: -.015em; }
h2 { font-size: 1.45rem; line-height: 1.25; margin: 3rem 0 .6rem; padding-bottom: .35rem;
     border-bottom: 1px solid var(--rule); letter-spacing: -.01em; }
h3 { font-size: 1.1rem; margin: 1.8rem 0 .4rem; }
p, li, dd, figcaption, .lede { max-width: 74ch; }
p { margin: .5rem 0 .9rem; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.lede { font-size: 1.08rem; color: #374151; margin: .25rem 0 1.25rem; }
.muted { color: var(--muted); }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono",
                            monospace; font-size: .86em; }
code { background: #f3f4f6; padding: .08em .35em; border-radius: 4px; }
pre.command { background: #f8fafc; border: 1px solid var(--rule); border-radius: 6px;
              padding: .7rem .9rem; overflow-x: auto; white-space: pre-wrap;
              word-break: break-all; font-size: .85rem; margin: .4rem 0 1rem; }
dl.params { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.25rem;
            margin: 0 0 1rem; font-size: .95rem; }
dl.params dt { color: var(--muted); }
dl.params dd { margin: 0; }
nav.toc { border: 1px solid var(--rule); border-radius: 8px; padding: .7rem 1.1rem;
          margin: 1.2rem 0 0; background: var(--shade); font-size: .95rem; }
nav.toc ol { margin: .2rem 0; padding-left: 1.3rem; columns: 2; column-gap: 2.5rem; }
nav.toc strong { display: block; margin-bottom: .1rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .92rem;
        margin: .8rem 0 1.2rem; }
caption { caption-side: top; text-align: left; color: var(--muted); font-size: .9rem;
          padding-bottom: .4rem; max-width: 74ch; }
th, td { padding: .32rem .65rem; text-align: left; vertical-align: baseline; }
td.system { white-space: nowrap; }
.table-wrap { overflow-x: auto; margin: .8rem 0 1.2rem; }
.table-wrap table { margin: 0; }
thead th { font-weight: 600; border-bottom: 2px solid var(--strong-rule); white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.rank { font-weight: 600; text-align: right; color: #111827; }
tbody.cluster { border-top: 1px solid var(--strong-rule); }
tbody.cluster:first-of-type { border-top: none; }
tbody.cluster.even { background: var(--shade); }
table.summary td:first-child { color: var(--muted); padding-left: 0; }
table.grid tbody tr { border-top: 1px solid var(--rule); }
td.best { font-weight: 700; }
.sd { color: var(--muted); font-size: .85em; }
figure { margin: 1.4rem 0 2.2rem; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: #4b5563; font-size: .9rem; margin-top: .5rem; }
.figures { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; }
.box { border-left: 4px solid var(--warn); background: var(--warn-bg); padding: .65rem 1rem;
       margin: 1rem 0; border-radius: 0 6px 6px 0; max-width: 80ch; }
.box.info { border-left-color: #2563eb; background: #eff6ff; }
details { margin: .5rem 0 1rem; font-size: .9rem; }
details summary { cursor: pointer; color: var(--warn); }
details ul { margin: .4rem 0; padding-left: 1.2rem; color: #4b5563; }
footer { margin-top: 3.5rem; padding-top: 1rem; border-top: 1px solid var(--rule);
         color: var(--muted); font-size: .85rem; }
@media print { main { max-width: none; padding: 0; } nav.toc { display: none; }
               h2 { break-after: avoid; } figure, table { break-inside: avoid; } }
)css";

struct ModelRun {
  std::string name;
  BootstrapResult result;
  v1::Leaderboard board;
  std::vector<int> order;  // system ids in board order
  int clusters = 0;
};

// Everything the page shows, computed before any HTML is written.
struct ReportData {
  std::vector<std::string> files;
  std::string test_file;
  std::string command;
  std::string title;
  const Judgments* judgments = nullptr;
  std::vector<std::string> short_names;  // by system id
  std::vector<ModelRun> runs;
  int replicates = 0;
  double confidence = 0.0;
  uint64_t seed = 0;
  int threads = 0;
  // Evaluation (when test_file is set).
  bool evaluated = false;
  EvalReport eval;
  std::vector<std::string> eval_models;
  std::vector<size_t> eval_sizes;
  std::vector<size_t> skipped_sizes;
  size_t eval_train = 0, eval_dev = 0, eval_test = 0;
  int eval_repeats = 0;
  int eval_unseen_systems = 0;
  // Annotator agreement (when every ranking names its segment and annotator).
  std::optional<AgreementResult> agreement;
  std::string agreement_absent;  // why it is absent
};

void AppendSummary(const ReportData& d, std::string& out) {
  const Judgments& j = *d.judgments;
  const Comparisons& c = j.comparisons();
  const int n = j.num_systems();
  const PairCounts counts = PairCounts::FromComparisons(n, c);
  int64_t ties = 0;
  for (Outcome o : c.outcome) ties += o == Outcome::kTie;
  // Ranking sizes.
  std::map<size_t, int64_t> by_size;
  for (size_t r = 0; r < j.num_rankings(); ++r) ++by_size[j.ranking(r).systems.size()];
  std::string sizes;
  for (const auto& [k, count] : by_size) {
    if (!sizes.empty()) sizes += ", ";
    sizes += Thousands(count) + " with " + std::to_string(k) + " systems";
  }
  // Comparisons per system and per pair.
  int64_t sys_min = -1, sys_max = 0;
  int sys_min_id = 0;
  std::vector<int64_t> per_system(static_cast<size_t>(n), 0);
  std::vector<int64_t> per_pair;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a != b) per_system[a] += counts.total(a, b);
      if (a < b) per_pair.push_back(counts.total(a, b));
    }
  }
  for (int a = 0; a < n; ++a) {
    if (sys_min < 0 || per_system[a] < sys_min) sys_min = per_system[a], sys_min_id = a;
    sys_max = std::max(sys_max, per_system[a]);
  }
  std::sort(per_pair.begin(), per_pair.end());
  const int64_t pairs_seen =
      std::count_if(per_pair.begin(), per_pair.end(), [](int64_t v) { return v > 0; });

  out += "<section id=\"data\">\n<h2>Data</h2>\n";
  out += "<table class=\"summary\">\n<tbody>\n";
  auto row = [&](const std::string& label, const std::string& value) {
    out += "<tr><td>" + label + "</td><td>" + value + "</td></tr>\n";
  };
  std::string files;
  for (const std::string& f : d.files) {
    files +=
        (files.empty() ? "" : "<br>") + std::string("<span class=\"mono\">") + Html(f) + "</span>";
  }
  row(d.files.size() == 1 ? "Input file" : "Input files", files);
  row("Systems", std::to_string(n));
  row("Rankings", Thousands(static_cast<int64_t>(j.num_rankings())) +
                      (sizes.empty() ? "" : " <span class=\"muted\">(" + sizes + ")</span>"));
  row("Pairwise comparisons",
      Thousands(static_cast<int64_t>(c.size())) + " <span class=\"muted\">(" +
          Thousands(static_cast<int64_t>(c.size()) - ties) + " decisive, " + Thousands(ties) +
          " ties = " + Percent(static_cast<double>(ties), static_cast<double>(c.size())) +
          ")</span>");
  if (n > 0) {
    row("Comparisons per system",
        Thousands(sys_min) + " to " + Thousands(sys_max) +
            " <span class=\"muted\">(fewest: " + Html(d.short_names[sys_min_id]) + ")</span>");
  }
  if (!per_pair.empty()) {
    row("System pairs compared",
        Thousands(pairs_seen) + " of " + Thousands(static_cast<int64_t>(per_pair.size())) +
            " <span class=\"muted\">(" + Thousands(per_pair.front()) + " to " +
            Thousands(per_pair.back()) + " comparisons per pair, median " +
            Thousands(per_pair[per_pair.size() / 2]) + ")</span>");
  }
  if (!j.judges().empty()) row("Annotators", Thousands(static_cast<int64_t>(j.judges().size())));
  if (j.dropped_blank > 0) {
    row("Rankings dropped", Thousands(j.dropped_blank) + " (a blank rank)");
  }
  if (j.skipped_invalid > 0) {
    row("Rows skipped", Thousands(j.skipped_invalid) + " (invalid, --skip-invalid)");
  }
  out += "</tbody>\n</table>\n";

  int num_components = 0;
  const std::vector<int> component = ComparisonComponents(n, c, &num_components);
  if (num_components > 1) {
    out +=
        "<div class=\"box\"><strong>The comparison graph is not connected.</strong> It "
        "falls into " +
        std::to_string(num_components) +
        " groups of systems that were never compared, directly or through other systems, "
        "with each other. No model can order systems of different groups; read the "
        "leaderboards within each group only.<ul>\n";
    for (int g = 0; g < num_components; ++g) {
      std::string members;
      for (int a = 0; a < n; ++a) {
        if (component[a] != g) continue;
        members += (members.empty() ? "" : ", ") + Html(d.short_names[a]);
      }
      out += "<li>" + members + "</li>\n";
    }
    out += "</ul></div>\n";
  } else {
    out +=
        "<p class=\"muted\">Every system is connected to every other through the "
        "comparisons, so all of them can be placed on one scale.</p>\n";
  }
  out += "</section>\n";
}

void AppendOverview(const ReportData& d, std::string& out) {
  if (d.runs.empty()) return;
  const ModelRun& first = d.runs.front();
  out += "<section id=\"overview\">\n<h2>Models side by side</h2>\n";
  out += "<p>Each model's " + Fixed(100.0 * d.confidence, 0) +
         "% rank range and cluster (in parentheses) for every system, in the order of " +
         Html(ModelTitle(first.name)) +
         ". Systems whose rank ranges overlap share a cluster; a model that separates the "
         "systems into more clusters tells them apart with more confidence from the same "
         "data (paper §6).</p>\n";
  out += "<table class=\"grid\">\n<thead><tr><th>system</th>";
  for (const ModelRun& run : d.runs) {
    out += "<th class=\"num\"><a href=\"#" + ModelAnchor(run.name) + "\">" +
           Html(ModelTitle(run.name)) + "</a></th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  // Entry of each system in each run.
  std::vector<std::vector<int>> position(d.runs.size());
  for (size_t m = 0; m < d.runs.size(); ++m) {
    position[m].assign(d.short_names.size(), -1);
    for (size_t i = 0; i < d.runs[m].order.size(); ++i) position[m][d.runs[m].order[i]] = i;
  }
  for (int id : first.order) {
    out += "<tr><td class=\"system\" title=\"" + Html(d.judgments->systems().Name(id)) + "\">" +
           Html(d.short_names[id]) + "</td>";
    for (size_t m = 0; m < d.runs.size(); ++m) {
      const auto& e = d.runs[m].board.entries(position[m][id]);
      out += "<td class=\"num\">" + Range(e.rank_lo(), e.rank_hi()) + " <span class=\"sd\">(" +
             std::to_string(e.cluster()) + ")</span></td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n<tfoot><tr><td class=\"muted\">clusters</td>";
  for (const ModelRun& run : d.runs) {
    out += "<td class=\"num\"><strong>" + std::to_string(run.clusters) + "</strong></td>";
  }
  out += "</tr></tfoot>\n</table>\n</section>\n";
}

void AppendModel(const ReportData& d, const ModelRun& run, std::string& out) {
  const v1::Leaderboard& board = run.board;
  bool gaussian = false, r_hat = false;
  for (const auto& e : board.entries()) {
    gaussian |= e.sigma() != 0.0;
    r_hat |= e.r_hat() != 0.0;
  }
  const std::string title = ModelTitle(run.name);
  const std::string conf = Fixed(100.0 * d.confidence, 0) + "%";
  out += "<section id=\"" + ModelAnchor(run.name) + "\">\n<h2>" + Html(title) + "</h2>\n";
  out += "<p>" + std::string(ModelBlurb(run.name)) + "</p>\n";
  out += "<div class=\"table-wrap\"><table class=\"leaderboard\">\n<caption>" + Html(title) + ": " +
         std::to_string(run.clusters) + " clusters from " +
         Thousands(static_cast<int64_t>(d.judgments->comparisons().size())) +
         " comparisons. <em>range</em>: " + conf + " rank range over " +
         std::to_string(run.result.replicates) +
         (run.result.self_sampling ? " reruns with fresh seeds" : " bootstrap replicates") +
         "; <em>interval</em>: the middle " + conf + " of the " +
         (run.result.self_sampling ? "reruns'" : "replicates'") +
         " scores. Rows are grouped by cluster and <em>#</em> is the rank "
         "at which a cluster starts, as in the paper's Table 1.</caption>\n";
  out += "<thead><tr><th class=\"num\">#</th><th class=\"num\">score</th>";
  if (gaussian) out += "<th class=\"num\">&sigma;</th>";
  out +=
      "<th class=\"num\">range</th><th>system</th><th class=\"num\">interval</th>"
      "<th class=\"num\">comparisons</th><th class=\"num\" title=\"wins / losses / "
      "ties\">W / L / T</th>";
  if (r_hat) out += "<th class=\"num\">R&#770;</th>";
  out += "</tr></thead>\n";
  const int digits = 3;
  for (int begin = 0; begin < board.entries_size();) {
    int end = begin + 1;
    while (end < board.entries_size() &&
           board.entries(end).cluster() == board.entries(begin).cluster()) {
      ++end;
    }
    const int cluster = board.entries(begin).cluster();
    out += std::string("<tbody class=\"cluster") + (cluster % 2 == 0 ? " even" : "") +
           "\" title=\"cluster " + std::to_string(cluster) + "\">\n";
    for (int i = begin; i < end; ++i) {
      const auto& e = board.entries(i);
      const int id = run.order[i];
      out += "<tr><td class=\"rank\">" + (i == begin ? std::to_string(e.rank()) : "") +
             "</td><td class=\"num\">" + Fixed(e.score(), digits) + "</td>";
      if (gaussian) out += "<td class=\"num\">" + Fixed(e.sigma(), digits) + "</td>";
      out += "<td class=\"num\">" + Range(e.rank_lo(), e.rank_hi()) +
             "</td><td class=\"system\" title=\"" + Html(e.system()) + "\">" +
             Html(d.short_names[id]) + "</td><td class=\"num\">" + "[" +
             Fixed(e.score_lo(), digits) + ", " + Fixed(e.score_hi(), digits) + "]" +
             "</td><td class=\"num\">" + Thousands(e.comparisons()) + "</td><td class=\"num\">" +
             Thousands(e.wins()) + " / " + Thousands(e.losses()) + " / " + Thousands(e.ties()) +
             "</td>";
      if (r_hat) {
        out += "<td class=\"num\">" + Fixed(e.r_hat(), 3) +
               (e.r_hat() > 1.05 ? " <span title=\"above 1.05: not converged\">!</span>" : "") +
               "</td>";
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n";
    begin = end;
  }
  out += "</table></div>\n";

  // Warnings: the full-data ones in full, replicate ones folded.
  std::vector<std::string> replicate_warnings, full_warnings;
  for (const std::string& w : board.warnings()) {
    (w.rfind("in ", 0) == 0 && w.find("replicate") != std::string::npos ? replicate_warnings
                                                                        : full_warnings)
        .push_back(w);
  }
  if (!full_warnings.empty()) {
    out += "<div class=\"box\"><strong>Warning.</strong><ul>";
    for (const std::string& w : full_warnings) out += "<li>" + Html(w) + "</li>";
    out += "</ul></div>\n";
  }
  if (!replicate_warnings.empty()) {
    out += "<details><summary>" + Thousands(static_cast<int64_t>(replicate_warnings.size())) +
           " warning" + (replicate_warnings.size() == 1 ? "" : "s") +
           " from bootstrap replicates</summary><ul>";
    for (const std::string& w : replicate_warnings) out += "<li>" + Html(w) + "</li>";
    out += "</ul></details>\n";
  }

  RankPlotOptions plot;
  plot.title = "Bootstrap rank distributions: " + title;
  plot.subtitle = Thousands(static_cast<int64_t>(d.judgments->comparisons().size())) +
                  " pairwise comparisons, " + std::to_string(run.result.replicates) +
                  (run.result.self_sampling
                       ? " reruns with fresh seeds"
                       : " replicates resampling " + ResampleUnitName(run.result.resample)) +
                  ", seed " + std::to_string(run.result.seed);
  plot.confidence = d.confidence;
  out += "<figure>\n" +
         InlineSvg(RankBoxPlotSvg(RankPlotSystems(board, *d.judgments, run.result), plot)) +
         "<figcaption>The plot of the paper's Figures 9 and 10. A tall box is a system "
         "whose rank changes from one " +
         (run.result.self_sampling ? std::string("rerun") : std::string("replicate")) +
         " to the next; hover over a box for the full system name, score and rank "
         "range.</figcaption>\n</figure>\n</section>\n";
}

void AppendHeatmaps(const ReportData& d, std::string& out) {
  if (d.runs.empty()) return;
  const ModelRun& first = d.runs.front();
  const Judgments& j = *d.judgments;
  const PairCounts counts = PairCounts::FromComparisons(j.num_systems(), j.comparisons());
  const std::vector<int>& order = first.order;
  const size_t n = order.size();
  std::vector<std::string> names;
  for (int id : order) names.push_back(d.short_names[id]);
  std::vector<double> pair_counts(n * n, 0.0), win_rate(n * n, 0.0);
  for (size_t r = 0; r < n; ++r) {
    for (size_t c = 0; c < n; ++c) {
      const int a = order[r], b = order[c];
      pair_counts[r * n + c] = r == c ? 0.0 : static_cast<double>(counts.total(a, b));
      const int64_t decisive = counts.wins(a, b) + counts.wins(b, a);
      win_rate[r * n + c] =
          r == c || decisive == 0
              ? std::numeric_limits<double>::quiet_NaN()
              : 100.0 * static_cast<double>(counts.wins(a, b)) / static_cast<double>(decisive);
    }
  }
  const std::string order_text = "systems in " + ModelTitle(first.name) + " order, best first";
  out += "<section id=\"heatmaps\">\n<h2>Who met whom, and who won</h2>\n";
  HeatmapOptions counts_options;
  counts_options.title = "Comparisons per system pair";
  counts_options.subtitle =
      Thousands(static_cast<int64_t>(j.comparisons().size())) + " comparisons; " + order_text;
  counts_options.value_label = "comparisons of the pair";
  counts_options.value_decimals = 0;
  out += "<figure>\n" + InlineSvg(HeatmapSvg(names, pair_counts, counts_options)) +
         "<figcaption>How many pairwise comparisons each pair of systems received (ties "
         "included), as in the paper's Figure 5. A uniform map means the judgments were "
         "spread evenly over the pairs; a pale row and column mark a system with few "
         "judgments.</figcaption>\n</figure>\n";
  HeatmapOptions win_options;
  win_options.title = "Win rate of the row system against the column system";
  win_options.subtitle = "wins / (wins + losses), ties left out; " + order_text;
  win_options.value_label = "row's win rate (%)";
  win_options.value_decimals = 0;
  out += "<figure>\n" + InlineSvg(HeatmapSvg(names, win_rate, win_options)) +
         "<figcaption>The share of its decisive comparisons that the row system won against "
         "the column system; the two cells of a pair add up to 100%. With systems in score "
         "order, dark cells collect above the diagonal; a dark cell below it is an upset. "
         "Grey cells had no decisive comparison.</figcaption>\n</figure>\n</section>\n";
}

void AppendEvaluation(const ReportData& d, std::string& out) {
  out += "<section id=\"evaluation\">\n<h2>Held-out prediction</h2>\n";
  if (!d.evaluated) {
    out +=
        "<p class=\"muted\">Not computed: run <code>tourney report</code> with "
        "<code>--test FILE</code> to add the held-out accuracy and perplexity of each "
        "model (the paper's Table 2).</p>\n</section>\n";
    return;
  }
  std::string sizes_text;
  for (size_t s : d.eval_sizes) sizes_text += (sizes_text.empty() ? "" : ", ") + Thousands(s);
  out += "<p>Each model is trained on random subsets of " + sizes_text +
         " comparisons of the training data (TrueSkill instead gets the whole pool and selects "
         "that many matches itself, §3.1), its decision radius is tuned on " +
         Thousands(static_cast<int64_t>(d.eval_dev)) +
         " held-out training comparisons (§3.4), and it predicts the " +
         Thousands(static_cast<int64_t>(d.eval_test)) + " comparisons of <span class=\"mono\">" +
         Html(d.test_file) +
         "</span>. Accuracy counts the test comparisons whose outcome "
         "(win, loss or tie) was the model's most probable one for the pair (§3.3); "
         "perplexity is 2 to the mean negative log2-probability the model gave the observed "
         "outcomes (§3.2). Mean &plusmn; sd over " +
         std::to_string(d.eval_repeats) + " random training sets per size.</p>\n";
  out += "<div class=\"box info\">This report uses " + std::to_string(d.eval_repeats) + " repeat" +
         (d.eval_repeats == 1 ? "" : "s") +
         " per training size to stay quick; the paper averaged 10. Use <code>--repeats "
         "10</code> (or <code>tourney eval</code>) for the full experiment.";
  if (!d.skipped_sizes.empty()) {
    std::string skipped;
    for (size_t s : d.skipped_sizes) skipped += (skipped.empty() ? "" : ", ") + Thousands(s);
    out += " Sizes larger than the " + Thousands(static_cast<int64_t>(d.eval_train)) +
           "-comparison training pool were left out: " + skipped + ".";
  }
  if (d.eval_unseen_systems > 0) {
    out += " " + std::to_string(d.eval_unseen_systems) +
           " system(s) of the test file never occur in the training data; models predict "
           "them from their prior.";
  }
  out += "</div>\n";

  const size_t num_sizes = d.eval_sizes.size();
  auto row_of = [&](size_t m, size_t s) -> const EvalRow& {
    return d.eval.rows[m * num_sizes + s];
  };
  for (const bool perplexity : {false, true}) {
    out += std::string("<table class=\"grid\">\n<caption>") +
           (perplexity ? "Perplexity (lower is better; Expected Wins gives no probabilities)"
                       : "Accuracy (higher is better)") +
           ", best per row in bold</caption>\n<thead><tr><th class=\"num\">training "
           "comparisons</th>";
    for (const std::string& m : d.eval_models) {
      out += "<th class=\"num\">" + Html(ModelTitle(m)) + "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (size_t s = 0; s < num_sizes; ++s) {
      // The best mean of the row (among models that report the measure).
      double best = perplexity ? std::numeric_limits<double>::infinity() : -1.0;
      for (size_t m = 0; m < d.eval_models.size(); ++m) {
        const EvalRow& r = row_of(m, s);
        if (perplexity && r.perplexity > 0.0) best = std::min(best, r.perplexity);
        if (!perplexity) best = std::max(best, r.accuracy);
      }
      out += "<tr><td class=\"num\">" + Thousands(static_cast<int64_t>(d.eval_sizes[s])) + "</td>";
      for (size_t m = 0; m < d.eval_models.size(); ++m) {
        const EvalRow& r = row_of(m, s);
        const double mean = perplexity ? r.perplexity : r.accuracy;
        const double sd = perplexity ? r.perplexity_sd : r.accuracy_sd;
        if (perplexity && mean == 0.0) {
          out += "<td class=\"num muted\">n/a</td>";
          continue;
        }
        const bool is_best = Fixed(mean, 3) == Fixed(best, 3);
        out += std::string("<td class=\"num") + (is_best ? " best" : "") + "\">" + Fixed(mean, 3) +
               " <span class=\"sd\">&plusmn; " + Fixed(sd, 3) + "</span></td>";
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
  }
  out +=
      "<p>Upper bound on accuracy (predicting each pair's most frequent outcome in the "
      "test data itself): <strong>" +
      Fixed(d.eval.upper_bound, 3) + "</strong>.</p>\n";

  // Accuracy and perplexity against training size.
  std::vector<LineSeries> accuracy, perplexity;
  for (size_t m = 0; m < d.eval_models.size(); ++m) {
    LineSeries a{ModelTitle(d.eval_models[m]), {}, {}};
    LineSeries p{ModelTitle(d.eval_models[m]), {}, {}};
    for (size_t s = 0; s < num_sizes; ++s) {
      const EvalRow& r = row_of(m, s);
      a.x.push_back(static_cast<double>(d.eval_sizes[s]));
      a.y.push_back(r.accuracy);
      a.y_lo.push_back(r.accuracy - r.accuracy_sd);
      a.y_hi.push_back(r.accuracy + r.accuracy_sd);
      if (r.perplexity > 0.0) {
        p.x.push_back(static_cast<double>(d.eval_sizes[s]));
        p.y.push_back(r.perplexity);
        p.y_lo.push_back(r.perplexity - r.perplexity_sd);
        p.y_hi.push_back(r.perplexity + r.perplexity_sd);
      }
    }
    accuracy.push_back(std::move(a));
    // A model without probabilities keeps its legend entry (and so every model keeps its
    // colour from the accuracy plot) but draws nothing.
    if (p.x.empty()) p.name += " (no probabilities)";
    perplexity.push_back(std::move(p));
  }
  bool any_perplexity = false;
  for (const LineSeries& p : perplexity) any_perplexity |= !p.x.empty();
  // Error bars of one sd over the repeats; the y axis spans at least 0.1 of accuracy so that
  // differences of 0.01 look as small as they are; training sizes on a log axis.
  LinePlotOptions a_opt{.title = "Held-out accuracy",
                        .x_label = "training comparisons",
                        .y_label = "accuracy",
                        .log_x = true,
                        .min_y_span = 0.1};
  out += "<figure>\n" + InlineSvg(LinePlotSvg(accuracy, a_opt)) +
         "<figcaption>Mean accuracy against the amount of training data (the paper's "
         "Figure 4 for one language pair), with bars of one standard deviation over the " +
         std::to_string(d.eval_repeats) + " repeats.</figcaption>\n</figure>\n";
  if (any_perplexity) {
    LinePlotOptions p_opt{.title = "Held-out perplexity",
                          .x_label = "training comparisons",
                          .y_label = "perplexity",
                          .log_x = true};
    out += "<figure>\n" + InlineSvg(LinePlotSvg(perplexity, p_opt)) +
           "<figcaption>Mean perplexity against the amount of training data (the paper's "
           "Figure 3); lower is better.</figcaption>\n</figure>\n";
  }
  out += "</section>\n";
}

void AppendAgreement(const ReportData& d, std::string& out) {
  out += "<section id=\"agreement\">\n<h2>Annotator agreement</h2>\n";
  if (!d.agreement) {
    out += "<p class=\"muted\">Not computed: " + Html(d.agreement_absent) + "</p>\n</section>\n";
    return;
  }
  const AgreementResult& a = *d.agreement;
  out +=
      "<p>Cohen's kappa as the WMT findings report it (collapsed: systems with identical "
      "output count once). Every ranking labels each pair of its outputs in presentation "
      "order; two labels of the same item (segment and the two outputs) agree when equal. "
      "Inter: every pair of labels of an item; intra: pairs of one annotator's labels of an "
      "item. pE = P(tie)&sup2; + 2((1&minus;P(tie))/2)&sup2; from the labels' tie rate. "
      "<span class=\"mono\">tourney agreement</span> prints the same figures.</p>\n";
  out +=
      "<table class=\"grid\"><thead><tr><th></th><th>pA</th><th>pE</th><th>&kappa;</th>"
      "<th>agreeing / comparable pairs</th><th>ties / labels</th></tr></thead><tbody>\n";
  auto row = [&](const char* label, const AgreementCounts& c) {
    auto num = [](std::optional<double> v) { return v ? Fixed(*v, 3) : std::string("n/a"); };
    out += "<tr><td>" + std::string(label) + "</td><td>" + num(c.p_agree()) + "</td><td>" +
           num(c.p_chance()) + "</td><td>" + num(c.kappa()) + "</td><td>" + Thousands(c.agree) +
           " / " + Thousands(c.comparable) + "</td><td>" + Thousands(c.ties) + " / " +
           Thousands(c.labels) + "</td></tr>\n";
  };
  row("inter-annotator", a.inter);
  row("intra-annotator", a.intra);
  out += "</tbody></table>\n";
  constexpr int64_t kMinPairs = 30;
  constexpr int kShown = 10;
  std::string rows;
  int shown = 0;
  for (const AnnotatorAgreement& x : a.annotators) {
    if (shown == kShown) break;
    if (x.with_others.comparable < kMinPairs || !x.kappa_with_others) continue;
    ++shown;
    rows += "<tr><td class=\"mono\">" + Html(x.annotator) + "</td><td>" + Thousands(x.rankings) +
            "</td><td>" + Thousands(x.with_others.comparable) + "</td><td>" +
            Fixed(*x.with_others.p_agree(), 3) + "</td><td>" + Fixed(*x.kappa_with_others, 3) +
            "</td></tr>\n";
  }
  if (shown > 0) {
    out += "<table class=\"grid\"><caption>The " + std::to_string(shown) +
           " annotators who agree least with the others (among those with at least " +
           std::to_string(kMinPairs) +
           " label pairs shared with other annotators). Leave them out of any command with "
           "<span class=\"mono\">--exclude-annotators</span>.</caption><thead><tr>"
           "<th>annotator</th><th>rankings</th><th>pairs with others</th><th>pA</th>"
           "<th>&kappa;</th></tr></thead><tbody>\n" +
           rows + "</tbody></table>\n";
  }
  out += "</section>\n";
}

std::string RenderPage(const ReportData& d) {
  const Judgments& j = *d.judgments;
  std::string out;
  out.reserve(1 << 20);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"tourney report\">\n<title>" +
      Html(d.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n";
  out += "<header>\n<h1>" + Html(d.title) + "</h1>\n";
  std::string models_text;
  for (size_t m = 0; m < d.runs.size(); ++m) {
    models_text += (m == 0                   ? ""
                    : m + 1 == d.runs.size() ? " and "
                                             : ", ") +
                   Html(ModelTitle(d.runs[m].name));
  }
  out += "<p class=\"lede\">" + std::to_string(j.num_systems()) + " systems ranked from " +
         Thousands(static_cast<int64_t>(j.comparisons().size())) + " pairwise comparisons (" +
         Thousands(static_cast<int64_t>(j.num_rankings())) + " rankings) by " + models_text +
         ", with bootstrap rank ranges and clusters in the manner of WMT13 and Sakaguchi, "
         "Post &amp; Van Durme (2014).</p>\n";
  out += "<dl class=\"params\">\n";
  auto param = [&](const std::string& k, const std::string& v) {
    out += "<dt>" + k + "</dt><dd>" + v + "</dd>\n";
  };
  std::string files;
  for (const std::string& f : d.files) {
    files +=
        (files.empty() ? "" : ", ") + std::string("<span class=\"mono\">") + Html(f) + "</span>";
  }
  param("input", files);
  param("models", models_text);
  param("bootstrap", std::to_string(d.replicates) + " replicates, " +
                         Fixed(100.0 * d.confidence, 0) + "% rank ranges (" +
                         std::to_string(TrimCount(d.replicates, d.confidence)) +
                         " ranks dropped at each end)");
  param("seed", std::to_string(d.seed) +
                    " <span class=\"muted\">(the same seed gives the same report for any "
                    "number of threads)</span>");
  param("threads", d.threads == 0 ? "all cores" : std::to_string(d.threads));
  param("test data", d.evaluated ? "<span class=\"mono\">" + Html(d.test_file) + "</span>, " +
                                       std::to_string(d.eval_repeats) + " repeats per size"
                                 : "none");
  out += "</dl>\n<pre class=\"command\">" + Html(d.command) + "</pre>\n";
  out +=
      "<nav class=\"toc\"><strong>Contents</strong><ol>\n"
      "<li><a href=\"#data\">Data</a></li>\n"
      "<li><a href=\"#overview\">Models side by side</a></li>\n";
  for (const ModelRun& run : d.runs) {
    out += "<li><a href=\"#" + ModelAnchor(run.name) + "\">" + Html(ModelTitle(run.name)) +
           ": leaderboard and rank plot</a></li>\n";
  }
  out +=
      "<li><a href=\"#heatmaps\">Who met whom, and who won</a></li>\n"
      "<li><a href=\"#evaluation\">Held-out prediction</a></li>\n"
      "<li><a href=\"#agreement\">Annotator agreement</a></li>\n</ol></nav>\n</header>\n";

  AppendSummary(d, out);
  AppendOverview(d, out);
  for (const ModelRun& run : d.runs) AppendModel(d, run, out);
  AppendHeatmaps(d, out);
  AppendEvaluation(d, out);
  AppendAgreement(d, out);
  out +=
      "<footer>Written by <code>tourney report</code>. Models: Expected Wins (Koehn 2012; "
      "WMT13), Hopkins &amp; May (2013), TrueSkill (Herbrich et al. 2007) as compared by "
      "Sakaguchi, Post &amp; Van Durme, <em>Efficient Elicitation of Annotations for Human "
      "Evaluation of Machine Translation</em>, WMT 2014.</footer>\n";
  out += "</main>\n</body>\n</html>\n";
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
  flags.AddExample("tourney report train.csv --test test.csv --out report.html",
                   "every model's clustered leaderboard, rank plots, heat maps, accuracy and "
                   "annotator agreement on one page");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, kCommand, &code)) return code;
  auto fail = [](const Status& s) { return ReportError(kCommand, s); };
  const auto start = std::chrono::steady_clock::now();

  // Options.
  const std::string out_path = flags.Get("out");
  if (out_path.empty()) return fail(InvalidArgument("--out FILE is required"));
  {
    const std::filesystem::path p(out_path);
    const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
      return fail(IoError("option '--out': directory '" + dir.string() + "' does not exist"));
    }
    if (std::filesystem::is_directory(p, ec)) {
      return fail(IoError("option '--out': '" + out_path + "' is a directory"));
    }
  }
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
    stage(model_names[m] + ": " + std::to_string(*replicates) + " bootstrap replicates");
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
    ModelRun run;
    run.name = model_names[m];
    run.board = BuildClusteredLeaderboard(*judgments, *result);
    run.order = LeaderboardOrder(run.board, *judgments);
    for (const auto& e : run.board.entries()) run.clusters = std::max(run.clusters, e.cluster());
    run.result = std::move(*result);
    data.runs.push_back(std::move(run));
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
  const std::string page = RenderPage(data);
  if (Status s = WriteFileAtomically(out_path, page); !s.ok()) return fail(s);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "tourney report: wrote " << out_path << " (" << (page.size() + 1023) / 1024
            << " KiB) in " << Fixed(seconds, 1) << " s\n";
  return kExitOk;
}

}  // namespace tourney::cli
