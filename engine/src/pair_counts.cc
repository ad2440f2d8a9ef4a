#include "tourney/pair_counts.h"

namespace tourney {

PairCounts PairCounts::FromComparisons(int num_systems, const Comparisons& c) {
  PairCounts counts(num_systems);
  const size_t n = c.size();
  const SystemId* first = c.first.data();
  const SystemId* second = c.second.data();
  const Outcome* outcome = c.outcome.data();
  int64_t* wins = counts.wins_.data();
  int64_t* ties = counts.ties_.data();
  const size_t stride = static_cast<size_t>(num_systems);
  for (size_t i = 0; i < n; ++i) {
    const size_t a = static_cast<size_t>(first[i]), b = static_cast<size_t>(second[i]);
    switch (outcome[i]) {
      case Outcome::kFirstWins: ++wins[a * stride + b]; break;
      case Outcome::kSecondWins: ++wins[b * stride + a]; break;
      case Outcome::kTie: ++ties[a * stride + b]; break;
    }
  }
  // Ties were counted in one direction only; make them symmetric.
  for (size_t a = 0; a < stride; ++a) {
    for (size_t b = a + 1; b < stride; ++b) {
      const int64_t t = ties[a * stride + b] + ties[b * stride + a];
      ties[a * stride + b] = ties[b * stride + a] = t;
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
