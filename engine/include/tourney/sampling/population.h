// Population: one system's test set as the sampling designs and estimators see it
// (Saldías et al. 2022, §2): N segments, each with a document, a human score that is known
// for annotated segments only, and standardised automatic-metric scores (mean 0 and variance
// 1 over the test set, so that they serve directly as the control variates of eq. 3 and 4).
//
// Side information derived once per population: the mean of the standardised metrics,
// itself standardised (the control variate of `cv-mean` and the proxy that orders segments
// into metric bins), and metric bins of about `segments_per_bin` segments each, formed by
// sorting on that proxy and cutting into equal parts (§4.1: about 80).
// Thread safety: a Population is an immutable value once built.
#ifndef TOURNEY_SAMPLING_POPULATION_H_
#define TOURNEY_SAMPLING_POPULATION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"

namespace tourney {

struct PopulationOptions {
  int segments_per_bin = 80;  // metric bins: about this many segments each
};

struct Population {
  int size = 0;                // N
  std::vector<double> x;       // human scores; meaningful where known[i]
  std::vector<uint8_t> known;  // 1 where the human score is known (annotated)
  std::vector<int> segment;    // the segment each item is (ScoredSegments::segment_ids)
  std::vector<int> document;   // dense document index per item, 0..num_documents-1
  int num_documents = 0;
  std::vector<int> metric_bin;  // metric bin per item, 0..num_metric_bins-1
  int num_metric_bins = 0;
  int num_metrics = 0;  // M: metrics this system uses
  std::vector<std::string> metric_names;
  std::vector<double> z;       // standardised metrics, row-major N x M
  std::vector<double> z_mean;  // standardised mean of the standardised metrics (N)
  // E(Z Z^T) over the test set (M x M, row-major): the metrics' correlation matrix.
  std::vector<double> zz;

  double Z(int i, int m) const { return z[static_cast<size_t>(i) * num_metrics + m]; }
};

// The population of system `system` of `table`. InvalidArgument when the system has no rows.
// `known` marks annotated rows (in a simulation every row is annotated).
StatusOr<Population> MakePopulation(const ScoredSegments& table, int system,
                                    const PopulationOptions& options = {});

// The population of paired differences between systems a and b on the segments both have:
// x = x_a - x_b (known where both are annotated), metrics the differences of the metrics
// both use, standardised. Documents and metric bins as for one system. InvalidArgument when
// the systems share no segment.
StatusOr<Population> MakeDifferencePopulation(const ScoredSegments& table, int a, int b,
                                              const PopulationOptions& options = {});

// Standardises `values` in place over the whole vector (population variance); false, with
// the values set to 0, when they are constant.
bool Standardize(std::vector<double>* values);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_POPULATION_H_
