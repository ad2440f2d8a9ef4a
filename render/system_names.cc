// Display names of models and systems (see system_names.h).
#include "render/system_names.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace tourney {

std::string ModelDisplayName(std::string_view model) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"expected-wins", "Expected Wins"},
      {"expected-wins-wmt13", "Expected Wins (WMT12/13)"},
      {"expected-wins-ties", "Expected Wins (ties count as wins)"},
      {"expected-wins-anytime", "Expected Wins, anytime-valid"},
      {"expected-wins-anytime-pooled", "Expected Wins, anytime-valid, pooled"},
      {"expected-wins-anytime-combined", "Expected Wins, anytime-valid, pooled and per-pair"},
      {"hopkins-may", "Hopkins & May"},
      {"trueskill", "TrueSkill"},
      {"bradley-terry", "Bradley-Terry"},
      {"newman", "Bradley-Terry with Davidson ties (Newman)"},
      {"rao-kupper", "Bradley-Terry with Rao-Kupper ties"},
      {"plackett-luce", "Plackett-Luce"},
      {"elo", "Online Elo"},
      {"counting", "Win counting"},
      {"average-win-rate", "Average win rate"},
      {"eigen", "Eigenvector centrality"},
      {"pagerank", "PageRank"},
  };
  for (const auto& [id, name] : kNames) {
    if (model == id) return std::string(name);
  }
  return std::string(model);
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

}  // namespace tourney
