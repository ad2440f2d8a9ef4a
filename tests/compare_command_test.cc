// Tests of `tourney compare` through the built binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

class CompareCommand : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = TempDir("compare_cmd"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    WriteFile(dir_ + "/" + name, text);
    return dir_ + "/" + name;
  }
  std::string dir_;
};

TEST_F(CompareCommand, PlainListsGiveRankCorrelationsAndNameTheOddSystems) {
  // Common systems a b c d in A's order; B swaps a and b. x only in A, y only in B.
  const std::string a = Write("a.txt", "# best first\na\nb\nc\n\nd\nx\n");
  const std::string b = Write("b.txt", "b\na\ny\nc\nd\n");
  const auto r = RunCommand(BinPath("tourney") + " compare " + a + " " + b + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Scores are reversed positions: A's common systems 5 4 3 2, B's 4 5 2 1. One
  // discordant pair of six: tau-b = 4/6. Ranks 4 3 2 1 vs 3 4 2 1: rho = 1 - 6*2/60 = 0.8.
  EXPECT_NE(r.out.find("\"kendall_tau_b\": 0.66666666666666"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"spearman_rho\": 0.8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"common\": 4"), std::string::npos);
  EXPECT_NE(r.out.find("\"only_in_a\": [\"x\"]"), std::string::npos);
  EXPECT_NE(r.out.find("\"only_in_b\": [\"y\"]"), std::string::npos);
  EXPECT_NE(r.out.find("\"clusters\": null"), std::string::npos);
  const auto table = RunCommand(BinPath("tourney") + " compare " + a + " " + b);
  ASSERT_EQ(table.exit_code, 0);
  EXPECT_NE(table.out.find("Only in A: x"), std::string::npos);
  EXPECT_NE(table.out.find("Only in B: y"), std::string::npos);
}

TEST_F(CompareCommand, ClusteredCsvBoardsGiveClusterAgreement) {
  const std::string header =
      "rank,system,score,mu,sigma,rank_lo,rank_hi,cluster,rank_upper_bound,comparisons,wins,"
      "losses,ties,r_hat,score_lo,score_hi\n";
  // A: {a b} {c}; B: {b} {a c}; "c,d" quoted to exercise the CSV quoting.
  const std::string a = Write("a.csv", header +
                                           "1,a,0.9,0,0,1,2,1,1,10,5,5,0,0,,\n"
                                           "2,b,0.8,0,0,1,2,1,1,10,5,5,0,0,,\n"
                                           "3,\"c,d\",0.1,0,0,3,3,2,3,10,5,5,0,0,,\n"
                                           "# warning: a note\n");
  const std::string b = Write("b.csv", header +
                                           "1,b,0.7,0,0,1,1,1,1,10,5,5,0,0,,\n"
                                           "2,a,0.5,0,0,2,3,2,2,10,5,5,0,0,,\n"
                                           "3,\"c,d\",0.4,0,0,2,3,2,2,10,5,5,0,0,,\n");
  const auto r = RunCommand(BinPath("tourney") + " compare " + a + " " + b + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // ab: B only (b > a); a-cd: A only (a > c,d); b-cd: both.
  EXPECT_NE(r.out.find("\"separated_same\": 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"separated_only_a\": 1"), std::string::npos);
  EXPECT_NE(r.out.find("\"separated_only_b\": 1"), std::string::npos);
  EXPECT_NE(r.out.find("\"only_b\": [{\"upper\": \"b\", \"lower\": \"a\"}]"), std::string::npos);
  EXPECT_NE(r.out.find("\"only_a\": [{\"upper\": \"a\", \"lower\": \"c,d\"}]"), std::string::npos);
}

TEST_F(CompareCommand, WmtOfficialResultsGiveScoresAndClusters) {
  // WMT16's layout: SYSTEM SCORE (LO, HI), clusters between '+' lines: {a} {b c}.
  const std::string a = Write("official.txt",
                              "a 0.617 (1.0, 1.0)\n++++++++++\nb 0.317 (2.0, 3.0)\n"
                              "c -0.1 (2.0, 3.0)\n");
  // B: the plain list c a b (scores 3 2 1), unclustered.
  const std::string b = Write("b.txt", "c\na\nb\n");
  const auto r = RunCommand(BinPath("tourney") + " compare " + a + " " + b + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // A's scores 0.617 0.317 -0.1 against 2 1 3: pairs ab concordant, ac and bc discordant:
  // tau-b = (1 - 2) / 3.
  EXPECT_NE(r.out.find("\"kendall_tau_b\": -0.33333333333333"), std::string::npos) << r.out;
  // Clusters of A against B's: B has none, so no cluster agreement.
  EXPECT_NE(r.out.find("\"clusters\": null"), std::string::npos);
  // Against a clustered CSV {c a} {b}: ab is separated in both (a over b), ac only in A
  // (a over c), bc only in B (c over b).
  const std::string header =
      "rank,system,score,mu,sigma,rank_lo,rank_hi,cluster,rank_upper_bound,comparisons,wins,"
      "losses,ties,r_hat,score_lo,score_hi\n";
  const std::string c = Write("c.csv", header +
                                           "1,c,0.9,0,0,1,2,1,1,10,5,5,0,0,,\n"
                                           "2,a,0.8,0,0,1,2,1,1,10,5,5,0,0,,\n"
                                           "3,b,0.1,0,0,3,3,2,3,10,5,5,0,0,,\n");
  const auto r2 = RunCommand(BinPath("tourney") + " compare " + a + " " + c + " --format json");
  ASSERT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_NE(r2.out.find("\"separated_same\": 1"), std::string::npos) << r2.out;
  EXPECT_NE(r2.out.find("\"separated_only_a\": 1"), std::string::npos);
  EXPECT_NE(r2.out.find("\"separated_only_b\": 1"), std::string::npos);
  // A bad score names the line.
  const std::string bad = Write("bad.txt", "a 0.6 (1, 1)\n+++\nb high (2, 2)\n");
  const auto r3 = RunCommand(BinPath("tourney") + " compare " + bad + " " + b);
  EXPECT_EQ(r3.exit_code, 2);
  EXPECT_NE(r3.err.find("bad.txt:3: field 'score'"), std::string::npos) << r3.err;
}

TEST_F(CompareCommand, TourneyJsonBoardsAreRead) {
  const std::string sim = dir_ + "/sim.csv";
  const auto gen =
      RunCommand(BinPath("tourney") + " simulate-campaign --systems 5 --rankings 300 --seed 2");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  WriteFile(sim, gen.out);
  const auto board =
      RunCommand(BinPath("tourney") + " cluster " + sim + " --bootstrap 50 --format json");
  ASSERT_EQ(board.exit_code, 0) << board.err;
  WriteFile(dir_ + "/a.json", board.out);
  // A board against itself: every measure 1, every separation shared.
  const auto r = RunCommand(BinPath("tourney") + " compare " + dir_ + "/a.json " + dir_ +
                            "/a.json --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line :
       {"kendall_tau_b,1\n", "spearman_rho,1\n", "pearson_r,1\n", "pearson_rank,1\n", "rbo,1\n",
        "separated_opposite,0\n", "separated_only_a,0\n"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << r.out;
  }
}

// An MQM board (lower is better) against a plain list in the same order, best first: the
// orders agree, so every measure is 1 (issue 45: tau was -1, the points read as higher is
// better). MQM by hand: Y 1 minor over 2 segments = 0.5, X one major = 2.5, Z two = 5.
TEST_F(CompareCommand, MqmBoardsAreLowerIsBetter) {
  const std::string mqm = Write(
      "m.tsv",
      "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
      "X\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n"
      "X\td\t1\t2\tr1\ts\tt\tNo-error\tNo-error\n"
      "Y\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMinor\n"
      "Y\td\t1\t2\tr1\ts\tt\tNo-error\tNo-error\n"
      "Z\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n"
      "Z\td\t1\t2\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n");
  const auto board = RunCommand(BinPath("tourney") + " rank " + mqm + " --protocol mqm --format json");
  ASSERT_EQ(board.exit_code, 0) << board.err;
  WriteFile(dir_ + "/m.json", board.out);
  const std::string list = Write("l.txt", "Y\nX\nZ\n");
  const auto r =
      RunCommand(BinPath("tourney") + " compare " + dir_ + "/m.json " + list + " --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {"kendall_tau_b,1\n", "spearman_rho,1\n", "pearson_rank,1\n", "rbo,1\n"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << r.out;
  }
  // Pearson's r of (-0.5, -2.5, -5) against (3, 2, 1): positive.
  EXPECT_NE(r.out.find("pearson_r,0.99"), std::string::npos) << r.out;
}

TEST_F(CompareCommand, BadInputIsExitTwoNamingFileAndLine) {
  const std::string dup = Write("dup.txt", "a\nb\na\n");
  const std::string ok = Write("ok.txt", "a\nb\n");
  auto r = RunCommand(BinPath("tourney") + " compare " + dup + " " + ok);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("dup.txt:3: field 'system'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  const std::string bad = Write("bad.csv", "rank,system,score\n1,a,high\n");
  r = RunCommand(BinPath("tourney") + " compare " + bad + " " + ok);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.csv:2: field 'score'"), std::string::npos) << r.err;
  r = RunCommand(BinPath("tourney") + " compare " + ok);
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " compare " + ok + " " + ok + " --rbo-p 1");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " compare " + ok + " " + dir_ + "/missing.txt");
  EXPECT_EQ(r.exit_code, 2);
  const std::string json = Write("bad.json", "{\"entries\": 3}");
  r = RunCommand(BinPath("tourney") + " compare " + json + " " + ok);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.json"), std::string::npos);
}

// A WMT results file with one cluster has no '+' line: every line in the `NAME SCORE (LO,
// HI)` layout still makes it one, read as one cluster with its scores (not as a plain list
// whose names are whole lines). Against the two-cluster file {b} {a c}: ab and bc are
// separated only in B, ac in neither.
TEST_F(CompareCommand, SingleClusterWmtResultsAreRecognised) {
  const std::string one =
      Write("one.txt", "a 0.9 (1.0, 3.0)\nb 0.5 (1.0, 3.0)\nc -0.2 (1.0, 3.0)\n");
  const std::string two =
      Write("two.txt", "b 0.9 (1.0, 1.0)\n+++\na 0.5 (2.0, 3.0)\nc 0.1 (2.0, 3.0)\n");
  const auto r = RunCommand(BinPath("tourney") + " compare " + one + " " + two + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"common\": 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"separated_only_b\": 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"separated_neither\": 1"), std::string::npos) << r.out;
  // Scores 0.9 0.5 -0.2 against 0.5 0.9 0.1: ab discordant, ac and bc concordant: 1/3.
  EXPECT_NE(r.out.find("\"kendall_tau_b\": 0.33333333333333"), std::string::npos) << r.out;
}

// `tourney cluster --format wmt` opens with a '#' line naming the model and the board;
// compare skips it and reads the same clusters as from the JSON of the same run (a
// single cluster included: the anytime board of a few judgments separates nothing).
TEST_F(CompareCommand, ReadsTheWmtLayoutThatClusterWrites) {
  std::string csv = "system_a,system_b,outcome\n";
  for (int t = 0; t < 40; ++t) csv += "a,b,a\nb,c,a\na,c,a\nb,c,tie\n";
  const std::string judgments = Write("j.csv", csv);
  const std::string cluster = BinPath("tourney") + " cluster " + judgments;
  for (const std::string& flags :
       {std::string(" --bootstrap 50 --seed 1"), std::string(" --anytime --delta 0.05")}) {
    const auto wmt = RunCommand(cluster + flags + " --format wmt");
    ASSERT_EQ(wmt.exit_code, 0) << wmt.err;
    const std::string first = wmt.out.substr(0, wmt.out.find('\n'));
    EXPECT_EQ(first, flags.find("anytime") != std::string::npos
                         ? "# tourney cluster: Expected Wins, anytime-valid pooled board, delta "
                           "0.05, epsilon 0, rank ranges of certified separations"
                         : "# tourney cluster: Expected Wins, 50 bootstrap replicates, seed 1, "
                           "95% rank ranges");
    const auto json = RunCommand(cluster + flags + " --format json");
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const std::string a = Write("a.txt", wmt.out), b = Write("b.json", json.out);
    const auto r = RunCommand(BinPath("tourney") + " compare " + a + " " + b + " --format json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"common\": 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"separated_only_a\": 0"), std::string::npos) << wmt.out << r.out;
    EXPECT_NE(r.out.find("\"separated_only_b\": 0"), std::string::npos) << json.out << r.out;
  }
}

// A judgments file given for a ranking says what it is, instead of reading its rows as
// system names ("appears twice"); a CSV without the columns says what a ranking CSV needs.
// One system in common is "1 system", not "1 systems".
TEST_F(CompareCommand, JudgmentsFilesAreNotRankings) {
  const std::string ok = Write("ok.txt", "a\nb\n");
  const std::string wmt = Write("judgments.csv",
                                "srclang,trglang,srcIndex,documentId,segmentId,judgeId,"
                                "system1Number,system1Id,system2Number,system2Id,system1rank,"
                                "system2rank\nfr,en,1,d,1,j,1,a,2,b,1,2\nfr,en,1,d,1,j,1,a,2,b,1,2\n");
  auto r = RunCommand(BinPath("tourney") + " compare " + wmt + " " + ok);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("judgments.csv:1: field 'srcIndex': this is a judgments file, not a "
                       "ranking file"),
            std::string::npos)
      << r.err;
  const std::string arena = Write("battles.csv", "model_a,model_b,winner\nx,y,model_a\n");
  r = RunCommand(BinPath("tourney") + " compare " + ok + " " + arena);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("battles.csv:1: field 'model_a': this is a judgments file"),
            std::string::npos)
      << r.err;
  const std::string other = Write("other.csv", "# note\nname,points\na,3\n");
  r = RunCommand(BinPath("tourney") + " compare " + other + " " + ok);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("other.csv:2: not a ranking file"), std::string::npos) << r.err;
  const std::string single = Write("single.txt", "a\nz\n");
  r = RunCommand(BinPath("tourney") + " compare " + single + " " + ok);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("A: " + single + " (2 systems)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n1 system in common\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tourney
