#include "tourney/selection/stopping_rule.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/selection/selection_posterior.h"

namespace tourney {

StoppingEstimate EstimateStopping(const PairCounts& counts, const StoppingOptions& options) {
  const int n = counts.num_systems();
  StoppingEstimate out;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) out.judgments += counts.total(i, j);
  }
  if (n < 2) {
    out.settled = true;
    return out;
  }
  const SelectionBtFit fit = FitSelectionBt(counts);
  std::vector<SystemId> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](SystemId a, SystemId b) { return fit.theta[a] > fit.theta[b]; });
  const double total = static_cast<double>(out.judgments);
  bool all_settled = true;
  for (int p = 0; p + 1 < n; ++p) {
    BoundaryEstimate b;
    b.upper = order[p];
    b.lower = order[p + 1];
    const size_t u = static_cast<size_t>(b.upper), l = static_cast<size_t>(b.lower);
    const size_t sn = static_cast<size_t>(n);
    const double var =
        fit.covariance[u * sn + u] + fit.covariance[l * sn + l] - 2.0 * fit.covariance[u * sn + l];
    const double gap = fit.theta[u] - fit.theta[l];
    b.z = var > 0.0 ? gap / std::sqrt(var) : 0.0;
    b.separated = b.z >= options.z_star;
    if (b.separated) {
      b.more_judgments = 0;
    } else {
      const double ratio = b.z > 0.0 ? options.z_star / b.z : HUGE_VAL;
      const double more = total * (ratio * ratio - 1.0);
      if (!(more <= options.horizon * std::max(total, 1.0))) {
        b.more_judgments = -1;
      } else {
        b.more_judgments = static_cast<int64_t>(std::ceil(more));
        out.more_judgments = std::max(out.more_judgments, b.more_judgments);
        all_settled = false;
      }
    }
    out.boundaries.push_back(b);
  }
  const double minimum = options.min_per_pair * 0.5 * n * (n - 1);
  out.settled = all_settled && total >= minimum;
  if (!out.settled && all_settled) {
    out.more_judgments = static_cast<int64_t>(std::ceil(minimum - total));
  }
  return out;
}

void SetStopping(const StoppingEstimate& estimate, const std::vector<std::string>& names,
                 Leaderboard* board) {
  Stopping& s = board->stopping.emplace();
  s.settled = estimate.settled;
  s.judgments = estimate.judgments;
  s.more_judgments = estimate.more_judgments;
  s.rule = std::string("z");  // a move: GCC 12 misreads assigning the literal (-Wrestrict)
  for (const BoundaryEstimate& b : estimate.boundaries) {
    StoppingBoundary& out = s.boundaries.emplace_back();
    out.upper = names[static_cast<size_t>(b.upper)];
    out.lower = names[static_cast<size_t>(b.lower)];
    out.z = b.z;
    out.separated = b.separated;
    out.more_judgments = b.more_judgments;
  }
}

}  // namespace tourney
