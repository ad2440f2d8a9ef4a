#include "render/ranking_comparison_format.h"

#include <optional>
#include <vector>

#include "render/text_format.h"

namespace tourney {
namespace {

struct MeasureRow {
  const char* key;    // JSON key and CSV measure
  const char* label;  // for people
  std::optional<double> value;
};

std::vector<MeasureRow> Measures(const RankingComparison& c) {
  return {{"kendall_tau_b", "Kendall tau-b", c.kendall_tau_b},
          {"spearman_rho", "Spearman rho", c.spearman_rho},
          {"pearson_r", "Pearson r", c.pearson_r},
          {"pearson_rank", "Pearson Rank (A as reference)", c.pearson_rank},
          {"rbo", "rank-biased overlap", c.rbo}};
}

std::string Value(const std::optional<double>& v, int digits = 4) {
  return v ? WithMinusSign(Fixed(*v, digits), "\u2212") : std::string("n/a");
}

std::string JsonList(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + JsonQuote(names[i]);
  return out + "]";
}

std::string JsonPairs(const std::vector<SystemPair>& pairs) {
  std::string out = "[";
  for (size_t i = 0; i < pairs.size(); ++i) {
    out += std::string(i ? ", " : "") + "{\"upper\": " + JsonQuote(pairs[i].first) +
           ", \"lower\": " + JsonQuote(pairs[i].second) + "}";
  }
  return out + "]";
}

std::string Json(const RankingComparison& c, const ComparedRankings& in) {
  std::string out = "{\n";
  out += "  \"a\": " + JsonQuote(in.a) + ",\n  \"b\": " + JsonQuote(in.b) + ",\n";
  out += "  \"systems_a\": " + std::to_string(in.systems_a) +
         ",\n  \"systems_b\": " + std::to_string(in.systems_b) +
         ",\n  \"common\": " + std::to_string(c.common.size()) + ",\n";
  for (const MeasureRow& m : Measures(c)) {
    out += std::string("  \"") + m.key + "\": " + (m.value ? JsonNumber(*m.value) : "null") + ",\n";
  }
  out += "  \"rbo_p\": " + JsonNumber(c.rbo_p) + ",\n";
  if (c.clusters) {
    const ClusterAgreement& k = *c.clusters;
    out += "  \"clusters\": {\n    \"pairs\": " + std::to_string(k.pairs) +
           ",\n    \"separated_same\": " + std::to_string(k.separated_same) +
           ",\n    \"separated_opposite\": " + std::to_string(k.separated_opposite) +
           ",\n    \"separated_only_a\": " + std::to_string(k.separated_only_a) +
           ",\n    \"separated_only_b\": " + std::to_string(k.separated_only_b) +
           ",\n    \"separated_neither\": " + std::to_string(k.separated_neither) +
           ",\n    \"identical\": " + (k.identical() ? "true" : "false") +
           ",\n    \"flipped\": " + JsonPairs(k.flipped) +
           ",\n    \"only_a\": " + JsonPairs(k.only_a) +
           ",\n    \"only_b\": " + JsonPairs(k.only_b) + "\n  },\n";
  } else {
    out += "  \"clusters\": null,\n";
  }
  out += "  \"only_in_a\": " + JsonList(c.only_a) + ",\n  \"only_in_b\": " + JsonList(c.only_b) +
         ",\n  \"notes\": " + JsonList(c.notes) + "\n}\n";
  return out;
}

std::string PairList(const std::vector<SystemPair>& pairs) {
  std::string out;
  for (size_t i = 0; i < pairs.size(); ++i) {
    out += (i ? ", " : "") + pairs[i].first + " > " + pairs[i].second;
  }
  return out;
}

std::string ClusterSentence(const ClusterAgreement& k) {
  return WithThousands(k.pairs) + " pairs: " + WithThousands(k.separated_same) +
         " separated by both the same way, " + WithThousands(k.separated_opposite) +
         " in opposite directions, " + WithThousands(k.separated_only_a) + " by A only, " +
         WithThousands(k.separated_only_b) + " by B only, " + WithThousands(k.separated_neither) +
         " by neither";
}

std::string Table(const RankingComparison& c, const ComparedRankings& in) {
  std::string out = "A: " + in.a + " (" + CountOf(in.systems_a, "system") + ")\nB: " + in.b +
                    " (" + CountOf(in.systems_b, "system") + ")\n" +
                    CountOf(static_cast<int64_t>(c.common.size()), "system") + " in common\n\n";
  for (const MeasureRow& m : Measures(c)) {
    std::string label = m.key == std::string("rbo")
                            ? "rank-biased overlap (p = " + Fixed(c.rbo_p, 2) + ")"
                            : std::string(m.label);
    out += "  " + label + std::string(label.size() < 32 ? 32 - label.size() : 1, ' ') +
           Value(m.value) + "\n";
  }
  out += "\n";
  if (c.clusters) {
    const ClusterAgreement& k = *c.clusters;
    out += "Clusters: " + ClusterSentence(k) + "\n";
    if (!k.flipped.empty()) out += "  flipped (A's order): " + PairList(k.flipped) + "\n";
    if (!k.only_a.empty()) out += "  separated by A only: " + PairList(k.only_a) + "\n";
    if (!k.only_b.empty()) out += "  separated by B only: " + PairList(k.only_b) + "\n";
  } else {
    out += "Clusters: not compared (both rankings must be clustered)\n";
  }
  const auto names = [](const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  };
  if (!c.only_a.empty()) out += "Only in A: " + names(c.only_a) + "\n";
  if (!c.only_b.empty()) out += "Only in B: " + names(c.only_b) + "\n";
  for (const std::string& note : c.notes) out += "note: " + note + "\n";
  return out;
}

std::string Csv(const RankingComparison& c) {
  std::string out = "measure,value\n";
  for (const MeasureRow& m : Measures(c)) {
    out += std::string(m.key) + "," + (m.value ? JsonNumber(*m.value) : "") + "\n";
  }
  out += "rbo_p," + JsonNumber(c.rbo_p) + "\ncommon," + std::to_string(c.common.size()) + "\n";
  if (c.clusters) {
    const ClusterAgreement& k = *c.clusters;
    out += "pairs," + std::to_string(k.pairs) + "\nseparated_same," +
           std::to_string(k.separated_same) + "\nseparated_opposite," +
           std::to_string(k.separated_opposite) + "\nseparated_only_a," +
           std::to_string(k.separated_only_a) + "\nseparated_only_b," +
           std::to_string(k.separated_only_b) + "\nseparated_neither," +
           std::to_string(k.separated_neither) + "\n";
  }
  for (const std::string& s : c.only_a) out += "# only in A: " + s + "\n";
  for (const std::string& s : c.only_b) out += "# only in B: " + s + "\n";
  for (const std::string& note : c.notes) out += "# note: " + note + "\n";
  return out;
}

std::string Markdown(const RankingComparison& c, const ComparedRankings& in) {
  std::string out = "| measure | value |\n|---|---:|\n";
  for (const MeasureRow& m : Measures(c)) {
    out += std::string("| ") + m.label + " | " + Value(m.value) + " |\n";
  }
  out += "\n> A: " + MarkdownCell(in.a) + ", B: " + MarkdownCell(in.b) + ", " +
         CountOf(static_cast<int64_t>(c.common.size()), "system") + " in common.\n";
  if (c.clusters) out += "> Clusters: " + ClusterSentence(*c.clusters) + ".\n";
  for (const std::string& s : c.only_a) out += "> Only in A: " + MarkdownCell(s) + "\n";
  for (const std::string& s : c.only_b) out += "> Only in B: " + MarkdownCell(s) + "\n";
  return out;
}

std::string Latex(const RankingComparison& c, const ComparedRankings& in) {
  std::string out = "% A: " + in.a + ", B: " + in.b +
                    "\n\\begin{tabular}{lr}\n\\toprule\n"
                    "Measure & Value \\\\\n\\midrule\n";
  for (const MeasureRow& m : Measures(c)) {
    out += LatexEscape(m.label) + " & " +
           (m.value ? WithMinusSign(Fixed(*m.value, 4), "$-$") : std::string("--")) + " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  if (c.clusters) out += "% clusters: " + ClusterSentence(*c.clusters) + "\n";
  for (const std::string& s : c.only_a) out += "% only in A: " + s + "\n";
  for (const std::string& s : c.only_b) out += "% only in B: " + s + "\n";
  return out;
}

}  // namespace

std::string FormatRankingComparison(const RankingComparison& comparison,
                                    const ComparedRankings& inputs, OutputFormat format) {
  switch (format) {
    case OutputFormat::kJson:
      return Json(comparison, inputs);
    case OutputFormat::kCsv:
      return Csv(comparison);
    case OutputFormat::kMarkdown:
      return Markdown(comparison, inputs);
    case OutputFormat::kLatex:
      return Latex(comparison, inputs);
    default:
      return Table(comparison, inputs);
  }
}

}  // namespace tourney
