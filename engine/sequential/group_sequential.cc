#include "tourney/sequential/group_sequential.h"

#include <cmath>
#include <string>

#include "core/gaussian.h"

namespace tourney {
namespace {

constexpr int kGrid = 801;  // points of the continuation region per look

double NormalDensity(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI); }

// The density of W(t) restricted to the continuation region so far, on an even grid.
struct GridDensity {
  double lo = 0.0;
  double step = 0.0;
  std::vector<double> f;  // density values at lo + i step
};

// P(|W(t)| >= c sqrt(t)) from `prev` (the sub-density at t_prev, already cut to the
// continuation region), or from W(0) = 0 when prev is empty.
double ExitProbability(const GridDensity& prev, double t_prev, double t, double c) {
  const double b = c * std::sqrt(t);
  const double dt = t - t_prev;
  const double sd = std::sqrt(dt);
  if (prev.f.empty()) return 2.0 * (1.0 - NormalCdf(b / sd));
  double total = 0.0;
  for (size_t i = 0; i < prev.f.size(); ++i) {
    const double u = prev.lo + prev.step * static_cast<double>(i);
    const double weight = (i == 0 || i + 1 == prev.f.size()) ? 0.5 : 1.0;
    const double tails = (1.0 - NormalCdf((b - u) / sd)) + NormalCdf((-b - u) / sd);
    total += weight * prev.f[i] * tails;
  }
  return total * prev.step;
}

// The sub-density of W(t) on (-c sqrt(t), c sqrt(t)), never having left before.
GridDensity Propagate(const GridDensity& prev, double t_prev, double t, double c) {
  const double b = c * std::sqrt(t);
  const double sd = std::sqrt(t - t_prev);
  GridDensity next;
  next.lo = -b;
  next.step = 2.0 * b / (kGrid - 1);
  next.f.assign(kGrid, 0.0);
  for (int j = 0; j < kGrid; ++j) {
    const double s = next.lo + next.step * j;
    if (prev.f.empty()) {
      next.f[j] = NormalDensity(s / sd) / sd;
      continue;
    }
    double total = 0.0;
    for (size_t i = 0; i < prev.f.size(); ++i) {
      const double u = prev.lo + prev.step * static_cast<double>(i);
      const double weight = (i == 0 || i + 1 == prev.f.size()) ? 0.5 : 1.0;
      total += weight * prev.f[i] * NormalDensity((s - u) / sd) / sd;
    }
    next.f[j] = total * prev.step;
  }
  return next;
}

}  // namespace

double ObrienFlemingSpending(double t, double alpha) {
  if (t <= 0.0) return 0.0;
  const double z = NormalQuantile(1.0 - alpha / 4.0);
  return 2.0 * (2.0 - 2.0 * NormalCdf(z / std::sqrt(std::min(t, 1.0))));
}

StatusOr<std::vector<PlannedLook>> PlanLooks(const std::vector<double>& fractions,
                                             double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0)) return InvalidArgument("alpha must be in (0, 1)");
  if (fractions.empty() || fractions.size() > 100) {
    return InvalidArgument("planned looks: 1 to 100 looks, got " +
                           std::to_string(fractions.size()));
  }
  for (size_t k = 0; k < fractions.size(); ++k) {
    const double t = fractions[k];
    if (!(t > 0.0 && t <= 1.0) || (k > 0 && !(t > fractions[k - 1]))) {
      return InvalidArgument("planned looks: information fractions must increase within (0, 1]");
    }
  }
  if (fractions.back() != 1.0) {
    return InvalidArgument("planned looks: the last look must be at the full budget (1)");
  }
  std::vector<PlannedLook> out;
  GridDensity density;
  double t_prev = 0.0, spent_prev = 0.0;
  for (double t : fractions) {
    const double spent = ObrienFlemingSpending(t, alpha);
    const double target = spent - spent_prev;
    // The exit probability falls as c grows: bisect on [0, 40].
    double lo = 0.0, hi = 40.0;
    for (int it = 0; it < 100; ++it) {
      const double mid = 0.5 * (lo + hi);
      (ExitProbability(density, t_prev, t, mid) > target ? lo : hi) = mid;
    }
    const double c = 0.5 * (lo + hi);
    PlannedLook look;
    look.fraction = t;
    look.spent = spent;
    look.critical = c;
    look.nominal_alpha = 2.0 * (1.0 - NormalCdf(c));
    out.push_back(look);
    density = Propagate(density, t_prev, t, c);
    t_prev = t;
    spent_prev = spent;
  }
  return out;
}

StatusOr<std::vector<PlannedLook>> PlanEqualLooks(int looks, double alpha) {
  if (looks < 1 || looks > 100) {
    return InvalidArgument("planned looks: 1 to 100 looks, got " + std::to_string(looks));
  }
  std::vector<double> fractions;
  for (int k = 1; k <= looks; ++k) fractions.push_back(static_cast<double>(k) / looks);
  fractions.back() = 1.0;
  return PlanLooks(fractions, alpha);
}

}  // namespace tourney
