// TrueSkill: Gaussian skill ratings updated game by game (Herbrich, Minka & Graepel 2006),
// as Sakaguchi, Post & Van Durme (2014) apply it to MT system rankings.
//
// DESCRIPTION
//   Each system has a rating N(mu, sigma^2). A game's performances are skill plus
//   N(0, beta^2) noise; a game is drawn when the performance difference is within the draw
//   margin eps. After a game the ratings become the moment-matched posterior.
//   - Two players (paper §2.3): with t = mu_1 - mu_2 and c^2 = 2 beta^2 + s_1^2 + s_2^2,
//       mu_1 += s_1^2 / c * v(t/c, eps/c),      s_1^2 *= 1 - s_1^2 / c^2 * w(t/c, eps/c)
//       mu_2 -= s_2^2 / c * v(t/c, eps/c),      s_2^2 *= 1 - s_2^2 / c^2 * w(t/c, eps/c)
//     with v, w the win or tie corrections below (where s^2 already includes tau^2). O(1).
//   - Free-for-all (paper §4.2; Herbrich et al. 2006 §3): one k-way ranking is one game.
//     Players are sorted by rank (stable, so tied players keep their input order), and
//     expectation propagation runs on the TrueSkill factor graph: prior -> performance ->
//     difference of rank neighbours -> win (d > eps) or draw (|d| <= eps) truncation. The
//     schedule sweeps the difference chain forward and back until the largest change of a
//     difference marginal (in units of its sd) is below 1e-6. O(k log k + k * sweeps).
//   v and w are evaluated in forms that stay exact in the tails: the inverse Mills ratio of
//   gaussian.h for wins; for ties the window's mass relative to phi at its nearer end
//   (Mills ratios far out, a one-sided truncation once the far end is negligible, an
//   exponential-tilt limit for windows narrower than 1e-5 sd).
//   Invariants: with tau = 0 no sigma grows and the winner's mu never falls; swapping the
//   players mirrors the update exactly; every output is finite for finite input, however
//   large |t/c| is (gaussian.h keeps the tails exact).
//   The draw margin can be given directly or derived from a draw probability p as
//     eps = Phi^-1((p + 1) / 2) * sqrt(n) * beta        (n = players in the two teams).
// Thread safety: a TrueSkill is immutable; concurrent calls on distinct ratings are safe.
#ifndef TOURNEY_MODELS_TRUESKILL_H_
#define TOURNEY_MODELS_TRUESKILL_H_

#include <optional>
#include <span>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// A system's skill belief N(mu, sigma^2).
struct Rating {
  double mu = 0.0;
  double sigma = 0.0;
};

struct TrueSkillOptions {
  double mu = 0.0;     // initial mean mu0 (paper §3.4)
  double sigma = 0.5;  // initial sd sigma0 (paper §3.4); > 0
  double beta = 0.25;  // sd of a performance around the skill; > 0
  double tau = 0.0;    // dynamics: sd added to every sigma before a game; >= 0
  // Probability that two equal players draw, used to derive the margin when draw_margin is
  // unset; in [0, 1).
  double draw_probability = 0.25;
  // The draw margin eps (performance units), >= 0. Unset: derived from draw_probability.
  std::optional<double> draw_margin;
};

// eps = Phi^-1((p + 1) / 2) * sqrt(num_players) * beta (Herbrich et al. 2006; the common
// libraries use the same formula). REQUIRES: 0 <= p < 1, num_players >= 1, beta > 0.
double DrawMarginFromProbability(double p, int num_players, double beta);

// The truncated-Gaussian corrections v (mean shift) and w (variance reduction, in [0, 1])
// of paper §2.3, at the normalized mean difference t = (mu_1 - mu_2) / c and normalized draw
// margin e = eps / c.
struct TruncationCorrection {
  double v = 0.0;
  double w = 0.0;
};

// Player 1 won: v = N(t - e) / Phi(t - e), w = v (v + t - e).
TruncationCorrection WinCorrection(double t, double e);

// A tie: v = (N(-e - t) - N(e - t)) / (Phi(e - t) - Phi(-e - t)),
//        w = v^2 + ((e - t) N(e - t) + (e + t) N(e + t)) / (Phi(e - t) - Phi(-e - t)).
// (The paper prints "v_tie +" for the first term of w; Herbrich et al. have v^2.)
// Odd in t for v, even for w. REQUIRES: e >= 0 (e = 0 is the limit v = -t, w = 1).
TruncationCorrection DrawCorrection(double t, double e);

// The paper's match quality (§2.4): sqrt(2 beta^2 / c^2) exp(-(mu_a - mu_b)^2 / (2 c^2)).
double DrawProbability(const Rating& a, const Rating& b, double beta);

// The paper's modified quality p_hat_draw = exp(-|mu_a - mu_b|) (§2.4), used by the
// match selector because p_draw is ~1 for every pair under the paper's large beta.
double ModifiedDrawProbability(double mu_a, double mu_b);

// The largest magnitude accepted for mu, sigma, beta, tau and the draw margin. Squares of
// these (and their sums over a game) stay far from overflow, so every update is finite.
inline constexpr double kMaxTrueSkillParameter = 1e12;

// A validated TrueSkill environment: the parameters and the derived draw margin.
class TrueSkill {
 public:
  // InvalidArgument naming the option when a parameter is out of range or not finite
  // (magnitudes above kMaxTrueSkillParameter included).
  static StatusOr<TrueSkill> Create(const TrueSkillOptions& options);

  const TrueSkillOptions& options() const { return options_; }
  // eps for a game of two single-system teams.
  double draw_margin() const { return draw_margin_; }
  Rating InitialRating() const { return {options_.mu, options_.sigma}; }

  // Updates both ratings after one game; `outcome` is from `first`'s point of view.
  // REQUIRES: first != second; finite ratings with sigma >= 0.
  void Rate(Outcome outcome, Rating* first, Rating* second) const;

  // Rates one free-for-all game: players[i] finished with ranks[i] (lower is better, equal
  // ranks tie). Updates `players` in place. Returns InvalidArgument when the spans differ in
  // size; fewer than two players is a no-op. If `sweeps` is given it receives the number of
  // schedule sweeps run (at most 200).
  Status RateFreeForAll(std::span<Rating> players, std::span<const int> ranks,
                        int* sweeps = nullptr) const;

  // DrawProbability with this environment's beta.
  double MatchQuality(const Rating& a, const Rating& b) const {
    return DrawProbability(a, b, options_.beta);
  }

 private:
  TrueSkill(const TrueSkillOptions& options, double draw_margin)
      : options_(options), draw_margin_(draw_margin) {}

  TrueSkillOptions options_;
  double draw_margin_;
};

}  // namespace tourney

#endif  // TOURNEY_MODELS_TRUESKILL_H_
