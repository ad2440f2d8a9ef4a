// Loading the evalica reference fixtures of ../shared/fixtures/pairwise-peers: the
// comparisons (X.csv) as a count table indexed the way evalica indexes items (every `left`
// in file order, then every `right`), and the golden scores (X-golden.csv).
#ifndef TOURNEY_TESTS_PAIRWISE_FIXTURE_H_
#define TOURNEY_TESTS_PAIRWISE_FIXTURE_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/core/pair_counts.h"
#include "tourney/ingest/battle_log_reader.h"

namespace tourney::testing {

inline constexpr const char* kPairwiseDatasets[] = {"simple", "food", "llmfao"};

inline std::string PairwiseFixturePath(const std::string& dataset, const std::string& suffix) {
  return "fixtures/pairwise-peers/" + dataset + suffix + ".csv";
}

struct PairwiseFixture {
  std::vector<std::string> names;  // evalica's item order
  Comparisons comparisons;         // ids in that order, file order
  PairCounts counts{0};
  // golden[algorithm][item] = score
  std::map<std::string, std::map<std::string, double>> golden;

  // The golden scores of `algorithm` in `names` order.
  std::vector<double> Golden(const std::string& algorithm) const {
    std::vector<double> out;
    const auto& g = golden.at(algorithm);
    for (const std::string& n : names) out.push_back(g.at(n));
    return out;
  }
};

inline PairwiseFixture LoadPairwiseFixture(const std::string& dataset) {
  PairwiseFixture f;
  BattleLog log;
  BattleLogReport report;
  const Status s = ReadBattleLogFile(SharedPath(PairwiseFixturePath(dataset, "")),
                                     BattleLogOptions{}, &log, &report);
  EXPECT_TRUE(s.ok()) << s.message();
  // evalica enumerates the left items in order, then the right items.
  SystemRegistry order;
  for (SystemId a : log.battles.first) order.Intern(log.systems.Name(a));
  for (SystemId b : log.battles.second) order.Intern(log.systems.Name(b));
  f.names = order.names();
  for (size_t i = 0; i < log.size(); ++i) {
    f.comparisons.Add(*order.Find(log.systems.Name(log.battles.first[i])),
                      *order.Find(log.systems.Name(log.battles.second[i])), log.battles.outcome[i]);
  }
  f.counts = PairCounts::FromComparisons(order.size(), f.comparisons);
  const std::string text = ReadFile(SharedPath(PairwiseFixturePath(dataset, "-golden")));
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    // algorithm,item,score; the item may contain commas only in quotes (none do).
    const size_t c1 = line.find(','), c2 = line.rfind(',');
    f.golden[line.substr(0, c1)][line.substr(c1 + 1, c2 - c1 - 1)] = std::stod(line.substr(c2 + 1));
  }
  return f;
}

// max_i |actual_i - expected_i| / |expected_i|.
inline double MaxRelativeError(const std::vector<double>& actual,
                               const std::vector<double>& expected) {
  double worst = 0.0;
  for (size_t i = 0; i < expected.size(); ++i) {
    worst = std::max(worst, std::abs(actual[i] - expected[i]) / std::abs(expected[i]));
  }
  return worst;
}

// Skips unless every fixture file is there.
#define TOURNEY_REQUIRE_PAIRWISE_FIXTURES()                                              \
  for (const char* dataset : ::tourney::testing::kPairwiseDatasets) {                    \
    TOURNEY_REQUIRE_SHARED(::tourney::testing::PairwiseFixturePath(dataset, ""));        \
    TOURNEY_REQUIRE_SHARED(::tourney::testing::PairwiseFixturePath(dataset, "-golden")); \
  }

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_PAIRWISE_FIXTURE_H_
