#include "tourney/statistics/rank_correlation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>

namespace tourney {
namespace {

Status CheckPaired(std::span<const double> x, std::span<const double> y, const char* what) {
  if (x.size() != y.size()) {
    return InvalidArgument(std::string(what) + ": the two scorings differ in length (" +
                           std::to_string(x.size()) + " and " + std::to_string(y.size()) + ")");
  }
  if (x.size() < 2) {
    return InvalidArgument(std::string(what) + ": undefined for fewer than two items");
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      return InvalidArgument(std::string(what) + ": item " + std::to_string(i) +
                             " has a non-finite score");
    }
  }
  return Status::Ok();
}

int Sign(double v) { return (v > 0.0) - (v < 0.0); }

}  // namespace

std::vector<double> AverageRanks(std::span<const double> values) {
  const size_t n = values.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(n);
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && values[order[j]] == values[order[i]]) ++j;
    // Positions i..j-1 (ranks i+1..j) share their mean.
    const double mean = 0.5 * static_cast<double>(i + 1 + j);
    for (size_t k = i; k < j; ++k) ranks[order[k]] = mean;
    i = j;
  }
  return ranks;
}

StatusOr<double> KendallTauB(std::span<const double> x, std::span<const double> y) {
  if (Status s = CheckPaired(x, y, "Kendall's tau-b"); !s.ok()) return s;
  const size_t n = x.size();
  int64_t numerator = 0, untied_x = 0, untied_y = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const int sx = Sign(x[i] - x[j]);
      const int sy = Sign(y[i] - y[j]);
      numerator += sx * sy;
      untied_x += sx != 0;
      untied_y += sy != 0;
    }
  }
  if (untied_x == 0 || untied_y == 0) {
    return InvalidArgument("Kendall's tau-b: undefined when one scoring is constant");
  }
  return static_cast<double>(numerator) /
         std::sqrt(static_cast<double>(untied_x) * static_cast<double>(untied_y));
}

StatusOr<double> PearsonR(std::span<const double> x, std::span<const double> y) {
  if (Status s = CheckPaired(x, y, "Pearson's r"); !s.ok()) return s;
  const double n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0.0, sxx = 0.0, syy = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double dx = x[i] - mx, dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (!(sxx > 0.0) || !(syy > 0.0)) {
    return InvalidArgument("Pearson's r: undefined when one scoring is constant");
  }
  return std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
}

StatusOr<double> SpearmanRho(std::span<const double> x, std::span<const double> y) {
  if (Status s = CheckPaired(x, y, "Spearman's rho"); !s.ok()) return s;
  const std::vector<double> rx = AverageRanks(x), ry = AverageRanks(y);
  auto r = PearsonR(rx, ry);
  if (!r.ok()) return InvalidArgument("Spearman's rho: undefined when one scoring is constant");
  return *r;
}

StatusOr<double> PearsonRank(std::span<const double> x, std::span<const double> y) {
  if (Status s = CheckPaired(x, y, "Pearson Rank"); !s.ok()) return s;
  const size_t n = x.size();
  const auto [x_min, x_max] = std::minmax_element(x.begin(), x.end());
  const auto [y_min, y_max] = std::minmax_element(y.begin(), y.end());
  if (!(*x_max > *x_min)) {
    return InvalidArgument("Pearson Rank: undefined when the reference scoring is constant");
  }
  if (!(*y_max > *y_min)) {
    return InvalidArgument("Pearson Rank: undefined when the compared scoring is constant");
  }
  // Positions in the reference's order (x descending, a stable sort), min-max scaled.
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return x[a] > x[b]; });
  std::vector<double> xs(n), ys(n);
  for (size_t i = 0; i < n; ++i) {
    xs[i] = (x[order[i]] - *x_min) / (*x_max - *x_min);
    ys[i] = (y[order[i]] - *y_min) / (*y_max - *y_min);
  }
  if (xs[0] == xs[1]) {
    return InvalidArgument("Pearson Rank: undefined when the two highest reference scores tie");
  }
  double weighted = 0.0, weights = 0.0;
  for (size_t i = 1; i < n; ++i) {
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (size_t j = 0; j < i; ++j) {
      const double dx = xs[j] - xs[i], dy = ys[j] - ys[i];
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    if (!(sxx > 0.0) || !(syy > 0.0)) {
      return InvalidArgument("Pearson Rank: undefined, zero denominator for item " +
                             std::to_string(i + 1) + " of the reference's order (every item " +
                             "above it ties with it in the " +
                             (sxx > 0.0 ? "compared" : "reference") + " scoring)");
    }
    weighted += xs[i] * (sxy / std::sqrt(sxx * syy));
    weights += xs[i];
  }
  if (!(weights > 0.0)) {
    return InvalidArgument(
        "Pearson Rank: undefined, every item below the top holds the reference's lowest score "
        "(the weights sum to zero; always so for two items)");
  }
  return std::clamp(weighted / weights, -1.0, 1.0);
}

StatusOr<double> RankBiasedOverlap(std::span<const int> a, std::span<const int> b, double p) {
  if (!(p > 0.0 && p < 1.0)) {
    return InvalidArgument("rank-biased overlap: the persistence p must be in (0, 1)");
  }
  if (a.size() != b.size()) {
    return InvalidArgument("rank-biased overlap: the two orderings differ in length");
  }
  const size_t k = a.size();
  if (k == 0) return InvalidArgument("rank-biased overlap: undefined for empty orderings");
  // item_at_*[d] = the item at position d.
  std::vector<int> item_at_a(k, -1), item_at_b(k, -1);
  for (size_t i = 0; i < k; ++i) {
    for (const auto& [positions, items] : {std::pair{a, &item_at_a}, std::pair{b, &item_at_b}}) {
      const int pos = positions[i];
      if (pos < 0 || static_cast<size_t>(pos) >= k || (*items)[pos] != -1) {
        return InvalidArgument("rank-biased overlap: positions are not a permutation of 0.." +
                               std::to_string(k - 1));
      }
      (*items)[pos] = static_cast<int>(i);
    }
  }
  std::vector<char> seen_a(k, 0), seen_b(k, 0);
  int64_t overlap = 0;
  double weighted = 0.0, p_d = 1.0, agreement = 0.0;
  for (size_t d = 1; d <= k; ++d) {
    const int ia = item_at_a[d - 1], ib = item_at_b[d - 1];
    seen_a[ia] = 1;
    seen_b[ib] = 1;
    if (ia == ib) {
      ++overlap;
    } else {
      overlap += seen_b[ia] + seen_a[ib];
    }
    p_d *= p;
    agreement = static_cast<double>(overlap) / static_cast<double>(d);
    weighted += agreement * p_d;
  }
  return std::clamp(agreement * p_d + (1.0 - p) / p * weighted, 0.0, 1.0);
}

}  // namespace tourney
