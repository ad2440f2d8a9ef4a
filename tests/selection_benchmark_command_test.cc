// `tourney selection-benchmark` end to end: JSON and SVG out, determinism, bad flags.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_util.h"
#include "xml_check.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(SelectionBenchmarkCommand, WritesJsonAndSvg) {
  const std::string dir = testing::TempDir("selbench");
  const std::string args =
      " selection-benchmark --systems 4 --seeds 2 --budget 400 --every 100 --draws 50 "
      "--selectors uniform,racing,trueskill --threads 2";
  const auto r =
      RunCommand(BinPath("tourney") + args + " --out " + dir + "/r.json --plot " + dir + "/r.svg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  google::protobuf::Struct json;
  const std::string text = Slurp(dir + "/r.json");
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(text, &json).ok()) << text;
  const auto& f = json.fields();
  EXPECT_EQ(f.at("systems").number_value(), 4);
  EXPECT_EQ(f.at("checkpoints").list_value().values_size(), 4);
  const auto& selectors = f.at("selectors").list_value().values();
  ASSERT_EQ(selectors.size(), 3);
  EXPECT_EQ(selectors[1].struct_value().fields().at("name").string_value(), "racing");
  EXPECT_EQ(selectors[1].struct_value().fields().at("runs").list_value().values_size(), 2);
  // Uniform against itself: every per-seed ratio is 1.
  const auto& ratio =
      selectors[0].struct_value().fields().at("clusters_ratio_to_uniform").struct_value().fields();
  EXPECT_EQ(ratio.at("mean").number_value(), 1.0);
  // The anytime scoring: its options echoed, and per selector a share in [0, 1] and
  // judgments to stop within the 400-judgment budget.
  const auto& anytime = f.at("anytime").struct_value().fields();
  EXPECT_EQ(anytime.at("delta").number_value(), 0.05);
  EXPECT_EQ(anytime.at("epsilon").number_value(), 0.1);
  for (const auto& sel : selectors) {
    const auto& a = sel.struct_value().fields().at("anytime").struct_value().fields();
    const double share =
        a.at("wrong_separation_share").struct_value().fields().at("mean").number_value();
    EXPECT_GE(share, 0.0);
    EXPECT_LE(share, 1.0);
    const double stop = a.at("judgments_to_stop").struct_value().fields().at("mean").number_value();
    EXPECT_GE(stop, 1.0);
    EXPECT_LE(stop, 400.0);
  }
  const auto check = testing::CheckXml(Slurp(dir + "/r.svg"));
  EXPECT_TRUE(check.ok) << check.error;
  // The tables go to stderr; the same seed gives the same JSON whatever --threads is.
  EXPECT_NE(r.err.find("racing"), std::string::npos);
  EXPECT_NE(r.err.find("anytime leaderboard (delta 0.05, epsilon 0.1)"), std::string::npos);
  const auto again = RunCommand(BinPath("tourney") + args + " --threads 1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, text);
  std::filesystem::remove_all(dir);
}

// --delta and --epsilon reach the JSON; the anytime selectors run.
TEST(SelectionBenchmarkCommand, AnytimeOptions) {
  const auto r = RunCommand(BinPath("tourney") +
                            " selection-benchmark --systems 4 --seeds 2 --budget 400 --every 100 "
                            "--draws 50 --selectors uniform,active-ranking,boundary --delta 0.1 "
                            "--epsilon 0.2 --anytime-every 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  const auto& anytime = json.fields().at("anytime").struct_value().fields();
  EXPECT_EQ(anytime.at("delta").number_value(), 0.1);
  EXPECT_EQ(anytime.at("epsilon").number_value(), 0.2);
  EXPECT_EQ(anytime.at("every").number_value(), 10);
  const auto& selectors = json.fields().at("selectors").list_value().values();
  ASSERT_EQ(selectors.size(), 3);
  EXPECT_EQ(selectors[2].struct_value().fields().at("name").string_value(), "boundary");
  // Summarized every 10 judgments: every run's stop is a multiple of 10.
  for (const auto& sel : selectors) {
    for (const auto& run : sel.struct_value().fields().at("runs").list_value().values()) {
      const double stop = run.struct_value().fields().at("to_stop").number_value();
      EXPECT_EQ(std::fmod(stop, 10.0), 0.0) << stop;
    }
  }
}

TEST(SelectionBenchmarkCommand, BadFlagsExitTwo) {
  for (const std::string bad : {"--seeds 1", "--selectors uniform,nope", "--budget 450 --every 100",
                                "--pool /nonexistent/pool.csv", "extra", "--delta 0", "--delta 1.5",
                                "--epsilon -0.1", "--epsilon 2", "--anytime-every 0"}) {
    const auto r = RunCommand(BinPath("tourney") +
                              " selection-benchmark --systems 4 --budget 400 "
                              "--every 100 " +
                              bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << bad;
  }
}

}  // namespace
}  // namespace tourney
