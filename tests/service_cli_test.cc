// `tourney campaign ...`: the CLI client verbs against an in-process tourneyd.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

// "key value" lines -> map.
std::map<std::string, std::string> Fields(const std::string& text) {
  std::map<std::string, std::string> out;
  std::stringstream in(text);
  std::string key, value;
  while (in >> key) {
    std::getline(in, value);
    out[key] = value.empty() ? "" : value.substr(1);
  }
  return out;
}

TEST(ServiceCli, CreateImportNextSubmitLeaderboard) {
  const std::string dir = testing::TempDir("service_cli");
  testing::InProcessServer server(dir + "/data");
  ASSERT_TRUE(server.ok()) << server.error();
  const std::string admin = dir + "/admin.token";
  testing::WriteFile(admin, std::string(testing::kAdminToken) + "\n");
  const std::string connect =
      " --server 127.0.0.1:" + std::to_string(server.port()) + " --token-file ";
  const std::string tourney = BinPath("tourney") + " campaign ";

  auto r = RunCommand(tourney + "create" + connect + admin +
                      " --name cli --systems A,B,C --segments 4 --k 3 --selector uniform"
                      " --open-enrolment --token-out " +
                      dir + "/annotator.token");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto created = Fields(r.out);
  const std::string campaign = created["campaign_id"];
  ASSERT_FALSE(campaign.empty()) << r.out;
  EXPECT_EQ(testing::ReadFile(dir + "/annotator.token"), created["annotator_token"] + "\n");

  // Import: two rankings, one naming a system the campaign lacks.
  testing::WriteFile(dir + "/in.csv",
                     "segmentId,judgeId,system1Id,system2Id,system3Id,system1rank,system2rank,"
                     "system3rank\n"
                     "1,j1,A,B,C,1,2,3\n"
                     "2,j2,A,B,Z,1,1,2\n");
  r = RunCommand(tourney + "import" + connect + admin + " --campaign " + campaign + " " + dir +
                 "/in.csv");
  ASSERT_EQ(r.exit_code, 2) << r.err;  // a rejection is bad input; the rest is committed
  EXPECT_EQ(Fields(r.out)["accepted"], "1");
  EXPECT_EQ(Fields(r.out)["rejected"], "1");
  EXPECT_NE(r.err.find("rejected ranking 1: system 'Z' is not in the campaign"), std::string::npos)
      << r.err;

  // Next and submit with the annotator token; the systems come in display order.
  const std::string ann = dir + "/annotator.token";
  r = RunCommand(tourney + "next" + connect + ann + " --campaign " + campaign +
                 " --annotator cli-user");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto match = Fields(r.out);
  ASSERT_FALSE(match["match_id"].empty());
  // Rank A first, then B, then C, wherever they are shown.
  std::string ranks;
  for (const char* key : {"system1", "system2", "system3"}) {
    const std::string s = match[key];
    ranks += (ranks.empty() ? "" : ",") + std::string(s == "A" ? "1" : s == "B" ? "2" : "3");
  }
  r = RunCommand(tourney + "submit" + connect + ann + " --campaign " + campaign + " --match " +
                 match["match_id"] + " --annotator cli-user --ranks " + ranks + " --key x");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Fields(r.out)["sequence"], "2");
  // A different answer: exit 2 with the server's reason.
  r = RunCommand(tourney + "submit" + connect + ann + " --campaign " + campaign + " --match " +
                 match["match_id"] + " --annotator cli-user --ranks 1,1,1 --key x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("different answer"), std::string::npos) << r.err;
  // The annotator token cannot read the leaderboard.
  r = RunCommand(tourney + "leaderboard" + connect + ann + " --campaign " + campaign);
  EXPECT_EQ(r.exit_code, 2);

  r = RunCommand(tourney + "leaderboard" + connect + admin + " --campaign " + campaign +
                 " --model expected-wins --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  // Both rankings put A > B > C: A won all 4 comparisons, C lost all 4.
  ASSERT_EQ(board.entries_size(), 3);
  EXPECT_EQ(board.rankings(), 2);
  EXPECT_EQ(board.entries(0).system(), "A");
  EXPECT_EQ(board.entries(0).wins(), 4);
  EXPECT_DOUBLE_EQ(board.entries(0).score(), 1.0);
  EXPECT_EQ(board.entries(2).system(), "C");
  EXPECT_DOUBLE_EQ(board.entries(2).score(), 0.0);

  // `campaign watch` (issue 45: the WatchLeaderboard stream had no client verb): the board
  // now, as one JSON line, then a fresh one after each judgment.
  r = RunCommand(tourney + "watch" + connect + admin + " --campaign " + campaign +
                 " --model expected-wins --count 1 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  v1::Leaderboard watched;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &watched).ok()) << r.out;
  EXPECT_EQ(watched.rankings(), 2);
  EXPECT_EQ(watched.entries(0).system(), "A");
  // A second board comes once a third ranking (C > B > A) is imported: the watch starts in
  // the background, the import waits for its first board.
  testing::WriteFile(dir + "/more.csv",
                     "segmentId,judgeId,system1Id,system2Id,system3Id,system1rank,system2rank,"
                     "system3rank\n"
                     "3,j3,A,B,C,3,2,1\n");
  r = RunCommand("sh -c '" + tourney + "watch" + connect + admin + " --campaign " + campaign +
                 " --model expected-wins --every 1 --count 2 > " + dir +
                 "/watch.txt & until [ -s " + dir + "/watch.txt ]; do sleep 0.05; done; " +
                 tourney + "import" + connect + admin + " --campaign " + campaign + " " + dir +
                 "/more.csv > /dev/null; wait'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string watch = testing::ReadFile(dir + "/watch.txt");
  EXPECT_EQ(watch.rfind("== board 1: 2 judgments ==\n", 0), 0u) << watch;
  EXPECT_NE(watch.find("\n== board 2: 3 judgments ==\n"), std::string::npos) << watch;
  EXPECT_NE(watch.find("Expected Wins"), std::string::npos) << watch;
  r = RunCommand(tourney + "watch" + connect + admin + " --campaign " + campaign +
                 " --every 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("option '--every'"), std::string::npos) << r.err;

  // No token: a usage error before any call.
  r = RunCommand("env -u TOURNEY_TOKEN " + tourney + "leaderboard --server 127.0.0.1:" +
                 std::to_string(server.port()) + " --campaign " + campaign);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no token"), std::string::npos);
  server.Stop();
  std::filesystem::remove_all(dir);
}

// Issue 47: the control system of --bad-references (or --control-system) is left out of the
// boards `campaign leaderboard` prints unless --include-control. Here the control is ranked
// best by both rankings (C > A > B), so leaving it out moves A and B up by one.
TEST(ServiceCli, LeaderboardLeavesOutTheControlSystemUnlessAsked) {
  const std::string dir = testing::TempDir("service_cli_control");
  testing::InProcessServer server(dir + "/data");
  ASSERT_TRUE(server.ok()) << server.error();
  const std::string admin = dir + "/admin.token";
  testing::WriteFile(admin, std::string(testing::kAdminToken) + "\n");
  const std::string connect =
      " --server 127.0.0.1:" + std::to_string(server.port()) + " --token-file " + admin;
  const std::string tourney = BinPath("tourney") + " campaign ";
  auto r = RunCommand(tourney + "create" + connect +
                      " --name control --systems A,B,C --segments 4 --k 3 --control-system C");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string campaign = Fields(r.out)["campaign_id"];
  testing::WriteFile(dir + "/in.csv",
                     "segmentId,judgeId,system1Id,system2Id,system3Id,system1rank,system2rank,"
                     "system3rank\n"
                     "1,j1,A,B,C,2,3,1\n"
                     "2,j2,A,B,C,2,3,1\n");
  r = RunCommand(tourney + "import" + connect + " --campaign " + campaign + " " + dir + "/in.csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string board_command = tourney + "leaderboard" + connect + " --campaign " +
                                    campaign + " --model expected-wins --format json";
  r = RunCommand(board_command);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("the control system 'C' (rank 1) is left out"), std::string::npos)
      << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  ASSERT_EQ(board.entries_size(), 2);
  EXPECT_EQ(board.entries(0).system(), "A");
  EXPECT_EQ(board.entries(0).rank(), 1);
  EXPECT_EQ(board.entries(1).system(), "B");
  EXPECT_EQ(board.entries(1).rank(), 2);
  // A beat B twice and lost to C twice: the counts are the whole campaign's.
  EXPECT_EQ(board.entries(0).wins(), 2);
  EXPECT_EQ(board.entries(0).losses(), 2);
  r = RunCommand(board_command + " --include-control");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard full;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &full).ok()) << r.out;
  ASSERT_EQ(full.entries_size(), 3);
  EXPECT_EQ(full.entries(0).system(), "C");
  EXPECT_EQ(full.entries(1).rank(), 2);
  server.Stop();
  std::filesystem::remove_all(dir);
}

// A token with a newline or control character inside is refused before any call: exit 2,
// and the token is not repeated on stderr (gRPC itself would abort and print it).
TEST(ServiceCli, BadTokenIsRefusedWithoutEchoingIt) {
  const std::string dir = testing::TempDir("service_cli_token");
  testing::InProcessServer server(dir + "/data");
  ASSERT_TRUE(server.ok()) << server.error();
  const std::string tourney = BinPath("tourney") + " campaign leaderboard --server 127.0.0.1:" +
                              std::to_string(server.port()) + " --campaign 1";
  for (const std::string& token :
       {std::string("first-half-0123\nSECRETSECOND"), std::string("first-half-0123\x01SECRET"),
        std::string("first-half-0123\x7fSECRET"), std::string("first half 0123 SECRET")}) {
    SCOPED_TRACE(static_cast<int>(token[15]));
    testing::WriteFile(dir + "/bad.token", token + "\n");
    auto r = RunCommand(tourney + " --token-file " + dir + "/bad.token");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("printable ASCII"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("SECRET"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("first"), std::string::npos) << r.err;
  }
  // The same through $TOURNEY_TOKEN.
  auto r = RunCommand("TOURNEY_TOKEN=\"$(printf 'first-half-0123\\001SECRET')\" " + tourney);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("$TOURNEY_TOKEN"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("SECRET"), std::string::npos) << r.err;
  // Longer than the server accepts.
  testing::WriteFile(dir + "/long.token", std::string(257, 'a'));
  r = RunCommand(tourney + " --token-file " + dir + "/long.token");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("longer than 256 bytes"), std::string::npos) << r.err;
  server.Stop();
  std::filesystem::remove_all(dir);
}

TEST(ServiceCli, DemoRunsCampaignsOnALocalServer) {
  const auto r = RunCommand(BinPath("tourney") +
                            " demo --systems 4 --k 2 --budget 120 --annotators 3 "
                            "--checkpoint 60 --bootstrap 20 --max-factor 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tourneyd serving on 127.0.0.1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Uniform selection, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Boundary selection, "), std::string::npos);
  // N15 (issue 45): the board's title gives the campaign's judgments, those the stopping
  // line reports, not the checkpoint's whose board is shown.
  {
    const std::string stop = "Stopping rule: boundary selection not settled after ";
    const size_t at = r.out.find(stop);
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string total =
        r.out.substr(at + stop.size(), r.out.find(' ', at + stop.size()) - at - stop.size());
    EXPECT_NE(r.out.find("Boundary selection, " + total + " judgments"), std::string::npos)
        << total << "\n" << r.out;
  }
  EXPECT_NE(r.out.find("Stopping rule: uniform selection "), std::string::npos);
  EXPECT_NE(r.out.find("Stopping rule: boundary selection "), std::string::npos);
  // The campaigns were created without a stopping rule: the default is the anytime rule at
  // delta 0.05, epsilon 0.1, which 120 judgments of 4 systems cannot settle (a tie within
  // 0.1 alone takes thousands of judgments of one pair).
  EXPECT_NE(r.out.find("(anytime rule, delta 0.05, epsilon 0.1: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("settled after"), r.out.find("not settled after") + 4) << r.out;
  // Each campaign's anytime-valid leaderboard: 4 systems, 4 * 3 / 2 = 6 pairs.
  EXPECT_NE(r.out.find("Anytime-valid leaderboard (delta 0.05) of uniform selection: "),
            std::string::npos);
  EXPECT_NE(r.out.find(" of 6 pairs certified."), std::string::npos);
  EXPECT_NE(r.out.find("Anytime clusters of uniform selection after "), std::string::npos);
  // The tables are the campaigns' anytime boards, with their promise; the fixed-sample board
  // appears once, labelled.
  EXPECT_NE(r.out.find("anytime-valid, pooled uniform draws and per-pair"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("under any match selection"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("For comparison only: the fixed-sample bootstrap board (trueskill, 20 "
                       "replicates) of uniform selection's 120 judgments has "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Hidden qualities (truth):"), std::string::npos);
  // The scoring campaign: 4 systems x 400 segments, scored until every estimate is within
  // +-0.5. Each system's line gives the estimate, its interval, the items scored, whether
  // the target is reached, and the mean of the generator's hidden scores over all 400
  // segments (computed by the demo from the scores it made up, not by the server).
  const size_t scoring = r.out.find("Scoring campaign (MQM, docs-prop design, cv-knn");
  ASSERT_NE(scoring, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("of 1,600 items scored", scoring), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("every system within its target", scoring), std::string::npos) << r.out;
  int rows = 0;
  std::istringstream lines(r.out.substr(scoring));
  for (std::string line; std::getline(lines, line);) {
    char name[16];
    double value, lo, hi, truth;
    int scored;
    char reached[8];
    if (std::sscanf(line.c_str(), " %15s %lf [%lf, %lf] %d %7s %lf", name, &value, &lo, &hi,
                    &scored, reached, &truth) != 7) {
      continue;
    }
    ++rows;
    EXPECT_STREQ(reached, "yes") << line;
    EXPECT_LE(std::max(value - lo, hi - value), 0.5 + 1e-9) << line;
    EXPECT_LT(scored, 400) << line;  // fewer than the whole test set
    // Seed 1: every interval covers its system's true test-set mean.
    EXPECT_LE(lo, truth) << line;
    EXPECT_GE(hi, truth) << line;
  }
  EXPECT_EQ(rows, 4) << r.out;
  // Same seed, same output (apart from the port and the temporary directory).
  const auto again = RunCommand(BinPath("tourney") +
                                " demo --systems 4 --k 2 --budget 120 --annotators 3 "
                                "--checkpoint 60 --bootstrap 20 --max-factor 1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(r.out.substr(r.out.find('\n')), again.out.substr(again.out.find('\n')));
}

TEST(ServiceCli, DemoServePrintsThePagesOfACampaignWithTexts) {
  const std::string demo = BinPath("tourney") +
                           " demo --systems 3 --k 2 --budget 60 --annotators 2 "
                           "--checkpoint 60 --bootstrap 10 --max-factor 1 --serve < /dev/null";
  const auto r = RunCommand("TOURNEY_SHARED_DIR=/nonexistent " + demo);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Without the shared data: six segments written for the demo, four systems and the control.
  EXPECT_NE(r.out.find("6 segments, 4 systems and a degraded control (\"BAD\""),
            std::string::npos) << r.out;
  const size_t annotate = r.out.find("  annotate:  http://127.0.0.1:");
  ASSERT_NE(annotate, std::string::npos) << r.out;
  std::istringstream line(r.out.substr(annotate));
  std::string label, url;
  line >> label >> url;
  // http://127.0.0.1:PORT/annotate/ID#token=<64 hex>&annotator=you
  const size_t token = url.find("#token=");
  ASSERT_NE(token, std::string::npos) << url;
  EXPECT_NE(url.find("/annotate/"), std::string::npos) << url;
  EXPECT_EQ(url.substr(token + 7 + 64), "&annotator=you") << url;
  EXPECT_NE(r.out.find("  dashboard: http://127.0.0.1:"), std::string::npos) << r.out;
  // Not a terminal: the demo says it stops instead of serving until Ctrl-C.
  EXPECT_NE(r.out.find("stdin is not a terminal"), std::string::npos) << r.out;
  // With it: the first 30 TED segments.
  const std::string shared = testing::SharedDir();
  if (!std::filesystem::exists(shared + "/data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz")) {
    GTEST_SKIP() << "no TED texts under " << shared;
  }
  const auto ted = RunCommand("TOURNEY_SHARED_DIR=" + shared + " " + demo);
  ASSERT_EQ(ted.exit_code, 0) << ted.err;
  EXPECT_NE(ted.out.find("the WMT21 TED talks, English to German"), std::string::npos) << ted.out;
  EXPECT_NE(ted.out.find("30 segments, 4 systems and a degraded control"), std::string::npos)
      << ted.out;
}

}  // namespace
}  // namespace tourney
