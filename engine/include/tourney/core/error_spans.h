// ErrorSpans: the error spans an annotator marked in a translation while scoring it, kept
// beside the judgments they belong to (ESA: Kocmi et al. 2024, "Error Span Annotation", WMT;
// MQM campaigns run in Appraise or Pearmut). A span has character offsets into the
// translation, a severity ("minor", "major", "undecided" in Appraise's exports) and, in MQM
// campaigns, a category ("Accuracy/Mistranslation": the export's [category, subcategory]
// joined by '/'). An omission has no place in the translation: its offsets are -1 (Appraise
// writes "missing").
//
// The reader is tourney/ingest/appraise_scores_reader.h; MqmErrorsFromSpans turns spans into
// the error rows that tourney/protocols/mqm_score.h weighs.
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_ERROR_SPANS_H_
#define TOURNEY_CORE_ERROR_SPANS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/mqm_errors.h"

namespace tourney {

// One span. `judgment` indexes the DaJudgments::rows the spans sit beside.
struct ErrorSpan {
  int32_t judgment = 0;
  int32_t start = -1;     // first character (0-based); -1 when the span has no place
  int32_t end = -1;       // one past the last character; -1 when the span has no place
  int32_t severity = 0;   // index into ErrorSpans::severities
  int32_t category = -1;  // index into ErrorSpans::categories; -1 when none was given

  bool operator==(const ErrorSpan&) const = default;
};

struct ErrorSpans {
  std::vector<std::string> severities;  // as written, in order of first appearance
  std::vector<std::string> categories;  // as written ('/'-joined), in order of first appearance
  std::vector<ErrorSpan> spans;         // sorted by judgment, then in input order

  // The spans of judgment `j`: [first, last) into `spans` (empty when it has none).
  std::pair<size_t, size_t> OfJudgment(int32_t j) const;
};

// The spans of `judgments`' SYSTEM items as MQM error rows (tourney/core/mqm_errors.h): one
// row per span with its severity and category as written (category "" when none), and one
// row of severity and category "No-error" for an item without spans. The rater is the
// annotator; system, document and segment are the judgment's. REPEAT items (a resubmission
// of an item already counted) and quality-control items (REF, BAD) are left out.
MqmErrors MqmErrorsFromSpans(const DaJudgments& judgments, const ErrorSpans& spans);

}  // namespace tourney

#endif  // TOURNEY_CORE_ERROR_SPANS_H_
