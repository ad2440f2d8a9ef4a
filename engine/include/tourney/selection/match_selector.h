// MatchSelector: which systems to compare next, given the current ratings.
//
// DESCRIPTION
//   One interface for every match-selection policy, called once per served match by the
//   selection protocol (selection_protocol.h), by `tourney next`, and by the service's
//   NextMatch. The active policies (boundary, the default, and frontier, racing, lucb,
//   info-gain, thompson, arena, active-ranking) are in active_selectors.h; the two classic ones are
//   here:
//   - "trueskill" (Sakaguchi, Post & Van Durme 2014, §2.4): the system with the largest
//     sigma is the anchor (ties: lowest id); then N-1 distinct opponents are drawn one after
//     another with probability proportional to p_hat_draw = exp(-|mu_anchor - mu_j|) among
//     the systems not yet in the match. Drawn exactly by rejection from a uniform proposal
//     (no table, no allocation), with exact inversion as a bounded fallback: O(n) work per
//     selection at worst, a handful of steps when the means are close.
//   - "uniform" (the WMT baseline): a uniformly random pair (N = 2) or N-subset (Floyd's
//     algorithm; the systems come in no particular order). O(N^2).
//   An optional PairSet restricts which pairs may be served (the protocol passes the pairs
//   that have judgments): the anchor must have at least N-1 allowed partners and every
//   opponent must be an allowed partner of the anchor; the uniform policy then draws a
//   uniform allowed pair (N = 2), or a uniform eligible anchor and N-1 uniform partners.
//   All randomness comes from the caller's Rng, so a seed fixes the sequence of matches.
// Thread safety: selectors are immutable; Select() is const and safe to call concurrently
// with distinct Rngs.
#ifndef TOURNEY_SELECTION_MATCH_SELECTOR_H_
#define TOURNEY_SELECTION_MATCH_SELECTOR_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/random.h"
#include "tourney/core/status.h"
#include "tourney/models/trueskill.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney {

class TopKBoard;  // top_k.h

// A set of unordered system pairs over systems 0..n-1, with O(1) membership and per-system
// partner lists.
class PairSet {
 public:
  // Every pair of `num_systems` systems.
  static PairSet Complete(int num_systems);
  // The pairs that occur in `comparisons`. REQUIRES: ids < num_systems.
  static PairSet FromComparisons(int num_systems, const Comparisons& comparisons);
  // The given pairs, in either orientation; pairs of a system with itself are ignored.
  // REQUIRES: ids < num_systems.
  static PairSet FromPairs(int num_systems, std::span<const std::pair<SystemId, SystemId>> pairs);

  int num_systems() const { return n_; }
  bool Contains(SystemId a, SystemId b) const {
    return member_[static_cast<size_t>(a) * static_cast<size_t>(n_) + static_cast<size_t>(b)] != 0;
  }
  // Pairs (a, b) with a < b, in increasing order.
  const std::vector<std::pair<SystemId, SystemId>>& pairs() const { return pairs_; }
  // Allowed partners of `a`, in increasing id order.
  std::span<const SystemId> partners(SystemId a) const {
    return {partners_.data() + partner_offsets_[a], partners_.data() + partner_offsets_[a + 1]};
  }
  int degree(SystemId a) const { return partner_offsets_[a + 1] - partner_offsets_[a]; }
  // True when every pair is in the set.
  bool complete() const {
    return pairs_.size() == static_cast<size_t>(n_) * static_cast<size_t>(n_ - 1) / 2;
  }

 private:
  explicit PairSet(int n, std::vector<uint8_t> member);
  int n_ = 0;
  std::vector<uint8_t> member_;  // n x n, symmetric, zero diagonal
  std::vector<std::pair<SystemId, SystemId>> pairs_;
  std::vector<int> partner_offsets_;
  std::vector<SystemId> partners_;
};

// What a selector sees: the current ratings, and optionally which pairs it may serve and
// how many judgments each pair already has (count-balancing policies read the counts and
// treat every pair as unjudged when they are absent).
struct SelectionState {
  std::span<const Rating> ratings;     // indexed by system id
  const PairSet* allowed = nullptr;    // null: every pair may be served
  const PairCounts* counts = nullptr;  // null: no counts known
  // The ratings' joint covariance, n x n row-major (selection_posterior.h); empty: unknown
  // (policies that read it treat the systems as independent).
  std::span<const double> covariance = {};
  // The anytime-valid leaderboard of the judgments so far (anytime_leaderboard.h) and its
  // Summarize() (both or neither), read by the policies that serve its open boundaries
  // ("active-ranking", "boundary" of active_selectors.h); null: unknown (those policies
  // then treat every system as unresolved). Over the same systems as `ratings`.
  const AnytimeLeaderboard* anytime = nullptr;
  const AnytimeSummary* anytime_summary = nullptr;
  // The anytime board with incremental Borda sums that the "top-k" selector (top_k.h)
  // reads; null for every other selector.
  const TopKBoard* top_k = nullptr;
};

// Ok when a selector can serve a match of `match_size` systems from `state`: at least two
// systems, no more than there are, and an allowed pair set (if any) over the same systems.
// InvalidArgument saying which, otherwise. Every selector checks this first.
Status ValidateSelectionRequest(const SelectionState& state, size_t match_size);

class MatchSelector {
 public:
  virtual ~MatchSelector() = default;

  // "trueskill", "uniform", or one of the active policies of active_selectors.h.
  virtual std::string_view name() const = 0;

  // Writes N = match.size() distinct system ids into `match` (match[0] is the anchor for
  // anchored policies). Returns InvalidArgument when N < 2, N exceeds the number of systems,
  // or state.allowed covers a different number of systems; FailedPrecondition when no
  // system has N-1 allowed partners. `match` is unspecified on failure.
  // The paper's and the uniform selector never allocate; the active selectors reuse
  // thread-local scratch (allocated on a thread's first use).
  virtual Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const = 0;
};

// The paper's selector (§2.4).
std::unique_ptr<MatchSelector> MakeTrueSkillSelector();
// Uniform over pairs / N-subsets (the WMT baseline).
std::unique_ptr<MatchSelector> MakeUniformSelector();
// By name: "trueskill" (alias "paper"), "uniform", or an active policy of
// active_selectors.h ("frontier", "racing", "lucb", "info-gain", "thompson", "arena",
// "active-ranking", "boundary") with
// default options;
// InvalidArgument otherwise.
StatusOr<std::unique_ptr<MatchSelector>> MakeMatchSelector(std::string_view name);

// The selector tourney uses unless told otherwise (`tourney next`, `tourney simulate`, a
// campaign's CampaignConfig::selector): of the selectors whose anytime-valid clusters are
// no less trustworthy than uniform's, the one whose campaigns stop first in the selection
// benchmark (docs/selection.md). It reads the anytime leaderboard (SelectionState::anytime);
// a caller that passes none gets uniform matches.
inline constexpr std::string_view kDefaultMatchSelector = "boundary";

// Every name MakeMatchSelector accepts (aliases excluded), in a fixed order.
std::span<const std::string_view> MatchSelectorNames();

}  // namespace tourney

#endif  // TOURNEY_SELECTION_MATCH_SELECTOR_H_
