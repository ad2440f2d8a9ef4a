#include "tourney/core/truncated_normal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace tourney {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double Phi(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI); }

// Mills ratio Q(x) / phi(x) for x >= 0: erfc in the body, Laplace's continued fraction
// x + 1/(x + 2/(x + 3/(x + ...))) in the tail, where Q(x) and phi(x) underflow.
double MillsRatio(double x) {
  if (x < 5.0) return 0.5 * std::erfc(x / std::sqrt(2.0)) / Phi(x);
  double tail = x;
  for (int k = 300; k >= 1; --k) tail = x + k / tail;
  return 1.0 / tail;
}

struct Moments {
  double mean;
  double variance;
};

// Mean and variance of N(0, 1) truncated to [a, b], computed from the Mills ratio so that
// far-tail intervals keep their precision.
Moments TruncatedMoments(double a, double b) {
  if (a == -kInf && b == kInf) return {0.0, 1.0};
  const bool mirror = a == -kInf || b <= 0.0;
  if (mirror) {
    Moments m = TruncatedMoments(-b, -a);
    return {-m.mean, m.variance};
  }
  if (a >= 0.0) {
    // Everything relative to phi(a): e = phi(b) / phi(a).
    const double e = b == kInf ? 0.0 : std::exp(-0.5 * (b - a) * (b + a));
    const double z = MillsRatio(a) - (b == kInf ? 0.0 : MillsRatio(b) * e);  // Z / phi(a)
    const double mean = (1.0 - e) / z;
    const double b_term = b == kInf ? 0.0 : b * e;
    return {mean, 1.0 + (a - b_term) / z - mean * mean};
  }
  // a < 0 < b (or b = inf with a < 0): no tail issues.
  const double q_a = 0.5 * std::erfc(-a / std::sqrt(2.0));  // P(X < a) = Q(-a)
  const double q_b = b == kInf ? 0.0 : 0.5 * std::erfc(b / std::sqrt(2.0));
  const double z = 1.0 - q_a - q_b;
  const double phi_b = b == kInf ? 0.0 : Phi(b);
  const double b_phi_b = b == kInf ? 0.0 : b * Phi(b);
  const double mean = (Phi(a) - phi_b) / z;
  return {mean, 1.0 + (a * Phi(a) - b_phi_b) / z - mean * mean};
}

TEST(TruncatedNormal, MomentsHelperMatchesTextbookValues) {
  // Half-normal: mean sqrt(2/pi), variance 1 - 2/pi.
  EXPECT_NEAR(TruncatedMoments(0, kInf).mean, std::sqrt(2.0 / M_PI), 1e-12);
  EXPECT_NEAR(TruncatedMoments(0, kInf).variance, 1.0 - 2.0 / M_PI, 1e-12);
  // Symmetric interval: mean 0.
  EXPECT_NEAR(TruncatedMoments(-1, 1).mean, 0.0, 1e-15);
  // Far tail: E[X | X > a] ~ a + 1/a - 2/a^3.
  EXPECT_NEAR(TruncatedMoments(30, kInf).mean, 30 + 1.0 / 30 - 2.0 / 27000, 1e-6);
}

// Draws n values on [a, b]: every one inside, mean and variance as computed independently.
void ExpectDrawsMatch(double a, double b, int n = 200'000) {
  SCOPED_TRACE(testing::Message() << "interval [" << a << ", " << b << "]");
  Rng rng(static_cast<uint64_t>(std::hash<double>()(a) ^ (std::hash<double>()(b) << 1)));
  const TruncatedStandardNormal dist(a, b);
  double sum = 0.0, sum2 = 0.0;
  const Moments expected = TruncatedMoments(a, b);
  // Centre on the expected mean so that far-tail variances are not lost to cancellation.
  for (int i = 0; i < n; ++i) {
    const double x = dist(rng);
    ASSERT_GE(x, a);
    ASSERT_LE(x, b);
    const double c = x - expected.mean;
    sum += c;
    sum2 += c * c;
  }
  const double mean_offset = sum / n;
  const double variance = sum2 / n - mean_offset * mean_offset;
  const double sd = std::sqrt(expected.variance);
  EXPECT_NEAR(mean_offset, 0.0, 6.0 * sd / std::sqrt(n));
  // A truncated normal's kurtosis is at most the exponential's (9): sd of the sample
  // variance <= variance * sqrt(8 / n).
  EXPECT_NEAR(variance, expected.variance, 6.0 * expected.variance * std::sqrt(8.0 / n));
}

TEST(TruncatedNormal, UntruncatedAndOneSided) {
  ExpectDrawsMatch(-kInf, kInf);
  ExpectDrawsMatch(-2, kInf);
  ExpectDrawsMatch(0, kInf);
  ExpectDrawsMatch(0.3, kInf);
  ExpectDrawsMatch(0.5, kInf);
  ExpectDrawsMatch(1, kInf);     // last bound with |Z| proposals
  ExpectDrawsMatch(1.01, kInf);  // first with Robert's exponential proposals
  ExpectDrawsMatch(3, kInf);
  ExpectDrawsMatch(8, kInf);
  ExpectDrawsMatch(-kInf, 1);
  ExpectDrawsMatch(-kInf, -4);
}

TEST(TruncatedNormal, FarTailsThirtySdAndBeyond) {
  ExpectDrawsMatch(30, kInf);
  ExpectDrawsMatch(-kInf, -30);
  ExpectDrawsMatch(30, 30.01);
  ExpectDrawsMatch(30, 31);
  ExpectDrawsMatch(-31, -30);
  ExpectDrawsMatch(100, 100.5);
  // At 1e3 and 1e6 sd the excess over the bound is ~1/a; every draw stays in bounds.
  for (double a : {1e3, 1e6}) {
    Rng rng(5);
    const TruncatedStandardNormal dist(a, kInf);
    double excess = 0.0;
    constexpr int kN = 100'000;
    for (int i = 0; i < kN; ++i) {
      const double x = dist(rng);
      ASSERT_GE(x, a);
      ASSERT_TRUE(std::isfinite(x));
      excess += x - a;
    }
    EXPECT_NEAR(excess / kN * a, 1.0, 0.02) << a;
  }
  // Beyond any double's normal density: still exact bounds, no NaN, no hang.
  Rng rng(6);
  for (int i = 0; i < 1000; ++i) {
    const double x = SampleTruncatedStandardNormal(rng, 1e200, kInf);
    ASSERT_GE(x, 1e200);
    ASSERT_TRUE(std::isfinite(x));
    const double y = SampleTruncatedStandardNormal(rng, -kInf, -1e200);
    ASSERT_LE(y, -1e200);
  }
}

TEST(TruncatedNormal, TwoSidedIntervals) {
  ExpectDrawsMatch(-0.3, 0.3);  // a tie's interval: uniform proposals around 0
  ExpectDrawsMatch(-1, 0.5);
  ExpectDrawsMatch(-3, 4);      // wide around 0: normal proposals
  ExpectDrawsMatch(-0.1, 1000);
  ExpectDrawsMatch(0, 2);
  ExpectDrawsMatch(0, 2.1);
  ExpectDrawsMatch(0.4, 2.5);   // |Z| proposals rejected above b
  ExpectDrawsMatch(1, 1.5);
  ExpectDrawsMatch(1, 3);
  ExpectDrawsMatch(1.2, 3);     // exponential proposals rejected above b
  ExpectDrawsMatch(5, 5.1);
  ExpectDrawsMatch(5, 8);
  ExpectDrawsMatch(-2.5, -2);
  ExpectDrawsMatch(-8, -5);
}

TEST(TruncatedNormal, SumHasTheMomentsOfIndependentDraws) {
  // Sum of 10 draws: mean 10 mu, variance 10 sigma^2, for every proposal method.
  const std::vector<std::pair<double, double>> intervals = {
      {-kInf, kInf}, {-0.3, 0.3}, {-3, 4}, {0.2, kInf}, {0.8, 2.4}, {2, kInf},
      {5, 5.2},      {-kInf, -1}, {-30.5, -30}};
  for (auto [a, b] : intervals) {
    SCOPED_TRACE(testing::Message() << "interval [" << a << ", " << b << "]");
    const TruncatedStandardNormal dist(a, b);
    const Moments m = TruncatedMoments(a, b);
    Rng rng(8);
    constexpr int kN = 40'000;
    double sum = 0.0, sum2 = 0.0;
    for (int i = 0; i < kN; ++i) {
      const double c = dist.Sum(rng, 10) - 10 * m.mean;
      sum += c;
      sum2 += c * c;
    }
    const double var = 10 * m.variance;
    EXPECT_NEAR(sum / kN, 0.0, 6.0 * std::sqrt(var / kN));
    EXPECT_NEAR(sum2 / kN - (sum / kN) * (sum / kN), var, 6.0 * var * std::sqrt(3.0 / kN));
    for (int i = 0; i < 1000; ++i) {
      const double one = dist.Sum(rng, 1);
      ASSERT_GE(one, a);
      ASSERT_LE(one, b);
    }
  }
  Rng rng(1);
  EXPECT_EQ(TruncatedStandardNormal(0, 1).Sum(rng, 0), 0.0);
  EXPECT_EQ(TruncatedStandardNormal(2, 2).Sum(rng, 3), 6.0);
}

TEST(TruncatedNormal, PointIntervalReturnsTheBound) {
  Rng rng(1);
  EXPECT_EQ(SampleTruncatedStandardNormal(rng, 3.0, 3.0), 3.0);
  EXPECT_EQ(SampleTruncatedNormal(rng, 10.0, 2.0, -1.0, -1.0), -1.0);
}

TEST(TruncatedNormal, LocationScaleRespectsTheOutcomeEveryTime) {
  // The exact Hopkins-May sampler's two truncations of t = q1 - q2 ~ N(gap, 2.5): a win
  // (t > d) and a tie (|t| <= d), d = 0.5, with the current means far from the judgment.
  const double sd = std::sqrt(2.5), d = 0.5;
  Rng rng(11);
  for (double gap : {-200.0, -47.4, -5.0, -1.0, 0.0, 0.49, 0.5, 3.0, 60.0}) {
    for (int i = 0; i < 20'000; ++i) {
      ASSERT_GE(SampleTruncatedNormal(rng, gap, sd, d, kInf), d) << gap;
      const double tie = SampleTruncatedNormal(rng, gap, sd, -d, d);
      ASSERT_GE(tie, -d) << gap;
      ASSERT_LE(tie, d) << gap;
    }
  }
  // When the mean is 30 sd below a win's bound, the draws crowd the bound: excess ~ sd/30.
  double excess = 0.0;
  for (int i = 0; i < 10'000; ++i) excess += SampleTruncatedNormal(rng, d - 30 * sd, sd, d, kInf) - d;
  EXPECT_NEAR(excess / 10'000, sd / 30, 0.05 * sd / 30);
  // Rounding in mean + sd * z cannot leave the interval even where the grid is coarse.
  const double big = 1e17;  // doubles are 16 apart here
  for (int i = 0; i < 1000; ++i) {
    const double x = SampleTruncatedNormal(rng, big - 64, 1.0, big, big + 32);
    ASSERT_GE(x, big);
    ASSERT_LE(x, big + 32);
  }
}

TEST(TruncatedNormal, SameSeedSameDraws) {
  Rng a(3), b(3);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(SampleTruncatedStandardNormal(a, 0.7, 2.0), SampleTruncatedStandardNormal(b, 0.7, 2.0));
  }
}

}  // namespace
}  // namespace tourney
