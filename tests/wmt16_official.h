// The official WMT16 results (../shared/data/wmt16/results/wmt16.SRC-TRG.txt) for the tests
// that compare boards with them.
#ifndef TOURNEY_TESTS_WMT16_OFFICIAL_H_
#define TOURNEY_TESTS_WMT16_OFFICIAL_H_

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tourney::testing {

struct OfficialEntry {
  std::string system;
  double mu = 0;
  int lo = 0, hi = 0;
  int cluster = 0;
};

// Parses "NAME MU (LO, HI)" lines with "+" lines between clusters (cluster 1 on top).
inline std::vector<OfficialEntry> ReadOfficial(const std::string& path) {
  std::vector<OfficialEntry> out;
  std::ifstream in(path);
  std::string line;
  int cluster = 1;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == '+') {
      ++cluster;
      continue;
    }
    OfficialEntry e;
    std::istringstream ss(line);
    char paren, comma;
    double lo, hi;
    ss >> e.system >> e.mu >> paren >> lo >> comma >> hi;
    e.lo = static_cast<int>(lo);
    e.hi = static_cast<int>(hi);
    e.cluster = cluster;
    out.push_back(e);
  }
  return out;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_WMT16_OFFICIAL_H_
