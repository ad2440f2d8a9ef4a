// The assignment rules of scored screens (see tourney/selection/screen_assignment.h).
#include "tourney/selection/screen_assignment.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace tourney {
namespace screen_assignment_detail {

// The systems below the warm-up count.
std::vector<int> BelowColdstart(const ScreenTally& tally, int coldstart) {
  std::vector<int> below;
  for (int s = 0; s < tally.systems(); ++s) {
    if (tally.answers(s) < coldstart) below.push_back(s);
  }
  return below;
}

// k distinct draws from `pool` uniformly (a partial Fisher-Yates shuffle).
std::vector<int> UniformFrom(std::vector<int> pool, int k, Rng& rng) {
  for (int i = 0; i < k; ++i) {
    const size_t j = i + rng.UniformInt(pool.size() - i);
    std::swap(pool[i], pool[j]);
  }
  pool.resize(k);
  return pool;
}

std::vector<int> AllSystems(int n) {
  std::vector<int> all(n);
  std::iota(all.begin(), all.end(), 0);
  return all;
}

// The warm-up draw, given that L (`below`) is not empty.
std::vector<int> WarmUpDraw(const ScreenTally& tally, const std::vector<int>& below, int k,
                            Rng& rng) {
  if (static_cast<int>(below.size()) >= k) return UniformFrom(below, k, rng);
  std::vector<int> others;
  for (int s = 0; s < tally.systems(); ++s) {
    if (!std::binary_search(below.begin(), below.end(), s)) others.push_back(s);
  }
  std::vector<int> chosen = below;
  for (int s : UniformFrom(others, k - static_cast<int>(below.size()), rng)) chosen.push_back(s);
  return chosen;
}

double WarmUpProbability(const ScreenTally& tally, const std::vector<int>& below,
                         const std::vector<int>& subset) {
  const int k = static_cast<int>(subset.size());
  const int l = static_cast<int>(below.size());
  int inside = 0;
  for (int s : subset) inside += std::binary_search(below.begin(), below.end(), s) ? 1 : 0;
  if (l >= k) return inside == k ? 1.0 / Choose(l, k) : 0.0;
  return inside == l ? 1.0 / Choose(tally.systems() - l, k - l) : 0.0;
}

// WMT26's weights: rank r by mean (ties by id) weighs 1 / sqrt(r + 1).
std::vector<double> RankWeights(const ScreenTally& tally) {
  std::vector<int> by_mean = AllSystems(tally.systems());
  std::stable_sort(by_mean.begin(), by_mean.end(),
                   [&](int a, int b) { return tally.mean(a) > tally.mean(b); });
  std::vector<double> weights(tally.systems());
  for (size_t r = 0; r < by_mean.size(); ++r) {
    weights[by_mean[r]] = 1.0 / std::sqrt(static_cast<double>(r) + 1.0);
  }
  return weights;
}

// The adaptive rule's focus-pair weights u_ab, row-major for a < b (0 elsewhere).
std::vector<double> PairWeights(const ScreenTally& tally) {
  const int n = tally.systems();
  std::vector<double> u(static_cast<size_t>(n) * n, 0.0);
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const double z = tally.t_statistic(a, b);
      u[static_cast<size_t>(a) * n + b] = (0.1 + z * z * std::exp(-z * z / 8.0)) /
                                          std::sqrt(1.0 + static_cast<double>(tally.shared(a, b)));
    }
  }
  return u;
}

}  // namespace screen_assignment_detail

StatusOr<ScreenAssignment> ParseScreenAssignment(std::string_view name) {
  if (name == "uniform") return ScreenAssignment::kUniform;
  if (name == "wmt26") return ScreenAssignment::kWmt26;
  if (name == "adaptive") return ScreenAssignment::kAdaptive;
  return InvalidArgument("assignment '" + std::string(name) +
                         "': expected uniform, wmt26 or adaptive");
}

const char* ScreenAssignmentName(ScreenAssignment rule) {
  switch (rule) {
    case ScreenAssignment::kUniform:
      return "uniform";
    case ScreenAssignment::kWmt26:
      return "wmt26";
    case ScreenAssignment::kAdaptive:
      return "adaptive";
  }
  return "uniform";
}

ScreenTally::ScreenTally(int systems)
    : n_(systems),
      answers_(systems, 0),
      sums_(systems, 0.0),
      pairs_(static_cast<size_t>(systems) * systems) {}

void ScreenTally::Add(const std::vector<ScreenAnswer>& answers) {
  for (const ScreenAnswer& x : answers) {
    ++answers_[x.system];
    sums_[x.system] += x.score;
  }
  for (size_t i = 0; i < answers.size(); ++i) {
    for (size_t j = i + 1; j < answers.size(); ++j) {
      const ScreenAnswer& x = answers[i];
      const ScreenAnswer& y = answers[j];
      const double d = x.system < y.system ? x.score - y.score : y.score - x.score;
      Pair& p = pairs_[static_cast<size_t>(std::min(x.system, y.system)) * n_ +
                       std::max(x.system, y.system)];
      ++p.n;
      p.sum += d;
      p.sum_sq += d * d;
    }
  }
}

double ScreenTally::mean_difference(int a, int b) const {
  const Pair& p = pair(a, b);
  if (p.n == 0) return 0.0;
  const double m = p.sum / static_cast<double>(p.n);
  return a < b ? m : -m;
}

double ScreenTally::t_statistic(int a, int b) const {
  const Pair& p = pair(a, b);
  if (p.n < 2) return 0.0;
  const double n = static_cast<double>(p.n);
  const double m = p.sum / n;
  const double var = std::max(0.0, (p.sum_sq - n * m * m) / (n - 1.0));
  if (!(var > 0.0)) return 0.0;
  const double t = m / std::sqrt(var / n);
  return a < b ? t : -t;
}

double Choose(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double c = 1.0;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return std::round(c);
}

double WeightedSubsetProbability(const std::vector<double>& weights,
                                 const std::vector<int>& subset) {
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  std::vector<int> order(subset);
  std::sort(order.begin(), order.end());
  double probability = 0.0;
  do {
    double p = 1.0;
    double left = total;
    for (int id : order) {
      p *= weights[id] / left;
      left -= weights[id];
    }
    probability += p;
  } while (std::next_permutation(order.begin(), order.end()));
  return probability;
}

Status CheckAssignmentOptions(const AssignmentOptions& options, int systems) {
  if (options.k < 2 || options.k > systems) {
    return InvalidArgument("screen_size: " + std::to_string(options.k) +
                           " systems per screen; it must be between 2 and the " +
                           std::to_string(systems) + " systems");
  }
  if (options.coldstart < 0) return InvalidArgument("coldstart: must be >= 0");
  if (!(options.explore > 0.0 && options.explore <= 1.0)) {
    return InvalidArgument("explore: must be in (0, 1]");
  }
  return Status();
}

std::vector<int> DrawScreenSystems(ScreenAssignment rule, const ScreenTally& tally,
                                   const AssignmentOptions& options, Rng& rng) {
  using namespace screen_assignment_detail;
  const int n = tally.systems();
  const int k = options.k;
  if (rule == ScreenAssignment::kUniform) return UniformFrom(AllSystems(n), k, rng);
  const std::vector<int> below = BelowColdstart(tally, options.coldstart);
  if (!below.empty()) return WarmUpDraw(tally, below, k, rng);
  if (rule == ScreenAssignment::kWmt26) {
    std::vector<double> left = RankWeights(tally);
    double total = std::accumulate(left.begin(), left.end(), 0.0);
    std::vector<int> chosen;
    for (int d = 0; d < k; ++d) {
      double u = rng.Uniform() * total;
      int pick = -1;
      for (int s = 0; s < n; ++s) {
        if (left[s] == 0.0) continue;
        pick = s;
        if (u < left[s]) break;
        u -= left[s];
      }
      chosen.push_back(pick);
      total -= left[pick];
      left[pick] = 0.0;
    }
    return chosen;
  }
  // Adaptive: the mixture.
  if (rng.Uniform() < options.explore) return UniformFrom(AllSystems(n), k, rng);
  const std::vector<double> u = PairWeights(tally);
  double total = std::accumulate(u.begin(), u.end(), 0.0);
  double x = rng.Uniform() * total;
  size_t focus = 0;  // the last positive weight, should rounding leave x past the end
  for (size_t i = 0; i < u.size(); ++i) {
    if (u[i] <= 0.0) continue;
    focus = i;
    if (x < u[i]) break;
    x -= u[i];
  }
  const int fa = static_cast<int>(focus / n);
  const int fb = static_cast<int>(focus % n);
  std::vector<int> others;
  for (int s = 0; s < n; ++s) {
    if (s != fa && s != fb) others.push_back(s);
  }
  std::vector<int> chosen = {fa, fb};
  for (int s : UniformFrom(others, k - 2, rng)) chosen.push_back(s);
  return chosen;
}

double SubsetProbability(ScreenAssignment rule, const ScreenTally& tally,
                         const AssignmentOptions& options, const std::vector<int>& subset) {
  using namespace screen_assignment_detail;
  const int n = tally.systems();
  const int k = static_cast<int>(subset.size());
  if (rule == ScreenAssignment::kUniform) return 1.0 / Choose(n, k);
  const std::vector<int> below = BelowColdstart(tally, options.coldstart);
  if (!below.empty()) return WarmUpProbability(tally, below, subset);
  if (rule == ScreenAssignment::kWmt26) return WeightedSubsetProbability(RankWeights(tally), subset);
  const std::vector<double> u = PairWeights(tally);
  const double total = std::accumulate(u.begin(), u.end(), 0.0);
  double focus = 0.0;
  for (int i = 0; i < k; ++i) {
    for (int j = i + 1; j < k; ++j) {
      const int a = std::min(subset[i], subset[j]);
      const int b = std::max(subset[i], subset[j]);
      focus += u[static_cast<size_t>(a) * n + b] / total;
    }
  }
  return options.explore / Choose(n, k) + (1.0 - options.explore) * focus / Choose(n - 2, k - 2);
}

}  // namespace tourney
