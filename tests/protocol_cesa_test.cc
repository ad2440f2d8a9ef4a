// `tourney cluster|rank FILE --protocol cesa|wmt26` through the built binary on a small
// cESA export written here: the pinned JSON (entries system, score, cluster), the table
// with both boards and where they differ, standard input and gzip, and the errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;

// 150 screens of A, B, C: A scores 80, B 50, C 40 or 60 in turn. Means by hand: 80, 50, 50.
std::string WriteExport(const std::string& dir) {
  std::string text;
  for (int i = 0; i < 150; ++i) {
    const std::string c = i % 2 == 0 ? "60" : "40";
    text += R"({"campaignId":"t","screenId":"s)" + std::to_string(i) + R"(","annotator":"u)" +
            std::to_string(i % 4) + R"(","segment":"g)" + std::to_string(i) +
            R"(","displayOrder":["C","A","B"],"selectionProbability":0.5,"answers":[{"system":"A","score":80},{"system":"B","score":50},{"system":"C","score":)" +
            c + "}],\"timeSpentMs\":1000}\n";
  }
  const std::string path = dir + "/screens.jsonl";
  testing::WriteFile(path, text);
  return path;
}

TEST(ProtocolCesa, PinnedJsonHasSystemScoreCluster) {
  const std::string dir = testing::TempDir("protocol_cesa");
  const std::string path = WriteExport(dir);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + path +
                            " --protocol cesa --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "cesa");
  ASSERT_EQ(board->entries.size(), 3u);
  EXPECT_EQ(board->entries[0].system, "A");
  EXPECT_DOUBLE_EQ(board->entries[0].score, 80.0);
  EXPECT_EQ(board->entries[0].cluster, 1);
  EXPECT_DOUBLE_EQ(board->entries[1].score, 50.0);
  EXPECT_EQ(board->entries[1].cluster, 2);
  EXPECT_EQ(board->entries[2].cluster, 2);
  // Standard input and gzip give the same board.
  const auto piped = RunCommand("cat " + path + " | " + BinPath("tourney") +
                                " cluster - --protocol cesa --format json");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, r.out);
  ASSERT_EQ(std::system(("gzip -kf " + path).c_str()), 0);
  const auto gz = RunCommand(BinPath("tourney") + " rank " + path +
                             ".gz --protocol cesa --format json");
  ASSERT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(gz.out, r.out);
}

TEST(ProtocolCesa, Wmt26BoardIsLabelledAndTheTableShowsBoth) {
  const std::string dir = testing::TempDir("protocol_cesa");
  const std::string path = WriteExport(dir);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + path +
                            " --protocol wmt26 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "wmt26");
  ASSERT_EQ(board->entries.size(), 3u);
  EXPECT_EQ(board->entries[0].system, "A");
  EXPECT_EQ(board->entries[0].cluster, 1);
  EXPECT_NE(r.out.find("WMT26's official rule, reproduced"), std::string::npos);
  const auto table = RunCommand(BinPath("tourney") + " rank " + path + " --protocol cesa");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("where they differ"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("150 screens, 4 annotators"), std::string::npos) << table.out;
  for (const char* format : {"csv", "markdown", "latex"}) {
    const auto f = RunCommand(BinPath("tourney") + " cluster " + path +
                              " --protocol cesa --format " + format);
    ASSERT_EQ(f.exit_code, 0) << format << ": " << f.err;
    EXPECT_NE(f.out.find("80"), std::string::npos) << format;
  }
}

TEST(ProtocolCesa, ErrorsNameFileLineField) {
  const std::string dir = testing::TempDir("protocol_cesa");
  const std::string path = dir + "/bad.jsonl";
  testing::WriteFile(path, R"({"screenId":"s","annotator":"a","segment":"g","displayOrder":["A","B"],"answers":[{"system":"A","score":1}]})"
                           "\n");
  const auto r = RunCommand(BinPath("tourney") + " cluster " + path + " --protocol cesa");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("bad.jsonl:1: field 'answers': no answer for 'B'"), std::string::npos)
      << r.err;
  const auto flag = RunCommand(BinPath("tourney") + " cluster " + path +
                               " --protocol cesa --qc-filter");
  EXPECT_NE(flag.exit_code, 0);
}

}  // namespace
}  // namespace tourney
