// FastNormal: standard normal draws at a few nanoseconds each, for samplers whose inner
// loop is dominated by normal draws (the Hopkins-May Gibbs sampler draws two per comparison
// per iteration).
//
// DESCRIPTION
//   The ziggurat method of Marsaglia & Tsang (2000, "The Ziggurat Method for Generating
//   Random Variables", J. Stat. Software 5(8)) with 256 layers of equal area under
//   f(x) = exp(-x^2/2), driven by tourney::Rng. One 64-bit word gives the layer (bits 0-7),
//   the sign (bit 8) and a 53-bit uniform (bits 11-63), so the layer and the abscissa are
//   independent (the correlation Doornik 2005 found in the original 32-bit version does not
//   arise). About 99% of draws take the fast path: one Rng word, one multiply, one compare.
//   The rest go through the wedge test or Marsaglia's (1964) exact tail method beyond
//   r ~ 3.6542, so the output is exactly N(0, 1) up to floating-point resolution.
//   The layer boundaries are computed once (first use, thread-safe) by solving for r with
//   bisection so that the top layer closes the ziggurat to double precision.
//   Deterministic: a given Rng state yields the same draws on every platform. The stream
//   differs from Rng::Normal() (Marsaglia polar), which stays the reference generator.
// Thread safety: a FastNormal is immutable and may be shared; the Rng it is given may not.
#ifndef TOURNEY_CORE_FAST_NORMAL_H_
#define TOURNEY_CORE_FAST_NORMAL_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "tourney/core/random.h"

namespace tourney {

// The 256-layer ziggurat for exp(-x^2/2).
struct NormalZiggurat {
  static constexpr int kLayers = 256;
  // edge[i] is the right edge of layer i: edge[0] = v / f(r) (the base strip and the tail
  // as one rectangle of area v), edge[1] = r, decreasing, edge[kLayers] = 0.
  double edge[kLayers + 1];
  // height[i] = f(edge[i]) for i >= 1; height[kLayers] = 1.
  double height[kLayers + 1];
  double r;  // start of the tail
  double v;  // area of each layer
};

// The shared tables, built on first use (thread-safe). Never fails.
const NormalZiggurat& GetNormalZiggurat();

class FastNormal {
 public:
  FastNormal() : z_(GetNormalZiggurat()) {}

  // One N(0, 1) draw.
  double operator()(Rng& rng) const {
    const uint64_t bits = rng.Next();
    const int layer = static_cast<int>(bits & 0xff);
    // Signed conversion: a single instruction on x86-64, unlike uint64_t -> double.
    const double x =
        static_cast<double>(static_cast<int64_t>(bits >> 11)) * 0x1.0p-53 * z_.edge[layer];
    if (x < z_.edge[layer + 1]) [[likely]] {
      // Bit 8 of the word becomes the sign bit (x >= 0, so OR sets it): no branch.
      return std::bit_cast<double>(std::bit_cast<uint64_t>(x) | ((bits & 0x100) << 55));
    }
    return Slow(rng, bits, x);
  }

  // Fills `out` with independent N(0, 1) draws, in order.
  void Fill(Rng& rng, std::span<double> out) const {
    for (double& d : out) d = (*this)(rng);
  }

 private:
  // Wedge or tail of the draw that missed the fast path, then retries until accepted.
  double Slow(Rng& rng, uint64_t bits, double x) const;

  const NormalZiggurat& z_;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_FAST_NORMAL_H_
