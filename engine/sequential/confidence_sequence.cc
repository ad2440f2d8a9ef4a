#include "tourney/sequential/confidence_sequence.h"

#include <algorithm>
#include <cmath>

namespace tourney {

double BoundedMeanSequence::LogTerm(double alpha) { return std::log(2.0 / alpha); }

void BoundedMeanSequence::Add(double x, double log_term) { Add(x, log_term, 0.0); }

void BoundedMeanSequence::Add(double x, double log_term, double horizon) {
  x = std::clamp(x, 0.0, 1.0);
  const double t = static_cast<double>(count_ + 1);
  // Predictable estimates from the first t - 1 observations (with the priors 1/2, 1/4).
  const double mean_before = (0.5 + sum_) / t;
  const double variance_before = (0.25 + squares_) / t;
  // variance_before >= 1/(4t) > 0 and log(1 + t) >= log 2, so the ratio is finite.
  const double scale = horizon > 0.0 ? horizon : t * std::log1p(t);
  const double lambda = std::min(std::sqrt(2.0 * log_term / (variance_before * scale)), 0.5);
  const double deviation = x - mean_before;
  const double v = 4.0 * deviation * deviation;
  const double psi = (-std::log1p(-lambda) - lambda) / 4.0;
  weight_ += lambda;
  weighted_ += lambda * x;
  penalty_ += v * psi;
  sum_ += x;
  ++count_;
  const double mean_after = (0.5 + sum_) / (t + 1.0);
  squares_ += (x - mean_after) * (x - mean_after);

  const double center = weighted_ / weight_;
  const double margin = (log_term + penalty_) / weight_;
  const double lo = std::max(lo_, center - margin);
  const double hi = std::min(hi_, center + margin);
  if (lo <= hi) {
    lo_ = lo;
    hi_ = hi;
  } else if (center + margin < lo_) {
    // Disjoint from the running intersection (an event of probability below alpha): keep
    // a single point, the nearest end of the old interval, so that lo <= hi always.
    hi_ = lo_;
  } else {
    lo_ = hi_;
  }
}

}  // namespace tourney
