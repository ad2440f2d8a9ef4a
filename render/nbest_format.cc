#include "render/nbest_format.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "render/line_plot.h"
#include "render/text_format.h"
#include "tourney/statistics/rank_correlation.h"

namespace tourney {
namespace {

std::string Opt(const std::optional<double>& v, int digits) {
  return v ? WithMinusSign(Fixed(*v, digits), "\u2212") : std::string("n/a");
}

std::string JsonOpt(const std::optional<double>& v) {
  return v ? JsonNumber(*v) : std::string("null");
}

std::string Refs(int y) { return y == 0 ? std::string("all") : std::to_string(y); }

std::string Percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%g%%", 100.0 * share);
  return text;
}

std::string Pad(const std::string& s, size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string SystemsTable(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  std::string out = "\n" + Pad("system", 28) + Pad("MAP", 8) + Pad("F1", 8) + Pad("pref rho", 10) +
                    Pad("pref r", 9);
  const bool bleu = o.bleu && !o.bleu_depths.empty() && !o.bleu_references.empty();
  const size_t last_d = o.bleu_depths.size() - 1, last_y = o.bleu_references.size() - 1;
  if (bleu) {
    out += Pad("BLEU " + std::to_string(o.bleu_depths[0]) + "b" + Refs(o.bleu_references[0]) + "r",
               14) +
           "BLEU " + std::to_string(o.bleu_depths[last_d]) + "b" + Refs(o.bleu_references[last_y]) +
           "r";
  }
  out += "\n";
  for (const LeaderboardEntry& entry : e.leaderboard.entries) {
    for (const NbestSystem& s : e.systems) {
      if (s.name != entry.system) continue;
      out += Pad(Truncate(s.name, 26), 28) + Pad(Fixed(s.map, 4), 8) +
             Pad(Fixed(s.weighted_f1, 4), 8) + Pad(Opt(s.preference_rho, 3), 10) +
             Pad(Opt(s.preference_r, 3), 9);
      if (bleu) out += Pad(Fixed(s.bleu[0][0], 2), 14) + Fixed(s.bleu[last_d][last_y], 2);
      out += "\n";
    }
  }
  return out;
}

std::string BleuGrid(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  if (!o.bleu || o.bleu_depths.empty()) return "";
  const auto rho = BleuMapSpearman(e);
  std::string out =
      "\nSpearman rho of x-best y-reference BLEU with MAP (rows x, columns y):\n" + Pad("", 8);
  for (int y : o.bleu_references) out += Pad(Refs(y), 8);
  out += "\n";
  for (size_t d = 0; d < o.bleu_depths.size(); ++d) {
    out += Pad(std::to_string(o.bleu_depths[d]), 8);
    for (size_t y = 0; y < o.bleu_references.size(); ++y) out += Pad(Opt(rho[d][y], 3), 8);
    out += "\n";
  }
  return out;
}

std::string AblationTable(const NbestEvaluation& e) {
  std::string out =
      "\nGold ablation (least frequent translations of each prompt removed; MAP ranking vs "
      "full gold):\n" +
      Pad("removed", 10) + Pad("gold kept", 11) + Pad("rho", 9) + Pad("tau-b", 9) +
      "Pearson Rank\n";
  for (const NbestAblationPoint& p : e.ablation) {
    out += Pad(Percent(p.removed), 10) + Pad(Percent(p.gold_kept), 11) +
           Pad(Opt(p.spearman_rho, 3), 9) + Pad(Opt(p.kendall_tau_b, 3), 9) +
           Opt(p.pearson_rank, 3) + "\n";
  }
  return out;
}

std::string Json(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  std::string out = "{\n\"leaderboard\": " + FormatLeaderboard(e.leaderboard, OutputFormat::kJson);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  out += ",\n\"prompts\": " + std::to_string(e.prompts) +
         ",\n\"gold_translations\": " + std::to_string(e.gold_translations) +
         ",\n\"f1_top\": " + std::to_string(o.f1_top) + ",\n\"bleu_depths\": [";
  for (size_t d = 0; d < o.bleu_depths.size(); ++d) {
    out += (d ? ", " : "") + std::to_string(o.bleu_depths[d]);
  }
  out += "],\n\"bleu_references\": [";
  for (size_t y = 0; y < o.bleu_references.size(); ++y) {
    out += (y ? ", " : "") + std::to_string(o.bleu_references[y]);
  }
  out += "],\n\"systems\": [\n";
  for (size_t i = 0; i < e.systems.size(); ++i) {
    const NbestSystem& s = e.systems[i];
    out += "  {\"system\": " + JsonQuote(s.name) + ", \"map\": " + JsonNumber(s.map) +
           ", \"weighted_f1\": " + JsonNumber(s.weighted_f1) +
           ", \"preference_rho\": " + JsonOpt(s.preference_rho) +
           ", \"preference_r\": " + JsonOpt(s.preference_r) +
           ", \"preference_prompts\": " + std::to_string(s.preference_prompts) +
           ", \"answered\": " + std::to_string(s.answered) +
           ", \"unknown_prompts\": " + std::to_string(s.unknown_prompts) +
           ", \"dropped_duplicates\": " + std::to_string(s.dropped_duplicates) + ", \"bleu\": [";
    for (size_t d = 0; d < s.bleu.size(); ++d) {
      out += std::string(d ? ", " : "") + "[";
      for (size_t y = 0; y < s.bleu[d].size(); ++y) {
        out += (y ? ", " : "") + JsonNumber(s.bleu[d][y]);
      }
      out += "]";
    }
    out += "], \"ablated_map\": [";
    for (size_t l = 0; l < s.ablated_map.size(); ++l) {
      out += (l ? ", " : "") + JsonNumber(s.ablated_map[l]);
    }
    out += "]}" + std::string(i + 1 < e.systems.size() ? ",\n" : "\n");
  }
  out += "],\n\"bleu_map_spearman\": [";
  const auto rho = BleuMapSpearman(e);
  for (size_t d = 0; d < rho.size(); ++d) {
    out += std::string(d ? ", " : "") + "[";
    for (size_t y = 0; y < rho[d].size(); ++y) out += (y ? ", " : "") + JsonOpt(rho[d][y]);
    out += "]";
  }
  out += "],\n\"ablation\": [\n";
  for (size_t l = 0; l < e.ablation.size(); ++l) {
    const NbestAblationPoint& p = e.ablation[l];
    out += "  {\"removed\": " + JsonNumber(p.removed) +
           ", \"gold_kept\": " + JsonNumber(p.gold_kept) +
           ", \"spearman_rho\": " + JsonOpt(p.spearman_rho) +
           ", \"kendall_tau_b\": " + JsonOpt(p.kendall_tau_b) +
           ", \"pearson_rank\": " + JsonOpt(p.pearson_rank) + "}" +
           (l + 1 < e.ablation.size() ? ",\n" : "\n");
  }
  return out + "]\n}\n";
}

std::string Csv(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  std::string out =
      "rank,system,map,map_lo,map_hi,rank_lo,rank_hi,cluster,weighted_f1,preference_rho,"
      "preference_r";
  for (int x : o.bleu ? o.bleu_depths : std::vector<int>{}) {
    for (int y : o.bleu_references) out += ",bleu_" + std::to_string(x) + "b" + Refs(y) + "r";
  }
  out += "\n";
  for (const LeaderboardEntry& entry : e.leaderboard.entries) {
    for (const NbestSystem& s : e.systems) {
      if (s.name != entry.system) continue;
      out += std::to_string(entry.rank) + "," + CsvField(s.name) + "," + JsonNumber(s.map) + "," +
             JsonNumber(entry.score_lo.value_or(0)) + "," + JsonNumber(entry.score_hi.value_or(0)) +
             "," + std::to_string(entry.rank_lo) + "," + std::to_string(entry.rank_hi) + "," +
             std::to_string(entry.cluster.value_or(0)) + "," + JsonNumber(s.weighted_f1) + "," +
             (s.preference_rho ? JsonNumber(*s.preference_rho) : "") + "," +
             (s.preference_r ? JsonNumber(*s.preference_r) : "");
      for (const auto& row : s.bleu) {
        for (double v : row) {
          out += ',';
          out += JsonNumber(v);
        }
      }
      out += "\n";
    }
  }
  for (const NbestAblationPoint& p : e.ablation) {
    out += "# ablation removed=" + JsonNumber(p.removed) + " gold_kept=" + JsonNumber(p.gold_kept) +
           " spearman_rho=" + JsonOpt(p.spearman_rho) +
           " kendall_tau_b=" + JsonOpt(p.kendall_tau_b) +
           " pearson_rank=" + JsonOpt(p.pearson_rank) + "\n";
  }
  for (const std::string& w : e.leaderboard.warnings) out += "# warning: " + w + "\n";
  return out;
}

}  // namespace

std::vector<std::vector<std::optional<double>>> BleuMapSpearman(const NbestEvaluation& e) {
  std::vector<std::vector<std::optional<double>>> out;
  if (!e.options.bleu) return out;
  std::vector<double> map;
  for (const NbestSystem& s : e.systems) map.push_back(s.map);
  for (size_t d = 0; d < e.options.bleu_depths.size(); ++d) {
    out.emplace_back();
    for (size_t y = 0; y < e.options.bleu_references.size(); ++y) {
      std::vector<double> bleu;
      for (const NbestSystem& s : e.systems) bleu.push_back(s.bleu[d][y]);
      auto rho = SpearmanRho(map, bleu);
      out.back().push_back(rho.ok() ? std::optional<double>(*rho) : std::nullopt);
    }
  }
  return out;
}

std::string FormatNbest(const NbestEvaluation& e, OutputFormat format) {
  switch (format) {
    case OutputFormat::kJson:
      return Json(e);
    case OutputFormat::kCsv:
      return Csv(e);
    case OutputFormat::kWmt:
      return FormatLeaderboard(e.leaderboard, format);
    case OutputFormat::kLatex: {
      std::string out = FormatLeaderboard(e.leaderboard, format);
      std::string notes = SystemsTable(e) + BleuGrid(e) + AblationTable(e);
      out += "%";
      for (char c : notes) out += c == '\n' ? std::string("\n% ") : std::string(1, c);
      return out + "\n";
    }
    case OutputFormat::kMarkdown:
      return FormatLeaderboard(e.leaderboard, format) + "\n```\n" + SystemsTable(e) + BleuGrid(e) +
             AblationTable(e) + "```\n";
    default:
      return FormatLeaderboard(e.leaderboard, format) + SystemsTable(e) + BleuGrid(e) +
             AblationTable(e);
  }
}

std::string NbestAblationSvg(const NbestEvaluation& e, const std::string& title) {
  LineSeries rho{"Spearman rho", {}, {}, {}, {}};
  LineSeries tau{"Kendall tau-b", {}, {}, {}, {}};
  LineSeries rp{"Pearson Rank", {}, {}, {}, {}};
  for (auto it = e.ablation.rbegin(); it != e.ablation.rend(); ++it) {
    const double x = 100.0 * it->gold_kept;
    if (it->spearman_rho) {
      rho.x.push_back(x);
      rho.y.push_back(*it->spearman_rho);
    }
    if (it->kendall_tau_b) {
      tau.x.push_back(x);
      tau.y.push_back(*it->kendall_tau_b);
    }
    if (it->pearson_rank) {
      rp.x.push_back(x);
      rp.y.push_back(*it->pearson_rank);
    }
  }
  LinePlotOptions options;
  options.title = title;
  options.x_label = "gold translations kept (%), the least frequent removed first";
  options.y_label = "correlation with the full-gold MAP ranking";
  options.min_y_span = 0.2;  // correlations near 1 are not magnified into noise
  return LinePlotSvg({rho, tau, rp}, options);
}

}  // namespace tourney
