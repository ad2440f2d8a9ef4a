// Sampling designs: which n of a test set's N segments to annotate (Saldías et al. 2022,
// §2.1). Every design samples without replacement and draws its randomness from the Rng it
// is given, so that a seed fixes the sample.
//
//   random             simple random sampling
//   docs-prop          stratified by document, proportional allocation n_l ∝ N_l
//   docs-opt           stratified by document, optimal (Neyman) allocation n_l ∝ N_l·σ̂_l
//                      with σ̂_l the spread of the averaged standardised metrics in the bin
//   metrics-prop       stratified by metric bins (about 80 segments each), proportional
//   metrics-opt        stratified by metric bins, optimal allocation as docs-opt
//   docs-incr-human    incremental: the sample grows in batches, each batch allocated over
//                      documents ∝ (N_l − n_l)·σ̂_l with σ̂_l² the sample variance of the
//                      scores already in the bin shrunk towards the pooled variance (which
//                      counts as 2 scores): a bin whose first scores agree is not starved
//   docs-incr-metrics  incremental as above, σ̂_l the sd of a k-NN (k = 25) prediction of the
//                      unscored segments of the bin learned on all scores so far
// Allocation uses the paper's rounding and reallocation (allocation.h); within a stratum the
// segments are a simple random sample. The first batch of an incremental design is
// proportional. The fixed designs (random, docs-*, metrics-*) round the ideal allocation
// without bias (allocation.h, RoundAllocationUnbiased): a stratum whose share is below one
// segment is drawn with probability equal to its share, so every segment keeps a positive
// inclusion probability π_i = n'_l / N_l (n'_l the stratum's ideal, real-valued size), and
// the sample records it; the estimators weigh each item by 1/π_i (estimator.h), which is
// unbiased whichever strata the rounding leaves empty. The optimal designs floor each
// stratum's spread at kMinStratumSpread (the metrics are standardised, so 1 is the test
// set's spread): a stratum of one segment, or of equal proxies, would otherwise get no
// segment ever. The incremental designs learn from the scores as they arrive and record no
// inclusion probabilities; their estimates are biased, and the study measures it
// (experiments/sampling_study.h).
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_DESIGN_H_
#define TOURNEY_SAMPLING_DESIGN_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/core/status.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/population.h"

namespace tourney {

enum class Design {
  kRandom,
  kDocsProp,
  kDocsOpt,
  kMetricsProp,
  kMetricsOpt,
  kDocsIncrHuman,
  kDocsIncrMetrics,
};

// "random" (or "baseline"), "docs-prop", ...; InvalidArgument naming the choices otherwise.
StatusOr<Design> ParseDesign(std::string_view name);
std::string_view DesignName(Design design);
// The names ParseDesign accepts, comma-separated.
std::string DesignNames();

// How a sample's items were stratified: the estimator weighs strata by this.
enum class Strata { kNone, kDocuments, kMetricBins };
Strata DesignStrata(Design design);

struct Sample {
  std::vector<int> items;  // population indices, in the order drawn
  Strata strata = Strata::kNone;
  // The design's inclusion probability of each item (parallel to `items`), or empty when
  // the design does not know it (incremental designs, a table without a recorded design):
  // the estimators then weigh the strata by their sampled sizes (estimator.h).
  std::vector<double> inclusion;
};

// Optimal (Neyman) allocation: a stratum's spread counts as at least this (in units of the
// standardised proxy's spread over the test set).
inline constexpr double kMinStratumSpread = 0.25;

struct DesignOptions {
  int batches = 5;         // incremental designs: the sample grows in this many batches
  int knn_k = kPaperKnnK;  // docs-incr-metrics
};

// Draws n items of `p`. Incremental designs read the human scores of the items they have
// drawn (p.known must hold for every item: a simulation), and use `lists` when given
// (faster, same result). InvalidArgument when n is outside 1..N, or an incremental design
// meets an item without a known score.
StatusOr<Sample> DrawSample(const Population& p, Design design, int n, Rng& rng,
                            const DesignOptions& options = {},
                            const NeighbourLists* lists = nullptr);

// The inclusion probability of every item of `p` (indexed like p.x) when a fixed design
// (random, docs-prop, docs-opt, metrics-prop, metrics-opt) draws n items: n/N for random,
// n'_l/N_l for the stratified designs (design.h above). InvalidArgument for an incremental
// design or n outside 1..N.
StatusOr<std::vector<double>> InclusionProbabilities(const Population& p, Design design, int n);

// The stratum of item i under `strata` (0 for kNone) and the number of strata. Inline:
// estimators and designs call it for every item of every draw.
inline int StratumOf(const Population& p, Strata strata, int i) {
  switch (strata) {
    case Strata::kDocuments:
      return p.document[i];
    case Strata::kMetricBins:
      return p.metric_bin[i];
    default:
      return 0;
  }
}
inline int NumStrata(const Population& p, Strata strata) {
  switch (strata) {
    case Strata::kDocuments:
      return p.num_documents;
    case Strata::kMetricBins:
      return p.num_metric_bins;
    default:
      return 1;
  }
}

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_DESIGN_H_
