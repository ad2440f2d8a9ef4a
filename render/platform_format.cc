// A platform's ranking beside tourney's (see render/platform_format.h).
#include "render/platform_format.h"

#include <cmath>
#include <string>
#include <vector>

#include "render/text_format.h"

namespace tourney {
namespace platform_format_detail {

std::string PlatformNumber(double v, bool exact, int digits) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (exact) return JsonNumber(v);
  if (v != 0.0 && std::fabs(v) < 1e-4) return TableNumber(v, 2);
  return Fixed(v, digits);
}

}  // namespace platform_format_detail

TextTable PearmutTable(const PearmutReport& report, bool exact) {
  using platform_format_detail::PlatformNumber;
  const PearmutRanking& ranking = *report.ranking;
  TextTable table;
  table.header = {"#",   "model", "mean", "items", "shared (next)", "t (next)", "p (next)",
                  "line", "Holm cluster"};
  table.left_columns = 2;
  for (size_t k = 0; k < ranking.entries.size(); ++k) {
    const PearmutEntry& e = ranking.entries[k];
    const bool last = k + 1 == ranking.entries.size();
    const int holm_cluster =
        static_cast<size_t>(e.model) < report.holm->cluster.size() ? report.holm->cluster[e.model]
                                                                   : 0;
    table.rows.push_back({std::to_string(k + 1), report.scores->models[e.model],
                          PlatformNumber(e.score, exact, 2), std::to_string(e.items),
                          last ? "" : std::to_string(e.next.n),
                          last ? "" : PlatformNumber(e.next.t, exact, 3),
                          last ? "" : PlatformNumber(e.next.p_value, exact, 4),
                          e.line_below ? "yes" : "no",
                          holm_cluster > 0 ? std::to_string(holm_cluster) : "-"});
    table.rule_before.push_back(k > 0 && ranking.entries[k - 1].line_below);
  }
  return table;
}

std::string FormatPearmutText(const PearmutReport& report) {
  const PearmutRanking& ranking = *report.ranking;
  std::string out =
      "Pearmut's ranking, reproduced: mean of the last score of each (model, item), models "
      "sorted by it, a line where the one-sided paired t-test with the next model on shared "
      "items gives p < 0.05 (no correction); " +
      std::to_string(report.scores->scores.size()) + " scores (" +
      std::to_string(report.validation_scores) +
      " on tutorial or attention-check items, which Pearmut counts and tourney leaves out) by " +
      std::to_string(report.scores->annotators.size()) + " users\n";
  out += RenderTextTable(PearmutTable(report), "-");
  for (const std::string& w : report.tourney->warnings) out += "warning: " + w + "\n";
  out += "tourney: paired t-tests on shared items, Holm-corrected over " +
         std::to_string(report.holm->pairs.size()) +
         " pairs, on the non-validation scores (each user's last, averaged per item): " +
         std::to_string(report.holm->num_clusters) + " clusters\n";
  out += std::to_string(report.surviving_lines) + " of " + std::to_string(ranking.lines) +
         " of the platform's separations survive the corrected test\n";
  return out;
}

StatusOr<std::string> FormatPearmutTable(const PearmutReport& report, OutputFormat format) {
  TextTable table = PearmutTable(report, format == OutputFormat::kCsv);
  table.caption = "Pearmut's ranking beside tourney's paired Holm clusters (" +
                  std::to_string(report.surviving_lines) + " of " +
                  std::to_string(report.ranking->lines) + " lines survive)";
  switch (format) {
    case OutputFormat::kCsv:
      return RenderCsvTable(table);
    case OutputFormat::kMarkdown:
      return RenderMarkdownTable(table);
    case OutputFormat::kLatex:
      return RenderLatexTable(table);
    default:
      return InvalidArgument("option '--format': the Pearmut protocol prints table, json, csv, "
                             "markdown or latex");
  }
}

}  // namespace tourney
