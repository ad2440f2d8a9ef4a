// Per-system estimates and paired differences (see tourney/sampling/system_estimates.h).
#include "tourney/sampling/system_estimates.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/sampling/residual_sequence.h"

namespace tourney {
namespace {

// A population padded to `size` items with unannotated items of an unknown document and no
// metrics (a table of only the annotated rows of a larger test set).
void PadPopulation(int size, Population* p) {
  if (size <= p->size) return;
  const int extra = size - p->size;
  p->x.insert(p->x.end(), extra, 0.0);
  p->known.insert(p->known.end(), extra, 0);
  p->segment.insert(p->segment.end(), extra, -1);
  p->document.insert(p->document.end(), extra, p->num_documents);
  p->num_documents += 1;
  p->metric_bin.insert(p->metric_bin.end(), extra, 0);
  p->num_metric_bins = std::max(1, p->num_metric_bins);
  p->num_metrics = 0;
  p->metric_names.clear();
  p->z.clear();
  p->zz.clear();
  p->z_mean.assign(size, 0.0);
  p->size = size;
}

// The design's strata and inclusion probabilities, per table segment.
struct SegmentDesign {
  std::vector<double> inclusion;  // empty: not known (incremental designs)
  std::vector<int> metric_bin;    // the design system's bins; -1 for its missing segments
  int num_metric_bins = 0;
};

// The annotated items of `p` as a sample under the design.
Sample AnnotatedSample(const Population& p, Design design, const SegmentDesign& d) {
  Sample s;
  s.strata = DesignStrata(design);
  bool weighted = !d.inclusion.empty();
  for (int i = 0; i < p.size; ++i) {
    if (!p.known[i]) continue;
    s.items.push_back(i);
    if (!weighted) continue;
    const int g = p.segment[i];
    const double pi = g >= 0 && g < static_cast<int>(d.inclusion.size()) ? d.inclusion[g] : -1;
    if (pi > 0) {
      s.inclusion.push_back(pi);
    } else {
      weighted = false;
    }
  }
  if (!weighted) s.inclusion.clear();
  return s;
}

// Every population's metric bins replaced by the design system's (metric designs only).
void UseDesignBins(const SegmentDesign& d, Population* p) {
  if (d.metric_bin.empty()) return;
  p->num_metric_bins = d.num_metric_bins + 1;  // the last: segments the design lacks
  for (int i = 0; i < p->size; ++i) {
    const int g = p->segment[i];
    const int bin = g >= 0 && g < static_cast<int>(d.metric_bin.size()) ? d.metric_bin[g] : -1;
    p->metric_bin[i] = bin >= 0 ? bin : d.num_metric_bins;
  }
}

// cv-cs over the scores of `p` in the serving order (table positions `order` of its
// segments), up to the last annotated one: a segment before it that is not annotated was
// served and not scored, and the sequence skips it (ResidualSequence::Skip: its score
// counts as unknown within [lo, hi]). It used to stop at the first such gap, which threw
// away every later score and re-ranked the system.
struct SequenceInterval {
  double value = 0.0, lo = 0.0, hi = 0.0;
  int used = 0;
  std::vector<std::pair<int, int>> gaps;  // (position, table segment) of the skipped ones
};
StatusOr<SequenceInterval> SequenceOverServedPrefix(const Population& p,
                                                   const std::vector<int>& order, double lo,
                                                   double hi, double confidence) {
  std::vector<std::pair<int, int>> by_position;  // (position, item)
  for (int i = 0; i < p.size; ++i) {
    const int g = p.segment[i];
    if (g < 0 || g >= static_cast<int>(order.size()) || order[g] < 0) {
      return InvalidArgument("a segment has no position in the recorded order");
    }
    by_position.emplace_back(order[g], i);
  }
  std::sort(by_position.begin(), by_position.end());
  ResidualSequenceOptions o;
  o.confidence = confidence;
  o.lo = lo;
  o.hi = hi;
  auto seq = ResidualSequence::Make(p, o);
  if (!seq.ok()) return seq.status();
  size_t end = by_position.size();
  while (end > 0 && !p.known[by_position[end - 1].second]) --end;
  SequenceInterval out;
  for (size_t k = 0; k < end; ++k) {
    const auto [position, item] = by_position[k];
    if (!p.known[item]) {
      if (Status st = seq->Skip(item); !st.ok()) return st;
      out.gaps.emplace_back(position, p.segment[item]);
      continue;
    }
    if (Status st = seq->Add(item, p.x[item]); !st.ok()) return st;
  }
  out.value = seq->estimate();
  out.lo = seq->lower();
  out.hi = seq->upper();
  out.used = seq->count();
  return out;
}

}  // namespace

double PooledScoreVariance(const std::vector<const Population*>& populations,
                           double declared_range) {
  double ss = 0.0, df = 0.0;
  for (const Population* p : populations) {
    double sum = 0.0;
    int n = 0;
    for (int i = 0; i < p->size; ++i) {
      if (p->known[i]) {
        sum += p->x[i];
        ++n;
      }
    }
    if (n < 2) continue;
    const double mean = sum / n;
    for (int i = 0; i < p->size; ++i) {
      if (p->known[i]) ss += (p->x[i] - mean) * (p->x[i] - mean);
    }
    df += n - 1;
  }
  if (df > 0 && ss > 0) return ss / df;
  if (declared_range > 0 && std::isfinite(declared_range)) return declared_range * declared_range / 4;
  return 1.0;
}

double PooledScoreRange(const std::vector<const Population*>& populations) {
  double lo = 0.0, hi = 0.0;
  bool first = true;
  for (const Population* p : populations) {
    for (int i = 0; i < p->size; ++i) {
      if (!p->known[i]) continue;
      lo = first ? p->x[i] : std::min(lo, p->x[i]);
      hi = first ? p->x[i] : std::max(hi, p->x[i]);
      first = false;
    }
  }
  return hi - lo;
}

StatusOr<IntervalEstimate> EstimateWithInterval(const Population& p, const Sample& sample,
                                                const EstimatorSpec& estimator, BoundKind bound,
                                                double confidence, double range,
                                                double prior_variance, uint64_t seed,
                                                int replicates, double score_min,
                                                double score_max) {
  auto e = EstimateMean(p, sample, estimator);
  if (!e.ok()) return e.status();
  IntervalEstimate out;
  out.estimate = std::move(*e);
  FloorVariance(prior_variance, 1.0, &out.estimate);
  out.interval = IntervalOf(bound, out.estimate, confidence, range, seed, replicates);
  if (std::isfinite(score_min) && std::isfinite(score_max) && p.size > 0) {
    double sum = 0.0;
    int known = 0;
    for (int i = 0; i < p.size; ++i) {
      if (!p.known[i]) continue;
      sum += p.x[i];
      ++known;
    }
    const double unknown = p.size - known;
    const double seen_lo = (sum + unknown * score_min) / p.size;
    const double seen_hi = (sum + unknown * score_max) / p.size;
    double& value = out.estimate.value;
    const double lo = std::max(seen_lo, value - out.interval.below);
    const double hi = std::min(seen_hi, value + out.interval.above);
    value = std::clamp(value, std::min(lo, hi), std::max(lo, hi));
    out.interval = {value - std::min(lo, value), std::max(hi, value) - value};
  }
  return out;
}

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
        "bound: betting-cs is the random design's sequence in a scoring campaign (tourneyd); "
        "for a table, cv-cs reads the order the table records");
  }
  const bool declared = std::isfinite(options.score_min) && std::isfinite(options.score_max);
  if (declared && !(options.score_min < options.score_max)) {
    return InvalidArgument("score range: the minimum must be below the maximum");
  }
  const bool sequence = options.bound == BoundKind::kCvCs;
  if (sequence && table.segment_order.empty()) {
    return InvalidArgument(
        "bound: cv-cs reads the scores in the order the design served them, and the table "
        "records none (tourney sample --format tsv writes an order column)");
  }
  if (sequence && !declared) {
    return InvalidArgument("bound: cv-cs needs the declared score range (score min and max)");
  }
  if (sequence && options.design != Design::kDocsProp && options.design != Design::kRandom) {
    return InvalidArgument("bound: cv-cs follows the random or docs-prop serving order");
  }
  SystemEstimates out;
  out.options = options;
  out.warnings = table.warnings;
  const int systems = static_cast<int>(table.systems.size());
  if (systems == 0) return InvalidArgument("the table has no system");
  int max_rows = 0;
  bool any_unannotated = false;
  for (const SystemSegments& sys : table.systems) {
    if (sys.num_annotated() < 2) {
      return InvalidArgument("system '" + sys.name + "' has " +
                             std::to_string(sys.num_annotated()) +
                             " annotated segments (at least 2 are needed)");
    }
    for (int i = 0; i < sys.size(); ++i) {
      if (!sys.annotated[i]) {
        any_unannotated = true;
        continue;
      }
      if (sys.human[i] < options.score_min || sys.human[i] > options.score_max) {
        return InvalidArgument("system '" + sys.name + "' segment '" +
                               table.segment_ids[sys.segment[i]] + "': score " +
                               std::to_string(sys.human[i]) + " outside the declared range");
      }
    }
    max_rows = std::max(max_rows, sys.size());
  }
  if (!any_unannotated && options.test_set_size == 0) {
    return InvalidArgument(
        "every row of the table is annotated, so it does not say how large the test set is: "
        "give the test set's size (equal to the rows per system for a census), or the whole "
        "test set with the segments not annotated left blank");
  }
  if (options.test_set_size > 0 && options.test_set_size < max_rows) {
    return InvalidArgument("test set size " + std::to_string(options.test_set_size) +
                           ": a system has " + std::to_string(max_rows) + " rows");
  }
  const bool padded = options.test_set_size > max_rows;
  if (padded) {
    if (options.estimator.kind != EstimatorKind::kMean || options.design != Design::kRandom) {
      return InvalidArgument(
          "a table of only the annotated rows of a larger test set has no metrics or "
          "documents for the rest: use the random design and the mean estimator");
    }
    out.warnings.push_back("the table holds " + std::to_string(max_rows) +
                           " rows per system of a test set of " +
                           std::to_string(options.test_set_size) +
                           ": they are taken as a simple random sample of it");
  }
  {
    std::vector<int> sizes;
    for (const SystemSegments& sys : table.systems) sizes.push_back(sys.size());
    const int lo = *std::min_element(sizes.begin(), sizes.end());
    if (lo != max_rows) {
      std::string which;
      for (const SystemSegments& sys : table.systems) {
        if (sys.size() != max_rows) {
          which += (which.empty() ? "'" : ", '") + sys.name + "' (" + std::to_string(sys.size()) +
                   ")";
        }
      }
      out.warnings.push_back("systems are scored over different test sets: " + which +
                             " have fewer than the " + std::to_string(max_rows) +
                             " segments of the others; their scores are not comparable, and "
                             "paired differences use the shared segments only");
    }
  }
  // The design, per table segment.
  const int design_system = options.design_system < 0 ? 0 : options.design_system;
  if (design_system >= systems) return InvalidArgument("design system: no such system");
  SegmentDesign design;
  {
    auto dp = MakePopulation(table, design_system, options.population);
    if (!dp.ok()) return dp.status();
    const bool metric_design = DesignStrata(options.design) == Strata::kMetricBins;
    if (metric_design) {
      design.metric_bin.assign(table.segment_ids.size(), -1);
      for (int i = 0; i < dp->size; ++i) design.metric_bin[dp->segment[i]] = dp->metric_bin[i];
      design.num_metric_bins = dp->num_metric_bins;
    }
    if (!table.segment_inclusion.empty()) {
      design.inclusion = table.segment_inclusion;
    } else if (!padded) {
      int n = 0;
      for (int i = 0; i < dp->size; ++i) n += dp->known[i];
      auto pi = InclusionProbabilities(*dp, options.design, n);
      if (pi.ok()) {
        design.inclusion.assign(table.segment_ids.size(), -1.0);
        for (int i = 0; i < dp->size; ++i) design.inclusion[dp->segment[i]] = (*pi)[i];
      } else {
        out.warnings.push_back("design '" + std::string(DesignName(options.design)) +
                               "': " + pi.status().message() +
                               "; its strata are weighed by their sampled sizes, which is "
                               "biased");
      }
    }
  }
  ThreadPool pool(options.threads);
  std::vector<Population> populations(systems);
  std::vector<Status> failures(systems);
  pool.ParallelFor(systems, [&](int64_t index, int) {
    const int s = static_cast<int>(index);
    auto p = MakePopulation(table, s, options.population);
    if (!p.ok()) {
      failures[s] = p.status();
      return;
    }
    populations[s] = std::move(*p);
    UseDesignBins(design, &populations[s]);
    if (padded) PadPopulation(options.test_set_size, &populations[s]);
  });
  for (const Status& f : failures) {
    if (!f.ok()) return f;
  }
  std::vector<const Population*> all;
  for (const Population& p : populations) all.push_back(&p);
  const double declared_range = declared ? options.score_max - options.score_min : 0.0;
  const double prior = PooledScoreVariance(all, declared_range);
  double range = options.range > 0 ? options.range : declared_range;
  if (!(range > 0)) range = std::max(PooledScoreRange(all), 2.0 * std::sqrt(prior));
  out.systems.resize(systems);
  std::vector<std::string> fallbacks(systems);
  pool.ParallelFor(systems, [&](int64_t index, int) {
    const int s = static_cast<int>(index);
    const SystemSegments& sys = table.systems[s];
    const Population& p = populations[s];
    EstimatorSpec spec = options.estimator;
    if (spec.kind == EstimatorKind::kCvMetric &&
        std::find(p.metric_names.begin(), p.metric_names.end(), spec.metric) ==
            p.metric_names.end() &&
        std::find(table.metric_names.begin(), table.metric_names.end(), spec.metric) !=
            table.metric_names.end()) {
      fallbacks[s] = "metric '" + spec.metric + "' is constant for system '" + sys.name +
                     "': its estimate is the plain mean";
      spec = EstimatorSpec{};
    }
    auto e = EstimateWithInterval(p, AnnotatedSample(p, options.design, design), spec,
                                  options.bound, options.confidence, range, prior,
                                  DeriveSeed(options.seed, static_cast<uint64_t>(s)),
                                  options.bootstrap_replicates, options.score_min,
                                  options.score_max);
    if (!e.ok()) {
      failures[s] = InvalidArgument("system '" + sys.name + "': " + e.status().message());
      return;
    }
    SystemEstimate& r = out.systems[s];
    r.name = sys.name;
    r.estimate = e->estimate;
    ErrorInterval interval = e->interval;
    if (sequence) {
      auto cs = SequenceOverServedPrefix(p, table.segment_order, options.score_min,
                                         options.score_max, options.confidence);
      if (!cs.ok()) {
        failures[s] = InvalidArgument("system '" + sys.name + "': " + cs.status().message());
        return;
      }
      if (!cs->gaps.empty()) {
        std::string named;
        for (size_t k = 0; k < cs->gaps.size() && k < 5; ++k) {
          named += (k > 0 ? ", '" : "'") + table.segment_ids[cs->gaps[k].second] +
                   "' (position " + std::to_string(cs->gaps[k].first + 1) + ")";
        }
        if (cs->gaps.size() > 5) named += ", ...";
        fallbacks[s] = "system '" + sys.name + "': " + std::to_string(cs->gaps.size()) +
                       " segment" + (cs->gaps.size() == 1 ? "" : "s") +
                       " of the serving order not annotated while later ones are: " + named +
                       "; cv-cs skips them, each counted as unknown within the declared "
                       "range (the interval widens by at most the range / " +
                       std::to_string(p.size) + " for each)";
      }
      r.estimate.value = cs->value;
      r.estimate.n = cs->used;
      interval = {cs->value - cs->lo, cs->hi - cs->value};
    }
    r.half_width = 0.5 * (interval.below + interval.above);
    r.max_side = std::max(interval.below, interval.above);
    r.lo = r.estimate.value - interval.below;
    r.hi = r.estimate.value + interval.above;
    r.annotated = r.estimate.n;
    r.segments = p.size;
    if (options.tolerance > 0) {
      const ToleranceVerdict v = VerdictForTolerance(
          r.max_side, r.annotated, r.segments, options.tolerance, options.min_scored_for_tolerance);
      r.within_tolerance = v.within;
      r.segments_needed = v.segments_needed;
    }
  });
  for (const Status& f : failures) {
    if (!f.ok()) return f;
  }
  for (const std::string& f : fallbacks) {
    if (!f.empty()) out.warnings.push_back(f);
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
    UseDesignBins(design, &*p);
    if (padded) PadPopulation(options.test_set_size, &*p);
    PairDifference& d = out.pairs[index];
    d.better = out.systems[i].name;
    d.worse = out.systems[j].name;
    const Sample sample = AnnotatedSample(*p, options.design, design);
    d.paired = static_cast<int>(sample.items.size());
    if (d.paired < 2) return;
    EstimatorSpec spec = options.estimator;
    if (spec.kind == EstimatorKind::kCvMetric &&
        std::find(p->metric_names.begin(), p->metric_names.end(), spec.metric) ==
            p->metric_names.end()) {
      spec = EstimatorSpec{};
    }
    // A difference of two scores in a range of width R lies in one of width 2R; its
    // variance prior is that of two independent scores.
    auto e = EstimateWithInterval(
        *p, sample, spec, options.bound, options.confidence, 2.0 * range, 2.0 * prior,
        DeriveSeed(options.seed, static_cast<uint64_t>(1000003 + i * systems + j)),
        options.bootstrap_replicates);
    if (!e.ok()) {
      pair_failures[index] = e.status();
      return;
    }
    ErrorInterval interval = e->interval;
    d.estimated = true;
    d.difference = e->estimate.value;
    if (sequence) {
      const double width = options.score_max - options.score_min;
      auto cs = SequenceOverServedPrefix(*p, table.segment_order, -width, width,
                                         options.confidence);
      if (!cs.ok()) {
        pair_failures[index] = cs.status();
        return;
      }
      d.difference = cs->value;
      interval = {cs->value - cs->lo, cs->hi - cs->value};
    }
    d.lo = d.difference - interval.below;
    d.hi = d.difference + interval.above;
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
    if (d.estimated && (options.lower_is_better ? d.difference > 0 : d.difference < 0)) {
      out.warnings.push_back(
          "'" + d.better + "' ranks above '" + d.worse +
          "', but on the segments both have annotated it scores " +
          (options.lower_is_better ? "higher (worse)" : "lower (worse)") +
          " (difference " + std::to_string(d.difference) +
          "): each system's estimate has its own control-variate fit and segments, the "
          "difference one fit on the shared segments; the two are within noise of each other "
          "unless the difference is separated");
    }
    if (which[k].second == which[k].first + 1) separated_after[which[k].first] = d.separated;
  }
  // The leaderboard.
  Leaderboard& board = out.board;
  board.model = std::string(DesignName(options.design)) + "+" + EstimatorName(options.estimator);
  board.confidence = options.confidence;
  // The replicates and seed behind the intervals (the audit found 0 and "0" while 1,000
  // bootstrap-t replicates were drawn).
  if (options.bound == BoundKind::kBootstrapT) {
    board.bootstrap_replicates = options.bootstrap_replicates;
    board.seed = options.seed;
  }
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
  // The ranks the intervals allow; no pairwise outcomes are counted here (the audit found
  // rank_lo = rank_hi = rank and wins, losses, ties "0" on every entry).
  SetRankRangesFromScoreIntervals(&board, options.lower_is_better);
  board.counts_outcomes = false;
  board.warnings = out.warnings;
  return out;
}

}  // namespace tourney
