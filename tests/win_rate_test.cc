#include "models/win_rate.h"

#include <gtest/gtest.h>

#include "pairwise_fixture.h"

namespace tourney {
namespace {

TEST(WinRate, MatchesEvalicaFixtures) {
  TOURNEY_REQUIRE_PAIRWISE_FIXTURES();
  for (const char* dataset : testing::kPairwiseDatasets) {
    const auto f = testing::LoadPairwiseFixture(dataset);
    const WinMatrix m(f.counts, WinWeights{});
    const double counting = testing::MaxRelativeError(CountingScores(m), f.Golden("counting"));
    const double awr = testing::MaxRelativeError(AverageWinRates(m), f.Golden("average_win_rate"));
    std::printf("counting %-7s max rel error %.3g; average_win_rate max rel error %.3g\n", dataset,
                counting, awr);
    EXPECT_LE(counting, 1e-12) << dataset;
    EXPECT_LE(awr, 1e-12) << dataset;
  }
}

TEST(WinRate, ByHand) {
  // 0 vs 1: 2 wins, 1 loss, 1 tie -> 2.5 / 4; 0 vs 2: 1 loss -> 0; 1 and 2 never met.
  PairCounts c(3);
  c.Add(0, 1, Outcome::kFirstWins, 2);
  c.Add(1, 0, Outcome::kFirstWins, 1);
  c.Add(0, 1, Outcome::kTie, 1);
  c.Add(2, 0, Outcome::kFirstWins, 1);
  const WinMatrix m(c, WinWeights{});
  const auto counting = CountingScores(m);
  EXPECT_DOUBLE_EQ(counting[0], 2.5);
  EXPECT_DOUBLE_EQ(counting[1], 1.5);
  EXPECT_DOUBLE_EQ(counting[2], 1.0);
  const auto awr = AverageWinRates(m);
  EXPECT_DOUBLE_EQ(awr[0], (2.5 / 4 + 0.0) / 2);
  EXPECT_DOUBLE_EQ(awr[1], 1.5 / 4);  // only the met opponent counts
  EXPECT_DOUBLE_EQ(awr[2], 1.0);
}

TEST(WinRate, SystemWithoutComparisonsScoresZero) {
  const WinMatrix m(PairCounts(2), WinWeights{});
  EXPECT_EQ(AverageWinRates(m)[0], 0.0);
}

}  // namespace
}  // namespace tourney
