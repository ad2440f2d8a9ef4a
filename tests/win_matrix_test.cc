#include "tourney/core/win_matrix.h"

#include <gtest/gtest.h>

#include <vector>

namespace tourney {
namespace {

TEST(WinMatrix, WeightedComparisonsAddTheirWeights) {
  // By hand, win 1 and tie 1/2: 0 beat 1 (weight 2), 1 beat 0 (0.5), 1 tied 2 (3), 0 beat 2
  // as the second system (1): M(0,1) = 2, M(1,0) = 0.5, M(1,2) = M(2,1) = 1.5, M(0,2) = 1.
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(1, 0, Outcome::kFirstWins);
  c.Add(1, 2, Outcome::kTie);
  c.Add(2, 0, Outcome::kSecondWins);
  const std::vector<double> w = {2.0, 0.5, 3.0, 1.0};
  const WinMatrix m = WeightedWinMatrix(3, c, w, WinWeights{});
  const std::vector<double> want = {0.0, 2.0, 1.0,  //
                                    0.5, 0.0, 1.5,  //
                                    0.0, 1.5, 0.0};
  EXPECT_EQ(m.values(), want);
  // Other win and tie weights scale each kind: win 2, tie 1.
  const WinMatrix m2 = WeightedWinMatrix(3, c, w, WinWeights{2.0, 1.0});
  EXPECT_EQ(m2(0, 1), 4.0);
  EXPECT_EQ(m2(1, 2), 3.0);
}

TEST(WinMatrix, UnitWeightsGiveTheCountsMatrix) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(2, 1, Outcome::kTie);
  c.Add(1, 2, Outcome::kSecondWins);
  const std::vector<double> ones(c.size(), 1.0);
  EXPECT_EQ(WeightedWinMatrix(3, c, ones, WinWeights{}).values(),
            WinMatrix(PairCounts::FromComparisons(3, c), WinWeights{}).values());
}

}  // namespace
}  // namespace tourney
