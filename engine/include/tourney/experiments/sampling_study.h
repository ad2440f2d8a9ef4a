// The simulation protocol of Saldías et al. (2022), §4: for every system (one simulation
// each), every sample size (a share of the test set) and every draw, each method samples the
// test set and estimates its mean human score; the error against the true mean is averaged.
//
// A method is a design and an estimator (design.h, estimator.h), named as in the paper:
// `baseline` (random sampling, sample mean), a design name (`docs-prop`, `docs-opt`,
// `metrics-prop`, `metrics-opt`, `docs-incr-metrics`, `docs-incr-human`) with the (stratified)
// mean, an estimator name (`cv-<metric>`, `cv-mean`, `cv-multi`, `cv-knn`) with random
// sampling, or `DESIGN+ESTIMATOR` (`docs-prop+cv-knn`). In one draw every method with the
// same design estimates from the same sample (common random numbers).
//
// Per (system, size) a method's absolute error and its sd are taken over the draws; a win
// is a (system, size) whose mean absolute error is below the baseline's. Per size, the
// figures are averaged over systems (Tables 1–4, Figure 4); aggregated, averaged over sizes
// too. Error bounds (Table 5) are evaluated for the baseline and for `bound_method`: at each
// size, coverage (share of draws whose error is within the bound), slack (bound − error)
// and the bound t, averaged over systems.
//
// Draw d of size s for system k uses the seed DeriveSeed(DeriveSeed(seed, k), s·draws + d)
// (and a sub-stream per design), so results do not depend on the thread count.
// Thread safety: RunSamplingStudy is reentrant.
#ifndef TOURNEY_EXPERIMENTS_SAMPLING_STUDY_H_
#define TOURNEY_EXPERIMENTS_SAMPLING_STUDY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/estimator.h"

namespace tourney {

struct StudyMethod {
  std::string name;
  Design design = Design::kRandom;
  EstimatorSpec estimator;
};

// "baseline", "docs-prop", "cv-knn", "docs-prop+cv-knn", ...; InvalidArgument otherwise.
StatusOr<StudyMethod> ParseStudyMethod(const std::string& name);

// The paper's methods for a table with these metrics (one cv-<metric> per metric).
std::vector<std::string> PaperMethods(const std::vector<std::string>& metric_names);

// True when `method` reads the metric columns: a control-variate estimator, or a design
// that allocates by them (docs-opt, metrics-prop, metrics-opt, docs-incr-metrics).
bool MethodReadsMetrics(const StudyMethod& method);

struct SamplingStudyOptions {
  std::vector<std::string> methods;  // empty: PaperMethods; `baseline` is always added first
  std::vector<double> sizes_pct = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50};
  int draws = 100;
  uint64_t seed = 1;
  int threads = 1;  // <= 0: one per hardware thread
  double confidence = 0.95;
  // Table 5's oracle Hoeffding range (the paper's R = 4 for en-de); 0: not evaluated.
  double fixed_range = 0.0;
  std::string bound_method = "docs-prop+cv-knn";  // bounds for it and the baseline
  int bootstrap_replicates = 200;                 // bootstrap-t resamples per draw
  // Annotate until ±t (StoppingResult): for each tolerance t > 0, `draws` random orders of
  // each system's test set are scored in batches of `stopping_every`; after each batch the
  // interval is checked and scoring stops once it is at most 2t wide. Empty: not run.
  std::vector<double> stopping_tolerances;
  int stopping_every = 20;
  // cv-cs (residual_sequence.h): where its mixture is tightest, as a share of the test set.
  double cs_target_share = 0.25;
  PopulationOptions population;
  DesignOptions design;
  // Polled before every draw, from the workers: once it returns true (and it must keep
  // returning true then, as an atomic flag does), the draws left are skipped and the study
  // returns Cancelled. Unset: never cancelled.
  std::function<bool()> cancelled;
};

// True when the study `options` describes reads the metric columns: one of its methods
// does (the paper's methods when options.methods is empty, which include cv-<metric>), or
// stopping runs are asked for (their docs-prop orders are estimated with cv-knn). A study
// that reads none has no use for the table's warnings about its metrics.
bool StudyReadsMetrics(const SamplingStudyOptions& options);

struct MethodResult {
  std::string name;
  std::vector<double> abs_error;  // per size
  std::vector<double> sdev;       // per size
  std::vector<double> win_pct;    // per size (the baseline's is 0)
  std::vector<double> bias;       // per size: mean signed error (estimate - truth)
  double abs_error_all = 0.0;     // averaged over sizes
  double sdev_all = 0.0;
  double win_pct_all = 0.0;
  double bias_all = 0.0;
};

struct BoundResult {
  std::string name;    // "hoeffding", "hoeffding-r4", "bernstein", "clt", "clt-t", "bootstrap-t",
                       // "betting-cs" (the baseline only), "cv-cs" (bound_method only, when it
                       // is docs-prop+cv-knn: per draw one docs-prop order read at every size)
  std::string method;  // the estimator's method
  double size_pct = 0.0;
  double coverage = 0.0;  // share of draws whose interval holds the truth, in percent
  double slack = 0.0;     // mean of t - |error|
  double t = 0.0;         // mean half-width (half the width for bootstrap-t's asymmetric one)
  double width = 0.0;     // mean interval width (2t)
};

// Annotate until ±t with an interval checked after every batch (a data-dependent stopping
// time): clt and bootstrap-t (random sampling, the plain mean) hold their level only at a
// fixed size, so peeking erodes it; betting-cs is a confidence sequence and keeps it. The
// same runs are repeated in the docs-prop order (sample_order.h, its own seed per run) for
// bootstrap-t with docs-prop+cv-knn and for cv-cs (residual_sequence.h).
struct StoppingResult {
  std::string bound;          // "clt", "bootstrap-t", "betting-cs" or "cv-cs"
  std::string method;         // the order and estimator: "baseline" or "docs-prop+cv-knn"
  double tolerance = 0.0;     // t
  double coverage = 0.0;      // % of runs whose interval at the stop holds the truth
  double reached = 0.0;       // % of runs that stopped before scoring the whole test set
  double segments_pct = 0.0;  // mean share of the test set scored at the stop, in percent
};

struct SamplingStudyResult {
  std::vector<std::string> systems;
  std::vector<double> sizes_pct;
  int draws = 0;
  uint64_t seed = 0;
  double confidence = 0.0;
  std::vector<MethodResult> methods;  // baseline first
  std::vector<BoundResult> bounds;
  std::vector<StoppingResult> stopping;  // per bound, per tolerance (options' order)
  double seconds = 0.0;  // wall-clock time of the protocol
};

// Runs the protocol on every system of `table` whose every segment is annotated.
// InvalidArgument for an unknown method, a size outside (0, 100], draws < 2, or a system with
// unannotated segments or fewer than 2 segments; Cancelled when options.cancelled said so.
StatusOr<SamplingStudyResult> RunSamplingStudy(const ScoredSegments& table,
                                               const SamplingStudyOptions& options);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_SAMPLING_STUDY_H_
