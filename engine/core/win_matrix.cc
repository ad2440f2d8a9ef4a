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

}  // namespace tourney
