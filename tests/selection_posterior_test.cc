// The selection posterior (selection_posterior.h): the Bradley-Terry fit against closed
// forms, and the centred sds the active selectors read.
#include "tourney/selection/selection_posterior.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

// Counts that a BT model with differences ln 2, ln 2 (and ln 4) fits exactly: 2/3, 2/3 and
// 4/5 win shares, so the maximum-likelihood differences are exactly those.
TEST(SelectionPosterior, BtFitRecoversExactRatios) {
  PairCounts c(3);
  c.Add(0, 1, Outcome::kFirstWins, 20);
  c.Add(0, 1, Outcome::kSecondWins, 10);
  c.Add(1, 2, Outcome::kFirstWins, 20);
  c.Add(1, 2, Outcome::kSecondWins, 10);
  c.Add(0, 2, Outcome::kFirstWins, 40);
  c.Add(0, 2, Outcome::kSecondWins, 10);
  const SelectionBtFit fit = FitSelectionBt(c, 1e-9);
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(2.0), 1e-6);
  EXPECT_NEAR(fit.theta[1] - fit.theta[2], std::log(2.0), 1e-6);
}

// Two systems, 30 wins, 10 losses and 8 ties (4 + 4 half wins): share 34/48, difference
// ln(34/14); the variance of the difference is 1 / (N p (1 - p)) with N = 48, p = 34/48.
TEST(SelectionPosterior, BtFitTiesAndVariance) {
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 30);
  c.Add(1, 0, Outcome::kFirstWins, 10);
  c.Add(0, 1, Outcome::kTie, 8);
  const SelectionBtFit fit = FitSelectionBt(c, 1e-9);
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(34.0 / 14.0), 1e-6);
  const double p = 34.0 / 48.0;
  const double var = fit.covariance[0] + fit.covariance[3] - 2 * fit.covariance[1];
  EXPECT_NEAR(var, 1.0 / (48 * p * (1 - p)), 1e-4);
}

// Two systems: theta_0 - mean = (theta_0 - theta_1) / 2, so its sd is half the sd of the
// difference, sqrt(1 / (N p (1 - p))) / 2 with N = 40, p = 3/4 (the weak prior of precision
// 0.01 moves this by about 0.1%); the means are +-ln(3)/2 around 0.
TEST(SelectionPosterior, CentredSds) {
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 30);
  c.Add(0, 1, Outcome::kSecondWins, 10);
  const std::vector<Rating> r = SelectionPosterior(c);
  ASSERT_EQ(r.size(), 2u);
  const double sd = 0.5 * std::sqrt(1.0 / (40 * 0.75 * 0.25));
  EXPECT_NEAR(r[0].sigma, sd, 0.002 * sd);
  EXPECT_NEAR(r[1].sigma, sd, 0.002 * sd);
  EXPECT_NEAR(r[0].mu - r[1].mu, std::log(3.0), 0.002);
  EXPECT_NEAR(r[0].mu + r[1].mu, 0.0, 1e-9);
}

// No data: every system at 0 with the prior's sd of theta_i - mean, sqrt((1 - 1/n) / 0.01).
TEST(SelectionPosterior, PriorOnly) {
  const std::vector<Rating> r = SelectionPosterior(PairCounts(4));
  for (const Rating& x : r) {
    EXPECT_EQ(x.mu, 0.0);
    EXPECT_NEAR(x.sigma, std::sqrt(0.75 / 0.01), 1e-9);
  }
}

}  // namespace
}  // namespace tourney
