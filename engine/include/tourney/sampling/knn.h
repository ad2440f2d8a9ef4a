// k-nearest-neighbour regression from standardised metrics to human scores, learned on the
// annotated sample (Saldías et al. 2022, §4.2 `cv-knn` and §2.1 `docs-incr-metrics`, k = 25).
//
// The prediction for item i is the mean human score of the k sampled items nearest to i in
// Euclidean distance over the standardised metrics (i itself included when sampled);
// distance ties are broken by item index, so the result is deterministic. (NeighbourLists
// compares distances to 36 significant bits: distances closer than that tie too.) With fewer than k
// sampled items, all of them are used.
//
// Two implementations give identical predictions: KnnPredict computes distances to the
// sample (O(N·n·M + N·n) per call), for one fit; NeighbourLists precomputes each item's
// neighbours sorted by distance and their ranks (O(N² log N) once, 4 bytes per pair), after which a
// fit walks each list until k sampled items are met (about k·N/n steps per item): for the thousands
// of fits of a simulation study. A small sample (n < 5k) is instead searched by rank: the k sampled
// items of least rank in i's list (about n steps per item, reading the n sampled items' columns of
// ranks). Thread safety: NeighbourLists is immutable after construction; the functions are
// reentrant (each thread keeps its own scratch space).
#ifndef TOURNEY_SAMPLING_KNN_H_
#define TOURNEY_SAMPLING_KNN_H_

#include <cstdint>
#include <vector>

#include "tourney/sampling/population.h"

namespace tourney {

inline constexpr int kPaperKnnK = 25;

// Predictions for every item of `p` from the human scores of `sample` (item indices).
// REQUIRES: sample non-empty, items distinct and known.
std::vector<double> KnnPredict(const Population& p, const std::vector<int>& sample, int k);

class NeighbourLists {
 public:
  // REQUIRES: p.size <= 65536; p outlives this object (predictions read its scores).
  explicit NeighbourLists(const Population& p);
  NeighbourLists(const NeighbourLists&) = delete;  // large: share by reference
  NeighbourLists& operator=(const NeighbourLists&) = delete;

  // As KnnPredict; `in_sample` has one flag per item (1 = sampled), `sample_size` of them
  // set. (Walking is faster than KnnPredict at every sample size measured, 1-50% of N.)
  void Predict(const std::vector<uint8_t>& in_sample, int sample_size, int k,
               std::vector<double>* out) const;

 private:
  void PredictBySelection(const std::vector<uint8_t>& in_sample, int sample_size, int kk,
                          std::vector<double>* out) const;

  int n_;
  const Population* population_;  // the scores
  std::vector<uint16_t> order_;   // row i: items by (distance to i, index)
  std::vector<uint16_t> rank_;    // column j: item j's position in each row of order_
};

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_KNN_H_
