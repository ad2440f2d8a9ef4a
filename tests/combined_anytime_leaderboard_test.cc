// The combined anytime board of a live campaign: the uniform design, which rankings reach
// its pooled half, and its bounds, ties and separations by hand.
#include "tourney/sequential/combined_anytime_leaderboard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tourney/sequential/anytime_board.h"

namespace tourney {
namespace {

// Every pair of three systems judged `per_pair` times as pairwise rankings, all ties.
Judgments TiedPairs(int per_pair) {
  Judgments j;
  for (const char* name : {"a", "b", "c"}) j.systems().Intern(name);
  const std::vector<uint8_t> tie = {1, 1};
  for (int t = 0; t < per_pair; ++t) {
    j.AddRanking(std::vector<SystemId>{0, 1}, tie);
    j.AddRanking(std::vector<SystemId>{0, 2}, tie);
    j.AddRanking(std::vector<SystemId>{1, 2}, tie);
  }
  return j;
}

TEST(UniformPooledDesign, WeighsEveryOpponentEquallyWithBoundOne) {
  const PooledDesign d = UniformPooledDesign(4, 3);
  ASSERT_EQ(d.weight.size(), 16u);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) EXPECT_DOUBLE_EQ(d.weight[i * 4 + j], i == j ? 0.0 : 0.5);
    EXPECT_DOUBLE_EQ(d.bound[i], 1.0);  // two opponents of weight 1/2
    EXPECT_EQ(d.rankings[i], 0);        // no horizon
  }
}

TEST(CombinedAnytimeLeaderboard, RejectsBadSizesAndOptions) {
  EXPECT_FALSE(CombinedAnytimeLeaderboard::Create(3, 4, {0.05, 0.0}).ok());
  EXPECT_FALSE(CombinedAnytimeLeaderboard::Create(3, 1, {0.05, 0.0}).ok());
  EXPECT_FALSE(CombinedAnytimeLeaderboard::Create(1, 2, {0.05, 0.0}).ok());
  EXPECT_FALSE(CombinedAnytimeLeaderboard::Create(3, 2, {0.0, 0.0}).ok());
  EXPECT_FALSE(CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 2.0}).ok());
  EXPECT_TRUE(CombinedAnytimeLeaderboard::Create(3, 3, {0.05, 0.0}).ok());
}

// 100 ties per pair of three systems, delta 0.05, so each half runs at 0.025.
// Per-pair half: alpha = 0.025 / 3 per pair; 100 observations of 1/2 (variance process 0)
// give 1/2 +- 0.0950849353 (an independent bisection on the mixture,
// running_mean_sequence_test.cc), and a score's bounds are the mean of its two pairs'.
// Pooled half, when the rankings are uniform draws: alpha = 0.025 / 3 per system, 200
// observations of 1/2 per system: half the radius, 1/2 +- 0.0475424676.
TEST(CombinedAnytimeLeaderboard, UniformDrawsNarrowTheScoresToThePooledBounds) {
  const Judgments j = TiedPairs(100);
  for (bool uniform : {false, true}) {
    auto board = CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 0.15});
    ASSERT_TRUE(board.ok());
    for (size_t r = 0; r < j.num_rankings(); ++r) {
      board->AddRanking(j.comparisons(), j.comparison_begin(r), j.comparison_begin(r + 1),
                        uniform);
    }
    EXPECT_EQ(board->uniform_rankings(), uniform ? 300 : 0);
    EXPECT_EQ(board->comparisons(), 300);
    const AnytimeSummary s = board->Summarize();
    const double margin = uniform ? 0.0475424676 : 0.0950849353;
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(s.lo[i], 0.5 - margin, 1e-8);
      EXPECT_NEAR(s.hi[i], 0.5 + margin, 1e-8);
      EXPECT_DOUBLE_EQ(s.score[i], 0.5);
    }
    // epsilon 0.15: the pair intervals (0.1902 wide) are no tie within epsilon, whatever
    // the narrower pooled scores: epsilon bounds preferences.
    EXPECT_FALSE(s.settled);
    EXPECT_EQ(s.separations, 0);
  }
  // epsilon 0.25 exceeds the pair widths: every boundary a tie, settled.
  auto board = CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 0.25});
  ASSERT_TRUE(board.ok());
  for (size_t r = 0; r < j.num_rankings(); ++r) {
    board->AddRanking(j.comparisons(), j.comparison_begin(r), j.comparison_begin(r + 1), true);
  }
  EXPECT_TRUE(board->Summarize().settled);
}

TEST(CombinedAnytimeLeaderboard, AnIncompleteRankingStaysOutOfThePooledHalf) {
  // k = 3, but a ranking of two systems compares one pair of the three: not the design's
  // observation.
  Judgments j;
  for (const char* name : {"a", "b", "c"}) j.systems().Intern(name);
  j.AddRanking(std::vector<SystemId>{0, 1}, std::vector<uint8_t>{1, 2});
  j.AddRanking(std::vector<SystemId>{0, 1, 2}, std::vector<uint8_t>{1, 2, 3});
  auto board = CombinedAnytimeLeaderboard::Create(3, 3, {0.05, 0.0});
  ASSERT_TRUE(board.ok());
  for (size_t r = 0; r < j.num_rankings(); ++r) {
    board->AddRanking(j.comparisons(), j.comparison_begin(r), j.comparison_begin(r + 1), true);
  }
  EXPECT_EQ(board->uniform_rankings(), 1);
  EXPECT_EQ(board->comparisons(), 4);
  EXPECT_EQ(board->pooled().comparisons(), 3);
}

TEST(CombinedAnytimeLeaderboard, SeparatesAlwaysWinningSystemsAndPublishesItsBoard) {
  // a beats b and c, b beats c, 300 uniform pairwise draws each: every score is certified
  // apart (pooled a: 600 observations of 1, c: 600 of 0), three clusters.
  Judgments j;
  for (const char* name : {"a", "b", "c"}) j.systems().Intern(name);
  const std::vector<uint8_t> win = {1, 2};
  for (int t = 0; t < 300; ++t) {
    j.AddRanking(std::vector<SystemId>{0, 1}, win);
    j.AddRanking(std::vector<SystemId>{0, 2}, win);
    j.AddRanking(std::vector<SystemId>{1, 2}, win);
  }
  const std::vector<uint8_t> flags(j.num_rankings(), 1);
  auto board = BuildCombinedAnytimeLeaderboard(j, flags, 2, {0.05, 0.0});
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, kCombinedAnytimeModel);
  ASSERT_EQ(board->entries.size(), 3u);
  const char* const order[] = {"a", "b", "c"};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(board->entries[i].system, order[i]);
    EXPECT_EQ(board->entries[i].cluster, i + 1);
  }
  ASSERT_TRUE(board->stopping.has_value());
  EXPECT_TRUE(board->stopping->settled);
  EXPECT_EQ(board->stopping->uniform_judgments, 900);
  EXPECT_EQ(board->stopping->judgments, 900);
  // One flag per ranking, or an error.
  EXPECT_FALSE(BuildCombinedAnytimeLeaderboard(j, std::vector<uint8_t>(3, 1), 2, {0.05, 0.0}).ok());
}

// A pairwise match added as a pair is the same observation as the one-comparison ranking.
TEST(CombinedAnytimeLeaderboard, AddPairEqualsAddingTheOneComparisonRanking) {
  Judgments j;
  for (const char* name : {"a", "b", "c"}) j.systems().Intern(name);
  const std::vector<uint8_t> orders[] = {{1, 2}, {2, 1}, {1, 1}};
  for (int t = 0; t < 90; ++t) {
    const SystemId a = t % 3, b = (t + 1 + t / 3 % 2) % 3;
    j.AddRanking(std::vector<SystemId>{a, b}, orders[t % 3]);
  }
  auto by_ranking = CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 0.1});
  auto by_pair = CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 0.1});
  ASSERT_TRUE(by_ranking.ok() && by_pair.ok());
  const Comparisons& c = j.comparisons();
  for (size_t r = 0; r < j.num_rankings(); ++r) {
    const bool uniform = r % 2 == 0;
    by_ranking->AddRanking(c, j.comparison_begin(r), j.comparison_begin(r + 1), uniform);
    const size_t i = j.comparison_begin(r);
    by_pair->AddPair(c.first[i], c.second[i], c.outcome[i], uniform);
  }
  EXPECT_EQ(by_pair->uniform_rankings(), 45);
  const AnytimeSummary x = by_ranking->Summarize(), y = by_pair->Summarize();
  EXPECT_EQ(x.order, y.order);
  EXPECT_EQ(x.lo, y.lo);
  EXPECT_EQ(x.hi, y.hi);
  EXPECT_EQ(x.score, y.score);
}

}  // namespace
}  // namespace tourney
