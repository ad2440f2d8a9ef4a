// WMT26's official ranking rule for contrastive ESA, reproduced and labelled as such
// (`tourney cluster|rank --protocol wmt26`). Read from the organisers' analysis script,
// wmt-conference/wmt26-general-mt `humeval/02b-analyze_results.py` (the version that
// replaced the t-tests of `02-analyze_results.py` with bootstraps); no code copied.
//
// DESCRIPTION
//   - An item is a segment. A system's item score is the mean of every score it got on
//     the item (over annotators and screens); its board score is the mean of its item
//     scores. Systems are ordered by that score.
//   - "A significantly better than B" when either of two bootstraps passes (no
//     multiplicity correction, no account of the score-dependent assignment):
//       paired:      over the items both were scored on, d = item_A - item_B; when there
//                    are >= 2 and some d > 0, B resamples of mean(d); A is better when the
//                    one-sided 95% BCa lower bound is > 0;
//       independent: A's items and B's items resampled separately (each >= 2), statistic
//                    mean(A) - mean(B), the same one-sided 95% BCa lower bound > 0.
//     B = 100 resamples (the script's default). The BCa bound is Efron's (1987) as
//     scipy.stats.bootstrap computes it: z0 from the share of resampled statistics below
//     the estimate (ties counted half), acceleration from the jackknife of each sample in
//     turn, the adjusted percentile read from the resamples with linear interpolation.
//     tourney draws the resamples from its own seeded generator, so a decision near the
//     threshold can differ from one run of the script to the next, as the script's own
//     unseeded numpy draws do.
//   - Clusters: a boundary after position i when every system at or above i is
//     significantly better than every system below ("yes_cluster" in the script), i.e.
//     ClustersFromBeats (wmt_da_clusters.h) with that relation.
//   The script's rank ranges (rank_top/rank_bottom) are not reproduced: at the first and
//   last positions its loops read past the list (Python's index -1 and an exhausted range),
//   so they are not a rule one can state.
//   O(s^2 (B + n)) for s systems of n items.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_WMT26_RULE_H_
#define TOURNEY_PROTOCOLS_WMT26_RULE_H_

#include <cstdint>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/core/contrastive_screens.h"

namespace tourney {

struct Wmt26Options {
  int resamples = 100;     // the script's n_resamples
  double confidence = 0.95;
  uint64_t seed = 1;       // of the resamples
};

struct Wmt26Board {
  std::vector<double> score;          // per system id: mean of item means (0 unscored)
  std::vector<int64_t> items;         // per system id: items scored
  std::vector<int> order;             // scored system ids by score, best first
  std::vector<unsigned char> better;  // n x n by id: row significantly better than column
  std::vector<int> cluster;           // per system id: 1 = best; 0 unscored
  int num_clusters = 0;
};

// The one-sided (lower) BCa bound of the mean of `x` from `resamples` (scipy's rule, see
// above), at `confidence`. NaN when it is undefined (every resample on one side of the
// estimate). Exposed for tests. REQUIRES: x.size() >= 2, resamples.size() > 0.
double BcaLowerBoundOfMean(const std::vector<double>& x, const std::vector<double>& resamples,
                           double confidence);

// WMT26's "a better than b" test on item scores (NaN = not scored on that item; both
// vectors indexed by item). Draws from `seed`.
bool Wmt26SignificantlyBetter(const std::vector<double>& a, const std::vector<double>& b,
                              const Wmt26Options& options, uint64_t seed);

// WMT26's board of `screens`. InvalidArgument for screens that fail
// CheckContrastiveScreens, resamples < 1 or confidence outside (0, 1).
StatusOr<Wmt26Board> RankLikeWmt26(const ContrastiveScreens& screens,
                                   const Wmt26Options& options = {});

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_WMT26_RULE_H_
