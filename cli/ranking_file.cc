#include "ranking_file.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <unordered_set>
#include <vector>

#include "proto/leaderboard_proto.h"

namespace tourney::cli {
namespace {

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// One CSV line into fields (RFC 4180 quoting within the line).
std::vector<std::string> SplitCsvLine(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

bool ParseNumber(const std::string& text, double* out) {
  const std::string t = Trim(text);
  if (t.empty()) return false;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

Status Duplicate(const std::string& path, int line, const std::string& name) {
  return InvalidArgument(path + ":" + std::to_string(line) + ": field 'system': system '" + name +
                         "' appears twice");
}

StatusOr<SystemRanking> FromJson(const std::string& text, const std::string& path) {
  auto board = ParseLeaderboardJson(text);
  if (!board.ok()) {
    return InvalidArgument(path + ": not a tourney leaderboard JSON: " + board.status().message());
  }
  SystemRanking out;
  std::unordered_set<std::string> seen;
  // Comparisons read higher as better: MQM error points are turned around (two identical
  // MQM boards once compared at tau = -1).
  const double sign = ScoreLowerIsBetter(board->model) ? -1.0 : 1.0;
  for (const LeaderboardEntry& e : board->entries) {
    if (!seen.insert(e.system).second) {
      return InvalidArgument(path + ": entry '" + e.system + "' appears twice");
    }
    out.push_back({e.system, sign * e.score, board->clustered() ? e.cluster : std::nullopt});
  }
  return out;
}

StatusOr<SystemRanking> FromCsv(const std::string& text, const std::string& path) {
  std::istringstream in(text);
  std::string line;
  int header_line = 0;
  while (std::getline(in, line)) {
    ++header_line;
    if (!Trim(line).empty() && Trim(line)[0] != '#') break;
  }
  const std::vector<std::string> header = SplitCsvLine(line);
  int system_col = -1, score_col = -1, cluster_col = -1;
  for (size_t i = 0; i < header.size(); ++i) {
    const std::string h = Trim(header[i]);
    if (h == "system") system_col = static_cast<int>(i);
    if (h == "score") score_col = static_cast<int>(i);
    if (h == "cluster") cluster_col = static_cast<int>(i);
  }
  if (system_col < 0 || score_col < 0) {
    for (const std::string& h : header) {
      const std::string t = Trim(h);
      if (t == "system1Id" || t == "system1rank" || t == "srcIndex" || t == "model_a" ||
          t == "model_b" || t == "winner") {
        return InvalidArgument(path + ":" + std::to_string(header_line) + ": field '" + t +
                               "': this is a judgments file, not a ranking file; rank it "
                               "first (tourney rank FILE --format csv > ranking.csv) and "
                               "compare the rankings");
      }
    }
    return InvalidArgument(path + ":" + std::to_string(header_line) +
                           ": not a ranking file: a CSV ranking's header names a 'system' "
                           "and a 'score' column (as `tourney rank --format csv` writes)");
  }
  SystemRanking out;
  std::unordered_set<std::string> seen;
  bool all_clustered = cluster_col >= 0;
  std::vector<int> clusters;
  for (int number = header_line + 1; std::getline(in, line); ++number) {
    if (Trim(line).empty() || Trim(line)[0] == '#') continue;
    const std::vector<std::string> f = SplitCsvLine(line);
    const auto field = [&](int col) { return col < static_cast<int>(f.size()) ? f[col] : ""; };
    const std::string name = field(system_col);
    if (name.empty()) {
      return InvalidArgument(path + ":" + std::to_string(number) + ": field 'system': empty");
    }
    if (!seen.insert(name).second) return Duplicate(path, number, name);
    double score = 0.0;
    if (!ParseNumber(field(score_col), &score)) {
      return InvalidArgument(path + ":" + std::to_string(number) + ": field 'score': '" +
                             field(score_col) + "' is not a finite number");
    }
    double cluster = 0.0;
    if (cluster_col >= 0 && ParseNumber(field(cluster_col), &cluster) && cluster >= 1 &&
        cluster == std::floor(cluster)) {
      clusters.push_back(static_cast<int>(cluster));
    } else {
      all_clustered = false;
      clusters.push_back(0);
    }
    out.push_back({name, score, std::nullopt});
  }
  if (all_clustered) {
    for (size_t i = 0; i < out.size(); ++i) out[i].cluster = clusters[i];
  }
  return out;
}

StatusOr<SystemRanking> FromList(const std::string& text, const std::string& path) {
  std::istringstream in(text);
  std::string line;
  SystemRanking out;
  std::unordered_set<std::string> seen;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string name = Trim(line);
    if (name.empty() || name[0] == '#') continue;
    if (!seen.insert(name).second) return Duplicate(path, number, name);
    out.push_back({name, 0.0, std::nullopt});
  }
  for (size_t i = 0; i < out.size(); ++i) out[i].score = static_cast<double>(out.size() - i);
  return out;
}

// A line of '+' only: the cluster separator of WMT's official results.
bool IsClusterRule(const std::string& line) {
  return !line.empty() && line.find_first_not_of('+') == std::string::npos;
}

// WMT's official results (e.g. WMT16's results/wmt16.SRC-TRG.txt): `SYSTEM SCORE (LO, HI)`
// per line, best first, clusters separated by lines of '+'.
StatusOr<SystemRanking> FromWmtResults(const std::string& text, const std::string& path) {
  std::istringstream in(text);
  std::string line;
  SystemRanking out;
  std::unordered_set<std::string> seen;
  int cluster = 1;
  for (int number = 1; std::getline(in, line); ++number) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (IsClusterRule(line)) {
      if (!out.empty() && out.back().cluster == cluster) ++cluster;
      continue;
    }
    std::istringstream fields(line);
    std::string name, score_text;
    fields >> name >> score_text;
    double score = 0.0;
    if (!ParseNumber(score_text, &score)) {
      return InvalidArgument(path + ":" + std::to_string(number) + ": field 'score': '" +
                             score_text + "' is not a finite number");
    }
    if (!seen.insert(name).second) return Duplicate(path, number, name);
    out.push_back({name, score, cluster});
  }
  return out;
}

// `NAME SCORE (LO, HI)`: one line of WMT's official results layout.
bool IsWmtResultsLine(const std::string& line) {
  std::istringstream fields(line);
  std::string name, score;
  double number = 0.0;
  if (!(fields >> name >> score) || !ParseNumber(score, &number)) return false;
  std::string rest;
  std::getline(fields, rest);
  rest = Trim(rest);
  if (rest.size() < 5 || rest.front() != '(' || rest.back() != ')') return false;
  const size_t comma = rest.find(',');
  return comma != std::string::npos &&
         ParseNumber(rest.substr(1, comma - 1), &number) &&
         ParseNumber(rest.substr(comma + 1, rest.size() - comma - 2), &number);
}

// WMT's results layout: a line of '+' (two clusters or more), or, for a single cluster,
// every line `NAME SCORE (LO, HI)`.
bool LooksLikeWmtResults(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  bool every_line = true;
  bool any = false;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (IsClusterRule(line)) return true;
    any = true;
    every_line = every_line && IsWmtResultsLine(line);
  }
  return any && every_line;
}

// The first line that is not blank and not a '#' comment.
std::string FirstContentLine(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const std::string t = Trim(line);
    if (!t.empty() && t[0] != '#') return t;
  }
  return "";
}

}  // namespace

StatusOr<SystemRanking> ParseRankingText(const std::string& text, const std::string& path) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  StatusOr<SystemRanking> ranking = SystemRanking{};
  if (first != std::string::npos && text[first] == '{') {
    ranking = FromJson(text, path);
  } else if (LooksLikeWmtResults(text)) {
    ranking = FromWmtResults(text, path);
  } else if (FirstContentLine(text).find(',') != std::string::npos) {
    ranking = FromCsv(text, path);
  } else {
    ranking = FromList(text, path);
  }
  if (ranking.ok() && ranking->empty()) {
    return InvalidArgument(path + ": no system in the ranking");
  }
  return ranking;
}

StatusOr<SystemRanking> ReadRankingFile(const std::string& path) {
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) return IoError(path + ": cannot open");
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return IoError(path + ": read error");
  }
  return ParseRankingText(text, path);
}

}  // namespace tourney::cli
