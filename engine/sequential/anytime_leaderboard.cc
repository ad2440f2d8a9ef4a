#include "tourney/sequential/anytime_leaderboard.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

namespace tourney {

void SettleBoundaries(const SystemRelation& certified, const SystemRelation& epsilon_tie,
                      bool with_epsilon, AnytimeSummary* out) {
  AnytimeSummary& s = *out;
  const int n = static_cast<int>(s.score.size());
  s.order.resize(n);
  std::iota(s.order.begin(), s.order.end(), SystemId{0});
  std::stable_sort(s.order.begin(), s.order.end(),
                   [&](SystemId x, SystemId y) { return s.score[x] > s.score[y]; });
  s.rank.assign(n, 0);
  for (int r = 0; r < n; ++r) s.rank[s.order[r]] = r + 1;
  auto tie = [&](SystemId u, SystemId l) {
    return with_epsilon && !certified(u, l) && !certified(l, u) && epsilon_tie(u, l);
  };
  // For each position u, the furthest position l > u whose pair with u is not certified,
  // and the furthest that is a tie within epsilon (-1: none). Some pair across the boundary
  // after position r is uncertified (an epsilon-tie) exactly when some u <= r reaches past
  // r, so prefix maxima decide every boundary: O(n^2) in all.
  std::vector<int> reach_open(n, -1), reach_tie(n, -1);
  for (int u = 0; u < n; ++u) {
    const SystemId su = s.order[u];
    for (int l = n - 1; l > u; --l) {
      const SystemId sl = s.order[l];
      if (reach_open[u] < 0 && !certified(su, sl)) reach_open[u] = l;
      if (with_epsilon && reach_tie[u] < 0 && tie(su, sl)) reach_tie[u] = l;
      if (reach_open[u] >= 0 && (!with_epsilon || reach_tie[u] >= 0)) break;
    }
  }
  s.boundaries.assign(n > 0 ? n - 1 : 0, AnytimeBoundary{});
  s.separations = 0;
  s.settled = true;
  // open_from: the first position whose reach set the prefix maximum open_reach, so that
  // (open_from, open_reach) is the uncertified pair across the boundary furthest apart.
  int open_reach = -1, open_from = -1, tie_reach = -1;
  for (int r = 0; r + 1 < n; ++r) {
    if (reach_open[r] > open_reach) {
      open_reach = reach_open[r];
      open_from = r;
    }
    tie_reach = std::max(tie_reach, reach_tie[r]);
    AnytimeBoundary& b = s.boundaries[r];
    b.upper = s.order[r];
    b.lower = s.order[r + 1];
    b.separated = open_reach <= r;
    b.tie_within_epsilon = !b.separated && tie_reach > r;
    if (!b.separated) {
      b.blocking_upper = s.order[open_from];
      b.blocking_lower = s.order[open_reach];
    }
    if (b.separated) ++s.separations;
    if (!b.separated && !b.tie_within_epsilon) s.settled = false;
  }
  s.cluster.assign(n, 0);
  int cluster = 1;
  for (int r = 0; r < n; ++r) {
    s.cluster[s.order[r]] = cluster;
    if (r + 1 < n && s.boundaries[r].separated) ++cluster;
  }
}

std::vector<AnytimeRankRange> CertifiedRankRanges(const AnytimeSummary& summary,
                                                  const SystemRelation& certified) {
  const int n = static_cast<int>(summary.rank.size());
  std::vector<AnytimeRankRange> out(static_cast<size_t>(n));
  for (SystemId u = 0; u < n; ++u) {
    int better = 0, worse = 0;
    for (SystemId l = 0; l < n; ++l) {
      if (l == u) continue;
      if (certified(l, u)) ++better;
      if (certified(u, l)) ++worse;
    }
    const int position = summary.rank[u];
    out[u].lo = std::min(1 + better, position);
    out[u].hi = std::max(n - worse, position);
  }
  return out;
}

StatusOr<AnytimeLeaderboard> AnytimeLeaderboard::Create(int num_systems,
                                                        const AnytimeOptions& options) {
  if (num_systems < 2) {
    return InvalidArgument("an anytime leaderboard needs at least 2 systems, got " +
                           std::to_string(num_systems));
  }
  if (!std::isfinite(options.delta) || options.delta <= 0.0 || options.delta >= 1.0) {
    return InvalidArgument("delta must be in (0, 1)");
  }
  if (!std::isfinite(options.epsilon) || options.epsilon < 0.0 || options.epsilon > 1.0) {
    return InvalidArgument("epsilon must be in [0, 1]");
  }
  return AnytimeLeaderboard(num_systems, options);
}

AnytimeLeaderboard::AnytimeLeaderboard(int n, const AnytimeOptions& options)
    : n_(n), options_(options) {
  const double pairs = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
  pair_alpha_ = options.delta / pairs;
  boundary_ = RunningMeanBoundary(pair_alpha_);
  pairs_.resize(static_cast<size_t>(pairs));
  radius_.assign(pairs_.size(), std::numeric_limits<double>::infinity());
}

size_t AnytimeLeaderboard::PairIndex(SystemId a, SystemId b) const {
  const size_t i = a, j = b, n = static_cast<size_t>(n_);
  return i * n - i * (i + 1) / 2 + (j - i - 1);
}

void AnytimeLeaderboard::Add(SystemId a, SystemId b, Outcome outcome) {
  double x = FirstSystemShare(outcome);
  if (a > b) {
    std::swap(a, b);
    x = 1.0 - x;
  }
  const size_t i = PairIndex(a, b);
  pairs_[i].Add(x);
  radius_[i] = boundary_.Radius(pairs_[i].count(), pairs_[i].variance_process());
  ++comparisons_;
}

void AnytimeLeaderboard::AddAll(const Comparisons& comparisons) {
  for (size_t i = 0; i < comparisons.size(); ++i) {
    Add(comparisons.first[i], comparisons.second[i], comparisons.outcome[i]);
  }
}

int64_t AnytimeLeaderboard::PairCount(SystemId a, SystemId b) const {
  return pairs_[a < b ? PairIndex(a, b) : PairIndex(b, a)].count();
}

double AnytimeLeaderboard::PreferenceMean(SystemId a, SystemId b) const {
  return a < b ? pairs_[PairIndex(a, b)].mean() : 1.0 - pairs_[PairIndex(b, a)].mean();
}

double AnytimeLeaderboard::PreferenceLo(SystemId a, SystemId b) const {
  if (a < b) {
    const size_t i = PairIndex(a, b);
    return std::clamp(pairs_[i].mean() - radius_[i], 0.0, 1.0);
  }
  return 1.0 - PreferenceHi(b, a);
}

double AnytimeLeaderboard::PreferenceHi(SystemId a, SystemId b) const {
  if (a < b) {
    const size_t i = PairIndex(a, b);
    return std::clamp(pairs_[i].mean() + radius_[i], 0.0, 1.0);
  }
  return 1.0 - PreferenceLo(b, a);
}

AnytimeSummary AnytimeLeaderboard::Summarize() const {
  const int n = n_;
  AnytimeSummary s;
  s.comparisons = comparisons_;
  s.score.assign(n, 0.0);
  s.lo.assign(n, 0.0);
  s.hi.assign(n, 0.0);
  std::vector<double> mean(n, 0.0);
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const double m = pairs_[PairIndex(a, b)].mean();
      const double lo = PreferenceLo(a, b);
      const double hi = PreferenceHi(a, b);
      mean[a] += m;
      mean[b] += 1.0 - m;
      s.lo[a] += lo;
      s.hi[a] += hi;
      s.lo[b] += 1.0 - hi;
      s.hi[b] += 1.0 - lo;
    }
  }
  const double others = static_cast<double>(n - 1);
  for (int i = 0; i < n; ++i) {
    // Every pair's interval contains its mean, so lo <= score <= hi up to rounding.
    s.score[i] = mean[i] / others;
    s.lo[i] = std::min(s.lo[i] / others, s.score[i]);
    s.hi[i] = std::max(s.hi[i] / others, s.score[i]);
  }
  auto certified = [&](SystemId u, SystemId l) { return Certified(s, u, l); };
  auto epsilon_tie = [&](SystemId u, SystemId l) {
    if (PreferenceHi(u, l) - PreferenceLo(u, l) < options_.epsilon) return true;
    return s.hi[u] - s.lo[u] < options_.epsilon && s.hi[l] - s.lo[l] < options_.epsilon;
  };
  SettleBoundaries(certified, epsilon_tie, options_.epsilon > 0.0, &s);
  return s;
}

bool AnytimeLeaderboard::Certified(const AnytimeSummary& summary, SystemId u, SystemId l) const {
  return PreferenceLo(u, l) > 0.5 || summary.lo[u] > summary.hi[l];
}

std::vector<AnytimeLeaderboard::RankRange> AnytimeLeaderboard::RankRanges(
    const AnytimeSummary& summary) const {
  return CertifiedRankRanges(
      summary, [&](SystemId u, SystemId l) { return Certified(summary, u, l); });
}

}  // namespace tourney
