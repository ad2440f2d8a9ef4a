// `tourney rank --model trueskill` and its flags (cli/trueskill_flags.h), end to end.
#include "trueskill_flags.h"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/v1/leaderboard.pb.h"

namespace tourney {
namespace {

using tourney::Flags;

StatusOr<TrueSkillModelOptions> Parse(std::vector<std::string> args) {
  Flags flags("test", "test");
  cli::AddTrueSkillFlags(flags);
  std::vector<char*> argv = {const_cast<char*>("tourney"), const_cast<char*>("rank")};
  for (std::string& a : args) argv.push_back(a.data());
  if (Status s = flags.Parse(static_cast<int>(argv.size()), argv.data(), 2); !s.ok()) return s;
  return cli::TrueSkillOptionsFromFlags(flags);
}

TEST(TrueSkillFlags, DefaultsAreThePapers) {
  auto o = Parse({});
  ASSERT_TRUE(o.ok()) << o.status().message();
  EXPECT_EQ(o->mu, 0.0);
  EXPECT_EQ(o->sigma, 0.5);
  EXPECT_FALSE(o->beta.has_value());
  EXPECT_EQ(o->tau, 0.0);
  EXPECT_EQ(o->draw_probability, 0.25);
  EXPECT_FALSE(o->draw_margin.has_value());
  EXPECT_EQ(o->selection, TrueSkillModelOptions::Selection::kTrueSkill);
  EXPECT_EQ(o->mode, TrueSkillModelOptions::Mode::kPairwise);
  EXPECT_EQ(o->budget, 0);
}

TEST(TrueSkillFlags, ParsesEveryFlag) {
  auto o = Parse({"--mu", "1", "--sigma=2", "--beta", "0.3", "--tau", "0.01", "--draw-probability",
                  "0.1", "--draw-margin", "0.2", "--selection", "none", "--mode", "ffa"});
  ASSERT_TRUE(o.ok()) << o.status().message();
  EXPECT_EQ(o->mu, 1.0);
  EXPECT_EQ(o->sigma, 2.0);
  EXPECT_EQ(*o->beta, 0.3);
  EXPECT_EQ(o->tau, 0.01);
  EXPECT_EQ(o->draw_probability, 0.1);
  EXPECT_EQ(*o->draw_margin, 0.2);
  EXPECT_EQ(o->selection, TrueSkillModelOptions::Selection::kNone);
  EXPECT_EQ(o->mode, TrueSkillModelOptions::Mode::kFreeForAll);
  auto u = Parse({"--selection", "uniform", "--budget", "500"});
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->selection, TrueSkillModelOptions::Selection::kUniform);
  EXPECT_EQ(u->budget, 500);
}

TEST(TrueSkillFlags, RejectsBadValuesNamingTheFlag) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--selection", "greedy"},
           {"--mode", "teams"},
           {"--mode", "ffa"},  // needs --selection none
           {"--budget", "0"},
           {"--beta", "x"},
           {"--draw-margin", "nan"}}) {
    auto o = Parse(args);
    EXPECT_FALSE(o.ok()) << args[0];
    if (!o.ok()) {
      EXPECT_NE(o.status().message().find(args[0]), std::string::npos) << o.status().message();
    }
  }
}

// The reference fixture, through the command line.
class RankTrueSkillCli : public ::testing::Test {
 protected:
  void SetUp() override {
    TOURNEY_REQUIRE_SHARED("fixtures/trueskill/expected.json");
    const std::string json =
        testing::ReadFile(testing::SharedPath("fixtures/trueskill/expected.json"));
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &fixture_).ok());
  }

  v1::Leaderboard Rank(const std::string& args) {
    const testing::CommandResult r =
        testing::RunCommand(testing::BinPath("tourney") + " rank " +
                            testing::SharedPath("fixtures/trueskill/small.csv") +
                            " --model trueskill --format json " + args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    v1::Leaderboard board;
    EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
    return board;
  }

  google::protobuf::Struct fixture_;
};

TEST_F(RankTrueSkillCli, SequentialModesMatchTheFixture) {
  for (const auto& c : fixture_.fields().at("cases").list_value().values()) {
    const auto& spec = c.struct_value().fields();
    const std::string mode = spec.at("mode").string_value();
    const double beta = spec.at("beta").number_value();
    const v1::Leaderboard board =
        Rank("--selection none --mode " + mode + " --beta " + std::to_string(beta));
    const auto& expected = spec.at("final").struct_value().fields();
    ASSERT_EQ(board.entries_size(), 7);
    const double tolerance = mode == "ffa" ? 1e-4 : 1e-6;
    double previous = 1e300;
    for (const v1::LeaderboardEntry& e : board.entries()) {
      const auto& want = expected.at(e.system()).struct_value().fields();
      EXPECT_NEAR(e.mu(), want.at("mu").number_value(), tolerance) << mode << " " << e.system();
      EXPECT_NEAR(e.sigma(), want.at("sigma").number_value(), tolerance) << e.system();
      EXPECT_EQ(e.score(), e.mu());
      EXPECT_LE(e.mu(), previous);  // sorted by mu, best first
      previous = e.mu();
    }
    EXPECT_EQ(board.model(), "trueskill");
  }
}

TEST_F(RankTrueSkillCli, BetaDefaultsTo025WithoutSelection) {
  // The fixture's beta = 0.25 pairwise case, without --beta.
  const v1::Leaderboard board = Rank("--selection none");
  const auto& spec = fixture_.fields().at("cases").list_value().values(0).struct_value().fields();
  ASSERT_EQ(spec.at("beta").number_value(), 0.25);
  for (const v1::LeaderboardEntry& e : board.entries()) {
    EXPECT_NEAR(e.mu(),
                spec.at("final").struct_value().fields().at(e.system()).struct_value().fields().at(
                    "mu").number_value(),
                1e-6);
  }
}

TEST_F(RankTrueSkillCli, SelectionIsFixedBySeed) {
  auto text = [&](const std::string& args) {
    return testing::RunCommand(testing::BinPath("tourney") + " rank " +
                               testing::SharedPath("fixtures/trueskill/small.csv") +
                               " --model trueskill --format json " + args)
        .out;
  };
  EXPECT_EQ(text("--seed 4"), text("--seed 4"));
  EXPECT_NE(text("--seed 4"), text("--seed 5"));
  EXPECT_NE(text("--seed 4 --selection uniform"), text("--seed 4"));
  EXPECT_EQ(text("--seed 4 --budget 50"), text("--seed 4 --budget 50"));
}

TEST(RankTrueSkillCliErrors, BadFlagsExitTwo) {
  TOURNEY_REQUIRE_SHARED("fixtures/trueskill/small.csv");
  const std::string base = testing::BinPath("tourney") + " rank " +
                           testing::SharedPath("fixtures/trueskill/small.csv") +
                           " --model trueskill ";
  for (const std::string args : {"--selection bogus", "--mode ffa", "--beta -1", "--sigma 0",
                                 "--draw-probability 1"}) {
    const testing::CommandResult r = testing::RunCommand(base + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_FALSE(r.err.empty());
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace tourney
