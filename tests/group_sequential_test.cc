// Planned looks: the Lan-DeMets O'Brien-Fleming-type boundaries against published values,
// one look as the fixed-sample z, and the overall error by simulation of the statistic.
#include "tourney/sequential/group_sequential.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tourney/core/random.h"

namespace tourney {
namespace {

TEST(GroupSequential, OneLookIsTheFixedSampleZ) {
  auto looks = PlanEqualLooks(1, 0.05);
  ASSERT_TRUE(looks.ok());
  ASSERT_EQ(looks->size(), 1u);
  EXPECT_NEAR((*looks)[0].critical, 1.959963984540054, 1e-6);
  EXPECT_NEAR((*looks)[0].nominal_alpha, 0.05, 1e-8);
}

// The published two-sided alpha = 0.05 boundaries of the O'Brien-Fleming-type spending
// function at 4 equally spaced looks (R's gsDesign, test.type = 2, sfu = sfLDOF; the design
// every group-sequential text tabulates): 4.333, 2.963, 2.359, 2.014. The first look of two
// by hand: one side spends 2 - 2 Phi(z_{0.9875} / sqrt(1/2)) = 2 - 2 Phi(3.16988) there,
// so c_1 = Phi^-1(1 - (1 - Phi(3.16988))) = 2.963 (to 1e-3), and the last look's c is
// above 1.96 and below the first.
TEST(GroupSequential, ObrienFlemingTypeBoundariesMatchPublishedValues) {
  auto two = PlanEqualLooks(2, 0.05);
  ASSERT_TRUE(two.ok());
  EXPECT_NEAR((*two)[0].critical, 2.963, 1e-3);
  EXPECT_GT((*two)[1].critical, 1.96);
  EXPECT_LT((*two)[1].critical, 2.0);
  auto four = PlanEqualLooks(4, 0.05);
  ASSERT_TRUE(four.ok());
  const double published[] = {4.333, 2.963, 2.359, 2.014};
  for (int k = 0; k < 4; ++k) EXPECT_NEAR((*four)[k].critical, published[k], 2e-3) << k;
  // Spending by hand: alpha(1/4) = 2 (2 - 2 Phi(z_{0.9875} / 0.5)), z_{0.9875} = 2.241403.
  EXPECT_NEAR((*four)[0].spent,
              2.0 * (2.0 - 2.0 * 0.5 * std::erfc(-2.241402727604947 / 0.5 / std::sqrt(2.0))),
              1e-10);
  EXPECT_NEAR((*four)[3].spent, 0.05, 1e-12);
}

// A Brownian motion observed at 4 equal looks crosses the boundaries with probability 0.05:
// 200,000 simulated paths, within 3 binomial sds (0.0015).
TEST(GroupSequential, OverallErrorIsAlphaBySimulation) {
  auto looks = PlanEqualLooks(4, 0.05);
  ASSERT_TRUE(looks.ok());
  Rng rng(11);
  const int paths = 200000;
  int crossed = 0;
  for (int p = 0; p < paths; ++p) {
    double w = 0.0;
    for (int k = 0; k < 4; ++k) {
      w += rng.Normal(0.0, std::sqrt(0.25));
      const double t = 0.25 * (k + 1);
      if (std::fabs(w / std::sqrt(t)) >= (*looks)[k].critical) {
        ++crossed;
        break;
      }
    }
  }
  EXPECT_NEAR(static_cast<double>(crossed) / paths, 0.05, 0.0015);
}

TEST(GroupSequential, BadPlansAreErrors) {
  EXPECT_FALSE(PlanEqualLooks(0, 0.05).ok());
  EXPECT_FALSE(PlanEqualLooks(101, 0.05).ok());
  EXPECT_FALSE(PlanEqualLooks(4, 0.0).ok());
  EXPECT_FALSE(PlanLooks({0.5, 0.4, 1.0}, 0.05).ok());
  EXPECT_FALSE(PlanLooks({0.5, 0.9}, 0.05).ok());
  EXPECT_FALSE(PlanLooks({}, 0.05).ok());
}

}  // namespace
}  // namespace tourney
