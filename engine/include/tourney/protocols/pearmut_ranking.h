// Pearmut's own ranking, reproduced (its dashboard's results export,
// zouharvi/pearnament server/results_export.py, read for this, not copied), and the paired
// one-sided t-test it draws lines with.
//
// DESCRIPTION
//   Scores: for each (model, item), the last score submitted in the log (a later annotator's
//   score, or a resubmission, replaces the earlier one); tutorials and attention checks
//   count like any item (Pearmut does not leave them out). A model's score is the mean of
//   its items' scores; models are sorted by it, highest first, ties in order of first
//   appearance (Python's stable sort over an insertion-ordered dict). Each model is then
//   compared with the next one down: a line is drawn below it when the one-sided paired
//   t-test (scipy.stats.ttest_rel(a, b, alternative="greater")) on the items both models
//   have gives p < 0.05. With fewer than two shared items, or differences that are all zero,
//   the p-value is undefined (NaN) and no line is drawn. No correction for the m - 1 tests,
//   and no per-annotator normalisation. O(scores + models * items).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_PEARMUT_RANKING_H_
#define TOURNEY_PROTOCOLS_PEARMUT_RANKING_H_

#include <cstdint>
#include <span>
#include <vector>

#include "tourney/core/platform_scores.h"
#include "tourney/core/status.h"
#include "tourney/protocols/holm_separations.h"

namespace tourney {

// The one-sided paired t-test of mean(x - y) > 0 (Student's t, n - 1 degrees of freedom).
struct PairedTTestResult {
  int64_t n = 0;
  double t = 0.0;        // NaN when undefined
  double p_value = 1.0;  // NaN when undefined (n < 2, or all differences zero)
};
// REQUIRES: x.size() == y.size().
PairedTTestResult PairedTTestGreater(std::span<const double> x, std::span<const double> y);

struct PearmutEntry {
  int32_t model = 0;         // index into PlatformScores::models
  double score = 0.0;        // mean over its items
  int64_t items = 0;         // Pearmut's "count"
  PairedTTestResult next;    // against the next model down (n = 0 for the last)
  bool line_below = false;   // Pearmut's sig_better_than_next: next.p_value < alpha
};

struct PearmutRanking {
  std::vector<PearmutEntry> entries;  // Pearmut's order, best first
  int lines = 0;                      // entries with line_below
  // Per model id: its 1-based group between Pearmut's lines (0 for a model without scores).
  std::vector<int> cluster;
};

// Pearmut's ranking of `scores` (see DESCRIPTION). InvalidArgument when there is no score or
// alpha is outside (0, 1).
StatusOr<PearmutRanking> RankLikePearmut(const PlatformScores& scores, double alpha = 0.05);

// How many of Pearmut's lines survive a corrected test: the adjacent pairs with a line that
// `holm` (paired Holm separations over the same model ids, e.g. of the log's non-validation
// judgments, holm_separations.h) separates in the same direction. A line next to a model
// outside holm's order (one scored only on attention checks) does not survive.
int SurvivingPearmutLines(const PearmutRanking& ranking, const PairedHolmRanking& holm);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_PEARMUT_RANKING_H_
