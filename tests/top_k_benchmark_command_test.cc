// `tourney top-k-benchmark` end to end: JSON out, determinism across --threads, bad flags.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

TEST(TopKBenchmarkCommand, WritesJsonIndependentOfThreads) {
  const std::string args =
      " top-k-benchmark --k 1 --systems 5 --seeds 4 --budget 20000 --format json --progress never";
  const auto r = RunCommand(BinPath("tourney") + args + " --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  const auto& f = json.fields();
  EXPECT_EQ(f.at("systems").number_value(), 5);
  EXPECT_EQ(f.at("k").number_value(), 1);
  const auto& modes = f.at("modes").list_value().values();
  ASSERT_EQ(modes.size(), 2);
  EXPECT_EQ(modes[0].struct_value().fields().at("name").string_value(), "uniform");
  EXPECT_EQ(modes[1].struct_value().fields().at("name").string_value(), "top-k");
  // Uniform against itself: every per-seed ratio is 1.
  EXPECT_EQ(modes[0]
                .struct_value()
                .fields()
                .at("ratio_to_uniform")
                .struct_value()
                .fields()
                .at("mean")
                .number_value(),
            1.0);
  EXPECT_EQ(modes[1]
                .struct_value()
                .fields()
                .at("wrong")
                .struct_value()
                .fields()
                .at("trials")
                .number_value(),
            4);
  const auto again = RunCommand(BinPath("tourney") + args + " --threads 1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, r.out);
  const auto table = RunCommand(BinPath("tourney") +
                                " top-k-benchmark --k 2 --systems 5 --seeds 2 --budget 5000 "
                                "--format markdown --progress never");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("| top-k |"), std::string::npos) << table.out;
}

TEST(TopKBenchmarkCommand, HelpAndBadFlags) {
  const auto help = RunCommand(BinPath("tourney") + " top-k-benchmark --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE((help.out + help.err).find("examples:"), std::string::npos);
  for (const std::string bad : {"--seeds 1", "--k 0", "--k 16 --systems 16", "--delta 0",
                                "--epsilon 0.7", "--format csv", "--budget 0", "extra"}) {
    const auto r = RunCommand(BinPath("tourney") + " top-k-benchmark --progress never " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("top-k-benchmark"), std::string::npos) << bad;
  }
}

}  // namespace
}  // namespace tourney
