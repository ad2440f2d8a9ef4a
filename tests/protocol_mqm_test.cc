// `tourney cluster --protocol mqm` through the built binary on the TED MQM TSV: the board's
// means equal the data README's table, lowest first, with rank-sum clusters; mqm-holm; and
// `tourney rank --protocol mqm` unchanged (no clusters).
#include <gtest/gtest.h>

#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::SharedPath;

constexpr char kTed[] = "data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz";

TEST(ProtocolMqm, ClusterBoardHasTheReadmeMeansAndClusters) {
  TOURNEY_REQUIRE_SHARED(kTed);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kTed) +
                            " --protocol mqm --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "mqm");
  ASSERT_EQ(board->entries.size(), 14u);
  // The data README's table (four decimals): ref 0.9115, Facebook-AI 1.0560, Nemo 2.1408.
  EXPECT_EQ(board->entries[0].system, "ref");
  EXPECT_NEAR(board->entries[0].score, 0.9115, 5e-5);
  EXPECT_EQ(board->entries[1].system, "Facebook-AI");
  EXPECT_NEAR(board->entries[1].score, 1.0560, 5e-5);
  EXPECT_EQ(board->entries[13].system, "Nemo");
  EXPECT_NEAR(board->entries[13].score, 2.1408, 5e-5);
  for (size_t i = 1; i < board->entries.size(); ++i) {
    EXPECT_LE(board->entries[i - 1].score, board->entries[i].score);
    ASSERT_TRUE(board->entries[i].cluster.has_value());
    EXPECT_GE(*board->entries[i].cluster, *board->entries[i - 1].cluster);
  }
  const auto holm = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kTed) +
                               " --protocol mqm-holm --format json");
  ASSERT_EQ(holm.exit_code, 0) << holm.err;
  auto holm_board = ParseLeaderboardJson(holm.out);
  ASSERT_TRUE(holm_board.ok());
  EXPECT_EQ(holm_board->model, "mqm-holm");
  const auto text = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kTed) +
                               " --protocol mqm");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("survive the paired Holm test"), std::string::npos) << text.out;
}

TEST(ProtocolMqm, RankKeepsItsBoardWithoutClusters) {
  TOURNEY_REQUIRE_SHARED(kTed);
  const auto r = RunCommand(BinPath("tourney") + " rank " + SharedPath(kTed) +
                            " --protocol mqm --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok());
  for (const LeaderboardEntry& e : board->entries) EXPECT_FALSE(e.cluster.has_value());
  const auto refused = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kTed) +
                                  " --protocol wmt-da --mqm-weights Major:5");
  EXPECT_NE(refused.exit_code, 0);
}

}  // namespace
}  // namespace tourney
