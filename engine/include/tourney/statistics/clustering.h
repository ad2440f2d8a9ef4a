// Rank ranges, clusters and rank upper bounds from bootstrap samples.
//
// DESCRIPTION
//   The WMT13 partial ordering (Bojar et al. 2013; Sakaguchi, Post & Van Durme 2014, §6 and
//   Table 1; Koehn 2012):
//   - Rank range at confidence gamma over R replicates: sort a system's R ranks, drop the
//     k = ceil(R (1 - gamma) / 2) best and the k worst, keep [lowest, highest] of the rest
//     (R = 1000, gamma = 0.95: k = 25). The paper's 100 TrueSkill runs dropped 2 at each
//     end; k = ceil(2.5) = 3 here.
//   - Clusters are contiguous runs of the full-data leaderboard (score order). A boundary
//     falls after position i when every system at positions <= i has a worst rank better
//     than the best rank of every system after i:
//         max_{j <= i} hi_j  <  min_{j > i} lo_j.
//     Ranges that overlap (even through a chain of partial overlaps) share a cluster.
//   - Rank upper bound (Chatbot Arena, Chiang et al. 2024): 1 + the number of systems whose
//     lower score quantile lies strictly above this system's upper quantile; the score
//     quantiles are the same trimmed order statistics as the rank range.
//   O(R n log R) for the ranges, O(n) for clusters, O(n^2) for upper bounds.
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_CLUSTERING_H_
#define TOURNEY_STATISTICS_CLUSTERING_H_

#include <span>
#include <vector>

#include "tourney/statistics/replicate_samples.h"

namespace tourney {

// A system's rank range: lo = best (smallest) rank kept, hi = worst (largest).
struct RankRange {
  int lo = 0;
  int hi = 0;
};

// The score interval [quantile (1-gamma)/2, quantile (1+gamma)/2] of a system.
struct ScoreInterval {
  double lo = 0.0;
  double hi = 0.0;
};

// Number of samples dropped at each end: ceil(replicates * (1 - confidence) / 2), computed
// so that 1000 * (1 - 0.95) / 2 is exactly 25; at most (replicates - 1) / 2 so that one
// sample always remains. confidence is clamped to [0, 1].
int TrimCount(int replicates, double confidence);

// True when the uncapped trim ceil(replicates * (1 - confidence) / 2) leaves at least one
// sample, so that the rank ranges really are at `confidence` (TrimCount caps it otherwise).
bool TrimFits(int replicates, double confidence);

// The smallest replicate count from which TrimFits holds for every larger count (3 at
// 0.95; it holds for every count >= 4 / confidence). REQUIRES: 0 < confidence < 1.
int MinimumBootstrapReplicates(double confidence);

// The rank range of one system from its ranks over replicates. {0, 0} when empty.
RankRange RankRangeOf(std::span<const int> ranks, double confidence);

// Rank ranges of every system, indexed by system id.
std::vector<RankRange> RankRanges(const RankSamples& ranks, double confidence);

// Score intervals of every system (same trimming as the rank range), indexed by system id.
std::vector<ScoreInterval> ScoreIntervals(const ScoreSamples& scores, double confidence);

// Cluster number of every system (1 = top cluster), indexed by system id. `order` lists
// the system ids in leaderboard (score) order, best first.
// REQUIRES: order is a permutation of 0..ranges.size()-1.
std::vector<int> ClusterByRankRanges(std::span<const int> order, std::span<const RankRange> ranges);

// Positions (0-based, in `order`) after which a cluster boundary falls; the last position
// is never listed. Same rule as ClusterByRankRanges.
std::vector<int> ClusterBoundaries(std::span<const int> order, std::span<const RankRange> ranges);

// Chatbot-Arena rank upper bound of every system, indexed like `intervals`.
std::vector<int> RankUpperBounds(std::span<const ScoreInterval> intervals);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_CLUSTERING_H_
