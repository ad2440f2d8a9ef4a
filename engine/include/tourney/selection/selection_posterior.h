// The selection posterior: a Bradley-Terry fit of the pair counts, as the ratings the
// active match selectors (active_selectors.h) read.
//
// DESCRIPTION
//   Active selectors decide which boundaries of the ranking are still open from a mean and
//   an sd per system. On the live TrueSkill ratings (trueskill.h, paper §2.3) they did worse
//   than uniform selection in the selection benchmark (docs/selection.md); with the
//   engine's default beta, far below the judgments' noise, boundaries look settled too
//   early. The selection
//   posterior is instead a Bradley-Terry maximum-likelihood fit of the counts so far:
//     P(i beats j) = 1 / (1 + exp(theta_j - theta_i)),
//   a tie counting half a win to each side, with a weak Gaussian prior of precision `ridge`
//   on every theta (finite before every system has won and lost). Newton's method on the
//   concave log posterior; the covariance is the inverse observed information. Its
//   likelihood does not depend on how the pairs were chosen, so the fit stays consistent
//   under any selection policy.
//   SelectionPosterior reports mu = theta and sigma = the sd of theta_i - mean(theta): the
//   common shift that only the prior pins down is no uncertainty about the ranking.
//   Costs: O(iterations * (n^2 + n^3)) for n systems (Eigen LLT); ~10 iterations.
// Thread safety: reentrant.
#ifndef TOURNEY_SELECTION_SELECTION_POSTERIOR_H_
#define TOURNEY_SELECTION_SELECTION_POSTERIOR_H_

#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/models/trueskill.h"

namespace tourney {

// theta by system id and the n x n row-major covariance H^-1 at the optimum.
struct SelectionBtFit {
  std::vector<double> theta;
  std::vector<double> covariance;
};

SelectionBtFit FitSelectionBt(const PairCounts& counts, double ridge = 0.01);

// What the active selectors read: the ratings (mu = theta_i, sigma = sd(theta_i -
// mean(theta))) and the fit's covariance H^-1 (n x n row-major), from which the sd of any
// difference theta_i - theta_j follows.
struct SelectionPosteriorFit {
  std::vector<Rating> ratings;
  std::vector<double> covariance;
};
SelectionPosteriorFit FitSelectionPosterior(const PairCounts& counts);

// FitSelectionPosterior(counts).ratings.
std::vector<Rating> SelectionPosterior(const PairCounts& counts);

// The largest campaign for which tourneyd keeps a selection posterior (the fit is O(n^3));
// above it the active selectors read the live TrueSkill ratings.
inline constexpr int kMaxSelectionPosteriorSystems = 100;

}  // namespace tourney

#endif  // TOURNEY_SELECTION_SELECTION_POSTERIOR_H_
