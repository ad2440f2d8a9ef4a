#include "tourney/core/count_resampler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

namespace tourney {
namespace {

// Empirical frequencies of cell 0's count over `draws` resamples of `counts`.
std::vector<double> FirstCellFrequencies(const std::vector<int64_t>& counts, int draws,
                                         uint64_t seed) {
  const CountResampler resampler(counts);
  const int64_t n = resampler.total();
  std::vector<double> freq(static_cast<size_t>(n) + 1, 0.0);
  std::vector<int64_t> out(counts.size());
  Rng rng(seed);
  for (int d = 0; d < draws; ++d) {
    resampler.Sample(rng, out);
    EXPECT_EQ(std::accumulate(out.begin(), out.end(), int64_t{0}), n);
    freq[static_cast<size_t>(out[0])] += 1.0 / draws;
  }
  return freq;
}

TEST(CountResampler, ThreeItemsByHand) {
  // Three items, two of kind A: a resample's A count is Binomial(3, 2/3): P(0, 1, 2, 3) =
  // 1/27, 6/27, 12/27, 8/27. With N = 3 the Poisson total is rarely 3, so both corrections
  // (adding and removing items) carry most draws. 200,000 draws: within 5 sd.
  const int draws = 200000;
  const std::vector<double> got = FirstCellFrequencies({2, 1}, draws, 11);
  const double want[4] = {1.0 / 27, 6.0 / 27, 12.0 / 27, 8.0 / 27};
  for (int x = 0; x < 4; ++x) {
    const double sd = std::sqrt(want[x] * (1 - want[x]) / draws);
    EXPECT_NEAR(got[x], want[x], 5 * sd) << x;
  }
}

TEST(CountResampler, ZeroCellsStayZeroAndLargeCountsAreSplit) {
  // Counts above the table limit are sums of tabulated Poisson draws: cell 1's count is
  // Binomial(N, 3000/N) with N = 3,107: mean 3,000, variance 3000 * 107 / 3107 = 103.3.
  const std::vector<int64_t> counts = {0, 3000, 100, 0, 7};
  const CountResampler resampler(counts);
  std::vector<int64_t> out(counts.size());
  Rng rng(5);
  double sum = 0, sum_sq = 0;
  const int draws = 20000;
  for (int d = 0; d < draws; ++d) {
    resampler.Sample(rng, out);
    EXPECT_EQ(out[0], 0);
    EXPECT_EQ(out[3], 0);
    EXPECT_EQ(out[1] + out[2] + out[4], 3107);
    sum += static_cast<double>(out[1]);
    sum_sq += static_cast<double>(out[1]) * static_cast<double>(out[1]);
  }
  const double mean = sum / draws, var = sum_sq / draws - mean * mean;
  const double want_var = 3000.0 * 107.0 / 3107.0;
  EXPECT_NEAR(mean, 3000.0, 5 * std::sqrt(want_var / draws));
  EXPECT_NEAR(var, want_var, 5 * want_var * std::sqrt(2.0 / draws));
}

TEST(CountResampler, MeansAndCovariancesOfAManyCellTable) {
  // Multinomial(N; p): E X_k = N p_k, var X_k = N p_k (1 - p_k), cov(X_0, X_1) = -N p_0 p_1.
  std::vector<int64_t> counts;
  for (int k = 0; k < 300; ++k) counts.push_back(1 + (k * 37) % 50);
  const CountResampler resampler(counts);
  const double n = static_cast<double>(resampler.total());
  std::vector<int64_t> out(counts.size());
  Rng rng(9);
  const int draws = 20000;
  double s0 = 0, s1 = 0, s00 = 0, s11 = 0, s01 = 0;
  for (int d = 0; d < draws; ++d) {
    resampler.Sample(rng, out);
    const double x0 = static_cast<double>(out[0]), x1 = static_cast<double>(out[1]);
    s0 += x0, s1 += x1, s00 += x0 * x0, s11 += x1 * x1, s01 += x0 * x1;
  }
  const double p0 = counts[0] / n, p1 = counts[1] / n;
  const double m0 = s0 / draws, m1 = s1 / draws;
  EXPECT_NEAR(m0, n * p0, 5 * std::sqrt(n * p0 * (1 - p0) / draws));
  EXPECT_NEAR(m1, n * p1, 5 * std::sqrt(n * p1 * (1 - p1) / draws));
  const double v1 = s11 / draws - m1 * m1, want_v1 = n * p1 * (1 - p1);
  EXPECT_NEAR(v1, want_v1, 5 * want_v1 * std::sqrt(2.0 / draws));
  // The covariance is small and negative; its estimate's sd is about sqrt(var0 var1 / D).
  const double cov = s01 / draws - m0 * m1;
  const double v0 = s00 / draws - m0 * m0;
  EXPECT_NEAR(cov, -n * p0 * p1, 5 * std::sqrt(v0 * v1 / draws));
}

TEST(CountResampler, SameSeedSameCounts) {
  const std::vector<int64_t> counts = {5, 0, 12, 1, 40};
  const CountResampler resampler(counts);
  std::vector<int64_t> a(counts.size()), b(counts.size());
  Rng r1(3), r2(3);
  for (int d = 0; d < 100; ++d) {
    resampler.Sample(r1, a);
    resampler.Sample(r2, b);
    EXPECT_EQ(a, b);
  }
  const CountResampler empty(std::vector<int64_t>{0, 0});
  std::vector<int64_t> z(2, 7);
  empty.Sample(r1, z);
  EXPECT_EQ(z, (std::vector<int64_t>{0, 0}));
}

}  // namespace
}  // namespace tourney
