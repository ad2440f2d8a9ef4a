// Rao-Kupper: Bradley-Terry with a threshold model of ties.
//
// DESCRIPTION
//   Rao & Kupper (1967, "Ties in paired-comparison experiments: a generalization of the
//   Bradley-Terry model", JASA 62): with a threshold theta >= 1,
//     P(i beats j) = pi_i / (pi_i + theta pi_j),
//     P(i ties j)  = (theta^2 - 1) pi_i pi_j / ((pi_i + theta pi_j)(theta pi_i + pi_j)).
//   A tie factors into one "win" of i over j and one of j over i, so with A(i, j) = wins(i, j)
//   + ties(i, j) the log-likelihood is
//     sum_{i != j} A(i, j) [log pi_i - log(pi_i + theta pi_j)] + T log(theta^2 - 1).
//   Hunter (2004, "MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32, §4)
//   minorises it in pi for fixed theta:
//     pi_i <- sum_j A(i, j) / sum_j [A(i, j) / (pi_i + theta pi_j) + theta A(j, i) / (pi_j +
//             theta pi_i)];
//   each sweep (Jacobi, then division by the geometric mean) is followed by the maximisation
//   of the likelihood in theta for fixed pi: the root of its derivative, which runs from
//   +infinity at theta = 1 to a negative value, by bisection on log(theta - 1). Without ties
//   theta = 1 (Bradley-Terry).
//   Stops when both the Euclidean change of pi and the change of theta are below `tolerance`.
//   Existence: as for Bradley-Terry on A (bradley_terry.h); otherwise `prior` virtual ties per
//   system (automatic when needed) spread over all others.
//   Cost: O(n^2) per sweep plus O(n^2) per theta step.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_RAO_KUPPER_H_
#define TOURNEY_MODELS_RAO_KUPPER_H_

#include <string>
#include <vector>

#include "tourney/core/pair_counts.h"

namespace tourney {

struct RaoKupperOptions {
  double tolerance = 1e-10;    // on pi (geometric mean 1) and theta
  int max_iterations = 10000;  // sweeps at most
  double prior = 0.0;          // virtual ties per system (automatic 1 when needed)
};

struct RaoKupperFit {
  std::vector<double> theta;  // log pi, mean 0
  double threshold = 1.0;     // Rao-Kupper's theta
  int iterations = 0;
  bool converged = false;
  double prior = 0.0;
  std::string warning;
};

RaoKupperFit FitRaoKupper(const PairCounts& counts, const RaoKupperOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_RAO_KUPPER_H_
