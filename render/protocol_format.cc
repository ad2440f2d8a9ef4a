// The official protocols' outputs (see render/protocol_format.h).
#include "render/protocol_format.h"

#include <algorithm>
#include <string>
#include <vector>

#include "render/text_format.h"

namespace tourney {
namespace protocol_format_detail {

// The Holm pair of positions i < j of `holm.order`.
const PairedSeparation& HolmPair(const PairedHolmRanking& holm, int i, int j) {
  const int k = static_cast<int>(holm.order.size());
  // Row-major over i < j: row i starts after sum_{r < i} (k - 1 - r) pairs.
  const int index = i * (2 * k - i - 1) / 2 + (j - i - 1);
  return holm.pairs[static_cast<size_t>(index)];
}

// The score column's name.
const char* ScaleName(ProtocolScale scale) {
  return scale == ProtocolScale::kEsa ? "ESA" : scale == ProtocolScale::kMqm ? "MQM" : "z";
}

std::string PValue(double p) {
  if (p == 0.0) return "0";
  if (p < 1e-4) return TableNumber(p, 2);
  return Fixed(p, 4);
}

}  // namespace protocol_format_detail

TextTable WmtDaTable(const WmtDaReport& report, bool holm_board, bool exact) {
  const DaScores& scores = *report.scores;
  const std::vector<int>& order = report.official->order;
  const std::vector<int>& cluster = holm_board ? report.holm->cluster : report.official->cluster;
  TextTable table;
  const bool show_raw = scores.has_raw && report.scale == ProtocolScale::kDaZ;
  const double sign = report.scale == ProtocolScale::kMqm ? -1.0 : 1.0;
  table.header = {"#", "system", "cluster", protocol_format_detail::ScaleName(report.scale), "raw",
                  "segments", "judgments", "wins"};
  if (!show_raw) table.header.erase(table.header.begin() + 4);
  table.left_columns = 2;
  const int n = scores.num_systems();
  for (int i = 0; i < static_cast<int>(order.size()); ++i) {
    const int s = order[i];
    const DaSystemScore& score = scores.system_scores[s];
    int wins = 0;
    const std::vector<unsigned char>& beats = holm_board ? report.holm->beats : report.official->beats;
    for (int o = 0; o < n; ++o) wins += beats[static_cast<size_t>(s) * n + o];
    std::vector<std::string> row = {std::to_string(i + 1), scores.systems[s],
                                    std::to_string(cluster[s]),
                                    exact ? JsonNumber(sign * score.z)
                                          : Fixed(sign * score.z, report.scale == ProtocolScale::kEsa ? 2 : 3)};
    if (show_raw) row.push_back(exact ? JsonNumber(score.raw) : Fixed(score.raw, 1));
    row.push_back(exact ? std::to_string(score.segments) : WithThousands(score.segments));
    row.push_back(exact ? std::to_string(score.judgments) : WithThousands(score.judgments));
    row.push_back(std::to_string(wins));
    table.rows.push_back(std::move(row));
    table.rule_before.push_back(i > 0 && cluster[s] != cluster[order[i - 1]]);
  }
  return table;
}

TextTable WmtDaAdjacentPairsTable(const WmtDaReport& report) {
  using protocol_format_detail::HolmPair;
  using protocol_format_detail::PValue;
  const DaScores& scores = *report.scores;
  const PairedHolmRanking& holm = *report.holm;
  const WmtDaRanking& official = *report.official;
  const int n = scores.num_systems();
  TextTable table;
  table.header = {"upper", "lower", "shared",
                  std::string("mean d") + protocol_format_detail::ScaleName(report.scale),
                  "p (paired)", "p (Holm)", "official p", "official", "Holm"};
  table.left_columns = 2;
  for (int i = 0; i + 1 < static_cast<int>(holm.order.size()); ++i) {
    const PairedSeparation& pair = HolmPair(holm, i, i + 1);
    const bool official_beats =
        official.beats[static_cast<size_t>(pair.upper) * n + pair.lower] != 0;
    const bool holm_beats = holm.beats[static_cast<size_t>(pair.upper) * n + pair.lower] != 0;
    // No shared segment: no difference to average; fewer than two: no paired test. "n/a",
    // not a mean of 0 and p = 1 (which read as a measured tie).
    const bool has_mean = pair.shared_segments > 0;
    const bool has_test = pair.shared_segments > 1;
    table.rows.push_back({scores.systems[pair.upper], scores.systems[pair.lower],
                          WithThousands(pair.shared_segments),
                          has_mean ? Fixed((report.scale == ProtocolScale::kMqm ? -1.0 : 1.0) *
                                               pair.mean_difference,
                                           3)
                                   : "n/a",
                          has_test ? PValue(pair.p_value) : "n/a",
                          has_test ? PValue(pair.p_holm) : "n/a",
                          PValue(official.p(pair.upper, pair.lower)),
                          official_beats ? "yes" : "no", holm_beats ? "yes" : "no"});
    table.rule_before.push_back(false);
  }
  return table;
}

namespace protocol_format_detail {

// The MQM summary lines (FormatWmtDaText's first two lines for kMqm).
std::string MqmClusterSummary(const WmtDaReport& report, bool holm_board) {
  const DaScores& scores = *report.scores;
  std::string out = std::string(holm_board ? "MQM scores, tourney's paired Holm clusters"
                                           : "MQM error points with the WMT rank-sum clusters") +
                    ": " + CountOf(static_cast<int64_t>(report.official->order.size()), "system") +
                    ", " + CountOf(static_cast<int64_t>(scores.segments.size()),
                                   "rated (system, segment) pair") +
                    "; lower is better\n";
  out += holm_board ? "clusters: paired t-tests on shared segments, Holm-corrected, a boundary "
                      "where every system above is separated from every system below\n"
                    : "clusters: one-sided Wilcoxon rank-sum tests of segment MQM at p < " +
                          Fixed(report.alpha, 2) +
                          ", a boundary where every system above beats every system below\n";
  return out;
}

// The ESA summary lines (FormatWmtDaText's first two lines for kEsa).
std::string EsaSummary(const WmtDaReport& report, bool holm_board) {
  const auto& t = report.type_counts;
  std::string out = std::string(holm_board ? "ESA scores, tourney's paired Holm clusters"
                                           : "ESA, mean ESA score per system (WMT24)") +
                    ": " + CountOf(static_cast<int64_t>(report.official->order.size()), "system") +
                    ", " + CountOf(t[0] + t[1], "scored item") + " (" + WithThousands(t[1]) +
                    " resubmitted) by " + CountOf(report.annotators, "annotator") + "; " +
                    CountOf(t[3], "BAD item") + " and " + CountOf(t[2], "REF item") +
                    " left out\n";
  out += holm_board ? "clusters: paired t-tests on shared segments, Holm-corrected, a boundary "
                      "where every system above is separated from every system below\n"
                    : "clusters: one-sided Wilcoxon rank-sum tests of segment ESA scores at p < " +
                          Fixed(report.alpha, 2) +
                          ", a boundary where every system above beats every system below\n";
  return out;
}

// The WMT DA summary lines (FormatWmtDaText's first two lines).
std::string DaSummary(const WmtDaReport& report, bool holm_board) {
  const auto& t = report.type_counts;
  std::string out = std::string(holm_board ? "WMT DA scores, tourney's paired Holm clusters"
                                           : "WMT DA, the official WMT20-22 protocol") +
                    ": " + CountOf(static_cast<int64_t>(report.official->order.size()), "system") +
                    ", " + CountOf(t[0] + t[1], "scored judgment") + " (" +
                    WithThousands(t[0]) + " SYSTEM, " + WithThousands(t[1]) + " REPEAT) by " +
                    CountOf(report.annotators, "annotator") + "; " +
                    CountOf(t[2] + t[3], "quality-control item") + " (" +
                    WithThousands(t[2]) + " REF, " + WithThousands(t[3]) +
                    " BAD_REF) left out\n";
  out += holm_board ? "clusters: paired t-tests on shared segments, Holm-corrected, a boundary "
                      "where every system above is separated from every system below\n"
                    : "clusters: one-sided Wilcoxon rank-sum tests of segment z-scores at p < " +
                          Fixed(report.alpha, 2) +
                          ", a boundary where every system above beats every system below\n";
  return out;
}

}  // namespace protocol_format_detail

std::string FormatWmtDaText(const WmtDaReport& report, bool holm_board) {
  const DaScores& scores = *report.scores;
  std::string out = report.scale == ProtocolScale::kEsa
                        ? protocol_format_detail::EsaSummary(report, holm_board)
                    : report.scale == ProtocolScale::kMqm
                        ? protocol_format_detail::MqmClusterSummary(report, holm_board)
                        : protocol_format_detail::DaSummary(report, holm_board);
  out += RenderTextTable(WmtDaTable(report, holm_board), "-");
  if (!scores.has_raw && report.scale == ProtocolScale::kDaZ) {
    out += "note: no raw scores (no ad-*-trk-mean-sd.txt beside the input; --da-moments "
           "names one)\n";
  }
  for (const std::string& w : scores.warnings) out += "warning: " + w + "\n";
  if (report.holm == nullptr) return out;
  const int pairs = static_cast<int>(report.holm->pairs.size());
  if (!holm_board) {
    out += "\ntourney: paired t-tests on the segments both systems share, Holm-corrected over " +
           std::to_string(pairs) + " pairs (family-wise error " + Fixed(report.alpha, 2) +
           "); same order\n";
    out += RenderTextTable(WmtDaTable(report, true), "-");
  } else {
    out += "\n";
  }
  out += "adjacent pairs:\n";
  out += RenderTextTable(WmtDaAdjacentPairsTable(report), "-");
  const SeparationSurvival survival = CompareSeparations(*report.official, *report.holm);
  out += "official separations that survive the paired Holm test: " +
         std::to_string(survival.surviving_wins) + " of " +
         std::to_string(survival.official_wins) + " pairwise wins, " +
         std::to_string(survival.surviving_boundaries) + " of " +
         std::to_string(survival.official_boundaries) + " cluster boundaries (Holm draws " +
         std::to_string(survival.holm_boundaries) + ")\n";
  return out;
}

StatusOr<std::string> FormatWmtDaTable(const WmtDaReport& report, bool holm_board,
                                       OutputFormat format) {
  TextTable table = WmtDaTable(report, holm_board, format == OutputFormat::kCsv);
  table.caption = report.scale == ProtocolScale::kMqm
                      ? (holm_board ? "MQM scores, paired Holm clusters"
                                    : "MQM, rank-sum clusters on segment MQM")
                  : report.scale == ProtocolScale::kEsa
                      ? (holm_board ? "ESA scores, paired Holm clusters"
                                    : "ESA, mean ESA score per system")
                : holm_board ? "WMT DA scores, paired Holm clusters"
                             : "WMT DA, official WMT20-22 protocol";
  switch (format) {
    case OutputFormat::kCsv:
      return RenderCsvTable(table);
    case OutputFormat::kMarkdown:
      return RenderMarkdownTable(table);
    case OutputFormat::kLatex:
      return RenderLatexTable(table);
    default:
      return InvalidArgument("option '--format': the WMT DA protocol prints table, json, csv, "
                             "markdown or latex");
  }
}

TextTable MqmTable(const MqmScores& scores, bool exact) {
  std::vector<int> order;
  for (int s = 0; s < static_cast<int>(scores.systems.size()); ++s) {
    if (scores.system_scores[s].segments > 0) order.push_back(s);
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double sa = scores.system_scores[a].score, sb = scores.system_scores[b].score;
    return sa != sb ? sa < sb : scores.systems[a] < scores.systems[b];
  });
  TextTable table;
  table.header = {"#", "system", "MQM", "segments", "errors"};
  table.left_columns = 2;
  for (int i = 0; i < static_cast<int>(order.size()); ++i) {
    const MqmSystemScore& s = scores.system_scores[order[i]];
    table.rows.push_back({std::to_string(i + 1), scores.systems[order[i]],
                          exact ? JsonNumber(s.score) : Fixed(s.score, 4),
                          exact ? std::to_string(s.segments) : WithThousands(s.segments),
                          exact ? std::to_string(s.errors) : WithThousands(s.errors)});
    table.rule_before.push_back(false);
  }
  return table;
}

StatusOr<std::string> FormatMqm(const MqmScores& scores, OutputFormat format) {
  TextTable table = MqmTable(scores, format == OutputFormat::kCsv);
  const std::string summary =
      "MQM: mean over segments of the weighted error points (each rater's sum, averaged over "
      "raters); lower is better; " +
      CountOf(static_cast<int64_t>(scores.segments.size()), "rated (system, segment) pair") +
      " from " + CountOf(scores.error_rows, "row");
  switch (format) {
    case OutputFormat::kTable:
      return summary + "\n" + RenderTextTable(table, "-");
    case OutputFormat::kCsv:
      return RenderCsvTable(table);
    case OutputFormat::kMarkdown:
      table.caption = summary;
      return RenderMarkdownTable(table);
    case OutputFormat::kLatex:
      table.caption = summary;
      return RenderLatexTable(table);
    default:
      return InvalidArgument("option '--format': the MQM protocol prints table, json, csv, "
                             "markdown or latex");
  }
}

}  // namespace tourney
