// `tourney simulate` end to end: pair-count matrices, rank distances, clusters vs data, plots.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "test_util.h"

namespace tourney {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;
using testing::BinPath;
using testing::RunCommand;

double MatrixSum(const Value& m) {
  double s = 0;
  for (const Value& row : m.list_value().values()) {
    for (const Value& v : row.list_value().values()) s += v.number_value();
  }
  return s;
}

class SimulateCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("simulate");
    pool_ = dir_ + "/pool.csv";
    const auto r = RunCommand("(" + BinPath("tourney") +
                              " simulate-campaign --systems 6 --rankings 400 --seed 4 > " +
                              pool_ + ")");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_, pool_;
};

TEST_F(SimulateCommandTest, JsonCarriesPairCountsByWindow) {
  const auto r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ +
                            " --budget 1000 --window 200 --seed 2 --clusters-at 500,3000" +
                            " --models expected-wins,trueskill --bootstrap 50" +
                            " --plot-heatmap " + dir_ + "/hm.svg --plot-clusters " + dir_ +
                            "/cl.svg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  const auto& f = json.fields();
  EXPECT_EQ(f.at("budget").number_value(), 1000);
  EXPECT_EQ(f.at("window").number_value(), 200);
  const auto& pc = f.at("pair_counts").struct_value().fields();
  EXPECT_EQ(pc.at("systems").list_value().values_size(), 6);
  // Each selection fills two symmetric cells.
  EXPECT_EQ(MatrixSum(pc.at("all")), 2000);
  EXPECT_EQ(MatrixSum(pc.at("first")), 400);
  EXPECT_EQ(MatrixSum(pc.at("last")), 400);
  const auto& clusters = f.at("clusters").struct_value().fields();
  EXPECT_EQ(clusters.at("amounts").list_value().values_size(), 2);
  EXPECT_EQ(clusters.at("models").struct_value().fields().at("trueskill").list_value().values_size(), 2);
  for (const char* svg : {"/hm.svg", "/hm-first.svg", "/hm-all.svg", "/cl.svg"}) {
    const std::string text = testing::ReadFile(dir_ + svg);
    EXPECT_NE(text.find("</svg>"), std::string::npos) << svg;
  }
}

TEST_F(SimulateCommandTest, UniformSelectionIsDeterministicFromSeed) {
  const std::string cmd = BinPath("tourney") + " simulate --pool " + pool_ +
                          " --selection uniform --budget 300 --seed 9";
  const auto a = RunCommand(cmd), b = RunCommand(cmd);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST_F(SimulateCommandTest, BadInputExitsTwo) {
  auto r = RunCommand(BinPath("tourney") + " simulate");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--pool is required"), std::string::npos);
  r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ + " --selection none");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ + " --budget 10 --window 20");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ + " --clusters-at 10,x");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace tourney
