#include "tourney/models/elo.h"

#include <gtest/gtest.h>

#include <cmath>

#include "pairwise_fixture.h"

namespace tourney {
namespace {

TEST(Elo, MatchesEvalicaFixtures) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = testing::LoadPairwiseFixture(dataset);
    const auto ratings = EloRatings(static_cast<int>(f.names.size()), f.comparisons, EloOptions{});
    const double error = testing::MaxRelativeError(ratings, f.Golden("elo"));
    std::printf("elo %-7s max rel error %.3g\n", dataset, error);
    EXPECT_LE(error, 1e-5) << dataset;
  }
}

TEST(Elo, FirstGameBetweenEqualsMovesHalfK) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  const auto r = EloRatings(2, c, EloOptions{});
  EXPECT_DOUBLE_EQ(r[0], 1002.0);
  EXPECT_DOUBLE_EQ(r[1], 998.0);
}

TEST(Elo, SecondGameUsesTheUpdatedRatings) {
  // After 0 beats 1 (1002 vs 998), 1 beats 0: E_1 = 1 / (1 + 10^(4/400)).
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kSecondWins);
  const auto r = EloRatings(2, c, EloOptions{});
  const double e1 = 1.0 / (1.0 + std::pow(10.0, 0.01));
  EXPECT_NEAR(r[1], 998.0 + 4.0 * (1.0 - e1), 1e-12);
  EXPECT_NEAR(r[0] + r[1], 2000.0, 1e-12);  // zero-sum
}

TEST(Elo, TieBetweenEqualsChangesNothing) {
  Comparisons c;
  c.Add(0, 1, Outcome::kTie);
  const auto r = EloRatings(2, c, EloOptions{});
  EXPECT_DOUBLE_EQ(r[0], 1000.0);
  EXPECT_DOUBLE_EQ(r[1], 1000.0);
}

}  // namespace
}  // namespace tourney
