#include "tourney/truncated_normal.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "tourney/fast_normal.h"

namespace tourney {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Below this lower bound, plain normal proposals are cheaper than Robert's exponential.
constexpr double kNaiveMaxLower = 0.5;

const FastNormal& Normal() {
  static const FastNormal normal;
  return normal;
}

}  // namespace

TruncatedStandardNormal::TruncatedStandardNormal(double lower, double upper)
    : lower_(lower), upper_(upper), a_(lower), b_(upper) {
  if (!(lower < upper)) {
    method_ = Method::kPoint;  // a point interval (or a violated REQUIRES)
    return;
  }
  // Mirror so that the mass sits right of 0: one-sided intervals become [a, inf), intervals
  // left of 0 become intervals right of 0.
  if (lower == -kInf && upper != kInf) {
    mirror_ = true;
  } else if (upper <= 0.0 && lower != -kInf) {
    mirror_ = true;
  }
  if (mirror_) {
    a_ = -upper;
    b_ = -lower;
  }
  if (a_ == -kInf) {  // both bounds infinite
    method_ = Method::kNormal;
  } else if (b_ == kInf) {
    if (a_ <= kNaiveMaxLower) {
      method_ = Method::kNaiveTail;
    } else {
      // Robert (1995) §2.1 optimal rate; hypot keeps it finite for any finite a, and
      // a - lambda is formed without cancellation.
      const double root = std::hypot(a_, 2.0);
      lambda_ = 0.5 * (a_ + root);
      a_minus_lambda_ = -2.0 / (a_ + root);
      method_ = Method::kRobertTail;
    }
  } else {
    const double width = b_ - a_;
    if (a_ < 0.0) {  // contains 0
      peak_ = 0.0;
      method_ = width <= 2.0 ? Method::kUniform : Method::kNormal;
    } else if (width * std::max(a_, kNaiveMaxLower) <= 1.0) {
      peak_ = a_;
      method_ = Method::kUniform;
    } else if (a_ <= kNaiveMaxLower) {
      method_ = Method::kNaiveTail;  // then rejected above b
    } else {
      const double root = std::hypot(a_, 2.0);
      lambda_ = 0.5 * (a_ + root);
      a_minus_lambda_ = -2.0 / (a_ + root);
      method_ = Method::kRobertTail;  // then rejected above b
    }
  }
}

double TruncatedStandardNormal::operator()(Rng& rng) const {
  const FastNormal& normal = Normal();
  double x = 0.0;
  switch (method_) {
    case Method::kPoint:
      return lower_;
    case Method::kNormal:
      do {
        x = normal(rng);
      } while (x < a_ || x > b_);
      break;
    case Method::kNaiveTail:
      do {
        x = normal(rng);
      } while (x < a_ || x > b_);
      break;
    case Method::kRobertTail:
      for (;;) {
        const double y = -std::log(rng.UniformOpen()) / lambda_;
        const double e = -std::log(rng.UniformOpen());
        const double gap = a_minus_lambda_ + y;  // x - lambda
        if (e >= 0.5 * gap * gap) {
          x = a_ + y;
          if (x <= b_) break;
        }
      }
      break;
    case Method::kUniform:
      // Density relative to its maximum on [a, b] (at peak_):
      // exp((peak^2 - x^2) / 2) = exp(-(x - peak)(x + peak) / 2).
      for (;;) {
        x = a_ + (b_ - a_) * rng.Uniform();
        const double e = -std::log(rng.UniformOpen());
        if (e >= 0.5 * (x - peak_) * (x + peak_)) break;
      }
      break;
  }
  if (mirror_) x = -x;
  return std::clamp(x, lower_, upper_);
}

double SampleTruncatedStandardNormal(Rng& rng, double lower, double upper) {
  return TruncatedStandardNormal(lower, upper)(rng);
}

double SampleTruncatedNormal(Rng& rng, double mean, double sd, double lower, double upper) {
  if (!(lower < upper)) return lower;
  const double z = SampleTruncatedStandardNormal(rng, (lower - mean) / sd, (upper - mean) / sd);
  return std::clamp(mean + sd * z, lower, upper);
}

}  // namespace tourney
