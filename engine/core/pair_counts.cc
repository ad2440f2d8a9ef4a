#include "tourney/core/pair_counts.h"

namespace tourney {

PairCounts PairCounts::FromComparisons(int num_systems, const Comparisons& c) {
  PairCounts counts(num_systems);
  const size_t n = c.size();
  const size_t stride = static_cast<size_t>(num_systems);
  // One branch-free increment per comparison into a (first, second, outcome) cell table,
  // folded into wins and symmetric ties afterwards.
  std::vector<uint32_t> cells(stride * stride * 3, 0);
  const SystemId* first = c.first.data();
  const SystemId* second = c.second.data();
  const Outcome* outcome = c.outcome.data();
  uint32_t* cell = cells.data();
  counts.total_ = static_cast<int64_t>(n);
  for (size_t i = 0; i < n; ++i) {
    ++cell[(static_cast<size_t>(first[i]) * stride + static_cast<size_t>(second[i])) * 3 +
           static_cast<size_t>(outcome[i])];
  }
  for (size_t a = 0; a < stride; ++a) {
    for (size_t b = 0; b < stride; ++b) {
      const uint32_t* k = cell + (a * stride + b) * 3;
      counts.wins_[a * stride + b] += k[static_cast<int>(Outcome::kFirstWins)];
      counts.wins_[b * stride + a] += k[static_cast<int>(Outcome::kSecondWins)];
      counts.ties_[a * stride + b] += k[static_cast<int>(Outcome::kTie)];
      counts.ties_[b * stride + a] += k[static_cast<int>(Outcome::kTie)];
    }
  }
  return counts;
}

int64_t PairCounts::wins(int i) const {
  int64_t s = 0;
  for (int j = 0; j < n_; ++j) s += wins(i, j);
  return s;
}

int64_t PairCounts::losses(int i) const {
  int64_t s = 0;
  for (int j = 0; j < n_; ++j) s += wins(j, i);
  return s;
}

int64_t PairCounts::ties(int i) const {
  int64_t s = 0;
  for (int j = 0; j < n_; ++j) s += ties(i, j);
  return s;
}

}  // namespace tourney
