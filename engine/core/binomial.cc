#include "tourney/core/binomial.h"

#include <cmath>

namespace tourney {
namespace {

// fc(k) = log(k!) - [(k + 1/2) log(k + 1) - (k + 1) + log(sqrt(2 pi))]: the error of
// Stirling's formula for log(k!), tabulated for small k (computed in long double).
constexpr double kStirlingCorrection[10] = {
    0.081061466795327258, 0.041340695955409294, 0.027677925684998339, 0.020790672103765093,
    0.016644691189821192, 0.013876128823070748, 0.011896709945891770, 0.010411265261972097,
    0.009255462182712732, 0.008330563433362871,
};

double StirlingCorrection(double k) {
  if (k < 10.0) return kStirlingCorrection[static_cast<int>(k)];
  const double inv = 1.0 / (k + 1.0);
  const double inv2 = inv * inv;
  return (1.0 / 12.0 - (1.0 / 360.0 - inv2 / 1260.0) * inv2) * inv;
}

// Inversion (BINV) for n*p < 10, p <= 1/2: walks the pmf from 0 with the recurrence
// f(x) = f(x-1) * ((n+1)/x - 1) * p/q until the uniform falls inside.
int64_t BinomialInversion(Rng& rng, int64_t n, double p) {
  const double q = 1.0 - p;
  const double s = p / q;
  const double a = (static_cast<double>(n) + 1.0) * s;
  const double f0 = std::exp(static_cast<double>(n) * std::log1p(-p));
  for (;;) {
    double u = rng.Uniform();
    double f = f0;
    int64_t x = 0;
    for (;;) {
      if (u < f) return x;
      u -= f;
      ++x;
      // Rounding can leave a sliver of mass past the last representable term: retry.
      if (x > n) break;
      f *= a / static_cast<double>(x) - s;
      if (!(f > 0.0)) break;
    }
  }
}

// Transformed rejection with decomposition (BTRD, Hormann 1993) for n*p >= 10, p <= 1/2.
int64_t BinomialBtrd(Rng& rng, int64_t n_int, double p) {
  const double n = static_cast<double>(n_int);
  const double q = 1.0 - p;
  const double m = std::floor((n + 1.0) * p);  // the mode
  const double r = p / q;
  const double nr = (n + 1.0) * r;
  const double npq = n * p * q;
  const double sqrt_npq = std::sqrt(npq);
  const double b = 1.15 + 2.53 * sqrt_npq;
  const double a = -0.0873 + 0.0248 * b + 0.01 * p;
  const double c = n * p + 0.5;
  const double alpha = (2.83 + 5.1 / b) * sqrt_npq;
  const double v_r = 0.92 - 4.2 / b;
  const double u_rv_r = 0.86 * v_r;

  for (;;) {
    double v = rng.Uniform();
    double u;
    if (v <= u_rv_r) {
      // Quick accept: the centre of the hat lies wholly under the pmf.
      u = v / v_r - 0.43;
      return static_cast<int64_t>(std::floor((2.0 * a / (0.5 - std::fabs(u)) + b) * u + c));
    }
    if (v >= v_r) {
      u = rng.Uniform() - 0.5;
    } else {
      u = v / v_r - 0.93;
      u = (u < 0.0 ? -0.5 : 0.5) - u;
      v = rng.Uniform() * v_r;
    }
    const double us = 0.5 - std::fabs(u);
    if (!(us > 0.0)) continue;
    const double k = std::floor((2.0 * a / us + b) * u + c);
    if (k < 0.0 || k > n) continue;
    v = v * alpha / (a / (us * us) + b);
    const double km = std::fabs(k - m);
    if (km <= 15.0) {
      // Exact ratio f(k)/f(m) by the recurrence f(i)/f(i-1) = (n+1)r/i - r.
      double f = 1.0;
      if (m < k) {
        for (double i = m + 1.0; i <= k; i += 1.0) f *= nr / i - r;
      } else if (m > k) {
        for (double i = k + 1.0; i <= m; i += 1.0) v *= nr / i - r;
      }
      if (v <= f) return static_cast<int64_t>(k);
      continue;
    }
    // Squeeze on log f(k)/f(m), then the exact value through Stirling's series.
    v = std::log(v);
    const double rho = (km / npq) * (((km / 3.0 + 0.625) * km + 1.0 / 6.0) / npq + 0.5);
    const double t = -km * km / (2.0 * npq);
    if (v < t - rho) return static_cast<int64_t>(k);
    if (v > t + rho) continue;
    const double nm = n - m + 1.0;
    const double h = (m + 0.5) * std::log((m + 1.0) / (r * nm)) + StirlingCorrection(m) +
                     StirlingCorrection(n - m);
    const double nk = n - k + 1.0;
    if (v <= h + (n + 1.0) * std::log(nm / nk) + (k + 0.5) * std::log(nk * r / (k + 1.0)) -
                 StirlingCorrection(k) - StirlingCorrection(n - k)) {
      return static_cast<int64_t>(k);
    }
  }
}

}  // namespace

int64_t SampleBinomial(Rng& rng, int64_t n, double p) {
  if (n <= 0 || !(p > 0.0)) return 0;
  if (p >= 1.0) return n;
  const bool flip = p > 0.5;
  const double pp = flip ? 1.0 - p : p;
  const int64_t x =
      static_cast<double>(n) * pp < 10.0 ? BinomialInversion(rng, n, pp) : BinomialBtrd(rng, n, pp);
  return flip ? n - x : x;
}

void SampleMultinomial(Rng& rng, int64_t n, std::span<const int64_t> weights,
                       std::span<int64_t> out) {
  int64_t remaining_weight = 0;
  for (int64_t w : weights) remaining_weight += w;
  int64_t remaining = n > 0 ? n : 0;
  for (size_t k = 0; k < weights.size(); ++k) {
    const int64_t w = weights[k];
    int64_t x = 0;
    if (remaining > 0 && w > 0) {
      x = w >= remaining_weight
              ? remaining
              : SampleBinomial(rng, remaining,
                               static_cast<double>(w) / static_cast<double>(remaining_weight));
    }
    out[k] = x;
    remaining -= x;
    remaining_weight -= w;
  }
}

}  // namespace tourney
