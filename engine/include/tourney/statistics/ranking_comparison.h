// Comparing two rankings of (mostly) the same systems: two models, two metrics, two
// campaigns, a subsample against the full data.
//
// DESCRIPTION
//   The systems both rankings name are compared; those only one names are listed. Over the
//   common systems: Kendall's tau-b, Spearman's rho, Pearson's r and Pearson Rank (A is the
//   reference whose head is weighted) of the scores, and rank-biased overlap of the two
//   orders (rank_correlation.h). When both rankings are clustered, every pair of common
//   systems is classed by whether each ranking separates it (puts the two in different
//   clusters) and in which direction: separated by both the same way, by both in opposite
//   directions (a flip), by A only, by B only, or by neither. O(n^2) in the systems.
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_RANKING_COMPARISON_H_
#define TOURNEY_STATISTICS_RANKING_COMPARISON_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

struct RankedSystem {
  std::string name;
  double score = 0.0;          // higher is better
  std::optional<int> cluster;  // 1 = top cluster; absent when the ranking is not clustered
};

// A ranking, best first: the order is the one rank-biased overlap reads.
using SystemRanking = std::vector<RankedSystem>;

// A pair of systems one ranking puts in different clusters: `upper` in the better one.
using SystemPair = std::pair<std::string, std::string>;

struct ClusterAgreement {
  int64_t pairs = 0;               // pairs of common systems
  int64_t separated_same = 0;      // separated by both, same direction
  int64_t separated_opposite = 0;  // separated by both, opposite directions (flips)
  int64_t separated_only_a = 0;
  int64_t separated_only_b = 0;
  int64_t separated_neither = 0;
  // The disagreeing pairs, in A's order; for flips and A-only pairs `upper` is A's upper
  // system, for B-only pairs B's.
  std::vector<SystemPair> flipped;
  std::vector<SystemPair> only_a;
  std::vector<SystemPair> only_b;

  // True when both rankings separate exactly the same pairs the same way.
  bool identical() const {
    return separated_opposite == 0 && separated_only_a == 0 && separated_only_b == 0;
  }
};

struct RankingComparison {
  std::vector<std::string> common;  // in A's order
  std::vector<std::string> only_a;  // in A's order
  std::vector<std::string> only_b;  // in B's order
  // Absent when undefined (fewer than two common systems, a constant scoring); `notes`
  // then says why.
  std::optional<double> kendall_tau_b;
  std::optional<double> spearman_rho;
  std::optional<double> pearson_r;
  std::optional<double> pearson_rank;
  std::optional<double> rbo;
  double rbo_p = 0.9;
  std::optional<ClusterAgreement> clusters;  // when both rankings are clustered
  std::vector<std::string> notes;
};

// Compares `a` (the reference) with `b`. InvalidArgument when a ranking names a system
// twice, has a non-finite score, clusters only some of its systems, or rbo_p is not in
// (0, 1).
StatusOr<RankingComparison> CompareRankings(const SystemRanking& a, const SystemRanking& b,
                                            double rbo_p = 0.9);

// Only the cluster agreement over the systems both name (no correlations). Same errors.
StatusOr<ClusterAgreement> CompareClusters(const SystemRanking& a, const SystemRanking& b);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_RANKING_COMPARISON_H_
