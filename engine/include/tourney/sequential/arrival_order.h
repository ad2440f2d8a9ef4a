// The arrival-order check of the anytime boards: are the judgments in an order in which
// each board's target stays put, or did it drift over the campaign?
//
// DESCRIPTION
//   The anytime boards (anytime_leaderboard.h, pooled_anytime_leaderboard.h) hold in any
//   arrival order, for the running average of the judgments' conditional means
//   (running_mean_sequence.h). That average is the preference of a stationary campaign only
//   when the order is exchangeable; real campaigns arrive by annotator, by batch and by
//   sub-campaign, and then the boards speak of the campaign as collected. This check tells
//   the two apart, and the boards print its findings as warnings. Two tests, each a test of
//   exchangeability of the arrival order (under a random order both halves of a stream are
//   two random samples of it):
//   Preference drift. For each pair with at least kMinStream comparisons, the mean outcome
//   of the first half of its comparisons (in arrival order) against the second half: a
//   two-sample z test with the pooled variance, two-sided. A pair whose outcomes are all
//   equal has no variance and is not tested.
//   Composition drift. For each system with at least kMinStream rankings, how often it met
//   each opponent in the first and in the second half of its rankings: Pearson's
//   chi-square test of homogeneity, (opponents met - 1) degrees of freedom.
//   Each family is Bonferroni-corrected at `level` over the pairs (systems) tested, so under
//   an exchangeable order each says "drift" with probability at most `level`.
//   O(comparisons + n^2).
// Thread safety: reentrant.
#ifndef TOURNEY_SEQUENTIAL_ARRIVAL_ORDER_H_
#define TOURNEY_SEQUENTIAL_ARRIVAL_ORDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"

namespace tourney {

inline constexpr int64_t kMinStream = 40;

struct PreferenceDrift {
  SystemId a = 0, b = 0;            // a's preference over b
  int64_t early = 0, late = 0;      // comparisons in each half
  double early_mean = 0.0, late_mean = 0.0;
  double p = 1.0;                   // two-sided, before the correction
};

struct CompositionDrift {
  SystemId system = 0;
  int64_t rankings = 0;
  SystemId opponent = 0;              // the opponent whose share moved most
  double early_share = 0.0, late_share = 0.0;
  double p = 1.0;                     // before the correction
};

struct ArrivalOrderReport {
  double level = 0.01;
  int pairs_tested = 0;
  int systems_tested = 0;
  // The findings significant after the correction, most significant first.
  std::vector<PreferenceDrift> preference;
  std::vector<CompositionDrift> composition;
  bool exchangeable() const { return preference.empty() && composition.empty(); }
};

// The check of `judgments` in their order, at family-wise `level` per test (0 < level < 1).
ArrivalOrderReport CheckArrivalOrder(const Judgments& judgments, double level = 0.01);

// The report's findings as one or two sentences for a board's warnings, names[id] naming
// system id; empty when the order passed.
std::vector<std::string> ArrivalOrderWarnings(const ArrivalOrderReport& report,
                                              const std::vector<std::string>& names);

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_ARRIVAL_ORDER_H_
