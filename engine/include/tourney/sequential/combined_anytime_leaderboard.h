// The anytime-valid leaderboard of a live campaign whose matches are chosen adaptively:
// the pooled board (pooled_anytime_leaderboard.h) over the campaign's uniform draws and
// the per-pair board (anytime_leaderboard.h) over all of its judgments, each at delta / 2.
//
// DESCRIPTION
//   Why two boards. The pooled board separates far more, but only for judgments whose
//   systems were drawn by a design fixed in advance; an adaptive selector's matches depend
//   on earlier judgments. Every campaign selector therefore keeps a uniform floor
//   (campaign.h): with a fixed probability a match is a uniform k-subset of the systems,
//   drawn independently of every judgment, and recorded as such with its selection
//   probability. Given that a match is such a draw and that system i is in it, i's k - 1
//   opponents are a uniform subset of the others, so the pooled board's observation (the
//   mean of i's outcomes in the ranking) has mean B_i, the Expected Wins (Borda) score,
//   whatever the selector did with the other matches: the uniform draws are the known
//   design, with weight 1 / (k - 1) per comparison, and every other match has weight 0 in
//   the pooled board (the inverse-propensity weights of the floor's draws). The per-pair
//   board needs no design and reads every judgment, the selector's targeted pairs too.
//   The promise. Each board covers its bounds at every time with probability >= 1 -
//   delta / 2, so both do at once with probability >= 1 - delta (union bound). A system's
//   score bounds are the intersection of its two boards' bounds, widened to contain the
//   score; u is certified better than l when lo(B_u) > hi(B_l) on those bounds or the
//   per-pair board certifies p_ul > 1/2. When the two boards' bounds of a system are
//   disjoint, one of them has failed (or the two targets, which drift differently when the
//   judgments do not arrive in an exchangeable order, have parted): the system is listed in
//   the summary's `failed`, its bounds are the hull of both, and no separation involves it.
//   u and l are a tie within epsilon when their preference interval
//   is narrower than epsilon (epsilon bounds preference probabilities; narrow score
//   intervals alone are no tie here, unlike the boards of one kind). The score, and the
//   order, is the per-pair board's Borda estimate of all judgments, never clipped.
//   Rankings that do not come from a uniform draw (an adaptive selector's matches, imported
//   rankings) and uniform draws whose ranking does not compare every pair of its k systems
//   reach the per-pair board only.
//   Costs: AddRanking O(k^2); Summarize O(n^2).
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SEQUENTIAL_COMBINED_ANYTIME_LEADERBOARD_H_
#define TOURNEY_SEQUENTIAL_COMBINED_ANYTIME_LEADERBOARD_H_

#include <cstdint>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/pooled_anytime_leaderboard.h"

namespace tourney {

// The design of uniform k-subsets of n systems: every weight 1 / (k - 1), every bound 1, and
// `horizon` rankings per system planned in advance (0: none; the sequences then bet on the
// open-ended schedule). REQUIRES: 2 <= k <= n, horizon >= 0.
PooledDesign UniformPooledDesign(int num_systems, int k, int64_t horizon = 0);

class CombinedAnytimeLeaderboard {
 public:
  // InvalidArgument unless 2 <= k <= num_systems, 0 < delta < 1, 0 <= epsilon <= 1 and
  // horizon >= 0. `options` are the board's as a whole; each part runs at delta / 2.
  // `horizon`: the uniform draws each system is planned to get (a campaign with a budget:
  // budget x floor x k / n), fixed in advance; the pooled half tunes its bets for it
  // (pooled_anytime_leaderboard.h). 0: no plan.
  static StatusOr<CombinedAnytimeLeaderboard> Create(int num_systems, int k,
                                                     const AnytimeOptions& options,
                                                     int64_t horizon = 0);

  // Adds one ranking, comparisons [begin, end) of `comparisons`; `uniform_draw` when its
  // systems were a uniform k-subset drawn independently of every judgment.
  // REQUIRES: ids < num_systems(), no self-comparison.
  void AddRanking(const Comparisons& comparisons, size_t begin, size_t end, bool uniform_draw);
  // Adds a ranking of two systems (one comparison, a's outcome). REQUIRES: a != b, both <
  // num_systems().
  void AddPair(SystemId a, SystemId b, Outcome outcome, bool uniform_draw);

  int num_systems() const { return pairwise_.num_systems(); }
  int k() const { return k_; }
  const AnytimeOptions& options() const { return options_; }
  int64_t comparisons() const { return pairwise_.comparisons(); }
  // Rankings that reached the pooled board.
  int64_t uniform_rankings() const { return uniform_rankings_; }
  const AnytimeLeaderboard& pairwise() const { return pairwise_; }
  const PooledAnytimeLeaderboard& pooled() const { return pooled_; }

  AnytimeSummary Summarize() const;
  // u certified better than l under `summary` (Summarize() of this board, unchanged since).
  // Never for a system in summary.failed.
  bool Certified(const AnytimeSummary& summary, SystemId u, SystemId l) const;
  std::vector<AnytimeRankRange> RankRanges(const AnytimeSummary& summary) const;

 private:
  CombinedAnytimeLeaderboard(int k, const AnytimeOptions& options, AnytimeLeaderboard pairwise,
                             PooledAnytimeLeaderboard pooled)
      : k_(k),
        options_(options),
        pairwise_(std::move(pairwise)),
        pooled_(std::move(pooled)) {}

  int k_ = 2;
  AnytimeOptions options_;
  AnytimeLeaderboard pairwise_;
  PooledAnytimeLeaderboard pooled_;
  int64_t uniform_rankings_ = 0;
};

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_COMBINED_ANYTIME_LEADERBOARD_H_
