// The Wilcoxon rank-sum test (see tourney/protocols/rank_sum_test.h).
#include "tourney/protocols/rank_sum_test.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tourney {
namespace rank_sum_detail {

// P(W <= w) and P(W >= w) under the null for sample sizes m and n, by counting the
// arrangements of the pooled order (no ties): a dp over the values placed in increasing
// order, where an x placed above j values of y adds j to W. Both tails are summed directly
// (no 1 - P cancellation).
void ExactRankSumTails(double w, int m, int n, double* lower, double* upper) {
  const int max_u = m * n;
  const size_t width = static_cast<size_t>(max_u) + 1;
  // layer[j * width + u]: arrangements of the first i x values and j y values with W = u.
  std::vector<double> prev(static_cast<size_t>(n + 1) * width, 0.0);
  std::vector<double> cur(prev.size(), 0.0);
  for (int j = 0; j <= n; ++j) prev[static_cast<size_t>(j) * width] = 1.0;  // i = 0
  for (int i = 1; i <= m; ++i) {
    std::fill(cur.begin(), cur.end(), 0.0);
    for (int j = 0; j <= n; ++j) {
      double* row = &cur[static_cast<size_t>(j) * width];
      const double* above = &prev[static_cast<size_t>(j) * width];  // last placed is an x
      const int reach = i * j;
      for (int u = j; u <= reach; ++u) row[u] += above[u - j];      // x above j y values
      if (j > 0) {
        const double* left = &cur[static_cast<size_t>(j - 1) * width];  // last placed is a y
        for (int u = 0; u <= i * (j - 1); ++u) row[u] += left[u];
      }
    }
    std::swap(prev, cur);
  }
  const double* last = &prev[static_cast<size_t>(n) * width];
  double total = 0.0, below = 0.0, above = 0.0;
  for (int u = 0; u <= max_u; ++u) {
    total += last[u];
    if (u <= w + 1e-9) below += last[u];
    if (u >= w - 1e-9) above += last[u];
  }
  *lower = below / total;
  *upper = above / total;
}

double UpperNormalTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

}  // namespace rank_sum_detail

StatusOr<RankSumResult> RankSumTest(std::span<const double> x, std::span<const double> y,
                                    const RankSumOptions& options) {
  using rank_sum_detail::ExactRankSumTails;
  using rank_sum_detail::UpperNormalTail;
  if (x.empty() || y.empty()) return InvalidArgument("rank-sum test: a sample is empty");
  const size_t m = x.size(), n = y.size(), total = m + n;
  std::vector<double> pooled;
  pooled.reserve(total);
  for (double v : x) pooled.push_back(v);
  for (double v : y) pooled.push_back(v);
  for (double v : pooled) {
    if (!std::isfinite(v)) return InvalidArgument("rank-sum test: a value is not finite");
  }
  std::vector<size_t> order(total);
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return pooled[a] < pooled[b]; });
  // Mid-ranks, the x rank sum and the tie term sum(t^3 - t).
  double rank_sum_x = 0.0, tie_term = 0.0;
  bool ties = false;
  for (size_t i = 0; i < total;) {
    size_t k = i;
    while (k < total && pooled[order[k]] == pooled[order[i]]) ++k;
    const double t = static_cast<double>(k - i);
    const double mid_rank = 0.5 * (static_cast<double>(i + 1) + static_cast<double>(k));
    for (size_t r = i; r < k; ++r) {
      if (order[r] < m) rank_sum_x += mid_rank;
    }
    if (k - i > 1) {
      ties = true;
      tie_term += t * t * t - t;
    }
    i = k;
  }
  const double dm = static_cast<double>(m), dn = static_cast<double>(n);
  RankSumResult result;
  result.w = rank_sum_x - dm * (dm + 1.0) / 2.0;
  const bool exact = static_cast<int64_t>(m) < options.exact_below &&
                     static_cast<int64_t>(n) < options.exact_below && !ties;
  result.exact = exact;
  const int im = static_cast<int>(m), in = static_cast<int>(n);
  if (exact) {
    double lower = 0.0, upper = 0.0;  // P(W <= w), P(W >= w)
    ExactRankSumTails(result.w, im, in, &lower, &upper);
    switch (options.alternative) {
      case RankSumAlternative::kGreater:
        result.p_value = upper;
        break;
      case RankSumAlternative::kLess:
        result.p_value = lower;
        break;
      case RankSumAlternative::kTwoSided:
        result.p_value = std::min(1.0, 2.0 * (result.w > dm * dn / 2.0 ? upper : lower));
        break;
    }
    result.p_value = std::clamp(result.p_value, 0.0, 1.0);
    return result;
  }
  const double dt = static_cast<double>(total);
  const double sigma =
      std::sqrt(dm * dn / 12.0 * ((dt + 1.0) - tie_term / (dt * (dt - 1.0))));
  const double centred = result.w - dm * dn / 2.0;
  double correction = 0.0;
  if (options.continuity_correction) {
    switch (options.alternative) {
      case RankSumAlternative::kGreater:
        correction = 0.5;
        break;
      case RankSumAlternative::kLess:
        correction = -0.5;
        break;
      case RankSumAlternative::kTwoSided:
        correction = centred > 0 ? 0.5 : (centred < 0 ? -0.5 : 0.0);
        break;
    }
  }
  if (!(sigma > 0.0)) {  // every value tied: no evidence either way
    result.p_value = 1.0;
    return result;
  }
  const double z = (centred - correction) / sigma;
  switch (options.alternative) {
    case RankSumAlternative::kGreater:
      result.p_value = UpperNormalTail(z);
      break;
    case RankSumAlternative::kLess:
      result.p_value = UpperNormalTail(-z);
      break;
    case RankSumAlternative::kTwoSided:
      result.p_value = std::min(1.0, 2.0 * UpperNormalTail(std::fabs(z)));
      break;
  }
  return result;
}

}  // namespace tourney
