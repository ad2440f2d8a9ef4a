// Paired tests with Holm's correction (see tourney/protocols/holm_separations.h).
#include "tourney/protocols/holm_separations.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <boost/math/policies/policy.hpp>


namespace tourney {
namespace holm_separation_detail {

using HolmTPolicy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

// Two-sided p-value of Student's t statistic `t` with `df` degrees of freedom.
double TwoSidedStudentP(double t, double df) {
  const boost::math::students_t_distribution<double, HolmTPolicy> dist(df);
  const double p = 2.0 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
  return std::isfinite(p) ? std::clamp(p, 0.0, 1.0) : 1.0;
}

}  // namespace holm_separation_detail

std::vector<double> HolmAdjust(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  std::vector<double> adjusted(m, 1.0);
  double running = 0.0;
  for (size_t i = 0; i < m; ++i) {
    const double scaled =
        std::min(1.0, static_cast<double>(m - i) * std::clamp(p[order[i]], 0.0, 1.0));
    running = std::max(running, scaled);
    adjusted[order[i]] = running;
  }
  return adjusted;
}

StatusOr<PairedHolmRanking> SeparatePairedHolm(const DaScores& scores,
                                               const std::vector<int>& order, double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0)) {
    return InvalidArgument("paired Holm separations: alpha must be strictly between 0 and 1");
  }
  const int n = scores.num_systems();
  for (int s : order) {
    if (s < 0 || s >= n || scores.system_scores[s].segments == 0) {
      return InvalidArgument("paired Holm separations: system id " + std::to_string(s) +
                             " is not a scored system");
    }
  }
  PairedHolmRanking out;
  out.order = order;
  const int k = static_cast<int>(order.size());
  for (int i = 0; i < k; ++i) {
    for (int j = i + 1; j < k; ++j) {
      PairedSeparation pair;
      pair.upper = order[i];
      pair.lower = order[j];
      // Both runs are sorted by segment: merge them.
      int64_t a = scores.system_begin[pair.upper], b = scores.system_begin[pair.lower];
      const int64_t a_end = scores.system_begin[pair.upper + 1];
      const int64_t b_end = scores.system_begin[pair.lower + 1];
      std::vector<double> d;
      while (a < a_end && b < b_end) {
        const int32_t sa = scores.segments[a].segment, sb = scores.segments[b].segment;
        if (sa < sb) {
          ++a;
        } else if (sb < sa) {
          ++b;
        } else {
          d.push_back(scores.segments[a].z - scores.segments[b].z);
          ++a;
          ++b;
        }
      }
      pair.shared_segments = static_cast<int64_t>(d.size());
      if (d.size() >= 2) {
        const double dn = static_cast<double>(d.size());
        const double mean = std::accumulate(d.begin(), d.end(), 0.0) / dn;
        double squares = 0.0;
        for (double v : d) squares += (v - mean) * (v - mean);
        const double sd = std::sqrt(squares / (dn - 1.0));
        pair.mean_difference = mean;
        if (sd > 0.0) {
          pair.t = mean / (sd / std::sqrt(dn));
          pair.p_value = holm_separation_detail::TwoSidedStudentP(pair.t, dn - 1.0);
        } else {
          pair.p_value = mean == 0.0 ? 1.0 : 0.0;
        }
      } else if (d.size() == 1) {
        pair.mean_difference = d[0];
      }
      out.pairs.push_back(pair);
    }
  }
  std::vector<double> p;
  for (const PairedSeparation& pair : out.pairs) p.push_back(pair.p_value);
  const std::vector<double> adjusted = HolmAdjust(p);
  out.beats.assign(static_cast<size_t>(n) * static_cast<size_t>(n), 0);
  for (size_t i = 0; i < out.pairs.size(); ++i) {
    PairedSeparation& pair = out.pairs[i];
    pair.p_holm = adjusted[i];
    pair.separated = pair.p_holm < alpha && pair.mean_difference != 0.0;
    if (!pair.separated) continue;
    if (pair.mean_difference > 0.0) {
      out.beats[static_cast<size_t>(pair.upper) * n + pair.lower] = 1;
    } else {
      out.beats[static_cast<size_t>(pair.lower) * n + pair.upper] = 1;
    }
  }
  out.cluster.assign(static_cast<size_t>(n), 0);
  if (k > 0) {
    const std::vector<int> by_position = ClustersFromBeats(order, out.beats, n);
    for (int i = 0; i < k; ++i) out.cluster[order[i]] = by_position[i];
    out.num_clusters = by_position.back();
  }
  return out;
}

SeparationSurvival CompareSeparations(const WmtDaRanking& official,
                                      const PairedHolmRanking& holm) {
  SeparationSurvival out;
  for (size_t at = 0; at < official.beats.size() && at < holm.beats.size(); ++at) {
    if (!official.beats[at]) continue;
    ++out.official_wins;
    if (holm.beats[at]) ++out.surviving_wins;
  }
  // A boundary after position k: the clusters of positions k and k + 1 differ.
  const std::vector<int>& order = official.order;
  for (size_t k = 0; k + 1 < order.size(); ++k) {
    const bool official_cut = official.cluster[order[k]] != official.cluster[order[k + 1]];
    const bool holm_cut = order[k] < static_cast<int>(holm.cluster.size()) &&
                          holm.cluster[order[k]] != holm.cluster[order[k + 1]];
    out.official_boundaries += official_cut;
    out.holm_boundaries += holm_cut;
    out.surviving_boundaries += official_cut && holm_cut;
  }
  return out;
}

}  // namespace tourney
