#include "tourney/leaderboard.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "tourney/connectivity.h"
#include "tourney/pair_counts.h"

namespace tourney {

v1::Leaderboard BuildLeaderboard(std::string_view model, const Judgments& judgments,
                                 const std::vector<SystemRating>& ratings) {
  v1::Leaderboard board = BuildLeaderboardFromCounts(
      model, judgments.systems().names(),
      PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons()), ratings);
  board.set_rankings(static_cast<int64_t>(judgments.num_rankings()));
  if (judgments.num_rankings() > 0) board.set_judgments(board.rankings());
  board.set_dropped_blank(judgments.dropped_blank);
  board.set_skipped_invalid(judgments.skipped_invalid);
  return board;
}

v1::Leaderboard BuildLeaderboardFromCounts(std::string_view model,
                                           const std::vector<std::string>& names,
                                           const PairCounts& counts,
                                           const std::vector<SystemRating>& ratings) {
  const int n = counts.num_systems();
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (ratings[a].score != ratings[b].score) return ratings[a].score > ratings[b].score;
    return names[a] < names[b];
  });

  v1::Leaderboard board;
  board.set_model(std::string(model));
  int64_t judgments = 0;
  int rank = 0;
  // mu and sigma apply to the Gaussian models (some sigma is set), r_hat to samplers.
  bool gaussian = false, sampled = false;
  for (const SystemRating& r : ratings) {
    gaussian = gaussian || r.sigma != 0.0;
    sampled = sampled || r.r_hat != 0.0;
  }
  for (int id : order) {
    ++rank;
    v1::LeaderboardEntry* e = board.add_entries();
    e->set_system(names[id]);
    e->set_score(ratings[id].score);
    if (gaussian) {
      e->set_mu(ratings[id].mu);
      e->set_sigma(ratings[id].sigma);
    }
    if (sampled) e->set_r_hat(ratings[id].r_hat);
    e->set_rank(rank);
    e->set_rank_lo(rank);
    e->set_rank_hi(rank);
    e->set_wins(counts.wins(id));
    e->set_losses(counts.losses(id));
    e->set_ties(counts.ties(id));
    e->set_comparisons(e->wins() + e->losses() + e->ties());
    judgments += e->comparisons();
  }
  board.set_comparisons(judgments / 2);      // every comparison involves two systems
  board.set_judgments(board.comparisons());  // count-only boards; BuildLeaderboard refines

  int num_components = 0;
  const std::vector<int> component = CountComponents(counts, &num_components);
  board.set_connected(num_components <= 1);
  for (int c = 0; c < num_components; ++c) {
    v1::Component* comp = board.add_components();
    for (int id = 0; id < n; ++id) {
      if (component[id] == c) comp->add_systems(names[id]);
    }
  }
  return board;
}

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

std::vector<std::string> ShortSystemNames(const std::vector<std::string>& names) {
  std::vector<std::string> out = names;
  if (names.size() >= 2) {
    // Longest common prefix, cut back to its last '.'.
    size_t prefix = names[0].size();
    for (const std::string& s : names) {
      size_t i = 0;
      while (i < prefix && i < s.size() && s[i] == names[0][i]) ++i;
      prefix = i;
    }
    const size_t dot = names[0].rfind('.', prefix == 0 ? 0 : prefix - 1);
    prefix = (prefix == 0 || dot == std::string::npos) ? 0 : dot + 1;
    // Keep the prefix when what remains would be a bare number for some system.
    bool keep = prefix > 0;
    for (const std::string& s : names) {
      keep &= s.size() > prefix &&
              !std::all_of(s.begin() + static_cast<long>(prefix), s.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    }
    if (keep) {
      for (std::string& s : out) s = s.substr(prefix);
    }
  }
  for (std::string& s : out) {
    const size_t dot = s.rfind('.');
    if (dot != std::string::npos && dot > 0 && dot + 1 < s.size() &&
        std::all_of(s.begin() + static_cast<long>(dot) + 1, s.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      s.resize(dot);
    }
  }
  // Shortening must not merge two systems: fall back to full names if it does.
  std::vector<std::string> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return names;
  return out;
}

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

namespace {

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, v);
  return buf;
}

std::string WithThousands(int64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > (s[0] == '-' ? 1 : 0); i -= 3) {
    s.insert(static_cast<size_t>(i), ",");
  }
  return s;
}

std::string ModelTitle(const std::string& model) {
  if (model == "expected-wins") return "Expected Wins (WMT12/13, ties excluded)";
  if (model == "expected-wins-ties") return "Expected Wins (WMT11, ties count as wins)";
  if (model == "trueskill") return "TrueSkill";
  if (model == "hopkins-may") return "Hopkins & May";
  return model;
}

struct View {
  std::vector<std::string> names;  // short names in entry order
  bool gaussian = false;           // print mu and sigma
  bool clustered = false;          // print range and group by cluster
  bool r_hat = false;
};

View MakeView(const v1::Leaderboard& board) {
  View v;
  std::vector<std::string> full;
  for (const auto& e : board.entries()) {
    full.push_back(e.system());
    v.gaussian |= e.sigma() != 0.0;
    v.clustered |= e.cluster() != 0;
    v.r_hat |= e.r_hat() != 0.0;
  }
  v.names = ShortSystemNames(full);
  return v;
}

std::string RangeText(const v1::LeaderboardEntry& e) {
  if (e.rank_lo() == e.rank_hi()) return std::to_string(e.rank_lo());
  return std::to_string(e.rank_lo()) + "-" + std::to_string(e.rank_hi());
}

// '#' column: clustered boards print the cluster's first position once per cluster, like
// the paper's Table 1; others print every rank.
std::vector<std::string> PositionColumn(const v1::Leaderboard& board, bool clustered) {
  std::vector<std::string> pos;
  for (int i = 0; i < board.entries_size(); ++i) {
    const auto& e = board.entries(i);
    const bool first = i == 0 || board.entries(i - 1).cluster() != e.cluster();
    pos.push_back(!clustered || first ? std::to_string(e.rank()) : "");
  }
  return pos;
}

// Everything a reader must not miss, one line each, for the formats without the table's
// layout: dropped and skipped input, a disconnected comparison graph (with its groups) and
// the model's warnings.
std::vector<std::string> BoardNotes(const v1::Leaderboard& board) {
  std::vector<std::string> notes;
  if (board.dropped_blank() > 0) {
    notes.push_back("note: " + WithThousands(board.dropped_blank()) +
                    " rankings with a blank rank (-1) were dropped");
  }
  if (board.skipped_invalid() > 0) {
    notes.push_back("note: " + WithThousands(board.skipped_invalid()) +
                    " invalid rows were skipped");
  }
  if (!board.connected()) {
    std::string groups;
    for (int c = 0; c < board.components_size(); ++c) {
      groups += (c > 0 ? "; " : "") + std::string("group ") + std::to_string(c + 1) + ":";
      for (const auto& name : board.components(c).systems()) groups += " " + name;
    }
    notes.push_back("warning: the comparison graph has " + std::to_string(board.components_size()) +
                    " components; systems in different groups cannot be ordered against each "
                    "other (" +
                    groups + ")");
  }
  for (const auto& w : board.warnings()) notes.push_back("warning: " + w);
  return notes;
}

std::string FormatTable(const v1::Leaderboard& board) {
  const View v = MakeView(board);
  std::vector<std::string> header = {"#", "score"};
  if (v.gaussian) {
    header.push_back("mu");
    header.push_back("sigma");
  }
  if (v.clustered) header.push_back("range");
  header.push_back("system");
  header.push_back("comparisons");
  if (v.r_hat) header.push_back("r_hat");

  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::vector<std::vector<std::string>> rows;
  for (int i = 0; i < board.entries_size(); ++i) {
    const auto& e = board.entries(i);
    std::vector<std::string> row = {pos[i], Fixed(e.score(), 3)};
    if (v.gaussian) {
      row.push_back(Fixed(e.mu(), 3));
      row.push_back(Fixed(e.sigma(), 3));
    }
    if (v.clustered) row.push_back(RangeText(e));
    row.push_back(v.names[i]);
    row.push_back(WithThousands(e.comparisons()));
    if (v.r_hat) row.push_back(Fixed(e.r_hat(), 3) + (e.r_hat() > 1.05 ? " !" : ""));
    rows.push_back(std::move(row));
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (const auto& r : rows) width[c] = std::max(width[c], r[c].size());
  }
  const size_t system_col = std::find(header.begin(), header.end(), "system") - header.begin();
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) out += "  ";
      const size_t pad = width[c] - cells[c].size();
      const bool left = c == system_col;
      if (!left) out.append(pad, ' ');
      out += cells[c];
      if (left && c + 1 < cells.size()) out.append(pad, ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };

  std::string out = ModelTitle(board.model()) + ": " + WithThousands(board.comparisons()) +
                    " pairwise comparisons from " + WithThousands(board.rankings()) + " rankings";
  if (board.bootstrap_replicates() > 0) {
    out += ", " + WithThousands(board.bootstrap_replicates()) + " bootstrap replicates, " +
           Fixed(100.0 * board.confidence(), 0) + "% rank ranges";
  }
  out += "\n";
  out += line(header);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (v.clustered && i > 0 &&
        board.entries(static_cast<int>(i)).cluster() !=
            board.entries(static_cast<int>(i) - 1).cluster()) {
      size_t total = 0;
      for (size_t w : width) total += w + 2;
      out += std::string(total - 2, '-') + "\n";
    }
    out += line(rows[i]);
  }
  if (board.dropped_blank() > 0) {
    out += "note: " + WithThousands(board.dropped_blank()) +
           " rankings with a blank rank (-1) were dropped\n";
  }
  if (board.skipped_invalid() > 0) {
    out += "note: " + WithThousands(board.skipped_invalid()) + " invalid rows were skipped\n";
  }
  if (!board.connected()) {
    out += "warning: the comparison graph has " + std::to_string(board.components_size()) +
           " components; systems in different groups were never compared, even indirectly,"
           " and cannot be ordered against each other:\n";
    std::vector<std::string> all;
    for (const auto& comp : board.components()) {
      for (const auto& s : comp.systems()) all.push_back(s);
    }
    const std::vector<std::string> shorts = ShortSystemNames(all);
    size_t k = 0;
    for (int c = 0; c < board.components_size(); ++c) {
      out += "  group " + std::to_string(c + 1) + ":";
      for (int s = 0; s < board.components(c).systems_size(); ++s) out += " " + shorts[k++];
      out += "\n";
    }
  }
  for (const auto& w : board.warnings()) out += "warning: " + w + "\n";
  return out;
}

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string FormatCsv(const v1::Leaderboard& board) {
  std::string out =
      "rank,system,score,mu,sigma,rank_lo,rank_hi,cluster,rank_upper_bound,comparisons,wins,"
      "losses,ties,r_hat,score_lo,score_hi\n";
  for (const auto& e : board.entries()) {
    out += std::to_string(e.rank()) + "," + CsvField(e.system()) + "," + Fixed(e.score(), 6) + "," +
           Fixed(e.mu(), 6) + "," + Fixed(e.sigma(), 6) + "," + std::to_string(e.rank_lo()) + "," +
           std::to_string(e.rank_hi()) + "," + std::to_string(e.cluster()) + "," +
           std::to_string(e.rank_upper_bound()) + "," + std::to_string(e.comparisons()) + "," +
           std::to_string(e.wins()) + "," + std::to_string(e.losses()) + "," +
           std::to_string(e.ties()) + "," + Fixed(e.r_hat(), 4) + "," +
           // The score interval, empty when the board has none.
           (e.score_lo() == 0.0 && e.score_hi() == 0.0
                ? std::string(",")
                : Fixed(e.score_lo(), 6) + "," + Fixed(e.score_hi(), 6)) +
           "\n";
  }
  // Comment lines after the rows (read_csv(..., comment='#') and R's comment.char skip them).
  for (const std::string& note : BoardNotes(board)) out += "# " + note + "\n";
  return out;
}

std::string LatexEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '_':
      case '&':
      case '%':
      case '#':
      case '$':
      case '{':
      case '}':
        out += '\\';
        out += c;
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '\\':
        out += "\\textbackslash{}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A number for LaTeX text: a true minus sign ($-$), not a hyphen.
std::string LatexNumber(double v, int digits) {
  std::string s = Fixed(v, digits);
  if (!s.empty() && s[0] == '-') {
    if (s.find_first_not_of("-0.") == std::string::npos) return s.substr(1);  // "-0.000"
    return "$-$" + s.substr(1);
  }
  return s;
}

// A label unique to the board's model and data: tab:MODEL-XXXXXX (FNV-1a of the systems,
// their scores and the comparison count), so several tables can share one document.
std::string LatexLabel(const v1::Leaderboard& board) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::string_view text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ull;
    }
  };
  mix(board.model());
  mix(std::to_string(board.comparisons()));
  for (const auto& e : board.entries()) {
    mix(e.system());
    mix(Fixed(e.score(), 6));
  }
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%06llx", static_cast<unsigned long long>(h & 0xffffff));
  std::string model;
  for (char c : board.model()) model += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return "tab:" + model + "-" + buf;
}

std::string FormatLatex(const v1::Leaderboard& board) {
  const View v = MakeView(board);
  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::string out;
  out += "% " + ModelTitle(board.model()) + ", " + std::to_string(board.comparisons()) +
         " pairwise comparisons. Requires \\usepackage{booktabs}.\n";
  for (const std::string& note : BoardNotes(board)) out += "% " + note + "\n";
  out += "\\begin{table}[t]\n\\centering\n";
  out += std::string("\\begin{tabular}{r") + "r" + (v.gaussian ? "r" : "") +
         (v.clustered ? "c" : "") + "l}\n\\toprule\n";
  out += std::string("\\# & score") + (v.gaussian ? " & $\\sigma$" : "") +
         (v.clustered ? " & range" : "") + " & system \\\\\n\\midrule\n";
  for (int i = 0; i < board.entries_size(); ++i) {
    const auto& e = board.entries(i);
    if (v.clustered && i > 0 && e.cluster() != board.entries(i - 1).cluster()) {
      out += "\\midrule\n";
    }
    out += pos[i] + " & " + LatexNumber(e.score(), 3);
    if (v.gaussian) out += " & " + LatexNumber(e.sigma(), 3);
    // An en dash between the ends of a range ("2--3"), as typeset tables have it.
    if (v.clustered) {
      out += " & " + (e.rank_lo() == e.rank_hi()
                          ? std::to_string(e.rank_lo())
                          : std::to_string(e.rank_lo()) + "--" + std::to_string(e.rank_hi()));
    }
    out += " & " + LatexEscape(v.names[i]) + " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  out += "\\caption{" + LatexEscape(ModelTitle(board.model())) + ", " +
         WithThousands(board.comparisons()) + " pairwise comparisons";
  if (board.bootstrap_replicates() > 0) {
    out += "; rank ranges from " + std::to_string(board.bootstrap_replicates()) +
           " bootstrap replicates at " + Fixed(100.0 * board.confidence(), 0) +
           "\\% confidence, clusters separated by rules";
  }
  out += ".}\n\\label{" + LatexLabel(board) + "}\n\\end{table}\n";
  return out;
}

// Text for a Markdown table cell: '|' and '\\' escaped, line breaks as spaces.
std::string MarkdownCell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

std::string FormatMarkdown(const v1::Leaderboard& board) {
  const View v = MakeView(board);
  const std::vector<std::string> pos = PositionColumn(board, v.clustered);
  std::string out = std::string("| # | score |") + (v.gaussian ? " sigma |" : "") +
                    (v.clustered ? " range | cluster |" : "") + " system | comparisons |\n";
  out += std::string("|--:|--:|") + (v.gaussian ? "--:|" : "") + (v.clustered ? ":-:|--:|" : "") +
         ":--|--:|\n";
  for (int i = 0; i < board.entries_size(); ++i) {
    const auto& e = board.entries(i);
    out += "| " + pos[i] + " | " + Fixed(e.score(), 3) + " |";
    if (v.gaussian) out += " " + Fixed(e.sigma(), 3) + " |";
    if (v.clustered) out += " " + RangeText(e) + " | " + std::to_string(e.cluster()) + " |";
    out += " " + MarkdownCell(v.names[i]) + " | " + std::to_string(e.comparisons()) + " |\n";
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

std::string FormatWmt(const v1::Leaderboard& board) {
  std::string out;
  for (int i = 0; i < board.entries_size(); ++i) {
    const auto& e = board.entries(i);
    if (i > 0 && e.cluster() != board.entries(i - 1).cluster()) out += "++++++++++\n";
    out += e.system() + " " + WmtNumber(e.score()) + " (" + std::to_string(e.rank_lo()) + ".0, " +
           std::to_string(e.rank_hi()) + ".0)\n";
  }
  return out;
}

}  // namespace

std::string FormatLeaderboard(const v1::Leaderboard& board, OutputFormat format) {
  switch (format) {
    case OutputFormat::kTable:
      return FormatTable(board);
    case OutputFormat::kJson:
      return ToJson(board);
    case OutputFormat::kCsv:
      return FormatCsv(board);
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
