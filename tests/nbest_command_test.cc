// Tests of `tourney nbest` through the built binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::ReadFile;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

class NbestCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempDir("nbest_cmd");
    WriteFile(dir_ + "/gold.txt",
              "p1|I am well\nestoy bien|0.5\nme encuentro bien|0.3\nestoy bueno|0.2\n\n"
              "p2|thanks\ngracias|0.6\nmuchas gracias|0.4\n");
    WriteFile(dir_ + "/good.txt",
              "p1|I am well\nestoy bien|-0.1\nalgo mal|-0.5\nestoy bueno|-0.9\n"
              "me encuentro bien|-1.2\n\np2|thanks\ngracias|-0.2\nnada|-0.4\n");
    WriteFile(dir_ + "/poor.txt", "p1|I am well\nme encuentro bien\nestoy bien\n");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(NbestCommand, JsonCarriesTheMeasuresAndTheLeaderboard) {
  const auto r =
      RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ + "/poor.txt " +
                 dir_ + "/good.txt --bootstrap 100 --format json --plot " + dir_ + "/fig.svg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // good: MAP (29/36 + 1/2) / 2 = 47/72 = 0.65277...; poor: (2/3) / 2 = 1/3.
  EXPECT_NE(r.out.find("\"system\": \"good\", \"map\": 0.65277777777777"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"system\": \"poor\", \"map\": 0.33333333333333"), std::string::npos);
  // The leaderboard puts good first.
  const size_t board = r.out.find("\"leaderboard\"");
  ASSERT_NE(board, std::string::npos);
  EXPECT_LT(r.out.find("\"good\"", board), r.out.find("\"poor\"", board));
  EXPECT_NE(r.out.find("\"ablation\""), std::string::npos);
  // Ablation of 50% (floor(1.5) = 1 of p1's 3, 1 of p2's 2): good keeps F1 2/3 (P = 1/2,
  // R = 1 on both prompts), poor 1/2 (p1: P = R = 1; p2: 0): the order holds, rho = 1.
  EXPECT_NE(r.out.find("\"ablated_f1\": [0.70129870129870"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("{\"removed\": 0.5, \"gold_kept\": 0.6, "
                       "\"spearman_rho\": 1, \"kendall_tau_b\": 1"),
            std::string::npos);
  EXPECT_NE(r.out.find("\"f1_spearman_rho\": 1, \"f1_kendall_tau_b\": 1"), std::string::npos);
  EXPECT_NE(ReadFile(dir_ + "/fig.svg").find("<svg"), std::string::npos);
}

TEST_F(NbestCommand, GeneratedDataIsEvaluatedInEveryFormat) {
  const std::string data = dir_ + "/gen";
  auto r = RunCommand(BinPath("tourney") + " nbest --generate " + data +
                      " --systems 3 --prompts 20 --depth 10 --gold-per-prompt 5 --seed 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* format : {"table", "csv", "markdown", "latex", "wmt"}) {
    r = RunCommand(BinPath("tourney") + " nbest --gold " + data + "/gold.txt " + data +
                   "/system000.txt " + data + "/system001.txt " + data +
                   "/system002.txt --bootstrap 50 --format " + format);
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
    EXPECT_NE(r.out.find("system002"), std::string::npos) << format;
  }
}

TEST_F(NbestCommand, TableShowsIntervalsClustersAndTheAblation) {
  const auto r = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ +
                            "/poor.txt " + dir_ +
                            "/good.txt --bootstrap 100 --bleu-depths 1 "
                            "--bleu-references 1 --ablation 0.5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // good's per-prompt AP: 29/36 and 1/2; every replicate's MAP is the mean of two draws:
  // 29/36, (29/36 + 1/2) / 2 = 47/72 or 1/2, so the interval is within [0.5000, 0.8056].
  EXPECT_NE(r.out.find("0.6528"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0.8056]"), std::string::npos) << r.out;
  // Weighted F1 of good: (6/7 + 6/11) / 2 = 0.7013 (nbest_evaluation_test's arithmetic).
  EXPECT_NE(r.out.find("0.7013"), std::string::npos);
  EXPECT_NE(r.out.find("Gold ablation"), std::string::npos);
  EXPECT_NE(r.out.find("F1 Pearson Rank"), std::string::npos);
  EXPECT_NE(r.out.find("warning: poor answers 1 of 2 gold prompts"), std::string::npos);
  const auto md = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ +
                             "/good.txt --bootstrap 10 --format markdown");
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("| good | 1 | 1 | 1 | 0.6528 |"), std::string::npos) << md.out;
}

TEST_F(NbestCommand, BadInputIsExitTwo) {
  WriteFile(dir_ + "/bad.txt", "p1|x\nestoy bien|-1\nestoy|\n");
  auto r =
      RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/good.txt " + dir_ + "/good.txt");
  EXPECT_EQ(r.exit_code, 2);  // an n-best file is not a gold file: no weights
  EXPECT_NE(r.err.find("good.txt:2: field 'weight'"), std::string::npos) << r.err;
  r = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ + "/bad.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.txt:1: field 'score'"), std::string::npos) << r.err;
  r = RunCommand(BinPath("tourney") + " nbest " + dir_ + "/good.txt");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ +
                 "/good.txt --ablation 1");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ +
                 "/good.txt --tokenize words");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " nbest --gold " + dir_ + "/gold.txt " + dir_ + "/good.txt " +
                 dir_ + "/good.txt");
  EXPECT_EQ(r.exit_code, 2);  // two systems named "good"
  EXPECT_TRUE(r.out.empty());
}

}  // namespace
}  // namespace tourney
