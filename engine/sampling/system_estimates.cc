// Per-system estimates and paired differences (see tourney/sampling/system_estimates.h).
#include "tourney/sampling/system_estimates.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "core/thread_pool.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

// The annotated items of `p` as a sample under `design`'s strata.
Sample AnnotatedSample(const Population& p, Design design) {
  Sample s;
  s.strata = DesignStrata(design);
  for (int i = 0; i < p.size; ++i) {
    if (p.known[i]) s.items.push_back(i);
  }
  return s;
}

double AnnotatedRange(const Population& p) {
  double lo = 0.0, hi = 0.0;
  bool first = true;
  for (int i = 0; i < p.size; ++i) {
    if (!p.known[i]) continue;
    lo = first ? p.x[i] : std::min(lo, p.x[i]);
    hi = first ? p.x[i] : std::max(hi, p.x[i]);
    first = false;
  }
  return hi - lo;
}

}  // namespace

StatusOr<SystemEstimates> EstimateSystems(const ScoredSegments& table,
                                          const SystemEstimatesOptions& options) {
  if (!(options.confidence > 0 && options.confidence < 1)) {
    return InvalidArgument("confidence: in (0, 1)");
  }
  if (options.tolerance < 0 || !std::isfinite(options.tolerance)) {
    return InvalidArgument("tolerance: a finite number >= 0");
  }
  if (options.bound == BoundKind::kBettingCs) {
    return InvalidArgument(
        "bound: betting-cs needs the order in which the segments were drawn, which a table "
        "does not keep; a scoring campaign with the random design computes it (tourneyd)");
  }
  SystemEstimates out;
  out.options = options;
  out.warnings = table.warnings;
  const int systems = static_cast<int>(table.systems.size());
  for (const SystemSegments& sys : table.systems) {
    if (sys.num_annotated() < 2) {
      return InvalidArgument("system '" + sys.name + "' has " +
                             std::to_string(sys.num_annotated()) +
                             " annotated segments (at least 2 are needed)");
    }
  }
  ThreadPool pool(options.threads);
  out.systems.resize(systems);
  std::vector<Status> failures(systems);
  pool.ParallelFor(systems, [&](int64_t index, int) {
    const int s = static_cast<int>(index);
    const SystemSegments& sys = table.systems[s];
    auto p = MakePopulation(table, s, options.population);
    if (!p.ok()) {
      failures[s] = p.status();
      return;
    }
    auto e = EstimateMean(*p, AnnotatedSample(*p, options.design), options.estimator);
    if (!e.ok()) {
      failures[s] = InvalidArgument("system '" + sys.name + "': " + e.status().message());
      return;
    }
    SystemEstimate& r = out.systems[s];
    r.name = sys.name;
    r.estimate = *e;
    const double range = options.range > 0 ? options.range : AnnotatedRange(*p);
    const ErrorInterval interval = IntervalOf(options.bound, *e, options.confidence, range,
                                              DeriveSeed(options.seed, static_cast<uint64_t>(s)),
                                              options.bootstrap_replicates);
    r.half_width = 0.5 * (interval.below + interval.above);
    r.lo = e->value - interval.below;
    r.hi = e->value + interval.above;
    r.annotated = e->n;
    r.segments = p->size;
    if (options.tolerance > 0) {
      r.within_tolerance = std::max(interval.below, interval.above) <= options.tolerance;
      r.segments_needed = SegmentsForTolerance(std::max(interval.below, interval.above),
                                               r.annotated, r.segments, options.tolerance);
    }
  });
  for (const Status& f : failures) {
    if (!f.ok()) return f;
  }
  // Best first; equal scores by name.
  const double sign = options.lower_is_better ? 1.0 : -1.0;
  std::vector<int> order(systems);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double va = sign * out.systems[a].estimate.value;
    const double vb = sign * out.systems[b].estimate.value;
    return va != vb ? va < vb : out.systems[a].name < out.systems[b].name;
  });
  std::vector<SystemEstimate> sorted;
  std::vector<int> table_index;
  for (int i : order) {
    sorted.push_back(out.systems[i]);
    table_index.push_back(i);
  }
  out.systems = std::move(sorted);
  // Paired differences: rank neighbours, or every pair.
  std::vector<std::pair<int, int>> which;
  for (int i = 0; i < systems; ++i) {
    for (int j = i + 1; j < systems; ++j) {
      if (options.all_pairs || j == i + 1) which.emplace_back(i, j);
    }
  }
  out.pairs.resize(which.size());
  std::vector<Status> pair_failures(which.size());
  pool.ParallelFor(static_cast<int64_t>(which.size()), [&](int64_t index, int) {
    const auto [i, j] = which[index];
    auto p = MakeDifferencePopulation(table, table_index[i], table_index[j], options.population);
    if (!p.ok()) {
      pair_failures[index] = p.status();
      return;
    }
    PairDifference& d = out.pairs[index];
    d.better = out.systems[i].name;
    d.worse = out.systems[j].name;
    const Sample sample = AnnotatedSample(*p, options.design);
    d.paired = static_cast<int>(sample.items.size());
    if (d.paired < 2) return;
    auto e = EstimateMean(*p, sample, options.estimator);
    if (!e.ok()) {
      pair_failures[index] = e.status();
      return;
    }
    const double range = options.range > 0 ? 2.0 * options.range : AnnotatedRange(*p);
    const ErrorInterval interval =
        IntervalOf(options.bound, *e, options.confidence, range,
                   DeriveSeed(options.seed, static_cast<uint64_t>(1000003 + i * systems + j)),
                   options.bootstrap_replicates);
    d.estimated = true;
    d.difference = e->value;
    d.lo = e->value - interval.below;
    d.hi = e->value + interval.above;
    d.separated = d.lo > 0 || d.hi < 0;
  });
  for (const Status& f : pair_failures) {
    if (!f.ok()) return f;
  }
  std::vector<char> separated_after(systems, 0);
  for (size_t k = 0; k < which.size(); ++k) {
    const PairDifference& d = out.pairs[k];
    if (!d.estimated) {
      out.warnings.push_back("systems '" + d.better + "' and '" + d.worse + "' share " +
                             std::to_string(d.paired) +
                             " annotated segments: their difference is not estimated");
    }
    if (which[k].second == which[k].first + 1) separated_after[which[k].first] = d.separated;
  }
  // The leaderboard.
  Leaderboard& board = out.board;
  board.model = std::string(DesignName(options.design)) + "+" + EstimatorName(options.estimator);
  board.confidence = options.confidence;
  board.connected = true;
  board.components.emplace_back();
  int cluster = 1;
  for (int i = 0; i < systems; ++i) {
    const SystemEstimate& s = out.systems[i];
    LeaderboardEntry e;
    e.system = s.name;
    e.score = s.estimate.value;
    e.rank = e.rank_lo = e.rank_hi = i + 1;
    e.cluster = cluster;
    e.score_lo = s.lo;
    e.score_hi = s.hi;
    e.comparisons = s.annotated;
    board.entries.push_back(e);
    board.components.back().push_back(s.name);
    board.judgments += s.annotated;
    if (separated_after[i]) ++cluster;
  }
  board.warnings = out.warnings;
  return out;
}

}  // namespace tourney
