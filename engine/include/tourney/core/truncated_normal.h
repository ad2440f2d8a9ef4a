// Draws from a normal distribution truncated to an interval, exact and robust in the tails.
//
// DESCRIPTION
//   Rejection samplers after Robert (1995, "Simulation of truncated normal variables",
//   Statistics and Computing 5:121-125), on the standardised interval [a, b], first
//   mirrored (x -> -x) so that it does not lie left of 0:
//   - a < 0 (the interval contains 0): uniform proposals on [a, b] accepted with
//     probability exp(-x^2 / 2) when b - a <= 2 (acceptance >= 0.59), else normal
//     proposals kept when inside (acceptance >= 0.47);
//   - 0 <= a, narrow on the scale of the density's decay ((b - a) * max(a, 1/2) <= 1):
//     uniform proposals accepted with probability exp((a^2 - x^2) / 2) (Robert §2.2);
//   - 0 <= a <= 1 otherwise: |Z| proposals (FastNormal) kept when inside [a, b];
//   - a > 1 otherwise: Robert's translated-exponential proposal x = a + Exp(lambda),
//     lambda = (a + sqrt(a^2 + 4)) / 2, accepted with probability exp(-(x - lambda)^2 / 2)
//     (acceptance >= 0.85, tending to 1 as a grows: a = 30 or a = 1e6 cost the same), and
//     kept when <= b.
//   Every case accepts with probability above about 1/4 wherever the interval lies. The
//   exp in an acceptance test is skipped when the squeeze u <= 1 - h already decides it.
//   Only differences and exp of non-positive quantities are formed, so a truncation 30 or
//   1000 sd into the tail neither underflows nor loses the outcome. The result is always
//   inside [lower, upper]: rounding at the edges is clamped.
// Thread safety: reentrant; the Rng is the caller's.
#ifndef TOURNEY_CORE_TRUNCATED_NORMAL_H_
#define TOURNEY_CORE_TRUNCATED_NORMAL_H_

#include <cstdint>

#include "tourney/core/random.h"

namespace tourney {

// N(0, 1) conditioned on [lower, upper], with the sampling method chosen once, for many
// draws from the same interval.
class TruncatedStandardNormal {
 public:
  // REQUIRES: lower <= upper, neither is NaN, lower < +inf and upper > -inf.
  TruncatedStandardNormal(double lower, double upper);

  // One draw, always in [lower(), upper()]; lower() when lower() == upper().
  double operator()(Rng& rng) const;

  // The sum of `count` independent draws (0 for count <= 0), each in [lower(), upper()]:
  // the same distribution as adding `count` calls of operator(), faster, but a different
  // use of the Rng stream.
  double Sum(Rng& rng, int64_t count) const;

  double lower() const { return lower_; }
  double upper() const { return upper_; }

 private:
  enum class Method {
    kPoint,       // lower == upper
    kNormal,      // normal proposals: a < 0, too wide for kUniform
    kHalfNormal,  // |normal| proposals: 0 <= a <= 1, too wide for kUniform
    kRobertTail,  // a > 1: translated exponential proposals (rejected above b)
    kUniform,     // narrow finite interval: uniform proposals
  };
  // One draw in [a_, b_] (before mirroring).
  double Draw(Rng& rng) const;
  double lower_, upper_;
  double a_, b_;  // the interval as sampled: mirrored when mirror_, so a_ >= 0 for tails
  bool mirror_ = false;
  Method method_ = Method::kPoint;
  double lambda_ = 0.0, a_minus_lambda_ = 0.0;  // kRobertTail
  double peak_ = 0.0;                           // kUniform: the point of [a_, b_] closest to 0
};

// One draw of X ~ N(0, 1) conditioned on lower <= X <= upper. Either bound may be infinite.
// REQUIRES: lower <= upper, neither is NaN, lower < +inf and upper > -inf.
// Returns lower when lower == upper.
double SampleTruncatedStandardNormal(Rng& rng, double lower, double upper);

// One draw of X ~ N(mean, sd^2) conditioned on lower <= X <= upper; the result is in
// [lower, upper] even when rounding in mean + sd * z would leave it.
// REQUIRES: the above for (lower, upper); mean finite; 0 < sd < inf.
double SampleTruncatedNormal(Rng& rng, double mean, double sd, double lower, double upper);

}  // namespace tourney

#endif  // TOURNEY_CORE_TRUNCATED_NORMAL_H_
