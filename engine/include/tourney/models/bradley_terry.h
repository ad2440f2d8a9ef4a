// Bradley-Terry maximum likelihood from a weighted win matrix, with sandwich intervals.
//
// DESCRIPTION
//   Bradley & Terry (1952): P(i beats j) = pi_i / (pi_i + pi_j), pi_i = exp(theta_i). With
//   ties as half wins (the Chatbot Arena convention; WinWeights) the log-likelihood is
//     l(theta) = sum_{i != j} M(i, j) * log(pi_i / (pi_i + pi_j)),
//   whose maximiser solves pi_i * sum_j n_ij / (pi_i + pi_j) = W_i (n_ij = M(i,j) + M(j,i),
//   W_i = sum_j M(i, j)); Zermelo (1929), Hunter (2004, "MM algorithms for generalized
//   Bradley-Terry models", Ann. Statist. 32, eq. 3).
//   FitBradleyTerry iterates Newman's (2023, "Efficient computation of rankings from pairwise
//   comparisons", JMLR 24(238), eq. 12) rearrangement of that equation in Gauss-Seidel order,
//     pi_i <- sum_j M(i, j) pi_j / (pi_i + pi_j)  /  sum_j M(j, i) / (pi_i + pi_j),
//   which has the same fixed point and converges several times faster than Zermelo's; after
//   each sweep pi is divided by its geometric mean and the sweep stops when the Euclidean
//   norm of the change is below `tolerance` (evalica's rule, so tolerance 1e-6 and 100
//   iterations reproduce its outputs).
//   Existence (Ford 1957): the MLE is finite only when the directed "i beat j" graph is
//   strongly connected. Otherwise, or whenever `prior` > 0, `prior` virtual comparisons per
//   system, counted as ties and spread evenly over all other systems, are added; this is a
//   symmetric Beta-like shrinkage toward equal strengths that keeps every score finite.
//   Intervals: the sandwich (robust, Huber 1967 / White 1982) covariance A+ B A+ of theta
//   under sum(theta) = 0, A the Fisher information sum_pairs n_ij p_ij (1 - p_ij) v v',
//   B the outer product of per-comparison scores sum (y - p_ij)^2 v v' (v = e_i - e_j, y = 1
//   for a win, 0 for a loss, the tie weight for a tie), both from the count table; and the
//   model-based covariance A+.
//   Weighted comparisons (WeightedWinMatrix; Arena's inverse pair-count reweighting): a
//   comparison k of weight c_k adds c_k to M, so the fit is the weighted MLE (a weight of 2
//   gives the fit of the comparison twice). Its sandwich sums c_k p(1 - p) into A and
//   c_k^2 (y_k - p)^2 into B: each comparison stays one independent observation, so the
//   errors do not change when every weight is multiplied by a constant (and a weight of 2 is
//   wider than two comparisons; equal weights of 1 give the unweighted errors exactly).
//   Cost: O(n^2) per sweep, a few hundred sweeps at most on connected data; intervals
//   O(n^2 + n^3) (one symmetric eigen-decomposition of the n x n information).
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_MODELS_BRADLEY_TERRY_H_
#define TOURNEY_MODELS_BRADLEY_TERRY_H_

#include <cmath>
#include <span>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/status.h"
#include "tourney/core/win_matrix.h"

namespace tourney {

// Elo points per unit of theta: 400 / ln(10), so that P(i beats j) = 1 / (1 + 10^(-d/400))
// for an Elo difference d (Chatbot Arena's SCALE = 400, BASE = 10).
inline constexpr double kEloPerLogit = 400.0 / 2.302585092994045684;
// Elo of a system with theta = 0 (the geometric-mean strength); Arena's INIT_RATING.
inline constexpr double kEloOffset = 1000.0;

struct BradleyTerryOptions {
  double tolerance = 1e-10;    // stop when ||pi_new - pi||_2 < tolerance (pi geometric-mean 1)
  int max_iterations = 10000;  // sweeps at most
  // Virtual comparisons per system (ties, spread over all others). 0 = none, unless the
  // MLE does not exist, in which case kAutoPrior is used and a warning is set.
  double prior = 0.0;
};

inline constexpr double kAutoPrior = 1.0;

struct BradleyTerryFit {
  std::vector<double> strengths;  // pi normalised to sum 1
  std::vector<double> theta;      // log pi, mean 0
  int iterations = 0;
  bool converged = false;
  double prior = 0.0;   // the prior actually used
  std::string warning;  // set when the prior was added automatically or no convergence
};

// Fits the model to `matrix`. An empty matrix gives an empty fit. Never returns non-finite
// values.
BradleyTerryFit FitBradleyTerry(const WinMatrix& matrix, const BradleyTerryOptions& options);

// True when the MLE exists: every system won (weighted) something and the "beat" graph is
// strongly connected.
bool BradleyTerryMleExists(const WinMatrix& matrix);

// The largest relative residual max_i |pi_i * sum_j n_ij / (pi_i + pi_j) / W_i - 1| of the
// likelihood equation at `strengths` (any positive scale). 0 at the MLE.
// REQUIRES: strengths.size() == matrix.size(), every strength > 0.
double BradleyTerryResidual(const WinMatrix& matrix, const std::vector<double>& strengths);

// Standard errors of theta under sum(theta) = 0.
struct BradleyTerryErrors {
  std::vector<double> sandwich;     // robust: sqrt(diag(A+ B A+))
  std::vector<double> model_based;  // sqrt(diag(A+))
};

// Standard errors at `theta` for the comparisons in `counts` (ties scored with
// `weights.tie`). `prior` (BradleyTerryFit::prior) adds the information of the virtual
// comparisons to A, as for any penalised likelihood; they add no sampling noise to B. A system
// without comparisons (and no prior) gets 0.
// REQUIRES: theta.size() == counts.num_systems().
BradleyTerryErrors BradleyTerryStandardErrors(const PairCounts& counts, const WinWeights& weights,
                                              const std::vector<double>& theta, double prior = 0.0);

// Standard errors at `theta` for comparisons weighted one by one (see DESCRIPTION):
// A = sum_k c_k p (1 - p) v v' (plus the prior's virtual comparisons), B = sum_k c_k^2
// (y_k - p)^2 v v'. With every c_k = 1 it equals BradleyTerryStandardErrors of their counts.
// REQUIRES: comparison_weights.size() == comparisons.size(), every c_k finite and >= 0,
//           theta.size() == num_systems, ids < num_systems.
BradleyTerryErrors WeightedBradleyTerryStandardErrors(
    int num_systems, const Comparisons& comparisons, std::span<const double> comparison_weights,
    const WinWeights& weights, const std::vector<double>& theta, double prior = 0.0);

}  // namespace tourney

#endif  // TOURNEY_MODELS_BRADLEY_TERRY_H_
