// Which k systems a scored screen shows (contrastive ESA: k outputs of one segment scored
// side by side), and the exact probability with which the rule chose that subset. Used by
// the live contrastive campaign (tourney/campaigns/contrastive_campaign.h) and the simulated
// campaigns (tourney/experiments/contrastive_simulation.h).
//
// DESCRIPTION
//   Three rules, each a distribution over the C(n, k) subsets of the n systems given the
//   answers so far (ScreenTally); DrawScreenSystems draws from it, SubsetProbability gives
//   the probability of any subset under it (the number each screen records):
//   - "uniform": every subset with probability 1 / C(n, k).
//   - "wmt26" (Pearmut's `assignment: dynamic`, as WMT26 configured it: `dynamic_models: 3`,
//     `dynamic_coldstart: 20`; read from zouharvi/pearmut's `get_next_item_dynamic`, no code
//     copied):
//       warm-up, while some system has fewer than `coldstart` answers (the set L): when
//       |L| >= k, k systems uniformly from L (1 / C(|L|, k)); else all of L and k − |L|
//       uniformly from the others (1 / C(n − |L|, k − |L|)); a subset that is neither has
//       probability 0;
//       afterwards: the systems ranked by their mean score (ties by id), rank r (0 = best)
//       weighted 1 / sqrt(r + 1), k drawn one after another without replacement, each
//       with probability proportional to the weights left (numpy's choice); a subset's
//       probability is the sum over its k! draw orders.
//   - "adaptive" (tourney's): the same warm-up; afterwards a mixture. With probability
//       `explore` a uniform subset; otherwise a focus pair {a, b} drawn with probability
//       proportional to u_ab = (0.1 + z_ab² exp(−z_ab² / 8)) / sqrt(1 + n_ab), where n_ab
//       is the screens that showed both and z_ab = mean(d) / (sd(d) / sqrt(n_ab)) their
//       within-screen differences' t statistic (z = 0 below 2 screens or with sd 0), then
//       k − 2 others uniformly. The weight peaks at |z| = 2: screens go to pairs that are
//       about to separate and have few shared screens, less to pairs already far apart
//       (|z| large) or indistinguishable so far (|z| near 0, often true ties that no number
//       of screens separates); every subset keeps probability >= explore / C(n, k).
//       bench/cesa_coverage measures it against uniform and wmt26 (docs/wmt-protocols.md).
//       P(T) = explore / C(n, k) + (1 − explore) · Σ_{pairs {a,b} ⊂ T} π_ab / C(n − 2, k − 2),
//       π_ab = u_ab / Σ u.
//   Every rule reads only the answers before the screen, so the within-screen differences
//   of a pair keep their mean whatever the rule (the condition of the anytime board,
//   tourney/sequential/contrastive_board.h). All randomness comes from the caller's Rng.
//   Costs: DrawScreenSystems O(n log n + n²) (adaptive: the pair weights),
//   SubsetProbability O(k! k) for wmt26, O(n² + k²) for adaptive.
// Thread safety: ScreenTally is a plain value; the functions are reentrant.
#ifndef TOURNEY_SELECTION_SCREEN_ASSIGNMENT_H_
#define TOURNEY_SELECTION_SCREEN_ASSIGNMENT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "tourney/core/contrastive_screens.h"
#include "tourney/core/random.h"
#include "tourney/core/status.h"

namespace tourney {

enum class ScreenAssignment { kUniform, kWmt26, kAdaptive };

// "uniform", "wmt26" or "adaptive"; InvalidArgument naming the three otherwise.
StatusOr<ScreenAssignment> ParseScreenAssignment(std::string_view name);
const char* ScreenAssignmentName(ScreenAssignment rule);

// The answers the rules read: per system its answers and their sum, per pair the
// within-screen differences' count, sum and sum of squares.
class ScreenTally {
 public:
  explicit ScreenTally(int systems = 0);
  int systems() const { return n_; }
  // One screen's answers (distinct system ids in [0, systems)).
  void Add(const std::vector<ScreenAnswer>& answers);
  int64_t answers(int s) const { return answers_[s]; }
  double mean(int s) const { return answers_[s] > 0 ? sums_[s] / answers_[s] : 0.0; }
  int64_t shared(int a, int b) const { return pair(a, b).n; }
  // mean(score_a − score_b) over the shared screens (0 without any).
  double mean_difference(int a, int b) const;
  // The t statistic of that mean (0 below 2 screens or with no spread).
  double t_statistic(int a, int b) const;

 private:
  struct Pair {
    int64_t n = 0;
    double sum = 0.0;     // of score_lo − score_hi for lo < hi
    double sum_sq = 0.0;
  };
  const Pair& pair(int a, int b) const {
    return pairs_[static_cast<size_t>(a < b ? a : b) * n_ + (a < b ? b : a)];
  }
  int n_ = 0;
  std::vector<int64_t> answers_;
  std::vector<double> sums_;
  std::vector<Pair> pairs_;  // n × n, used for a < b
};

struct AssignmentOptions {
  int k = 3;            // systems per screen, 2..systems
  int coldstart = 20;   // the warm-up: answers every system should have
  double explore = 0.25; // adaptive: the uniform share, in (0, 1]
};

// OK, or InvalidArgument naming the field (k outside 2..systems, coldstart < 0, explore
// outside (0, 1]).
Status CheckAssignmentOptions(const AssignmentOptions& options, int systems);

// k distinct system ids drawn under `rule` (in draw order). REQUIRES: valid options.
std::vector<int> DrawScreenSystems(ScreenAssignment rule, const ScreenTally& tally,
                                   const AssignmentOptions& options, Rng& rng);

// The probability that `rule` draws the set `subset` (any order; distinct ids). In [0, 1];
// the probabilities of the C(n, k) subsets sum to 1.
double SubsetProbability(ScreenAssignment rule, const ScreenTally& tally,
                         const AssignmentOptions& options, const std::vector<int>& subset);

// C(n, k) as a double (0 outside 0 <= k <= n).
double Choose(int n, int k);

// The probability that drawing k without replacement, each draw proportional to the weights
// left, yields exactly the set `subset` (ids into `weights`, which need not be normalised).
// REQUIRES: distinct ids, every weight > 0.
double WeightedSubsetProbability(const std::vector<double>& weights,
                                 const std::vector<int>& subset);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_SCREEN_ASSIGNMENT_H_
