// WMT26's ranking rule (tourney/protocols/wmt26_rule.h): the BCa lower bound against hand
// values from Efron's formulas (computed outside the code with Python's NormalDist), the
// either-test relation on clear cases, and the item means over annotators.
#include "tourney/protocols/wmt26_rule.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace tourney {
namespace {

TEST(Wmt26Rule, BcaLowerBoundSymmetricSample) {
  // x = 1, 2, 3, 4: jackknife symmetric, acceleration 0. Resamples: 5 below the mean 2.5
  // and one equal, so z0 = Phi^-1(0.55) = 0.125661; alpha1 = Phi(2 z0 + z_0.05) = 0.0817296;
  // position 0.73557 of 9 in the sorted resamples: 1.5 + 0.73557 * 0.3 = 1.72067.
  const std::vector<double> x = {1, 2, 3, 4};
  const std::vector<double> r = {1.5, 2.0, 2.25, 2.5, 2.75, 3.0, 3.5, 2.6, 2.4, 1.8};
  EXPECT_NEAR(BcaLowerBoundOfMean(x, r, 0.95), 1.7206700518060836, 1e-9);
}

TEST(Wmt26Rule, BcaLowerBoundSkewedSample) {
  // x = 0, 0, 0, 10: acceleration sum(U^3)/n^3 / (6 (sum(U^2)/n^2)^1.5) = 0.0962250; the
  // resamples are centred (z0 = 0), alpha1 = 0.0777911, bound 0.85006.
  const std::vector<double> x = {0, 0, 0, 10};
  const std::vector<double> r = {0.5, 1, 2.5, 2.5, 3, 2.5, 4, 2.5, 5, 1.5};
  EXPECT_NEAR(BcaLowerBoundOfMean(x, r, 0.95), 0.8500598593139793, 1e-9);
  // Every resample above the estimate: undefined, as scipy's NaN.
  EXPECT_TRUE(std::isnan(BcaLowerBoundOfMean(x, {3, 4, 5}, 0.95)));
}

TEST(Wmt26Rule, EitherBootstrapCounts) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> a, b;
  for (int i = 0; i < 40; ++i) {
    a.push_back(60.0 + (i % 5));
    b.push_back(40.0 + (i % 7));
  }
  EXPECT_TRUE(Wmt26SignificantlyBetter(a, b, {}, 1));
  EXPECT_FALSE(Wmt26SignificantlyBetter(b, a, {}, 1));
  EXPECT_FALSE(Wmt26SignificantlyBetter(a, a, {}, 1));
  // No shared items: only the independent bootstrap can pass, and it does.
  std::vector<double> a_only(80, nan), b_only(80, nan);
  for (int i = 0; i < 40; ++i) {
    a_only[i] = a[i];
    b_only[40 + i] = b[i];
  }
  EXPECT_TRUE(Wmt26SignificantlyBetter(a_only, b_only, {}, 1));
}

TEST(Wmt26Rule, ItemMeansOverAnnotatorsThenMeanOverItems) {
  // A scored 80 and 60 on g1 by two annotators (item mean 70) and 40 on g2: board score
  // (70 + 40) / 2 = 55, not the raw mean 60.
  ContrastiveScreens s;
  s.systems = {"A", "B"};
  s.annotators = {"u1", "u2"};
  s.segments = {"g1", "g2"};
  s.screens.push_back({"s1", 0, 0, -1, {{0, 80, 0}, {1, 50, 0}}, -1.0});
  s.screens.push_back({"s2", 1, 0, -1, {{0, 60, 0}, {1, 50, 0}}, -1.0});
  s.screens.push_back({"s3", 0, 1, -1, {{0, 40, 0}, {1, 30, 0}}, -1.0});
  auto board = RankLikeWmt26(s);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_DOUBLE_EQ(board->score[0], 55.0);
  EXPECT_DOUBLE_EQ(board->score[1], 40.0);
  EXPECT_EQ(board->items[0], 2);
  EXPECT_EQ(board->order, (std::vector<int>{0, 1}));
  EXPECT_FALSE(RankLikeWmt26(s, {.resamples = 0}).ok());
}

}  // namespace
}  // namespace tourney
