// Rng: the one source of randomness in tourney.
//
// DESCRIPTION
//   xoshiro256++ (Blackman & Vigna 2018) seeded through SplitMix64. Uniform integers use
//   Lemire's multiply-shift with rejection, normals use the Marsaglia polar method, so a
//   given seed produces the same stream on every platform and standard library (the
//   std:: distributions do not promise that).
//   DeriveSeed(seed, k) gives independent child streams (per chain, per bootstrap
//   replicate) that do not depend on thread scheduling.
// Thread safety: an Rng is not thread-safe; give each thread its own.
#ifndef TOURNEY_CORE_RANDOM_H_
#define TOURNEY_CORE_RANDOM_H_

#include <cmath>
#include <cstdint>
#include <string_view>

namespace tourney {

// SplitMix64 step: a good 64-bit mixer.
inline uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// FNV-1a, 64 bits, of `name`: a stable hash for keying a stream by a name (an annotator, a
// selector) with DeriveSeed, the same on every platform and in every run.
inline uint64_t Fnv1a64(std::string_view name) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : name) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// A seed for the k-th independent sub-stream of `seed`.
inline uint64_t DeriveSeed(uint64_t seed, uint64_t k) {
  uint64_t s = seed ^ (0xd1b54a32d192ed03ULL * (k + 1));
  SplitMix64(s);
  return SplitMix64(s);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) {
    uint64_t sm = seed;
    for (auto& w : s_) w = SplitMix64(sm);
  }

  // Uniform 64-bit word.
  uint64_t Next() {
    const uint64_t result = Rotl(s_[0] + s_[3], 23) + s_[0];
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, 1) with 53 random bits.
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

  // Uniform in (0, 1): never 0, safe for log().
  double UniformOpen() { return (static_cast<double>(Next() >> 11) + 0.5) * 0x1.0p-53; }

  // Uniform integer in [0, n). REQUIRES: n > 0.
  uint64_t UniformInt(uint64_t n) {
    __uint128_t m = static_cast<__uint128_t>(Next()) * n;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<__uint128_t>(Next()) * n;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Standard normal N(0, 1).
  double Normal() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    double u, v, s;
    do {
      u = 2.0 * Uniform() - 1.0;
      v = 2.0 * Uniform() - 1.0;
      s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
  }

  // N(mean, sd^2).
  double Normal(double mean, double sd) { return mean + sd * Normal(); }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_RANDOM_H_
