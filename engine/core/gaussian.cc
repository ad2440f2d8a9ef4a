#include "core/gaussian.h"

#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>

namespace tourney {
namespace {

// Up to this many standard deviations into the lower tail lambda(x) = phi(x) / Phi(x) comes
// from erfc and exp directly; lambda(x) + x then loses at most a factor ~12 to cancellation.
constexpr double kDirectLimit = 3.0;
// From here on the asymptotic series replaces the continued fraction (~20 terms at z = 10,
// fewer beyond), and erfc is no longer needed for log Phi.
constexpr double kSeriesLimit = 10.0;
constexpr double kLogSqrt2Pi = 0.91893853320467274178;  // log(sqrt(2 pi))

// R(z) = lambda(-z) - z = 1 / M(z) - z, the excess of the inverse Mills ratio over its
// asymptote, for z > kDirectLimit. Everything in the lower tail is built from it without
// cancellation: lambda(-z) = z + R, 1 - Var = lambda (lambda - z) = (z + R) R, M = 1/(z + R).
//   kDirectLimit < z < kSeriesLimit: Laplace's continued fraction
//     R = 1 / (z + 2 / (z + 3 / (z + 4 / ...))), evaluated backwards from a fixed depth that
//     reaches double precision (80 terms below z = 4, 40 above).
//   z >= kSeriesLimit: the asymptotic series (Abramowitz & Stegun 26.2.12)
//     S = z M(z) = 1 - D / z^2,  D = 1 - 3/z^2 + 15/z^4 - 105/z^6 + ...,  R = D / (z S);
//     alternating with terms shrinking until n ~ z^2 / 2, so stopping at a term below 1e-17
//     of the sum leaves an error smaller than that term.
double TailExcess(double z) {
  if (z < kSeriesLimit) {
    const int depth = z < 4.0 ? 80 : 40;
    double r = 0.0;
    for (int k = depth; k >= 2; --k) r = k / (z + r);
    return 1.0 / (z + r);
  }
  const double inv_z2 = 1.0 / (z * z);  // 0 when z * z overflows: D = S = 1, as in the limit
  double term = 1.0;
  double d = 1.0;
  for (int n = 1; n < 64; ++n) {
    term *= -(2.0 * n + 1.0) * inv_z2;
    d += term;
    if (std::fabs(term) < 1e-17 * d) break;
  }
  const double s = 1.0 - d * inv_z2;
  return d / (z * s);
}

using NoThrowPolicy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::underflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
    boost::math::policies::rounding_error<boost::math::policies::ignore_error>>;

}  // namespace

double NormalLogCdf(double x) {
  if (x >= 0.0) return std::log1p(-0.5 * std::erfc(x * kInvSqrt2));
  if (x >= -kSeriesLimit) return std::log(0.5 * std::erfc(-x * kInvSqrt2));
  // log Phi(x) = log phi(z) + log M(z) with z = -x and M(z) = 1 / (z + R(z)).
  const double z = -x;
  return -0.5 * z * z - kLogSqrt2Pi - std::log(z + TailExcess(z));
}

double MillsRatio(double z) {
  if (z <= kDirectLimit) return 0.5 * std::erfc(z * kInvSqrt2) / NormalPdf(z);
  return 1.0 / (z + TailExcess(z));
}

InverseMillsMoments InverseMillsRatioMoments(double x) {
  if (x >= -kDirectLimit) {
    const double lambda = NormalPdf(x) / NormalCdf(x);
    const double w = lambda * (lambda + x);
    // Rounding can leave w a hair outside [0, 1] near the ends; the true value is inside.
    return {lambda, w < 0.0 ? 0.0 : (w > 1.0 ? 1.0 : w)};
  }
  const double z = -x;
  const double r = TailExcess(z);
  const double w = (z + r) * r;
  return {z + r, w > 1.0 ? 1.0 : w};
}

double InverseMillsRatio(double x) {
  if (x >= -kDirectLimit) return NormalPdf(x) / NormalCdf(x);
  const double z = -x;
  return z + TailExcess(z);
}

double TruncatedVarianceReduction(double x) {
  return InverseMillsRatioMoments(x).variance_reduction;
}

double NormalQuantile(double p) {
  if (std::isnan(p) || p < 0.0 || p > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (p == 0.0) return -std::numeric_limits<double>::infinity();
  if (p == 1.0) return std::numeric_limits<double>::infinity();
  return -kSqrt2 * boost::math::erfc_inv(2.0 * p, NoThrowPolicy());
}

}  // namespace tourney
