// The Wilcoxon rank-sum test against R's documented example (exact), scipy's
// mannwhitneyu (normal approximation with ties and continuity correction; values computed
// once with scipy 1.10 and fixed here) and small cases counted by hand.
#include "tourney/protocols/rank_sum_test.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

// R's ?wilcox.test example: "W = 35, p-value = 0.1272" for alternative = "greater".
const std::vector<double> kDepressionX = {0.80, 0.83, 1.89, 1.04, 1.45,
                                          1.38, 1.91, 1.64, 0.73, 1.46};
const std::vector<double> kDepressionY = {1.15, 0.88, 0.90, 0.74, 1.21};

TEST(RankSumTest, ExactOnRsDocumentedExample) {
  auto greater = RankSumTest(kDepressionX, kDepressionY);
  ASSERT_TRUE(greater.ok());
  EXPECT_TRUE(greater->exact);
  EXPECT_DOUBLE_EQ(greater->w, 35.0);
  EXPECT_NEAR(greater->p_value, 0.1272061272061272, 1e-12);  // = 1236 / 9717 (scipy exact)
  RankSumOptions less;
  less.alternative = RankSumAlternative::kLess;
  EXPECT_NEAR(RankSumTest(kDepressionX, kDepressionY, less)->p_value, 0.8967698967698966, 1e-12);
  RankSumOptions two;
  two.alternative = RankSumAlternative::kTwoSided;
  EXPECT_NEAR(RankSumTest(kDepressionX, kDepressionY, two)->p_value, 0.2544122544122544, 1e-12);
}

TEST(RankSumTest, ExactSmallCasesByHand) {
  // x = {3}, y = {1, 2}: W = 2 is the maximum; 1 of the 3 arrangements reaches it.
  auto r = RankSumTest(std::vector<double>{3}, std::vector<double>{1, 2});
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r->w, 2.0);
  EXPECT_NEAR(r->p_value, 1.0 / 3.0, 1e-15);
  // x = {1, 4}, y = {2, 3}: W = 2 of at most 4; C(4, 2) = 6 arrangements with W = 0, 1, 2,
  // 2, 3, 4: P(W >= 2) = 4 / 6.
  auto mid = RankSumTest(std::vector<double>{1, 4}, std::vector<double>{2, 3});
  EXPECT_DOUBLE_EQ(mid->w, 2.0);
  EXPECT_NEAR(mid->p_value, 4.0 / 6.0, 1e-15);
}

TEST(RankSumTest, NormalApproximationWithTiesAsScipy) {
  const std::vector<double> a = {1, 2, 2, 3, 3, 3, 4, 5};
  const std::vector<double> b = {2, 3, 4, 4, 4, 6, 6};
  auto greater = RankSumTest(a, b);
  ASSERT_TRUE(greater.ok());
  EXPECT_FALSE(greater->exact);  // ties
  EXPECT_DOUBLE_EQ(greater->w, 14.0);
  EXPECT_NEAR(greater->p_value, 0.9569928758779842, 1e-12);
  RankSumOptions less;
  less.alternative = RankSumAlternative::kLess;
  EXPECT_NEAR(RankSumTest(a, b, less)->p_value, 0.054976158077709225, 1e-12);
  RankSumOptions two;
  two.alternative = RankSumAlternative::kTwoSided;
  EXPECT_NEAR(RankSumTest(a, b, two)->p_value, 0.10995231615541845, 1e-12);
}

TEST(RankSumTest, LargeSamplesUseTheNormalApproximation) {
  // 50 values each, no ties: R switches to the normal approximation at n = 50. x = 1..50
  // shifted above y = 0.5..49.5: W = sum over x_i = i of #{y_j < i} = sum i = 1275; mean
  // 1250, variance 50 * 50 * 101 / 12 = 21041.67: z = (1275 - 1250 - 0.5) / 145.057 = 0.1689.
  std::vector<double> x, y;
  for (int i = 1; i <= 50; ++i) {
    x.push_back(i);
    y.push_back(i - 0.5);
  }
  auto r = RankSumTest(x, y);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->exact);
  EXPECT_DOUBLE_EQ(r->w, 1275.0);
  EXPECT_NEAR(r->p_value, 0.43293, 1e-4);  // upper normal tail at 0.16890
}

TEST(RankSumTest, RejectsEmptyAndNonFiniteSamples) {
  EXPECT_FALSE(RankSumTest(std::vector<double>{}, std::vector<double>{1}).ok());
  EXPECT_FALSE(RankSumTest(std::vector<double>{1, std::nan("")}, std::vector<double>{1}).ok());
}

}  // namespace
}  // namespace tourney
