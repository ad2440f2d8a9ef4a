#include "render/leaderboard_format.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>

#include "proto/leaderboard_proto.h"
#include "render/text_format.h"
#include "tourney/sequential/anytime_board.h"

namespace tourney {

StatusOr<OutputFormat> ParseOutputFormat(std::string_view name) {
  if (name == "table") return OutputFormat::kTable;
  if (name == "json") return OutputFormat::kJson;
  if (name == "csv") return OutputFormat::kCsv;
  if (name == "latex") return OutputFormat::kLatex;
  if (name == "markdown" || name == "md") return OutputFormat::kMarkdown;
  if (name == "wmt") return OutputFormat::kWmt;
  return InvalidArgument("unknown format '" + std::string(name) +
                         "' (expected table, json, csv, latex, markdown or wmt)");
}

namespace {

bool IsAnytime(const Leaderboard& board) {
  return board.stopping && board.stopping->rule == "anytime";
}

// The board itself is anytime-valid, not a model's board with an anytime stopping section.
bool IsAnytimeBoard(const Leaderboard& board) {
  return IsAnytime(board) && board.model.rfind("expected-wins-anytime", 0) == 0;
}

// A setting as written on the command line: 0.05, 0.03, 0.
std::string SettingNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

// A confidence level as a percentage, rounded only where the level is: "95%", and a planned
// look's 99.9874% rather than "100%" (six significant digits, as the look's note).
std::string ConfidencePercent(double confidence) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.6g%%", 100.0 * confidence);
  return buf;
}

// What the replicates were: "1,000 bootstrap replicates", or for a self-sampling model
// rerun on the full data (--protocol wmt15), "1,000 reruns with fresh seeds".
std::string ReplicatesText(const Leaderboard& board) {
  return WithThousands(board.bootstrap_replicates) +
         (board.replicates_are_reruns ? " reruns with fresh seeds (nothing resampled)"
                                      : " bootstrap replicates");
}

}  // namespace

std::string AnytimePromise(const Leaderboard& board) {
  const Stopping& s = *board.stopping;
  std::string out = "every separation shown holds with probability >= " +
                    SettingNumber(1.0 - s.delta) + " at every number of judgments";
  if (IsPooledAnytimeBoard(board)) {
    return out +
           ", for judgments assigned by a design fixed in advance (an adaptive campaign: "
           "--anytime-board pairwise)";
  }
  out += ", under any match selection";
  if (board.model == kCombinedAnytimeModel || s.uniform_judgments > 0) {
    out += " (scores pooled over the " + WithThousands(s.uniform_judgments) +
           " judgments of uniform draws, pairs over all judgments, each at delta " +
           SettingNumber(s.delta / 2.0) + ")";
  }
  return out;
}

std::string AnytimeFewerClusters(const Leaderboard& board) {
  return "why fewer clusters than a bootstrap board: a bootstrap board's 95% holds for one "
         "look at a sample size fixed in advance; this board's " +
         SettingNumber(100.0 * (1.0 - board.stopping->delta)) +
         "% holds at every look, so it separates fewer systems";
}

namespace {

// The table's title: Expected Wins says which variant of the WMT campaigns it is.
std::string ModelTitle(const std::string& model) {
  if (model == "expected-wins") return "Expected Wins (ties excluded, mean over opponents met)";
  if (model == "expected-wins-wmt13") {
    return "Expected Wins (WMT12/13, ties excluded, unmet opponents count as losses)";
  }
  if (model == "expected-wins-ties") return "Expected Wins (WMT11, ties count as wins)";
  if (model == "expected-wins-anytime") return "Expected Wins, anytime-valid (ties half wins)";
  if (model == "expected-wins-anytime-pooled") {
    return "Expected Wins, anytime-valid, pooled per system (ties half wins)";
  }
  if (model == "expected-wins-anytime-combined") {
    return "Expected Wins, anytime-valid, pooled uniform draws and per-pair (ties half wins)";
  }
  return ModelDisplayName(model);
}

// "anytime-valid at delta 0.05, epsilon 0.03 (input order): 4 of 9 boundaries separated,
// 2 ties within epsilon, not settled". REQUIRES: IsAnytime(board).
std::string AnytimeText(const Leaderboard& board) {
  const Stopping& s = *board.stopping;
  int separated = 0, ties = 0;
  for (const StoppingBoundary& b : s.boundaries) {
    separated += b.separated;
    ties += b.tie_within_epsilon;
  }
  std::string out = "anytime-valid at delta " + SettingNumber(s.delta) + ", epsilon " +
                    SettingNumber(s.epsilon) +
                    " (judgments in input order): " + std::to_string(separated) + " of " +
                    std::to_string(s.boundaries.size()) + " boundaries separated";
  if (s.epsilon > 0.0) {
    out += ", " + std::to_string(ties) + (ties == 1 ? " tie" : " ties") + " within epsilon";
  }
  out += s.settled ? ", settled" : ", not settled";
  // The promise, in the board's own words; a model's board only carries the stopping rule.
  if (!IsAnytimeBoard(board)) {
    return out + " (the campaign's anytime-valid board, anytime = true, keeps that promise; the " +
           "clusters shown here are this model's and make none at every look)";
  }
  return out + "; " + AnytimePromise(board);
}

bool IsTopK(const Leaderboard& board) { return board.stopping && board.stopping->rule == "top-k"; }

// "top-3 goal at delta 0.05, epsilon 0 (judgments in input order): current top 3 A, B, C,
// not settled"; settled: "identified top 3 A, B, C, settled", or "identified top 3 within
// epsilon 0.02: A, B, C, settled" when some cross pair is resolved only within epsilon.
// REQUIRES: IsTopK(board).
std::string TopKText(const Leaderboard& board) {
  const Stopping& s = *board.stopping;
  std::string names;
  for (size_t i = 0; i < s.top.size(); ++i) names += (i ? ", " : "") + s.top[i];
  const std::string k = std::to_string(s.top.size());
  std::string state = "current top " + k + " ";
  if (s.settled) {
    state = s.top_within_epsilon
                ? "identified top " + k + " within epsilon " + SettingNumber(s.epsilon) + ": "
                : "identified top " + k + " ";
  }
  return "top-" + k + " goal at delta " + SettingNumber(s.delta) + ", epsilon " +
         SettingNumber(s.epsilon) + " (judgments in input order): " + state + names +
         (s.settled ? ", settled" : ", not settled");
}

// The stopping rule's line for the anytime and top-k rules; empty for the others.
std::string StoppingText(const Leaderboard& board) {
  if (IsAnytime(board)) return AnytimeText(board);
  if (IsTopK(board)) return TopKText(board);
  return "";
}

// "len_diff coefficient 0.1234 (se 0.0100, 95% interval 0.1038..0.1430) log-odds per unit".
std::string CovariateText(const CovariateEffect& e, double confidence) {
  return e.name + " coefficient " + TableNumber(e.coefficient, 4) + " (se " +
         TableNumber(e.standard_error, 4) + ", " + Fixed(100.0 * confidence, 0) + "% interval " +
         TableNumber(e.lo, 4) + ".." + TableNumber(e.hi, 4) + ") log-odds per unit";
}

struct View {
  std::vector<std::string> names;  // short names in entry order
  bool mu = false;                 // print mu
  bool gaussian = false;           // print sigma
  bool clustered = false;          // print range and group by cluster
  bool r_hat = false;
  // Print the opponents each Expected Wins score averages over: only when some system met
  // fewer than all the others (a dense board's column would repeat n-1).
  bool opponents = false;
};

View MakeView(const Leaderboard& board) {
  View v;
  v.clustered = board.clustered();
  std::vector<std::string> full;
  for (const auto& e : board.entries) {
    full.push_back(e.system);
    v.mu |= e.mu.has_value();
    v.gaussian |= e.sigma.has_value();
    v.r_hat |= e.r_hat.has_value();
    v.opponents |= e.opponents && *e.opponents + 1 < static_cast<int>(board.entries.size());
  }
  v.names = ShortSystemNames(full);
  return v;
}

std::string RangeText(const LeaderboardEntry& e) {
  if (e.rank_lo == e.rank_hi) return std::to_string(e.rank_lo);
  return std::to_string(e.rank_lo) + "-" + std::to_string(e.rank_hi);
}

// '#' column: clustered boards print the cluster's first position once per cluster, like
// the paper's Table 1; others print every rank.
std::vector<std::string> PositionColumn(const Leaderboard& board, bool clustered) {
  std::vector<std::string> pos;
  for (int i = 0; i < static_cast<int>(board.entries.size()); ++i) {
    const auto& e = board.entries[i];
    const bool first = i == 0 || board.entries[i - 1].cluster != e.cluster;
    pos.push_back(!clustered || first ? std::to_string(e.rank) : "");
  }
  return pos;
}

// Everything a reader must not miss, one line each, for the formats without the table's
// layout: dropped and skipped input, a disconnected comparison graph (with its groups) and
// the model's warnings.
std::vector<std::string> BoardNotes(const Leaderboard& board) {
  std::vector<std::string> notes;
  if (!StoppingText(board).empty()) notes.push_back("note: " + StoppingText(board));
  if (IsAnytimeBoard(board)) notes.push_back("note: " + AnytimeFewerClusters(board));
  for (const CovariateEffect& e : board.covariate_effects) {
    notes.push_back("style control: " + CovariateText(e, board.confidence));
  }
  if (board.dropped_blank > 0) {
    notes.push_back("note: " + WithThousands(board.dropped_blank) +
                    " rankings with a blank rank (-1) were dropped");
  }
  if (board.dropped_single > 0) {
    notes.push_back("note: " + WithThousands(board.dropped_single) +
                    " rankings naming fewer than two systems were dropped");
  }
  if (board.skipped_invalid > 0) {
    notes.push_back(
        "note: " + WithThousands(board.skipped_invalid) +
        (board.skipped_invalid == 1 ? " invalid row was skipped" : " invalid rows were skipped"));
  }
  if (!board.connected) {
    std::string groups;
    for (int c = 0; c < static_cast<int>(board.components.size()); ++c) {
      groups += (c > 0 ? "; " : "") + std::string("group ") + std::to_string(c + 1) + ":";
      for (const auto& name : board.components[c]) groups += " " + name;
    }
    notes.push_back("warning: the comparison graph has " +
                    std::to_string(static_cast<int>(board.components.size())) +
                    " components; systems in different groups cannot be ordered against each "
                    "other (" +
                    groups + ")");
  }
  for (const auto& w : board.warnings) notes.push_back("warning: " + w);
  return notes;
}

// The anytime board's boundaries that are not separated, one line each with the pair that
// keeps it open: "open: A | B (blocked by A vs D)", at most kOpenLines, then a count.
constexpr size_t kOpenLines = 12;
std::string OpenBoundaryLines(const Leaderboard& board, const View& v) {
  if (!IsAnytime(board)) return "";
  std::vector<std::pair<std::string_view, std::string_view>> short_of;
  for (size_t i = 0; i < board.entries.size(); ++i) {
    short_of.emplace_back(board.entries[i].system, v.names[i]);
  }
  const auto shown = [&short_of](const std::string& name) {
    for (const auto& [full, brief] : short_of) {
      if (full == name) return std::string(brief);
    }
    return name;
  };
  std::string out;
  size_t lines = 0, more = 0;
  for (const StoppingBoundary& b : board.stopping->boundaries) {
    if (b.separated) continue;
    if (lines == kOpenLines) {
      ++more;
      continue;
    }
    ++lines;
    out += std::string(b.tie_within_epsilon ? "tie within epsilon: " : "open: ") +
           shown(b.upper) + " | " + shown(b.lower);
    if (!b.blocking_upper.empty()) {
      out += " (blocked by " + shown(b.blocking_upper) + " vs " + shown(b.blocking_lower) + ")";
    }
    out += "\n";
  }
  if (more > 0) out += "... and " + std::to_string(more) + " more not separated\n";
  return out;
}

std::string FormatTable(const Leaderboard& board) {
  const View v = MakeView(board);
  std::vector<std::string> header = {"#", "score"};
  if (v.mu) header.push_back("mu");
  if (v.gaussian) header.push_back("sigma");
  if (v.clustered) header.push_back("range");
  header.push_back("system");
  header.push_back("comparisons");
  if (v.opponents) header.push_back("opponents");
  if (v.r_hat) header.push_back("r_hat");

  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::vector<std::vector<std::string>> rows;
  for (int i = 0; i < static_cast<int>(board.entries.size()); ++i) {
    const auto& e = board.entries[i];
    std::vector<std::string> row = {pos[i], TableNumber(e.score, 3)};
    if (v.mu) row.push_back(e.mu ? TableNumber(*e.mu, 3) : "");
    if (v.gaussian) row.push_back(e.sigma ? TableNumber(*e.sigma, 3) : "");
    if (v.clustered) row.push_back(RangeText(e));
    row.push_back(v.names[i]);
    row.push_back(WithThousands(e.comparisons));
    if (v.opponents) row.push_back(e.opponents ? std::to_string(*e.opponents) : "");
    if (v.r_hat) {
      row.push_back(e.r_hat ? TableNumber(*e.r_hat, 3) + (*e.r_hat > 1.05 ? " !" : "") : "");
    }
    rows.push_back(std::move(row));
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = DisplayWidth(header[c]);
    for (const auto& r : rows) width[c] = std::max(width[c], DisplayWidth(r[c]));
  }
  const size_t system_col = std::find(header.begin(), header.end(), "system") - header.begin();
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) out += "  ";
      const size_t pad = width[c] - DisplayWidth(cells[c]);
      const bool left = c == system_col;
      if (!left) out.append(pad, ' ');
      out += cells[c];
      if (left && c + 1 < cells.size()) out.append(pad, ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };

  std::string out =
      ModelTitle(board.model) + ": " + WithThousands(board.comparisons) + " pairwise comparisons";
  // Pairwise input (battle logs, pairwise CSV) has one ranking per comparison: saying so
  // adds nothing.
  if (board.rankings > 0 && board.rankings != board.comparisons) {
    out += " from " + WithThousands(board.rankings) + " rankings";
  }
  if (board.bootstrap_replicates > 0) {
    out += ", " + ReplicatesText(board) + ", " + ConfidencePercent(board.confidence) +
           " rank ranges";
  }
  if (!StoppingText(board).empty()) out += "; " + StoppingText(board);
  out += "\n";
  out += line(header);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (v.clustered && i > 0 && board.entries[i].cluster != board.entries[i - 1].cluster) {
      size_t total = 0;
      for (size_t w : width) total += w + 2;
      out += std::string(total - 2, '-') + "\n";
    }
    out += line(rows[i]);
  }
  out += OpenBoundaryLines(board, v);
  if (IsAnytimeBoard(board)) out += "note: " + AnytimeFewerClusters(board) + "\n";
  if (board.dropped_blank > 0) {
    out += "note: " + WithThousands(board.dropped_blank) +
           " rankings with a blank rank (-1) were dropped\n";
  }
  if (board.dropped_single > 0) {
    out += "note: " + WithThousands(board.dropped_single) +
           " rankings naming fewer than two systems were dropped\n";
  }
  if (board.skipped_invalid > 0) {
    out += "note: " + WithThousands(board.skipped_invalid) +
           (board.skipped_invalid == 1 ? " invalid row was skipped\n"
                                       : " invalid rows were skipped\n");
  }
  if (!board.connected) {
    out += "warning: the comparison graph has " +
           std::to_string(static_cast<int>(board.components.size())) +
           " components; systems in different groups were never compared, even indirectly,"
           " and cannot be ordered against each other:\n";
    std::vector<std::string> all;
    for (const auto& comp : board.components) {
      for (const auto& s : comp) all.push_back(s);
    }
    const std::vector<std::string> shorts = ShortSystemNames(all);
    size_t k = 0;
    for (int c = 0; c < static_cast<int>(board.components.size()); ++c) {
      out += "  group " + std::to_string(c + 1) + ":";
      for (int s = 0; s < static_cast<int>(board.components[c].size()); ++s)
        out += " " + shorts[k++];
      out += "\n";
    }
  }
  for (const auto& w : board.warnings) out += "warning: " + w + "\n";
  for (const CovariateEffect& e : board.covariate_effects) {
    out += "style control: " + CovariateText(e, board.confidence) + "\n";
  }
  return out;
}

// A CSV number, empty when the field does not apply (JSON omits it).
std::string CsvNumber(std::optional<double> v, int digits) {
  return v ? TableNumber(*v, digits) : std::string();
}
std::string CsvInt(std::optional<int64_t> v) { return v ? std::to_string(*v) : std::string(); }

}  // namespace

std::string FormatLeaderboardCsv(const Leaderboard& board, const std::string* language_pair) {
  const std::string lead = language_pair ? CsvField(*language_pair) + "," : std::string();
  // Expected Wins boards end with the opponents each score averages over; the other boards
  // have no such column.
  const bool opponents = std::any_of(board.entries.begin(), board.entries.end(),
                                     [](const LeaderboardEntry& e) { return e.opponents; });
  std::string out =
      (language_pair ? "language_pair," : "") +
      std::string(
          "rank,system,score,mu,sigma,rank_lo,rank_hi,cluster,rank_upper_bound,comparisons,wins,"
          "losses,ties,r_hat,score_lo,score_hi") +
      (opponents ? ",opponents\n" : "\n");
  // Rank ranges come from a bootstrap; without one they would only repeat the rank.
  const bool ranges = board.has_rank_ranges();
  for (const auto& e : board.entries) {
    const bool interval = e.score_lo && e.score_hi;
    out += lead + std::to_string(e.rank) + "," + CsvField(e.system) + "," +
           TableNumber(e.score, 6) + "," + CsvNumber(e.mu, 6) + "," + CsvNumber(e.sigma, 6) + "," +
           CsvInt(ranges ? std::optional<int64_t>(e.rank_lo) : std::nullopt) + "," +
           CsvInt(ranges ? std::optional<int64_t>(e.rank_hi) : std::nullopt) + "," +
           CsvInt(e.cluster) + "," + CsvInt(e.rank_upper_bound) + "," +
           std::to_string(e.comparisons) + "," + std::to_string(e.wins) + "," +
           std::to_string(e.losses) + "," + std::to_string(e.ties) + "," + CsvNumber(e.r_hat, 4) +
           "," + CsvNumber(interval ? e.score_lo : std::nullopt, 6) + "," +
           CsvNumber(interval ? e.score_hi : std::nullopt, 6) +
           (opponents ? "," + CsvInt(e.opponents ? std::optional<int64_t>(*e.opponents)
                                                 : std::nullopt)
                      : std::string()) +
           "\n";
  }
  // Comment lines after the rows (read_csv(..., comment='#') and R's comment.char skip them).
  for (const std::string& note : BoardNotes(board)) {
    out += "# " + (language_pair ? *language_pair + ": " : std::string()) + note + "\n";
  }
  return out;
}

namespace {

// A number for LaTeX text: a true minus sign ($-$), not a hyphen.
std::string LatexNumber(double v, int digits) {
  return WithMinusSign(TableNumber(v, digits), "$-$");
}

// A label unique to the board's model and data: tab:MODEL-XXXXXX (FNV-1a of the systems,
// their scores and the comparison count), so several tables can share one document.
std::string LatexLabel(const Leaderboard& board) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::string_view text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ull;
    }
  };
  mix(board.model);
  mix(std::to_string(board.comparisons));
  for (const auto& e : board.entries) {
    mix(e.system);
    mix(Fixed(e.score, 6));
  }
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%06llx", static_cast<unsigned long long>(h & 0xffffff));
  std::string model;
  for (char c : board.model) model += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return "tab:" + model + "-" + buf;
}

std::string FormatLatex(const Leaderboard& board) {
  const View v = MakeView(board);
  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::string out;
  out += "% " + ModelTitle(board.model) + ", " + WithThousands(board.comparisons) +
         " pairwise comparisons. Requires \\usepackage{booktabs}.\n";
  for (const std::string& note : BoardNotes(board)) out += "% " + note + "\n";
  out += "\\begin{table}[t]\n\\centering\n";
  out += std::string("\\begin{tabular}{r") + "r" + (v.gaussian ? "r" : "") +
         (v.clustered ? "c" : "") + "l}\n\\toprule\n";
  out += std::string("\\# & score") + (v.gaussian ? " & $\\sigma$" : "") +
         (v.clustered ? " & range" : "") + " & system \\\\\n\\midrule\n";
  for (int i = 0; i < static_cast<int>(board.entries.size()); ++i) {
    const auto& e = board.entries[i];
    if (v.clustered && i > 0 && e.cluster != board.entries[i - 1].cluster) {
      out += "\\midrule\n";
    }
    out += pos[i] + " & " + LatexNumber(e.score, 3);
    if (v.gaussian) out += " & " + (e.sigma ? LatexNumber(*e.sigma, 3) : std::string());
    // An en dash between the ends of a range ("2--3"), as typeset tables have it.
    if (v.clustered) {
      out += " & " + (e.rank_lo == e.rank_hi
                          ? std::to_string(e.rank_lo)
                          : std::to_string(e.rank_lo) + "--" + std::to_string(e.rank_hi));
    }
    out += " & " + LatexEscape(v.names[i]) + " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  out += "\\caption{" + LatexEscape(ModelTitle(board.model)) + ", " +
         WithThousands(board.comparisons) + " pairwise comparisons";
  if (board.bootstrap_replicates > 0) {
    out += "; rank ranges from " + ReplicatesText(board) + " at " +
           LatexEscape(ConfidencePercent(board.confidence)) +
           " confidence, clusters separated by rules";
  }
  if (IsAnytimeBoard(board)) {
    out += "; " + LatexEscape(AnytimeText(board)) + ", clusters separated by rules; " +
           LatexEscape(AnytimeFewerClusters(board));
  } else if (IsAnytime(board)) {
    out += "; " + LatexEscape(AnytimeText(board));
  } else if (IsTopK(board)) {
    out += "; " + LatexEscape(TopKText(board));
  }
  for (const CovariateEffect& e : board.covariate_effects) {
    out += "; style control: " + LatexEscape(CovariateText(e, board.confidence));
  }
  out += ".}\n\\label{" + LatexLabel(board) + "}\n\\end{table}\n";
  return out;
}

std::string FormatMarkdown(const Leaderboard& board) {
  const View v = MakeView(board);
  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::string out = std::string("| # | score |") + (v.gaussian ? " sigma |" : "") +
                    (v.clustered ? " range | cluster |" : "") + " system | comparisons |\n";
  out += std::string("|--:|--:|") + (v.gaussian ? "--:|" : "") + (v.clustered ? ":-:|--:|" : "") +
         ":--|--:|\n";
  for (int i = 0; i < static_cast<int>(board.entries.size()); ++i) {
    const auto& e = board.entries[i];
    // Appended cell by cell: GCC 12 misreads `"lit" + std::string` here as overlapping copies.
    const auto cell = [&out](const std::string& text) {
      out += ' ';
      out += text;
      out += " |";
    };
    out += '|';
    cell(pos[i]);
    cell(TableNumber(e.score, 3));
    if (v.gaussian) cell(e.sigma ? TableNumber(*e.sigma, 3) : std::string());
    if (v.clustered) {
      cell(RangeText(e));
      cell(std::to_string(e.cluster.value_or(0)));
    }
    cell(MarkdownCell(v.names[i]));
    cell(WithThousands(e.comparisons));
    out += '\n';
  }
  const std::vector<std::string> notes = BoardNotes(board);
  if (!notes.empty()) out += "\n";
  for (const std::string& note : notes)
    out += "> **" + note.substr(0, note.find(':')) + ":**" +
           MarkdownCell(note.substr(note.find(':') + 1)) + "\n";
  return out;
}

// A number rounded to 3 decimals and printed as the shortest decimal that reads back as
// that rounded value: 0.044, 0.0, -0.07 (the organisers' files print Python floats).
std::string WmtNumber(double v) {
  double rounded = std::round(v * 1000.0) / 1000.0;
  if (rounded == 0.0) rounded = 0.0;  // no "-0.0"
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), rounded);
  std::string out(buf, end);
  if (out.find('.') == std::string::npos && out.find('e') == std::string::npos) out += ".0";
  return out;
}

// The WMT layout's first line, a '#' comment naming the model and the board, which the
// layout itself cannot show: "# tourney cluster: Expected Wins, 1,000 bootstrap replicates,
// seed 1, 95% rank ranges". Readers of the layout (tourney compare) skip '#' lines.
std::string WmtHeader(const Leaderboard& board) {
  std::string out = "# tourney cluster: ";
  if (IsAnytime(board)) {
    const Stopping& s = *board.stopping;
    return out + "Expected Wins, anytime-valid " +
           (IsPooledAnytimeBoard(board)                 ? "pooled"
            : board.model == kCombinedAnytimeModel ? "combined"
                                                   : "pairwise") +
           " board, delta " + SettingNumber(s.delta) + ", epsilon " + SettingNumber(s.epsilon) +
           ", rank ranges of certified separations\n";
  }
  out += board.model.empty() ? std::string("unnamed model") : ModelDisplayName(board.model);
  if (board.bootstrap_replicates > 0) {
    out += ", " + ReplicatesText(board) + ", seed " + std::to_string(board.seed) + ", " +
           ConfidencePercent(board.confidence) + " rank ranges";
  }
  return out + "\n";
}

std::string FormatWmt(const Leaderboard& board) {
  std::string out = WmtHeader(board);
  for (int i = 0; i < static_cast<int>(board.entries.size()); ++i) {
    const auto& e = board.entries[i];
    if (i > 0 && e.cluster != board.entries[i - 1].cluster) out += "++++++++++\n";
    out += e.system + " " + WmtNumber(e.score) + " (" + std::to_string(e.rank_lo) + ".0, " +
           std::to_string(e.rank_hi) + ".0)\n";
  }
  return out;
}

}  // namespace

std::string FormatLeaderboard(const Leaderboard& board, OutputFormat format) {
  switch (format) {
    case OutputFormat::kTable:
      return FormatTable(board);
    case OutputFormat::kJson:
      return LeaderboardJson(board);
    case OutputFormat::kCsv:
      return FormatLeaderboardCsv(board, nullptr);
    case OutputFormat::kLatex:
      return FormatLatex(board);
    case OutputFormat::kMarkdown:
      return FormatMarkdown(board);
    case OutputFormat::kWmt:
      return FormatWmt(board);
  }
  return {};
}

}  // namespace tourney
