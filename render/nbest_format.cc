#include "render/nbest_format.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "render/text_format.h"
#include "render/text_table.h"

namespace tourney {
namespace {

std::string Opt(const std::optional<double>& v, int digits) {
  return v ? Fixed(*v, digits) : std::string("n/a");
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

const NbestSystem* FindSystem(const NbestEvaluation& e, const std::string& name) {
  for (const NbestSystem& s : e.systems) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

bool HasBleu(const NbestEvaluation& e) {
  return e.options.bleu && !e.options.bleu_depths.empty() && !e.options.bleu_references.empty();
}

std::string BleuLabel(int x, int y) { return std::to_string(x) + "b" + Refs(y) + "r"; }

// The MAP leaderboard with each system's measures, clusters ruled off.
TextTable LeaderboardTable(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  const Leaderboard& b = e.leaderboard;
  const std::string level = Fixed(100.0 * b.confidence, 0) + "%";
  TextTable t;
  t.caption = "MAP leaderboard: " + CountOf(static_cast<int64_t>(e.systems.size()), "system") + ", " +
              CountOf(e.prompts, "prompt") + ", " + CountOf(e.gold_translations, "gold translation") +
              "; " + level + " intervals and rank ranges from " +
              WithThousands(b.bootstrap_replicates) + " bootstrap replicates over prompts";
  t.header = {"system",
              "#",
              "cluster",
              "ranks",
              "MAP",
              level + " interval",
              "F1" + (o.f1_top > 0 ? "@" + std::to_string(o.f1_top) : std::string()),
              "pref rho",
              "pref r"};
  const bool bleu = HasBleu(e);
  const size_t last_d = o.bleu_depths.size() - 1, last_y = o.bleu_references.size() - 1;
  const bool two_bleu = bleu && last_d + last_y > 0;  // the grid's first and last cells
  if (bleu) t.header.push_back("BLEU " + BleuLabel(o.bleu_depths[0], o.bleu_references[0]));
  if (two_bleu) {
    t.header.push_back("BLEU " + BleuLabel(o.bleu_depths[last_d], o.bleu_references[last_y]));
  }
  auto number = [](double v, int digits) { return Fixed(v, digits); };
  auto optional = [](const std::optional<double>& v) { return Opt(v, 3); };
  for (size_t i = 0; i < b.entries.size(); ++i) {
    const LeaderboardEntry& entry = b.entries[i];
    const NbestSystem* s = FindSystem(e, entry.system);
    if (s == nullptr) continue;
    std::vector<std::string> row = {
        s->name,
        std::to_string(entry.rank),
        entry.cluster ? std::to_string(*entry.cluster) : std::string(),
        entry.rank_lo == entry.rank_hi
            ? std::to_string(entry.rank_lo)
            : std::to_string(entry.rank_lo) + "-" + std::to_string(entry.rank_hi),
        number(s->map, 4),
        entry.score_lo && entry.score_hi
            ? "[" + number(*entry.score_lo, 4) + ", " + number(*entry.score_hi, 4) + "]"
            : std::string(),
        number(s->weighted_f1, 4),
        optional(s->preference_rho),
        optional(s->preference_r)};
    if (bleu) row.push_back(number(s->bleu[0][0], 2));
    if (two_bleu) row.push_back(number(s->bleu[last_d][last_y], 2));
    t.rows.push_back(std::move(row));
    t.rule_before.push_back(i > 0 && entry.cluster != b.entries[i - 1].cluster);
  }
  return t;
}

// Every system's x-best y-reference BLEU.
TextTable BleuTable(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  TextTable t;
  t.caption = "x-best y-reference BLEU over the pseudo-corpus (" +
              std::string(o.tokenizer == BleuTokenizer::kChar   ? "char"
                          : o.tokenizer == BleuTokenizer::kNone ? "whitespace"
                                                                : "13a") +
              " tokens; columns xbyr)";
  t.header = {"system"};
  for (int x : o.bleu_depths) {
    for (int y : o.bleu_references) t.header.push_back(BleuLabel(x, y));
  }
  for (const LeaderboardEntry& entry : e.leaderboard.entries) {
    const NbestSystem* s = FindSystem(e, entry.system);
    if (s == nullptr) continue;
    std::vector<std::string> row = {s->name};
    for (const auto& by_y : s->bleu) {
      for (double v : by_y) row.push_back(Fixed(v, 2));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

TextTable BleuRhoTable(const NbestEvaluation& e) {
  const NbestOptions& o = e.options;
  const auto rho = BleuMapSpearman(e);
  TextTable t;
  t.caption = "Spearman rho of each x-best y-reference BLEU ranking with the MAP ranking";
  t.header = {"x \\ y"};
  for (int y : o.bleu_references) t.header.push_back(Refs(y));
  for (size_t d = 0; d < o.bleu_depths.size(); ++d) {
    std::vector<std::string> row = {std::to_string(o.bleu_depths[d])};
    for (size_t y = 0; y < o.bleu_references.size(); ++y) row.push_back(Opt(rho[d][y], 3));
    t.rows.push_back(std::move(row));
  }
  return t;
}

TextTable AblationTable(const NbestEvaluation& e) {
  TextTable t;
  t.caption =
      "Gold ablation: the least frequent translations of each prompt removed; each ranking "
      "against its full-gold ranking";
  t.header = {"removed",          "gold kept", "MAP rho",  "MAP tau-b",
              "MAP Pearson Rank", "F1 rho",    "F1 tau-b", "F1 Pearson Rank"};
  t.left_columns = 0;
  for (const NbestAblationPoint& p : e.ablation) {
    std::vector<std::string> row = {Percent(p.removed),         Percent(p.gold_kept),
                                    Opt(p.spearman_rho, 3),     Opt(p.kendall_tau_b, 3),
                                    Opt(p.pearson_rank, 3),     Opt(p.f1_spearman_rho, 3),
                                    Opt(p.f1_kendall_tau_b, 3), Opt(p.f1_pearson_rank, 3)};
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::vector<TextTable> Tables(const NbestEvaluation& e) {
  std::vector<TextTable> tables = {LeaderboardTable(e)};
  if (HasBleu(e)) {
    tables.push_back(BleuTable(e));
    tables.push_back(BleuRhoTable(e));
  }
  tables.push_back(AblationTable(e));
  return tables;
}

std::string Notes(const NbestEvaluation& e, const std::string& prefix) {
  std::string out;
  for (const std::string& w : e.leaderboard.warnings) out += prefix + "warning: " + w + "\n";
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
    out += "], \"ablated_f1\": [";
    for (size_t l = 0; l < s.ablated_f1.size(); ++l) {
      out += (l ? ", " : "") + JsonNumber(s.ablated_f1[l]);
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
           ", \"pearson_rank\": " + JsonOpt(p.pearson_rank) +
           ", \"f1_spearman_rho\": " + JsonOpt(p.f1_spearman_rho) +
           ", \"f1_kendall_tau_b\": " + JsonOpt(p.f1_kendall_tau_b) +
           ", \"f1_pearson_rank\": " + JsonOpt(p.f1_pearson_rank) + "}" +
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
           " pearson_rank=" + JsonOpt(p.pearson_rank) +
           " f1_spearman_rho=" + JsonOpt(p.f1_spearman_rho) +
           " f1_kendall_tau_b=" + JsonOpt(p.f1_kendall_tau_b) +
           " f1_pearson_rank=" + JsonOpt(p.f1_pearson_rank) + "\n";
  }
  for (const std::string& w : e.leaderboard.warnings) out += "# warning: " + w + "\n";
  return out;
}

}  // namespace

std::string FormatNbest(const NbestEvaluation& e, OutputFormat format) {
  switch (format) {
    case OutputFormat::kJson:
      return Json(e);
    case OutputFormat::kCsv:
      return Csv(e);
    case OutputFormat::kWmt:
      return FormatLeaderboard(e.leaderboard, format);
    case OutputFormat::kLatex: {
      std::string out = "% Requires \\usepackage{booktabs}.\n";
      for (const TextTable& t : Tables(e)) out += "\n" + RenderLatexTable(t);
      return out + Notes(e, "% ");
    }
    case OutputFormat::kMarkdown: {
      std::string out;
      for (const TextTable& t : Tables(e)) out += "\n" + RenderMarkdownTable(t);
      return out.substr(1) + (e.leaderboard.warnings.empty() ? "" : "\n" + Notes(e, "> "));
    }
    default: {
      std::string out;
      for (const TextTable& t : Tables(e)) out += "\n" + RenderTextTable(t);
      return out.substr(1) + Notes(e, "");
    }
  }
}

}  // namespace tourney
