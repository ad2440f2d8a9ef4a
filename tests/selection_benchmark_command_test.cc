// `tourney selection-benchmark` end to end: JSON and SVG out, determinism, bad flags.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

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
  const auto check = testing::CheckXml(Slurp(dir + "/r.svg"));
  EXPECT_TRUE(check.ok) << check.error;
  // The table goes to stderr; the same seed gives the same JSON whatever --threads is.
  EXPECT_NE(r.err.find("racing"), std::string::npos);
  const auto again = RunCommand(BinPath("tourney") + args + " --threads 1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, text);
  std::filesystem::remove_all(dir);
}

TEST(SelectionBenchmarkCommand, BadFlagsExitTwo) {
  for (const std::string bad : {"--seeds 1", "--selectors uniform,nope", "--budget 450 --every 100",
                                "--pool /nonexistent/pool.csv", "extra"}) {
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
