// The paper's simulation protocol (see tourney/experiments/sampling_study.h).
#include "tourney/experiments/sampling_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/sampling/finite_population_sequence.h"
#include "tourney/sampling/residual_sequence.h"
#include "tourney/sampling/sample_order.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {
namespace {

constexpr int kMaxListSize = 3000;
// The seed streams of the docs-prop orders read by cv-cs (Table 5 and --stopping).
constexpr uint64_t kCsStream = 0xC5C5;
constexpr uint64_t kDocsStopStream = 0xD0C5;

ResidualSequenceOptions CsOptions(const SamplingStudyOptions& o, double lowest, double range) {
  ResidualSequenceOptions r;
  r.confidence = o.confidence;
  r.lo = lowest;
  r.hi = lowest + range;
  r.target_share = o.cs_target_share;
  return r;
}

std::string RangeName(double r) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "hoeffding-r%g", r);
  return buffer;
}

// The confidence sequence's interval after the sampled items, taken in their order of
// drawing, around `value`. A population of constant scores is known exactly.
ErrorInterval SequenceInterval(const Population& p, const std::vector<int>& items, double lowest,
                               double range, double confidence, double value) {
  if (!(range > 0.0)) return {};
  auto seq = FinitePopulationSequence::Make(p.size, lowest, lowest + range, 1.0 - confidence);
  if (!seq.ok()) return {};
  for (int i : items) {
    if (!seq->Add(p.x[static_cast<size_t>(i)]).ok()) break;
  }
  return {value - seq->lower(), seq->upper() - value};
}

// Annotate until ±t: per (system, draw) one random order of the whole test set, scored in
// batches; after each batch every bound's interval is checked against every tolerance not yet
// reached. A run that never reaches t ends with the whole test set (the exact mean).
std::vector<StoppingResult> RunStopping(const std::vector<Population>& pops,
                                        const std::vector<std::unique_ptr<NeighbourLists>>& lists,
                                        const std::vector<double>& truth,
                                        const std::vector<double>& lowest,
                                        const std::vector<double>& range, double prior,
                                        const SamplingStudyOptions& options, ThreadPool& pool) {
  // Bounds 0-2 read a random order with the plain mean; 3-4 a docs-prop order with cv-knn.
  const char* const kBounds[] = {"clt", "bootstrap-t", "betting-cs", "bootstrap-t", "cv-cs"};
  constexpr int kNumBounds = 5;
  const std::vector<double>& tolerances = options.stopping_tolerances;
  const int num_t = static_cast<int>(tolerances.size());
  const int systems = static_cast<int>(pops.size());
  const int draws = options.draws;
  const int every = std::max(1, options.stopping_every);
  const int64_t runs = int64_t{systems} * draws;
  // Per run, bound and tolerance: covered at the stop, stopped early, share scored.
  std::vector<double> covered(runs * kNumBounds * num_t), early(runs * kNumBounds * num_t),
      share(runs * kNumBounds * num_t);
  pool.ParallelFor(runs, [&](int64_t run, int) {
    if (options.cancelled && options.cancelled()) return;  // the caller returns Cancelled
    const int s = static_cast<int>(run / draws);
    const int d = static_cast<int>(run % draws);
    const Population& p = pops[s];
    const uint64_t run_seed = DeriveSeed(DeriveSeed(DeriveSeed(options.seed, s), 0x570B), d);
    // Records the stop of every tolerance not yet reached by bound b with interval [lo, hi]
    // after n scores.
    std::vector<uint8_t> done(kNumBounds * num_t, 0);
    auto check = [&](int b, int n, double lo, double hi) {
      int open = 0;
      for (int j = 0; j < num_t; ++j) {
        const int slot = b * num_t + j;
        if (done[slot]) continue;
        if (hi - lo > 2.0 * tolerances[j] && n < p.size) {
          ++open;
          continue;
        }
        done[slot] = 1;
        const int64_t at = run * kNumBounds * num_t + slot;
        // (1e-9: at the whole test set an interval is the mean itself, up to rounding.)
        covered[at] = lo - 1e-9 <= truth[s] && truth[s] <= hi + 1e-9;
        early[at] = n < p.size;
        share[at] = 100.0 * n / p.size;
      }
      return open;
    };
    {
      Rng rng(run_seed);
      // The whole test set in random order: every prefix is a simple random sample.
      auto order = DrawSample(p, Design::kRandom, p.size, rng);
      if (!order.ok()) return;
      std::optional<FinitePopulationSequence> seq;
      if (range[s] > 0.0) {
        auto made = FinitePopulationSequence::Make(p.size, lowest[s], lowest[s] + range[s],
                                                   1.0 - options.confidence);
        if (made.ok()) seq = std::move(*made);
      }
      int open = 3 * num_t;
      Sample prefix;
      for (int n = 0; n < p.size && open > 0;) {
        const int next = std::min(p.size, n + every);
        for (; n < next; ++n) {
          prefix.items.push_back(order->items[n]);
          if (seq) (void)seq->Add(p.x[static_cast<size_t>(order->items[n])]);
        }
        if (n < 2 && n < p.size) continue;
        auto e = EstimateMean(p, prefix, EstimatorSpec{}, nullptr);
        if (!e.ok()) return;
        FloorVariance(prior, 1.0, &*e);
        open = 0;
        for (int b = 0; b < 3; ++b) {
          double lo = e->value, hi = e->value;
          if (b < 2) {
            const ErrorInterval iv =
                IntervalOf(b == 0 ? BoundKind::kClt : BoundKind::kBootstrapT, *e,
                           options.confidence, range[s], DeriveSeed(run_seed, n),
                           options.bootstrap_replicates);
            lo -= iv.below;
            hi += iv.above;
          } else if (seq) {
            lo = seq->lower();
            hi = seq->upper();
          }
          open += check(b, n, lo, hi);
        }
      }
    }
    {
      // The docs-prop order (as a scoring campaign serves it) with the k-NN control variate.
      Rng rng(DeriveSeed(run_seed, kDocsStopStream));
      const std::vector<int> order = ServingOrder(p.document, p.num_documents, Design::kDocsProp, rng);
      std::optional<ResidualSequence> seq;
      if (range[s] > 0.0) {
        auto made = ResidualSequence::Make(p, CsOptions(options, lowest[s], range[s]),
                                           lists[s].get());
        if (made.ok()) seq = std::move(*made);
      }
      EstimatorSpec knn;
      knn.kind = EstimatorKind::kCvKnn;
      int open = 2 * num_t;
      Sample prefix;
      prefix.strata = Strata::kDocuments;
      for (int n = 0; n < p.size && open > 0;) {
        const int next = std::min(p.size, n + every);
        for (; n < next; ++n) {
          prefix.items.push_back(order[n]);
          if (seq) (void)seq->Add(order[n], p.x[static_cast<size_t>(order[n])]);
        }
        if (n < 3 && n < p.size) continue;
        open = 0;
        bool bootstrap_open = false;
        for (int j = 0; j < num_t; ++j) bootstrap_open = bootstrap_open || !done[3 * num_t + j];
        if (bootstrap_open) {
          auto e = EstimateMean(p, prefix, knn, lists[s].get());
          if (!e.ok()) return;
          FloorVariance(prior, 1.0, &*e);
          const ErrorInterval iv =
              IntervalOf(BoundKind::kBootstrapT, *e, options.confidence, range[s],
                         DeriveSeed(DeriveSeed(run_seed, kDocsStopStream), n),
                         options.bootstrap_replicates);
          open += check(3, n, e->value - iv.below, e->value + iv.above);
        }
        if (seq) {
          open += check(4, n, seq->lower(), seq->upper());
        } else {
          open += check(4, n, truth[s], truth[s]);
        }
      }
    }
  });
  std::vector<StoppingResult> out;
  for (int b = 0; b < kNumBounds; ++b) {
    for (int j = 0; j < num_t; ++j) {
      StoppingResult r;
      r.bound = kBounds[b];
      r.method = b < 3 ? "baseline" : "docs-prop+cv-knn";
      r.tolerance = tolerances[j];
      for (int64_t run = 0; run < runs; ++run) {
        const int64_t at = run * kNumBounds * num_t + b * num_t + j;
        r.coverage += covered[at];
        r.reached += early[at];
        r.segments_pct += share[at];
      }
      // Counts divided once (100/runs times a count is not exactly 100 for every runs).
      r.coverage = 100.0 * r.coverage / static_cast<double>(runs);
      r.reached = 100.0 * r.reached / static_cast<double>(runs);
      r.segments_pct /= runs;
      out.push_back(r);
    }
  }
  return out;
}

// Table 5's cv-cs rows for `method`: per (system, draw) one docs-prop order read by the
// residual sequence up to the largest size, its interval taken at every size.
std::vector<BoundResult> SequenceRows(const std::vector<Population>& pops,
                                      const std::vector<std::unique_ptr<NeighbourLists>>& lists,
                                      const std::vector<double>& truth,
                                      const std::vector<double>& lowest,
                                      const std::vector<double>& range,
                                      const SamplingStudyOptions& options,
                                      const std::string& method, ThreadPool& pool) {
  const int systems = static_cast<int>(pops.size());
  const int sizes = static_cast<int>(options.sizes_pct.size());
  const int draws = options.draws;
  const int64_t runs = int64_t{systems} * draws;
  std::vector<double> lo(runs * sizes), hi(runs * sizes), centre(runs * sizes);
  pool.ParallelFor(runs, [&](int64_t run, int) {
    if (options.cancelled && options.cancelled()) return;  // the caller returns Cancelled
    const int s = static_cast<int>(run / draws);
    const int d = static_cast<int>(run % draws);
    const Population& p = pops[s];
    std::vector<int> at(sizes);
    int largest = 0;
    for (int z = 0; z < sizes; ++z) {
      at[z] = std::clamp(static_cast<int>(std::lround(p.size * options.sizes_pct[z] / 100.0)), 2,
                         p.size);
      largest = std::max(largest, at[z]);
    }
    for (int z = 0; z < sizes; ++z) {
      lo[run * sizes + z] = hi[run * sizes + z] = centre[run * sizes + z] = truth[s];
    }
    if (!(range[s] > 0.0)) return;  // constant scores: known exactly
    auto seq = ResidualSequence::Make(p, CsOptions(options, lowest[s], range[s]), lists[s].get());
    if (!seq.ok()) return;
    Rng rng(DeriveSeed(DeriveSeed(DeriveSeed(options.seed, s), kCsStream), d));
    const std::vector<int> order = ServingOrder(p.document, p.num_documents, Design::kDocsProp, rng);
    for (int n = 1; n <= largest; ++n) {
      const int item = order[n - 1];
      (void)seq->Add(item, p.x[static_cast<size_t>(item)]);
      for (int z = 0; z < sizes; ++z) {
        if (at[z] != n) continue;
        lo[run * sizes + z] = seq->lower();
        hi[run * sizes + z] = seq->upper();
        centre[run * sizes + z] = seq->estimate();
      }
    }
  });
  std::vector<BoundResult> out;
  for (int z = 0; z < sizes; ++z) {
    BoundResult r;
    r.name = "cv-cs";
    r.method = method;
    r.size_pct = options.sizes_pct[z];
    for (int64_t run = 0; run < runs; ++run) {
      const int s = static_cast<int>(run / draws);
      const int64_t k = run * sizes + z;
      const double t = 0.5 * (hi[k] - lo[k]);
      r.coverage += lo[k] - 1e-9 <= truth[s] && truth[s] <= hi[k] + 1e-9;
      r.slack += t - std::fabs(centre[k] - truth[s]);
      r.t += t;
    }
    r.coverage = 100.0 * r.coverage / static_cast<double>(runs);
    r.slack /= runs;
    r.t /= runs;
    r.width = 2.0 * r.t;
    out.push_back(r);
  }
  return out;
}

}  // namespace

StatusOr<StudyMethod> ParseStudyMethod(const std::string& name) {
  StudyMethod m;
  m.name = name;
  if (name == "baseline") return m;
  const size_t plus = name.find('+');
  std::string design = name, estimator;
  // An estimator alone starts with "cv-" (a metric name may hold '+': cv-parchrf++).
  if (name.rfind("cv-", 0) == 0) {
    design = "random";
    estimator = name;
  } else if (plus != std::string::npos) {
    design = name.substr(0, plus);
    estimator = name.substr(plus + 1);
  }
  auto d = ParseDesign(design);
  if (!d.ok()) return InvalidArgument("method '" + name + "': " + d.status().message());
  m.design = *d;
  if (!estimator.empty()) {
    auto e = ParseEstimator(estimator);
    if (!e.ok()) return InvalidArgument("method '" + name + "': " + e.status().message());
    m.estimator = *e;
  }
  return m;
}

bool MethodReadsMetrics(const StudyMethod& method) {
  return method.estimator.kind != EstimatorKind::kMean || method.design == Design::kDocsOpt ||
         method.design == Design::kDocsIncrMetrics ||
         DesignStrata(method.design) == Strata::kMetricBins;
}

bool StudyReadsMetrics(const SamplingStudyOptions& options) {
  if (options.methods.empty() || !options.stopping_tolerances.empty()) return true;
  for (const std::string& name : options.methods) {
    auto method = ParseStudyMethod(name);
    if (!method.ok() || MethodReadsMetrics(*method)) return true;
  }
  return false;
}

std::vector<std::string> PaperMethods(const std::vector<std::string>& metric_names) {
  std::vector<std::string> out = {"baseline",     "docs-prop",         "docs-opt",
                                  "metrics-prop", "docs-incr-metrics", "docs-incr-human"};
  for (const std::string& m : metric_names) out.push_back("cv-" + m);
  for (const char* m :
       {"cv-mean", "cv-multi", "cv-knn", "docs-prop+cv-knn", "metrics-prop+cv-knn"}) {
    out.push_back(m);
  }
  return out;
}

StatusOr<SamplingStudyResult> RunSamplingStudy(const ScoredSegments& table,
                                               const SamplingStudyOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (options.draws < 2) return InvalidArgument("draws: at least 2");
  for (double t : options.stopping_tolerances) {
    if (!(t > 0.0) || !std::isfinite(t)) return InvalidArgument("stopping tolerance: a number > 0");
  }
  if (options.stopping_every < 1) return InvalidArgument("stopping batch: at least 1 segment");
  if (!(options.cs_target_share > 0.0 && options.cs_target_share <= 1.0)) {
    return InvalidArgument("cv-cs target share: in (0, 1]");
  }
  if (!(options.confidence > 0 && options.confidence < 1)) {
    return InvalidArgument("confidence: in (0, 1)");
  }
  if (options.sizes_pct.empty()) return InvalidArgument("sizes: at least one");
  for (double s : options.sizes_pct) {
    if (!(s > 0 && s <= 100)) return InvalidArgument("sizes: each in (0, 100]");
  }
  std::vector<std::string> names =
      options.methods.empty() ? PaperMethods(table.metric_names) : options.methods;
  names.erase(std::remove(names.begin(), names.end(), "baseline"), names.end());
  names.insert(names.begin(), "baseline");
  std::vector<StudyMethod> methods;
  for (const std::string& n : names) {
    auto m = ParseStudyMethod(n);
    if (!m.ok()) return m.status();
    methods.push_back(*m);
  }
  const int num_methods = static_cast<int>(methods.size());
  int bound_method = -1;
  for (int k = 0; k < num_methods; ++k) {
    if (methods[k].name == options.bound_method) bound_method = k;
  }
  std::vector<int> bound_methods = {0};
  if (bound_method > 0) bound_methods.push_back(bound_method);
  // Bounds: hoeffding (true range), the fixed range, bernstein, clt, clt-t.
  struct BoundSpec {
    std::string name;
    BoundKind kind;
    double fixed_range;    // 0: the population's range
    bool sequence = false;  // the baseline's sample in its order of drawing, as a sequence
  };
  std::vector<BoundSpec> bound_specs = {{"hoeffding", BoundKind::kHoeffding, 0.0}};
  if (options.fixed_range > 0) {
    bound_specs.push_back(
        {RangeName(options.fixed_range), BoundKind::kHoeffding, options.fixed_range});
  }
  bound_specs.push_back({"bernstein", BoundKind::kBernstein, 0.0});
  bound_specs.push_back({"clt", BoundKind::kClt, 0.0});
  bound_specs.push_back({"clt-t", BoundKind::kCltT, 0.0});
  bound_specs.push_back({"bootstrap-t", BoundKind::kBootstrapT, 0.0});
  // The without-replacement confidence sequence (finite_population_sequence.h) over the
  // population's range: valid at every sample size at once, for the baseline only (a
  // uniformly random order of drawing, the plain mean).
  bound_specs.push_back({"betting-cs", BoundKind::kBettingCs, 0.0, true});
  const int num_bounds = static_cast<int>(bound_specs.size());

  // Populations: every system with every segment annotated.
  const int systems = static_cast<int>(table.systems.size());
  std::vector<Population> pops(systems);
  for (int s = 0; s < systems; ++s) {
    const SystemSegments& sys = table.systems[s];
    if (sys.num_annotated() != sys.size()) {
      return InvalidArgument("system '" + sys.name +
                             "': " + std::to_string(sys.size() - sys.num_annotated()) +
                             " segments without a human score (the study needs every score)");
    }
    if (sys.size() < 2) return InvalidArgument("system '" + sys.name + "': fewer than 2 segments");
    // A size is reported by its label: refuse one whose sample is not that size (fewer
    // than 2 segments would be raised to 2: --sizes 0.01 once labelled a 0.14% sample 0.01%).
    for (double pct : options.sizes_pct) {
      if (std::lround(sys.size() * pct / 100.0) < 2) {
        char label[32];
        std::snprintf(label, sizeof label, "%g", pct);
        return InvalidArgument("sizes: " + std::string(label) + "% of system '" + sys.name +
                               "''s " + std::to_string(sys.size()) +
                               " segments is fewer than 2 segments");
      }
    }
    auto p = MakePopulation(table, s, options.population);
    if (!p.ok()) return p.status();
    pops[s] = std::move(*p);
  }
  bool need_lists = false;
  for (const StudyMethod& m : methods) {
    need_lists = need_lists || m.estimator.kind == EstimatorKind::kCvKnn ||
                 m.design == Design::kDocsIncrMetrics;
  }
  need_lists = need_lists || !options.stopping_tolerances.empty();
  ThreadPool pool(options.threads);
  std::vector<std::unique_ptr<NeighbourLists>> lists(systems);
  std::vector<double> truth(systems), range(systems), lowest(systems);
  // The variance floor of `tourney estimate` (FloorVariance with the pooled within-system
  // variance of the table's scores): here every score is known, so the pooled variance of
  // the whole populations, which the table's converges to.
  std::vector<const Population*> all_pops;
  for (const Population& p : pops) all_pops.push_back(&p);
  const double prior = PooledScoreVariance(all_pops, 0.0);
  pool.ParallelFor(systems, [&](int64_t s, int) {
    truth[s] = PopulationMean(pops[s]);
    const auto [lo, hi] = std::minmax_element(pops[s].x.begin(), pops[s].x.end());
    range[s] = *hi - *lo;
    lowest[s] = *lo;
    // Lists take 4·N² bytes (8 MB at N = 1418); larger test sets fit directly.
    if (need_lists && pops[s].size <= kMaxListSize) {
      lists[s] = std::make_unique<NeighbourLists>(pops[s]);
    }
  });
  // Per (system, method) the estimator: a cv-<metric> whose metric is constant for a system
  // (dropped by the reader) is the plain mean there, since the metric carries nothing.
  std::vector<EstimatorSpec> estimators;
  for (int s = 0; s < systems; ++s) {
    for (const StudyMethod& m : methods) {
      EstimatorSpec e = m.estimator;
      if (e.kind == EstimatorKind::kCvMetric &&
          std::find(pops[s].metric_names.begin(), pops[s].metric_names.end(), e.metric) ==
              pops[s].metric_names.end()) {
        bool known = false;
        for (const std::string& name : table.metric_names) known = known || name == e.metric;
        if (!known) return InvalidArgument("method '" + m.name + "': no metric '" + e.metric + "'");
        e.kind = EstimatorKind::kMean;
      }
      estimators.push_back(e);
    }
  }
  // Designs used, in order of first use.
  std::vector<Design> designs;
  std::vector<int> design_of(num_methods);
  for (int k = 0; k < num_methods; ++k) {
    auto it = std::find(designs.begin(), designs.end(), methods[k].design);
    design_of[k] = static_cast<int>(it - designs.begin());
    if (it == designs.end()) designs.push_back(methods[k].design);
  }
  const int sizes = static_cast<int>(options.sizes_pct.size());
  const int draws = options.draws;
  const int64_t tasks = int64_t{systems} * sizes * draws;
  const int nb = static_cast<int>(bound_methods.size());
  std::vector<double> error(tasks * num_methods, 0.0);
  // Per bound: how far the interval reaches below and above the estimate.
  std::vector<double> below(tasks * nb * num_bounds, 0.0), above(tasks * nb * num_bounds, 0.0);
  std::vector<Status> failures(tasks);
  pool.ParallelFor(tasks, [&](int64_t task, int) {
    if (options.cancelled && options.cancelled()) {
      failures[task] = Cancelled("the sampling study was cancelled");
      return;
    }
    const int s = static_cast<int>(task / (int64_t{sizes} * draws));
    const int z = static_cast<int>(task / draws % sizes);
    const int d = static_cast<int>(task % draws);
    const Population& p = pops[s];
    const int n =
        std::clamp(static_cast<int>(std::lround(p.size * options.sizes_pct[z] / 100.0)), 2, p.size);
    const uint64_t task_seed = DeriveSeed(DeriveSeed(options.seed, static_cast<uint64_t>(s)),
                                          static_cast<uint64_t>(z) * draws + d);
    std::vector<Sample> samples(designs.size());
    for (size_t k = 0; k < designs.size(); ++k) {
      Rng rng(DeriveSeed(task_seed, static_cast<uint64_t>(designs[k])));
      auto sample = DrawSample(p, designs[k], n, rng, options.design, lists[s].get());
      if (!sample.ok()) {
        failures[task] = sample.status();
        return;
      }
      samples[k] = std::move(*sample);
    }
    for (int k = 0; k < num_methods; ++k) {
      auto e =
          EstimateMean(p, samples[design_of[k]], estimators[s * num_methods + k], lists[s].get());
      if (!e.ok()) {
        failures[task] = e.status();
        return;
      }
      FloorVariance(prior, 1.0, &*e);  // as `tourney estimate` and the campaigns do
      error[task * num_methods + k] = e->value - truth[s];
      for (int b = 0; b < nb; ++b) {
        if (bound_methods[b] != k) continue;
        for (int j = 0; j < num_bounds; ++j) {
          if (bound_specs[j].sequence) {
            if (k != 0) continue;
            const ErrorInterval interval = SequenceInterval(
                p, samples[design_of[k]].items, lowest[s], range[s], options.confidence, e->value);
            below[(task * nb + b) * num_bounds + j] = interval.below;
            above[(task * nb + b) * num_bounds + j] = interval.above;
            continue;
          }
          const double r = bound_specs[j].fixed_range > 0 ? bound_specs[j].fixed_range : range[s];
          const ErrorInterval interval = IntervalOf(
              bound_specs[j].kind, *e, options.confidence, r,
              DeriveSeed(task_seed, 1000 + static_cast<uint64_t>(k)), options.bootstrap_replicates);
          below[(task * nb + b) * num_bounds + j] = interval.below;
          above[(task * nb + b) * num_bounds + j] = interval.above;
        }
      }
    }
  });
  for (const Status& f : failures) {
    if (!f.ok()) return f;
  }

  SamplingStudyResult result;
  for (const SystemSegments& sys : table.systems) result.systems.push_back(sys.name);
  result.sizes_pct = options.sizes_pct;
  result.draws = draws;
  result.seed = options.seed;
  result.confidence = options.confidence;
  // Per (method, system, size): mean |error|, its sd, mean signed error.
  auto cell = [&](int k, int s, int z, double* mean_abs, double* sd, double* bias) {
    double sum = 0.0, sum2 = 0.0, signed_sum = 0.0;
    for (int d = 0; d < draws; ++d) {
      const double e = error[((int64_t{s} * sizes + z) * draws + d) * num_methods + k];
      sum += std::fabs(e);
      sum2 += e * e;
      signed_sum += e;
    }
    *mean_abs = sum / draws;
    *sd = std::sqrt(std::max(0.0, (sum2 - sum * sum / draws) / (draws - 1)));
    *bias = signed_sum / draws;
  };
  for (int k = 0; k < num_methods; ++k) {
    MethodResult r;
    r.name = methods[k].name;
    int wins_all = 0;
    for (int z = 0; z < sizes; ++z) {
      double abs_sum = 0.0, sd_sum = 0.0, bias_sum = 0.0;
      int wins = 0;
      for (int s = 0; s < systems; ++s) {
        double m, sd, b, m0, sd0, b0;
        cell(k, s, z, &m, &sd, &b);
        cell(0, s, z, &m0, &sd0, &b0);
        abs_sum += m;
        sd_sum += sd;
        bias_sum += b;
        // A win is a smaller error by more than rounding (at n = N both are ~1e-16).
        if (k > 0 && m < m0 - 1e-12 * (1.0 + range[s])) ++wins;
      }
      r.abs_error.push_back(abs_sum / systems);
      r.sdev.push_back(sd_sum / systems);
      r.bias.push_back(bias_sum / systems);
      r.win_pct.push_back(100.0 * wins / systems);
      wins_all += wins;
      r.abs_error_all += abs_sum / systems / sizes;
      r.sdev_all += sd_sum / systems / sizes;
      r.bias_all += bias_sum / systems / sizes;
    }
    r.win_pct_all = 100.0 * wins_all / (double(systems) * sizes);
    result.methods.push_back(std::move(r));
  }
  for (int b = 0; b < nb; ++b) {
    for (int j = 0; j < num_bounds; ++j) {
      if (bound_specs[j].sequence && bound_methods[b] != 0) continue;
      for (int z = 0; z < sizes; ++z) {
        BoundResult r;
        r.name = bound_specs[j].name;
        r.method = methods[bound_methods[b]].name;
        r.size_pct = options.sizes_pct[z];
        // Coverage from the count of covering draws, divided once: a sum of per-system
        // shares gave 100.00000000000001 where every draw covered.
        int64_t covering = 0;
        for (int s = 0; s < systems; ++s) {
          double covered = 0.0, slack = 0.0, t = 0.0;
          for (int d = 0; d < draws; ++d) {
            const int64_t task = (int64_t{s} * sizes + z) * draws + d;
            const double err = error[task * num_methods + bound_methods[b]];
            const double e = std::fabs(err);
            const double lo = below[(task * nb + b) * num_bounds + j];
            const double hi = above[(task * nb + b) * num_bounds + j];
            const double tb = 0.5 * (lo + hi);
            // The truth (estimate - error) is inside [estimate - lo, estimate + hi].
            covered += -hi <= err && err <= lo;
            slack += tb - e;
            t += tb;
          }
          covering += static_cast<int64_t>(covered);
          r.slack += slack / draws / systems;
          r.t += t / draws / systems;
        }
        r.coverage = 100.0 * static_cast<double>(covering) / (static_cast<double>(draws) * systems);
        r.width = 2.0 * r.t;
        result.bounds.push_back(r);
      }
    }
  }
  if (bound_method > 0 && methods[bound_method].design == Design::kDocsProp &&
      methods[bound_method].estimator.kind == EstimatorKind::kCvKnn) {
    for (BoundResult& r : SequenceRows(pops, lists, truth, lowest, range, options,
                                       methods[bound_method].name, pool)) {
      result.bounds.push_back(std::move(r));
    }
  }
  if (!options.stopping_tolerances.empty()) {
    result.stopping = RunStopping(pops, lists, truth, lowest, range, prior, options, pool);
  }
  // The sequence rows and the stopping runs skip their work once cancelled.
  if (options.cancelled && options.cancelled()) {
    return Cancelled("the sampling study was cancelled");
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tourney
