// Newman's iteration for Bradley-Terry with ties (Davidson's tie model).
//
// DESCRIPTION
//   Newman (2023, "Efficient computation of rankings from pairwise comparisons", JMLR 24(238),
//   §4): a Davidson-type (1970) tie model, P(i beats j) = pi_i / D_ij and
//   P(tie) = 2 nu sqrt(pi_i pi_j) / D_ij with D_ij = pi_i + pi_j + 2 nu sqrt(pi_i pi_j),
//   solved by the simultaneous (Jacobi) updates
//     pi_i <- sum_j H(i,j) (pi_j + nu sqrt(pi_i pi_j)) / D_ij
//             / sum_j H(j,i) (1 + nu sqrt(pi_j / pi_i)) / D_ij,        H = W + T / 2,
//     nu   <- (sum_{i,j} T(i,j) (pi_i + pi_j) / D_ij / 2) / (2 sum_{i,j} W(i,j) sqrt(pi_i pi_j) /
//     D_ij),
//   with W the win counts and T the (symmetric) tie counts, starting from pi = 1, nu = v_init;
//   the pi update uses the nu of the previous sweep. pi is not normalised (the iteration is
//   homogeneous: its fixed points form a ray). Stops when ||pi_new - pi||_2 < tolerance.
//   These are evalica's conventions, so its defaults (v_init 0.5, tolerance 1e-6, 100
//   iterations) reproduce its output.
//   Cost: O(n^2) per sweep.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_NEWMAN_H_
#define TOURNEY_MODELS_NEWMAN_H_

#include <vector>

#include "tourney/core/pair_counts.h"

namespace tourney {

struct NewmanOptions {
  double v_init = 0.5;         // starting tie parameter nu
  double tolerance = 1e-10;    // stop when ||pi_new - pi||_2 < tolerance
  int max_iterations = 10000;  // sweeps at most
};

struct NewmanFit {
  std::vector<double> scores;  // pi, unnormalised (see DESCRIPTION)
  double v = 0.0;              // the tie parameter used by the last sweep
  int iterations = 0;
  bool converged = false;
};

// Fits the model to the counts. A system without comparisons, or without wins (whose
// strength the MLE would send to 0), gets the score `tolerance` (never NaN or 0).
NewmanFit FitNewman(const PairCounts& counts, const NewmanOptions& options);

// The largest relative change max(|pi'_i / pi_i - 1|, |nu' / nu - 1|) that one more sweep
// would make from (scores, v): 0 at a fixed point.
double NewmanResidual(const PairCounts& counts, const std::vector<double>& scores, double v);

}  // namespace tourney

#endif  // TOURNEY_MODELS_NEWMAN_H_
