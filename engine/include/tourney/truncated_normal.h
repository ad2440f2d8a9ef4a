// Draws from a normal distribution truncated to an interval, exact and robust in the tails.
//
// DESCRIPTION
//   Rejection samplers after Robert (1995, "Simulation of truncated normal variables",
//   Statistics and Computing 5:121-125), on the standardised interval [a, b]:
//   - one-sided [a, inf) with a <= 0.5: normal proposals (FastNormal) kept when >= a
//     (acceptance >= 0.31);
//   - one-sided [a, inf) with a > 0.5: Robert's translated-exponential proposal
//     x = a + Exp(lambda), lambda = (a + sqrt(a^2 + 4)) / 2, accepted with probability
//     exp(-(x - lambda)^2 / 2) (acceptance >= 0.8, tending to 1 as a grows: a = 30 or
//     a = 1e6 cost the same);
//   - (-inf, b]: the mirror image of [-b, inf);
//   - two-sided [a, b]: mirrored so that the interval lies mostly right of 0. When it is
//     narrow on the scale of the density's decay (width <= 2 around 0, width * a <= 1 in the
//     right tail) a uniform proposal on [a, b] accepted with probability
//     exp((m^2 - x^2) / 2), m = the point of [a, b] closest to 0 (Robert §2.2); otherwise
//     the one-sided sampler from a, rejecting draws above b. Every case accepts with
//     probability above about 0.3, whatever the position of the interval.
//   Only differences and exp of non-positive quantities are formed, so a truncation 30 or
//   1000 sd into the tail neither underflows nor loses the outcome. The result is always
//   inside [lower, upper]: rounding at the edges is clamped.
// Thread safety: reentrant; the Rng is the caller's.
#ifndef TOURNEY_TRUNCATED_NORMAL_H_
#define TOURNEY_TRUNCATED_NORMAL_H_

#include "tourney/random.h"

namespace tourney {

// N(0, 1) conditioned on [lower, upper], with the sampling method chosen once, for many
// draws from the same interval.
class TruncatedStandardNormal {
 public:
  // REQUIRES: lower <= upper, neither is NaN, lower < +inf and upper > -inf.
  TruncatedStandardNormal(double lower, double upper);

  // One draw, always in [lower(), upper()]; lower() when lower() == upper().
  double operator()(Rng& rng) const;

  double lower() const { return lower_; }
  double upper() const { return upper_; }

 private:
  enum class Method {
    kPoint,         // lower == upper
    kNormal,        // (-inf, inf), or an interval around 0 too wide for kUniform
    kNaiveTail,     // [a, inf) with a <= 0.5: normal proposals
    kRobertTail,    // [a, inf) with a > 0.5: translated exponential
    kUniform,       // narrow finite interval: uniform proposals
  };
  double lower_, upper_;
  double a_, b_;       // the interval as sampled: mirrored when mirror_, so a_ >= 0 for tails
  bool mirror_ = false;
  Method method_ = Method::kPoint;
  double lambda_ = 0.0, a_minus_lambda_ = 0.0;  // kRobertTail
  double peak_ = 0.0;  // kUniform: the point of [a_, b_] closest to 0
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

#endif  // TOURNEY_TRUNCATED_NORMAL_H_
