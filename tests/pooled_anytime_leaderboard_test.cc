// The pooled anytime board: its design, observations and scores by hand, its separations,
// and the error for a pair that never met.
#include "tourney/sequential/pooled_anytime_leaderboard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

// Three systems a, b, c (ids 0, 1, 2): a > b, a > c, a > b > c, b > c.
Judgments FourRankings() {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  const std::vector<uint8_t> two = {1, 2}, three = {1, 2, 3};
  j.AddRanking(std::vector<SystemId>{a, b}, two);
  j.AddRanking(std::vector<SystemId>{a, c}, two);
  j.AddRanking(std::vector<SystemId>{a, b, c}, three);
  j.AddRanking(std::vector<SystemId>{b, c}, two);
  return j;
}

TEST(PooledAnytimeLeaderboard, DesignByHand) {
  // Each system is in 3 rankings and meets each other system in 2 of them: q = 2/3, the
  // weight 1 / ((3 - 1) 2/3) = 3/4, and at most 2 opponents in one ranking: M = 3/2.
  auto d = EstimatePooledDesign(FourRankings());
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->rankings, (std::vector<int64_t>{3, 3, 3}));
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      EXPECT_DOUBLE_EQ(d->weight[static_cast<size_t>(i * 3 + j)], i == j ? 0.0 : 0.75);
    }
    EXPECT_DOUBLE_EQ(d->bound[static_cast<size_t>(i)], 1.5);
  }
}

TEST(PooledAnytimeLeaderboard, ScoresAreTheMeanObservationAndBoundsScaleByM) {
  // Observations Y = sum of outcome x weight: a 0.75, 0.75, 1.5 (mean 1); b 0, 0.75, 0.75
  // (mean 0.5); c 0, 0, 0. The sequence of a sees Y / M = 0.5, 0.5, 1 at alpha = delta / 3:
  // mean 2/3, variance process (1 - 1/2)^2 = 1/4 (the guesses are 1/2, 1/2, 1/2), radius
  // 3.0243107890944536 (bisection on the mixture, independent of the code: see
  // running_mean_sequence_test.cc), so its interval is [0, 1] and a's bounds are
  // [0, min(1, 1.5)] = [0, 1]. Scores are the plain means, never clipped.
  const Judgments j = FourRankings();
  auto d = EstimatePooledDesign(j);
  ASSERT_TRUE(d.ok());
  AnytimeOptions options;
  auto board = PooledAnytimeLeaderboard::Create(*d, options);
  ASSERT_TRUE(board.ok());
  for (size_t r = 0; r < j.num_rankings(); ++r) board->AddRanking(j, r);
  EXPECT_EQ(board->comparisons(), 6);
  const AnytimeSummary s = board->Summarize();
  EXPECT_DOUBLE_EQ(s.lo[0], 0.0);
  EXPECT_DOUBLE_EQ(s.hi[0], 1.0);
  EXPECT_DOUBLE_EQ(s.score[0], 1.0);
  EXPECT_DOUBLE_EQ(s.score[1], 0.5);
  EXPECT_DOUBLE_EQ(s.score[2], 0.0);
  for (int i = 0; i < 3; ++i) {
    EXPECT_LT(s.lo[i], s.hi[i]);
    EXPECT_LE(s.lo[i], s.score[i]);
    EXPECT_GE(s.hi[i], s.score[i]);
  }
  EXPECT_EQ(s.order, (std::vector<SystemId>{0, 1, 2}));
  EXPECT_EQ(s.separations, 0);  // three rankings each say little at delta 0.05
}

TEST(PooledAnytimeLeaderboard, SeparatesAConsistentOrder) {
  // 300 rankings a > b > c: every observation is 1, 1/2, 0 (weights 1/2, M = 1), so each
  // interval closes in on its score and all three are apart; the per-system alpha is
  // delta / 3.
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  for (int r = 0; r < 300; ++r) {
    j.AddRanking(std::vector<SystemId>{c, a, b}, std::vector<uint8_t>{3, 1, 2});
  }
  auto d = EstimatePooledDesign(j);
  ASSERT_TRUE(d.ok());
  EXPECT_DOUBLE_EQ(d->bound[static_cast<size_t>(a)], 1.0);
  auto board = PooledAnytimeLeaderboard::Create(*d, AnytimeOptions{0.05, 0.0});
  ASSERT_TRUE(board.ok());
  EXPECT_DOUBLE_EQ(board->system_alpha(), 0.05 / 3);
  for (size_t r = 0; r < j.num_rankings(); ++r) board->AddRanking(j, r);
  const AnytimeSummary s = board->Summarize();
  EXPECT_EQ(s.separations, 2);
  EXPECT_TRUE(s.settled);
  EXPECT_EQ(s.cluster, (std::vector<int>{1, 2, 3}));  // by id: a, b, c
  EXPECT_DOUBLE_EQ(s.score[a], 1.0);
  EXPECT_DOUBLE_EQ(s.score[b], 0.5);
  const std::vector<AnytimeRankRange> ranges = board->RankRanges(s);
  EXPECT_EQ(ranges[static_cast<size_t>(b)].lo, 2);
  EXPECT_EQ(ranges[static_cast<size_t>(b)].hi, 2);
}

TEST(PooledAnytimeLeaderboard, TwoSystemsThatNeverMetAreAnError) {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c"), d = j.systems().Intern("d");
  j.AddRanking(std::vector<SystemId>{a, b}, std::vector<uint8_t>{1, 2});
  j.AddRanking(std::vector<SystemId>{c, d}, std::vector<uint8_t>{1, 2});
  auto design = EstimatePooledDesign(j);
  ASSERT_FALSE(design.ok());
  EXPECT_NE(design.status().message().find("'a' and 'c' never met"), std::string::npos)
      << design.status().message();
  EXPECT_FALSE(PooledAnytimeLeaderboard::Create(PooledDesign{}, AnytimeOptions{}).ok());
  PooledDesign two;
  two.num_systems = 2;
  two.rankings = {1, 1};
  two.weight = {0, 1, 1, 0};
  two.bound = {1, 1};
  EXPECT_FALSE(PooledAnytimeLeaderboard::Create(two, AnytimeOptions{1.0, 0.0}).ok());
  EXPECT_FALSE(PooledAnytimeLeaderboard::Create(two, AnytimeOptions{0.05, 2.0}).ok());
}

}  // namespace
}  // namespace tourney
