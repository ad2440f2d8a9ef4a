// Active match selectors: policies that spend judgments where the ranking is still open.
//
// DESCRIPTION
//   Policies over ratings (mu and sigma per system: the selection posterior of
//   selection_posterior.h, or the live TrueSkill ratings of trueskill.h), each a
//   MatchSelector (match_selector.h). Every one of them first flips a coin: with
//   probability `explore` it serves a uniform match (the uniform selector's draw), so every
//   allowed pair keeps a probability of at least explore / #pairs (no pair starves and the
//   fitted model stays identifiable whatever the policy does). Otherwise:
//   - "frontier" (cluster-frontier selection): systems are sorted by mu and
//     every cut of that order (the top i systems against the rest) is represented by its
//     least separated pair among the 3 systems on each side of it: the pair with the
//     smallest z = (mu_t - mu_u) / sd(theta_t - theta_u), the sd from the covariance when
//     SelectionState::covariance is given (else sqrt(sigma_t^2 + sigma_u^2)). A cut with
//     z >= frontier_close (2.5) is settled. An open cut is worth
//       exp(-(z - center)^2 / 2) * max(z, floor) * var,
//     the progress one judgment of its pair brings to z (dz/dn is proportional to z * var),
//     weighted by a bump around center = 1.5, where cuts are about to separate: near-ties
//     (z ~ 0) cannot be separated within any budget and settled cuts need nothing. A cut
//     is drawn with probability proportional to its worth (a share frontier_spread = 0.2
//     of the time uniformly among the open cuts, which keeps the order inside clusters
//     moving) and its pair is served. Until warmup * #pairs comparisons are counted
//     (SelectionState::counts; 0.5 per pair by default) every match is uniform.
//   - "racing" (rank-interval racing; Heckel, Shah, Ramchandran & Wainwright 2019, and the
//     LUCB rule of Kalyanakrishnan et al. 2012 applied to neighbours): systems are sorted
//     by mu; the boundary between rank neighbours u (above) and l is open while their
//     intervals overlap, mu_u - mu_l < z * sqrt(sigma_u^2 + sigma_l^2). A uniformly chosen
//     open boundary is served; with none open, a uniform match. Effort goes to the
//     cluster boundaries that are undecided; settled ones get only exploration.
//   - "info-gain" (expected information gain): for a pair (a, b) with
//     c^2 = 2 beta^2 + sigma_a^2 + sigma_b^2 the three outcomes have TrueSkill predictive
//     probabilities Phi(t - e), Phi(-t - e) and the rest (t = (mu_a - mu_b) / c,
//     e = eps / c), and each outcome o shrinks the variances by 1 - sigma^2 / c^2 * w_o
//     (§2.3). The gain is the expected drop of the Gaussian posterior entropy,
//       sum_o P(o) * (-1/2) [ln(1 - sigma_a^2 w_o / c^2) + ln(1 - sigma_b^2 w_o / c^2)];
//     the pair with the largest gain is served (ties: uniformly).
//   - "thompson" (Thompson sampling): one skill per system is drawn from N(mu, sigma^2);
//     among rank neighbours of the mean order, the pair whose drawn skills are closest
//     (or reversed) is served: boundaries are chosen with about the posterior probability
//     that they are the least certain.
//   - "arena" (count balancing as in Chatbot Arena; Chiang et al. 2024, §5): a pair is
//     drawn with probability proportional to the drop of its interval width one more
//     judgment brings, sqrt(V / (n + 1)) - sqrt(V / (n + 2)), with V = sigma_a^2 + sigma_b^2
//     and n the pair's judgments so far (SelectionState::counts; 0 when absent).
//   Two policies read the anytime-valid leaderboard instead (SelectionState::anytime and
//   anytime_summary, anytime_leaderboard.h); they take no options and flip no exploration
//   coin (their opponents are already spread), and without a leaderboard they serve as if
//   every boundary were open:
//   - "active-ranking" (Active Ranking; Heckel, Shah, Ramchandran & Wainwright 2019, on
//     Borda scores): a system is active while a boundary next to it in the board's order
//     (above or below) is neither separated nor a tie within epsilon. The anchor is drawn
//     uniformly among the active systems and the N-1 others uniformly among the remaining
//     systems (for N = 2 with an incomplete allowed set: a uniform allowed partner), so a
//     settled system is compared only as someone else's opponent. With every boundary
//     resolved (the board is settled), a uniform match.
//   - "boundary" (the default): an open boundary of the board (neither separated nor an
//   epsilon-tie) is
//     chosen uniformly, and its least certified pair among the 3 systems on each side,
//     the smallest max(lo(p_ul) - 1/2, lo(B_u) - hi(B_l)), is served (plus N-2 uniform
//     others). Serving that pair either certifies it or narrows it to an epsilon-tie, and
//     either resolves the boundary when it was the last obstacle.
//   Costs: active-ranking O(n) (one pass over the order, reservoir sampling), boundary
//   O(n) (9 pairs per open boundary); neither allocates.
//   Pair scoring (info-gain, arena) is exhaustive up to 64 systems and over 128 uniformly
//   drawn candidate pairs above that; the neighbour policies sort the systems by mu.
//   Matches of N > 2 systems: the policy's pair, then the systems closest in mu to the
//   pair's midpoint (a window of the ranking around the chosen boundary). With an
//   incomplete allowed pair set, N > 2 is served by the uniform selector's rule, and a
//   pair that is not allowed is never served (neighbour policies skip such boundaries).
//   Costs per selection: frontier O(n log n) (sort, then 9 pairs per cut), racing and
//   thompson O(n log n), info-gain and arena O(n^2) up to 64 systems and O(n) above.
//   Deterministic for a seed.
// Thread safety: selectors are immutable; Select() is const and safe to call concurrently
// with distinct Rngs. Scratch space is thread-local and reused (no allocation once a
// thread has served a match of the same size).
#ifndef TOURNEY_SELECTION_ACTIVE_SELECTORS_H_
#define TOURNEY_SELECTION_ACTIVE_SELECTORS_H_

#include <memory>
#include <string_view>

#include "tourney/core/status.h"
#include "tourney/selection/match_selector.h"

namespace tourney {

struct ActiveSelectorOptions {
  double explore = 0.1;  // probability of a uniform match, in (0, 1]
  double z = 1.96;       // racing: interval half-width in sds of the difference, > 0
  // info-gain: the probit predictive it uses, P(a beats b) = Phi((mu_a - mu_b - eps) / c).
  // The default beta puts it on the logit scale of the selection posterior
  // (selection_posterior.h): logistic(x) ~ Phi(x / 1.702), so sqrt(2) beta = 1.702.
  // For the live TrueSkill ratings use their beta (0.25 by default).
  double beta = 1.2035;       // > 0
  double draw_margin = -1.0;  // eps >= 0; < 0: derived from draw probability 0.25
  // frontier: uniform matches until warmup * #pairs comparisons are counted (>= 0)...
  double warmup = 0.5;
  // ...then cuts valued by exp(-(z - center)^2 / 2) * max(z, floor) * var; cuts with
  // z >= close get exploration only.
  double frontier_center = 1.5;
  double frontier_floor = 0.5;
  double frontier_close = 2.5;
  // ...and this share of its matches goes to a uniformly chosen open cut, in [0, 1].
  double frontier_spread = 0.2;
};

// InvalidArgument for an option out of range (every active selector shares the checks).
Status ValidateActiveSelectorOptions(const ActiveSelectorOptions& options);

// InvalidArgument for an option out of range.
StatusOr<std::unique_ptr<MatchSelector>> MakeRacingSelector(const ActiveSelectorOptions& options);
StatusOr<std::unique_ptr<MatchSelector>> MakeFrontierSelector(const ActiveSelectorOptions& options);
StatusOr<std::unique_ptr<MatchSelector>> MakeLucbSelector(const ActiveSelectorOptions& options);
StatusOr<std::unique_ptr<MatchSelector>> MakeInfoGainSelector(const ActiveSelectorOptions& options);
StatusOr<std::unique_ptr<MatchSelector>> MakeThompsonSelector(const ActiveSelectorOptions& options);
StatusOr<std::unique_ptr<MatchSelector>> MakeArenaSelector(const ActiveSelectorOptions& options);

// The policies over the anytime-valid leaderboard (no options).
std::unique_ptr<MatchSelector> MakeActiveRankingSelector();
std::unique_ptr<MatchSelector> MakeBoundarySelector();

// By name ("frontier", "racing", "lucb", "info-gain", "thompson", "arena",
// "active-ranking", "boundary"); options are validated for every name;
// InvalidArgument otherwise.
StatusOr<std::unique_ptr<MatchSelector>> MakeActiveSelector(std::string_view name,
                                                            const ActiveSelectorOptions& options);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_ACTIVE_SELECTORS_H_
