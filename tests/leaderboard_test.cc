#include "tourney/core/leaderboard.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

Judgments TwoComponents() {
  Judgments j;
  const SystemId a = j.systems().Intern("pre.alpha.12"), b = j.systems().Intern("pre.beta.7"),
                 c = j.systems().Intern("pre.gamma"), d = j.systems().Intern("pre.delta");
  const std::vector<uint8_t> r12 = {1, 2};
  j.AddRanking(std::vector<SystemId>{a, b}, r12);
  j.AddRanking(std::vector<SystemId>{c, d}, r12);
  return j;
}

TEST(Leaderboard, SortsByScoreAndCounts) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  r[0].score = 0.2;
  r[1].score = 0.9;
  r[2].score = 0.5;
  r[3].score = 0.5;
  const Leaderboard b = BuildLeaderboard("expected-wins", j, r);
  ASSERT_EQ(b.entries.size(), 4);
  EXPECT_EQ(b.entries[0].system, "pre.beta.7");
  EXPECT_EQ(b.entries[1].system, "pre.delta");  // equal scores: by name
  EXPECT_EQ(b.entries[2].system, "pre.gamma");
  EXPECT_EQ(b.entries[3].rank, 4);
  EXPECT_EQ(b.entries[0].losses, 1);
  EXPECT_EQ(b.entries[0].comparisons, 1);
  EXPECT_EQ(b.judgments, 2);
  EXPECT_FALSE(b.connected);
  ASSERT_EQ(b.components.size(), 2);
  EXPECT_EQ(b.components[0][0], "pre.alpha.12");
}

TEST(Leaderboard, GaussianAndSampledFieldsOnlyWhereTheyApply) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  const Leaderboard ew = BuildLeaderboard("expected-wins", j, r);
  for (const LeaderboardEntry& e : ew.entries) {
    EXPECT_FALSE(e.mu.has_value());
    EXPECT_FALSE(e.sigma.has_value());
    EXPECT_FALSE(e.r_hat.has_value());
    EXPECT_FALSE(e.cluster.has_value());
    EXPECT_EQ(e.rank_lo, e.rank);
    EXPECT_EQ(e.rank_hi, e.rank);
  }
  EXPECT_FALSE(ew.clustered());
  // One sigma makes the board Gaussian: every entry gets mu and sigma, zeros included.
  r[2].sigma = 0.5;
  r[2].mu = 1.5;
  const Leaderboard g = BuildLeaderboard("trueskill", j, r);
  for (const LeaderboardEntry& e : g.entries) {
    ASSERT_TRUE(e.mu.has_value());
    ASSERT_TRUE(e.sigma.has_value());
  }
  EXPECT_EQ(g.entries[0].system, "pre.alpha.12");  // all scores 0: by name
  EXPECT_EQ(*g.entries[3].sigma, 0.5);              // pre.gamma sorts last by name
  EXPECT_EQ(*g.entries[3].mu, 1.5);
}

TEST(Leaderboard, FromCountsLeavesRankingCountersToTheCaller) {
  PairCounts counts(3);
  counts.Add(0, 1, Outcome::kFirstWins);
  counts.Add(1, 2, Outcome::kTie);
  counts.Add(0, 2, Outcome::kFirstWins);
  std::vector<SystemRating> r(3);
  r[0].score = 3;
  r[1].score = 2;
  r[2].score = 1;
  const Leaderboard b = BuildLeaderboardFromCounts("counting", {"x", "y", "z"}, counts, r);
  EXPECT_EQ(b.comparisons, 3);
  EXPECT_EQ(b.judgments, 3);
  EXPECT_EQ(b.rankings, 0);
  EXPECT_TRUE(b.connected);
  ASSERT_EQ(b.components.size(), 1u);
  EXPECT_EQ(b.entries[0].wins, 2);
  EXPECT_EQ(b.entries[1].ties, 1);
  EXPECT_EQ(b.entries[1].losses, 1);
  EXPECT_EQ(b.entries[2].comparisons, 2);
}

}  // namespace
}  // namespace tourney
