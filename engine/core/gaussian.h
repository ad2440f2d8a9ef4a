// Standard normal helpers that stay accurate in the far tails.
//
// DESCRIPTION
//   phi = N(0,1) density, Phi = its CDF. Naive forms such as pdf(x) / cdf(x) or
//   1 - cdf(x) lose every digit (or divide 0 by 0) a few dozen standard deviations out,
//   which is where TrueSkill's update evaluates them after an upset. Here:
//     - Phi comes from erfc, so both tails keep full relative accuracy until erfc
//       underflows (|x| > 38);
//     - the Mills ratio M(z) = (1 - Phi(z)) / phi(z) and the inverse Mills ratio
//       lambda(x) = phi(x) / Phi(x) use erfc / pdf for |x| <= 3; beyond, they are built from
//       R(z) = lambda(-z) - z, evaluated by Laplace's continued fraction up to z = 10 and by
//       the asymptotic series z M(z) = sum_n (-1)^n (2n-1)!! / z^(2n) (Abramowitz & Stegun
//       26.2.12) past it, neither of which needs an exponential;
//     - the variance reduction lambda(x) (lambda(x) + x) is (z + R) R there, so no two
//       nearly equal numbers are ever subtracted;
//     - the quantile is Boost.Math's erfc_inv under an error policy that never throws.
//   Every function is O(1): at most 80 continued-fraction steps (3 < |x| < 4), 40 up to 10,
//   ~20 series terms at 10 and fewer beyond. Relative accuracy ~1e-14 or better throughout.
// Thread safety: pure functions, safe to call concurrently.
#ifndef TOURNEY_CORE_GAUSSIAN_H_
#define TOURNEY_CORE_GAUSSIAN_H_

#include <cmath>

namespace tourney {

inline constexpr double kInvSqrt2Pi = 0.39894228040143267794;  // 1 / sqrt(2 pi)
inline constexpr double kSqrt2 = 1.41421356237309504880;
inline constexpr double kInvSqrt2 = 0.70710678118654752440;

// phi(x) = exp(-x^2 / 2) / sqrt(2 pi). 0 once it underflows (|x| > ~38.6).
inline double NormalPdf(double x) { return kInvSqrt2Pi * std::exp(-0.5 * x * x); }

// Phi(x) with full relative accuracy in the lower tail and 1 - Phi(x) accurate in the
// upper one (it is 0.5 erfc(-x / sqrt 2)). Returns 0 below about -38.5 and 1 above 8.3.
inline double NormalCdf(double x) { return 0.5 * std::erfc(-x * kInvSqrt2); }

// log Phi(x), finite for every finite x whose true value is representable (>= -DBL_MAX,
// that is |x| < ~1.8e154); accurate to a few ulps in both tails.
double NormalLogCdf(double x);

// Mills ratio M(z) = (1 - Phi(z)) / phi(z), for z >= 0 (~1/z for large z; 1/z at z > 1e8).
// REQUIRES: z >= 0 (for negative z the ratio grows like exp(z^2 / 2) and overflows).
double MillsRatio(double z);

// Inverse Mills ratio lambda(x) = phi(x) / Phi(x) = E[Y | Y > -x] for Y ~ N(0, 1).
// Finite and positive for every finite x: ~ -x - 1/x as x -> -inf, -> 0 as x -> +inf
// (exactly 0 once phi underflows).
double InverseMillsRatio(double x);

// lambda(x) (lambda(x) + x) = 1 - Var[Y | Y > -x] for Y ~ N(0, 1), in [0, 1]: -> 1 as
// x -> -inf (1 - 2/x^2 + ...), -> 0 as x -> +inf. Computed without cancellation.
double TruncatedVarianceReduction(double x);

// Both of the above from one evaluation (what TrueSkill's win update needs).
struct InverseMillsMoments {
  double lambda = 0.0;              // InverseMillsRatio(x)
  double variance_reduction = 0.0;  // TruncatedVarianceReduction(x)
};
InverseMillsMoments InverseMillsRatioMoments(double x);

// Phi^-1(p): -inf at p = 0, +inf at p = 1, NaN outside [0, 1] or for NaN. About 1 ulp.
double NormalQuantile(double p);

}  // namespace tourney

#endif  // TOURNEY_CORE_GAUSSIAN_H_
