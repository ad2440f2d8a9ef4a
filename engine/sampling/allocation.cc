// Allocation of a sample to strata (see tourney/sampling/allocation.h).
#include "tourney/sampling/allocation.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tourney {

StatusOr<std::vector<double>> IdealAllocation(const std::vector<int>& capacity,
                                              const std::vector<double>& weight, int n) {
  const size_t bins = capacity.size();
  if (weight.size() != bins) return InvalidArgument("allocation: one weight per bin");
  long long total = 0;
  for (size_t l = 0; l < bins; ++l) {
    if (capacity[l] < 0) return InvalidArgument("allocation: negative bin size");
    if (!std::isfinite(weight[l]) || weight[l] < 0) {
      return InvalidArgument("allocation: weights must be finite and >= 0");
    }
    total += capacity[l];
  }
  if (n < 0 || n > total) {
    return InvalidArgument("allocation: sample size " + std::to_string(n) + " outside 0.." +
                           std::to_string(total));
  }
  std::vector<double> size(bins, 0.0);
  std::vector<char> filled(bins, 0);
  double remaining = n;
  // Each round allocates what is left over the open bins; a bin over its capacity is
  // filled and the round repeats without it.
  for (size_t round = 0; round <= bins && remaining > 1e-12; ++round) {
    double sum_w = 0.0;
    double sum_cap = 0.0;
    for (size_t l = 0; l < bins; ++l) {
      if (!filled[l]) {
        sum_w += capacity[l] > 0 ? weight[l] : 0.0;
        sum_cap += capacity[l];
      }
    }
    if (sum_cap <= 0) break;
    const bool by_capacity = !(sum_w > 0);
    double worst_excess = 0.0;
    size_t worst = bins;
    for (size_t l = 0; l < bins; ++l) {
      if (filled[l]) continue;
      const double w = by_capacity ? capacity[l] : (capacity[l] > 0 ? weight[l] : 0.0);
      size[l] = remaining * w / (by_capacity ? sum_cap : sum_w);
      const double excess = size[l] - capacity[l];
      if (excess > 1e-9 && (worst == bins || excess > worst_excess)) {
        worst_excess = excess;
        worst = l;
      }
    }
    if (worst == bins) {
      remaining = 0.0;
      break;
    }
    size[worst] = capacity[worst];
    filled[worst] = 1;
    remaining -= capacity[worst];
    for (size_t l = 0; l < bins; ++l) {
      if (!filled[l]) size[l] = 0.0;
    }
  }
  return size;
}

std::vector<int> RoundAllocation(const std::vector<double>& ideal, int n, Rng* rng) {
  const size_t bins = ideal.size();
  std::vector<int> out(bins);
  std::vector<double> frac(bins);
  int assigned = 0;
  for (size_t l = 0; l < bins; ++l) {
    // Guard against 2.9999999 from the division.
    const double v = ideal[l] + 1e-9;
    out[l] = static_cast<int>(std::floor(v));
    frac[l] = ideal[l] - out[l];
    assigned += out[l];
  }
  std::vector<size_t> order(bins);
  std::iota(order.begin(), order.end(), size_t{0});
  if (rng != nullptr) {  // a random order among ties: shuffle, then a stable sort
    for (size_t i = bins; i > 1; --i) std::swap(order[i - 1], order[rng->UniformInt(i)]);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return frac[a] > frac[b] + 1e-12; });
  for (size_t k = 0; k < bins && assigned < n; ++k) {
    ++out[order[k]];
    ++assigned;
  }
  return out;
}

std::vector<int> RoundAllocationUnbiased(const std::vector<double>& ideal, int n, Rng& rng) {
  const size_t bins = ideal.size();
  std::vector<int> out(bins, 0);
  const double u = rng.Uniform();
  double cumulative = 0.0;
  int64_t before = 0;  // floor(C_{l-1} + u)
  for (size_t l = 0; l < bins; ++l) {
    cumulative += ideal[l];
    // The last bin closes at exactly n (the running sum may drift by rounding).
    const int64_t upto =
        l + 1 == bins ? n : static_cast<int64_t>(std::floor(cumulative + u + 1e-9));
    out[l] = static_cast<int>(std::max<int64_t>(0, upto - before));
    before = std::max(before, upto);
  }
  return out;
}

StatusOr<std::vector<int>> Allocate(const std::vector<int>& capacity,
                                    const std::vector<double>& weight, int n, Rng* rng) {
  auto ideal = IdealAllocation(capacity, weight, n);
  if (!ideal.ok()) return ideal.status();
  std::vector<int> out = RoundAllocation(*ideal, n, rng);
  return out;
}

}  // namespace tourney
