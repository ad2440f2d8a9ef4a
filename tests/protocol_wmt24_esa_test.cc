// `tourney rank|cluster FILE --protocol wmt24-esa` through the built binary on the hand-made
// wave (tests/data/wmt24_esa/README.md): the JSON board with the script's rank ranges and
// clusters, the other formats with the domain columns, the language-pair choice, and the
// inputs and flags it refuses.
#include <gtest/gtest.h>

#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

std::string Wave() { return std::string(TOURNEY_SOURCE_DIR) + "/tests/data/wmt24_esa/wave.csv"; }

TEST(ProtocolWmt24Esa, JsonBoardHoldsMacroScoresRankRangesAndClusters) {
  for (const char* command : {"rank", "cluster"}) {
    const auto r = RunCommand(BinPath("tourney") + " " + command + " " + Wave() +
                              " --protocol wmt24-esa --format json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto board = ParseLeaderboardJson(r.out);
    ASSERT_TRUE(board.ok()) << board.status().message();
    EXPECT_EQ(board->model, "wmt24-esa");
    ASSERT_EQ(board->entries.size(), 4u);
    // The means worked out by hand in the README; ranks and clusters as the script's.
    const char* systems[] = {"A", "B", "D", "C"};
    const double scores[] = {(530.0 / 6 + 449.0 / 6 + 257.0 / 4) / 3, 223.0 / 3, 73.0,
                             (422.0 / 6 + 329.0 / 6 + 177.0 / 4) / 3};
    // The published revision: A beats B and C, B beats C, D beats C (wmt24_esa_rule_test).
    const int rank_lo[] = {1, 2, 1, 4}, rank_hi[] = {2, 3, 3, 4}, clusters[] = {1, 1, 1, 2};
    for (size_t i = 0; i < 4; ++i) {
      const LeaderboardEntry& e = board->entries[i];
      EXPECT_EQ(e.system, systems[i]);
      EXPECT_NEAR(e.score, scores[i], 1e-12) << e.system;
      EXPECT_EQ(e.rank, static_cast<int>(i) + 1);
      EXPECT_EQ(e.rank_lo, rank_lo[i]) << e.system;
      EXPECT_EQ(e.rank_hi, rank_hi[i]) << e.system;
      EXPECT_EQ(e.cluster, clusters[i]) << e.system;
    }
    EXPECT_EQ(board->entries[0].wins, 2);
    EXPECT_EQ(board->entries[3].losses, 3);
    EXPECT_EQ(board->entries[2].segments, 10);
    EXPECT_EQ(board->entries[1].judgments, 17);  // item 7 of B: two annotators
  }
}

TEST(ProtocolWmt24Esa, PrintsEveryFormatWithTheDomains) {
  const std::string base = BinPath("tourney") + " cluster " + Wave() + " --protocol wmt24-esa";
  const auto table = RunCommand(base);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("WMT24's official ESA rule, reproduced"), std::string::npos);
  EXPECT_NE(table.out.find("1 resubmitted items were replaced"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("1 BAD/REF items left out"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("14.8 annotations per system"), std::string::npos) << table.out;
  const auto csv = RunCommand(base + " --format csv");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find("rank,system,score,news,social,speech,items,wins,losses,cluster"),
            std::string::npos)
      << csv.out;
  // D: 88.5 news, no social item, 57.5 speech.
  EXPECT_NE(csv.out.find("1-3,D,73.00,88.50,n/a,57.50,10,1,0,1"), std::string::npos) << csv.out;
  const auto latex = RunCommand(base + " --format latex");
  ASSERT_EQ(latex.exit_code, 0) << latex.err;
  EXPECT_NE(latex.out.find("4-4 & C & 56.47"), std::string::npos) << latex.out;
  const auto markdown = RunCommand(base + " --format markdown");
  ASSERT_EQ(markdown.exit_code, 0) << markdown.err;
  EXPECT_NE(markdown.out.find("| 1-2 | A | 75.81 |"), std::string::npos) << markdown.out;
  // The later revision: two-sided tests, A no longer beats B (1-3).
  const auto repository = RunCommand(base + " --wmt24-revision repository --format csv");
  ASSERT_EQ(repository.exit_code, 0) << repository.err;
  EXPECT_NE(repository.out.find("1-3,A,75.81"), std::string::npos) << repository.out;
  EXPECT_NE(repository.out.find("repository revision"), std::string::npos) << repository.out;
  const auto bad = RunCommand(base + " --wmt24-revision head");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("published or repository"), std::string::npos) << bad.err;
}

TEST(ProtocolWmt24Esa, RanksOneLanguagePairOfAMixedExport) {
  const std::string dir = TempDir("wmt24esa");
  const std::string path = dir + "/mixed.csv";
  // eng-deu: X 90 and 70 on two news items, Y 80 and 60: X 80, Y 70. eng-jpn: Z alone.
  WriteFile(path,
            "u1,X,1,TGT,eng,deu,90,test-en-news_a,False,[],1,2\n"
            "u1,X,2,TGT,eng,deu,70,test-en-news_a,False,[],3,4\n"
            "u2,Y,1,TGT,eng,deu,80,test-en-news_a,False,[],1,2\n"
            "u2,Y,2,TGT,eng,deu,60,test-en-news_a,False,[],3,4\n"
            "u3,Z,1,TGT,eng,jpn,50,test-en-news_a,False,[],1,2\n");
  const std::string base = BinPath("tourney") + " rank " + path + " --protocol wmt24-esa";
  const auto refused = RunCommand(base);
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find("2 language pairs (eng-deu, eng-jpn)"), std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("--language-pair"), std::string::npos) << refused.err;
  for (const char* pair : {"eng-deu", "en-de"}) {
    const auto r = RunCommand(base + " --language-pair " + pair + " --format json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto board = ParseLeaderboardJson(r.out);
    ASSERT_TRUE(board.ok()) << board.status().message();
    ASSERT_EQ(board->entries.size(), 2u);
    EXPECT_EQ(board->entries[0].system, "X");
    EXPECT_DOUBLE_EQ(board->entries[0].score, 80.0);
    EXPECT_DOUBLE_EQ(board->entries[1].score, 70.0);
    // Two differences of +10 (a tie), exact one-sided: p = 1/4: one cluster.
    EXPECT_EQ(board->entries[1].cluster, 1);
  }
  const auto unknown = RunCommand(base + " --language-pair en-cs");
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("'en-cs' is not in the export (eng-deu, eng-jpn)"),
            std::string::npos)
      << unknown.err;
}

TEST(ProtocolWmt24Esa, RefusesOtherLayoutsAndFlags) {
  const std::string dir = TempDir("wmt24esa");
  const std::string da = dir + "/da.csv";
  WriteFile(da, "u,A,1,TGT,eng,deu,20,1,2\n");
  const auto r = RunCommand(BinPath("tourney") + " rank " + da + " --protocol wmt24-esa");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("12-field ESA export (this file has 9 fields)"), std::string::npos)
      << r.err;
  for (const char* flag : {"--qc-filter", "--format wmt", "--input-format wmt-da"}) {
    const auto bad = RunCommand(BinPath("tourney") + " cluster " + Wave() +
                                " --protocol wmt24-esa " + flag);
    EXPECT_NE(bad.exit_code, 0) << flag;
    EXPECT_FALSE(bad.err.empty()) << flag;
  }
  const auto missing = RunCommand(BinPath("tourney") + " cluster " + dir +
                                  "/absent.csv --protocol wmt24-esa");
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.err.find("absent.csv"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace tourney
