// Error bounds (see tourney/sampling/error_bound.h).
#include "tourney/sampling/error_bound.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/policies/policy.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "core/gaussian.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

using NoThrow = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

}  // namespace

StatusOr<BoundKind> ParseBound(std::string_view name) {
  if (name == "hoeffding") return BoundKind::kHoeffding;
  if (name == "bernstein") return BoundKind::kBernstein;
  if (name == "clt") return BoundKind::kClt;
  if (name == "clt-t") return BoundKind::kCltT;
  if (name == "bootstrap-t") return BoundKind::kBootstrapT;
  if (name == "betting-cs") return BoundKind::kBettingCs;
  if (name == "cv-cs") return BoundKind::kCvCs;
  return InvalidArgument("unknown bound '" + std::string(name) +
                         "' (choose from hoeffding, bernstein, clt, clt-t, bootstrap-t, "
                         "betting-cs, cv-cs)");
}

std::string_view BoundName(BoundKind kind) {
  switch (kind) {
    case BoundKind::kHoeffding:
      return "hoeffding";
    case BoundKind::kBernstein:
      return "bernstein";
    case BoundKind::kClt:
      return "clt";
    case BoundKind::kCltT:
      return "clt-t";
    case BoundKind::kBootstrapT:
      return "bootstrap-t";
    case BoundKind::kBettingCs:
      return "betting-cs";
    case BoundKind::kCvCs:
      return "cv-cs";
  }
  return "?";
}

double StudentQuantile(double p, double df) {
  if (!(df > 0)) return NormalQuantile(p);
  const boost::math::students_t_distribution<double, NoThrow> t(df);
  const double q = boost::math::quantile(t, p);
  return std::isfinite(q) ? q : NormalQuantile(p);
}

double ErrorBound(BoundKind kind, const Estimate& e, double confidence, double range) {
  const double delta = 1.0 - confidence;
  const double n = std::max(1, e.n);
  switch (kind) {
    case BoundKind::kHoeffding: {
      const double kn = 1.0 - (n - 1.0) / e.population;
      return range * std::sqrt(kn * std::log(2.0 / delta) / (2.0 * n));
    }
    case BoundKind::kBernstein: {
      const double l3 = std::log(3.0 / delta);
      return e.residual_sd * std::sqrt(2.0 * l3 / n) + 3.0 * range * l3 / n;
    }
    case BoundKind::kClt:
      return NormalQuantile(1.0 - delta / 2.0) * std::sqrt(e.variance);
    case BoundKind::kCltT:
      return StudentQuantile(1.0 - delta / 2.0, n - 1.0) * std::sqrt(e.variance);
    case BoundKind::kBootstrapT: {
      const ErrorInterval i = IntervalOf(kind, e, confidence, range);
      return 0.5 * (i.below + i.above);
    }
    case BoundKind::kBettingCs:
      return 0.0;  // needs the order of the scores (scoring_campaign.h)
    case BoundKind::kCvCs:  // needs the order (residual_sequence.h): claims nothing here
      return std::numeric_limits<double>::infinity();
  }
  return 0.0;
}

ErrorInterval IntervalOf(BoundKind kind, const Estimate& e, double confidence, double range,
                         uint64_t seed, int replicates) {
  if (kind != BoundKind::kBootstrapT) {
    const double t = ErrorBound(kind, e, confidence, range);
    return {t, t};
  }
  const int n = static_cast<int>(e.residuals.size());
  const double se = std::sqrt(e.variance);
  if (n < 3 || replicates < 10) {
    const double t = ErrorBound(BoundKind::kCltT, e, confidence, range);
    return {t, t};
  }
  double mean = 0.0;
  for (double r : e.residuals) mean += r;
  mean /= n;
  std::vector<double> centred(e.residuals);
  for (double& r : centred) r -= mean;
  Rng rng(seed);
  std::vector<double> t(replicates);
  int used = 0;
  for (int b = 0; b < replicates; ++b) {
    double s = 0.0, s2 = 0.0;
    for (int k = 0; k < n; ++k) {
      const double r = centred[rng.UniformInt(n)];
      s += r;
      s2 += r * r;
    }
    const double m = s / n;
    const double var = (s2 - n * m * m) / (n - 1.0);
    if (var > 0) t[used++] = m / std::sqrt(var / n);
  }
  if (used < 10) {
    const double tt = ErrorBound(BoundKind::kCltT, e, confidence, range);
    return {tt, tt};
  }
  t.resize(used);
  const double delta = 1.0 - confidence;
  auto quantile = [&](double p) {
    const double pos = p * (used - 1);
    const size_t lo = static_cast<size_t>(std::floor(pos));
    std::nth_element(t.begin(), t.begin() + lo, t.end());
    const double a = t[lo];
    if (lo + 1 >= t.size()) return a;
    const double b = *std::min_element(t.begin() + lo + 1, t.end());
    return a + (pos - lo) * (b - a);
  };
  const double q_lo = quantile(delta / 2.0);
  const double q_hi = quantile(1.0 - delta / 2.0);
  // µ lies in [µ̂ − q_hi·se, µ̂ − q_lo·se].
  return {std::max(0.0, q_hi * se), std::max(0.0, -q_lo * se)};
}

int SegmentsForTolerance(double half_width, int n, int population, double tolerance) {
  if (half_width <= tolerance || n >= population) return n;
  const double big_n = population;
  const double ratio = tolerance / half_width;
  const double target = ratio * ratio * (1.0 / n - 1.0 / big_n);  // of 1/n' - 1/N
  const double needed = 1.0 / (target + 1.0 / big_n);
  // Guard the rounding of an exact integer (1e-9 relative).
  const double whole = std::ceil(needed * (1.0 - 1e-12));
  return static_cast<int>(std::clamp(whole, static_cast<double>(n), big_n));
}
}  // namespace tourney
