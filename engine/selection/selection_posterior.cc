#include "tourney/selection/selection_posterior.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace tourney {

SelectionBtFit FitSelectionBt(const PairCounts& counts, double ridge) {
  const int n = counts.num_systems();
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd h(n, n);
  Eigen::VectorXd g(n);
  auto build = [&]() {
    h = ridge * Eigen::MatrixXd::Identity(n, n);
    g = -ridge * theta;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const double total = static_cast<double>(counts.total(i, j));
        if (total == 0.0) continue;
        const double score =
            static_cast<double>(counts.wins(i, j)) + 0.5 * static_cast<double>(counts.ties(i, j));
        const double p = 1.0 / (1.0 + std::exp(theta[j] - theta[i]));
        const double info = total * p * (1.0 - p);
        g[i] += score - total * p;
        g[j] -= score - total * p;
        h(i, i) += info;
        h(j, j) += info;
        h(i, j) -= info;
        h(j, i) -= info;
      }
    }
  };
  for (int iter = 0; iter < 100; ++iter) {
    build();
    Eigen::VectorXd step = h.llt().solve(g);
    const double largest = step.cwiseAbs().maxCoeff();
    if (largest > 2.0) step *= 2.0 / largest;  // damped: the log posterior is concave
    theta += step;
    if (largest < 1e-10) break;
  }
  build();
  const Eigen::MatrixXd cov = h.llt().solve(Eigen::MatrixXd::Identity(n, n));
  SelectionBtFit fit;
  fit.theta.assign(theta.data(), theta.data() + n);
  fit.covariance.resize(static_cast<size_t>(n) * static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) fit.covariance[static_cast<size_t>(i) * n + j] = cov(i, j);
  }
  return fit;
}

std::vector<Rating> SelectionPosterior(const PairCounts& counts) {
  return FitSelectionPosterior(counts).ratings;
}

SelectionPosteriorFit FitSelectionPosterior(const PairCounts& counts) {
  SelectionBtFit fit = FitSelectionBt(counts);
  const size_t n = fit.theta.size();
  const double inv_n = 1.0 / static_cast<double>(n);
  std::vector<double> row_mean(n, 0.0);
  double grand = 0.0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) row_mean[i] += fit.covariance[i * n + j] * inv_n;
    grand += row_mean[i] * inv_n;
  }
  SelectionPosteriorFit out;
  out.ratings.resize(n);
  for (size_t j = 0; j < n; ++j) {
    // Var(theta_j - mean) = S_jj - 2 mean_k S_jk + mean_kl S_kl.
    const double v = fit.covariance[j * n + j] - 2.0 * row_mean[j] + grand;
    out.ratings[j] = {fit.theta[j], std::sqrt(std::max(v, 0.0))};
  }
  out.covariance = std::move(fit.covariance);
  return out;
}

}  // namespace tourney
