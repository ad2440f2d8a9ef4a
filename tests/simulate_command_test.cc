// `tourney simulate` end to end: pair-count matrices, rank distances, clusters vs data, plots.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

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
    const auto r =
        RunCommand(std::string("(") + BinPath("tourney") +
                   " simulate-campaign --systems 6 --rankings 400 --seed 4 > " + pool_ + ")");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_, pool_;
};

TEST_F(SimulateCommandTest, JsonCarriesPairCountsByWindow) {
  const auto r =
      RunCommand(BinPath("tourney") + " simulate --pool " + pool_ +
                 " --budget 1000 --window 200 --seed 2 --clusters-at 500,3000" +
                 " --models expected-wins,trueskill --bootstrap 50" + " --plot-heatmap " + dir_ +
                 "/hm.svg --plot-clusters " + dir_ + "/cl.svg");
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
  EXPECT_EQ(
      clusters.at("models").struct_value().fields().at("trueskill").list_value().values_size(), 2);
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

// The default selector is boundary; --emit-judgments writes the drawn judgments in selection
// order, and their pair tallies are the "all" matrix the JSON reports.
TEST_F(SimulateCommandTest, EmitsTheDrawnJudgmentsAsPairwiseCsv) {
  const std::string out = dir_ + "/drawn.csv";
  const auto r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ +
                            " --budget 300 --seed 5 --emit-judgments " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  EXPECT_EQ(json.fields().at("selection").string_value(), "boundary");
  const auto& pc = json.fields().at("pair_counts").struct_value().fields();
  std::map<std::string, int> index;
  const auto& names = pc.at("systems").list_value().values();
  for (int i = 0; i < names.size(); ++i) index[names[i].string_value()] = i;
  std::vector<std::vector<double>> tally(names.size(), std::vector<double>(names.size(), 0));
  std::ifstream in(out);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "system_a,system_b,outcome");
  int rows = 0;
  while (std::getline(in, line)) {
    const size_t c1 = line.find(','), c2 = line.find(',', c1 + 1);
    ASSERT_NE(c2, std::string::npos) << line;
    const std::string a = line.substr(0, c1), b = line.substr(c1 + 1, c2 - c1 - 1);
    const std::string o = line.substr(c2 + 1);
    EXPECT_TRUE(o == "a" || o == "b" || o == "tie") << line;
    ASSERT_TRUE(index.count(a) && index.count(b)) << line;
    tally[index[a]][index[b]] += 1;
    tally[index[b]][index[a]] += 1;
    ++rows;
  }
  EXPECT_EQ(rows, 300);
  const auto& all = pc.at("all").list_value().values();
  for (int i = 0; i < names.size(); ++i) {
    for (int j = 0; j < names.size(); ++j) {
      EXPECT_EQ(all[i].list_value().values(j).number_value(), tally[i][j]) << i << "," << j;
    }
  }
  // Any model can read them back.
  const auto rank = RunCommand(BinPath("tourney") + " rank " + out);
  EXPECT_EQ(rank.exit_code, 0) << rank.err;
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

// --goal top-k replays a hand-built pool with the top-k selector and with uniform selection.
// Pool (pairwise CSV): A-B 55 wins of A and 45 of B; A and B each win all 30 against C and
// all 30 against D; C-D 30 ties: 250 comparisons. Expected Wins (ties as half):
// A = (0.55 + 1 + 1) / 3 = 0.85, B = (0.45 + 1 + 1) / 3 = 0.8167, C = D = 0.5 / 3 = 0.1667,
// so the true top 2 is {A, B}, best first A.
class SimulateTopKTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("simulate_top_k");
    pool_ = dir_ + "/pool.csv";
    std::ofstream out(pool_);
    out << "system_a,system_b,outcome\n";
    for (int i = 0; i < 55; ++i) out << "A,B,a\n";
    for (int i = 0; i < 45; ++i) out << "A,B,b\n";
    for (const char* pair : {"A,C", "A,D", "B,C", "B,D"}) {
      for (int i = 0; i < 30; ++i) out << pair << ",a\n";
    }
    for (int i = 0; i < 30; ++i) out << "C,D,tie\n";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_, pool_;
};

TEST_F(SimulateTopKTest, NamesTheTrueTopTwoAndCannotSeparateTheTopOne) {
  auto r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ +
                      " --goal top-k --top-k 2 --seeds 3 --threads 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  const auto& f = json.fields();
  EXPECT_EQ(f.at("k").number_value(), 2);
  EXPECT_EQ(f.at("budget").number_value(), 250);  // the pool, each judgment at most once
  const auto& truth = f.at("true_top").list_value();
  ASSERT_EQ(truth.values_size(), 2);
  EXPECT_EQ(truth.values(0).string_value(), "A");
  EXPECT_EQ(truth.values(1).string_value(), "B");
  const auto& modes = f.at("modes").list_value();
  ASSERT_EQ(modes.values_size(), 2);
  for (const Value& mode : modes.values()) {
    const auto& m = mode.struct_value().fields();
    const auto& runs = m.at("runs").list_value();
    ASSERT_EQ(runs.values_size(), 3);
    for (const Value& run : runs.values()) {
      const auto& x = run.struct_value().fields();
      // Every cross pair is 30 straight wins: certified within the pool.
      EXPECT_FALSE(x.at("censored").bool_value()) << m.at("name").string_value();
      EXPECT_LE(x.at("judgments").number_value(), 250);
      const auto& top = x.at("top").list_value();
      ASSERT_EQ(top.values_size(), 2);
      EXPECT_EQ(top.values(0).string_value(), "A");
      EXPECT_EQ(top.values(1).string_value(), "B");
    }
  }
  // Top 1 needs A over B, which all 100 comparisons (55:45) cannot certify at alpha 0.05/6:
  // an empirical-Bernstein radius at t = 100 with variance 0.2475 is about
  // sqrt(2 * 0.2475 * log(2 * 6 / 0.05) / 100) = 0.165 > 0.05. Both modes use up the pool.
  r = RunCommand(BinPath("tourney") + " simulate --pool " + pool_ +
                 " --goal top-k --top-k 1 --seeds 2 --threads 1 --format table");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("true top-1 (full pool, Expected Wins): A\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  uniform: named it in 0 of 2 replays, another set in 0, none "
                       "(censored) in 2\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  top-k: named it in 0 of 2 replays, another set in 0, none "
                       "(censored) in 2\n"),
            std::string::npos)
      << r.out;
}

TEST_F(SimulateTopKTest, RefusesOptionsOfTheOtherGoal) {
  const std::string base = BinPath("tourney") + " simulate --pool " + pool_;
  EXPECT_EQ(RunCommand(base + " --goal best").exit_code, 2);
  EXPECT_EQ(RunCommand(base + " --top-k 2").exit_code, 2);  // needs --goal top-k
  EXPECT_EQ(RunCommand(base + " --seeds 5").exit_code, 2);  // needs --goal top-k
  EXPECT_EQ(RunCommand(base + " --goal top-k --selection frontier").exit_code, 2);
  EXPECT_EQ(RunCommand(base + " --goal top-k --clusters-at 100").exit_code, 2);
  EXPECT_EQ(RunCommand(base + " --goal top-k --top-k 4").exit_code, 2);  // k < 4 systems
  EXPECT_EQ(RunCommand(base + " --goal top-k --seeds 1").exit_code, 2);
}

}  // namespace
}  // namespace tourney
