// End-to-end: `tourney rank|cluster` on battle logs with the pairwise models.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "test_util.h"
#include "tourney/v1/leaderboard.pb.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

class PairwiseCliTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("pairwise_cli"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string p = dir_ + "/" + name;
    testing::WriteFile(p, text);
    return p;
  }
  std::string dir_;
};

std::string Battle(const std::string& a, const std::string& b, const std::string& winner) {
  return "{\"model_a\":\"" + a + "\",\"model_b\":\"" + b + "\",\"winner\":\"" + winner + "\"}\n";
}

TEST_F(PairwiseCliTest, RankJsonlGivesBradleyTerryWithIntervalsAndArenaRanks) {
  // x beats y 3 times in 4; y and z split evenly: x's interval is far from z's only if the
  // data say so. Scores by hand: theta_x - theta_y = log 3, theta_y = theta_z.
  std::string text;
  for (int i = 0; i < 30; ++i) text += Battle("x", "y", "model_a");
  for (int i = 0; i < 10; ++i) text += Battle("x", "y", "model_b");
  for (int i = 0; i < 20; ++i) text += Battle("y", "z", i % 2 ? "model_a" : "tie (bothbad)");
  for (int i = 0; i < 10; ++i) text += Battle("z", "y", "model_a");
  const std::string f = Write("b.jsonl", text);
  const auto r = RunCommand(BinPath("tourney") + " rank " + f +
                            " --model bradley-terry --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  EXPECT_EQ(board.model(), "bradley-terry");
  ASSERT_EQ(board.entries_size(), 3);
  EXPECT_EQ(board.entries(0).system(), "x");
  std::map<std::string, v1::LeaderboardEntry> by_name;
  for (const auto& e : board.entries()) by_name[e.system()] = e;
  EXPECT_NEAR(by_name["x"].score() - by_name["y"].score(), 400 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(by_name["y"].score(), by_name["z"].score(), 1e-6);
  for (const auto& e : board.entries()) {
    EXPECT_LT(e.score_lo(), e.score());
    EXPECT_GT(e.score_hi(), e.score());
    EXPECT_GE(e.rank_upper_bound(), 1);
  }
  EXPECT_EQ(by_name["x"].rank_upper_bound(), 1);
  EXPECT_NEAR(board.confidence(), 0.95, 1e-12);
}

TEST_F(PairwiseCliTest, LeftRightWinnerCsvAndEveryModelRuns) {
  const std::string f = Write("b.csv", "left,right,winner\na,b,left\nb,c,left\nc,a,tie\n"
                                       "a,c,left\nb,a,right\nc,b,right\n");
  for (const char* model : {"bradley-terry", "newman", "elo", "counting", "average-win-rate",
                            "eigen", "pagerank"}) {
    const auto r = RunCommand(BinPath("tourney") + " rank " + f + " --model " + model +
                              " --format csv");
    EXPECT_EQ(r.exit_code, 0) << model << ": " << r.err;
    EXPECT_EQ(r.out.rfind("rank,system,score", 0), 0u) << model;
    EXPECT_EQ(r.out.find("nan"), std::string::npos) << model;
  }
}

TEST_F(PairwiseCliTest, BadBattleExitsTwoNamingFileLineField) {
  const std::string f = Write("bad.jsonl", Battle("x", "y", "model_a") + Battle("x", "y", "nobody"));
  const auto r = RunCommand(BinPath("tourney") + " rank " + f + " --model bradley-terry");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(f + ":2: field 'winner': 'nobody' is not one of"), std::string::npos)
      << r.err;
}

TEST_F(PairwiseCliTest, ClusterBootstrapsBradleyTerry) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += Battle("x", "y", i % 4 ? "model_a" : "model_b");
  for (int i = 0; i < 40; ++i) text += Battle("y", "z", i % 4 ? "model_a" : "tie");
  const std::string f = Write("b.jsonl", text);
  const std::string cmd = BinPath("tourney") + " cluster " + f +
                          " --model bradley-terry --bootstrap 200 --format json --seed 3";
  const auto one = RunCommand(cmd + " --threads 1");
  const auto two = RunCommand(cmd + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(one.out, &board).ok());
  EXPECT_EQ(board.bootstrap_replicates(), 200);
  EXPECT_EQ(board.entries(0).system(), "x");
  EXPECT_EQ(board.entries(2).system(), "z");
}

}  // namespace
}  // namespace tourney
