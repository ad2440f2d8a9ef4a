// MQM clusters: segment MQM as negated DA scores (order lowest MQM first, pairing on seg_id),
// the board with clusters, and the rank-sum rule on a hand-made case.
#include "tourney/protocols/mqm_clusters.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tourney {
namespace {

// Systems A and B on segments 1..n: A has `a` error points per segment, B `b`.
MqmScores TwoSystems(const std::vector<double>& a, const std::vector<double>& b) {
  MqmScores s;
  s.systems = {"A", "B"};
  s.system_scores.resize(2);
  const std::vector<double>* points[2] = {&a, &b};
  for (int sys = 0; sys < 2; ++sys) {
    double sum = 0.0;
    for (size_t i = 0; i < points[sys]->size(); ++i) {
      MqmSegmentScore seg;
      seg.system = sys;
      seg.segment = static_cast<int64_t>(i) + 1;
      seg.score = (*points[sys])[i];
      seg.raters = 1;
      s.segments.push_back(seg);
      sum += seg.score;
    }
    s.system_scores[sys].score = sum / static_cast<double>(points[sys]->size());
    s.system_scores[sys].segments = static_cast<int64_t>(points[sys]->size());
  }
  s.error_rows = 7;
  return s;
}

TEST(MqmClusters, NegatesSegmentScoresAndOrdersLowestFirst) {
  const MqmScores mqm = TwoSystems({5, 6, 7}, {0, 1, 2});
  auto da = MqmScoresAsDa(mqm);
  ASSERT_TRUE(da.ok()) << da.status().message();
  EXPECT_DOUBLE_EQ(da->system_scores[0].z, -6.0);
  EXPECT_DOUBLE_EQ(da->system_scores[1].z, -1.0);
  EXPECT_EQ(da->SegmentZ(1), (std::vector<double>{0, -1, -2}));
  EXPECT_EQ(da->system_begin, (std::vector<int64_t>{0, 3, 6}));
  auto ranking = RankWmtDa(*da);
  ASSERT_TRUE(ranking.ok());
  EXPECT_EQ(ranking->order, (std::vector<int>{1, 0}));
  // B's 3 segments all beat A's (no ties): exact one-sided p = 1 / C(6, 3) = 0.05, not below
  // 0.05, so one cluster.
  EXPECT_NEAR(ranking->p(1, 0), 0.05, 1e-12);
  EXPECT_EQ(ranking->num_clusters, 1);
  const Leaderboard board = MqmClusterLeaderboard(mqm, *ranking);
  EXPECT_EQ(board.model, "mqm");
  ASSERT_EQ(board.entries.size(), 2u);
  EXPECT_EQ(board.entries[0].system, "B");
  EXPECT_DOUBLE_EQ(board.entries[0].score, 1.0);
  EXPECT_EQ(board.entries[0].cluster, 1);
  EXPECT_EQ(board.judgments, 7);
}

TEST(MqmClusters, FourSegmentsSeparate) {
  // 4 v 4 without ties: p = 1 / C(8, 4) = 1/70 < 0.05: two clusters.
  auto da = MqmScoresAsDa(TwoSystems({5, 6, 7, 8}, {0, 1, 2, 3}));
  ASSERT_TRUE(da.ok());
  auto ranking = RankWmtDa(*da);
  ASSERT_TRUE(ranking.ok());
  EXPECT_NEAR(ranking->p(1, 0), 1.0 / 70.0, 1e-12);
  EXPECT_EQ(ranking->num_clusters, 2);
}

TEST(MqmClusters, RefusesEmptyScores) {
  MqmScores none;
  none.systems = {"A"};
  none.system_scores.resize(1);
  EXPECT_FALSE(MqmScoresAsDa(none).ok());
}

}  // namespace
}  // namespace tourney
