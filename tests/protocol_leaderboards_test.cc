// The protocols' Leaderboards: entry order, score/raw/cluster, wins and losses from the beats
// relation, and the MQM board's lowest-first order, on hand-made scores.
#include "tourney/protocols/protocol_leaderboards.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tourney {
namespace {

DaScores ThreeSystems(bool has_raw) {
  DaScores s;
  s.systems = {"B", "A", "C"};
  s.has_raw = has_raw;
  s.system_scores.resize(3);
  s.system_scores[0] = {60.0, 0.1, 10, 12};   // raw, z, segments, judgments
  s.system_scores[1] = {70.0, 0.4, 10, 11};
  s.system_scores[2] = {50.0, -0.5, 10, 13};
  return s;
}

TEST(ProtocolLeaderboards, WmtDaBoardFollowsTheRankingWithRawAndClusters) {
  const DaScores s = ThreeSystems(true);
  WmtDaRanking r;
  r.order = {1, 0, 2};
  r.wins = {1, 1, 0};
  r.cluster = {1, 1, 2};
  r.beats.assign(9, 0);
  r.beats[0 * 3 + 2] = 1;  // B beats C
  r.beats[1 * 3 + 2] = 1;  // A beats C
  const Leaderboard board = WmtDaLeaderboard(s, r);
  EXPECT_EQ(board.model, "wmt-da");
  ASSERT_EQ(board.entries.size(), 3u);
  EXPECT_EQ(board.entries[0].system, "A");
  EXPECT_DOUBLE_EQ(board.entries[0].score, 0.4);
  ASSERT_TRUE(board.entries[0].raw.has_value());
  EXPECT_DOUBLE_EQ(*board.entries[0].raw, 70.0);
  EXPECT_EQ(board.entries[0].cluster, 1);
  EXPECT_EQ(board.entries[0].wins, 1);
  EXPECT_EQ(board.entries[2].system, "C");
  EXPECT_EQ(board.entries[2].cluster, 2);
  EXPECT_EQ(board.entries[2].losses, 2);
  EXPECT_EQ(board.entries[2].rank, 3);
  EXPECT_EQ(board.judgments, 36);
  EXPECT_TRUE(board.connected);
  EXPECT_TRUE(board.clustered());
  EXPECT_FALSE(WmtDaLeaderboard(ThreeSystems(false), r).entries[0].raw.has_value());
}

TEST(ProtocolLeaderboards, MqmBoardRunsFromTheLowestScore) {
  MqmScores m;
  m.systems = {"X", "Y", "Z"};
  m.system_scores = {{2.5, 4, 3}, {0.5, 4, 1}, {0.0, 0, 0}};  // Z has no segments
  m.error_rows = 9;
  const Leaderboard board = MqmLeaderboard(m);
  EXPECT_EQ(board.model, "mqm");
  ASSERT_EQ(board.entries.size(), 2u);
  EXPECT_EQ(board.entries[0].system, "Y");
  EXPECT_DOUBLE_EQ(board.entries[0].score, 0.5);
  EXPECT_EQ(board.entries[1].system, "X");
  EXPECT_FALSE(board.entries[0].cluster.has_value());
  EXPECT_FALSE(board.entries[0].raw.has_value());
  EXPECT_EQ(board.judgments, 9);
}

}  // namespace
}  // namespace tourney
