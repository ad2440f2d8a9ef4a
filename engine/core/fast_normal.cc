#include "tourney/core/fast_normal.h"

#include <cmath>

namespace tourney {
namespace {

double Density(double x) { return std::exp(-0.5 * x * x); }

// Area of each layer when the tail starts at r: the base strip plus the tail.
double LayerArea(double r) {
  return r * Density(r) + std::sqrt(M_PI / 2.0) * std::erfc(r / std::sqrt(2.0));
}

// Builds the layer edges for tail start r. Returns +1 when the layers are too thin (the top
// layer is larger than the others: r is too large), -1 when too thick (r too small), 0 on
// an exact close.
int BuildLayers(double r, NormalZiggurat* z) {
  constexpr int n = NormalZiggurat::kLayers;
  const double v = LayerArea(r);
  z->r = r;
  z->v = v;
  z->edge[0] = v / Density(r);
  z->edge[1] = r;
  for (int i = 1; i < n - 1; ++i) {
    const double h = Density(z->edge[i]) + v / z->edge[i];
    if (h >= 1.0) return -1;
    z->edge[i + 1] = std::sqrt(-2.0 * std::log(h));
  }
  const double top = z->edge[n - 1] * (1.0 - Density(z->edge[n - 1]));
  if (top > v) return 1;
  if (top < v) return -1;
  return 0;
}

NormalZiggurat MakeNormalZiggurat() {
  constexpr int n = NormalZiggurat::kLayers;
  NormalZiggurat z{};
  double lo = 3.0, hi = 4.5;  // BuildLayers(lo) < 0 < BuildLayers(hi)
  for (int iter = 0; iter < 200; ++iter) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    const int side = BuildLayers(mid, &z);
    if (side == 0) {
      lo = hi = mid;
      break;
    }
    (side > 0 ? hi : lo) = mid;
  }
  // hi (layers a hair too thin, by at most one ulp of r) has every recursion step defined.
  if (lo != hi) BuildLayers(hi, &z);
  z.edge[n] = 0.0;
  z.height[0] = 0.0;  // unused: layer 0 is the base strip and the tail
  for (int i = 1; i < n; ++i) z.height[i] = Density(z.edge[i]);
  z.height[n] = 1.0;
  return z;
}

}  // namespace

const NormalZiggurat& GetNormalZiggurat() {
  static const NormalZiggurat* const kZiggurat = new NormalZiggurat(MakeNormalZiggurat());
  return *kZiggurat;
}

double FastNormal::Slow(Rng& rng, uint64_t bits, double x) const {
  for (;;) {
    const int layer = static_cast<int>(bits & 0xff);
    const bool negative = (bits & 0x100) != 0;
    if (layer == 0) {
      // x landed beyond r in the base rectangle: draw from the tail x > r exactly
      // (Marsaglia 1964): a = Exp(r), accept when Exp(1) > a^2 / 2.
      double a, b;
      do {
        a = -std::log(rng.UniformOpen()) / z_.r;
        b = -std::log(rng.UniformOpen());
      } while (b + b < a * a);
      return negative ? -(z_.r + a) : z_.r + a;
    }
    // Wedge: uniform height between the layer's bottom and top.
    const double y = z_.height[layer] + rng.Uniform() * (z_.height[layer + 1] - z_.height[layer]);
    if (y < Density(x)) return negative ? -x : x;
    // Rejected: a fresh draw.
    bits = rng.Next();
    const int next = static_cast<int>(bits & 0xff);
    x = static_cast<double>(static_cast<int64_t>(bits >> 11)) * 0x1.0p-53 * z_.edge[next];
    if (x < z_.edge[next + 1]) return (bits & 0x100) ? -x : x;
  }
}

}  // namespace tourney
