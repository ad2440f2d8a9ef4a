#include "render/report_page.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "render/leaderboard_format.h"
#include "render/report_html.h"
#include "render/svg_plot.h"
#include "render/text_format.h"
#include "tourney/core/connectivity.h"

namespace tourney {
namespace report_html {


std::string Html(std::string_view text) { return XmlEscape(text); }

std::string HtmlCount(int64_t v) { return WithMinusSign(WithThousands(v), "\xE2\x88\x92"); }

std::string HtmlNumber(double v, int digits) {
  return WithMinusSign(tourney::TableNumber(v, digits), "\xE2\x88\x92");
}

std::string Percent(double part, double whole, int digits) {
  return whole > 0 ? HtmlNumber(100.0 * part / whole, digits) + "%" : "n/a";
}

std::string Range(int lo, int hi) {
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "\xE2\x80\x93" + std::to_string(hi);
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

std::string ModelTitle(const std::string& name) { return ModelDisplayName(name); }

std::string ModelAnchor(const std::string& name) {
  std::string out = "model-";
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

const char* ModelBlurb(const std::string& name) {
  if (name == "expected-wins") {
    return "Score: the share of a system's decisive comparisons it won, averaged over the "
           "opponents it met (Koehn 2012; equal to WMT12/13's where every pair met, paper "
           "§2.1). Ties are left out.";
  }
  if (name == "expected-wins-wmt13") {
    return "Score: the share of a system's decisive comparisons it won against each opponent, "
           "summed and divided by all other systems, so an opponent never met counts as a "
           "loss (WMT12/13 as published; paper §2.1). Ties are left out.";
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


}  // namespace report_html

namespace {

using namespace report_html;  // NOLINT: the page's own helpers


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
    sizes += HtmlCount(count) + " with " + std::to_string(k) + " systems";
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
  row("Rankings", HtmlCount(static_cast<int64_t>(j.num_rankings())) +
                      (sizes.empty() ? "" : " <span class=\"muted\">(" + sizes + ")</span>"));
  row("Pairwise comparisons",
      HtmlCount(static_cast<int64_t>(c.size())) + " <span class=\"muted\">(" +
          HtmlCount(static_cast<int64_t>(c.size()) - ties) + " decisive, " + HtmlCount(ties) +
          " ties = " + Percent(static_cast<double>(ties), static_cast<double>(c.size())) +
          ")</span>");
  if (n > 0) {
    row("Comparisons per system",
        HtmlCount(sys_min) + " to " + HtmlCount(sys_max) +
            " <span class=\"muted\">(fewest: " + Html(d.short_names[sys_min_id]) + ")</span>");
  }
  if (!per_pair.empty()) {
    row("System pairs compared",
        HtmlCount(pairs_seen) + " of " + HtmlCount(static_cast<int64_t>(per_pair.size())) +
            " <span class=\"muted\">(" + HtmlCount(per_pair.front()) + " to " +
            HtmlCount(per_pair.back()) + " comparisons per pair, median " +
            HtmlCount(per_pair[per_pair.size() / 2]) + ")</span>");
  }
  if (!j.judges().empty()) row("Annotators", HtmlCount(static_cast<int64_t>(j.judges().size())));
  if (j.dropped_blank > 0) {
    row("Rankings dropped", HtmlCount(j.dropped_blank) + " (a blank rank)");
  }
  if (j.dropped_single > 0) {
    row("Rankings dropped", HtmlCount(j.dropped_single) + " (fewer than two systems)");
  }
  if (j.skipped_invalid > 0) {
    row("Rows skipped", HtmlCount(j.skipped_invalid) + " (invalid, --skip-invalid)");
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
  const ReportModelRun& first = d.runs.front();
  out += "<section id=\"overview\">\n<h2>Models side by side</h2>\n";
  out += "<p>Each model's " + HtmlNumber(100.0 * d.confidence, 0) +
         "% rank range and cluster (in parentheses) for every system, in the order of " +
         Html(ModelTitle(first.name)) +
         ". Systems whose rank ranges overlap share a cluster; a model that separates the "
         "systems into more clusters tells them apart with more confidence from the same "
         "data (paper §6).</p>\n";
  out += "<table class=\"grid\">\n<thead><tr><th>system</th>";
  for (const ReportModelRun& run : d.runs) {
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
      const auto& e = d.runs[m].board.entries[position[m][id]];
      out += "<td class=\"num\">" + Range(e.rank_lo, e.rank_hi) + " <span class=\"sd\">(" +
             std::to_string(e.cluster.value_or(0)) + ")</span></td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n<tfoot><tr><td class=\"muted\">clusters</td>";
  for (const ReportModelRun& run : d.runs) {
    out += "<td class=\"num\"><strong>" + std::to_string(run.clusters) + "</strong></td>";
  }
  out += "</tr></tfoot>\n</table>\n</section>\n";
}


}  // namespace

std::string RenderReportPage(const ReportData& d) {
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
  out += "<p class=\"lede\">" + CountOf(j.num_systems(), "system") + " ranked from " +
         HtmlCount(static_cast<int64_t>(j.comparisons().size())) + " pairwise comparisons (" +
         HtmlCount(static_cast<int64_t>(j.num_rankings())) + " rankings) by " + models_text +
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
  param("bootstrap", HtmlCount(d.replicates) + " replicates, " +
                         HtmlNumber(100.0 * d.confidence, 0) + "% rank ranges (" +
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
  for (const ReportModelRun& run : d.runs) {
    out += "<li><a href=\"#" + ModelAnchor(run.name) + "\">" + Html(ModelTitle(run.name)) +
           ": leaderboard and rank plot</a></li>\n";
  }
  if (d.anytime) {
    out += "<li><a href=\"#anytime\">Anytime-valid leaderboard</a></li>\n";
  }
  out +=
      "<li><a href=\"#heatmaps\">Who met whom, and who won</a></li>\n"
      "<li><a href=\"#evaluation\">Held-out prediction</a></li>\n"
      "<li><a href=\"#agreement\">Annotator agreement</a></li>\n</ol></nav>\n</header>\n";

  AppendSummary(d, out);
  AppendOverview(d, out);
  for (const ReportModelRun& run : d.runs) AppendModel(d, run, out);
  AppendAnytime(d, out);
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

}  // namespace tourney
