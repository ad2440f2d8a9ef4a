#include "models/rao_kupper.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tourney/experiments/battle_simulator.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

TEST(RaoKupper, TwoSystemsByHand) {
  // 6 wins, 2 losses, 4 ties. The saturated fit reproduces the frequencies:
  // r / (r + t) = 1/2 and 1 / (1 + t r) = 1/6 give t^2 = (1/2)(5/6) / ((1/2)(1/6)) = 5 and
  // r = pi_a / pi_b = t = sqrt(5).
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 6);
  c.Add(0, 1, Outcome::kSecondWins, 2);
  c.Add(0, 1, Outcome::kTie, 4);
  const RaoKupperFit fit = FitRaoKupper(c, RaoKupperOptions{});
  ASSERT_TRUE(fit.converged);
  EXPECT_TRUE(fit.warning.empty());
  EXPECT_NEAR(fit.threshold, std::sqrt(5.0), 1e-8);
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(std::sqrt(5.0)), 1e-8);
}

TEST(RaoKupper, WithoutTiesIsBradleyTerry) {
  BattleSimulationOptions o;
  o.systems = 8;
  o.battles = 5000;
  o.seed = 21;
  const PairCounts counts = CountBattles(SimulateBattles(o));
  const RaoKupperFit rk = FitRaoKupper(counts, RaoKupperOptions{});
  const BradleyTerryFit bt = FitBradleyTerry(WinMatrix(counts, WinWeights{}), {});
  EXPECT_EQ(rk.threshold, 1.0);
  for (int i = 0; i < o.systems; ++i) EXPECT_NEAR(rk.theta[i], bt.theta[i], 1e-8);
}

TEST(RaoKupper, DegenerateDataStaysFinite) {
  PairCounts c(3);
  c.Add(0, 1, Outcome::kTie, 3);  // 2 never plays; nobody wins
  const RaoKupperFit fit = FitRaoKupper(c, RaoKupperOptions{});
  for (double t : fit.theta) EXPECT_TRUE(std::isfinite(t));
  EXPECT_TRUE(std::isfinite(fit.threshold));
  EXPECT_FALSE(fit.warning.empty());
}

}  // namespace
}  // namespace tourney
