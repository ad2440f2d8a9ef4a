// Error bounds by hand, and "annotate until ±t".
#include "tourney/sampling/error_bound.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

Estimate Est(int n, int population, double sd, double variance) {
  Estimate e;
  e.n = n;
  e.population = population;
  e.residual_sd = sd;
  e.variance = variance;
  return e;
}

TEST(ErrorBound, HoeffdingWithSerflingsCorrection) {
  // R = 4, n = 10, N = 100, γ = 0.95: k_n = 1 - 9/100 = 0.91;
  // t = 4·sqrt(0.91·ln(40)/20) = 4·sqrt(3.3568803/20) = 4·sqrt(0.16784401) = 4·0.40968770
  // = 1.6387508.
  EXPECT_NEAR(ErrorBound(BoundKind::kHoeffding, Est(10, 100, 1, 0), 0.95, 4.0), 1.6387508, 1e-6);
  // Above N/2, Bardenet & Maillard's ρ_n = (1 − n/N)(1 + 1/n): n = 60,
  // ρ = 0.4·61/60 = 0.4066667, t = 4·sqrt(0.4066667·3.6888795/120) = 0.4472351.
  EXPECT_NEAR(ErrorBound(BoundKind::kHoeffding, Est(60, 100, 1, 0), 0.95, 4.0), 0.4472351, 1e-6);
  // n = N (a census): the mean is known, t = 0 (the old k_n = 1/N gave 0.054).
  EXPECT_EQ(ErrorBound(BoundKind::kHoeffding, Est(100, 100, 1, 0), 0.95, 4.0), 0.0);
  EXPECT_EQ(SerflingFactor(100, 100), 0.0);
}

TEST(ErrorBound, EmpiricalBernsteinSerfling) {
  // σ̂ = 1 (Bessel), so σ̂_n = sqrt(9/10) = 0.9486833; n = 10, N = 100, R = 4, δ = 0.05:
  // ρ = 0.91, ln(10/δ) = ln 200 = 5.2983174, κ = 7/3 + 3/√2 = 4.4546537;
  // t = 0.9486833·sqrt(2·0.91·5.2983174/10) + 4.4546537·4·5.2983174/10
  //   = 0.9315924 + 9.4408676 = 10.3724600.
  EXPECT_NEAR(ErrorBound(BoundKind::kBernstein, Est(10, 100, 1, 0), 0.95, 4.0), 10.37246, 1e-5);
  // A census: 0 (the paper's Bernstein bound gave ±0.18 with every WMT20 en-de segment).
  EXPECT_EQ(ErrorBound(BoundKind::kBernstein, Est(100, 100, 1, 0), 0.95, 4.0), 0.0);
}

TEST(ErrorBound, BootstrapTOnEqualResidualsIsStudentsOnTheFlooredVariance) {
  // Twelve equal residuals: resampling them gives no spread; the interval is clt-t's on
  // the variance the estimate carries (here floored to 0.5: v = 0.5·(1 − 12/100)/12).
  Estimate e = Est(12, 100, std::sqrt(0.5), 0.5 * 0.88 / 12);
  e.residuals.assign(12, 0.0);
  const ErrorInterval i = IntervalOf(BoundKind::kBootstrapT, e, 0.95, 4.0, 3, 1000);
  // t_{11, 0.975} = 2.2009852; sqrt(0.0366667) = 0.1914854; t = 0.4214567.
  EXPECT_NEAR(i.below, 0.4214567, 1e-6);
  EXPECT_NEAR(i.above, 0.4214567, 1e-6);
}

TEST(ErrorBound, CltAndStudent) {
  // v = 0.01: z_0.975·0.1 = 0.1959964; Student t_{9, 0.975} = 2.2621572.
  EXPECT_NEAR(ErrorBound(BoundKind::kClt, Est(10, 100, 1, 0.01), 0.95, 4), 0.1959964, 1e-6);
  EXPECT_NEAR(ErrorBound(BoundKind::kCltT, Est(10, 100, 1, 0.01), 0.95, 4), 0.22621572, 1e-6);
  EXPECT_NEAR(StudentQuantile(0.975, 1), 12.7062047, 1e-5);
}

TEST(ErrorBound, BootstrapTFollowsTheSkewOfTheResiduals) {
  // Residuals 0 (x 16) and 5 (x 4): right-skewed, so the interval reaches further above
  // the estimate than below; with symmetric residuals it is about symmetric.
  Estimate skew = Est(20, 1000, 2.0, 0.2);
  for (int i = 0; i < 16; ++i) skew.residuals.push_back(0.0);
  for (int i = 0; i < 4; ++i) skew.residuals.push_back(5.0);
  const ErrorInterval a = IntervalOf(BoundKind::kBootstrapT, skew, 0.95, 5.0, 7, 2000);
  EXPECT_GT(a.above, a.below);
  Estimate sym = Est(20, 1000, 1.0, 0.05);
  for (int i = 0; i < 20; ++i) sym.residuals.push_back(i % 2 == 0 ? -1.0 - i % 3 : 1.0 + i % 3);
  const ErrorInterval b = IntervalOf(BoundKind::kBootstrapT, sym, 0.95, 5.0, 7, 2000);
  EXPECT_NEAR(b.above / b.below, 1.0, 0.2);
  // Same seed, same interval.
  const ErrorInterval c = IntervalOf(BoundKind::kBootstrapT, skew, 0.95, 5.0, 7, 2000);
  EXPECT_EQ(a.below, c.below);
  EXPECT_EQ(a.above, c.above);
}

TEST(ErrorBound, BootstrapTLeavesOutResamplesOfEqualResiduals) {
  // Fifteen residuals of 0.1 and one of 25.3 (MQM: most segments perfect, one bad). A
  // resample without the 25.3 has sixteen equal values, whose variance is 0 up to
  // rounding (about 1e-18): dividing by that once gave studentised means of 1e8 and an
  // interval of ±10^7. Such resamples say nothing of the spread and are left out, so the
  // interval stays of the order of Student's: s² = 15·16·25.2²/16²/15 = 39.69, v = s²/16
  // (N large), t_{15, 0.975}·sqrt(v) = 2.1314495·1.575 = 3.357.
  Estimate e = Est(16, 1000000, std::sqrt(39.69), 39.69 / 16);
  for (int i = 0; i < 15; ++i) e.residuals.push_back(0.1);
  e.residuals.push_back(25.3);
  const ErrorInterval i = IntervalOf(BoundKind::kBootstrapT, e, 0.95, 25.0, 1, 1000);
  EXPECT_LT(i.below, 10 * 3.357);
  EXPECT_LT(i.above, 10 * 3.357);
  EXPECT_GT(i.below + i.above, 0.0);
}

TEST(ErrorBound, SegmentsForTolerance) {
  // Half-width 0.4 at n = 100 of N = 1000, target 0.2: 1/n' - 1/N = (0.2/0.4)²·(1/100 -
  // 1/1000) = 0.25·0.009 = 0.00225, so 1/n' = 0.00325 and n' = 307.69 -> 308.
  EXPECT_EQ(SegmentsForTolerance(0.4, 100, 1000, 0.2), 308);
  EXPECT_EQ(SegmentsForTolerance(0.1, 100, 1000, 0.2), 100);     // already within
  EXPECT_EQ(SegmentsForTolerance(5.0, 100, 1000, 0.001), 1000);  // only the whole test set
}

TEST(ErrorBound, Names) {
  for (const char* name : {"hoeffding", "bernstein", "clt", "clt-t", "bootstrap-t"}) {
    auto b = ParseBound(name);
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(BoundName(*b), name);
  }
  EXPECT_FALSE(ParseBound("chebyshev").ok());
}

}  // namespace
}  // namespace tourney
