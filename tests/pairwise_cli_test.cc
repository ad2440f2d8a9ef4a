// End-to-end: `tourney rank|cluster` on battle logs with the pairwise models.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>

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
  const auto r =
      RunCommand(BinPath("tourney") + " rank " + f + " --model bradley-terry --format json");
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
  const std::string f = Write("b.csv",
                              "left,right,winner\na,b,left\nb,c,left\nc,a,tie\n"
                              "a,c,left\nb,a,right\nc,b,right\n");
  for (const char* model : {"bradley-terry", "newman", "rao-kupper", "elo", "counting",
                            "average-win-rate", "eigen", "pagerank", "plackett-luce"}) {
    const auto r =
        RunCommand(BinPath("tourney") + " rank " + f + " --model " + model + " --format csv");
    EXPECT_EQ(r.exit_code, 0) << model << ": " << r.err;
    EXPECT_EQ(r.out.rfind("rank,system,score", 0), 0u) << model;
    EXPECT_EQ(r.out.find("nan"), std::string::npos) << model;
  }
}

TEST_F(PairwiseCliTest, BadBattleExitsTwoNamingFileLineField) {
  const std::string f =
      Write("bad.jsonl", Battle("x", "y", "model_a") + Battle("x", "y", "nobody"));
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

TEST_F(PairwiseCliTest, StyleControlRecoversTheSimulatedEffect) {
  const std::string log = dir_ + "/style.jsonl";
  const std::string truth = dir_ + "/truth.csv";
  const auto sim = RunCommand(BinPath("tourney") +
                              " simulate-battles --systems 8 --battles "
                              "100000 --style-effect 0.8 --seed 4 --out " +
                              log + " --truth " + truth);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_EQ(testing::ReadFile(truth).rfind("system,theta,elo\n", 0), 0u);
  const auto r = RunCommand(BinPath("tourney") + " rank " + log +
                            " --model bradley-terry --covariates len_diff --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  ASSERT_EQ(board.covariate_effects_size(), 1);
  const v1::CovariateEffect& e = board.covariate_effects(0);
  EXPECT_EQ(e.name(), "len_diff");
  EXPECT_NEAR(e.coefficient(), 0.8, 4 * e.standard_error());
  EXPECT_LT(e.lo(), 0.8);
  EXPECT_GT(e.hi(), 0.8);
  EXPECT_EQ(board.entries_size(), 8);
  EXPECT_EQ(board.judgments(), 100000);
  // Without the covariate the same log has no effects listed.
  const auto plain =
      RunCommand(BinPath("tourney") + " rank " + log + " --model bradley-terry --format json");
  v1::Leaderboard plain_board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(plain.out, &plain_board).ok());
  EXPECT_EQ(plain_board.covariate_effects_size(), 0);
}

TEST_F(PairwiseCliTest, CovariatesNeedBradleyTerryAndTheColumn) {
  const std::string f = Write("b.jsonl", Battle("x", "y", "model_a"));
  const auto wrong_model =
      RunCommand(BinPath("tourney") + " rank " + f + " --model elo --covariates len_diff");
  EXPECT_EQ(wrong_model.exit_code, 2);
  EXPECT_NE(wrong_model.err.find("needs --model bradley-terry"), std::string::npos);
  const auto missing = RunCommand(BinPath("tourney") + " rank " + f +
                                  " --model bradley-terry --covariates len_diff");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find(f + ":1: field 'len_diff': missing covariate"), std::string::npos)
      << missing.err;
  // A covariate named twice, or a battle's own field (judge is read as the judge): said so,
  // where both used to be "missing covariate".
  const auto twice = RunCommand(BinPath("tourney") + " rank " + f +
                                " --model bradley-terry --covariates len_diff,len_diff");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err,
            "tourney rank: option '--covariates': covariate 'len_diff' is named twice\n");
  const auto judge =
      RunCommand(BinPath("tourney") + " rank " + f + " --model bradley-terry --covariates judge");
  EXPECT_EQ(judge.exit_code, 2);
  EXPECT_NE(judge.err.find("option '--covariates': covariate 'judge' is a field of every battle"),
            std::string::npos)
      << judge.err;
}

TEST_F(PairwiseCliTest, BattleLogsFromGzipAndStandardInput) {
  std::string text;
  for (int i = 0; i < 3; ++i) text += Battle("x", "y", "model_a");
  text += Battle("y", "x", "model_a");
  const std::string f = Write("b.jsonl", text);
  ASSERT_EQ(std::system(("gzip -k " + f).c_str()), 0);
  const std::string rank = BinPath("tourney") + " rank ";
  const auto plain = RunCommand(rank + f + " --model bradley-terry --format csv");
  const auto gz = RunCommand(rank + f + ".gz --model bradley-terry --format csv");
  const auto piped = RunCommand("cat " + f + " | " + rank +
                                "- --input-format battles --model bradley-terry --format csv");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(gz.out, plain.out);
  EXPECT_EQ(piped.out, plain.out);
}

}  // namespace
}  // namespace tourney
