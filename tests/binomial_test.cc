#include "tourney/core/binomial.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

namespace tourney {
namespace {

// log C(n, k) p^k (1-p)^(n-k), from lgamma (independent of the sampler's own formulas).
double LogBinomialPmf(int64_t n, int64_t k, double p) {
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
         (n - k) * std::log1p(-p);
}

// Pearson chi-square of observed counts against expected counts, merging neighbouring
// cells (from both tails inwards) until each merged cell expects at least 5.
struct ChiSquare {
  double statistic = 0.0;
  int df = 0;
};

ChiSquare PearsonChiSquare(const std::vector<double>& expected,
                           const std::vector<int64_t>& observed) {
  std::vector<double> e;
  std::vector<double> o;
  double acc_e = 0.0, acc_o = 0.0;
  for (size_t i = 0; i < expected.size(); ++i) {
    acc_e += expected[i];
    acc_o += static_cast<double>(observed[i]);
    if (acc_e >= 5.0) {
      e.push_back(acc_e);
      o.push_back(acc_o);
      acc_e = acc_o = 0.0;
    }
  }
  if (!e.empty()) {
    e.back() += acc_e;
    o.back() += acc_o;
  }
  ChiSquare chi;
  for (size_t i = 0; i < e.size(); ++i) chi.statistic += (o[i] - e[i]) * (o[i] - e[i]) / e[i];
  chi.df = static_cast<int>(e.size()) - 1;
  return chi;
}

// A chi-square statistic this far above its degrees of freedom has probability well below
// 1e-5 under the null (Wilson-Hilferty); with fixed seeds the test is deterministic.
void ExpectChiSquareFits(const ChiSquare& chi) {
  ASSERT_GT(chi.df, 0);
  const double z = (std::cbrt(chi.statistic / chi.df) - (1.0 - 2.0 / (9.0 * chi.df))) /
                   std::sqrt(2.0 / (9.0 * chi.df));
  EXPECT_LT(z, 4.5) << "chi2=" << chi.statistic << " df=" << chi.df;
}

struct Case {
  int64_t n;
  double p;
};

class BinomialDistribution : public ::testing::TestWithParam<Case> {};

TEST_P(BinomialDistribution, MatchesExactPmf) {
  const auto [n, p] = GetParam();
  constexpr int kDraws = 300000;
  Rng rng(DeriveSeed(12345, static_cast<uint64_t>(n) * 1000 + static_cast<uint64_t>(p * 997)));
  std::map<int64_t, int64_t> counts;
  double sum = 0.0, sum_sq = 0.0;
  for (int i = 0; i < kDraws; ++i) {
    const int64_t x = SampleBinomial(rng, n, p);
    ASSERT_GE(x, 0);
    ASSERT_LE(x, n);
    ++counts[x];
    sum += static_cast<double>(x);
    sum_sq += static_cast<double>(x) * static_cast<double>(x);
  }
  // Support worth testing: the mean +- 12 sd (the rest has negligible mass) clipped to [0, n].
  const double mean = n * p, sd = std::sqrt(n * p * (1 - p));
  const int64_t lo = std::max<int64_t>(0, static_cast<int64_t>(std::floor(mean - 12 * sd - 2)));
  const int64_t hi = std::min<int64_t>(n, static_cast<int64_t>(std::ceil(mean + 12 * sd + 2)));
  std::vector<double> expected;
  std::vector<int64_t> observed;
  int64_t outside = 0;
  for (const auto& [k, c] : counts) {
    if (k < lo || k > hi) outside += c;
  }
  EXPECT_EQ(outside, 0);
  for (int64_t k = lo; k <= hi; ++k) {
    expected.push_back(kDraws * std::exp(LogBinomialPmf(n, k, p)));
    observed.push_back(counts.count(k) ? counts[k] : 0);
  }
  ExpectChiSquareFits(PearsonChiSquare(expected, observed));
  // Moments within 5 standard errors.
  const double sample_mean = sum / kDraws;
  const double sample_var = sum_sq / kDraws - sample_mean * sample_mean;
  EXPECT_NEAR(sample_mean, mean, 5 * sd / std::sqrt(kDraws) + 1e-12);
  EXPECT_NEAR(sample_var, sd * sd, 5 * sd * sd * std::sqrt(2.0 / kDraws) + 1e-9);
}

INSTANTIATE_TEST_SUITE_P(InversionAndBtrd, BinomialDistribution,
                         ::testing::Values(Case{1, 0.5}, Case{7, 0.2}, Case{20, 0.3},
                                           Case{1000, 0.005},  // inversion
                                           Case{40, 0.25},     // n*p = 10: BTRD at its threshold
                                           Case{100, 0.5},     // BTRD, recursion near the mode
                                           Case{10000, 0.3},  // BTRD, squeeze and Stirling branches
                                           Case{1000000, 0.01},             // BTRD, large n
                                           Case{50, 0.9}, Case{5000, 0.77}  // p > 1/2 by symmetry
                                           ));

TEST(Binomial, DegenerateArguments) {
  Rng rng(1);
  EXPECT_EQ(SampleBinomial(rng, 0, 0.5), 0);
  EXPECT_EQ(SampleBinomial(rng, -3, 0.5), 0);
  EXPECT_EQ(SampleBinomial(rng, 10, 0.0), 0);
  EXPECT_EQ(SampleBinomial(rng, 10, -0.5), 0);
  EXPECT_EQ(SampleBinomial(rng, 10, 1.0), 10);
  EXPECT_EQ(SampleBinomial(rng, 10, 2.0), 10);
  EXPECT_EQ(SampleBinomial(rng, 10, std::nan("")), 0);
}

TEST(Binomial, HugeNHasTheRightMoments) {
  // n = 10^12: only BTRD can do this in O(1); mean n p, sd sqrt(n p q) ~ 4.6e5.
  Rng rng(99);
  const int64_t n = 1000000000000LL;
  const double p = 0.3;
  constexpr int kDraws = 20000;
  double sum = 0.0, sum_sq = 0.0;
  for (int i = 0; i < kDraws; ++i) {
    const double z =
        (static_cast<double>(SampleBinomial(rng, n, p)) - n * p) / std::sqrt(n * p * (1 - p));
    sum += z;
    sum_sq += z * z;
  }
  EXPECT_NEAR(sum / kDraws, 0.0, 5.0 / std::sqrt(kDraws));
  EXPECT_NEAR(sum_sq / kDraws, 1.0, 5.0 * std::sqrt(2.0 / kDraws));
}

TEST(Binomial, SameSeedSameDraws) {
  Rng a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(SampleBinomial(a, 5000 + i, 0.37), SampleBinomial(b, 5000 + i, 0.37));
  }
}

TEST(Multinomial, JointDistributionMatchesExactPmf) {
  // n = 6 over weights {3, 0, 2, 1}: enumerate every outcome and its exact probability
  // n! / prod(x_k!) prod(p_k^x_k).
  const std::vector<int64_t> weights = {3, 0, 2, 1};
  const double p[] = {0.5, 0.0, 1.0 / 3.0, 1.0 / 6.0};
  constexpr int kN = 6;
  constexpr int kDraws = 200000;
  Rng rng(7);
  std::map<std::vector<int64_t>, int64_t> seen;
  std::vector<int64_t> out(weights.size());
  for (int i = 0; i < kDraws; ++i) {
    SampleMultinomial(rng, kN, weights, out);
    ASSERT_EQ(out[1], 0);
    ASSERT_EQ(out[0] + out[2] + out[3], kN);
    ++seen[out];
  }
  std::vector<double> expected;
  std::vector<int64_t> observed;
  double total_p = 0.0;
  for (int a = 0; a <= kN; ++a) {
    for (int c = 0; a + c <= kN; ++c) {
      const int d = kN - a - c;
      const double prob = std::exp(std::lgamma(kN + 1.0) - std::lgamma(a + 1.0) -
                                   std::lgamma(c + 1.0) - std::lgamma(d + 1.0) +
                                   a * std::log(p[0]) + c * std::log(p[2]) + d * std::log(p[3]));
      total_p += prob;
      expected.push_back(kDraws * prob);
      const std::vector<int64_t> key = {a, 0, c, d};
      observed.push_back(seen.count(key) ? seen[key] : 0);
    }
  }
  EXPECT_NEAR(total_p, 1.0, 1e-12);
  ExpectChiSquareFits(PearsonChiSquare(expected, observed));
}

TEST(Multinomial, LargeCountsHaveMultinomialMoments) {
  // Cells like a pair/outcome table: E[x_k] = n w_k / W, Var = n p (1-p),
  // Cov(x_j, x_k) = -n p_j p_k.
  const std::vector<int64_t> weights = {7565, 4185, 3498, 12, 1, 40000, 0, 977};
  int64_t total = 0;
  for (int64_t w : weights) total += w;
  const int64_t n = total;
  constexpr int kDraws = 20000;
  Rng rng(11);
  std::vector<int64_t> out(weights.size());
  std::vector<double> sum(weights.size(), 0.0), sum_sq(weights.size(), 0.0);
  double cross01 = 0.0;
  for (int i = 0; i < kDraws; ++i) {
    SampleMultinomial(rng, n, weights, out);
    int64_t s = 0;
    for (size_t k = 0; k < out.size(); ++k) {
      s += out[k];
      sum[k] += static_cast<double>(out[k]);
      sum_sq[k] += static_cast<double>(out[k]) * static_cast<double>(out[k]);
    }
    ASSERT_EQ(s, n);
    ASSERT_EQ(out[6], 0);
    cross01 += static_cast<double>(out[0]) * static_cast<double>(out[1]);
  }
  for (size_t k = 0; k < weights.size(); ++k) {
    const double pk = static_cast<double>(weights[k]) / total;
    const double mean = n * pk, var = n * pk * (1 - pk);
    EXPECT_NEAR(sum[k] / kDraws, mean, 5 * std::sqrt(var / kDraws) + 1e-12) << "cell " << k;
    const double sample_var = sum_sq[k] / kDraws - (sum[k] / kDraws) * (sum[k] / kDraws);
    EXPECT_NEAR(sample_var, var, 6 * var * std::sqrt(2.0 / kDraws) + 1e-9) << "cell " << k;
  }
  const double p0 = static_cast<double>(weights[0]) / total;
  const double p1 = static_cast<double>(weights[1]) / total;
  const double cov = cross01 / kDraws - (sum[0] / kDraws) * (sum[1] / kDraws);
  const double expected_cov = -n * p0 * p1;
  // sd of the sample covariance ~ sqrt(Var0 Var1 / draws) (near-Gaussian counts).
  const double se = std::sqrt(n * p0 * (1 - p0) * n * p1 * (1 - p1) / kDraws);
  EXPECT_NEAR(cov, expected_cov, 6 * se);
}

TEST(Multinomial, DegenerateArguments) {
  Rng rng(3);
  std::vector<int64_t> out(3, -1);
  SampleMultinomial(rng, 10, std::vector<int64_t>{0, 0, 0}, out);
  EXPECT_EQ(out, (std::vector<int64_t>{0, 0, 0}));
  SampleMultinomial(rng, 0, std::vector<int64_t>{1, 2, 3}, out);
  EXPECT_EQ(out, (std::vector<int64_t>{0, 0, 0}));
  SampleMultinomial(rng, 10, std::vector<int64_t>{0, 5, 0}, out);
  EXPECT_EQ(out, (std::vector<int64_t>{0, 10, 0}));
}

}  // namespace
}  // namespace tourney
