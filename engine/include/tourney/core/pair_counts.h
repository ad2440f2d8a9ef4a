// PairCounts: the n x n win / tie matrix of a set of comparisons.
//
// wins(i, j) counts comparisons system i won against system j; ties(i, j) == ties(j, i)
// counts ties between them. Every count-based statistic (Expected Wins, heat maps, the
// bootstrap's multinomial shortcut) starts here.
// Thread safety: const access is safe concurrently.
#ifndef TOURNEY_CORE_PAIR_COUNTS_H_
#define TOURNEY_CORE_PAIR_COUNTS_H_

#include <cstdint>
#include <vector>

#include "tourney/core/judgments.h"

namespace tourney {

class PairCounts {
 public:
  explicit PairCounts(int num_systems)
      : n_(num_systems),
        wins_(static_cast<size_t>(num_systems) * num_systems, 0),
        ties_(static_cast<size_t>(num_systems) * num_systems, 0) {}

  // Counts every comparison. REQUIRES: ids < num_systems.
  static PairCounts FromComparisons(int num_systems, const Comparisons& comparisons);

  void Add(SystemId a, SystemId b, Outcome o, int64_t count = 1) {
    total_ += count;
    switch (o) {
      case Outcome::kFirstWins:
        wins_[Index(a, b)] += count;
        break;
      case Outcome::kSecondWins:
        wins_[Index(b, a)] += count;
        break;
      case Outcome::kTie:
        ties_[Index(a, b)] += count;
        ties_[Index(b, a)] += count;
        break;
    }
  }

  int num_systems() const { return n_; }
  int64_t wins(int i, int j) const { return wins_[Index(i, j)]; }
  int64_t ties(int i, int j) const { return ties_[Index(i, j)]; }
  // All comparisons between i and j, in either direction.
  int64_t total(int i, int j) const { return wins(i, j) + wins(j, i) + ties(i, j); }
  // Every comparison counted so far.
  int64_t total() const { return total_; }

  // Per-system totals.
  int64_t wins(int i) const;
  int64_t losses(int i) const;
  int64_t ties(int i) const;

 private:
  size_t Index(int i, int j) const { return static_cast<size_t>(i) * n_ + j; }
  int n_;
  std::vector<int64_t> wins_;
  std::vector<int64_t> ties_;
  int64_t total_ = 0;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_PAIR_COUNTS_H_
