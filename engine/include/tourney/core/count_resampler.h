// CountResampler: the counts of a bootstrap resample of a count table, drawn in O(cells).
//
// DESCRIPTION
//   N items fall into K cells with counts c_1..c_K (sum N). Drawing N items with replacement
//   gives cell counts X ~ Multinomial(N; c_k / N). CountResampler draws X exactly (up to
//   double rounding) by Poissonization with an exact correction:
//     1. Y_k ~ Poisson(c_k) independently, S = sum Y_k. Given S = s, Y ~ Multinomial(s;
//        c_k / N) (Poisson splitting).
//     2. s < N: add N - s items, each in cell k with probability c_k / N (Walker's alias
//        table over the cells): a Multinomial(N - s; c_k / N) independent of Y, and the sum
//        of the two is Multinomial(N; c_k / N).
//        s > N: remove s - N items one at a time, each uniformly among those left (a Fenwick
//        tree over Y): the N items kept are a uniformly random subset of s iid draws, so
//        Multinomial(N; c_k / N).
//     So X ~ Multinomial(N; c_k / N) given every s, hence unconditionally.
//   Poisson(c) for a count c <= kTableLimit is one alias-table draw (the pmf tabulated once
//   per distinct count, out to where the tail is below 1e-17 of the mass); a larger count is
//   the sum of Poisson(kTableLimit) draws and one of the remainder (Poisson sums are Poisson).
//   Cost per draw: O(K + N / kTableLimit) alias draws plus O(|S - N| log K) for the
//   correction, E|S - N| ~ sqrt(2 N / pi); the binomial chain (SampleMultinomial, binomial.h)
//   draws the same distribution with K binomial variates, several times slower.
//   Uses Rng::UniformInt and Rng::Uniform only: a seed gives the same counts everywhere.
// Thread safety: Sample() is const and reentrant (each thread its own Rng and output).
#ifndef TOURNEY_CORE_COUNT_RESAMPLER_H_
#define TOURNEY_CORE_COUNT_RESAMPLER_H_

#include <cstdint>
#include <span>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {

class CountResampler {
 public:
  // Poisson(c) is tabulated for c up to this count.
  static constexpr int64_t kTableLimit = 1024;

  // The table for counts `counts` (cells with count 0 are never drawn).
  // REQUIRES: every count >= 0; sum(counts) < 2^53.
  explicit CountResampler(std::span<const int64_t> counts);

  int64_t total() const { return total_; }
  size_t cells() const { return counts_.size(); }

  // Fills out[k] with cell k's count in one resample; sum(out) == total().
  // REQUIRES: out.size() == cells().
  void Sample(Rng& rng, std::span<int64_t> out) const;

 private:
  // Walker's alias table over `weights` (non-negative, not all 0).
  struct Alias {
    std::vector<double> keep;       // probability of keeping index i after picking it
    std::vector<uint32_t> alias;    // where it goes otherwise
    uint32_t Draw(Rng& rng) const;  // an index with probability weight / total
    void Build(const std::vector<double>& weights);
  };
  const Alias& PoissonTable(int64_t mean) const;
  int64_t Poisson(Rng& rng, int64_t mean) const;

  std::vector<int64_t> counts_;
  int64_t total_ = 0;
  Alias cells_;                          // over the cells, weights c_k
  std::vector<int32_t> table_of_count_;  // per count 0..kTableLimit: index in tables_, -1
  std::vector<Alias> tables_;            // Poisson(count) for the counts in use
};

}  // namespace tourney

#endif  // TOURNEY_CORE_COUNT_RESAMPLER_H_
