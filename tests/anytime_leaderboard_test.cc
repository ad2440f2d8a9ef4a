#include "tourney/sequential/anytime_leaderboard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

AnytimeLeaderboard Make(int n, double delta, double epsilon) {
  auto board = AnytimeLeaderboard::Create(n, AnytimeOptions{delta, epsilon});
  EXPECT_TRUE(board.ok()) << board.status().message();
  return std::move(board).value();
}

TEST(AnytimeLeaderboard, RefusesBadOptions) {
  EXPECT_FALSE(AnytimeLeaderboard::Create(1, {}).ok());
  EXPECT_FALSE(AnytimeLeaderboard::Create(3, {0.0, 0.0}).ok());
  EXPECT_FALSE(AnytimeLeaderboard::Create(3, {1.0, 0.0}).ok());
  EXPECT_FALSE(AnytimeLeaderboard::Create(3, {NAN, 0.0}).ok());
  EXPECT_FALSE(AnytimeLeaderboard::Create(3, {0.05, -0.1}).ok());
  EXPECT_FALSE(AnytimeLeaderboard::Create(3, {0.05, INFINITY}).ok());
  EXPECT_TRUE(AnytimeLeaderboard::Create(3, {0.05, 0.03}).ok());
}

TEST(AnytimeLeaderboard, SplitsDeltaOverEveryPair) {
  // 16 systems: 120 pairs, alpha = 0.05 / 120.
  EXPECT_DOUBLE_EQ(Make(16, 0.05, 0).pair_alpha(), 0.05 / 120);
}

TEST(AnytimeLeaderboard, NoJudgmentsMeansNothingIsKnown) {
  AnytimeLeaderboard board = Make(4, 0.05, 0.1);
  const AnytimeSummary s = board.Summarize();
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(s.lo[i], 0.0);
    EXPECT_EQ(s.hi[i], 1.0);
    EXPECT_EQ(s.score[i], 0.5);
    EXPECT_EQ(s.cluster[i], 1);
  }
  EXPECT_EQ(s.separations, 0);
  EXPECT_FALSE(s.settled);
}

TEST(AnytimeLeaderboard, TiesGiveTheClosedFormAndSettleWithinEpsilon) {
  // 3 systems, 100 ties per pair. alpha = 0.05 / 3; only ties, so the variance process is 0
  // and the radius solves (1/24) sum_k exp(lambda_k s) = 2 / alpha: s / 100 = 0.0870467158
  // (an independent bisection, running_mean_sequence_test.cc), each pair's interval
  // [0.4129532842, 0.5870467158], and so is every Borda interval.
  for (double epsilon : {0.1, 0.2}) {
    AnytimeLeaderboard board = Make(3, 0.05, epsilon);
    for (int t = 0; t < 100; ++t) {
      board.Add(0, 1, Outcome::kTie);
      board.Add(2, 0, Outcome::kTie);
      board.Add(1, 2, Outcome::kTie);
    }
    EXPECT_NEAR(board.PreferenceLo(0, 1), 0.4129532842, 1e-9);
    EXPECT_NEAR(board.PreferenceHi(1, 0), 0.5870467158, 1e-9);
    const AnytimeSummary s = board.Summarize();
    EXPECT_EQ(s.comparisons, 300);
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(s.lo[i], 0.4129532842, 1e-9);
      EXPECT_NEAR(s.hi[i], 0.5870467158, 1e-9);
      EXPECT_DOUBLE_EQ(s.score[i], 0.5);
    }
    EXPECT_EQ(s.separations, 0);
    // Width 0.1741: a tie within 0.2, not within 0.1.
    EXPECT_EQ(s.settled, epsilon == 0.2);
    EXPECT_EQ(s.boundaries[0].tie_within_epsilon, epsilon == 0.2);
  }
}

TEST(AnytimeLeaderboard, PairBoundsMirror) {
  AnytimeLeaderboard board = Make(3, 0.05, 0);
  Rng rng(3);
  for (int t = 0; t < 500; ++t) {
    const double u = rng.Uniform();
    board.Add(2, 0, u < 0.6 ? Outcome::kFirstWins : u < 0.8 ? Outcome::kTie : Outcome::kSecondWins);
  }
  EXPECT_EQ(board.PairCount(0, 2), 500);
  EXPECT_DOUBLE_EQ(board.PreferenceLo(2, 0), 1.0 - board.PreferenceHi(0, 2));
  EXPECT_DOUBLE_EQ(board.PreferenceMean(2, 0), 1.0 - board.PreferenceMean(0, 2));
  EXPECT_EQ(board.PairCount(0, 1), 0);
}

TEST(AnytimeLeaderboard, ClearWinsSeparateIntoClusters) {
  // 0 always beats 1 and 2, which always tie; after 300 judgments of each pair, 0 is
  // certified better than both, and 1 and 2 share the second cluster.
  AnytimeLeaderboard board = Make(3, 0.05, 0);
  for (int t = 0; t < 300; ++t) {
    board.Add(0, 1, Outcome::kFirstWins);
    board.Add(2, 0, Outcome::kSecondWins);
    board.Add(1, 2, Outcome::kTie);
  }
  const AnytimeSummary s = board.Summarize();
  EXPECT_EQ(s.order[0], 0);
  EXPECT_EQ(s.cluster[0], 1);
  EXPECT_EQ(s.cluster[1], 2);
  EXPECT_EQ(s.cluster[2], 2);
  EXPECT_EQ(s.separations, 1);
  EXPECT_TRUE(s.boundaries[0].separated);
  EXPECT_FALSE(s.boundaries[1].separated);
  // Borda of system 0 is 1 (it wins everything); of 1 and 2, (0 + 1/2) / 2 = 1/4.
  EXPECT_NEAR(s.score[0], 1.0, 1e-12);
  EXPECT_NEAR(s.score[1], 0.25, 1e-12);
  EXPECT_LE(s.lo[1], 0.25);
  EXPECT_GE(s.hi[1], 0.25);
}

TEST(AnytimeLeaderboard, ABoundaryNeedsEveryPairAcrossIt) {
  // 0 always beats 1 and 1 always beats 2 (400 judgments each), but (0, 2) is never
  // judged. Both judged pairs are certified; the unjudged pair is [0, 1], so 0's Borda
  // bounds are [(lo01 + 0) / 2, 1], below 1/2 at the bottom, and 2's are [0, (hi21 + 1) / 2],
  // above 1/2 at the top: (0, 2) is certified by neither rule, and since it crosses both
  // boundaries of the order 0 > 1 > 2, neither boundary falls.
  AnytimeLeaderboard board = Make(3, 0.05, 0);
  for (int t = 0; t < 400; ++t) {
    board.Add(0, 1, Outcome::kFirstWins);
    board.Add(1, 2, Outcome::kFirstWins);
  }
  const AnytimeSummary s = board.Summarize();
  EXPECT_GT(board.PreferenceLo(0, 1), 0.5);
  EXPECT_GT(board.PreferenceLo(1, 2), 0.5);
  EXPECT_EQ(s.separations, 0);
  // (0, 2) is the pair that blocks both boundaries.
  for (const AnytimeBoundary& b : s.boundaries) {
    EXPECT_EQ(b.blocking_upper, 0);
    EXPECT_EQ(b.blocking_lower, 2);
  }
}

TEST(AnytimeLeaderboard, EachOpenBoundaryNamesTheFurthestUncertifiedPair) {
  // Scores order the systems 0 > 1 > 2 > 3 > 4; every pair is certified (the higher one
  // better) except (0, 2) and (1, 3). By hand, the pairs across each boundary:
  //   0 | 1: (0,1) (0,2) (0,3) (0,4)                  -> open, only (0, 2) uncertified;
  //   1 | 2: (0,2) (0,3) (0,4) (1,2) (1,3) (1,4)      -> open, (0, 2) and (1, 3): (1, 3)
  //          reaches furthest down;
  //   2 | 3: (u <= 2, l >= 3)                         -> open, only (1, 3);
  //   3 | 4: every pair with 4 is certified           -> separated, no blocking pair.
  AnytimeSummary s;
  s.score = {0.9, 0.7, 0.5, 0.3, 0.1};
  const auto certified = [](SystemId u, SystemId l) {
    if ((u == 0 && l == 2) || (u == 1 && l == 3)) return false;
    return u < l;
  };
  SettleBoundaries(certified, [](SystemId, SystemId) { return false; }, false, &s);
  ASSERT_EQ(s.boundaries.size(), 4u);
  const SystemId upper[] = {0, 1, 1, -1}, lower[] = {2, 3, 3, -1};
  const bool separated[] = {false, false, false, true};
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(s.boundaries[r].separated, separated[r]) << r;
    EXPECT_EQ(s.boundaries[r].blocking_upper, upper[r]) << r;
    EXPECT_EQ(s.boundaries[r].blocking_lower, lower[r]) << r;
  }
  // Two pairs reaching equally far: the one starting higher (the wider) is named.
  const auto two = [](SystemId u, SystemId l) { return u < l && l != 2; };
  AnytimeSummary t;
  t.score = {0.9, 0.7, 0.5};
  SettleBoundaries(two, [](SystemId, SystemId) { return false; }, false, &t);
  EXPECT_EQ(t.boundaries[1].blocking_upper, 0);
  EXPECT_EQ(t.boundaries[1].blocking_lower, 2);
}

// An adversarial adaptive rule on systems of which several are exactly equal: it always
// judges the pair whose preference looks most separated without being certified (the
// rule that makes fixed-sample intervals overconfident). With delta = 0.1, the share of
// campaigns in which any stated separation is wrong, at any time, must stay below delta.
TEST(AnytimeLeaderboard, SeparationsStayRightUnderAdaptiveSelection) {
  const int n = 5;
  const double quality[n] = {0.0, 0.0, 0.0, 0.3, 0.3};  // two groups of exact ties
  const int campaigns = 300;
  int wrong_campaigns = 0;
  Rng rng(11);
  for (int c = 0; c < campaigns; ++c) {
    AnytimeLeaderboard board = Make(n, 0.1, 0);
    bool wrong = false;
    for (int t = 0; t < 3000 && !wrong; ++t) {
      int best_a = 0, best_b = 1;
      double best = -1.0;
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          const double m = std::abs(board.PreferenceMean(a, b) - 0.5);
          const bool certified = board.PreferenceLo(a, b) > 0.5 || board.PreferenceHi(a, b) < 0.5;
          const double value = certified ? -0.5 : m + 1e-3 * rng.Uniform();
          if (value > best) best = value, best_a = a, best_b = b;
        }
      }
      // P(a wins) from a logistic model of the quality gap, 20% ties.
      const double p = 1.0 / (1.0 + std::exp(-(quality[best_a] - quality[best_b]) * 4));
      const double u = rng.Uniform();
      board.Add(best_a, best_b,
                u < 0.2             ? Outcome::kTie
                : u < 0.2 + 0.8 * p ? Outcome::kFirstWins
                                    : Outcome::kSecondWins);
      if (t % 100 == 99) {
        const AnytimeSummary s = board.Summarize();
        for (int a = 0; a < n; ++a) {
          for (int b = 0; b < n; ++b) {
            if (s.cluster[a] < s.cluster[b] && quality[a] <= quality[b]) wrong = true;
          }
        }
      }
    }
    wrong_campaigns += wrong;
  }
  EXPECT_LE(wrong_campaigns, static_cast<int>(0.1 * campaigns));
}

TEST(AnytimeLeaderboard, RankRangesCountTheCertifiedRelations) {
  // 0 beats everyone, 3 loses to everyone, 1 and 2 only tie: 300 judgments per pair.
  // A pair of 300 wins has centre 1 and radius 0.0337 (alpha 0.05 / 6), so every relation
  // with 0 or 3 is certified; 1 - 2 is 1/2 +- 0.0317: not certified.
  // Ranges: 0 has nobody certified better and 3 certified worse: 1-1; 1 and 2 have one
  // better and one worse: 2-3; 3: 4-4.
  AnytimeLeaderboard board = Make(4, 0.05, 0);
  for (int t = 0; t < 300; ++t) {
    for (SystemId other : {1, 2, 3}) board.Add(0, other, Outcome::kFirstWins);
    board.Add(3, 1, Outcome::kSecondWins);
    board.Add(2, 3, Outcome::kFirstWins);
    board.Add(1, 2, Outcome::kTie);
  }
  const AnytimeSummary s = board.Summarize();
  EXPECT_TRUE(board.Certified(s, 0, 1));
  EXPECT_TRUE(board.Certified(s, 2, 3));
  EXPECT_FALSE(board.Certified(s, 1, 0));
  EXPECT_FALSE(board.Certified(s, 1, 2));
  EXPECT_FALSE(board.Certified(s, 2, 1));
  const auto ranges = board.RankRanges(s);
  ASSERT_EQ(ranges.size(), 4u);
  const int lo[] = {1, 2, 2, 4}, hi[] = {1, 3, 3, 4};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(ranges[i].lo, lo[i]) << i;
    EXPECT_EQ(ranges[i].hi, hi[i]) << i;
  }
}

}  // namespace
}  // namespace tourney
