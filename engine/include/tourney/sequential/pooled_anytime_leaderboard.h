// The pooled anytime-valid leaderboard: one confidence sequence per system over all of its
// judgments, instead of one per pair. It keeps the per-pair board's promise (every stated
// separation is right with probability at least 1 - delta, at every moment of the
// campaign) for judgments assigned by a design fixed in advance, and separates far more:
// each system's Borda score is estimated from all of its rankings, where the per-pair
// board splits them over n - 1 pairs and pays for n(n - 1)/2 sequences.
//
// DESCRIPTION
//   Design. For system i let n_i be the number of rankings in which i is compared with
//   some system, and c_ij the number in which it is compared with j. q_ij = c_ij / n_i is
//   the chance that j is among i's opponents in one of i's rankings. The design is fixed
//   in advance when which systems meet in each ranking does not depend on earlier
//   judgments (WMT's random assignment; a uniform selector), and then q_ij, n_i and the
//   bounds below do not depend on the outcomes. Every pair must have met at least once.
//   Observations. Ranking r in which i is compared gives i one observation
//     Y_ri = sum over i's opponents j in r of X_rij w_ij,  w_ij = 1 / ((n - 1) q_ij),
//   with X_rij in {0, 1/2, 1} (i loses, tie, i wins). Given the past and given that i is in
//   the ranking, E[Y_ri] = sum_j q_ij p_ij w_ij = B_i, the Expected Wins (Borda) score
//   mean_{j != i} p_ij: a k-way ranking is one observation per system, so its ten
//   comparisons are never counted as independent evidence. Y_ri lies in [0, M_i], M_i the
//   sum of i's largest k_i weights (k_i the most opponents i had in one ranking); with
//   equal weights (a uniform design) Y_ri is the mean of the ranking's outcomes and M_i = 1.
//   Scores. System i's sequence is a RunningMeanSequence (running_mean_sequence.h) of
//   Y_ri / M_i at alpha = delta / n; [M_i lo, M_i hi] bounds, at every time and for every
//   system at once with probability >= 1 - delta (union bound over the n systems), the
//   running average of the Y_ri's conditional means. Given the design (which systems meet in
//   each ranking, fixed in advance, so that conditioning on all of it is allowed), that
//   average after i's last ranking is exactly B_i of the campaign as collected: the Borda
//   score of the preferences averaged over the judgments of each pair, in whatever order
//   the rankings arrived (by annotator, by batch, a sub-campaign in a block of its own).
//   Before the end it is a partial, design-weighted Borda score; the rankings' order only
//   moves what the intermediate looks see. The reported score is the plain mean of the
//   Y_ri, never clipped (with the design of the whole file it equals the mean of the
//   pairs' empirical preferences, the per-pair board's score); the bounds are centred on
//   it and have positive width.
//   Separations. u is certified better than l when lo(B_u) > hi(B_l); boundaries,
//   clusters, ties within epsilon (both score intervals narrower than epsilon) and rank
//   ranges follow SettleBoundaries and CertifiedRankRanges (anytime_leaderboard.h).
//   Under an adaptive selector the design depends on the outcomes and this board makes no
//   promise: use the per-pair AnytimeLeaderboard. The design's horizons (n_i) are kept for
//   the callers that report them; the sequences' mixture boundary needs no horizon.
//   Costs: Create O(n^2); AddRanking O(k^2); Summarize O(n^2).
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SEQUENTIAL_POOLED_ANYTIME_LEADERBOARD_H_
#define TOURNEY_SEQUENTIAL_POOLED_ANYTIME_LEADERBOARD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/running_mean_sequence.h"

namespace tourney {

// The design of a campaign, from all of its rankings.
struct PooledDesign {
  int num_systems = 0;
  std::vector<int64_t> rankings;  // n_i
  std::vector<double> weight;     // n x n, row-major: w_ij (0 on the diagonal)
  std::vector<double> bound;      // M_i
};

// The design of `judgments`. InvalidArgument naming two systems that never met (their
// preference, and so the Borda scores, cannot be estimated), or with fewer than 2 systems.
StatusOr<PooledDesign> EstimatePooledDesign(const Judgments& judgments);

class PooledAnytimeLeaderboard {
 public:
  // InvalidArgument unless 0 < delta < 1, 0 <= epsilon <= 1 and the design has >= 2
  // systems.
  static StatusOr<PooledAnytimeLeaderboard> Create(PooledDesign design,
                                                   const AnytimeOptions& options);

  // Adds ranking `index` of `judgments` (its comparisons). REQUIRES: the judgments the
  // design was estimated from, or ones with the same systems.
  void AddRanking(const Judgments& judgments, size_t index);
  // Adds one ranking given as its comparisons [begin, end) of `comparisons`.
  // REQUIRES: ids < num_systems(), no self-comparison.
  void AddRanking(const Comparisons& comparisons, size_t begin, size_t end);
  // Adds a ranking of two systems: one comparison, a's outcome. REQUIRES: a != b, both <
  // num_systems().
  void AddComparison(SystemId a, SystemId b, Outcome outcome);

  int num_systems() const { return design_.num_systems; }
  int64_t comparisons() const { return comparisons_; }
  const AnytimeOptions& options() const { return options_; }
  const PooledDesign& design() const { return design_; }
  double system_alpha() const { return options_.delta / design_.num_systems; }

  AnytimeSummary Summarize() const;
  // lo(B_u) > hi(B_l) under `summary`.
  static bool Certified(const AnytimeSummary& summary, SystemId u, SystemId l) {
    return summary.lo[u] > summary.hi[l];
  }
  std::vector<AnytimeRankRange> RankRanges(const AnytimeSummary& summary) const;

 private:
  PooledAnytimeLeaderboard(PooledDesign design, const AnytimeOptions& options);

  PooledDesign design_;
  AnytimeOptions options_;
  RunningMeanBoundary boundary_{0.05};
  int64_t comparisons_ = 0;
  std::vector<RunningMeanSequence> systems_;
  std::vector<double> sum_;    // sum of Y_ri per system
  std::vector<double> value_;  // scratch: Y_ri of the ranking being added
  std::vector<char> seen_;     // scratch: i compared in the ranking being added
  std::vector<SystemId> touched_;  // scratch: the systems of the ranking being added
};

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_POOLED_ANYTIME_LEADERBOARD_H_
