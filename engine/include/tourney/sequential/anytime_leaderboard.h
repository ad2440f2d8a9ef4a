// Anytime-valid leaderboards: Expected Wins (Borda) scores with confidence sequences and
// clusters whose separations are all right, with probability at least 1 - delta, at every
// moment of a campaign and whatever rule chose the judgments.
//
// DESCRIPTION
//   Preferences. For each pair (a, b) the judgments of that pair are a stream of
//   observations in {0, 1/2, 1} (a loses, tie, a wins); p_ab is the running average of
//   their conditional means given the past (running_mean_sequence.h): the preference
//   P(a beats b) + P(tie) / 2 when the pair's judgments are exchangeable, and in any
//   arrival order (by annotator, by batch, a sub-campaign in a block of its own, a file
//   sorted by outcome) the average preference over the judgments as collected. Each pair
//   has a RunningMeanSequence at
//     alpha = delta / (n (n - 1) / 2),
//   so that, by the union bound, every pair's interval holds its p_ab at every time at once
//   with probability >= 1 - delta. The sequences stay valid when an adaptive selector chose
//   which pair to judge (the selector never sees the judgment it asks for), which is what
//   lets an active campaign publish them. A k-way ranking expands into comparisons of
//   distinct pairs, one observation per pair (judgments.h), so the dependence between the
//   ten comparisons of a five-way ranking never puts two dependent observations into one
//   pair's stream: the union bound covers it. No interval is intersected with earlier ones.
//   Scores. System i's Expected Wins (Borda) score is B_i = mean_{j != i} p_ij, estimated
//   by the mean of the pairs' empirical means (1/2 for a pair without judgments), with
//   bounds [mean_j lo_ij, mean_j hi_ij] (a pair without judgments contributes [0, 1]).
//   They hold whenever every pair's interval does. The reported score is that estimate,
//   never clipped: every pair's interval is centred on its mean, so the bounds contain it,
//   and they have positive width. After the last judgment the score and the bounds do not
//   depend on the order of the judgments except through the sequences' variance terms.
//   Separations. u is certified better than l when lo(p_ul) > 1/2 or lo(B_u) > hi(B_l).
//   The order is by score (ties by id). A cluster boundary falls after position r when
//   every system at positions <= r is certified better than every system after r, so
//   every separation the clusters state is a certified one, and the probability that any
//   of them is wrong, at any time, is at most delta.
//   Indifference zone. With epsilon > 0, two uncertified systems are a tie within epsilon
//   when their preference interval is narrower than epsilon, or both score intervals are.
//   A boundary is resolved when it is separated or some pair across it is a tie within
//   epsilon; the board is settled (the campaign may stop) when every boundary is resolved.
//   Costs: Add is O(1) (one boundary evaluation, about a microsecond); Summarize is O(n^2): the scores, then one pass over the pairs that
//   finds, for each position, the furthest uncertified pair and epsilon-tie below it.
//   Deterministic; the widths depend a little on the order in which judgments were added.
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SEQUENTIAL_ANYTIME_LEADERBOARD_H_
#define TOURNEY_SEQUENTIAL_ANYTIME_LEADERBOARD_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/sequential/running_mean_sequence.h"

namespace tourney {

struct AnytimeOptions {
  double delta = 0.05;   // family-wise error of every separation, at every time
  double epsilon = 0.0;  // indifference zone; 0: no ties within epsilon
};

// The boundary between positions r and r + 1 of the order.
struct AnytimeBoundary {
  SystemId upper = 0;
  SystemId lower = 0;
  bool separated = false;
  bool tie_within_epsilon = false;  // not separated, and some pair across it is an epsilon-tie
  // Not separated: the uncertified pair across the boundary furthest apart in the order
  // (the highest upper system among those reaching furthest down); -1 when separated.
  SystemId blocking_upper = -1;
  SystemId blocking_lower = -1;
};

struct AnytimeSummary {
  std::vector<SystemId> order;  // best first
  // Indexed by system id: Expected Wins (Borda) score, its anytime bounds, 1-based rank
  // (position in `order`) and cluster (1 = top).
  std::vector<double> score, lo, hi;
  std::vector<int> rank, cluster;
  std::vector<AnytimeBoundary> boundaries;  // n - 1, in order
  int64_t comparisons = 0;
  int separations = 0;   // separated boundaries (= clusters - 1)
  bool settled = false;  // every boundary separated or a tie within epsilon
  // Systems for which the board's sequences contradict each other (disjoint bounds from
  // two sequences of the same score: a sign that one has failed, probability <= delta).
  // Their bounds are the hull of both, no separation involves them, and the board's
  // callers print a warning. Empty for the boards of one kind.
  std::vector<SystemId> failed;
};

// A relation between two systems: "u is certified better than l", "u and l are a tie
// within epsilon".
using SystemRelation = std::function<bool(SystemId, SystemId)>;

// The order, clusters and boundaries every anytime board draws from its certified
// relation: orders the systems by s->score (best first, equal scores by id), then fills
// rank, boundaries, cluster, separations and settled as described above (a boundary is
// separated when every system above it is certified better than every system below, and
// an open one names its blocking pair; epsilon_tie is asked only when `with_epsilon`, for
// pairs neither way certified). O(n^2) calls. REQUIRES: s->score has one entry per system.
void SettleBoundaries(const SystemRelation& certified, const SystemRelation& epsilon_tie,
                      bool with_epsilon, AnytimeSummary* s);

// Rank ranges from a certified relation, indexed by system id: lo = 1 + the number of
// systems certified better, hi = n - the number certified worse, each widened to contain
// the system's position (summary.rank) should a certification disagree with the order of
// the scores. O(n^2).
struct AnytimeRankRange {
  int lo = 0;
  int hi = 0;
};
std::vector<AnytimeRankRange> CertifiedRankRanges(const AnytimeSummary& summary,
                                                  const SystemRelation& certified);

class AnytimeLeaderboard {
 public:
  // InvalidArgument unless num_systems >= 2, 0 < delta < 1 and 0 <= epsilon <= 1 (all
  // finite).
  static StatusOr<AnytimeLeaderboard> Create(int num_systems, const AnytimeOptions& options);

  // Adds one judgment of (a, b). REQUIRES: a != b, both < num_systems().
  void Add(SystemId a, SystemId b, Outcome outcome);
  // Adds every comparison, in order. REQUIRES: ids < num_systems(), no self-comparison.
  void AddAll(const Comparisons& comparisons);

  int num_systems() const { return n_; }
  int64_t comparisons() const { return comparisons_; }
  const AnytimeOptions& options() const { return options_; }
  // The per-pair alpha, delta / (n (n - 1) / 2).
  double pair_alpha() const { return pair_alpha_; }

  // p_ab's empirical mean and anytime bounds, from a's side (a != b).
  int64_t PairCount(SystemId a, SystemId b) const;
  double PreferenceMean(SystemId a, SystemId b) const;
  double PreferenceLo(SystemId a, SystemId b) const;
  double PreferenceHi(SystemId a, SystemId b) const;

  AnytimeSummary Summarize() const;

  // True when u is certified better than l under `summary` (Summarize() of this board, not
  // changed since): lo(p_ul) > 1/2 or lo(B_u) > hi(B_l). REQUIRES: u != l.
  bool Certified(const AnytimeSummary& summary, SystemId u, SystemId l) const;

  // Rank ranges from the certified relations, indexed by system id: lo = 1 + the number
  // of systems certified better, hi = n - the number certified worse, each widened to
  // contain the system's position in summary.order should a pairwise certification
  // disagree with the order of the scores. Within the system's cluster. O(n^2).
  using RankRange = AnytimeRankRange;
  std::vector<RankRange> RankRanges(const AnytimeSummary& summary) const;

 private:
  AnytimeLeaderboard(int n, const AnytimeOptions& options);
  size_t PairIndex(SystemId a, SystemId b) const;  // a < b

  int n_ = 0;
  AnytimeOptions options_;
  double pair_alpha_ = 0.0;
  RunningMeanBoundary boundary_{0.05};
  int64_t comparisons_ = 0;
  std::vector<RunningMeanSequence> pairs_;  // a < b, row-major upper triangle; p_ab
  std::vector<double> radius_;              // each pair's half-width, kept current by Add
};

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_ANYTIME_LEADERBOARD_H_
