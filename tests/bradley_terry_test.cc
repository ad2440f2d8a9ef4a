#include "tourney/models/bradley_terry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "pairwise_fixture.h"

namespace tourney {
namespace {

using testing::LoadPairwiseFixture;
using testing::MaxRelativeError;

// The fixtures hold the converged MLE (evalica stopped well inside its limit): the
// engine's defaults reproduce them, and the fit solves the likelihood equation.
TEST(BradleyTerry, MatchesEvalicaFixtures) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = LoadPairwiseFixture(dataset);
    const WinMatrix m(f.counts, WinWeights{});
    const BradleyTerryFit fit = FitBradleyTerry(m, BradleyTerryOptions{});
    ASSERT_TRUE(fit.converged) << dataset;
    EXPECT_TRUE(fit.warning.empty()) << dataset;
    const double error = MaxRelativeError(fit.strengths, f.Golden("bradley_terry"));
    const double residual = BradleyTerryResidual(m, fit.strengths);
    std::printf(
        "bradley_terry %-7s %d iterations, likelihood-equation residual %.2g "
        "(fixture's %.2g), max rel error %.3g\n",
        dataset, fit.iterations, residual, BradleyTerryResidual(m, f.Golden("bradley_terry")),
        error);
    EXPECT_LE(error, 1e-5) << dataset;
    EXPECT_LT(residual, 1e-10) << dataset;
  }
}

// With evalica's documented stopping rule (tolerance 1e-6, at most 100 sweeps) the same
// iteration stops a few 1e-8 short of the fixed point.
TEST(BradleyTerry, EvalicaStoppingRuleStopsNearTheFixedPoint) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = LoadPairwiseFixture(dataset);
    BradleyTerryOptions o;
    o.tolerance = 1e-6;
    o.max_iterations = 100;
    const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(f.counts, WinWeights{}), o);
    const double error = MaxRelativeError(fit.strengths, f.Golden("bradley_terry"));
    std::printf("bradley_terry %-7s tolerance 1e-6: %d iterations, max rel error %.3g\n", dataset,
                fit.iterations, error);
    EXPECT_LE(error, 1e-5) << dataset;
  }
}

TEST(BradleyTerry, TwoSystemsGiveTheOddsOfTheirRecord) {
  // a beat b 3 times, lost once: pi_a / pi_b = 3 exactly.
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 3);
  c.Add(0, 1, Outcome::kSecondWins, 1);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), BradleyTerryOptions{});
  EXPECT_NEAR(fit.strengths[0], 0.75, 1e-12);
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(3.0), 1e-12);
  EXPECT_TRUE(fit.warning.empty());
}

TEST(BradleyTerry, TiesCountHalf) {
  // 2 wins, 0 losses, 2 ties: 3 weighted wins of 4, odds 3.
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 2);
  c.Add(0, 1, Outcome::kTie, 2);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), BradleyTerryOptions{});
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(3.0), 1e-12);
}

TEST(BradleyTerry, SystemThatNeverWinsGetsAFiniteScoreAndAWarning) {
  PairCounts c(3);
  c.Add(0, 1, Outcome::kFirstWins, 5);
  c.Add(1, 0, Outcome::kFirstWins, 2);
  c.Add(0, 2, Outcome::kFirstWins, 4);  // 2 never wins
  const WinMatrix m(c, WinWeights{});
  EXPECT_FALSE(BradleyTerryMleExists(m));
  const BradleyTerryFit fit = FitBradleyTerry(m, BradleyTerryOptions{});
  EXPECT_FALSE(fit.warning.empty());
  EXPECT_EQ(fit.prior, kAutoPrior);
  for (double t : fit.theta) EXPECT_TRUE(std::isfinite(t));
  EXPECT_LT(fit.theta[2], fit.theta[1]);
  EXPECT_LT(fit.theta[1], fit.theta[0]);
}

TEST(BradleyTerry, DisconnectedGraphStaysFinite) {
  PairCounts c(4);
  c.Add(0, 1, Outcome::kFirstWins, 3);
  c.Add(1, 0, Outcome::kFirstWins, 1);
  c.Add(2, 3, Outcome::kFirstWins, 1);
  c.Add(3, 2, Outcome::kFirstWins, 3);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), BradleyTerryOptions{});
  EXPECT_FALSE(fit.warning.empty());
  for (double t : fit.theta) EXPECT_TRUE(std::isfinite(t));
  EXPECT_GT(fit.theta[0], fit.theta[1]);
  EXPECT_GT(fit.theta[3], fit.theta[2]);
}

TEST(BradleyTerry, EmptyAndSingleSystem) {
  EXPECT_TRUE(FitBradleyTerry(WinMatrix(PairCounts(0), WinWeights{}), {}).theta.empty());
  const BradleyTerryFit one = FitBradleyTerry(WinMatrix(PairCounts(1), WinWeights{}), {});
  ASSERT_EQ(one.theta.size(), 1u);
  EXPECT_EQ(one.theta[0], 0.0);
}

TEST(BradleyTerry, StandardErrorsOfTwoSystemsByHand) {
  // Without ties, sandwich = model-based: var(theta_a - theta_b) = 1 / (N p (1 - p)) and
  // theta_a = (theta_a - theta_b) / 2 under sum-zero.
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 30);
  c.Add(0, 1, Outcome::kSecondWins, 10);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), {});
  const BradleyTerryErrors se = BradleyTerryStandardErrors(c, WinWeights{}, fit.theta);
  const double expected = 0.5 / std::sqrt(40 * 0.75 * 0.25);
  EXPECT_NEAR(se.model_based[0], expected, 1e-9);
  EXPECT_NEAR(se.sandwich[0], expected, 1e-9);
  EXPECT_NEAR(se.sandwich[1], expected, 1e-9);
}

TEST(BradleyTerry, SandwichShrinksWithTies) {
  // 10 wins, 10 losses, 20 ties: p = 1/2, information N/4 = 10, score variance
  // (10 + 10) / 4 = 5 (ties score 1/2 - 1/2 = 0): var(d) = 5 / 10^2 = 0.05 (model 0.1).
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 10);
  c.Add(0, 1, Outcome::kSecondWins, 10);
  c.Add(0, 1, Outcome::kTie, 20);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), {});
  const BradleyTerryErrors se = BradleyTerryStandardErrors(c, WinWeights{}, fit.theta);
  EXPECT_NEAR(se.sandwich[0], 0.5 * std::sqrt(0.05), 1e-9);
  EXPECT_NEAR(se.model_based[0], 0.5 * std::sqrt(0.1), 1e-9);
}

TEST(BradleyTerry, StandardErrorsCountThePriorInTheInformation) {
  // One win of a over b: the MLE does not exist, the automatic prior adds one virtual game
  // (half a win each way), so M(a,b) = 1.5, M(b,a) = 0.5, p = 3/4. Information A = (1 + 1) p
  // (1 - p) = 0.375 for d = theta_a - theta_b; the score variance B = (1 - p)^2 = 1/16 comes
  // from the real game only: var(d) = B / A^2 = 4/9 (sandwich), 1 / A = 8/3 (model-based).
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(c, WinWeights{}), {});
  ASSERT_EQ(fit.prior, kAutoPrior);
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(3.0), 1e-9);
  const BradleyTerryErrors se = BradleyTerryStandardErrors(c, WinWeights{}, fit.theta, fit.prior);
  EXPECT_NEAR(se.sandwich[0], 0.5 * std::sqrt(4.0 / 9), 1e-9);
  EXPECT_NEAR(se.model_based[0], 0.5 * std::sqrt(8.0 / 3), 1e-9);
}

TEST(BradleyTerry, WeightedComparisonsByHand) {
  // a beat b once with weight 3, b beat a once with weight 1: the fit is that of 3 wins and
  // 1 loss, pi_a / pi_b = 3 and p = 3/4. Sandwich: A = (3 + 1) p (1 - p) = 0.75, B = 3^2 (1 -
  // p)^2 + 1^2 p^2 = 1.125, var(d) = B / A^2 = 2; model-based 1 / A = 4/3. Three copies of
  // the win instead give B = 3 (1 - p)^2 + p^2 = 0.75, var(d) = 4/3: each weighted
  // comparison is one observation.
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(1, 0, Outcome::kFirstWins);
  const std::vector<double> w = {3.0, 1.0};
  const BradleyTerryFit fit = FitBradleyTerry(WeightedWinMatrix(2, c, w, WinWeights{}), {});
  EXPECT_NEAR(fit.theta[0] - fit.theta[1], std::log(3.0), 1e-10);
  const BradleyTerryErrors se =
      WeightedBradleyTerryStandardErrors(2, c, w, WinWeights{}, fit.theta, fit.prior);
  EXPECT_NEAR(se.sandwich[0], 0.5 * std::sqrt(2.0), 1e-9);
  EXPECT_NEAR(se.model_based[0], 0.5 * std::sqrt(4.0 / 3), 1e-9);
  Comparisons copies = c;
  copies.Add(0, 1, Outcome::kFirstWins);
  copies.Add(1, 0, Outcome::kSecondWins);  // the same win, as the second system's loss
  const std::vector<double> ones(4, 1.0);
  const BradleyTerryErrors dup =
      WeightedBradleyTerryStandardErrors(2, copies, ones, WinWeights{}, fit.theta, fit.prior);
  EXPECT_NEAR(dup.sandwich[0], 0.5 * std::sqrt(4.0 / 3), 1e-9);
}

TEST(BradleyTerry, WeightedErrorsWithUnitWeightsAreTheCountErrors) {
  Comparisons c;
  for (int k = 0; k < 7; ++k) c.Add(0, 1, Outcome::kFirstWins);
  for (int k = 0; k < 3; ++k) c.Add(1, 0, Outcome::kFirstWins);
  for (int k = 0; k < 4; ++k) c.Add(2, 1, Outcome::kTie);
  c.Add(2, 0, Outcome::kFirstWins);
  c.Add(0, 2, Outcome::kFirstWins);
  c.Add(1, 2, Outcome::kFirstWins);
  const PairCounts counts = PairCounts::FromComparisons(3, c);
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(counts, WinWeights{}), {});
  const BradleyTerryErrors want = BradleyTerryStandardErrors(counts, WinWeights{}, fit.theta);
  const std::vector<double> ones(c.size(), 1.0);
  const BradleyTerryErrors got =
      WeightedBradleyTerryStandardErrors(3, c, ones, WinWeights{}, fit.theta);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(got.sandwich[i], want.sandwich[i], 1e-13);
    EXPECT_NEAR(got.model_based[i], want.model_based[i], 1e-13);
  }
  // Every weight times 10: the same fit and the same sandwich (A and B^(1/2) scale alike).
  const std::vector<double> tens(c.size(), 10.0);
  const BradleyTerryFit fit10 = FitBradleyTerry(WeightedWinMatrix(3, c, tens, WinWeights{}), {});
  const BradleyTerryErrors se10 =
      WeightedBradleyTerryStandardErrors(3, c, tens, WinWeights{}, fit10.theta);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(fit10.theta[i], fit.theta[i], 1e-9);
    EXPECT_NEAR(se10.sandwich[i], want.sandwich[i], 1e-9);
  }
}

}  // namespace
}  // namespace tourney
