// WinMatrix: the weighted win matrix M(i, j) = win_weight * wins(i, j) + tie_weight * ties(i, j)
// that the counts-first pairwise models (Bradley-Terry MM, eigenvector, PageRank, average win
// rate) iterate over.
//
// With the defaults a tie counts as half a win for each side (the Chatbot Arena and evalica
// convention), so M(i, j) + M(j, i) is the number of comparisons between i and j.
// Dense, row-major, doubles: 200 systems take 320 KB, whatever the number of battles.
// WeightedWinMatrix builds it from comparisons that each carry a weight (a battle of weight c
// counts as c battles: Arena's reweighting, or any per-battle weight).
// Thread safety: const access is safe concurrently.
#ifndef TOURNEY_CORE_WIN_MATRIX_H_
#define TOURNEY_CORE_WIN_MATRIX_H_

#include <span>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"

namespace tourney {

struct WinWeights {
  double win = 1.0;  // weight of a win
  double tie = 0.5;  // weight of a tie, given to each side
};

class WinMatrix {
 public:
  WinMatrix(const PairCounts& counts, const WinWeights& weights);
  // From an explicit matrix. REQUIRES: values.size() == n * n, every value >= 0.
  WinMatrix(int n, std::vector<double> values) : n_(n), m_(std::move(values)) {}

  int size() const { return n_; }
  double operator()(int i, int j) const { return m_[static_cast<size_t>(i) * n_ + j]; }
  const double* row(int i) const { return m_.data() + static_cast<size_t>(i) * n_; }
  const std::vector<double>& values() const { return m_; }

 private:
  int n_;
  std::vector<double> m_;
};

// The win matrix of comparisons weighted one by one: M(i, j) = sum over the comparisons i won
// against j of c_k * weights.win, plus sum over the ties between i and j of c_k * weights.tie.
// With every c_k = 1 it equals WinMatrix(PairCounts::FromComparisons(...), weights); a
// comparison of weight 2 adds what two copies of it add.
// REQUIRES: comparison_weights.size() == comparisons.size(); every c_k finite and >= 0; ids
//           < num_systems.
WinMatrix WeightedWinMatrix(int num_systems, const Comparisons& comparisons,
                            std::span<const double> comparison_weights, const WinWeights& weights);

}  // namespace tourney

#endif  // TOURNEY_CORE_WIN_MATRIX_H_
