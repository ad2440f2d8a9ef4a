// Leaving annotators out of a campaign's judgments.
//
// WMT organisers drop annotators who agree poorly with the others (agreement.h ranks them)
// or who contributed too few rankings to be judged. FilterAnnotators copies the rankings of
// the annotators that remain into a new Judgments, in their original order; systems are
// re-interned in order of first appearance among the kept rankings, so a system that only
// the excluded annotators saw disappears rather than sitting unrated.
// Thread safety: reentrant; `from` is only read.
#ifndef TOURNEY_INGEST_ANNOTATOR_FILTER_H_
#define TOURNEY_INGEST_ANNOTATOR_FILTER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

struct AnnotatorFilter {
  std::vector<std::string> exclude;  // judge ids to leave out; default none
  int64_t min_rankings = 0;          // leave out annotators with fewer rankings; default 0

  bool empty() const { return exclude.empty() && min_rankings <= 0; }
};

struct AnnotatorFilterReport {
  int64_t removed_annotators = 0;
  int64_t removed_rankings = 0;
  int64_t kept_annotators = 0;
};

// The rankings of `from` whose annotator passes `filter`. InvalidArgument when the filter is
// not empty and a ranking has no judge id, when an excluded name is no judge of `from`
// ("annotator 'x' does not occur in the input"), or when no ranking remains. The reader's
// counters (dropped_blank, skipped_invalid) are carried over. `report` may be null.
StatusOr<Judgments> FilterAnnotators(const Judgments& from, const AnnotatorFilter& filter,
                                     AnnotatorFilterReport* report);

}  // namespace tourney

#endif  // TOURNEY_INGEST_ANNOTATOR_FILTER_H_
