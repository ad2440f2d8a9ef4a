#include "tourney/models/contextual_bradley_terry.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tourney/experiments/battle_simulator.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

// Without covariates, Newton on the battles and MM on the counts reach the same MLE.
TEST(ContextualBradleyTerry, WithoutCovariatesIsPlainBradleyTerry) {
  BattleSimulationOptions o;
  o.systems = 12;
  o.battles = 20000;
  o.tie_nu = 0.3;
  o.seed = 3;
  const BattleLog log = SimulateBattles(o);
  auto fit = FitContextualBradleyTerry(log, ContextualOptions{});
  ASSERT_TRUE(fit.ok()) << fit.status().message();
  EXPECT_TRUE(fit->converged);
  const PairCounts counts = CountBattles(log);
  const BradleyTerryFit mm = FitBradleyTerry(WinMatrix(counts, WinWeights{}), {});
  const BradleyTerryErrors se = BradleyTerryStandardErrors(counts, WinWeights{}, mm.theta);
  for (int i = 0; i < o.systems; ++i) {
    EXPECT_NEAR(fit->theta[i], mm.theta[i], 1e-8);
    EXPECT_NEAR(fit->theta_se[i], se.sandwich[i], 1e-8);
  }
}

// The style coefficient and the strengths are recovered from data simulated with them.
TEST(ContextualBradleyTerry, RecoversTheStyleEffectFromSimulation) {
  BattleSimulationOptions o;
  o.systems = 10;
  o.battles = 200000;
  o.style_effect = 0.8;
  o.seed = 11;
  const BattleLog log = SimulateBattles(o);
  ASSERT_EQ(log.covariate_names.size(), 1u);
  auto fit = FitContextualBradleyTerry(log, ContextualOptions{});
  ASSERT_TRUE(fit.ok());
  std::printf("style effect 0.8: estimate %.4f (se %.4f) after %d Newton iterations\n",
              fit->beta[0], fit->beta_se[0], fit->iterations);
  EXPECT_NEAR(fit->beta[0], 0.8, 4 * fit->beta_se[0]);
  EXPECT_GT(fit->beta_se[0], 0.0);
  const BattleTruth truth = SimulatedTruth(o);
  double mean = 0;
  for (double t : truth.theta) mean += t / o.systems;
  for (int i = 0; i < o.systems; ++i) {
    EXPECT_NEAR(fit->theta[i], truth.theta[i] - mean, 5 * fit->theta_se[i]);
  }
}

TEST(ContextualBradleyTerry, TwoSystemsWithBinaryCovariateByHand) {
  // a vs b; covariate z = 1 in half the battles: with z = 0, a wins 6 of 8 (logit log 3);
  // with z = 1, a wins 2 of 8 (logit -log 3). Saturated: theta_a - theta_b = log 3,
  // beta = -2 log 3.
  BattleLog log;
  log.systems.Intern("a");
  log.systems.Intern("b");
  log.covariate_names = {"z"};
  auto add = [&](Outcome o, double z, int times) {
    for (int t = 0; t < times; ++t) {
      log.battles.Add(0, 1, o);
      log.covariates.push_back(z);
    }
  };
  add(Outcome::kFirstWins, 0, 6);
  add(Outcome::kSecondWins, 0, 2);
  add(Outcome::kFirstWins, 1, 2);
  add(Outcome::kSecondWins, 1, 6);
  auto fit = FitContextualBradleyTerry(log, ContextualOptions{});
  ASSERT_TRUE(fit.ok());
  EXPECT_NEAR(fit->theta[0] - fit->theta[1], std::log(3.0), 1e-9);
  EXPECT_NEAR(fit->beta[0], -2 * std::log(3.0), 1e-9);
}

// The fit is equivariant in the covariate's units: z * 1e300 gives the same strengths and
// beta / 1e300 (before the covariates were scaled, w z^2 overflowed and sigma was NaN).
TEST(ContextualBradleyTerry, HugeCovariatesGiveTheRescaledFit) {
  BattleSimulationOptions o;
  o.systems = 6;
  o.battles = 4000;
  o.style_effect = 0.5;
  o.seed = 5;
  const BattleLog log = SimulateBattles(o);
  BattleLog huge = log;
  for (double& z : huge.covariates) z *= 1e300;
  auto plain = FitContextualBradleyTerry(log, ContextualOptions{});
  auto scaled = FitContextualBradleyTerry(huge, ContextualOptions{});
  ASSERT_TRUE(plain.ok() && scaled.ok()) << scaled.status().message();
  for (int i = 0; i < o.systems; ++i) {
    EXPECT_NEAR(scaled->theta[i], plain->theta[i], 1e-8);
    EXPECT_NEAR(scaled->theta_se[i], plain->theta_se[i], 1e-8);
  }
  EXPECT_NEAR(scaled->beta[0] * 1e300, plain->beta[0], 1e-8);
  EXPECT_NEAR(scaled->beta_se[0] * 1e300, plain->beta_se[0], 1e-8);
  EXPECT_TRUE(std::isfinite(scaled->beta[0]) && std::isfinite(scaled->beta_se[0]));
}

TEST(ContextualBradleyTerry, ConstantCovariateIsAnError) {
  BattleLog log;
  log.systems.Intern("a");
  log.systems.Intern("b");
  log.covariate_names = {"z"};
  log.battles.Add(0, 1, Outcome::kFirstWins);
  log.battles.Add(1, 0, Outcome::kFirstWins);
  log.covariates = {2.0, 2.0};
  auto fit = FitContextualBradleyTerry(log, ContextualOptions{});
  ASSERT_FALSE(fit.ok());
  EXPECT_EQ(fit.status().message(), "covariate 'z' is constant: its effect cannot be estimated");
}

TEST(ContextualBradleyTerry, NeverWinningSystemStaysFinite) {
  BattleLog log;
  for (const char* s : {"a", "b", "c"}) log.systems.Intern(s);
  log.covariate_names = {"z"};
  const int pairs[][2] = {{0, 1}, {1, 0}, {0, 2}, {1, 2}, {0, 1}};
  double z = -1;
  for (auto [a, b] : pairs) {
    log.battles.Add(a, b, Outcome::kFirstWins);  // c never wins
    log.covariates.push_back(z += 0.5);
  }
  auto fit = FitContextualBradleyTerry(log, ContextualOptions{});
  ASSERT_TRUE(fit.ok());
  EXPECT_FALSE(fit->warning.empty());
  for (double t : fit->theta) EXPECT_TRUE(std::isfinite(t));
  for (double s : fit->theta_se) EXPECT_TRUE(std::isfinite(s));
}

}  // namespace
}  // namespace tourney
