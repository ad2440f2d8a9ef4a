// Pearmut's own ranking (see tourney/protocols/pearmut_ranking.h).
#include "tourney/protocols/pearmut_ranking.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <boost/math/policies/policy.hpp>

namespace tourney {
namespace pearmut_ranking_detail {

using PearmutTPolicy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

}  // namespace pearmut_ranking_detail

PairedTTestResult PairedTTestGreater(std::span<const double> x, std::span<const double> y) {
  PairedTTestResult out;
  out.n = static_cast<int64_t>(std::min(x.size(), y.size()));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (out.n < 2) {
    out.t = out.p_value = nan;
    return out;
  }
  double mean = 0.0;
  for (int64_t i = 0; i < out.n; ++i) mean += x[i] - y[i];
  mean /= static_cast<double>(out.n);
  double squares = 0.0;
  for (int64_t i = 0; i < out.n; ++i) {
    const double d = x[i] - y[i] - mean;
    squares += d * d;
  }
  const double sd = std::sqrt(squares / static_cast<double>(out.n - 1));
  if (!(sd > 0.0)) {
    // scipy: 0/0 is NaN, a constant positive (negative) difference t = +inf (-inf).
    out.t = mean == 0.0 ? nan : (mean > 0.0 ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
    out.p_value = mean == 0.0 ? nan : (mean > 0.0 ? 0.0 : 1.0);
    return out;
  }
  out.t = mean / (sd / std::sqrt(static_cast<double>(out.n)));
  const boost::math::students_t_distribution<double, pearmut_ranking_detail::PearmutTPolicy> dist(
      static_cast<double>(out.n - 1));
  const double p = boost::math::cdf(boost::math::complement(dist, out.t));
  out.p_value = std::isfinite(p) ? std::clamp(p, 0.0, 1.0) : nan;
  return out;
}

StatusOr<PearmutRanking> RankLikePearmut(const PlatformScores& scores, double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0)) {
    return InvalidArgument("Pearmut's ranking: alpha must be strictly between 0 and 1");
  }
  if (scores.scores.empty()) return InvalidArgument("Pearmut's ranking: no scores");
  const size_t models = scores.models.size();
  const size_t items = static_cast<size_t>(scores.num_items);
  // The last score of each (model, item); NaN = none. Models in order of first score.
  std::vector<double> last(models * items, std::numeric_limits<double>::quiet_NaN());
  std::vector<int32_t> first_seen;
  std::vector<unsigned char> seen(models, 0);
  for (const PlatformScore& s : scores.scores) {
    if (s.model < 0 || static_cast<size_t>(s.model) >= models || s.item < 0 ||
        static_cast<size_t>(s.item) >= items) {
      return InvalidArgument("Pearmut's ranking: a score's model or item id is out of range");
    }
    last[static_cast<size_t>(s.model) * items + static_cast<size_t>(s.item)] = s.score;
    if (!seen[s.model]) {
      seen[s.model] = 1;
      first_seen.push_back(s.model);
    }
  }
  PearmutRanking out;
  for (int32_t m : first_seen) {
    PearmutEntry e;
    e.model = m;
    double sum = 0.0;
    for (size_t i = 0; i < items; ++i) {
      const double v = last[static_cast<size_t>(m) * items + i];
      if (std::isnan(v)) continue;
      sum += v;
      ++e.items;
    }
    e.score = sum / static_cast<double>(e.items);
    out.entries.push_back(e);
  }
  std::stable_sort(out.entries.begin(), out.entries.end(),
                   [](const PearmutEntry& a, const PearmutEntry& b) { return a.score > b.score; });
  out.cluster.assign(models, 0);
  int cluster = 1;
  for (size_t k = 0; k < out.entries.size(); ++k) {
    PearmutEntry& e = out.entries[k];
    out.cluster[e.model] = cluster;
    if (k + 1 == out.entries.size()) break;
    const int32_t next = out.entries[k + 1].model;
    std::vector<double> x, y;
    for (size_t i = 0; i < items; ++i) {
      const double a = last[static_cast<size_t>(e.model) * items + i];
      const double b = last[static_cast<size_t>(next) * items + i];
      if (std::isnan(a) || std::isnan(b)) continue;
      x.push_back(a);
      y.push_back(b);
    }
    e.next = PairedTTestGreater(x, y);
    e.line_below = e.next.p_value < alpha;  // false for NaN
    if (e.line_below) {
      ++out.lines;
      ++cluster;
    }
  }
  return out;
}

int SurvivingPearmutLines(const PearmutRanking& ranking, const PairedHolmRanking& holm) {
  const size_t n = holm.cluster.size();
  int surviving = 0;
  for (size_t k = 0; k + 1 < ranking.entries.size(); ++k) {
    if (!ranking.entries[k].line_below) continue;
    const size_t upper = static_cast<size_t>(ranking.entries[k].model);
    const size_t lower = static_cast<size_t>(ranking.entries[k + 1].model);
    if (upper < n && lower < n && holm.beats[upper * n + lower] != 0) ++surviving;
  }
  return surviving;
}

}  // namespace tourney
