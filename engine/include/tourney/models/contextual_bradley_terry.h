// Contextual Bradley-Terry ("style control"): Bradley-Terry with per-battle covariates.
//
// DESCRIPTION
//   Chatbot Arena's style control (Li et al. 2024, "Does style matter? Disentangling style and
//   substance in Chatbot Arena"; arena-rank's contextual BT): for battle b between systems a
//   and c with covariates z_b (for example the normalised length difference a - c),
//     logit P(a beats c) = theta_a - theta_c + beta' z_b,
//   a tie counting half a win for each side (y = 1/2). theta is identified by sum(theta) = 0.
//   Fitted by Newton-Raphson with step halving on the log-likelihood, from theta = beta = 0;
//   each iteration is one pass over the battles (O(B k^2) to accumulate the gradient and the
//   Fisher information, k covariates) and one dense (n + k) solve (O((n + k)^3)). The
//   sum-zero constraint is imposed by adding 1 1'/n to the theta block of the information,
//   which leaves the solution unchanged because every gradient is orthogonal to 1.
//   Intervals: the sandwich covariance A^-1 B A^-1 (A the information, B the sum of the
//   outer products of per-battle scores (y - p) x_b), as arena-rank reports.
//   When the plain Bradley-Terry MLE does not exist (bradley_terry.h), a ridge penalty
//   `ridge` * ||theta||^2 / 2 keeps theta finite and a warning is set.
//   Without covariates the fit is the plain Bradley-Terry MLE.
//   Each covariate is divided by its largest magnitude for the fit (beta and its standard
//   error are reported in the covariate's own units), so values of any size give a finite
//   information matrix; the Newton tolerance applies to the scaled coefficients.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_CONTEXTUAL_BRADLEY_TERRY_H_
#define TOURNEY_MODELS_CONTEXTUAL_BRADLEY_TERRY_H_

#include <string>
#include <vector>

#include "tourney/core/battle_log.h"
#include "tourney/core/status.h"
#include "tourney/core/win_matrix.h"

namespace tourney {

struct ContextualOptions {
  WinWeights weights;        // a tie scores weights.tie / weights.win (1/2)
  double tolerance = 1e-10;  // stop when the max |Newton step| < tolerance
  int max_iterations = 100;  // Newton iterations at most
  double ridge = 1.0;        // theta penalty used only when the plain MLE does not exist
};

struct ContextualFit {
  std::vector<double> theta;       // per system, sum 0
  std::vector<double> theta_se;    // sandwich standard errors
  std::vector<std::string> names;  // covariate names
  std::vector<double> beta;        // per covariate
  std::vector<double> beta_se;     // sandwich standard errors
  int iterations = 0;
  bool converged = false;
  std::string warning;
};

// Fits the model to every battle of `log` with its covariates. InvalidArgument when a
// covariate is constant (its effect is not identified) or a value is not finite; Internal
// when the fit itself is not finite (never returned with non-finite numbers).
StatusOr<ContextualFit> FitContextualBradleyTerry(const BattleLog& log,
                                                  const ContextualOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_CONTEXTUAL_BRADLEY_TERRY_H_
