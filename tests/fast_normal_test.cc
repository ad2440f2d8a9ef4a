#include "tourney/core/fast_normal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

// P(Z > x) for Z ~ N(0, 1), from the C library's erfc (independent of the code under test).
double UpperTail(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }

constexpr int64_t kDraws = 10'000'000;

const std::vector<double>& Draws() {
  static const std::vector<double>* const draws = [] {
    auto* d = new std::vector<double>(kDraws);
    Rng rng(20240601);
    FastNormal().Fill(rng, *d);
    return d;
  }();
  return *draws;
}

TEST(FastNormal, ZigguratMatchesMarsagliaTsangConstants) {
  // Marsaglia & Tsang (2000), 256-layer normal ziggurat: r = 3.6541528853610088,
  // v = 0.00492867323399.
  const NormalZiggurat& z = GetNormalZiggurat();
  EXPECT_NEAR(z.r, 3.6541528853610088, 1e-12);
  EXPECT_NEAR(z.v, 0.00492867323399, 1e-13);
  EXPECT_EQ(z.edge[1], z.r);
  EXPECT_EQ(z.edge[NormalZiggurat::kLayers], 0.0);
  for (int i = 1; i < NormalZiggurat::kLayers; ++i) {
    ASSERT_LT(z.edge[i + 1], z.edge[i]) << i;
    // Every layer above the base has area v (the top one to the bisection's resolution).
    EXPECT_NEAR(z.edge[i] * (z.height[i + 1] - z.height[i]), z.v, 1e-14) << i;
  }
  // The base layer: the strip under f(r) plus the tail, as one rectangle of area v.
  EXPECT_NEAR(z.edge[0] * std::exp(-0.5 * z.r * z.r), z.v, 1e-15);
}

TEST(FastNormal, MomentsMatchStandardNormal) {
  const std::vector<double>& x = Draws();
  const double n = static_cast<double>(x.size());
  double m1 = 0.0, m2 = 0.0, m3 = 0.0, m4 = 0.0;
  for (double v : x) {
    const double v2 = v * v;
    m1 += v;
    m2 += v2;
    m3 += v2 * v;
    m4 += v2 * v2;
  }
  m1 /= n;
  m2 /= n;
  m3 /= n;
  m4 /= n;
  // Standard errors of the sample moments of N(0, 1): sqrt(Var(Z^k) / n).
  EXPECT_NEAR(m1, 0.0, 5.0 * std::sqrt(1.0 / n));
  EXPECT_NEAR(m2, 1.0, 5.0 * std::sqrt(2.0 / n));
  EXPECT_NEAR(m3, 0.0, 5.0 * std::sqrt(15.0 / n));
  EXPECT_NEAR(m4, 3.0, 5.0 * std::sqrt(96.0 / n));
}

TEST(FastNormal, TailFrequenciesMatchStandardNormal) {
  const std::vector<double>& x = Draws();
  const double n = static_cast<double>(x.size());
  // Two-sided tails, including the ziggurat's own tail start r ~ 3.654 and beyond it.
  for (double c : {0.5, 1.0, 2.0, 3.0, 3.5, 3.6541528853610088, 3.8, 4.0, 4.5}) {
    int64_t above = 0, below = 0;
    for (double v : x) {
      above += v > c;
      below += v < -c;
    }
    const double p = UpperTail(c);
    const double sd = std::sqrt(n * p * (1.0 - p));
    EXPECT_NEAR(static_cast<double>(above), n * p, 5.0 * sd + 1.0) << "upper tail at " << c;
    EXPECT_NEAR(static_cast<double>(below), n * p, 5.0 * sd + 1.0) << "lower tail at " << c;
  }
}

TEST(FastNormal, ConditionalTailBeyondZigguratMatchesMillsRatio) {
  // E[|Z| - r | |Z| > r] = phi(r) / Q(r) - r: checks the exact tail method, not just its mass.
  const double r = GetNormalZiggurat().r;
  double sum = 0.0, sum2 = 0.0;
  int64_t count = 0;
  for (double v : Draws()) {
    if (std::abs(v) > r) {
      const double e = std::abs(v) - r;
      sum += e;
      sum2 += e * e;
      ++count;
    }
  }
  ASSERT_GT(count, 1000);
  const double phi = std::exp(-0.5 * r * r) / std::sqrt(2.0 * M_PI);
  const double expected = phi / UpperTail(r) - r;
  const double mean = sum / count;
  const double sd = std::sqrt(sum2 / count - mean * mean);
  EXPECT_NEAR(mean, expected, 5.0 * sd / std::sqrt(static_cast<double>(count)));
}

TEST(FastNormal, ChiSquareOverBinsOfTheBody) {
  // 100 bins of width 0.08 on [-4, 4] plus two tail bins; expected counts from erfc.
  const std::vector<double>& x = Draws();
  const double n = static_cast<double>(x.size());
  constexpr int kBins = 100;
  std::vector<int64_t> counts(kBins + 2, 0);
  for (double v : x) {
    int b;
    if (v < -4.0) {
      b = 0;
    } else if (v >= 4.0) {
      b = kBins + 1;
    } else {
      b = 1 + std::min(kBins - 1, static_cast<int>((v + 4.0) / 0.08));
    }
    ++counts[b];
  }
  double chi2 = 0.0;
  for (int b = 0; b < kBins + 2; ++b) {
    double p;
    if (b == 0 || b == kBins + 1) {
      p = UpperTail(4.0);
    } else {
      const double lo = -4.0 + 0.08 * (b - 1), hi = lo + 0.08;
      p = UpperTail(lo) - UpperTail(hi);
    }
    const double e = n * p;
    chi2 += (counts[b] - e) * (counts[b] - e) / e;
  }
  // 101 degrees of freedom: mean 101, sd ~14.2; 101 + 6 sd is far beyond chance.
  EXPECT_LT(chi2, 101.0 + 6.0 * std::sqrt(2.0 * 101.0));
}

TEST(FastNormal, SameSeedSameStreamAndFillMatchesCalls) {
  const FastNormal normal;
  Rng a(7), b(7);
  std::vector<double> filled(1000);
  normal.Fill(a, filled);
  for (double v : filled) ASSERT_EQ(v, normal(b));
  Rng c(8);
  int equal = 0;
  Rng d(7);
  for (int i = 0; i < 1000; ++i) equal += normal(c) == normal(d);
  EXPECT_LT(equal, 5);
}

TEST(FastNormal, SignsAreBalanced) {
  int64_t negative = 0;
  for (double v : Draws()) negative += std::signbit(v);
  const double n = static_cast<double>(kDraws);
  EXPECT_NEAR(static_cast<double>(negative), n / 2, 5.0 * std::sqrt(n / 4));
}

}  // namespace
}  // namespace tourney
