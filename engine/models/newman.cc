#include "tourney/models/newman.h"

#include <algorithm>
#include <cmath>

namespace tourney {
namespace {

// One sweep from (pi, v): the new scores and the new nu.
void Sweep(const PairCounts& c, const std::vector<double>& pi, double v, double fallback,
           std::vector<double>* pi_new, double* v_new) {
  const int n = c.num_systems();
  double v_num = 0.0, v_den = 0.0;
  for (int i = 0; i < n; ++i) {
    double numerator = 0.0, denominator = 0.0;
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const double w_ij = static_cast<double>(c.wins(i, j));
      const double w_ji = static_cast<double>(c.wins(j, i));
      const double t = static_cast<double>(c.ties(i, j));
      if (w_ij + w_ji + t == 0.0) continue;
      const double root = std::sqrt(pi[i] * pi[j]);
      const double d = pi[i] + pi[j] + 2.0 * v * root;
      numerator += (w_ij + 0.5 * t) * (pi[j] + v * root) / d;
      denominator += (w_ji + 0.5 * t) * (1.0 + v * std::sqrt(pi[j] / pi[i])) / d;
      v_num += t * (pi[i] + pi[j]) / d;
      v_den += w_ij * root / d;
    }
    // 0/0 (no comparisons) and 0 (no wins: the MLE does not exist) become `fallback`, so
    // that no later ratio divides by zero.
    const double s = numerator / denominator;
    (*pi_new)[i] = std::isfinite(s) && s > 0.0 ? s : fallback;
  }
  *v_new = (v_num / 2.0) / (2.0 * v_den);
}

}  // namespace

NewmanFit FitNewman(const PairCounts& counts, const NewmanOptions& options) {
  const int n = counts.num_systems();
  NewmanFit fit;
  fit.scores.assign(n, 1.0);
  fit.v = options.v_init;
  if (n == 0) {
    fit.converged = true;
    return fit;
  }
  std::vector<double> next(n);
  double v_next = options.v_init;
  while (!fit.converged && fit.iterations < options.max_iterations) {
    ++fit.iterations;
    fit.v = std::isfinite(v_next) ? v_next : options.tolerance;
    Sweep(counts, fit.scores, fit.v, options.tolerance, &next, &v_next);
    double change = 0.0;
    for (int i = 0; i < n; ++i) change += (next[i] - fit.scores[i]) * (next[i] - fit.scores[i]);
    fit.converged = std::sqrt(change) < options.tolerance;
    fit.scores.swap(next);
  }
  return fit;
}

double NewmanResidual(const PairCounts& counts, const std::vector<double>& scores, double v) {
  std::vector<double> next(scores.size());
  double v_next = 0.0;
  Sweep(counts, scores, v, 0.0, &next, &v_next);
  double worst = std::abs(v_next / v - 1.0);
  for (size_t i = 0; i < scores.size(); ++i) {
    worst = std::max(worst, std::abs(next[i] / scores[i] - 1.0));
  }
  return worst;
}

}  // namespace tourney
