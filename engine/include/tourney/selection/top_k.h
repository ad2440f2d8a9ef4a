// Fixed-confidence top-k identification on an anytime leaderboard: a stop that names the
// k best systems with probability at least 1 - delta, and a selector that gets there with
// few judgments.
//
// DESCRIPTION
//   Identification. On an AnytimeLeaderboard (anytime_leaderboard.h) let T be the k systems
//   with the highest Expected Wins (Borda) scores, in the board's order (score, then id),
//   and O the other n - k. A cross pair (u in T, l in O) is
//     certified             when lo(p_ul) > 1/2 or lo(B_u) > hi(B_l)
//                           (the board's separation test), and
//     resolved within eps   when it is not certified but lo(p_ul) > 1/2 - eps or
//                           lo(B_u) > hi(B_l) - eps (only when eps > 0).
//   The top k are identified when every cross pair is certified, and identified within eps
//   when every cross pair is certified or resolved within eps and at least one is only
//   resolved within eps. The board's confidence sequences all hold, at every time and under
//   any selection rule, with probability >= 1 - delta; on that event an identified T
//   satisfies p_ul > 1/2 or B_u > B_l for every cross pair, and an identified-within-eps T
//   satisfies p_ul > 1/2 - eps or B_u > B_l - eps. When p_ul > 1/2 and B_u > B_l both
//   follow the order of hidden qualities (Thurstone and Bradley-Terry truths, any model
//   where P(u beats j) grows with u's quality), an identified T is the true top k: the
//   probability that a campaign stopped at the first identification, or at any other time
//   it chooses, names a wrong set is at most delta. IdentifyTopK recomputes the scores
//   exactly as AnytimeLeaderboard::Summarize does: O(n^2 + k (n - k)).
//   TopKBoard. An AnytimeLeaderboard plus each system's sums of pair means and bounds,
//   updated in O(1) per judgment, so that a selector reads every Borda score and bound in
//   O(1) instead of O(n). The sums are kept by adding differences, so they can differ from
//   Summarize's by floating-point rounding (about 1e-15 per judgment); only the selector
//   reads them, never the stop.
//   TopKSelector ("top-k"), a dueling LUCB rule (Kalyanakrishnan et al. 2012, on pairs):
//     - with probability `explore`, a uniform match (match_selector.h's uniform policy);
//     - otherwise T is the top k by the TopKBoard's scores and the candidates are the
//       allowed cross pairs (u in T, l in O) neither certified nor resolved within eps;
//       the served pair is the candidate whose member-side lower bound lo(p_ul) is lowest
//       (the outsider that threatens the set most, or the widest interval). When that pair's
//       empirical preference favours the outsider (mean p_ul < 1/2), T disagrees with the
//       direct evidence because the outsider's score still counts unjudged pairs as 1/2; half
//       of those times the outsider is served against a uniformly drawn other partner, so
//       that its score catches up;
//     - a match of m > 2 systems is completed by the systems of the next most threatening
//       candidates, then by the systems nearest the boundary (positions k, k+1, k-1, ...),
//       allowed partners of match[0] only;
//     - with no candidate left (the set is identified), a uniform match.
//   A selection costs O(n) to find T plus O(k (n - k)) for the cross pairs (plus O(m k (n -
//   k)) for m > 2); it needs SelectionState::top_k (FailedPrecondition without it).
// Thread safety: TopKBoard is a plain value; the selector is immutable and Select() may be
// called concurrently with distinct Rngs (each thread reuses its own scratch).
#ifndef TOURNEY_SELECTION_TOP_K_H_
#define TOURNEY_SELECTION_TOP_K_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/selection/match_selector.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney {

class TopKBoard {
 public:
  // The board's errors (AnytimeLeaderboard::Create).
  static StatusOr<TopKBoard> Create(int num_systems, const AnytimeOptions& options);

  // Adds one judgment of (a, b). REQUIRES: a != b, both < num_systems().
  void Add(SystemId a, SystemId b, Outcome outcome);

  const AnytimeLeaderboard& board() const { return board_; }
  int num_systems() const { return board_.num_systems(); }
  // System i's Borda score (clamped into its bounds) and anytime bounds, as Summarize()
  // reports them up to rounding.
  double Score(SystemId i) const { return score_[i]; }
  double ScoreLo(SystemId i) const { return lo_sum_[i] / others_; }
  double ScoreHi(SystemId i) const { return hi_sum_[i] / others_; }

 private:
  explicit TopKBoard(AnytimeLeaderboard board);
  void Refresh(SystemId i);

  AnytimeLeaderboard board_;
  double others_ = 1.0;  // n - 1
  std::vector<double> mean_sum_, lo_sum_, hi_sum_, score_;
};

enum class TopKVerdict {
  kOpen,           // some cross pair is unresolved
  kIdentified,     // every cross pair certified
  kWithinEpsilon,  // every cross pair certified or resolved within epsilon
};

struct TopKIdentification {
  std::vector<SystemId> top;  // the current top k, best first
  TopKVerdict verdict = TopKVerdict::kOpen;
  int64_t unresolved = 0;      // cross pairs neither certified nor resolved within epsilon
  int64_t within_epsilon = 0;  // cross pairs resolved only within epsilon
};

// The identification test above on `board`. InvalidArgument unless 1 <= k < n and
// 0 <= epsilon <= 1/2.
StatusOr<TopKIdentification> IdentifyTopK(const AnytimeLeaderboard& board, int k, double epsilon);

struct TopKSelectorOptions {
  int k = 1;              // size of the wanted set, 1 <= k < n
  double epsilon = 0.0;   // indifference zone of the stop the selector works towards
  double explore = 0.05;  // share of uniform matches, in [0, 1]
};

// InvalidArgument naming the field when an option is out of range (k < 1, epsilon outside
// [0, 1/2], explore outside [0, 1]); k < n is checked per selection.
Status ValidateTopKSelectorOptions(const TopKSelectorOptions& options);

// The "top-k" selector. REQUIRES: ValidateTopKSelectorOptions(options).ok().
std::unique_ptr<MatchSelector> MakeTopKSelector(const TopKSelectorOptions& options);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_TOP_K_H_
