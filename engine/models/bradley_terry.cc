#include "tourney/models/bradley_terry.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace tourney {
namespace {

// Nodes reachable from node 0 along edges i -> j with m(i, j) > 0 (forward) or
// m(j, i) > 0 (backward).
int CountReachable(const WinMatrix& m, bool forward) {
  const int n = m.size();
  std::vector<char> seen(n, 0);
  std::vector<int> stack = {0};
  seen[0] = 1;
  int count = 1;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int j = 0; j < n; ++j) {
      if (seen[j]) continue;
      const double w = forward ? m(i, j) : m(j, i);
      if (w > 0.0) {
        seen[j] = 1;
        ++count;
        stack.push_back(j);
      }
    }
  }
  return count;
}

WinMatrix AddPrior(const WinMatrix& m, double prior) {
  const int n = m.size();
  std::vector<double> values = m.values();
  const double half = 0.5 * prior / (n - 1);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i != j) values[static_cast<size_t>(i) * n + j] += half;
    }
  }
  return WinMatrix(n, std::move(values));
}

// Divides pi by its geometric mean.
void NormaliseGeometric(std::vector<double>& pi) {
  double log_sum = 0.0;
  for (double p : pi) log_sum += std::log(p);
  const double g = std::exp(log_sum / static_cast<double>(pi.size()));
  for (double& p : pi) p /= g;
}

}  // namespace

bool BradleyTerryMleExists(const WinMatrix& matrix) {
  const int n = matrix.size();
  if (n <= 1) return true;
  return CountReachable(matrix, true) == n && CountReachable(matrix, false) == n;
}

BradleyTerryFit FitBradleyTerry(const WinMatrix& input, const BradleyTerryOptions& options) {
  BradleyTerryFit fit;
  const int n = input.size();
  if (n == 0) return fit;
  if (n == 1) {
    fit.strengths = {1.0};
    fit.theta = {0.0};
    fit.converged = true;
    return fit;
  }
  double prior = options.prior;
  if (prior <= 0.0 && !BradleyTerryMleExists(input)) {
    prior = kAutoPrior;
    fit.warning =
        "bradley-terry: the maximum-likelihood estimate does not exist (a system never won or "
        "never lost, or the comparison graph is not strongly connected); added " +
        std::to_string(static_cast<int>(prior)) + " virtual tie per system spread over all others";
  }
  fit.prior = std::max(prior, 0.0);
  const WinMatrix m = fit.prior > 0.0 ? AddPrior(input, fit.prior) : input;

  std::vector<double> pi(n, 1.0), previous(n);
  while (!fit.converged && fit.iterations < options.max_iterations) {
    ++fit.iterations;
    previous = pi;
    for (int i = 0; i < n; ++i) {
      const double* row = m.row(i);
      double numerator = 0.0, denominator = 0.0;
      for (int j = 0; j < n; ++j) {
        const double inv = 1.0 / (pi[i] + pi[j]);
        numerator += row[j] * pi[j] * inv;
        denominator += m(j, i) * inv;
      }
      // A row or column of zeros only arises for a system without comparisons (the prior
      // covers every other case); it keeps the neutral strength.
      pi[i] = (numerator > 0.0 && denominator > 0.0) ? numerator / denominator : 1.0;
    }
    NormaliseGeometric(pi);
    double change = 0.0;
    for (int i = 0; i < n; ++i) change += (pi[i] - previous[i]) * (pi[i] - previous[i]);
    fit.converged = std::sqrt(change) < options.tolerance;
  }
  if (!fit.converged) {
    if (!fit.warning.empty()) fit.warning += "; ";
    fit.warning +=
        "bradley-terry: no convergence after " + std::to_string(fit.iterations) + " iterations";
  }
  const double total = std::accumulate(pi.begin(), pi.end(), 0.0);
  fit.strengths.resize(n);
  fit.theta.resize(n);
  for (int i = 0; i < n; ++i) {
    fit.strengths[i] = pi[i] / total;
    fit.theta[i] = std::log(pi[i]);
  }
  const double mean = std::accumulate(fit.theta.begin(), fit.theta.end(), 0.0) / n;
  for (double& t : fit.theta) t -= mean;
  return fit;
}

double BradleyTerryResidual(const WinMatrix& m, const std::vector<double>& pi) {
  const int n = m.size();
  double worst = 0.0;
  for (int i = 0; i < n; ++i) {
    double wins = 0.0, expected = 0.0;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      wins += m(i, j);
      expected += pi[i] * (m(i, j) + m(j, i)) / (pi[i] + pi[j]);
    }
    if (wins > 0.0) worst = std::max(worst, std::abs(expected / wins - 1.0));
  }
  return worst;
}

namespace {

// What the sandwich needs of the comparisons between i and j (i < j): `total` for the
// information (the weights' sum), and for the score variance the sums of squared weights of
// the comparisons i won, j won and tied (counts when every weight is 1).
struct PairSums {
  double total = 0.0;
  double first_wins = 0.0;
  double second_wins = 0.0;
  double ties = 0.0;
};

// The sandwich and model-based errors from per-pair sums, indexed i * n + j for i < j.
BradleyTerryErrors SandwichErrors(int n, const std::vector<PairSums>& sums,
                                  const WinWeights& weights, const std::vector<double>& theta,
                                  double prior) {
  BradleyTerryErrors out;
  out.sandwich.assign(n, 0.0);
  out.model_based.assign(n, 0.0);
  if (n < 2) return out;
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
  Eigen::MatrixXd b = Eigen::MatrixXd::Zero(n, n);
  // Scores are y - p for the first system of the pair; a tie scores y = tie / win weight.
  const double y_tie = weights.win > 0.0 ? weights.tie / weights.win : 0.5;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const PairSums& pair = sums[static_cast<size_t>(i) * n + j];
      const double virtual_games = prior > 0.0 ? prior / (n - 1) : 0.0;
      if (pair.total + virtual_games == 0.0) continue;
      const double p = 1.0 / (1.0 + std::exp(theta[j] - theta[i]));
      const double info = (pair.total + virtual_games) * p * (1.0 - p);
      const double meat = pair.first_wins * (1.0 - p) * (1.0 - p) + pair.second_wins * p * p +
                          pair.ties * (y_tie - p) * (y_tie - p);
      for (auto [mat, v] : {std::pair{&a, info}, std::pair{&b, meat}}) {
        (*mat)(i, i) += v;
        (*mat)(j, j) += v;
        (*mat)(i, j) -= v;
        (*mat)(j, i) -= v;
      }
    }
  }
  // Pseudo-inverse by eigen-decomposition: the null space holds the constant vector (and one
  // more direction per extra connected component), which the constraint removes.
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(a);
  const Eigen::VectorXd& values = eig.eigenvalues();
  const double cutoff = 1e-10 * std::max(1.0, values.maxCoeff());
  Eigen::VectorXd inv = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < n; ++k) {
    if (values(k) > cutoff) inv(k) = 1.0 / values(k);
  }
  const Eigen::MatrixXd& vecs = eig.eigenvectors();
  const Eigen::MatrixXd a_pinv = vecs * inv.asDiagonal() * vecs.transpose();
  const Eigen::MatrixXd sandwich = a_pinv * b * a_pinv;
  for (int i = 0; i < n; ++i) {
    out.model_based[i] = std::sqrt(std::max(a_pinv(i, i), 0.0));
    out.sandwich[i] = std::sqrt(std::max(sandwich(i, i), 0.0));
  }
  return out;
}

}  // namespace

BradleyTerryErrors BradleyTerryStandardErrors(const PairCounts& counts, const WinWeights& weights,
                                              const std::vector<double>& theta, double prior) {
  const int n = counts.num_systems();
  std::vector<PairSums> sums(static_cast<size_t>(n) * n);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      PairSums& pair = sums[static_cast<size_t>(i) * n + j];
      pair.first_wins = static_cast<double>(counts.wins(i, j));
      pair.second_wins = static_cast<double>(counts.wins(j, i));
      pair.ties = static_cast<double>(counts.ties(i, j));
      pair.total = pair.first_wins + pair.second_wins + pair.ties;
    }
  }
  return SandwichErrors(n, sums, weights, theta, prior);
}

BradleyTerryErrors WeightedBradleyTerryStandardErrors(
    int num_systems, const Comparisons& comparisons, std::span<const double> comparison_weights,
    const WinWeights& weights, const std::vector<double>& theta, double prior) {
  const int n = num_systems;
  std::vector<PairSums> sums(static_cast<size_t>(n) * n);
  for (size_t k = 0; k < comparisons.size(); ++k) {
    int i = comparisons.first[k], j = comparisons.second[k];
    Outcome o = comparisons.outcome[k];
    if (i == j) continue;
    if (i > j) {  // the pair's entry is (min, max): the outcome from min's side
      std::swap(i, j);
      if (o != Outcome::kTie)
        o = o == Outcome::kFirstWins ? Outcome::kSecondWins : Outcome::kFirstWins;
    }
    const double c = comparison_weights[k];
    PairSums& pair = sums[static_cast<size_t>(i) * n + j];
    pair.total += c;
    double& meat = o == Outcome::kFirstWins    ? pair.first_wins
                   : o == Outcome::kSecondWins ? pair.second_wins
                                               : pair.ties;
    meat += c * c;
  }
  return SandwichErrors(n, sums, weights, theta, prior);
}

}  // namespace tourney
