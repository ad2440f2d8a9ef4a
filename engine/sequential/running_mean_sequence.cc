#include "tourney/sequential/running_mean_sequence.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace tourney {
namespace {

constexpr int kBets = 24;

struct BetGrid {
  std::array<double, kBets> lambda{};
  std::array<double, kBets> psi{};  // -log(1 - lambda) - lambda
  BetGrid() {
    for (int k = 0; k < kBets; ++k) {
      lambda[k] = 0.9 * std::exp2(-0.5 * k);
      psi[k] = -std::log1p(-lambda[k]) - lambda[k];
    }
  }
};

const BetGrid& Grid() {
  static const BetGrid grid;
  return grid;
}

}  // namespace

void RunningMeanSequence::Add(double x) {
  x = std::clamp(x, 0.0, 1.0);
  const double guess = (0.5 + sum_) / static_cast<double>(count_ + 1);
  variance_ += (x - guess) * (x - guess);
  sum_ += x;
  ++count_;
}

RunningMeanBoundary::RunningMeanBoundary(double alpha)
    : alpha_(std::clamp(alpha, 1e-300, 0.5)),
      log_target_(std::log(2.0 * kBets) - std::log(alpha_)) {}

double RunningMeanBoundary::Radius(int64_t count, double variance) const {
  if (count <= 0) return std::numeric_limits<double>::infinity();
  const BetGrid& g = Grid();
  const double v = std::max(variance, 0.0);
  // F(s) = log sum_k exp(lambda_k s - psi_k v) is convex and increasing in s (its slope is
  // a weighted mean of the lambda_k > 0), so Newton's method converges from any start: a
  // start left of the root lands right of it after one step, and from the right it
  // descends monotonically. The start is the Bernstein-shaped guess sqrt(2 v L) + L / 3.
  const double l = log_target_;
  double s = std::sqrt(2.0 * v * l) + l / 3.0;
  for (int iter = 0; iter < 100; ++iter) {
    double top = -std::numeric_limits<double>::infinity();
    std::array<double, kBets> e{};
    for (int k = 0; k < kBets; ++k) {
      e[k] = g.lambda[k] * s - g.psi[k] * v;
      top = std::max(top, e[k]);
    }
    double total = 0.0, slope = 0.0;
    for (int k = 0; k < kBets; ++k) {
      const double w = std::exp(e[k] - top);
      total += w;
      slope += w * g.lambda[k];
    }
    const double excess = top + std::log(total) - l;
    const double step = excess / (slope / total);
    s -= step;
    if (std::fabs(step) <= 1e-14 * s) break;
  }
  return s / static_cast<double>(count);
}

double RunningMeanBoundary::Lo(const RunningMeanSequence& q) const {
  if (q.count() == 0) return 0.0;
  return std::clamp(q.mean() - Radius(q.count(), q.variance_process()), 0.0, 1.0);
}

double RunningMeanBoundary::Hi(const RunningMeanSequence& q) const {
  if (q.count() == 0) return 1.0;
  return std::clamp(q.mean() + Radius(q.count(), q.variance_process()), 0.0, 1.0);
}

}  // namespace tourney
