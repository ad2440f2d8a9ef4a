// Statistics of a scored screen: tourney's board of k outputs of one source shown together
// and each scored (WMT26's contrastive ESA, "cESA"; input tourney/core/contrastive_screens.h).
//
// DESCRIPTION
//   The honest board (ScoreContrastiveScreens, `tourney cluster|rank --protocol cesa`):
//   - score: each system's mean score over its answers (the number WMT reports);
//   - paired differences: for each pair (A, B), d = score_A - score_B on every screen that
//     showed both. A run of consecutive screens with the same screen id and annotator (a
//     document screen, which logs and exports give one screen per segment) is one
//     observation: the mean of its d over the segments, since the segments of one document,
//     answered together, are not independent draws. One screen holds the segment, the annotator and the moment fixed, so d
//     carries neither the segment's difficulty nor the annotator's offset: annotator
//     normalisation is not needed for these differences (an annotator's scale, not only
//     the offset, still differs; the pairs see it as noise);
//   - the scored-pair Bradley-Terry view: within a screen, each pair's scores become a soft
//     outcome w = 1/2 + (score_A - score_B) / (2 R) (R = score range, 100 for ESA), a win
//     of w for A and 1 - w for B (ScoredPairOutcome, models/scored_pairs.h, which fits the
//     same view to any scored items with a bootstrap over items); the strengths fitted to
//     those fractional wins (bradley_terry.h) are reported as `bt_theta` (log-strength)
//     beside the means;
//   - separations, two families at level alpha:
//       holm:    the paired t-test of mean(d) = 0 per pair, Holm (1979) over all C(s, 2)
//                pairs. Family-wise error <= alpha when each pair's differences are a
//                sample of a fixed size whose size did not depend on the scores (uniform
//                or fixed designs);
//       anytime: per pair, a confidence sequence for mean(d) over the screens in
//                submission order, and Holm's step-down over the pairs on those sequences
//                (with r pairs still open, each open pair's sequence at alpha / r; a pair
//                whose sequence excludes 0 is separated and closes; closed testing with
//                Bonferroni's local tests). The sequence (default) is the asymptotic
//                confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas
//                (2024, "Time-uniform central limit theory and asymptotic confidence
//                sequences", Ann. Statist., Gaussian-mixture boundary):
//                  mean +- sd sqrt(2 (t rho^2 + 1) / (t^2 rho^2) log(sqrt(t rho^2 + 1) / a)),
//                  rho^2 = (-2 log a + log(1 - 2 log a)) / tuned_for,
//                sd the sample deviation of the t differences; it needs only that
//                E[d_t | past] is the pair's mean difference, which holds whatever rule
//                chose the screen from the scores so far (WMT26's dynamic rule, tourney's
//                adaptive one) as long as the segment given to a pair is not chosen from
//                that pair's own outcome, and it holds over every number of screens at
//                once (the board reads it at the last). Where systems interact with
//                segments, the target is the pair's mean difference over the segments it
//                was shown on. The promise is asymptotic (as a pair's screens grow), so
//                pairs with fewer than min_screens screens are not separated. With `exact`,
//                the sequence is instead the nonasymptotic betting sequence of Waudby-Smith
//                & Ramdas (2023) (sequential/confidence_sequence.h) on x = (d + R) / (2R):
//                a promise at every size, but its bets are capped at 1/2 on a 2R-point
//                scale, so it needs hundreds of screens per pair to separate a few points.
//                Family-wise error <= alpha under the dynamic assignment (asymptotically;
//                exactly with `exact`); these are the board's clusters.
//     The inverse-probability-weighted view is not used for clusters: a screen's recorded
//     subset probability gives each system's inclusion probability only when every
//     possible subset's probability is known, which a log does not record; the per-pair
//     board above needs none (docs/wmt-protocols.md).
//   - clusters: the official boundary rule (ClustersFromBeats of protocols/wmt_da_clusters.h,
//     restated here) on the order by score with the anytime separations: a boundary after
//     rank r when every system above beats every system below.
//   O(screens * k^2 + s^2 log s) time, O(s^2) memory for s systems.
// Thread safety: reentrant.
#ifndef TOURNEY_SEQUENTIAL_CONTRASTIVE_BOARD_H_
#define TOURNEY_SEQUENTIAL_CONTRASTIVE_BOARD_H_

#include <cstdint>
#include <vector>

#include "tourney/core/contrastive_screens.h"
#include "tourney/core/status.h"

namespace tourney {

struct CesaOptions {
  double alpha = 0.05;       // family-wise level of both separation families
  bool exact = false;        // the nonasymptotic betting sequences instead of the asymptotic
  double tuned_for = 500.0;  // screens per pair the asymptotic sequence is tightest at
  int min_screens = 20;      // fewer shared screens: no asymptotic separation
};

struct CesaSystem {
  int64_t answers = 0;      // scores given to the system
  double mean = 0.0;        // mean score
  double bt_theta = 0.0;    // scored-pair Bradley-Terry log-strength (mean 0)
};

// One unordered pair, a < b by system id.
struct CesaPair {
  int a = 0;
  int b = 0;
  int64_t screens = 0;           // screens showing both (a document screen counts once)
  double mean_difference = 0.0;  // mean of score_a - score_b over those screens
  double p_value = 1.0;          // paired t-test, two-sided (1 with < 2 screens or sd 0)
  double p_holm = 1.0;
  // The anytime interval of mean(d), in score points, at the pair's last step-down level
  // (clipped to [-R, R]; [-R, R] below min_screens).
  double anytime_lo = 0.0;
  double anytime_hi = 0.0;
  int holm_winner = -1;     // system id separated above the other by Holm; -1 none
  int anytime_winner = -1;  // the same for the anytime sequences
};

struct CesaBoard {
  std::vector<CesaSystem> systems;  // by system id
  std::vector<int> order;           // system ids with answers, by mean (ties by id)
  std::vector<CesaPair> pairs;      // every a < b of the scored systems, row-major
  std::vector<int> cluster;         // per system id (anytime separations); 0 unscored
  std::vector<int> holm_cluster;    // the same with the Holm separations
  int num_clusters = 0;
  int num_holm_clusters = 0;
  int64_t screens = 0;  // observations: screens, a document screen's segments counted once
};

// The honest board of `screens`. InvalidArgument for screens that fail
// CheckContrastiveScreens or alpha outside (0, 1).
StatusOr<CesaBoard> ScoreContrastiveScreens(const ContrastiveScreens& screens,
                                            const CesaOptions& options = {});

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_CONTRASTIVE_BOARD_H_
