// Pearmut's ranking reproduced: the one-sided paired t-test against scipy, last score per
// (model, item), the stable order, lines, undefined p-values, and the fixture's ranking
// against a python3 transcription of Pearmut's rule (tests/data/pearmut/README.md).
#include "tourney/protocols/pearmut_ranking.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/pearmut_log_reader.h"

namespace tourney {
namespace {

TEST(PearmutRanking, PairedTTestAgreesWithScipy) {
  // scipy.stats.ttest_rel([5, 7, 9, 4], [3, 6, 5, 5], alternative="greater"):
  // t = 1.4411533842457842, p = 0.12259694089747372 (python3 + scipy 1.10).
  const std::vector<double> x = {5, 7, 9, 4}, y = {3, 6, 5, 5};
  const PairedTTestResult r = PairedTTestGreater(x, y);
  EXPECT_EQ(r.n, 4);
  EXPECT_NEAR(r.t, 1.4411533842457842, 1e-12);
  EXPECT_NEAR(r.p_value, 0.12259694089747372, 1e-12);
  // Undefined: one pair, or differences all zero (scipy: NaN); constant positive: p = 0.
  EXPECT_TRUE(std::isnan(PairedTTestGreater(std::vector<double>{1}, std::vector<double>{0}).p_value));
  EXPECT_TRUE(std::isnan(
      PairedTTestGreater(std::vector<double>{1, 2}, std::vector<double>{1, 2}).p_value));
  EXPECT_EQ(PairedTTestGreater(std::vector<double>{3, 4}, std::vector<double>{1, 2}).p_value, 0.0);
}

TEST(PearmutRanking, KeepsTheLastScoreAndTheFirstSeenOrderOnTies) {
  PlatformScores s;
  s.models = {"M", "N"};
  s.annotators = {"u"};
  s.num_items = 2;
  s.scores = {{0, 1, 0, 50.0}, {0, 0, 0, 10.0}, {0, 0, 0, 70.0}, {0, 0, 1, 30.0},
              {0, 1, 1, 50.0}};
  // N: 50, 50 (mean 50) seen first; M: last 70 on item 0 and 30 (mean 50): a tie, N first.
  auto r = RankLikePearmut(s);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->entries.size(), 2u);
  EXPECT_EQ(r->entries[0].model, 1);
  EXPECT_EQ(r->entries[1].model, 0);
  EXPECT_DOUBLE_EQ(r->entries[1].score, 50.0);
  EXPECT_EQ(r->entries[1].items, 2);
  EXPECT_EQ(r->entries[0].next.n, 2);
  EXPECT_FALSE(r->entries[0].line_below);
  EXPECT_EQ(r->lines, 0);
  EXPECT_FALSE(RankLikePearmut(PlatformScores{}).ok());
}

TEST(PearmutRanking, ReproducesTheFixture) {
  auto log = ReadPearmutLog(std::string(TOURNEY_SOURCE_DIR) + "/tests/data/pearmut/esa_log.jsonl");
  ASSERT_TRUE(log.ok()) << log.status().message();
  auto r = RankLikePearmut(log->scores);
  ASSERT_TRUE(r.ok()) << r.status().message();
  // python3 + scipy on the file (README): model, mean, items; adjacent shared, t, p.
  struct Expected {
    const char* model;
    double mean;
    int64_t items;
    int64_t shared;
    double t, p;
  };
  const double nan = std::nan("");
  const Expected expected[] = {
      {"DeepSeek-V3", 87.0, 5, 0, nan, nan},
      {"A", 85.0, 1, 0, nan, nan},
      {"ONLINE-W", 82.4, 5, 4, 51.0, 8.300981558079316e-06},
      {"ONLINE-G", 57.75, 4, 4, -1.414213562373095, 0.8738922518222478},
      {"Qwen2.5-7B", 57.0, 5, 0, nan, nan},
      {"B", 20.0, 1, 0, nan, nan},
  };
  ASSERT_EQ(r->entries.size(), 6u);
  for (size_t k = 0; k < 6; ++k) {
    const PearmutEntry& e = r->entries[k];
    EXPECT_EQ(log->scores.models[e.model], expected[k].model) << k;
    EXPECT_NEAR(e.score, expected[k].mean, 1e-12) << k;
    EXPECT_EQ(e.items, expected[k].items) << k;
    if (k + 1 == 6) break;
    EXPECT_EQ(e.next.n, expected[k].shared) << k;
    if (std::isnan(expected[k].p)) {
      EXPECT_TRUE(std::isnan(e.next.p_value)) << k;
    } else {
      EXPECT_NEAR(e.next.t, expected[k].t, 1e-9) << k;
      EXPECT_NEAR(e.next.p_value, expected[k].p, 1e-9 * expected[k].p) << k;
    }
  }
  EXPECT_EQ(r->lines, 1);  // below ONLINE-W only
  EXPECT_TRUE(r->entries[2].line_below);
  EXPECT_EQ(r->cluster[r->entries[2].model], 1);
  EXPECT_EQ(r->cluster[r->entries[3].model], 2);
}

}  // namespace
}  // namespace tourney
