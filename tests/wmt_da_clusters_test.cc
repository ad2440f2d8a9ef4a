// The official WMT DA ranking: the boundary rule on a hand-made relation, and the WMT22 cs-en
// release against the organisers' adwilcox-csen.csv (p-values) and clusters-cs-en.csv (wins
// and clusters).
#include "tourney/protocols/wmt_da_clusters.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/wmt_da_reader.h"

namespace tourney {
namespace {

TEST(WmtDaClusters, BoundaryOnlyWhereEverySystemAboveBeatsEverySystemBelow) {
  // Order 0 > 1 > 2 > 3. 0 beats 1, 2, 3; 1 beats 3 but not 2; 2 beats 3.
  // After rank 1: 0 beats all below -> boundary. After rank 2: 1 does not beat 2 -> none.
  // After rank 3: 0, 1, 2 all beat 3 -> boundary. Clusters 1, 2, 2, 3.
  const int n = 4;
  std::vector<unsigned char> beats(16, 0);
  for (auto [a, b] : std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3}}) {
    beats[a * n + b] = 1;
  }
  EXPECT_EQ(ClustersFromBeats({0, 1, 2, 3}, beats, n), (std::vector<int>{1, 2, 2, 3}));
  beats[2 * n + 3] = 0;
  EXPECT_EQ(ClustersFromBeats({0, 1, 2, 3}, beats, n), (std::vector<int>{1, 2, 2, 2}));
}

TEST(WmtDaClusters, RejectsAlphaOutsideZeroOne) {
  DaScores scores;
  WmtDaClusterOptions options;
  options.alpha = 1.5;
  EXPECT_FALSE(RankWmtDa(scores, options).ok());
}

std::vector<std::string> Words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

class WmtDaClustersOnWmt22 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::SharedFileExists("data/wmt22-toen-da/adwilcox-csen.csv")) {
      GTEST_SKIP() << "shared data absent: " << testing::SharedPath("data/wmt22-toen-da")
                   << " (set TOURNEY_SHARED_DIR)";
    }
    dir_ = testing::SharedPath("data/wmt22-toen-da/");
    auto j = ReadWmtDaJudgments(dir_ + "ad-csen-good-stnd.csv.gz");
    ASSERT_TRUE(j.ok()) << j.status().message();
    auto s = ComputeDaScores(*j);
    ASSERT_TRUE(s.ok());
    scores_ = std::move(*s);
    auto r = RankWmtDa(scores_);
    ASSERT_TRUE(r.ok()) << r.status().message();
    ranking_ = std::move(*r);
  }
  int Id(const std::string& name) const {
    for (int s = 0; s < scores_.num_systems(); ++s) {
      if (scores_.systems[s] == name) return s;
    }
    ADD_FAILURE() << "no system " << name;
    return 0;
  }
  std::string dir_;
  DaScores scores_;
  WmtDaRanking ranking_;
};

// adwilcox-csen.csv: row system better than column system; 0.12 is a filler. Every real
// value (below 0.12) matches within 1% relative (0 = an underflow, matched by p < 1e-300).
// The filler stands for every p >= 0.05 in this file (also for 0.05 <= p < 0.12): there the
// test only asks that the pair be no official win.
TEST_F(WmtDaClustersOnWmt22, PValuesMatchAdwilcoxWithinOnePercent) {
  std::istringstream in(testing::ReadFile(dir_ + "adwilcox-csen.csv"));
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> columns = Words(line);
  ASSERT_EQ(columns.size(), 12u);
  int compared = 0, filler = 0;
  double worst = 0.0;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = Words(line);
    if (cells.size() != 13) continue;
    const int row = Id(cells[0]);
    for (size_t c = 0; c < columns.size(); ++c) {
      const double official = std::stod(cells[c + 1]);
      const int column = Id(columns[c]);
      if (row == column) continue;
      if (official == 0.12) {
        EXPECT_GE(ranking_.p(row, column), 0.05) << cells[0] << " vs " << columns[c];
        ++filler;
        continue;
      }
      const double mine = ranking_.p(row, column);
      if (official == 0.0) {
        EXPECT_LT(mine, 1e-300);
      } else {
        const double relative = std::fabs(mine - official) / official;
        worst = std::max(worst, relative);
        EXPECT_LT(relative, 0.01) << cells[0] << " vs " << columns[c] << ": " << mine
                                  << " official " << official;
      }
      ++compared;
    }
  }
  EXPECT_EQ(compared, 47);  // the official wins: every p below 0.05
  EXPECT_EQ(filler, 12 * 11 - 47);
  std::cout << "largest relative difference from adwilcox-csen.csv: " << worst << "\n";
}

// clusters-cs-en.csv: SRC TRG WINS TOTAL CLUSTER_START CLUSTER_END END_OF_CLUSTER SYSTEM, in
// the official order.
TEST_F(WmtDaClustersOnWmt22, WinsOrderAndClustersMatchTheOfficialClusters) {
  std::istringstream in(testing::ReadFile(dir_ + "clusters-cs-en.csv"));
  std::string line;
  std::getline(in, line);
  int position = 0, cluster = 0, last_start = 0;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = Words(line);
    if (cells.size() != 8) continue;
    const int s = Id(cells[7]);
    ASSERT_LT(position, static_cast<int>(ranking_.order.size()));
    EXPECT_EQ(scores_.systems[ranking_.order[position]], cells[7]) << "position " << position;
    EXPECT_EQ(ranking_.wins[s], std::stoi(cells[2])) << cells[7];
    const int start = std::stoi(cells[4]);
    if (start != last_start) ++cluster;
    last_start = start;
    EXPECT_EQ(ranking_.cluster[s], cluster) << cells[7];
    // CLUSTER_START..CLUSTER_END are the 1-based ranks the cluster spans.
    EXPECT_LE(start, position + 1);
    EXPECT_GE(std::stoi(cells[5]), position + 1);
    ++position;
  }
  EXPECT_EQ(position, 12);
  EXPECT_EQ(ranking_.num_clusters, 4);
}

}  // namespace
}  // namespace tourney
