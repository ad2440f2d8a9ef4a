// The stopping rule (stopping_rule.h) against closed forms for two systems: the BT gap is
// ln(w / l) (ties as half wins), its variance 1 / (N p (1 - p)).
#include "tourney/selection/stopping_rule.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

PairCounts TwoSystems(int wins, int losses) {
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, wins);
  c.Add(0, 1, Outcome::kSecondWins, losses);
  return c;
}

double HandZ(double wins, double losses) {
  const double n = wins + losses, p = wins / n;
  return std::log(wins / losses) * std::sqrt(n * p * (1 - p));
}

TEST(StoppingRule, ClearGapIsSeparatedAndSettled) {
  const StoppingEstimate e = EstimateStopping(TwoSystems(30, 10));
  ASSERT_EQ(e.boundaries.size(), 1u);
  EXPECT_EQ(e.boundaries[0].upper, 0);
  EXPECT_NEAR(e.boundaries[0].z, HandZ(30, 10), 0.01);  // 3.01
  EXPECT_TRUE(e.boundaries[0].separated);
  EXPECT_TRUE(e.settled);
  EXPECT_EQ(e.judgments, 40);
  EXPECT_EQ(e.more_judgments, 0);
}

// 26:14 gives z = 1.867: 40 ((1.96 / z)^2 - 1) = 4.1 more judgments.
TEST(StoppingRule, NearlySeparatedBoundaryNeedsAFewMore) {
  const StoppingEstimate e = EstimateStopping(TwoSystems(26, 14));
  const double z = HandZ(26, 14);
  EXPECT_NEAR(e.boundaries[0].z, z, 0.01);
  EXPECT_FALSE(e.boundaries[0].separated);
  EXPECT_NEAR(static_cast<double>(e.boundaries[0].more_judgments),
              40 * ((1.96 / z) * (1.96 / z) - 1), 1.0);
  EXPECT_FALSE(e.settled);
  EXPECT_EQ(e.more_judgments, e.boundaries[0].more_judgments);
}

// 22:18 gives z = 0.63: 345 more judgments, beyond 4 x 40: practically a tie, settled.
TEST(StoppingRule, HopelessBoundaryIsBeyondTheHorizon) {
  const StoppingEstimate e = EstimateStopping(TwoSystems(22, 18));
  EXPECT_NEAR(e.boundaries[0].z, HandZ(22, 18), 0.01);
  EXPECT_EQ(e.boundaries[0].more_judgments, -1);
  EXPECT_TRUE(e.settled);
  StoppingOptions wide;
  wide.horizon = 10;  // 345 <= 400: now within reach, so not settled
  EXPECT_FALSE(EstimateStopping(TwoSystems(22, 18), wide).settled);
}

// Too few judgments never look settled: 3 systems need 2 x 3 = 6.
TEST(StoppingRule, MinimumJudgments) {
  PairCounts c(3);
  c.Add(0, 1, Outcome::kFirstWins, 2);
  const StoppingEstimate e = EstimateStopping(c);
  EXPECT_FALSE(e.settled);
  EXPECT_EQ(e.boundaries.size(), 2u);
  Leaderboard board;
  SetStopping(e, {"a", "b", "c"}, &board);
  EXPECT_EQ(static_cast<int>(board.stopping->boundaries.size()), 2);
  EXPECT_EQ(board.stopping->judgments, 2);
  EXPECT_EQ(board.stopping->boundaries[0].upper, "a");
}

}  // namespace
}  // namespace tourney
