#include "tourney/core/win_matrix.h"

namespace tourney {

WinMatrix::WinMatrix(const PairCounts& counts, const WinWeights& weights)
    : n_(counts.num_systems()), m_(static_cast<size_t>(n_) * n_, 0.0) {
  for (int i = 0; i < n_; ++i) {
    for (int j = 0; j < n_; ++j) {
      if (i == j) continue;
      m_[static_cast<size_t>(i) * n_ + j] = weights.win * static_cast<double>(counts.wins(i, j)) +
                                            weights.tie * static_cast<double>(counts.ties(i, j));
    }
  }
}

WinMatrix WeightedWinMatrix(int num_systems, const Comparisons& comparisons,
                            std::span<const double> comparison_weights, const WinWeights& weights) {
  const auto n = static_cast<size_t>(num_systems);
  std::vector<double> m(n * n, 0.0);
  for (size_t k = 0; k < comparisons.size(); ++k) {
    const auto a = static_cast<size_t>(comparisons.first[k]);
    const auto b = static_cast<size_t>(comparisons.second[k]);
    const double c = comparison_weights[k];
    switch (comparisons.outcome[k]) {
      case Outcome::kFirstWins:
        m[a * n + b] += c * weights.win;
        break;
      case Outcome::kSecondWins:
        m[b * n + a] += c * weights.win;
        break;
      case Outcome::kTie:
        m[a * n + b] += c * weights.tie;
        m[b * n + a] += c * weights.tie;
        break;
    }
  }
  return WinMatrix(num_systems, std::move(m));
}

}  // namespace tourney
