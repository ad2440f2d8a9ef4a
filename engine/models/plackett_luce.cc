#include "models/plackett_luce.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/core/win_matrix.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {
namespace {

// Stage s chooses order[begin, chosen_end) from order[begin, end), with a weight.
struct Stage {
  uint32_t begin, chosen_end, end;
  double weight;
  int32_t ranking;  // index of the ranking (its independent unit), -1 for the prior
};

struct StageTable {
  std::vector<SystemId> order;  // each ranking's systems sorted best first
  std::vector<Stage> stages;
  int rankings = 0;
};

StageTable BuildStages(const Judgments& judgments) {
  StageTable t;
  std::vector<std::pair<uint8_t, SystemId>> entries;
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    const RankingView v = judgments.ranking(r);
    entries.clear();
    for (size_t i = 0; i < v.systems.size(); ++i) entries.emplace_back(v.ranks[i], v.systems[i]);
    if (entries.size() < 2) continue;
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const uint32_t base = static_cast<uint32_t>(t.order.size());
    for (const auto& e : entries) t.order.push_back(e.second);
    const uint32_t end = static_cast<uint32_t>(t.order.size());
    uint32_t p = base;
    while (end - p >= 2) {
      uint32_t q = p + 1;
      while (q < end && entries[q - base].first == entries[p - base].first) ++q;
      t.stages.push_back({p, q, end, 1.0, static_cast<int32_t>(t.rankings)});
      p = q;
    }
    ++t.rankings;
  }
  return t;
}

// "i was chosen while j remained" relations, for the existence check.
bool MleExists(const StageTable& t, int n) {
  std::vector<double> m(static_cast<size_t>(n) * n, 0.0);
  for (const Stage& s : t.stages) {
    for (uint32_t a = s.begin; a < s.chosen_end; ++a) {
      for (uint32_t b = s.begin; b < s.end; ++b) {
        if (a != b) m[static_cast<size_t>(t.order[a]) * n + t.order[b]] = 1.0;
      }
    }
  }
  return BradleyTerryMleExists(WinMatrix(n, std::move(m)));
}

void AddPrior(StageTable& t, int n, double prior) {
  const double weight = prior / (2.0 * (n - 1));
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const uint32_t b = static_cast<uint32_t>(t.order.size());
      t.order.push_back(i);
      t.order.push_back(j);
      t.stages.push_back({b, b + 2, b + 2, weight, -1});
    }
  }
}

}  // namespace

PlackettLuceFit FitPlackettLuce(const Judgments& judgments, const PlackettLuceOptions& options) {
  const int n = judgments.num_systems();
  PlackettLuceFit fit;
  if (n == 0) return fit;
  StageTable t = BuildStages(judgments);
  double prior = options.prior;
  if (prior <= 0.0 && n > 1 && !MleExists(t, n)) {
    prior = kAutoPrior;
    fit.warning =
        "plackett-luce: the maximum-likelihood estimate does not exist (a system never beat or "
        "never lost to the others, or the comparison graph is not strongly connected); added 1 "
        "virtual tie per system spread over all others";
  }
  fit.prior = std::max(prior, 0.0);
  if (fit.prior > 0.0 && n > 1) AddPrior(t, n, fit.prior);

  std::vector<double> wins(n, 0.0);
  for (const Stage& s : t.stages) {
    for (uint32_t a = s.begin; a < s.chosen_end; ++a) wins[t.order[a]] += s.weight;
  }
  std::vector<double> gamma(n, 1.0), denom(n), next(n);
  while (!fit.converged && fit.iterations < options.max_iterations) {
    ++fit.iterations;
    std::fill(denom.begin(), denom.end(), 0.0);
    for (const Stage& s : t.stages) {
      double total = 0.0;
      for (uint32_t a = s.begin; a < s.end; ++a) total += gamma[t.order[a]];
      const double share = s.weight * (s.chosen_end - s.begin) / total;
      for (uint32_t a = s.begin; a < s.end; ++a) denom[t.order[a]] += share;
    }
    double log_sum = 0.0;
    for (int i = 0; i < n; ++i) {
      // A system in no ranking keeps the neutral strength.
      next[i] = wins[i] > 0.0 && denom[i] > 0.0 ? wins[i] / denom[i] : 1.0;
      log_sum += std::log(next[i]);
    }
    const double g = std::exp(log_sum / n);
    double change = 0.0;
    for (int i = 0; i < n; ++i) {
      next[i] /= g;
      change += (next[i] - gamma[i]) * (next[i] - gamma[i]);
    }
    gamma.swap(next);
    fit.converged = std::sqrt(change) < options.tolerance;
  }
  if (!fit.converged) {
    if (!fit.warning.empty()) fit.warning += "; ";
    fit.warning +=
        "plackett-luce: no convergence after " + std::to_string(fit.iterations) + " iterations";
  }
  fit.theta.resize(n);
  for (int i = 0; i < n; ++i) fit.theta[i] = std::log(gamma[i]);
  const double mean = std::accumulate(fit.theta.begin(), fit.theta.end(), 0.0) / n;
  for (double& x : fit.theta) x -= mean;

  // Errors: information per stage, scores per ranking (the prior's stages add information
  // but no sampling noise).
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
  Eigen::MatrixXd b = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd score = Eigen::VectorXd::Zero(n);
  std::vector<int> touched;
  int32_t current = -2;
  auto flush = [&] {
    for (int i : touched) {
      for (int j : touched) b(i, j) += score(i) * score(j);
    }
    for (int i : touched) score(i) = 0.0;
    touched.clear();
  };
  for (const Stage& s : t.stages) {
    if (s.ranking != current) {
      flush();
      current = s.ranking;
    }
    double total = 0.0;
    for (uint32_t x = s.begin; x < s.end; ++x) total += gamma[t.order[x]];
    const double m = static_cast<double>(s.chosen_end - s.begin);
    for (uint32_t x = s.begin; x < s.end; ++x) {
      const int i = t.order[x];
      const double pi = gamma[i] / total;
      a(i, i) += s.weight * m * pi;
      for (uint32_t y = s.begin; y < s.end; ++y) {
        const int j = t.order[y];
        a(i, j) -= s.weight * m * pi * gamma[j] / total;
      }
      if (s.ranking >= 0) {
        if (std::find(touched.begin(), touched.end(), i) == touched.end()) touched.push_back(i);
        score(i) += (x < s.chosen_end ? 1.0 : 0.0) - m * pi;
      }
    }
  }
  flush();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(a);
  const Eigen::VectorXd& values = eig.eigenvalues();
  const double cutoff = 1e-10 * std::max(1.0, values.maxCoeff());
  Eigen::VectorXd inv = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < n; ++k) inv(k) = values(k) > cutoff ? 1.0 / values(k) : 0.0;
  const Eigen::MatrixXd pinv =
      eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
  const Eigen::MatrixXd sandwich = pinv * b * pinv;
  fit.sandwich.resize(n);
  fit.model_based.resize(n);
  for (int i = 0; i < n; ++i) {
    fit.sandwich[i] = std::sqrt(std::max(sandwich(i, i), 0.0));
    fit.model_based[i] = std::sqrt(std::max(pinv(i, i), 0.0));
  }
  return fit;
}

}  // namespace tourney
