#include "tourney/sampling/finite_population_sequence.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tourney {

StatusOr<FinitePopulationSequence> FinitePopulationSequence::Make(int64_t population, double lo,
                                                                  double hi, double alpha) {
  if (population < 1) {
    return InvalidArgument("a confidence sequence needs a population of at least 1 value");
  }
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi) || !std::isfinite(hi - lo)) {
    return InvalidArgument("a confidence sequence needs a finite score range lo < hi");
  }
  if (!(alpha > 0.0 && alpha < 1.0)) {
    return InvalidArgument("a confidence sequence needs 0 < alpha < 1");
  }
  return FinitePopulationSequence(population, lo, hi, std::log(2.0 / alpha));
}

double FinitePopulationSequence::mean() const {
  const double scaled = count_ == 0 ? 0.5 : sum_ / static_cast<double>(count_);
  return lo_ + scale_ * scaled;
}

Status FinitePopulationSequence::Add(double value) {
  if (count_ >= population_) {
    return InvalidArgument("all " + std::to_string(population_) +
                           " values of the population have been observed");
  }
  if (!std::isfinite(value) || value < lo_ || value > lo_ + scale_) {
    return InvalidArgument("a score outside the declared range");
  }
  const double x = std::clamp((value - lo_) / scale_, 0.0, 1.0);
  const double i = static_cast<double>(count_ + 1);
  const double n = static_cast<double>(population_);
  const double mean_before = (0.5 + sum_) / i;
  const double variance_before = (0.25 + squares_) / i;  // >= 1/(4i) > 0
  const double lambda =
      std::min(std::sqrt(2.0 * log_term_ / (variance_before * i * std::log1p(i))), 0.5);
  const double deviation = x - mean_before;
  const double psi = (-std::log1p(-lambda) - lambda) / 4.0;
  const double unseen_before = n - i + 1.0;  // N - i + 1 >= 1
  centre_ += lambda * (x + sum_ / unseen_before);
  weight_ += lambda * n / unseen_before;
  penalty_ += 4.0 * deviation * deviation * psi;
  sum_ += x;
  ++count_;
  const double mean_after = (0.5 + sum_) / (i + 1.0);
  squares_ += (x - mean_after) * (x - mean_after);

  const double margin = log_term_ + penalty_;
  // What the sample alone implies: the unseen N - t values lie in [0, 1].
  const double seen_lo = sum_ / n;
  const double seen_hi = (sum_ + (n - i)) / n;
  const double lo = std::max({lower_, (centre_ - margin) / weight_, seen_lo});
  const double hi = std::min({upper_, (centre_ + margin) / weight_, seen_hi});
  if (lo <= hi) {
    lower_ = lo;
    upper_ = hi;
  } else {
    // The betting interval missed the running intersection (probability below alpha):
    // keep one point inside [seen_lo, seen_hi], the end of the old interval nearest to it.
    const double point = std::clamp(hi < lower_ ? lower_ : upper_, seen_lo, seen_hi);
    lower_ = upper_ = point;
  }
  return Status::Ok();
}

}  // namespace tourney
