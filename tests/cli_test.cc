// End-to-end tests of the `tourney` binary: exit statuses, no partial output on bad input,
// --skip-invalid summaries, several files, formats.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "test_util.h"
#include "tourney/v1/leaderboard.pb.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("cli"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string p = dir_ + "/" + name;
    testing::WriteFile(p, text);
    return p;
  }
  std::string dir_;
};

const char kHeader[] = "system1Id,system2Id,system3Id,system1rank,system2rank,system3rank\n";

TEST_F(CliTest, BadInputExitsTwoWithNoStdout) {
  const std::string f = Write("bad.csv", std::string(kHeader) + "A,B,C,1,2,3\nA,B,C,1,2,4\n");
  const auto r = RunCommand(BinPath("tourney") + " rank " + f + " --format json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(f + ":3: field 'system3rank': rank '4' is outside 1..3"), std::string::npos)
      << r.err;
}

TEST_F(CliTest, EveryRankingDroppedExitsTwo) {
  // README: a file without judgments is an error (exit 2), never an empty leaderboard.
  const std::string blank = Write("blank.csv", std::string(kHeader) + "A,B,C,-1,-1,-1\n"
                                                                      "A,B,C,1,-1,2\n");
  for (const char* command : {" rank ", " cluster "}) {
    const auto r = RunCommand(BinPath("tourney") + command + blank);
    EXPECT_EQ(r.exit_code, 2) << command << r.out;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("every ranking was dropped (2 with a blank rank (-1))"),
              std::string::npos)
        << r.err;
  }
  // An XML ranking with a single entry has nothing to compare: dropped, and said so (not as
  // a blank rank).
  const std::string xml = Write(
      "single.xml",
      "<?xml version=\"1.0\"?>\n<wmt16-results>\n"
      "<HIT hit-id=\"h\" source-language=\"deu\" target-language=\"eng\">\n"
      "<ranking-task id=\"1\">\n<ranking-result user=\"ann\">\n"
      "<translation system=\"A\" rank=\"1\" />\n</ranking-result>\n</ranking-task>\n"
      "</HIT>\n</wmt16-results>\n");
  const auto r = RunCommand(BinPath("tourney") + " rank " + xml);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("every ranking was dropped (1 naming fewer than two systems)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("blank"), std::string::npos) << r.err;
}

TEST_F(CliTest, UnreadableFileExitsTwo) {
  const auto r = RunCommand(BinPath("tourney") + " rank " + dir_ + "/missing.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("missing.csv: cannot open"), std::string::npos);
}

TEST_F(CliTest, SkipInvalidSummarisesOnStderr) {
  const std::string f =
      Write("mixed.csv", std::string(kHeader) + "A,B,C,1,2,3\nA,A,C,1,2,3\nA,B,C,3,2,1\n");
  const auto r = RunCommand(BinPath("tourney") + " rank " + f + " --skip-invalid --format csv");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("skipped 1 invalid row; read 2 rankings"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("mixed.csv:3: field 'system2Id'"), std::string::npos);
  EXPECT_NE(r.out.find("rank,system,score"), std::string::npos);
}

TEST_F(CliTest, SeveralFilesAreConcatenated) {
  const std::string a = Write("a.csv", std::string(kHeader) + "A,B,C,1,2,3\n");
  const std::string b = Write("b.csv", "system_a,system_b,outcome\nC,A,a\nD,A,tie\n");
  const auto r = RunCommand(BinPath("tourney") + " rank " + a + " " + b + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok());
  EXPECT_EQ(board.judgments(), 3);    // one 3-way ranking and two pairwise rows
  EXPECT_EQ(board.comparisons(), 5);  // 3 + 1 + 1
  EXPECT_EQ(board.entries_size(), 4);
  // A: beat B and C, lost to C, tied D. EW (ties excluded, over the opponents met
  // decisively): vs B 1/1, vs C 1/2, D met only in a tie -> (1 + 0.5) / 2 = 0.75.
  const auto a_entry = std::find_if(board.entries().begin(), board.entries().end(),
                                    [](const auto& e) { return e.system() == "A"; });
  ASSERT_NE(a_entry, board.entries().end());
  EXPECT_DOUBLE_EQ(a_entry->score(), 0.75);
  ASSERT_TRUE(a_entry->has_opponents());
  EXPECT_EQ(a_entry->opponents(), 2);
  // WMT12/13 as published divides by the 3 other systems: (1 + 0.5 + 0) / 3 = 0.5.
  const auto wmt13 = RunCommand(BinPath("tourney") + " rank " + a + " " + b +
                                " --model expected-wins-wmt13 --format json");
  ASSERT_EQ(wmt13.exit_code, 0) << wmt13.err;
  v1::Leaderboard wmt13_board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(wmt13.out, &wmt13_board).ok());
  EXPECT_EQ(wmt13_board.model(), "expected-wins-wmt13");
  for (const auto& e : wmt13_board.entries()) {
    if (e.system() == "A") {
      EXPECT_DOUBLE_EQ(e.score(), 0.5);
    }
  }
  // The table shows the opponents met where some system met fewer than all the others.
  const auto table = RunCommand(BinPath("tourney") + " rank " + a + " " + b);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("opponents"), std::string::npos) << table.out;
}

TEST_F(CliTest, SimulatedCampaignRoundTripsThroughRank) {
  const std::string f = dir_ + "/sim.csv";
  auto r = RunCommand(std::string("(") + BinPath("tourney") +
                      " simulate-campaign --systems 6 --rankings 300 --seed 3 > " + f + ")");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = RunCommand(BinPath("tourney") + " rank " + f + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok());
  EXPECT_EQ(board.rankings(), 300);
  EXPECT_EQ(board.judgments(), 300);     // human judgments: the rankings
  EXPECT_EQ(board.comparisons(), 3000);  // 10 per 5-way ranking
  EXPECT_EQ(board.entries_size(), 6);
  EXPECT_TRUE(board.connected());
}

TEST_F(CliTest, HelpAndUsage) {
  auto r = RunCommand(BinPath("tourney") + " --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("rank"), std::string::npos);
  r = RunCommand(BinPath("tourney") + " rank --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--skip-invalid"), std::string::npos);
  EXPECT_NE(r.out.find("--format"), std::string::npos);
  r = RunCommand(BinPath("tourney") + " frobnicate");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " rank --format xml x.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown format 'xml'"), std::string::npos);
}

TEST_F(CliTest, DemoRunsWithoutInput) {
  const auto r = RunCommand(BinPath("tourney") + " demo --offline --rankings 1500");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Hidden qualities"), std::string::npos);
  // Counts with thousands separators, as in the leaderboard title below it.
  EXPECT_NE(r.out.find("1,500 rankings of 5"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(CliVersion, PrintsVersionAndBuild) {
  const auto r = testing::RunCommand(testing::BinPath("tourney") + " --version");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The version declared in the top-level CMakeLists.txt, read here from the source file.
  const std::string cmake = testing::ReadFile(std::string(TOURNEY_SOURCE_DIR) + "/CMakeLists.txt");
  const size_t at = cmake.find("VERSION ", cmake.find("project(tourney"));
  ASSERT_NE(at, std::string::npos);
  const std::string version = cmake.substr(at + 8, cmake.find_first_of(" )", at + 8) - at - 8);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "tourney " + version) << r.out;
  EXPECT_NE(r.out.find("build: commit "), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty());
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The offline commands start without gRPC, abseil or OpenSSL: they live in tourney-client.
TEST(CliStartup, OfflineBinaryLinksNoGrpc) {
  const auto r = testing::RunCommand("ldd " + testing::BinPath("tourney"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* lib : {"libgrpc", "libabsl", "libssl", "libcrypto"}) {
    EXPECT_EQ(r.out.find(lib), std::string::npos) << lib << " in\n" << r.out;
  }
  const auto client = testing::RunCommand("ldd " + testing::BinPath("tourney-client"));
  EXPECT_NE(client.out.find("libgrpc"), std::string::npos) << client.out;
}

TEST(CliStartup, ClientVerbsStillAnswerThroughTourney) {
  const auto r = testing::RunCommand(testing::BinPath("tourney") + " campaign --help");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("campaign"), std::string::npos);
  const auto bad = testing::RunCommand(testing::BinPath("tourney") + " campaign frobnicate");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// eval and report take --models (a list); a --model used to be accepted and ignored.
TEST(CliFlags, EvalAndReportRejectModelAndSuggestModels) {
  for (const std::string command :
       {"eval --train a.csv --test b.csv", "report a.csv --out r.html"}) {
    const auto r =
        testing::RunCommand(testing::BinPath("tourney") + " " + command + " --model trueskill");
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_TRUE(r.out.empty()) << command;
    EXPECT_NE(r.err.find("unknown option '--model' (did you mean '--models'?)"), std::string::npos)
        << r.err;
  }
}

TEST(CliFlags, HelpFitsEightyColumns) {
  for (const char* command : {"rank", "cluster", "eval", "simulate", "report", "agreement"}) {
    const auto r = testing::RunCommand("COLUMNS=80 " + testing::BinPath("tourney") + " " + command +
                                       " --help");
    ASSERT_EQ(r.exit_code, 0) << command;
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line)) {
      // Count characters, not bytes (the help has a few UTF-8 symbols such as §).
      size_t chars = 0;
      for (unsigned char c : line) chars += (c & 0xC0) != 0x80;
      EXPECT_LE(chars, 80u) << command << ": " << line;
    }
  }
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(CliProgress, LongCommandsDrawProgressOnStderrOnly) {
  const std::string dir = testing::TempDir("progress");
  const auto sim = testing::RunCommand(testing::BinPath("tourney") +
                                       " simulate-campaign --systems 5 --rankings 300 --seed 2");
  ASSERT_EQ(sim.exit_code, 0);
  const std::string csv = dir + "/sim.csv";
  testing::WriteFile(csv, sim.out);
  const std::string t = testing::BinPath("tourney");
  struct Case {
    std::string command, unit;
  };
  const Case cases[] = {
      {t + " cluster " + csv + " --bootstrap 50", "50/50 replicates"},
      {t + " report " + csv + " --bootstrap 20 --models expected-wins --out " + dir + "/r.html",
       "20/20 expected-wins replicates"},
      {t + " simulate --pool " + csv +
           " --budget 500 --clusters-at 200,400 --models "
           "expected-wins --bootstrap 10",
       "2/2 model x amount points"},
  };
  for (const Case& c : cases) {
    const auto on = testing::RunCommand(c.command + " --progress always");
    const auto off = testing::RunCommand(c.command + " --progress never");
    ASSERT_EQ(on.exit_code, 0) << c.command << "\n" << on.err;
    EXPECT_NE(on.err.find(c.unit), std::string::npos) << c.command << "\n" << on.err;
    EXPECT_EQ(off.err.find(c.unit), std::string::npos) << c.command;
    EXPECT_EQ(on.out, off.out) << c.command;  // stdout never carries progress
  }
  const auto bad = testing::RunCommand(t + " cluster " + csv + " --progress sometimes");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("not one of auto, always, never"), std::string::npos) << bad.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// Expected Wins predicts winners only: its perplexity is n/a in the table and null in JSON.
TEST(CliEval, JsonPerplexityIsNullWhereItDoesNotApply) {
  const std::string dir = testing::TempDir("eval_json");
  const auto sim = testing::RunCommand(testing::BinPath("tourney") +
                                       " simulate-campaign --systems 5 --rankings 400 --seed 4");
  ASSERT_EQ(sim.exit_code, 0);
  testing::WriteFile(dir + "/all.csv", sim.out);
  const auto r = testing::RunCommand(
      testing::BinPath("tourney") + " eval --train " + dir + "/all.csv --test " + dir +
      "/all.csv --models expected-wins,trueskill --sizes 200 --repeats 1 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const size_t ew = r.out.find("\"model\": \"expected-wins\"");
  const size_t ts = r.out.find("\"model\": \"trueskill\"");
  ASSERT_NE(ew, std::string::npos);
  ASSERT_NE(ts, std::string::npos);
  const std::string ew_row = r.out.substr(ew, r.out.find('}', ew) - ew);
  const std::string ts_row = r.out.substr(ts, r.out.find('}', ts) - ts);
  EXPECT_NE(ew_row.find("\"perplexity\": null"), std::string::npos) << ew_row;
  EXPECT_EQ(ts_row.find("\"perplexity\": null"), std::string::npos) << ts_row;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

class CliDefectsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("cli_defects");
    const auto sim =
        RunCommand(BinPath("tourney") + " simulate-campaign --systems 5 --rankings 300 --seed 2");
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    csv_ = dir_ + "/sim.csv";
    testing::WriteFile(csv_, sim.out);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_, csv_;
};

// --beta 1e154 made 2 beta^2 overflow: a NaN leaderboard with exit 0. Now refused up front.
TEST_F(CliDefectsTest, OutOfRangeTrueSkillParametersAreUsageErrors) {
  for (const std::string option : {"--beta 1e154", "--sigma 1e200", "--tau 1e13", "--mu 1e300"}) {
    const auto r =
        RunCommand(BinPath("tourney") + " rank " + csv_ + " --model trueskill " + option);
    EXPECT_EQ(r.exit_code, 2) << option << "\n" << r.out;
    EXPECT_EQ(r.out, "") << option;
    EXPECT_NE(r.err.find("at most 1e+12"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("nan"), std::string::npos);
  }
  // The largest accepted values still give finite boards.
  const auto r = RunCommand(BinPath("tourney") + " rank " + csv_ +
                            " --model trueskill --beta 1e12 --sigma 1e12 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("nan"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("inf"), std::string::npos) << r.out;
}

TEST_F(CliDefectsTest, RankRefusesTheWmtLayout) {
  const auto r = RunCommand(BinPath("tourney") + " rank " + csv_ + " --format wmt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("use 'tourney cluster --format wmt'"), std::string::npos) << r.err;
}

TEST_F(CliDefectsTest, BootstrapTooSmallForTheTrimIsRefused) {
  for (const char* r : {"1", "2"}) {
    const auto out = RunCommand(BinPath("tourney") + " cluster " + csv_ + " --bootstrap " + r);
    EXPECT_EQ(out.exit_code, 2) << out.out;
    EXPECT_NE(out.err.find("too few for 95% rank ranges"), std::string::npos) << out.err;
    EXPECT_NE(out.err.find("use at least 3"), std::string::npos) << out.err;
  }
  const auto three = RunCommand(BinPath("tourney") + " cluster " + csv_ + " --bootstrap 3");
  EXPECT_EQ(three.exit_code, 0) << three.err;
  // At G = 0.1: ceil(0.45 R) <= (R - 1) / 2 first holds for good at R = 19.
  const auto low =
      RunCommand(BinPath("tourney") + " cluster " + csv_ + " --bootstrap 18 --confidence 0.1");
  EXPECT_EQ(low.exit_code, 2);
  EXPECT_NE(low.err.find("use at least 19"), std::string::npos) << low.err;
}

TEST_F(CliDefectsTest, MissingOutputDirectoriesAreUsageErrors) {
  const std::string missing = dir_ + "/no/such";
  const std::string t = BinPath("tourney");
  for (const std::string& command :
       {t + " cluster " + csv_ + " --bootstrap 20 --plot " + missing + "/ranks.svg",
        t + " cluster " + csv_ + " --bootstrap 20 --language-pair all --output-dir " + missing,
        t + " report " + csv_ + " --bootstrap 20 --models expected-wins --out " + missing +
            "/r.html",
        t + " simulate-battles --systems 3 --battles 10 --out " + missing + "/b.jsonl",
        t + " selection-benchmark --systems 4 --seeds 2 --budget 100 --every 50 --out " + missing +
            "/b.json"}) {
    const auto r = RunCommand(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("does not exist"), std::string::npos) << command << "\n" << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ + "/no")) << command;
  }
}

TEST_F(CliDefectsTest, ProgressIsAcceptedWhereTheReadmeSaysLongCommandsTakeIt) {
  const std::string t = BinPath("tourney");
  for (const std::string& command :
       {t + " rank " + csv_ + " --model trueskill",
        t + " eval --train " + csv_ + " --test " + csv_ +
            " --models expected-wins --sizes 200 --repeats 1",
        t + " selection-benchmark --systems 4 --seeds 2 --budget 100 --every 50"}) {
    const auto on = RunCommand(command + " --progress always");
    const auto off = RunCommand(command + " --progress never");
    EXPECT_EQ(on.exit_code, 0) << command << "\n" << on.err;
    EXPECT_EQ(on.out, off.out) << command;
  }
}

TEST_F(CliDefectsTest, ModelListErrorsNameTheModelsOption) {
  const auto report = RunCommand(BinPath("tourney") + " report " + csv_ + " --out " + dir_ +
                                 "/r.html --models expected-wins,bogus");
  EXPECT_EQ(report.exit_code, 2);
  EXPECT_NE(report.err.find("option '--models': unknown model 'bogus'"), std::string::npos)
      << report.err;
  const auto eval = RunCommand(BinPath("tourney") + " eval --train " + csv_ + " --test " + csv_ +
                               " --models bogus");
  EXPECT_EQ(eval.exit_code, 2);
  EXPECT_NE(eval.err.find("option '--models': unknown model 'bogus'"), std::string::npos)
      << eval.err;
}

TEST_F(CliDefectsTest, MaxIterationsHelpGivesEachModelsDefault) {
  const auto r = RunCommand("COLUMNS=160 " + BinPath("tourney") + " rank --help");
  ASSERT_EQ(r.exit_code, 0);
  // Declared once (it was listed twice, both times with the pairwise default 10000).
  const size_t first = r.out.find("--max-iterations");
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(r.out.find("--max-iterations", first + 1), std::string::npos) << r.out;
  const std::string line = r.out.substr(first, r.out.find("(default", first) - first);
  EXPECT_NE(line.find("auto = 25600 for hopkins-may"), std::string::npos) << line;
  EXPECT_NE(line.find("10000 for bradley-terry"), std::string::npos) << line;
}

TEST_F(CliDefectsTest, CampaignIdIsRequiredNotDefaulted) {
  for (const char* verb : {"leaderboard", "show", "export"}) {
    const auto r =
        RunCommand("COLUMNS=160 " + BinPath("tourney") + " campaign " + verb + " --help");
    ASSERT_EQ(r.exit_code, 0) << verb << "\n" << r.err;
    const size_t at = r.out.find("\n  --campaign ID");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    EXPECT_NE(line.find("(required)"), std::string::npos) << line;
    EXPECT_EQ(line.find("default"), std::string::npos) << line;
  }
  const auto missing = RunCommand(BinPath("tourney") + " campaign leaderboard");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("--campaign ID is required"), std::string::npos) << missing.err;
}

TEST_F(CliDefectsTest, NextRefusesABoardWithoutMuAndSigma) {
  const auto board = RunCommand(BinPath("tourney") + " rank " + csv_ + " --format json");
  ASSERT_EQ(board.exit_code, 0);
  testing::WriteFile(dir_ + "/ew.json", board.out);
  const auto r = RunCommand(BinPath("tourney") + " next --ratings " + dir_ + "/ew.json");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("has no mu and sigma"), std::string::npos) << r.err;
  const auto help = RunCommand(BinPath("tourney") + " next --help");
  EXPECT_EQ(help.out.find("the next five matches"), std::string::npos);
}

TEST_F(CliTest, RankAnytimeReadsBattleLogsInFileOrder) {
  // A battle log where x always beats y and z, and y - z always tie: 300 battles per pair.
  // x's pairs have centre 1 and radius 0.031 (alpha 0.05 / 3): certified better than both;
  // y - z: 1/2 +- 0.0290 = [0.4710, 0.5290], never certified.
  // Scores: x 1, y and z (0 + 1/2) / 2 = 1/4; rank ranges 1-1 and 2-3; two clusters.
  std::string log;
  for (int t = 0; t < 300; ++t) {
    log += "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"}\n";
    log += "{\"model_a\":\"z\",\"model_b\":\"x\",\"winner\":\"model_b\"}\n";
    log += "{\"model_a\":\"y\",\"model_b\":\"z\",\"winner\":\"tie\"}\n";
  }
  const std::string f = Write("battles.jsonl", log);
  const auto r = RunCommand(BinPath("tourney") + " rank " + f +
                            " --anytime --anytime-board pairwise --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  EXPECT_EQ(board.model(), "expected-wins-anytime");
  EXPECT_EQ(board.comparisons(), 900);
  ASSERT_EQ(board.entries_size(), 3);
  EXPECT_EQ(board.entries(0).system(), "x");
  EXPECT_DOUBLE_EQ(board.entries(0).score(), 1.0);
  EXPECT_EQ(board.entries(0).rank_lo(), 1);
  EXPECT_EQ(board.entries(0).rank_hi(), 1);
  EXPECT_EQ(board.entries(0).cluster(), 1);
  for (int i = 1; i < 3; ++i) {
    EXPECT_DOUBLE_EQ(board.entries(i).score(), 0.25);
    EXPECT_EQ(board.entries(i).rank_lo(), 2);
    EXPECT_EQ(board.entries(i).rank_hi(), 3);
    EXPECT_EQ(board.entries(i).cluster(), 2);
  }
  EXPECT_EQ(board.stopping().rule(), "anytime");
  ASSERT_EQ(board.stopping().boundaries_size(), 2);
  EXPECT_TRUE(board.stopping().boundaries(0).separated());
  EXPECT_FALSE(board.stopping().boundaries(1).separated());
  EXPECT_FALSE(board.stopping().settled());
  // Usage errors exit 2 with nothing on stdout.
  for (const char* flags : {" --anytime --model bradley-terry", " --anytime --covariates a",
                            " --epsilon 0.1", " --anytime --delta 2"}) {
    const auto bad = RunCommand(BinPath("tourney") + " rank " + f + flags);
    EXPECT_EQ(bad.exit_code, 2) << flags;
    EXPECT_TRUE(bad.out.empty()) << flags;
  }
}

TEST(CliWmt, RankAnytimeOnFrenchEnglishIsConsistent) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  const auto r =
      RunCommand(BinPath("tourney") + " rank " + testing::SharedPath("data/wmt13-fr-en/train.csv") +
                 " --anytime --delta 0.05 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok());
  // 13 systems, 9,996 five-way rankings (WMT13 fr-en).
  ASSERT_EQ(board.entries_size(), 13);
  EXPECT_EQ(board.rankings(), 9996);
  ASSERT_EQ(board.stopping().boundaries_size(), 12);
  int separated = 0;
  for (int b = 0; b < 12; ++b) separated += board.stopping().boundaries(b).separated();
  int last_cluster = 0;
  for (int i = 0; i < 13; ++i) {
    const auto& e = board.entries(i);
    // The bounds hold the score, are proper and inside [0, 1].
    EXPECT_LE(e.score_lo(), e.score()) << e.system();
    EXPECT_GE(e.score_hi(), e.score()) << e.system();
    EXPECT_GE(e.score_lo(), 0.0);
    EXPECT_LE(e.score_hi(), 1.0);
    EXPECT_LT(e.score_hi() - e.score_lo(), 1.0);  // 99,960 comparisons narrow them
    if (i > 0) {
      EXPECT_LE(e.score(), board.entries(i - 1).score());
    }
    // Clusters follow the separated boundaries.
    const int expected = i == 0 ? 1
                                : board.entries(i - 1).cluster() +
                                      (board.stopping().boundaries(i - 1).separated() ? 1 : 0);
    EXPECT_EQ(e.cluster(), expected) << e.system();
    last_cluster = e.cluster();
    // A rank range never leaves the system's cluster: positions first..last of it.
    int first = i, last = i;
    while (first > 0 && board.entries(first - 1).cluster() == e.cluster()) --first;
    while (last < 12 && board.entries(last + 1).cluster() == e.cluster()) ++last;
    EXPECT_GE(e.rank_lo(), first + 1) << e.system();
    EXPECT_LE(e.rank_hi(), last + 1) << e.system();
    EXPECT_LE(e.rank_lo(), e.rank());
    EXPECT_GE(e.rank_hi(), e.rank());
  }
  EXPECT_EQ(last_cluster, separated + 1);
  // The top system's Expected Wins with ties as half wins, by hand from its counts:
  // (wins + ties / 2) / comparisons approximates the mean over opponents; the anytime
  // score averages per opponent and so differs a little, within the bounds.
  const auto& top = board.entries(0);
  const double pooled = (top.wins() + 0.5 * top.ties()) / static_cast<double>(top.comparisons());
  EXPECT_NEAR(top.score(), pooled, 0.03);
}

}  // namespace
}  // namespace tourney
