// Planned looks: two-sided group-sequential critical values from an alpha-spending function,
// so that a statistic checked at K looks planned in advance rejects a true null at any of
// them with probability at most alpha in all (Lan & DeMets 1983, Biometrika 70:659-663).
//
// DESCRIPTION
//   The statistic at information fraction t in (0, 1] is Z(t) = W(t) / sqrt(t), W a
//   standard Brownian motion (the standardised sum of independent increments, as a mean of
//   i.i.d. judgments is asymptotically). Looks are at 0 < t_1 < ... < t_K = 1. Each side
//   spends alpha / 2 by the O'Brien-Fleming-type function of Lan & DeMets,
//     alpha(t) = 2 [2 - 2 Phi(z_{1 - alpha/4} / sqrt(t))],   alpha(1) = alpha
//   (the two-sided symmetric design of R's gsDesign, sfLDOF), which spends almost nothing
//   early and nearly all of alpha at the last look. The
//   critical value c_k solves
//     P(|Z(t_1)| < c_1, ..., |Z(t_{k-1})| < c_{k-1}, |Z(t_k)| >= c_k) = alpha(t_k) - alpha(t_{k-1}),
//   computed by propagating the density of W over the continuation region on a grid
//   (Armitage, McPherson & Rowe 1969) and bisection. A look's nominal level
//   2 (1 - Phi(c_k)) is what a fixed-sample interval or test at that look uses. One look
//   (K = 1) gives z_{1 - alpha/2}.
//   Costs: O(K G^2) for a grid of G points (G = 801 here); microseconds to milliseconds.
// Thread safety: reentrant.
#ifndef TOURNEY_SEQUENTIAL_GROUP_SEQUENTIAL_H_
#define TOURNEY_SEQUENTIAL_GROUP_SEQUENTIAL_H_

#include <vector>

#include "tourney/core/status.h"

namespace tourney {

struct PlannedLook {
  double fraction = 0.0;        // t_k
  double spent = 0.0;           // alpha(t_k), cumulative
  double critical = 0.0;        // c_k
  double nominal_alpha = 0.0;   // 2 (1 - Phi(c_k))
};

// The O'Brien-Fleming-type spending function alpha(t) at overall two-sided `alpha`.
double ObrienFlemingSpending(double t, double alpha);

// The looks at `fractions` (strictly increasing, in (0, 1], the last 1) at overall
// two-sided `alpha` in (0, 1). InvalidArgument otherwise or for more than 100 looks.
StatusOr<std::vector<PlannedLook>> PlanLooks(const std::vector<double>& fractions, double alpha);

// K equally spaced looks: fractions k / K.
StatusOr<std::vector<PlannedLook>> PlanEqualLooks(int looks, double alpha);

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_GROUP_SEQUENTIAL_H_
