#include "render/stability_format.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "render/text_format.h"
#include "render/text_table.h"

namespace tourney {
namespace {

std::string Unit(const StabilityResult& r) {
  return r.unit == SubsampleUnit::kSegments ? "segments" : "rankings";
}

// A fraction for people: up to 6 significant digits ("0.1", not "0.10000000000000001").
std::string Fraction(double f) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", f);
  return text;
}

std::string Stat(const StabilityStat& s, int digits) {
  if (s.defined == 0) return "n/a";
  return WithMinusSign(Fixed(s.mean, digits), "\u2212") + " \u00b1 " + Fixed(s.sd, digits);
}

std::string JsonStat(const StabilityStat& s) {
  return "{\"mean\": " + JsonNumber(s.mean) + ", \"sd\": " + JsonNumber(s.sd) +
         ", \"defined\": " + std::to_string(s.defined) + "}";
}

std::string JsonOptional(const std::optional<double>& v) {
  return v ? JsonNumber(*v) : std::string("null");
}

std::string Header(const StabilityResult& r, const std::string& input) {
  const StabilityOptions& o = r.options;
  return "Stability of " + r.model + " clusters on " + input + ": " +
         WithThousands(r.total_rankings) + " rankings" +
         (r.unit == SubsampleUnit::kSegments ? " in " + WithThousands(r.total_units) + " segments"
                                             : std::string()) +
         ", subsampled by " + (r.unit == SubsampleUnit::kSegments ? "segment" : "ranking") +
         "\nReference (all data): " +
         CountOf(static_cast<int64_t>(r.reference.entries.size()), "system") + " in " +
         CountOf(r.reference_clusters, "cluster") + ", " +
         CountOf(r.reference_separations, "separated pair") + "\n" +
         WithThousands(o.bootstrap.replicates) + " bootstrap replicates per clustering, " +
         std::to_string(o.repeats) + " repeats per fraction, seed " + std::to_string(o.seed) + "\n";
}

std::string Verdict(const StabilityResult& r) {
  const std::string level = Fixed(100.0 * r.options.reproduce_level, 0) + "%";
  return r.smallest_reproducing_fraction
             ? "Smallest fraction from which the clusters are reproduced in >= " + level +
                   " of repeats: " + Fraction(*r.smallest_reproducing_fraction) + "\n"
             : "No fraction of the grid reproduces the clusters in >= " + level +
                   " of repeats (not even the largest)\n";
}

std::string Table(const StabilityResult& r, const std::string& input) {
  TextTable t;
  t.header = {"fraction", Unit(r), "tau-b", "rho", "Pearson Rank", "clusters", "flipped", "lost",
              "reproduced"};
  t.left_columns = 1;
  for (const StabilityPoint& p : r.points) {
    t.rows.push_back({Fraction(p.fraction), WithThousands(p.units), Stat(p.kendall_tau_b, 3),
                      Stat(p.spearman_rho, 3), Stat(p.pearson_rank, 3), Stat(p.clusters, 1),
                      Fixed(100.0 * p.flipped_share.mean, 1) + "%",
                      Fixed(100.0 * p.lost_share.mean, 1) + "%",
                      Fixed(100.0 * p.reproduced_share, 0) + "%"});
  }
  std::string out = Header(r, input) + "\n" + RenderTextTable(t);
  out += "\n" + Verdict(r);
  out +=
      "(flipped, lost: shares of the reference's separated pairs that a subsample separates "
      "the other way, or puts in one cluster; means over repeats)\n";
  for (const std::string& note : r.notes) out += "note: " + note + "\n";
  return out;
}

std::string Json(const StabilityResult& r, const std::string& input) {
  const StabilityOptions& o = r.options;
  std::string out = "{\n  \"input\": " + JsonQuote(input) +
                    ",\n  \"model\": " + JsonQuote(r.model) +
                    ",\n  \"unit\": " + JsonQuote(Unit(r)) +
                    ",\n  \"total_units\": " + std::to_string(r.total_units) +
                    ",\n  \"total_rankings\": " + std::to_string(r.total_rankings) +
                    ",\n  \"bootstrap_replicates\": " + std::to_string(o.bootstrap.replicates) +
                    ",\n  \"confidence\": " + JsonNumber(o.bootstrap.confidence) +
                    ",\n  \"repeats\": " + std::to_string(o.repeats) +
                    ",\n  \"seed\": " + std::to_string(o.seed) +
                    ",\n  \"reproduce_level\": " + JsonNumber(o.reproduce_level) +
                    ",\n  \"reference_clusters\": " + std::to_string(r.reference_clusters) +
                    ",\n  \"reference_separations\": " + std::to_string(r.reference_separations) +
                    ",\n  \"reference\": [";
  for (size_t i = 0; i < r.reference.entries.size(); ++i) {
    const LeaderboardEntry& e = r.reference.entries[i];
    out += std::string(i ? ", " : "") + "{\"system\": " + JsonQuote(e.system) +
           ", \"score\": " + JsonNumber(e.score) +
           ", \"cluster\": " + std::to_string(e.cluster.value_or(0)) + "}";
  }
  out += "],\n  \"smallest_reproducing_fraction\": " +
         (r.smallest_reproducing_fraction ? Fraction(*r.smallest_reproducing_fraction)
                                          : std::string("null")) +
         ",\n  \"points\": [\n";
  for (size_t k = 0; k < r.points.size(); ++k) {
    const StabilityPoint& p = r.points[k];
    out += "    {\"fraction\": " + Fraction(p.fraction) +
           ", \"units\": " + std::to_string(p.units) +
           ",\n     \"kendall_tau_b\": " + JsonStat(p.kendall_tau_b) +
           ",\n     \"spearman_rho\": " + JsonStat(p.spearman_rho) +
           ",\n     \"pearson_rank\": " + JsonStat(p.pearson_rank) +
           ",\n     \"clusters\": " + JsonStat(p.clusters) +
           ",\n     \"flipped_share\": " + JsonStat(p.flipped_share) +
           ",\n     \"lost_share\": " + JsonStat(p.lost_share) +
           ",\n     \"reproduced_share\": " + JsonNumber(p.reproduced_share) +
           ",\n     \"repeats\": [";
    for (size_t i = 0; i < p.repeats.size(); ++i) {
      const StabilityRepeat& x = p.repeats[i];
      out += std::string(i ? ",\n       " : "\n       ") +
             "{\"rankings\": " + std::to_string(x.rankings) +
             ", \"kendall_tau_b\": " + JsonOptional(x.kendall_tau_b) +
             ", \"spearman_rho\": " + JsonOptional(x.spearman_rho) +
             ", \"pearson_rank\": " + JsonOptional(x.pearson_rank) +
             ", \"clusters\": " + std::to_string(x.clusters) +
             ", \"flipped\": " + std::to_string(x.flipped) +
             ", \"lost\": " + std::to_string(x.lost) + ", \"added\": " + std::to_string(x.added) +
             ", \"reproduced\": " + (x.reproduced ? "true" : "false") + "}";
    }
    out += "]}" + std::string(k + 1 < r.points.size() ? ",\n" : "\n");
  }
  out += "  ],\n  \"notes\": [";
  for (size_t i = 0; i < r.notes.size(); ++i) out += (i ? ", " : "") + JsonQuote(r.notes[i]);
  return out + "]\n}\n";
}

std::string Csv(const StabilityResult& r) {
  std::string out =
      "fraction,units,tau_b_mean,tau_b_sd,rho_mean,rho_sd,pearson_rank_mean,pearson_rank_sd,"
      "clusters_mean,clusters_sd,flipped_share,lost_share,reproduced_share\n";
  for (const StabilityPoint& p : r.points) {
    out += Fraction(p.fraction) + "," + std::to_string(p.units) + "," +
           JsonNumber(p.kendall_tau_b.mean) + "," + JsonNumber(p.kendall_tau_b.sd) + "," +
           JsonNumber(p.spearman_rho.mean) + "," + JsonNumber(p.spearman_rho.sd) + "," +
           JsonNumber(p.pearson_rank.mean) + "," + JsonNumber(p.pearson_rank.sd) + "," +
           JsonNumber(p.clusters.mean) + "," + JsonNumber(p.clusters.sd) + "," +
           JsonNumber(p.flipped_share.mean) + "," + JsonNumber(p.lost_share.mean) + "," +
           JsonNumber(p.reproduced_share) + "\n";
  }
  out += "# reference_clusters=" + std::to_string(r.reference_clusters) +
         " smallest_reproducing_fraction=" +
         (r.smallest_reproducing_fraction ? Fraction(*r.smallest_reproducing_fraction)
                                          : std::string("none")) +
         "\n";
  for (const std::string& note : r.notes) out += "# note: " + note + "\n";
  return out;
}

std::string Markdown(const StabilityResult& r, const std::string& input) {
  std::string out = "| fraction | " + Unit(r) +
                    " | τ-b | ρ | Pearson Rank | clusters | flipped | lost | reproduced |\n"
                    "|---:|---:|---|---|---|---|---:|---:|---:|\n";
  for (const StabilityPoint& p : r.points) {
    out += "| " + Fraction(p.fraction) + " | " + WithThousands(p.units) + " | " +
           Stat(p.kendall_tau_b, 3) + " | " + Stat(p.spearman_rho, 3) + " | " +
           Stat(p.pearson_rank, 3) + " | " + Stat(p.clusters, 1) + " | " +
           Fixed(100.0 * p.flipped_share.mean, 1) + "% | " + Fixed(100.0 * p.lost_share.mean, 1) +
           "% | " + Fixed(100.0 * p.reproduced_share, 0) + "% |\n";
  }
  std::string header = Header(r, input);
  for (char& c : header) {
    if (c == '\n') c = ' ';
  }
  out += "\n> " + MarkdownCell(header) + "\n> " + Verdict(r);
  for (const std::string& note : r.notes) out += "> note: " + MarkdownCell(note) + "\n";
  return out;
}

std::string Latex(const StabilityResult& r, const std::string& input) {
  std::string out = "% " + Header(r, input);
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i] == '\n') out.insert(i + 1, "% ");
  }
  out += "\\begin{tabular}{rrlllrrrr}\n\\toprule\nFraction & " + Unit(r) +
         " & $\\tau_b$ & $\\rho$ & Pearson Rank & Clusters & Flipped & Lost & Reproduced \\\\\n"
         "\\midrule\n";
  const auto stat = [](const StabilityStat& s, int d) {
    return s.defined ? WithMinusSign(Fixed(s.mean, d), "$-$") + " $\\pm$ " + Fixed(s.sd, d)
                     : std::string("--");
  };
  for (const StabilityPoint& p : r.points) {
    out += Fraction(p.fraction) + " & " + WithThousands(p.units) + " & " +
           stat(p.kendall_tau_b, 3) + " & " + stat(p.spearman_rho, 3) + " & " +
           stat(p.pearson_rank, 3) + " & " + stat(p.clusters, 1) + " & " +
           Fixed(100.0 * p.flipped_share.mean, 1) + "\\% & " + Fixed(100.0 * p.lost_share.mean, 1) +
           "\\% & " + Fixed(100.0 * p.reproduced_share, 0) + "\\% \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n% " + Verdict(r);
  for (const std::string& note : r.notes) out += "% note: " + note + "\n";
  return out;
}

}  // namespace

std::string FormatStability(const StabilityResult& result, const std::string& input,
                            OutputFormat format) {
  switch (format) {
    case OutputFormat::kJson:
      return Json(result, input);
    case OutputFormat::kCsv:
      return Csv(result);
    case OutputFormat::kMarkdown:
      return Markdown(result, input);
    case OutputFormat::kLatex:
      return Latex(result, input);
    default:
      return Table(result, input);
  }
}

}  // namespace tourney
