#include "tourney/statistics/anytime_board.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tourney {
namespace {

// 100 three-way rankings with every system tied: one tie per pair per ranking.
Judgments OnlyTies() {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  const std::vector<uint8_t> ranks = {1, 1, 1};
  for (int t = 0; t < 100; ++t) j.AddRanking(std::vector<SystemId>{a, b, c}, ranks);
  return j;
}

TEST(AnytimeBoard, OnlyTiesGiveTheClosedForm) {
  // alpha = 0.05 / 3 pairs, L = log(2 / alpha) = log(120) = 4.7874917; after 100 ties each
  // pair's interval is 1/2 +- 2 L / 100 = [0.40425017, 0.59574983]
  // (confidence_sequence_test derives the form), and so is each Borda interval (the mean
  // of two identical pair intervals). Nothing is certified: one cluster, ranks 1-3.
  for (double epsilon : {0.1, 0.2}) {
    auto board = BuildAnytimeLeaderboard(OnlyTies(), AnytimeOptions{0.05, epsilon});
    ASSERT_TRUE(board.ok()) << board.status().message();
    EXPECT_EQ(board->model, "expected-wins-anytime");
    EXPECT_EQ(board->rankings, 100);
    EXPECT_EQ(board->judgments, 100);
    EXPECT_EQ(board->comparisons, 300);
    EXPECT_EQ(board->bootstrap_replicates, 0);
    EXPECT_DOUBLE_EQ(board->confidence, 0.95);
    ASSERT_EQ(board->entries.size(), 3u);
    const char* const names[] = {"a", "b", "c"};  // equal scores: by id
    for (int i = 0; i < 3; ++i) {
      const LeaderboardEntry& e = board->entries[i];
      EXPECT_EQ(e.system, names[i]);
      EXPECT_DOUBLE_EQ(e.score, 0.5);
      ASSERT_TRUE(e.score_lo && e.score_hi);
      EXPECT_NEAR(*e.score_lo, 0.40425017, 1e-8);
      EXPECT_NEAR(*e.score_hi, 0.59574983, 1e-8);
      EXPECT_EQ(e.rank, i + 1);
      EXPECT_EQ(e.rank_lo, 1);
      EXPECT_EQ(e.rank_hi, 3);
      EXPECT_EQ(e.cluster, 1);
      EXPECT_EQ(e.ties, 200);
      EXPECT_EQ(e.wins + e.losses, 0);
    }
    ASSERT_TRUE(board->stopping.has_value());
    const Stopping& s = *board->stopping;
    EXPECT_EQ(s.rule, "anytime");
    EXPECT_EQ(s.delta, 0.05);
    EXPECT_EQ(s.epsilon, epsilon);
    // The stopping section counts what the board counts: 100 rankings, not the 300
    // comparisons they expand into.
    EXPECT_EQ(s.judgments, 100);
    ASSERT_EQ(s.boundaries.size(), 2u);
    // Width 0.1915: a tie within 0.2, not within 0.1. No pair is certified, so the pair
    // furthest apart across either boundary is a | c.
    for (const StoppingBoundary& b : s.boundaries) {
      EXPECT_FALSE(b.separated);
      EXPECT_EQ(b.tie_within_epsilon, epsilon == 0.2);
      EXPECT_EQ(b.blocking_upper, "a");
      EXPECT_EQ(b.blocking_lower, "c");
      EXPECT_EQ(b.z, 0.0);
      EXPECT_EQ(b.more_judgments, 0);
    }
    EXPECT_EQ(s.settled, epsilon == 0.2);
    EXPECT_EQ(s.boundaries[0].upper, "a");
    EXPECT_EQ(s.boundaries[1].lower, "c");
  }
}

TEST(AnytimeBoard, OneSystemAlwaysWins) {
  // 400 four-way rankings: "top" first, "mid1" and "mid2" tied second, "low" last. top's
  // pairs are all wins: the pair interval's centre is 1 and its margin about
  // L / (t / 2) = log(2 * 6 / 0.05) / 200 = 0.027, far above 1/2, so top is certified
  // better than everyone and low worse; mid1 - mid2 are 400 ties, 1/2 +- 2 L / 400: never
  // certified. Scores: top wins everything (1), low nothing (0), the mids half (0.5).
  Judgments j;
  const SystemId low = j.systems().Intern("low"), mid2 = j.systems().Intern("mid2"),
                 top = j.systems().Intern("top"), mid1 = j.systems().Intern("mid1");
  const std::vector<uint8_t> ranks = {3, 2, 1, 2};
  for (int t = 0; t < 400; ++t) j.AddRanking(std::vector<SystemId>{low, mid2, top, mid1}, ranks);
  for (double epsilon : {0.0, 0.1}) {
    auto board = BuildAnytimeLeaderboard(j, AnytimeOptions{0.05, epsilon});
    ASSERT_TRUE(board.ok()) << board.status().message();
    ASSERT_EQ(board->entries.size(), 4u);
    const auto& e = board->entries;
    EXPECT_EQ(e[0].system, "top");
    EXPECT_EQ(e[1].system, "mid2");  // equal scores: by id (mid2 was interned first)
    EXPECT_EQ(e[2].system, "mid1");
    EXPECT_EQ(e[3].system, "low");
    EXPECT_DOUBLE_EQ(e[0].score, 1.0);
    EXPECT_DOUBLE_EQ(e[1].score, 0.5);
    EXPECT_DOUBLE_EQ(e[3].score, 0.0);
    const int cluster[] = {1, 2, 2, 3}, lo[] = {1, 2, 2, 4}, hi[] = {1, 3, 3, 4};
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(e[i].cluster, cluster[i]) << i;
      EXPECT_EQ(e[i].rank_lo, lo[i]) << i;
      EXPECT_EQ(e[i].rank_hi, hi[i]) << i;
      EXPECT_LE(*e[i].score_lo, e[i].score);
      EXPECT_GE(*e[i].score_hi, e[i].score);
    }
    const Stopping& s = *board->stopping;
    ASSERT_EQ(s.boundaries.size(), 3u);
    EXPECT_TRUE(s.boundaries[0].separated);
    EXPECT_FALSE(s.boundaries[1].separated);
    EXPECT_TRUE(s.boundaries[2].separated);
    // The one uncertified pair, mid2 - mid1, blocks the open boundary; separated ones
    // name no pair.
    EXPECT_EQ(s.boundaries[1].blocking_upper, "mid2");
    EXPECT_EQ(s.boundaries[1].blocking_lower, "mid1");
    for (int r : {0, 2}) {
      EXPECT_TRUE(s.boundaries[r].blocking_upper.empty() &&
                  s.boundaries[r].blocking_lower.empty());
    }
    EXPECT_EQ(s.judgments, 400);  // four-way rankings, as board->judgments
    EXPECT_EQ(board->judgments, 400);
    EXPECT_EQ(board->comparisons, 2400);
    // The mids' interval is 2 * 2 L / 400 = 0.055 wide: a tie within 0.1.
    EXPECT_EQ(s.boundaries[1].tie_within_epsilon, epsilon == 0.1);
    EXPECT_EQ(s.settled, epsilon == 0.1);
    EXPECT_EQ(e[0].wins, 1200);
    EXPECT_EQ(e[1].ties, 400);
  }
}

TEST(AnytimeBoard, PooledStoppingCountsRankings) {
  // The pooled board reads the same 100 three-way rankings (300 comparisons): its stopping
  // section counts the 100 rankings too.
  auto board = BuildPooledAnytimeLeaderboard(OnlyTies(), AnytimeOptions{0.05, 0.0});
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "expected-wins-anytime-pooled");
  EXPECT_EQ(board->judgments, 100);
  EXPECT_EQ(board->comparisons, 300);
  ASSERT_TRUE(board->stopping.has_value());
  EXPECT_EQ(board->stopping->judgments, 100);
  // All three tie: nothing is certified, a | c blocks both boundaries.
  ASSERT_EQ(board->stopping->boundaries.size(), 2u);
  for (const StoppingBoundary& b : board->stopping->boundaries) {
    EXPECT_FALSE(b.separated);
    EXPECT_EQ(b.blocking_upper, "a");
    EXPECT_EQ(b.blocking_lower, "c");
  }
}

TEST(AnytimeBoard, RefusesBadOptionsAndTooFewSystems) {
  EXPECT_FALSE(BuildAnytimeLeaderboard(OnlyTies(), AnytimeOptions{0.0, 0.0}).ok());
  EXPECT_FALSE(BuildAnytimeLeaderboard(OnlyTies(), AnytimeOptions{0.05, 2.0}).ok());
  Judgments one;
  one.systems().Intern("alone");
  EXPECT_FALSE(BuildAnytimeLeaderboard(one, AnytimeOptions{}).ok());
}

}  // namespace
}  // namespace tourney
