#include "tourney/sequential/pooled_anytime_leaderboard.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace tourney {

StatusOr<PooledDesign> EstimatePooledDesign(const Judgments& judgments) {
  const int n = judgments.num_systems();
  if (n < 2) {
    return InvalidArgument("a pooled anytime leaderboard needs at least 2 systems, got " +
                           std::to_string(n));
  }
  const size_t nn = static_cast<size_t>(n);
  PooledDesign d;
  d.num_systems = n;
  d.rankings.assign(nn, 0);
  std::vector<int64_t> met(nn * nn, 0);
  std::vector<int> most(nn, 0);  // most opponents in one ranking
  std::vector<int> opponents(nn, 0);
  std::vector<SystemId> touched;
  const Comparisons& c = judgments.comparisons();
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    touched.clear();
    for (size_t k = judgments.comparison_begin(r); k < judgments.comparison_begin(r + 1); ++k) {
      for (const auto& [a, b] : {std::pair{c.first[k], c.second[k]},
                                 std::pair{c.second[k], c.first[k]}}) {
        if (opponents[static_cast<size_t>(a)]++ == 0) touched.push_back(a);
        ++met[static_cast<size_t>(a) * nn + static_cast<size_t>(b)];
      }
    }
    for (SystemId a : touched) {
      const size_t i = static_cast<size_t>(a);
      ++d.rankings[i];
      most[i] = std::max(most[i], opponents[i]);
      opponents[i] = 0;
    }
  }
  d.weight.assign(nn * nn, 0.0);
  d.bound.assign(nn, 0.0);
  for (size_t i = 0; i < nn; ++i) {
    std::vector<double> row;
    for (size_t j = 0; j < nn; ++j) {
      if (i == j) continue;
      if (met[i * nn + j] == 0) {
        return InvalidArgument(
            "the pooled anytime board needs every pair of systems compared at least once: '" +
            judgments.systems().Name(static_cast<SystemId>(std::min(i, j))) + "' and '" +
            judgments.systems().Name(static_cast<SystemId>(std::max(i, j))) +
            "' never met (the per-pair board, --anytime-board pairwise, needs no such thing)");
      }
      const double q = static_cast<double>(met[i * nn + j]) / static_cast<double>(d.rankings[i]);
      d.weight[i * nn + j] = 1.0 / (static_cast<double>(n - 1) * q);
      row.push_back(d.weight[i * nn + j]);
    }
    std::sort(row.begin(), row.end(), std::greater<>());
    for (int k = 0; k < most[i] && k < static_cast<int>(row.size()); ++k) d.bound[i] += row[k];
  }
  return d;
}

StatusOr<PooledAnytimeLeaderboard> PooledAnytimeLeaderboard::Create(PooledDesign design,
                                                                    const AnytimeOptions& options) {
  if (design.num_systems < 2) {
    return InvalidArgument("a pooled anytime leaderboard needs at least 2 systems");
  }
  if (!std::isfinite(options.delta) || options.delta <= 0.0 || options.delta >= 1.0) {
    return InvalidArgument("delta must be in (0, 1)");
  }
  if (!std::isfinite(options.epsilon) || options.epsilon < 0.0 || options.epsilon > 1.0) {
    return InvalidArgument("epsilon must be in [0, 1]");
  }
  return PooledAnytimeLeaderboard(std::move(design), options);
}

PooledAnytimeLeaderboard::PooledAnytimeLeaderboard(PooledDesign design,
                                                   const AnytimeOptions& options)
    : design_(std::move(design)), options_(options) {
  const size_t n = static_cast<size_t>(design_.num_systems);
  boundary_ = RunningMeanBoundary(system_alpha());
  systems_.resize(n);
  sum_.assign(n, 0.0);
  value_.assign(n, 0.0);
  seen_.assign(n, 0);
}

void PooledAnytimeLeaderboard::AddRanking(const Judgments& judgments, size_t index) {
  AddRanking(judgments.comparisons(), judgments.comparison_begin(index),
             judgments.comparison_begin(index + 1));
}

void PooledAnytimeLeaderboard::AddRanking(const Comparisons& c, size_t begin, size_t end) {
  const size_t n = static_cast<size_t>(design_.num_systems);
  std::vector<SystemId>& touched = touched_;
  touched.clear();
  for (size_t k = begin; k < end; ++k) {
    const size_t a = static_cast<size_t>(c.first[k]), b = static_cast<size_t>(c.second[k]);
    const double x = FirstSystemShare(c.outcome[k]);
    value_[a] += x * design_.weight[a * n + b];
    value_[b] += (1.0 - x) * design_.weight[b * n + a];
    for (size_t s : {a, b}) {
      if (!seen_[s]) {
        seen_[s] = 1;
        touched.push_back(static_cast<SystemId>(s));
      }
    }
    ++comparisons_;
  }
  for (SystemId id : touched) {
    const size_t i = static_cast<size_t>(id);
    const double bound = design_.bound[i] > 0.0 ? design_.bound[i] : 1.0;
    systems_[i].Add(value_[i] / bound);
    sum_[i] += value_[i];
    value_[i] = 0.0;
    seen_[i] = 0;
  }
}

void PooledAnytimeLeaderboard::AddComparison(SystemId a, SystemId b, Outcome outcome) {
  const size_t n = static_cast<size_t>(design_.num_systems);
  const size_t i = static_cast<size_t>(a), j = static_cast<size_t>(b);
  const double x = FirstSystemShare(outcome);
  for (const auto& [s, y] : {std::pair{i, x * design_.weight[i * n + j]},
                             std::pair{j, (1.0 - x) * design_.weight[j * n + i]}}) {
    const double bound = design_.bound[s] > 0.0 ? design_.bound[s] : 1.0;
    systems_[s].Add(y / bound);
    sum_[s] += y;
  }
  ++comparisons_;
}

AnytimeSummary PooledAnytimeLeaderboard::Summarize() const {
  const size_t n = static_cast<size_t>(design_.num_systems);
  AnytimeSummary s;
  s.comparisons = comparisons_;
  s.score.assign(n, 0.0);
  s.lo.assign(n, 0.0);
  s.hi.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    const double bound = design_.bound[i] > 0.0 ? design_.bound[i] : 1.0;
    const RunningMeanSequence& q = systems_[i];
    // B_i is a mean of preferences, so [0, 1] bounds it whatever M_i is.
    s.lo[i] = std::clamp(boundary_.Lo(q) * bound, 0.0, 1.0);
    s.hi[i] = std::clamp(boundary_.Hi(q) * bound, s.lo[i], 1.0);
    s.score[i] = q.count() > 0 ? sum_[i] / static_cast<double>(q.count()) : 0.5;
  }
  const double eps = options_.epsilon;
  SettleBoundaries(
      [&](SystemId u, SystemId l) { return Certified(s, u, l); },
      [&](SystemId u, SystemId l) { return s.hi[u] - s.lo[u] < eps && s.hi[l] - s.lo[l] < eps; },
      eps > 0.0, &s);
  return s;
}

std::vector<AnytimeRankRange> PooledAnytimeLeaderboard::RankRanges(
    const AnytimeSummary& summary) const {
  return CertifiedRankRanges(summary,
                             [&](SystemId u, SystemId l) { return Certified(summary, u, l); });
}

}  // namespace tourney
