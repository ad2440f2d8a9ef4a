// tourney's alternative to the official WMT DA clusters on the same segment scores: paired
// tests on the segments both systems were scored on, with Holm's correction for testing
// every pair at once.
//
// DESCRIPTION
//   For each unordered pair of scored systems (A, B): the differences d = z_A - z_B of their
//   segment z-scores over the segments both have (a system's segment score is the mean of
//   its judgments there, tourney/protocols/da_scores.h), and the two-sided paired t-test of
//   mean(d) = 0 (Student's t with |shared| - 1 degrees of freedom). Pairing removes the
//   segment's difficulty from the comparison; the official test (wmt_da_clusters.h) treats
//   the two systems' segment scores as independent samples and tests every ordered pair at
//   level alpha with no correction, so its family-wise error grows with the number of pairs.
//   Holm (1979, Scand. J. Statist. 6:65-70): sort the m p-values ascending, adjusted
//   p_(i) = max over j <= i of min(1, (m - j + 1) p_(j)); A separates from B when the
//   adjusted p < alpha, in the direction of mean(d). The family-wise error rate of all
//   separations is at most alpha. Clusters use the official boundary rule
//   (ClustersFromBeats) on the official order with these separations.
//   O(s^2 n) for s systems of n segments.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_HOLM_SEPARATIONS_H_
#define TOURNEY_PROTOCOLS_HOLM_SEPARATIONS_H_

#include <cstdint>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney {

// Holm's adjusted p-values of `p` (same order). Values outside [0, 1] are clamped.
std::vector<double> HolmAdjust(const std::vector<double>& p);

// One pair, `upper` ranked above `lower` in the order given.
struct PairedSeparation {
  int upper = 0;  // system ids
  int lower = 0;
  int64_t shared_segments = 0;
  double mean_difference = 0.0;  // mean of z_upper - z_lower over the shared segments
  double t = 0.0;                // paired t statistic (0 when the differences do not vary)
  double p_value = 1.0;          // two-sided
  double p_holm = 1.0;           // Holm-adjusted over all pairs
  bool separated = false;        // p_holm < alpha
};

struct PairedHolmRanking {
  std::vector<int> order;                 // the order given (best first)
  std::vector<PairedSeparation> pairs;    // for positions i < j of `order`, row-major
  std::vector<unsigned char> beats;       // n x n by system id: separated in that direction
  std::vector<int> cluster;               // per system id: 1 = best; 0 when not in `order`
  int num_clusters = 0;
};

// The paired Holm separations of the systems in `order` (best first, e.g.
// WmtDaRanking::order). InvalidArgument when alpha is outside (0, 1), an id is out of range or
// not scored.
StatusOr<PairedHolmRanking> SeparatePairedHolm(const DaScores& scores,
                                               const std::vector<int>& order,
                                               double alpha = 0.05);

// How many of the official protocol's separations the paired Holm test keeps.
struct SeparationSurvival {
  int official_wins = 0;          // ordered pairs (A, B) where A officially beats B
  int surviving_wins = 0;         // of those, the pairs Holm separates the same way
  int official_boundaries = 0;    // official cluster boundaries
  int surviving_boundaries = 0;   // of those, the boundaries the Holm clusters also draw
  int holm_boundaries = 0;        // the Holm clusters' boundaries in all
};

// The comparison of `official` with `holm` (the same systems and order).
SeparationSurvival CompareSeparations(const WmtDaRanking& official,
                                      const PairedHolmRanking& holm);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_HOLM_SEPARATIONS_H_
