#include "tourney/models/eigenvector.h"

#include <gtest/gtest.h>

#include <cmath>

#include "pairwise_fixture.h"

namespace tourney {
namespace {

// evalica's `eigen` is the power iteration x <- M' x on the weighted win matrix; the
// fixtures are converged (with tolerance 1e-6 the iteration stops ~7e-7 short of them).
TEST(Eigenvector, LeftPowerIterationMatchesEvalicaEigen) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = testing::LoadPairwiseFixture(dataset);
    const WinMatrix m(f.counts, WinWeights{});
    const auto r = LeftPowerIteration(m, PowerIterationOptions{});
    const double error = testing::MaxRelativeError(r.vector, f.Golden("eigen"));
    std::printf("eigen %-7s %d iterations, converged %d, max rel error %.3g\n", dataset,
                r.iterations, r.converged, error);
    EXPECT_TRUE(r.converged) << dataset;
    EXPECT_LE(error, 1e-5) << dataset;
  }
}

TEST(Eigenvector, PageRankMatchesEvalica) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = testing::LoadPairwiseFixture(dataset);
    const WinMatrix m(f.counts, WinWeights{});
    const auto r = PageRankScores(m, 0.85, PowerIterationOptions{});
    const double error = testing::MaxRelativeError(r.vector, f.Golden("pagerank"));
    std::printf("pagerank %-7s %d iterations, converged %d, max rel error %.3g\n", dataset,
                r.iterations, r.converged, error);
    EXPECT_TRUE(r.converged) << dataset;
    EXPECT_LE(error, 1e-5) << dataset;
  }
}

// Keener's vector satisfies M x = lambda x at convergence (checked directly).
TEST(Eigenvector, KeenerVectorIsAnEigenvectorOfTheWinMatrix) {
  PairCounts c(3);
  c.Add(0, 1, Outcome::kFirstWins, 4);
  c.Add(1, 0, Outcome::kFirstWins, 1);
  c.Add(1, 2, Outcome::kFirstWins, 3);
  c.Add(2, 1, Outcome::kFirstWins, 2);
  c.Add(0, 2, Outcome::kFirstWins, 2);
  c.Add(2, 0, Outcome::kFirstWins, 1);
  c.Add(0, 2, Outcome::kTie, 2);
  const WinMatrix m(c, WinWeights{});
  PowerIterationOptions o;
  o.tolerance = 1e-14;
  const auto r = EigenvectorScores(m, o);
  ASSERT_TRUE(r.converged);
  std::vector<double> mx(3, 0.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) mx[i] += m(i, j) * r.vector[j];
  const double lambda = mx[0] / r.vector[0];
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(mx[i], lambda * r.vector[i], 1e-10);
  EXPECT_GT(r.vector[0], r.vector[1]);  // 0 beat everyone most
}

TEST(Eigenvector, BalancedTournamentGivesEqualScores) {
  // Every system beat each other once: PageRank 1/3 each, eigenvector 1/sqrt(3) each.
  PairCounts c(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (i != j) c.Add(i, j, Outcome::kFirstWins);
  const WinMatrix m(c, WinWeights{});
  const auto pr = PageRankScores(m, 0.85, {});
  const auto ev = EigenvectorScores(m, {});
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(pr.vector[i], 1.0 / 3, 1e-12);
    EXPECT_NEAR(ev.vector[i], 1.0 / std::sqrt(3.0), 1e-12);
  }
}

TEST(Eigenvector, PageRankOfAnUnbeatenSystemIsFinite) {
  PairCounts c(2);
  c.Add(0, 1, Outcome::kFirstWins, 3);
  const auto pr = PageRankScores(WinMatrix(c, WinWeights{}), 0.85, {});
  // 0 never lost, so it spreads uniformly; 1 lost only to 0, so it sends all to 0. With
  // x0 = 1 - x1: x1 = 0.85 * x0 / 2 + 0.15 / 2 = 0.425 (1 - x1) + 0.075 -> x1 = 0.5 / 1.425.
  EXPECT_NEAR(pr.vector[1], 0.5 / 1.425, 1e-9);
  EXPECT_NEAR(pr.vector[0], 1 - 0.5 / 1.425, 1e-9);
}

}  // namespace
}  // namespace tourney
