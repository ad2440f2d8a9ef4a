#include "tourney/models/eigenvector.h"

#include <cmath>
#include <numeric>

namespace tourney {

PowerIterationResult LeftPowerIteration(const WinMatrix& a, const PowerIterationOptions& options) {
  const int n = a.size();
  PowerIterationResult out;
  if (n == 0) {
    out.converged = true;
    return out;
  }
  std::vector<double> x(n, 1.0 / n), next(n);
  while (!out.converged && out.iterations < options.max_iterations) {
    ++out.iterations;
    std::fill(next.begin(), next.end(), 0.0);
    for (int j = 0; j < n; ++j) {
      const double* row = a.row(j);
      const double xj = x[j];
      for (int i = 0; i < n; ++i) next[i] += row[i] * xj;
    }
    double norm = 0.0;
    for (double v : next) norm += v * v;
    norm = std::sqrt(norm);
    if (norm > 0.0) {
      for (double& v : next) v /= norm;
    }
    double change = 0.0;
    for (int i = 0; i < n; ++i) change += (next[i] - x[i]) * (next[i] - x[i]);
    out.converged = std::sqrt(change) < options.tolerance;
    x.swap(next);
  }
  out.vector = std::move(x);
  return out;
}

namespace {

WinMatrix Transpose(const WinMatrix& m) {
  const int n = m.size();
  std::vector<double> t(static_cast<size_t>(n) * n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) t[static_cast<size_t>(j) * n + i] = m(i, j);
  }
  return WinMatrix(n, std::move(t));
}

}  // namespace

PowerIterationResult EigenvectorScores(const WinMatrix& m, const PowerIterationOptions& options) {
  return LeftPowerIteration(Transpose(m), options);
}

PowerIterationResult PageRankScores(const WinMatrix& m, double damping,
                                    const PowerIterationOptions& options) {
  const int n = m.size();
  if (n == 0) return LeftPowerIteration(m, options);
  // Row j of the Google matrix: system j's losses, M(., j), normalised to sum 1 (uniform
  // when j never lost), damped and mixed with the uniform jump.
  std::vector<double> g(static_cast<size_t>(n) * n);
  const double uniform = 1.0 / n;
  for (int j = 0; j < n; ++j) {
    double lost = 0.0;
    for (int i = 0; i < n; ++i) lost += m(i, j);
    for (int i = 0; i < n; ++i) {
      const double p = lost > 0.0 ? m(i, j) / lost : uniform;
      g[static_cast<size_t>(j) * n + i] = damping * p + (1.0 - damping) * uniform;
    }
  }
  PowerIterationResult out = LeftPowerIteration(WinMatrix(n, std::move(g)), options);
  const double sum = std::accumulate(out.vector.begin(), out.vector.end(), 0.0);
  if (sum > 0.0) {
    for (double& v : out.vector) v /= sum;
  }
  return out;
}

}  // namespace tourney
