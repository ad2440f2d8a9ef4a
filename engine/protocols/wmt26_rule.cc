// WMT26's ranking rule for contrastive ESA (see tourney/protocols/wmt26_rule.h).
#include "tourney/protocols/wmt26_rule.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/gaussian.h"
#include "tourney/core/random.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney {
namespace wmt26_rule_detail {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// numpy's default ("linear") percentile of sorted values at q in [0, 1].
double LinearPercentile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

double MeanOf(const std::vector<double>& x) {
  double s = 0.0;
  for (double v : x) s += v;
  return s / static_cast<double>(x.size());
}

// Sum of U^3 / n^3 and of U^2 / n^2 over one sample's jackknife, U = (n - 1)(mean - theta_i),
// where theta_i = statistic with x_i left out moves by `sign` times the sample mean.
void JackknifeMoments(const std::vector<double>& x, double sign, double* num, double* den) {
  const double n = static_cast<double>(x.size());
  const double total = [&] { double s = 0.0; for (double v : x) s += v; return s; }();
  std::vector<double> theta(x.size());
  for (size_t i = 0; i < x.size(); ++i) theta[i] = sign * (total - x[i]) / (n - 1.0);
  const double dot = MeanOf(theta);
  for (double t : theta) {
    const double u = (n - 1.0) * (dot - t);
    *num += u * u * u / (n * n * n);
    *den += u * u / (n * n);
  }
}

// The BCa lower bound from resampled statistics, the estimate and the acceleration.
double BcaLower(std::vector<double> resamples, double estimate, double accel,
                double confidence) {
  double below = 0.0;
  for (double r : resamples) below += (r < estimate ? 1.0 : 0.0) + (r <= estimate ? 1.0 : 0.0);
  const double share = below / (2.0 * static_cast<double>(resamples.size()));
  if (!(share > 0.0 && share < 1.0)) return kNan;
  const double z0 = NormalQuantile(share);
  const double z = z0 + NormalQuantile(1.0 - confidence);
  const double alpha1 = NormalCdf(z0 + z / (1.0 - accel * z));
  if (!std::isfinite(alpha1)) return kNan;
  std::sort(resamples.begin(), resamples.end());
  return LinearPercentile(resamples, std::clamp(alpha1, 0.0, 1.0));
}

double Acceleration(double num, double den) {
  return den > 0.0 ? num / (6.0 * std::pow(den, 1.5)) : 0.0;
}

std::vector<double> ResampledMeans(const std::vector<double>& x, int resamples, Rng& rng) {
  std::vector<double> out(resamples);
  for (int b = 0; b < resamples; ++b) {
    double s = 0.0;
    for (size_t i = 0; i < x.size(); ++i) s += x[rng.UniformInt(x.size())];
    out[b] = s / static_cast<double>(x.size());
  }
  return out;
}

}  // namespace wmt26_rule_detail

double BcaLowerBoundOfMean(const std::vector<double>& x, const std::vector<double>& resamples,
                           double confidence) {
  double num = 0.0, den = 0.0;
  wmt26_rule_detail::JackknifeMoments(x, 1.0, &num, &den);
  return wmt26_rule_detail::BcaLower(resamples, wmt26_rule_detail::MeanOf(x),
                                     wmt26_rule_detail::Acceleration(num, den), confidence);
}

bool Wmt26SignificantlyBetter(const std::vector<double>& a, const std::vector<double>& b,
                              const Wmt26Options& options, uint64_t seed) {
  using namespace wmt26_rule_detail;
  Rng rng(seed);
  std::vector<double> diffs, valid_a, valid_b;
  bool some_positive = false;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (!std::isnan(a[i]) && !std::isnan(b[i])) {
      diffs.push_back(a[i] - b[i]);
      some_positive = some_positive || diffs.back() > 0.0;
    }
  }
  for (double v : a) if (!std::isnan(v)) valid_a.push_back(v);
  for (double v : b) if (!std::isnan(v)) valid_b.push_back(v);
  if (diffs.size() >= 2 && some_positive) {
    const std::vector<double> boot = ResampledMeans(diffs, options.resamples, rng);
    const double low = BcaLowerBoundOfMean(diffs, boot, options.confidence);
    if (low > 0.0) return true;
  }
  if (valid_a.size() >= 2 && valid_b.size() >= 2) {
    const std::vector<double> boot_a = ResampledMeans(valid_a, options.resamples, rng);
    const std::vector<double> boot_b = ResampledMeans(valid_b, options.resamples, rng);
    std::vector<double> boot(options.resamples);
    for (int r = 0; r < options.resamples; ++r) boot[r] = boot_a[r] - boot_b[r];
    double num = 0.0, den = 0.0;
    JackknifeMoments(valid_a, 1.0, &num, &den);
    JackknifeMoments(valid_b, -1.0, &num, &den);
    const double low = BcaLower(boot, MeanOf(valid_a) - MeanOf(valid_b),
                                Acceleration(num, den), options.confidence);
    if (low > 0.0) return true;
  }
  return false;
}

StatusOr<Wmt26Board> RankLikeWmt26(const ContrastiveScreens& screens,
                                   const Wmt26Options& options) {
  if (options.resamples < 1) return InvalidArgument("wmt26 rule: resamples must be >= 1");
  if (!(options.confidence > 0.0 && options.confidence < 1.0)) {
    return InvalidArgument("wmt26 rule: confidence must be strictly between 0 and 1");
  }
  if (Status s = CheckContrastiveScreens(screens); !s.ok()) return s;
  const int n = static_cast<int>(screens.systems.size());
  const size_t items = screens.segments.size();
  // Item means: sum and count per (system, item).
  std::vector<double> sum(static_cast<size_t>(n) * items, 0.0);
  std::vector<int32_t> count(static_cast<size_t>(n) * items, 0);
  for (const ContrastiveScreen& screen : screens.screens) {
    for (const ScreenAnswer& answer : screen.answers) {
      const size_t at = static_cast<size_t>(answer.system) * items + screen.segment;
      sum[at] += answer.score;
      ++count[at];
    }
  }
  std::vector<std::vector<double>> item_scores(n, std::vector<double>(items, wmt26_rule_detail::kNan));
  Wmt26Board board;
  board.score.assign(n, 0.0);
  board.items.assign(n, 0);
  for (int s = 0; s < n; ++s) {
    double total = 0.0;
    for (size_t i = 0; i < items; ++i) {
      const size_t at = static_cast<size_t>(s) * items + i;
      if (count[at] == 0) continue;
      item_scores[s][i] = sum[at] / count[at];
      total += item_scores[s][i];
      ++board.items[s];
    }
    if (board.items[s] > 0) {
      board.score[s] = total / static_cast<double>(board.items[s]);
      board.order.push_back(s);
    }
  }
  std::stable_sort(board.order.begin(), board.order.end(),
                   [&](int a, int b) { return board.score[a] > board.score[b]; });
  board.better.assign(static_cast<size_t>(n) * n, 0);
  for (int a : board.order) {
    for (int b : board.order) {
      if (a == b) continue;
      const uint64_t seed = DeriveSeed(options.seed, static_cast<uint64_t>(a) * n + b);
      board.better[static_cast<size_t>(a) * n + b] =
          Wmt26SignificantlyBetter(item_scores[a], item_scores[b], options, seed) ? 1 : 0;
    }
  }
  board.cluster.assign(n, 0);
  if (!board.order.empty()) {
    const std::vector<int> clusters = ClustersFromBeats(board.order, board.better, n);
    for (size_t r = 0; r < board.order.size(); ++r) board.cluster[board.order[r]] = clusters[r];
    board.num_clusters = clusters.back();
  }
  return board;
}

}  // namespace tourney
