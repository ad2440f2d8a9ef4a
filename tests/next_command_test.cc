// `tourney next`: the match a selector would serve next for a ratings file.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

namespace tourney {
namespace {

// A leaderboard JSON with the fields `next` reads (the rest take their defaults).
std::string Board(const std::vector<std::tuple<std::string, double, double>>& entries) {
  std::string out = "{\"model\": \"trueskill\", \"entries\": [";
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto& [name, mu, sigma] = entries[i];
    out += (i ? ", " : "") + std::string("{\"system\": \"") + name +
           "\", \"mu\": " + std::to_string(mu) + ", \"sigma\": " + std::to_string(sigma) + "}";
  }
  return out + "]}";
}

class NextCommand : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("next"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& contents) {
    const std::string path = dir_ + "/" + name;
    testing::WriteFile(path, contents);
    return path;
  }

  testing::CommandResult Next(const std::string& args) {
    return testing::RunCommand(testing::BinPath("tourney") + " next " + args);
  }

  // Names of the chosen systems, in output order.
  std::vector<std::string> Chosen(const std::string& args) {
    const testing::CommandResult r = Next(args + " --format json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    google::protobuf::Struct out;
    EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &out).ok()) << r.out;
    std::vector<std::string> names;
    for (const auto& v : out.fields().at("systems").list_value().values()) {
      names.push_back(v.struct_value().fields().at("system").string_value());
    }
    return names;
  }

  std::string dir_;
};

TEST_F(NextCommand, AnchorsOnTheLargestSigmaFirstEntryAmongEquals) {
  const std::string path = Write("r.json", Board({{"A", 0.5, 0.2},
                                                   {"B", 0.1, 0.7},
                                                   {"C", -0.2, 0.3},
                                                   {"D", 0.0, 0.7}}));
  for (int seed = 1; seed <= 20; ++seed) {
    const std::vector<std::string> m =
        Chosen("--ratings " + path + " --selection trueskill --seed " + std::to_string(seed));
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0], "B");
    EXPECT_NE(m[1], "B");
  }
}

// Frontier: in mu order D, C, B, A only the cut between B and A
// is open (z = 0.001 / sqrt(2 * 0.01^2) = 0.07; the other cuts are over 300 sds apart,
// far beyond 2.5), so {A, B} is served with probability 0.9 + 0.1 / 6 (the other five
// pairs only through the 10% uniform exploration). Over 40 seeds the count is
// Binomial(40, 0.917): mean 36.7, sd 1.75; 28 is five sds below.
TEST_F(NextCommand, FrontierServesTheOpenCut) {
  const std::string path = Write(
      "r.json", Board({{"A", 0.0, 0.01}, {"B", 0.001, 0.01}, {"C", 5.0, 0.01}, {"D", 10.0, 0.01}}));
  int open = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    std::vector<std::string> m =
        Chosen("--ratings " + path + " --selection frontier --seed " + std::to_string(seed));
    ASSERT_EQ(m.size(), 2u);
    std::sort(m.begin(), m.end());
    open += m[0] == "A" && m[1] == "B";
  }
  EXPECT_GE(open, 28);
}

// The default is boundary, which needs the anytime leaderboard of the judgments; a ratings
// file has none, so it serves uniform matches: {A, B} with probability 1/6, so over 40
// seeds Binomial(40, 1/6) (mean 6.7, sd 2.4), far below frontier's 28.
TEST_F(NextCommand, DefaultIsBoundaryAndUniformWithoutJudgments) {
  const std::string path = Write(
      "r.json", Board({{"A", 0.0, 0.01}, {"B", 0.001, 0.01}, {"C", 5.0, 0.01}, {"D", 10.0, 0.01}}));
  int open = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    std::vector<std::string> m = Chosen("--ratings " + path + " --seed " + std::to_string(seed));
    ASSERT_EQ(m.size(), 2u);
    std::sort(m.begin(), m.end());
    open += m[0] == "A" && m[1] == "B";
  }
  EXPECT_LE(open, 19);  // five sds above the mean
  const testing::CommandResult r = Next("--ratings " + path + " --format json");
  EXPECT_NE(r.out.find("\"selection\": \"boundary\""), std::string::npos) << r.out;
  // It says it serves a uniform match, rather than crediting the boundary selector.
  EXPECT_NE(r.out.find("\"note\": \"no anytime board yet (no --judgments), serving a uniform "
                       "match\""),
            std::string::npos)
      << r.out;
  for (const char* selection : {"boundary", "active-ranking"}) {
    const testing::CommandResult t =
        Next("--ratings " + path + " --selection " + std::string(selection));
    EXPECT_EQ(t.out.rfind("next match (selector " + std::string(selection) +
                              ": no anytime board yet (no --judgments), serving a uniform "
                              "match; seed 1)\n",
                          0),
              0u)
        << t.out;
  }
  // Other selectors choose for themselves: no such note.
  const testing::CommandResult f = Next("--ratings " + path + " --selection frontier");
  EXPECT_EQ(f.out.rfind("next match (frontier selector, seed 1)\n", 0), 0u) << f.out;
}

// With judgments whose anytime board is settled (epsilon 0.1: every boundary is separated
// or a tie within 0.1), the anytime selectors serve a uniform match and say so; with one
// still open they choose, and say nothing more. A beats B 200 times (certified: a stream of
// ones has half-width 0.051 at alpha 0.05 / 6); C - D tie 2,000 times (an interval 0.0095
// wide, by an independent bisection on the mixture of running_mean_sequence.h: a tie
// within 0.1, not within 0.005).
TEST_F(NextCommand, ASettledBoardServesUniformMatchesAndSaysSo) {
  const std::string ratings =
      Write("r.json", Board({{"A", 1.0, 0.1}, {"B", 0.0, 0.1}, {"C", 0.0, 0.1}, {"D", 0.0, 0.1}}));
  std::string csv = "system_a,system_b,outcome\n";
  for (int i = 0; i < 200; ++i) csv += "A,B,a\nA,C,a\nA,D,a\nB,C,a\nB,D,a\n";
  for (int i = 0; i < 2000; ++i) csv += "C,D,tie\n";
  const std::string judgments = Write("j.csv", csv);
  const std::string args = "--ratings " + ratings + " --judgments " + judgments;
  const testing::CommandResult settled = Next(args + " --epsilon 0.1");
  EXPECT_EQ(settled.out.rfind("next match (selector boundary: every boundary of the anytime "
                              "board is resolved, serving a uniform match; seed 1)\n",
                              0),
            0u)
      << settled.out;
  const testing::CommandResult open = Next(args + " --epsilon 0.005");
  EXPECT_EQ(open.out.rfind("next match (boundary selector, seed 1)\n", 0), 0u) << open.out;
  EXPECT_EQ(Next(args + " --epsilon 0.005 --format json").out.find("\"note\""),
            std::string::npos);
}

// With the judgments so far, the default reads their anytime leaderboard. A beats B, C and D
// 200 times each (certified on top: a stream of ones has half-width about
// 2 log(2 / alpha) / 200 ~ 0.06, alpha = 0.05 / 6), and B, C, D only tie (20 times per
// pair), so the open boundaries are B | C and C | D, whose least certified pairs are ties
// among B, C, D: A is never served. Active ranking never anchors A.
TEST_F(NextCommand, AnytimeSelectorsReadTheJudgments) {
  const std::string ratings =
      Write("r.json", Board({{"A", 2.0, 0.1}, {"B", 0.0, 0.1}, {"C", 0.0, 0.1}, {"D", 0.0, 0.1}}));
  std::string csv = "system_a,system_b,outcome\n";
  for (int i = 0; i < 200; ++i) csv += "A,B,a\nC,A,b\nA,D,a\n";
  for (int i = 0; i < 20; ++i) csv += "B,C,tie\nB,D,tie\nC,D,tie\n";
  const std::string judgments = Write("j.csv", csv);
  for (int seed = 1; seed <= 30; ++seed) {
    const std::string args =
        "--ratings " + ratings + " --judgments " + judgments + " --seed " + std::to_string(seed);
    const std::vector<std::string> m = Chosen(args);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_TRUE(m[0] != "A" && m[1] != "A") << m[0] << "," << m[1];
    EXPECT_NE(Chosen(args + " --selection active-ranking")[0], "A");
  }
  // A system the ratings do not name is an input error.
  const std::string other = Write("o.csv", "system_a,system_b,outcome\nA,Z,a\n");
  const testing::CommandResult bad = Next("--ratings " + ratings + " --judgments " + other);
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("'Z'"), std::string::npos) << bad.err;
}

TEST_F(NextCommand, NWayMatchesHaveDistinctSystemsAndDependOnTheSeed) {
  const std::string path = Write("r.json", Board({{"A", 0.5, 0.2},
                                                   {"B", 0.1, 0.7},
                                                   {"C", -0.2, 0.3},
                                                   {"D", 0.0, 0.4},
                                                   {"E", 0.9, 0.1},
                                                   {"F", -1.0, 0.1}}));
  for (const std::string selection : {"trueskill", "uniform"}) {
    std::set<std::vector<std::string>> seen;
    for (int n = 2; n <= 5; ++n) {
      for (int seed = 1; seed <= 10; ++seed) {
        const std::string args = "--ratings " + path + " --n " + std::to_string(n) +
                                 " --selection " + selection + " --seed " + std::to_string(seed);
        const std::vector<std::string> m = Chosen(args);
        EXPECT_EQ(m.size(), static_cast<size_t>(n));
        EXPECT_EQ(std::set<std::string>(m.begin(), m.end()).size(), m.size());
        if (seed == 1) {
          EXPECT_EQ(m, Chosen(args));  // the same seed, the same match
        }
        seen.insert(m);
      }
    }
    EXPECT_GT(seen.size(), 10u) << selection;
  }
}

TEST_F(NextCommand, CloserOpponentsComeMoreOften) {
  // Anchor X (largest sigma) at mu 0; Y at 0.1 and Z at 3: p_hat_draw e^-0.1 vs e^-3, so Y
  // is chosen with probability 1 / (1 + e^-2.9) = 0.948.
  const std::string path = Write("r.json", Board({{"X", 0.0, 0.9}, {"Y", 0.1, 0.1}, {"Z", 3.0, 0.1}}));
  int y = 0;
  for (int seed = 1; seed <= 60; ++seed) {
    y += Chosen("--ratings " + path + " --selection trueskill --seed " + std::to_string(seed))[1] ==
         "Y";
  }
  EXPECT_GE(y, 50);
}

TEST_F(NextCommand, TableNamesTheSystems) {
  const std::string path = Write("r.json", Board({{"sysA", 0.5, 0.2}, {"sysB", 0.1, 0.7}}));
  const testing::CommandResult r = Next("--ratings " + path + " --selection trueskill");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("sysA"), std::string::npos);
  EXPECT_NE(r.out.find("sysB"), std::string::npos);
  EXPECT_NE(r.out.find("anchor"), std::string::npos);
}

TEST_F(NextCommand, BadInputExitsTwoWithAMessage) {
  const std::string good = Write("good.json", Board({{"A", 0, 0.5}, {"B", 0, 0.5}, {"C", 0, 0.5}}));
  const std::vector<std::string> bad_args = {
      "",                                                     // --ratings missing
      "--ratings " + dir_ + "/absent.json",                   // unreadable
      "--ratings " + Write("text.json", "not json at all"),   // not JSON
      "--ratings " + Write("other.json", "{\"rows\": [1]}"),  // JSON, not a leaderboard
      "--ratings " + Write("neg.json", Board({{"A", 0, -0.5}, {"B", 0, 0.5}})),
      "--ratings " + Write("dup.json", Board({{"A", 0, 0.5}, {"A", 1, 0.5}})),
      "--ratings " + good + " --n 6",
      "--ratings " + good + " --n 4",  // more than the 3 systems
      "--ratings " + good + " --selection best",
      "--ratings " + good + " --format xml",
      "--ratings " + good + " extra",
  };
  for (const std::string& args : bad_args) {
    const testing::CommandResult r = Next(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_NE(r.err.find("tourney next"), std::string::npos) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST_F(NextCommand, ReadsTheLeaderboardThatRankWrites) {
  TOURNEY_REQUIRE_SHARED("fixtures/trueskill/small.csv");
  const std::string ratings = dir_ + "/rank.json";
  const testing::CommandResult rank = testing::RunCommand(
      testing::BinPath("tourney") + " rank " + testing::SharedPath("fixtures/trueskill/small.csv") +
      " --model trueskill --selection none --format json");
  ASSERT_EQ(rank.exit_code, 0) << rank.err;
  testing::WriteFile(ratings, rank.out);
  const std::vector<std::string> m = Chosen("--ratings " + ratings + " --n 3");
  EXPECT_EQ(m.size(), 3u);
  for (const std::string& name : m) EXPECT_EQ(name.rfind("sys", 0), 0u) << name;
}

}  // namespace
}  // namespace tourney
