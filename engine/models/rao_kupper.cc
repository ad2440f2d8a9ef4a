#include "models/rao_kupper.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/core/win_matrix.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

// d/d theta of the log-likelihood: -sum A(i,j) pi_j / (pi_i + theta pi_j) + 2 T theta /
// (theta^2 - 1).
double ThresholdScore(const std::vector<double>& a, const std::vector<double>& pi, double ties,
                      double threshold) {
  const int n = static_cast<int>(pi.size());
  double s = 2.0 * ties * threshold / (threshold * threshold - 1.0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double aij = a[static_cast<size_t>(i) * n + j];
      if (aij > 0.0) s -= aij * pi[j] / (pi[i] + threshold * pi[j]);
    }
  }
  return s;
}

// The threshold maximising the likelihood for fixed pi: the root of ThresholdScore, which
// goes from +infinity at 1 to a negative limit; found by bisection on theta - 1 in log space.
double BestThreshold(const std::vector<double>& a, const std::vector<double>& pi, double ties) {
  if (ties <= 0.0) return 1.0;
  double lo = std::log(1e-12), hi = std::log(1e6);  // log(theta - 1)
  if (ThresholdScore(a, pi, ties, 1.0 + std::exp(hi)) > 0.0) return 1.0 + std::exp(hi);
  for (int k = 0; k < 200 && hi - lo > 1e-13; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (ThresholdScore(a, pi, ties, 1.0 + std::exp(mid)) > 0.0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 1.0 + std::exp(0.5 * (lo + hi));
}

}  // namespace

RaoKupperFit FitRaoKupper(const PairCounts& counts, const RaoKupperOptions& options) {
  const int n = counts.num_systems();
  RaoKupperFit fit;
  if (n == 0) return fit;
  // A(i, j) = wins(i, j) + ties(i, j); T = number of ties.
  std::vector<double> a(static_cast<size_t>(n) * n, 0.0);
  double ties = 0.0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      a[static_cast<size_t>(i) * n + j] =
          static_cast<double>(counts.wins(i, j) + counts.ties(i, j));
      if (i < j) ties += static_cast<double>(counts.ties(i, j));
    }
  }
  double prior = options.prior;
  if (prior <= 0.0 && n > 1 && !BradleyTerryMleExists(WinMatrix(n, a))) {
    prior = kAutoPrior;
    fit.warning =
        "rao-kupper: the maximum-likelihood estimate does not exist (a system never won or "
        "tied, or the comparison graph is not strongly connected); added 1 virtual tie per "
        "system spread over all others";
  }
  fit.prior = std::max(prior, 0.0);
  if (fit.prior > 0.0 && n > 1) {
    const double c = fit.prior / (n - 1);  // virtual ties per pair, each a "win" both ways
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (i != j) a[static_cast<size_t>(i) * n + j] += c;
      }
    }
    ties += c * n * (n - 1) / 2.0;
  }
  std::vector<double> pi(n, 1.0), next(n);
  double threshold = BestThreshold(a, pi, ties);
  while (!fit.converged && fit.iterations < options.max_iterations) {
    ++fit.iterations;
    for (int i = 0; i < n; ++i) {
      double wins = 0.0, denominator = 0.0;
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        const double aij = a[static_cast<size_t>(i) * n + j];
        const double aji = a[static_cast<size_t>(j) * n + i];
        wins += aij;
        denominator +=
            aij / (pi[i] + threshold * pi[j]) + threshold * aji / (pi[j] + threshold * pi[i]);
      }
      next[i] = wins > 0.0 && denominator > 0.0 ? wins / denominator : 1.0;
    }
    double log_sum = 0.0;
    for (double p : next) log_sum += std::log(p);
    const double g = std::exp(log_sum / n);
    double change = 0.0;
    for (int i = 0; i < n; ++i) {
      next[i] /= g;
      change += (next[i] - pi[i]) * (next[i] - pi[i]);
    }
    pi.swap(next);
    const double new_threshold = BestThreshold(a, pi, ties);
    fit.converged = std::sqrt(change) < options.tolerance &&
                    std::abs(new_threshold - threshold) < options.tolerance;
    threshold = new_threshold;
  }
  if (!fit.converged) {
    if (!fit.warning.empty()) fit.warning += "; ";
    fit.warning +=
        "rao-kupper: no convergence after " + std::to_string(fit.iterations) + " iterations";
  }
  fit.threshold = threshold;
  fit.theta.resize(n);
  for (int i = 0; i < n; ++i) fit.theta[i] = std::log(pi[i]);
  const double mean = std::accumulate(fit.theta.begin(), fit.theta.end(), 0.0) / n;
  for (double& t : fit.theta) t -= mean;
  return fit;
}

}  // namespace tourney
