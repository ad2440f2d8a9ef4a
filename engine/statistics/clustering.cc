#include "tourney/statistics/clustering.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tourney {
namespace {

// The (k)-th smallest and (size-1-k)-th smallest of `values` (copied).
template <typename T>
std::pair<T, T> TrimmedExtremes(std::vector<T> values, int k) {
  const size_t lo = static_cast<size_t>(k);
  const size_t hi = values.size() - 1 - lo;
  std::nth_element(values.begin(), values.begin() + static_cast<long>(lo), values.end());
  const T low = values[lo];
  std::nth_element(values.begin(), values.begin() + static_cast<long>(hi), values.end());
  return {low, values[hi]};
}

}  // namespace

int TrimCount(int replicates, double confidence) {
  if (replicates <= 1) return 0;
  if (!(confidence >= 0.0)) confidence = 0.0;  // also catches NaN
  if (confidence > 1.0) confidence = 1.0;
  const double x = static_cast<double>(replicates) * (1.0 - confidence) / 2.0;
  // 1000 * (1 - 0.95) / 2 evaluates to 25.000000000000004: forgive representation error.
  int k = static_cast<int>(std::ceil(x - 1e-7));
  k = std::max(k, 0);
  return std::min(k, (replicates - 1) / 2);
}

namespace {

int UncappedTrim(int64_t replicates, double confidence) {
  const double x = static_cast<double>(replicates) * (1.0 - confidence) / 2.0;
  return std::max(static_cast<int>(std::ceil(x - 1e-7)), 0);
}

}  // namespace

bool TrimFits(int replicates, double confidence) {
  return replicates >= 1 && UncappedTrim(replicates, confidence) <= (replicates - 1) / 2;
}

int MinimumBootstrapReplicates(double confidence) {
  // ceil(R (1 - G) / 2) <= R (1 - G) / 2 + 1 <= (R - 2) / 2 <= (R - 1) / 2 once R G >= 4.
  const double bound = std::ceil(4.0 / confidence) + 1.0;
  if (!(bound < 4e6)) return std::numeric_limits<int>::max();  // beyond any accepted count
  int r = static_cast<int>(bound);
  while (r > 1 && TrimFits(r - 1, confidence)) --r;
  return r;
}

RankRange RankRangeOf(std::span<const int> ranks, double confidence) {
  if (ranks.empty()) return {};
  const int k = TrimCount(static_cast<int>(ranks.size()), confidence);
  const auto [lo, hi] = TrimmedExtremes(std::vector<int>(ranks.begin(), ranks.end()), k);
  return {lo, hi};
}

std::vector<RankRange> RankRanges(const RankSamples& ranks, double confidence) {
  std::vector<RankRange> out(static_cast<size_t>(ranks.num_systems));
  for (int s = 0; s < ranks.num_systems; ++s) {
    const std::vector<int> column = ranks.Column(s);
    out[s] = RankRangeOf(column, confidence);
  }
  return out;
}

std::vector<ScoreInterval> ScoreIntervals(const ScoreSamples& scores, double confidence) {
  std::vector<ScoreInterval> out(static_cast<size_t>(scores.num_systems));
  if (scores.num_replicates == 0) return out;
  const int k = TrimCount(scores.num_replicates, confidence);
  for (int s = 0; s < scores.num_systems; ++s) {
    const auto [lo, hi] = TrimmedExtremes(scores.Column(s), k);
    out[s] = {lo, hi};
  }
  return out;
}

std::vector<int> ClusterBoundaries(std::span<const int> order, std::span<const RankRange> ranges) {
  const size_t n = order.size();
  std::vector<int> boundaries;
  if (n < 2) return boundaries;
  // suffix_min_lo[i] = min over positions >= i of the best rank.
  std::vector<int> suffix_min_lo(n + 1, std::numeric_limits<int>::max());
  for (size_t i = n; i-- > 0;) {
    suffix_min_lo[i] = std::min(suffix_min_lo[i + 1], ranges[order[i]].lo);
  }
  int prefix_max_hi = std::numeric_limits<int>::min();
  for (size_t i = 0; i + 1 < n; ++i) {
    prefix_max_hi = std::max(prefix_max_hi, ranges[order[i]].hi);
    if (prefix_max_hi < suffix_min_lo[i + 1]) boundaries.push_back(static_cast<int>(i));
  }
  return boundaries;
}

std::vector<int> ClusterByRankRanges(std::span<const int> order,
                                     std::span<const RankRange> ranges) {
  std::vector<int> cluster(ranges.size(), 0);
  const std::vector<int> boundaries = ClusterBoundaries(order, ranges);
  int current = 1;
  size_t next_boundary = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    cluster[order[i]] = current;
    if (next_boundary < boundaries.size() && boundaries[next_boundary] == static_cast<int>(i)) {
      ++current;
      ++next_boundary;
    }
  }
  return cluster;
}

std::vector<int> RankUpperBounds(std::span<const ScoreInterval> intervals) {
  std::vector<int> out(intervals.size(), 1);
  for (size_t i = 0; i < intervals.size(); ++i) {
    for (size_t j = 0; j < intervals.size(); ++j) {
      if (j != i && intervals[j].lo > intervals[i].hi) ++out[i];
    }
  }
  return out;
}

}  // namespace tourney
