#include "models/plackett_luce.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/core/random.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

void Add(Judgments& j, std::vector<SystemId> systems, std::vector<uint8_t> ranks, int times = 1) {
  for (int t = 0; t < times; ++t) j.AddRanking(systems, ranks);
}

Judgments WithSystems(int n) {
  Judgments j;
  for (int i = 0; i < n; ++i) j.systems().Intern(std::string("s") + std::to_string(i));
  return j;
}

// With two-way rankings and no ties, Plackett-Luce is Bradley-Terry: compare with the MM fit
// of bradley_terry.h on the same data.
TEST(PlackettLuce, TwoWayRankingsWithoutTiesAreBradleyTerry) {
  Judgments j = WithSystems(4);
  Rng rng(3);
  PairCounts counts(4);
  for (int k = 0; k < 400; ++k) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(4));
    const SystemId b = static_cast<SystemId>((a + 1 + rng.UniformInt(3)) % 4);
    const bool a_wins = rng.Uniform() < 0.3 + 0.1 * a;
    Add(j, {a, b}, {static_cast<uint8_t>(a_wins ? 1 : 2), static_cast<uint8_t>(a_wins ? 2 : 1)});
    counts.Add(a, b, a_wins ? Outcome::kFirstWins : Outcome::kSecondWins);
  }
  const PlackettLuceFit pl = FitPlackettLuce(j, PlackettLuceOptions{});
  const BradleyTerryFit bt = FitBradleyTerry(WinMatrix(counts, WinWeights{}), {});
  const BradleyTerryErrors se = BradleyTerryStandardErrors(counts, WinWeights{}, bt.theta);
  ASSERT_TRUE(pl.converged);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(pl.theta[i], bt.theta[i], 1e-8);
    EXPECT_NEAR(pl.sandwich[i], se.sandwich[i], 1e-8);
    EXPECT_NEAR(pl.model_based[i], se.model_based[i], 1e-8);
  }
}

// Three systems, rankings a > b > c (x2), b > a > c, c > a > b. Hunter's likelihood equations
// at the MLE: each system's number of choices equals its expected number, checked directly.
TEST(PlackettLuce, SolvesTheLikelihoodEquations) {
  Judgments j = WithSystems(3);
  Add(j, {0, 1, 2}, {1, 2, 3}, 2);
  Add(j, {0, 1, 2}, {2, 1, 3});
  Add(j, {0, 1, 2}, {2, 3, 1});
  Add(j, {0, 1, 2}, {3, 1, 2});
  const PlackettLuceFit fit = FitPlackettLuce(j, PlackettLuceOptions{});
  ASSERT_TRUE(fit.converged);
  std::vector<double> g(3);
  for (int i = 0; i < 3; ++i) g[i] = std::exp(fit.theta[i]);
  // Stages: {0,1,2} chose 0 (x2), 1, 2, 1; then {1,2} chose 1 (x2); {0,2} chose 0;
  // {0,1} chose 0; {0,2} chose 2. Choices: 0 four times, 1 four times, 2 twice.
  std::vector<double> chosen = {4, 4, 2}, expected(3, 0.0);
  auto stage = [&](std::vector<int> set, double times) {
    double total = 0;
    for (int s : set) total += g[s];
    for (int s : set) expected[s] += times * g[s] / total;
  };
  stage({0, 1, 2}, 5);
  stage({1, 2}, 2);
  stage({0, 2}, 2);
  stage({0, 1}, 1);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(expected[i], chosen[i], 1e-8);
}

TEST(PlackettLuce, RecoversATruthFromFiveWayRankings) {
  // Rankings drawn by the Gumbel-max construction of Plackett-Luce.
  const std::vector<double> truth = {-1.0, -0.5, 0.0, 0.5, 1.0, 1.5};
  Judgments j = WithSystems(6);
  Rng rng(9);
  for (int k = 0; k < 20000; ++k) {
    std::vector<SystemId> pick = {0, 1, 2, 3, 4, 5};
    for (int i = 5; i > 0; --i) std::swap(pick[i], pick[rng.UniformInt(i + 1)]);
    pick.resize(5);
    std::vector<std::pair<double, SystemId>> noisy;
    for (SystemId s : pick)
      noisy.emplace_back(truth[s] - std::log(-std::log(rng.UniformOpen())), s);
    std::sort(noisy.rbegin(), noisy.rend());
    std::vector<uint8_t> ranks(5);
    for (int r = 0; r < 5; ++r) {
      const auto it = std::find(pick.begin(), pick.end(), noisy[r].second);
      ranks[it - pick.begin()] = static_cast<uint8_t>(r + 1);
    }
    j.AddRanking(pick, ranks);
  }
  const PlackettLuceFit fit = FitPlackettLuce(j, PlackettLuceOptions{});
  const double mean = std::accumulate(truth.begin(), truth.end(), 0.0) / 6;
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(fit.theta[i], truth[i] - mean, 4 * fit.sandwich[i]);
}

TEST(PlackettLuce, TiesAndNeverWinningSystemsStayFinite) {
  Judgments j = WithSystems(4);
  Add(j, {0, 1, 2}, {1, 1, 2});
  Add(j, {0, 1, 3}, {2, 1, 3});
  Add(j, {2, 3}, {1, 1});
  const PlackettLuceFit fit = FitPlackettLuce(j, PlackettLuceOptions{});
  for (double t : fit.theta) EXPECT_TRUE(std::isfinite(t));
  for (double s : fit.sandwich) EXPECT_TRUE(std::isfinite(s));
  EXPECT_FALSE(fit.warning.empty());  // 3 never beat anyone
}

}  // namespace
}  // namespace tourney
