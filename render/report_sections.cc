// The sections of the HTML report that show results: per-model leaderboards and rank
// plots, heat maps, held-out evaluation, annotator agreement.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "render/heatmap_plot.h"
#include "render/leaderboard_format.h"
#include "render/line_plot.h"
#include "render/rank_plot.h"
#include "render/report_html.h"
#include "render/svg_plot.h"
#include "render/text_format.h"
#include "tourney/core/pair_counts.h"
#include "tourney/sequential/anytime_board.h"

namespace tourney::report_html {
namespace {

// Opens the <tbody> of the cluster that starts at entry `begin` (alternate clusters shaded)
// and returns the end of its run of entries.
int OpenClusterBody(const Leaderboard& board, int begin, std::string& out) {
  int end = begin + 1;
  while (end < static_cast<int>(board.entries.size()) &&
         board.entries[end].cluster == board.entries[begin].cluster) {
    ++end;
  }
  const int cluster = board.entries[begin].cluster.value_or(0);
  out += std::string("<tbody class=\"cluster") + (cluster % 2 == 0 ? " even" : "") +
         "\" title=\"cluster " + std::to_string(cluster) + "\">\n";
  return end;
}

}  // namespace

void AppendModel(const ReportData& d, const ReportModelRun& run, std::string& out) {
  const Leaderboard& board = run.board;
  bool gaussian = false, r_hat = false;
  for (const auto& e : board.entries) {
    gaussian |= e.sigma.has_value();
    r_hat |= e.r_hat.has_value();
  }
  const std::string title = ModelTitle(run.name);
  const std::string conf = HtmlNumber(100.0 * d.confidence, 0) + "%";
  out += "<section id=\"" + ModelAnchor(run.name) + "\">\n<h2>" + Html(title) + "</h2>\n";
  out += "<p>" + std::string(ModelBlurb(run.name)) + "</p>\n";
  out += "<div class=\"table-wrap\"><table class=\"leaderboard\">\n<caption>" + Html(title) + ": " +
         std::to_string(run.clusters) + " clusters from " +
         HtmlCount(static_cast<int64_t>(d.judgments->comparisons().size())) +
         " comparisons. <em>range</em>: " + conf + " rank range over " +
         HtmlCount(run.result.replicates) +
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
  for (int begin = 0; begin < static_cast<int>(board.entries.size());) {
    const int end = OpenClusterBody(board, begin, out);
    for (int i = begin; i < end; ++i) {
      const auto& e = board.entries[i];
      const int id = run.order[i];
      out += "<tr><td class=\"rank\">" + (i == begin ? std::to_string(e.rank) : "") +
             "</td><td class=\"num\">" + HtmlNumber(e.score, digits) + "</td>";
      if (gaussian)
        out += "<td class=\"num\">" + HtmlNumber(e.sigma.value_or(0.0), digits) + "</td>";
      out += "<td class=\"num\">" + Range(e.rank_lo, e.rank_hi) +
             "</td><td class=\"system\" title=\"" + Html(e.system) + "\">" +
             Html(d.short_names[id]) + "</td><td class=\"num\">" + "[" +
             HtmlNumber(e.score_lo.value_or(0.0), digits) + ", " +
             HtmlNumber(e.score_hi.value_or(0.0), digits) + "]" + "</td><td class=\"num\">" +
             HtmlCount(e.comparisons) + "</td><td class=\"num\">" + HtmlCount(e.wins) + " / " +
             HtmlCount(e.losses) + " / " + HtmlCount(e.ties) + "</td>";
      if (r_hat) {
        out += "<td class=\"num\">" + HtmlNumber(e.r_hat.value_or(0.0), 3) +
               (e.r_hat.value_or(0.0) > 1.05 ? " <span title=\"above 1.05: not converged\">!</span>"
                                             : "") +
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
  for (const std::string& w : board.warnings) {
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
    out += "<details><summary>" + HtmlCount(static_cast<int64_t>(replicate_warnings.size())) +
           " warning" + (replicate_warnings.size() == 1 ? "" : "s") +
           " from bootstrap replicates</summary><ul>";
    for (const std::string& w : replicate_warnings) out += "<li>" + Html(w) + "</li>";
    out += "</ul></details>\n";
  }

  RankPlotOptions plot;
  plot.title = "Bootstrap rank distributions: " + title;
  plot.subtitle = HtmlCount(static_cast<int64_t>(d.judgments->comparisons().size())) +
                  " pairwise comparisons, " + HtmlCount(run.result.replicates) +
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

void AppendAnytime(const ReportData& d, std::string& out) {
  if (!d.anytime || !d.anytime->stopping) return;
  const Leaderboard& board = *d.anytime;
  const Stopping& stop = *board.stopping;
  int clusters = 0, separated = 0, ties = 0;
  for (const auto& e : board.entries) clusters = std::max(clusters, e.cluster.value_or(0));
  for (const StoppingBoundary& b : stop.boundaries) {
    separated += b.separated;
    ties += b.tie_within_epsilon;
  }
  char setting[64];
  std::snprintf(setting, sizeof(setting), "&delta; = %g, &epsilon; = %g", stop.delta, stop.epsilon);
  out += "<section id=\"anytime\">\n<h2>Anytime-valid leaderboard</h2>\n";
  // The promise and why there are fewer clusters, in the words of every other format.
  std::string promise = AnytimePromise(board), fewer = AnytimeFewerClusters(board);
  for (std::string* sentence : {&promise, &fewer}) {
    (*sentence)[0] = static_cast<char>(std::toupper(static_cast<unsigned char>((*sentence)[0])));
  }
  out +=
      "<p>Expected Wins with ties as half wins, from confidence sequences (Waudby-Smith &amp; "
      "Ramdas 2023) of every " +
      std::string(IsPooledAnytimeBoard(board)                 ? "system's score"
                  : board.model == kCombinedAnytimeModel ? "system's score over uniform draws "
                                                           "and every pair's preference"
                                                         : "pair's preference") +
      ", at " + std::string(setting) + ". " + Html(promise) + ", so the board may be read at " +
      "any time. " + Html(fewer) +
      ". Judgments were added in input order; the bounds depend on that order. "
      "<em>range</em>: 1 + the systems certified better to n &minus; the systems certified "
      "worse; <em>interval</em>: the anytime bounds of the score.</p>\n";
  out += "<div class=\"table-wrap\"><table class=\"leaderboard\">\n<caption>" +
         std::to_string(clusters) + " clusters; " + std::to_string(separated) + " of " +
         std::to_string(stop.boundaries.size()) + " boundaries separated" +
         (stop.epsilon > 0.0 ? ", " + std::to_string(ties) + " ties within &epsilon;"
                             : std::string()) +
         (stop.settled ? "; settled" : "; not settled") + ".</caption>\n";
  out +=
      "<thead><tr><th class=\"num\">#</th><th class=\"num\">score</th>"
      "<th class=\"num\">range</th><th>system</th><th class=\"num\">interval</th>"
      "<th class=\"num\">comparisons</th></tr></thead>\n";
  const std::vector<std::string>& names = d.judgments->systems().names();
  for (int begin = 0; begin < static_cast<int>(board.entries.size());) {
    const int end = OpenClusterBody(board, begin, out);
    for (int i = begin; i < end; ++i) {
      const auto& e = board.entries[i];
      const auto it = std::find(names.begin(), names.end(), e.system);
      const std::string shown =
          it == names.end() ? e.system : d.short_names[static_cast<size_t>(it - names.begin())];
      out += "<tr><td class=\"rank\">" + (i == begin ? std::to_string(e.rank) : "") +
             "</td><td class=\"num\">" + HtmlNumber(e.score, 3) + "</td><td class=\"num\">" +
             Range(e.rank_lo, e.rank_hi) + "</td><td class=\"system\" title=\"" + Html(e.system) +
             "\">" + Html(shown) + "</td><td class=\"num\">[" +
             HtmlNumber(e.score_lo.value_or(0.0), 3) + ", " +
             HtmlNumber(e.score_hi.value_or(1.0), 3) + "]</td><td class=\"num\">" +
             HtmlCount(e.comparisons) + "</td></tr>\n";
    }
    out += "</tbody>\n";
    begin = end;
  }
  out += "</table></div>\n</section>\n";
}

void AppendHeatmaps(const ReportData& d, std::string& out) {
  if (d.runs.empty()) return;
  const ReportModelRun& first = d.runs.front();
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
      HtmlCount(static_cast<int64_t>(j.comparisons().size())) + " comparisons; " + order_text;
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
  for (size_t s : d.eval_sizes) sizes_text += (sizes_text.empty() ? "" : ", ") + HtmlCount(s);
  out += "<p>Each model is trained on random subsets of " + sizes_text +
         " comparisons of the training data (TrueSkill instead gets the whole pool and selects "
         "that many matches itself, §3.1), its decision radius is tuned on " +
         HtmlCount(static_cast<int64_t>(d.eval_dev)) +
         " held-out training comparisons (§3.4), and it predicts the " +
         HtmlCount(static_cast<int64_t>(d.eval_test)) + " comparisons of <span class=\"mono\">" +
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
    for (size_t s : d.skipped_sizes) skipped += (skipped.empty() ? "" : ", ") + HtmlCount(s);
    out += " Sizes larger than the " + HtmlCount(static_cast<int64_t>(d.eval_train)) +
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
      out += "<tr><td class=\"num\">" + HtmlCount(static_cast<int64_t>(d.eval_sizes[s])) + "</td>";
      for (size_t m = 0; m < d.eval_models.size(); ++m) {
        const EvalRow& r = row_of(m, s);
        const double mean = perplexity ? r.perplexity : r.accuracy;
        const double sd = perplexity ? r.perplexity_sd : r.accuracy_sd;
        if (perplexity && mean == 0.0) {
          out += "<td class=\"num muted\">n/a</td>";
          continue;
        }
        const bool is_best = HtmlNumber(mean, 3) == HtmlNumber(best, 3);
        out += std::string("<td class=\"num") + (is_best ? " best" : "") + "\">" +
               HtmlNumber(mean, 3) + " <span class=\"sd\">&plusmn; " + HtmlNumber(sd, 3) +
               "</span></td>";
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
  }
  out +=
      "<p>Upper bound on accuracy (predicting each pair's most frequent outcome in the "
      "test data itself): <strong>" +
      HtmlNumber(d.eval.upper_bound, 3) + "</strong>.</p>\n";

  // Accuracy and perplexity against training size.
  std::vector<LineSeries> accuracy, perplexity;
  for (size_t m = 0; m < d.eval_models.size(); ++m) {
    LineSeries a;
    a.name = ModelTitle(d.eval_models[m]);
    LineSeries p;
    p.name = a.name;
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
    auto num = [](std::optional<double> v) { return v ? HtmlNumber(*v, 3) : std::string("n/a"); };
    out += "<tr><td>" + std::string(label) + "</td><td>" + num(c.p_agree()) + "</td><td>" +
           num(c.p_chance()) + "</td><td>" + num(c.kappa()) + "</td><td>" + HtmlCount(c.agree) +
           " / " + HtmlCount(c.comparable) + "</td><td>" + HtmlCount(c.ties) + " / " +
           HtmlCount(c.labels) + "</td></tr>\n";
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
    rows += "<tr><td class=\"mono\">" + Html(x.annotator) + "</td><td>" + HtmlCount(x.rankings) +
            "</td><td>" + HtmlCount(x.with_others.comparable) + "</td><td>" +
            HtmlNumber(*x.with_others.p_agree(), 3) + "</td><td>" +
            HtmlNumber(*x.kappa_with_others, 3) + "</td></tr>\n";
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

}  // namespace tourney::report_html
