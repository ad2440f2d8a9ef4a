#include "tourney/models/contextual_bradley_terry.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

double Sigmoid(double x) {
  return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x));
}

// log(sigmoid(x)) without overflow.
double LogSigmoid(double x) {
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

struct Pass {
  double loglik = 0.0;
  Eigen::VectorXd gradient;
  Eigen::MatrixXd information;
  Eigen::MatrixXd meat;  // only when asked
};

// One pass over the battles at (theta, beta): log-likelihood, gradient, information (and
// the score outer products when `with_meat`).
// Covariate c enters divided by scale[c] (its largest magnitude), so that the information
// stays finite whatever the covariates' units.
Pass Evaluate(const BattleLog& log, const std::vector<double>& y, const std::vector<double>& scale,
              const Eigen::VectorXd& params, int n, int k, double ridge, bool with_meat) {
  const int d = n + k;
  Pass p;
  p.gradient = Eigen::VectorXd::Zero(d);
  p.information = Eigen::MatrixXd::Zero(d, d);
  if (with_meat) p.meat = Eigen::MatrixXd::Zero(d, d);
  std::vector<double> z(k);
  for (size_t b = 0; b < log.size(); ++b) {
    const int i = log.battles.first[b];
    const int j = log.battles.second[b];
    double eta = params(i) - params(j);
    for (int c = 0; c < k; ++c) {
      z[c] = log.covariate(b, c) / scale[c];
      eta += params(n + c) * z[c];
    }
    const double prob = Sigmoid(eta);
    const double yb = y[static_cast<size_t>(log.battles.outcome[b])];
    p.loglik += yb * LogSigmoid(eta) + (1.0 - yb) * LogSigmoid(-eta);
    const double r = yb - prob;
    const double w = prob * (1.0 - prob);
    p.gradient(i) += r;
    p.gradient(j) -= r;
    p.information(i, i) += w;
    p.information(j, j) += w;
    p.information(i, j) -= w;
    p.information(j, i) -= w;
    for (int c = 0; c < k; ++c) {
      p.gradient(n + c) += r * z[c];
      p.information(i, n + c) += w * z[c];
      p.information(j, n + c) -= w * z[c];
      for (int e = 0; e <= c; ++e) p.information(n + c, n + e) += w * z[c] * z[e];
    }
    if (with_meat) {
      const double r2 = r * r;
      p.meat(i, i) += r2;
      p.meat(j, j) += r2;
      p.meat(i, j) -= r2;
      p.meat(j, i) -= r2;
      for (int c = 0; c < k; ++c) {
        p.meat(i, n + c) += r2 * z[c];
        p.meat(j, n + c) -= r2 * z[c];
        for (int e = 0; e <= c; ++e) p.meat(n + c, n + e) += r2 * z[c] * z[e];
      }
    }
  }
  // Mirror the blocks accumulated on one side.
  for (int c = 0; c < k; ++c) {
    for (int s = 0; s < n; ++s) p.information(n + c, s) = p.information(s, n + c);
    for (int e = 0; e < c; ++e) p.information(n + e, n + c) = p.information(n + c, n + e);
    if (with_meat) {
      for (int s = 0; s < n; ++s) p.meat(n + c, s) = p.meat(s, n + c);
      for (int e = 0; e < c; ++e) p.meat(n + e, n + c) = p.meat(n + c, n + e);
    }
  }
  if (ridge > 0.0) {
    for (int s = 0; s < n; ++s) {
      p.loglik -= 0.5 * ridge * params(s) * params(s);
      p.gradient(s) -= ridge * params(s);
      p.information(s, s) += ridge;
    }
  }
  return p;
}

// The information with 1 1'/n added to the theta block (see the header).
Eigen::MatrixXd Augmented(const Eigen::MatrixXd& information, int n) {
  Eigen::MatrixXd a = information;
  a.topLeftCorner(n, n).array() += 1.0 / n;
  return a;
}

}  // namespace

StatusOr<ContextualFit> FitContextualBradleyTerry(const BattleLog& log,
                                                  const ContextualOptions& options) {
  const int n = log.systems.size();
  const int k = static_cast<int>(log.covariate_names.size());
  ContextualFit fit;
  fit.names = log.covariate_names;
  if (log.covariates.size() != log.size() * static_cast<size_t>(k)) {
    return InvalidArgument("contextual Bradley-Terry: covariate table does not match the battles");
  }
  std::vector<double> scale(static_cast<size_t>(k), 1.0);
  for (int c = 0; c < k; ++c) {
    double lo = 0, hi = 0;
    for (size_t b = 0; b < log.size(); ++b) {
      const double v = log.covariate(b, c);
      if (!std::isfinite(v)) {
        return InvalidArgument("covariate '" + log.covariate_names[c] + "': value is not finite");
      }
      lo = b == 0 ? v : std::min(lo, v);
      hi = b == 0 ? v : std::max(hi, v);
    }
    scale[c] = std::max(std::fabs(lo), std::fabs(hi));
    if (!(hi > lo)) {
      return InvalidArgument("covariate '" + log.covariate_names[c] +
                             "' is constant: its effect cannot be estimated");
    }
  }
  if (n == 0) return fit;
  const double y_tie = options.weights.win > 0 ? options.weights.tie / options.weights.win : 0.5;
  const std::vector<double> y = {1.0, 0.0, y_tie};  // indexed by Outcome
  double ridge = 0.0;
  if (!BradleyTerryMleExists(WinMatrix(CountBattles(log), options.weights))) {
    ridge = options.ridge;
    fit.warning =
        "contextual bradley-terry: the maximum-likelihood estimate does not exist; theta is "
        "shrunk toward 0 by a ridge penalty";
  }
  Eigen::VectorXd params = Eigen::VectorXd::Zero(n + k);
  Pass pass = Evaluate(log, y, scale, params, n, k, ridge, false);
  while (!fit.converged && fit.iterations < options.max_iterations) {
    ++fit.iterations;
    const Eigen::VectorXd step = Augmented(pass.information, n).ldlt().solve(pass.gradient);
    if (!step.allFinite()) break;
    double step_scale = 1.0;
    Pass next;
    for (int halvings = 0; halvings < 30; ++halvings, step_scale /= 2) {
      next = Evaluate(log, y, scale, params + step_scale * step, n, k, ridge, false);
      if (next.loglik >= pass.loglik - 1e-12 * std::abs(pass.loglik)) break;
    }
    params += step_scale * step;
    pass = std::move(next);
    fit.converged = (step_scale * step).cwiseAbs().maxCoeff() < options.tolerance;
  }
  if (!fit.converged) {
    if (!fit.warning.empty()) fit.warning += "; ";
    fit.warning += "contextual bradley-terry: Newton did not converge after " +
                   std::to_string(fit.iterations) + " iterations";
  }
  const double mean = params.head(n).mean();
  params.head(n).array() -= mean;
  const Pass final_pass = Evaluate(log, y, scale, params, n, k, ridge, true);
  const Eigen::MatrixXd inv = Augmented(final_pass.information, n).inverse();
  Eigen::MatrixXd cov = inv * final_pass.meat * inv;
  // Centre the theta block (the constraint direction carries no information).
  Eigen::MatrixXd centre = Eigen::MatrixXd::Identity(n + k, n + k);
  centre.topLeftCorner(n, n).array() -= 1.0 / n;
  cov = centre * cov * centre.transpose();
  fit.theta.resize(n);
  fit.theta_se.resize(n);
  for (int s = 0; s < n; ++s) {
    fit.theta[s] = params(s);
    fit.theta_se[s] = std::sqrt(std::max(cov(s, s), 0.0));
  }
  for (int c = 0; c < k; ++c) {
    // Back to the covariate's own units.
    fit.beta.push_back(params(n + c) / scale[c]);
    fit.beta_se.push_back(std::sqrt(std::max(cov(n + c, n + c), 0.0)) / scale[c]);
  }
  auto finite = [](const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
  };
  if (!finite(fit.theta) || !finite(fit.theta_se) || !finite(fit.beta) || !finite(fit.beta_se)) {
    return Internal("contextual bradley-terry: the fit is not finite");
  }
  return fit;
}

}  // namespace tourney
