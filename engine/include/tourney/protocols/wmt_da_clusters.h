// The official WMT direct-assessment ranking (WMT20-22): systems ordered by mean z-score,
// clusters from one-sided Wilcoxon rank-sum tests (Kocmi et al. 2022, WMT22 findings,
// section 3.4; the organisers' `adwilcox-*.csv` and `clusters.csv`).
//
// DESCRIPTION
//   For each ordered pair (A, B) of scored systems: the one-sided rank-sum test of A's
//   segment z-scores against B's (unpaired; tourney/protocols/rank_sum_test.h, R's
//   defaults). A beats B when p < alpha (0.05) and A's mean z is higher. Systems are ordered
//   by mean z (ties by name); a cluster boundary goes after rank k iff every system ranked
//   <= k beats every system ranked > k. WINS = the systems a system beats. This reproduces
//   the organisers' clusters-*.csv. O(s^2 n log n) for s systems of n segments.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_WMT_DA_CLUSTERS_H_
#define TOURNEY_PROTOCOLS_WMT_DA_CLUSTERS_H_

#include <vector>

#include "tourney/core/status.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/rank_sum_test.h"

namespace tourney {

struct WmtDaClusterOptions {
  double alpha = 0.05;  // significance level of a win
  // The rank-sum test's settings; the alternative is always kGreater (row beats column).
  RankSumOptions test;
};

// Clusters over an order of systems from a "beats" relation: boundary after rank k iff every
// system ranked <= k beats every system ranked > k. `beats[a * n + b]` for system ids a, b
// (n = total systems); returns per position of `order` its 1-based cluster.
std::vector<int> ClustersFromBeats(const std::vector<int>& order,
                                   const std::vector<unsigned char>& beats, int n);

struct WmtDaRanking {
  // Scored systems (segments > 0) by mean z, best first (ids into DaScores::systems).
  std::vector<int> order;
  // Per system id, n x n row-major: the one-sided p-value of "row beats column" (1 on the
  // diagonal and for unscored systems).
  std::vector<double> p_value;
  std::vector<unsigned char> beats;  // per pair: p < alpha and the row's mean z higher
  std::vector<int> wins;             // per system id: systems it beats
  std::vector<int> cluster;          // per system id: 1 = best; 0 for unscored systems
  int num_clusters = 0;

  double p(int row, int column) const {
    return p_value[static_cast<size_t>(row) * wins.size() + static_cast<size_t>(column)];
  }
};

// The official ranking of `scores`. InvalidArgument when fewer than one system is scored or
// alpha is outside (0, 1).
StatusOr<WmtDaRanking> RankWmtDa(const DaScores& scores, const WmtDaClusterOptions& options = {});

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_WMT_DA_CLUSTERS_H_
