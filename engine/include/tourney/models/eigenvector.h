// Spectral rankings: eigenvector centrality and PageRank of the weighted win graph.
//
// DESCRIPTION
//   Keener (1993, "The Perron-Frobenius theorem and the ranking of football teams", SIAM
//   Review 35(1)): a system's strength is proportional to the strengths of the systems it
//   beat, score = M score / ||M score||, the Perron vector of the weighted win matrix M
//   (win_matrix.h), found by power iteration from the uniform vector.
//   PageRank (Page, Brin, Motwani & Winograd 1998) on the loss graph: every system spreads
//   its score over the systems that beat it in proportion to M(j, i) (a system that never
//   lost spreads uniformly), damped by d: score_i = d sum_j M(i, j) score_j / L_j + (1 - d)/n
//   with L_j = sum_k M(k, j); normalised to sum 1.
//   LeftPowerIteration is the shared kernel, x <- A' x / ||A' x||_2, stopping when
//   ||x_new - x||_2 < tolerance; with A = M it is evalica's `eigen` (which therefore
//   ranks by weighted losses: see docs/bradley-terry.md), with A = M' it is Keener's vector.
//   Cost: O(n^2) per iteration.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_EIGENVECTOR_H_
#define TOURNEY_MODELS_EIGENVECTOR_H_

#include <vector>

#include "tourney/core/win_matrix.h"

namespace tourney {

struct PowerIterationOptions {
  double tolerance = 1e-10;    // stop when ||x_new - x||_2 < tolerance
  int max_iterations = 10000;  // iterations at most
};

struct PowerIterationResult {
  std::vector<double> vector;  // unit Euclidean norm (sum 1 for PageRank)
  int iterations = 0;
  bool converged = false;
};

// Power iteration x <- A' x / ||A' x|| from x = 1/n. A zero product leaves x unnormalised.
PowerIterationResult LeftPowerIteration(const WinMatrix& a, const PowerIterationOptions& options);

// Keener's eigenvector: power iteration on M (score_i grows with sum_j M(i, j) score_j).
PowerIterationResult EigenvectorScores(const WinMatrix& m, const PowerIterationOptions& options);

// PageRank of the loss graph with damping `damping` (0.85 by convention), summing to 1.
// REQUIRES: 0 <= damping <= 1.
PowerIterationResult PageRankScores(const WinMatrix& m, double damping,
                                    const PowerIterationOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_EIGENVECTOR_H_
