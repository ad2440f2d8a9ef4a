#include "tourney/models/scored_pairs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

// Items of (system, score) answers.
ScoredItems Items(int num_systems, const std::vector<std::vector<std::pair<int, double>>>& items) {
  ScoredItems out;
  out.num_systems = num_systems;
  for (const auto& item : items) {
    for (const auto& [system, score] : item) {
      out.systems.push_back(system);
      out.scores.push_back(score);
    }
    out.offsets.push_back(static_cast<uint32_t>(out.systems.size()));
  }
  return out;
}

TEST(ScoredPairs, SoftOutcomeIsHalfPlusTheDifferenceOverTwiceTheRange) {
  EXPECT_DOUBLE_EQ(ScoredPairOutcome(80, 60, 100), 0.6);
  EXPECT_DOUBLE_EQ(ScoredPairOutcome(60, 80, 100), 0.4);
  EXPECT_DOUBLE_EQ(ScoredPairOutcome(70, 70, 100), 0.5);
  EXPECT_DOUBLE_EQ(ScoredPairOutcome(100, 0, 100), 1.0);
  EXPECT_DOUBLE_EQ(ScoredPairOutcome(5, -5, 4), 1.0);  // beyond the range: clamped
}

TEST(ScoredPairs, WinMatrixByHand) {
  // Item 1: a 100, b 50, c 0 (R = 100): w_ab = 0.75, w_ac = 1, w_bc = 0.75. Item 2: b 40,
  // a 60: w_ba = 0.4. M(a,b) = 0.75 + 0.6, M(b,a) = 0.25 + 0.4, M(a,c) = 1, M(c,a) = 0,
  // M(b,c) = 0.75, M(c,b) = 0.25.
  const ScoredItems items = Items(3, {{{0, 100}, {1, 50}, {2, 0}}, {{1, 40}, {0, 60}}});
  ASSERT_TRUE(CheckScoredItems(items).ok());
  const WinMatrix m = ScoredPairWinMatrix(items, 100);
  const std::vector<double> want = {0.0, 1.35, 1.0, 0.65, 0.0, 0.75, 0.0, 0.25, 0.0};
  for (size_t k = 0; k < want.size(); ++k) EXPECT_NEAR(m.values()[k], want[k], 1e-15) << k;
  // Item 2 drawn twice, item 1 not at all.
  const std::vector<int32_t> times = {0, 2};
  const WinMatrix twice = ScoredPairWinMatrix(items, 100, times);
  EXPECT_NEAR(twice(0, 1), 1.2, 1e-15);
  EXPECT_NEAR(twice(1, 0), 0.8, 1e-15);
  EXPECT_EQ(twice(0, 2), 0.0);
}

TEST(ScoredPairs, TwoSystemsGiveTheOddsOfTheirSoftWins) {
  // Items (80, 60) and (70, 70): soft wins a 0.6 + 0.5 = 1.1, b 0.9; theta_a - theta_b =
  // log(1.1 / 0.9).
  const ScoredItems items = Items(2, {{{0, 80}, {1, 60}}, {{0, 70}, {1, 70}}});
  ScoredPairsOptions o;
  o.replicates = 0;
  const auto r = FitScoredPairs(items, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->theta[0] - r->theta[1], std::log(1.1 / 0.9), 1e-9);
  EXPECT_NEAR(r->theta[0] + r->theta[1], 0.0, 1e-12);
}

TEST(ScoredPairs, BootstrapRepeatsFromTheSeedAtAnyThreadCount) {
  const ScoredItems items = Items(3, {{{0, 90}, {1, 50}, {2, 10}},
                                      {{0, 60}, {1, 70}},
                                      {{2, 40}, {1, 45}, {0, 80}},
                                      {{0, 20}, {2, 30}}});
  ScoredPairsOptions o;
  o.replicates = 40;
  o.seed = 7;
  o.threads = 1;
  const auto one = FitScoredPairs(items, o);
  o.threads = 3;
  const auto three = FitScoredPairs(items, o);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(one->replicate_theta, three->replicate_theta);
  ASSERT_EQ(one->replicate_theta.size(), 40u * 3u);
  o.seed = 8;
  EXPECT_NE(FitScoredPairs(items, o)->replicate_theta, one->replicate_theta);
}

TEST(ScoredPairs, RefusesBadItems) {
  EXPECT_FALSE(CheckScoredItems(Items(2, {{{0, 1}, {0, 2}}})).ok());    // a system twice
  EXPECT_FALSE(CheckScoredItems(Items(2, {{{0, 1}, {2, 2}}})).ok());    // id out of range
  EXPECT_FALSE(CheckScoredItems(Items(2, {{{0, NAN}, {1, 2}}})).ok());  // not finite
  ScoredPairsOptions o;
  o.range = 0.0;
  EXPECT_FALSE(FitScoredPairs(Items(2, {{{0, 1}, {1, 2}}}), o).ok());
  EXPECT_FALSE(FitScoredPairs(Items(2, {}), ScoredPairsOptions{}).ok());
  ScoredPairsOptions stop;
  stop.cancelled = [] { return true; };
  EXPECT_EQ(FitScoredPairs(Items(2, {{{0, 1}, {1, 2}}}), stop).status().code(),
            StatusCode::kCancelled);
}

}  // namespace
}  // namespace tourney
