// Scored-pair Bradley-Terry: systems scored on the same items (a segment's outputs each given
// a direct-assessment, ESA or MQM score) rated by Bradley-Terry on soft pairwise outcomes,
// with a bootstrap over items.
//
// DESCRIPTION
//   On an item that scored systems A and B (scores s_A, s_B on a scale of range R), the pair
//   is one comparison with the soft outcome
//     w = clamp(1/2 + (s_A - s_B) / (2 R), 0, 1),
//   a win of w for A and 1 - w for B (the contrastive board's construction,
//   sequential/contrastive_board.h): equal scores are a tie, a difference of the whole range
//   a win. Every pair of distinct systems on an item counts, so an item scoring k systems
//   gives k(k-1)/2 comparisons. The soft wins fill a WinMatrix and FitBradleyTerry
//   (bradley_terry.h) fits log-strengths theta (mean 0): the maximiser of
//     sum over comparisons of w log sigma(theta_A - theta_B) + (1 - w) log sigma(theta_B -
//     theta_A).
//   Items, not comparisons, are the independent units (one item's pairs share its scores), so
//   the bootstrap draws I items with replacement out of the I items, from replicate r's
//   stream DeriveSeed(seed, r), and refits; each replicate's results are stored by index, so
//   they do not depend on the thread count.
//   Cost: O(sum_i k_i^2) to build a matrix, plus the fit (O(n^2) per sweep); the bootstrap
//   R times that.
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_MODELS_SCORED_PAIRS_H_
#define TOURNEY_MODELS_SCORED_PAIRS_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/core/win_matrix.h"
#include "tourney/models/bradley_terry.h"

namespace tourney {

// The soft outcome of A against B on one item: clamp(1/2 + (a - b) / (2 range), 0, 1).
// REQUIRES: range > 0.
inline double ScoredPairOutcome(double score_a, double score_b, double range) {
  return std::clamp(0.5 + (score_a - score_b) / (2.0 * range), 0.0, 1.0);
}

// Scores of systems on items: item i scored systems[k] with scores[k] for k in
// [offsets[i], offsets[i + 1]).
struct ScoredItems {
  int num_systems = 0;
  std::vector<uint32_t> offsets = {0};
  std::vector<int32_t> systems;
  std::vector<double> scores;

  size_t num_items() const { return offsets.size() - 1; }
};

// Ok when the offsets rise from 0 to systems.size() (== scores.size()), every system id is
// in [0, num_systems), no item scores a system twice and every score is finite;
// InvalidArgument naming the (0-based) item otherwise.
Status CheckScoredItems(const ScoredItems& items);

// The soft win matrix: M(A, B) sums the outcomes w of A against B over the items (item i
// counted multiplicity[i] times; every item once when `multiplicity` is empty).
// REQUIRES: CheckScoredItems(items) is Ok; range > 0; multiplicity empty or one per item.
WinMatrix ScoredPairWinMatrix(const ScoredItems& items, double range,
                              std::span<const int32_t> multiplicity = {});

struct ScoredPairsOptions {
  double range = 100.0;   // R, the width of the score scale (ESA, DA: 100), > 0
  int replicates = 1000;  // bootstrap replicates over items, 0..1,000,000 (0: none)
  uint64_t seed = 1;
  int threads = 0;                    // 0 = one per hardware thread; results never depend on it
  BradleyTerryOptions bradley_terry;  // the fit (tolerance 1e-10; prior when needed)
  // Polled before each replicate (thread-safe); true stops the bootstrap with Cancelled.
  std::function<bool()> cancelled;
};

struct ScoredPairsResult {
  std::vector<double> theta;  // full-data log-strengths, mean 0, by system id
  std::string warning;        // the full-data fit's (prior added, no convergence)
  // Replicate-major log-strengths: replicate_theta[r * num_systems + s].
  std::vector<double> replicate_theta;
  int replicates = 0;
};

// The full-data fit and the bootstrap over items. InvalidArgument for items that fail
// CheckScoredItems, no items, a range that is not finite and > 0 or replicates out of
// range; Cancelled when options.cancelled returned true.
StatusOr<ScoredPairsResult> FitScoredPairs(const ScoredItems& items,
                                           const ScoredPairsOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_SCORED_PAIRS_H_
