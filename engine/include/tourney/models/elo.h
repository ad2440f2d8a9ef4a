// Online Elo ratings in data order, with Chatbot Arena's parameters.
//
// DESCRIPTION
//   Elo (1978): for each comparison (a, b) in order, with expected score
//   E_a = 1 / (1 + base^((R_b - R_a) / scale)) and E_b = 1 - E_a,
//     R_a <- R_a + k (S_a - E_a),   R_b <- R_b + k (S_b - E_b),
//   S = 1 for a win, 0 for a loss, 1/2 for a tie. The defaults are the online Elo of the
//   Chatbot Arena notebook (initial 1000, base 10, scale 400, K = 4; Chiang et al. 2024,
//   "Chatbot Arena", §4) and of evalica's fixtures. The result depends on the order of the
//   comparisons (the reason Arena moved to Bradley-Terry).
//   Cost: O(C) for C comparisons.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_ELO_H_
#define TOURNEY_MODELS_ELO_H_

#include <vector>

#include "tourney/core/judgments.h"

namespace tourney {

struct EloOptions {
  double initial = 1000.0;  // every system's starting rating
  double base = 10.0;       // logistic base
  double scale = 400.0;     // rating points per factor `base` in odds
  double k = 4.0;           // update step
};

// Ratings indexed by system id (num_systems of them), after every comparison in order.
// REQUIRES: ids < num_systems.
std::vector<double> EloRatings(int num_systems, const Comparisons& comparisons,
                               const EloOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_ELO_H_
