// Reading back a scoring campaign's scores as tourney exports them (`tourney campaign
// scoring-export`, the dashboard's "Scores (TSV)"), so that the protocols' commands
// (`tourney cluster|rank --protocol wmt-da | esa | mqm`) rank a campaign run in tourneyd.
//
// The file: a header line naming tab-separated columns, then one score per line. Columns by
// name: `system`, `doc`, `seg`, `score`, `annotator` (required), `error_spans` (optional: a
// JSON list of {start, end, severity, category}, proto3 JSON, where an absent start or end
// is 0 and an absent category is none); others (`sequence`, `key`, `committed_unix_ms`) are
// ignored. Fields are not quoted (tourneyd's names hold no tabs or line breaks).
//
// Each line becomes a SYSTEM judgment with raw = score (has_raw), its annotator, and a
// segment numbered 1.. per distinct (doc, seg) in order of first appearance; documents are
// named in DaJudgments::documents. z is left 0: a caller standardises
// (protocols/da_scores.h's StandardizeDaJudgments). Spans go into ErrorSpans beside the
// judgments. A scoring campaign scores each (system, segment) once, so a second line of the
// same (system, doc, seg) is an error naming both lines.
//
// Errors are InvalidArgument "FILE:LINE: column 'NAME': ..." (a missing column, a wrong
// number of fields, a blank name, a score that is not a finite number, error_spans that is
// not such a JSON list, a repeated item) and IoError for an unreadable file.
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_TOURNEY_SCORES_READER_H_
#define TOURNEY_INGEST_TOURNEY_SCORES_READER_H_

#include <string_view>

#include "tourney/core/da_judgments.h"
#include "tourney/core/error_spans.h"
#include "tourney/core/status.h"

namespace tourney {

struct TourneyScores {
  DaJudgments judgments;
  ErrorSpans spans;
};

// True when `text`'s first line is a header holding the columns system, doc, seg, score and
// annotator (tab-separated), as tourney's score exports begin.
bool LooksLikeTourneyScores(std::string_view text);

// The scores in `text`; `name` is used in messages.
StatusOr<TourneyScores> ParseTourneyScores(std::string_view text, std::string_view name);

}  // namespace tourney

#endif  // TOURNEY_INGEST_TOURNEY_SCORES_READER_H_
