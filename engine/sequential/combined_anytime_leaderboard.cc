#include "tourney/sequential/combined_anytime_leaderboard.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace tourney {

PooledDesign UniformPooledDesign(int num_systems, int k, int64_t horizon) {
  const size_t n = static_cast<size_t>(num_systems);
  PooledDesign d;
  d.num_systems = num_systems;
  d.rankings.assign(n, horizon);  // 0: the open-ended betting schedule
  d.weight.assign(n * n, 1.0 / static_cast<double>(k - 1));
  for (size_t i = 0; i < n; ++i) d.weight[i * n + i] = 0.0;
  d.bound.assign(n, 1.0);
  return d;
}

StatusOr<CombinedAnytimeLeaderboard> CombinedAnytimeLeaderboard::Create(
    int num_systems, int k, const AnytimeOptions& options, int64_t horizon) {
  if (horizon < 0) return InvalidArgument("the planned horizon must be >= 0");
  if (num_systems < 2 || k < 2 || k > num_systems) {
    return InvalidArgument("a combined anytime leaderboard needs 2 <= k <= systems, got k " +
                           std::to_string(k) + " of " + std::to_string(num_systems));
  }
  if (!std::isfinite(options.delta) || options.delta <= 0.0 || options.delta >= 1.0) {
    return InvalidArgument("delta must be in (0, 1)");
  }
  const AnytimeOptions half{options.delta / 2.0, options.epsilon};
  auto pairwise = AnytimeLeaderboard::Create(num_systems, half);
  if (!pairwise.ok()) return pairwise.status();
  auto pooled =
      PooledAnytimeLeaderboard::Create(UniformPooledDesign(num_systems, k, horizon), half);
  if (!pooled.ok()) return pooled.status();
  return CombinedAnytimeLeaderboard(k, options, std::move(*pairwise), std::move(*pooled));
}

void CombinedAnytimeLeaderboard::AddRanking(const Comparisons& c, size_t begin, size_t end,
                                            bool uniform_draw) {
  for (size_t i = begin; i < end; ++i) pairwise_.Add(c.first[i], c.second[i], c.outcome[i]);
  // The pooled observation is the mean over all k - 1 opponents: a ranking that left some
  // pair of its systems uncompared is not the design's observation.
  const size_t complete = static_cast<size_t>(k_) * static_cast<size_t>(k_ - 1) / 2;
  if (uniform_draw && end - begin == complete) {
    pooled_.AddRanking(c, begin, end);
    ++uniform_rankings_;
  }
}

void CombinedAnytimeLeaderboard::AddPair(SystemId a, SystemId b, Outcome outcome,
                                         bool uniform_draw) {
  pairwise_.Add(a, b, outcome);
  if (uniform_draw && k_ == 2) {
    pooled_.AddComparison(a, b, outcome);
    ++uniform_rankings_;
  }
}

AnytimeSummary CombinedAnytimeLeaderboard::Summarize() const {
  AnytimeSummary s = pairwise_.Summarize();
  const AnytimeSummary p = pooled_.Summarize();
  const size_t n = s.score.size();
  for (size_t i = 0; i < n; ++i) {
    const double lo = std::max(s.lo[i], p.lo[i]);
    const double hi = std::min(s.hi[i], p.hi[i]);
    if (lo > hi) {
      // Disjoint: one of the two boards missed (probability <= delta). Never certainty:
      // the hull of both, and the system's separations are withdrawn.
      s.failed.push_back(static_cast<SystemId>(i));
      s.lo[i] = std::min(s.lo[i], p.lo[i]);
      s.hi[i] = std::max(s.hi[i], p.hi[i]);
    } else {
      s.lo[i] = lo;
      s.hi[i] = hi;
    }
    s.lo[i] = std::min(s.lo[i], s.score[i]);
    s.hi[i] = std::max(s.hi[i], s.score[i]);
  }
  const double eps = options_.epsilon;
  auto certified = [&](SystemId u, SystemId l) { return Certified(s, u, l); };
  // Epsilon bounds preference probabilities: a pair whose preference interval is narrower
  // than epsilon. (Narrow score intervals are no such tie: Borda scores of neighbours differ
  // by a fraction of their preferences' distance from 1/2, and pooled score intervals
  // narrower than epsilon would settle boundaries whose preferences are still far from
  // known.)
  auto epsilon_tie = [&](SystemId u, SystemId l) {
    return pairwise_.PreferenceHi(u, l) - pairwise_.PreferenceLo(u, l) < eps;
  };
  SettleBoundaries(certified, epsilon_tie, eps > 0.0, &s);
  return s;
}

bool CombinedAnytimeLeaderboard::Certified(const AnytimeSummary& summary, SystemId u,
                                           SystemId l) const {
  for (SystemId f : summary.failed) {
    if (f == u || f == l) return false;
  }
  return summary.lo[u] > summary.hi[l] || pairwise_.PreferenceLo(u, l) > 0.5;
}

std::vector<AnytimeRankRange> CombinedAnytimeLeaderboard::RankRanges(
    const AnytimeSummary& summary) const {
  return CertifiedRankRanges(summary,
                             [&](SystemId u, SystemId l) { return Certified(summary, u, l); });
}

}  // namespace tourney
