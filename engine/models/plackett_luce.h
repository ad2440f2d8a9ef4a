// Plackett-Luce for k-way rankings with ties, by Hunter's MM algorithm.
//
// DESCRIPTION
//   Plackett (1975), Luce (1959): a ranking of k systems is built best first, each stage
//   choosing the next system from those remaining with probability gamma_i / sum_R gamma.
//   Ties (equal ranks, as WMT annotators give) use Breslow's (1974) treatment of tied events:
//   the m systems tied at a stage are each chosen from the same remaining set R, contributing
//   sum_{i in G} log gamma_i - m log sum_{l in R} gamma_l, after which the whole group leaves
//   R; the last stage is skipped only when a single system remains (a tie for last place
//   still says that the tied systems beat nobody and lost to nobody among themselves).
//   Hunter (2004, "MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32,
//   §5) gives the minorise-maximise update
//     gamma_i <- w_i / sum_{stages s with i in R_s} m_s / sum_{l in R_s} gamma_l,
//   w_i the number of stages at which i was chosen. Jacobi sweeps, gamma divided by its
//   geometric mean after each; stop when the Euclidean change is below `tolerance`.
//   With only two-way rankings and no ties this is Bradley-Terry; under the Breslow rule a
//   tie counts as one win for each side out of two (not half a win out of one). Existence needs
//   strong connectivity as for Bradley-Terry; otherwise (or with `prior` > 0) `prior` virtual tied
//   pairs per system, spread over all others, are added as weighted stages. Errors: model-based A+
//   and sandwich A+ B A+ under sum(theta) = 0 (theta = log gamma), A = sum_s m_s (diag(p_s) - p_s
//   p_s'), B = sum over rankings of the outer product of the ranking's score, so rankings (not
//   stages) are the independent units. Cost: O(sum of k per ranking) per sweep after one pass
//   building the stages.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_PLACKETT_LUCE_H_
#define TOURNEY_MODELS_PLACKETT_LUCE_H_

#include <string>
#include <vector>

#include "tourney/core/judgments.h"

namespace tourney {

struct PlackettLuceOptions {
  double tolerance = 1e-10;    // stop when ||gamma_new - gamma||_2 < tolerance
  int max_iterations = 10000;  // sweeps at most
  double prior = 0.0;          // virtual tied pairs per system (automatic 1 when needed)
};

struct PlackettLuceFit {
  std::vector<double> theta;     // log gamma, mean 0
  std::vector<double> sandwich;  // sandwich standard errors of theta
  std::vector<double> model_based;
  int iterations = 0;
  bool converged = false;
  double prior = 0.0;
  std::string warning;
};

// Fits the model to every ranking of `judgments` (systems of one '+'-group count as tied).
PlackettLuceFit FitPlackettLuce(const Judgments& judgments, const PlackettLuceOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_PLACKETT_LUCE_H_
