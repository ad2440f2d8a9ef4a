// The match-selection protocol: TrueSkill trained on judgments it asks for itself.
//
// DESCRIPTION
//   Sakaguchi, Post & Van Durme (2014, §3.1, §5): the pairwise comparisons are pooled by
//   unordered system pair; then `budget` times
//     1. the MatchSelector picks a pair (a, b) from the current ratings,
//     2. one comparison between a and b is drawn uniformly from that pair's pool (with
//        replacement; it keeps its own orientation and outcome),
//     3. the two ratings get the two-player TrueSkill update.
//   The paper's and the uniform selector read the TrueSkill ratings; the active selectors
//   (active_selectors.h) read the selection posterior refitted every 50 selections, and
//   the two that read the anytime-valid leaderboard ("active-ranking", "boundary") also
//   see one (anytime_leaderboard.h, options.anytime) fed every drawn comparison and
//   summarized after each (O(n^2) or more per selection: fine for the tens of systems
//   of a campaign).
//   Pairs without any comparison are never served: the selector sees them as not allowed
//   (PairSet of the pairs with data), so a draw always succeeds and the loop always ends.
//   A system with no comparison at all keeps its prior rating.
//   Pools are one index array in CSR layout, each pair's entries in outcome order; without
//   a record or observer the draw reads two thresholds of the pair instead of the pool, so
//   the cost per selection does not grow with the pool. The loop allocates nothing unless
//   a record is requested. O(C log C + n^2) setup, then O(n) per selection. Deterministic
//   for a seed, and the same whether or not a record is kept.
// Thread safety: reentrant; concurrent runs need their own records and observers.
#ifndef TOURNEY_SELECTION_SELECTION_PROTOCOL_H_
#define TOURNEY_SELECTION_SELECTION_PROTOCOL_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/models/trueskill.h"
#include "tourney/selection/match_selector.h"

namespace tourney {

// One served match.
struct SelectionStep {
  int64_t step = 0;    // 0-based position in the run
  SystemId first = 0;  // the selected pair as the selector returned it (first = anchor)
  SystemId second = 0;
  uint32_t comparison = 0;  // index of the drawn comparison in the input Comparisons
};

// Called after each update with the step and the ratings after it.
using SelectionObserver = std::function<void(const SelectionStep&, std::span<const Rating>)>;

struct SelectionProtocolOptions {
  int64_t budget = 0;                            // selections; 0: comparisons.size()
  std::vector<SelectionStep>* record = nullptr;  // if set, one entry appended per selection
  const SelectionObserver* observer = nullptr;   // if set, called once per selection
  // > 0: the selector reads the selection posterior (selection_posterior.h: a Bradley-Terry
  // fit of the counts drawn so far) refitted every `posterior_every` selections, and the
  // counts; 0: the TrueSkill ratings. RunSelectionProtocol sets it to 50 for active
  // selectors (active_selectors.h) when left at -1.
  int64_t posterior_every = -1;
  // The anytime leaderboard the "active-ranking" and "boundary" selectors read.
  AnytimeOptions anytime = {0.05, 0.1};
};

// Runs the protocol from every system at env.InitialRating(); returns the final ratings
// indexed by system id. InvalidArgument when there are no comparisons, budget < 0, an id
// is outside [0, num_systems) or a comparison pairs a system with itself.
StatusOr<std::vector<Rating>> RunSelectionProtocol(const TrueSkill& env,
                                                   const MatchSelector& selector, int num_systems,
                                                   const Comparisons& comparisons,
                                                   const SelectionProtocolOptions& options,
                                                   uint64_t seed);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_SELECTION_PROTOCOL_H_
