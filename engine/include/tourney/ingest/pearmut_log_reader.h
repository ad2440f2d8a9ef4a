// Reading Pearmut's annotation log, `data/outputs/<campaign_id>.jsonl` (Zouhar 2025-26,
// github.com/zouharvi/pearnament; its README's "Annotation output"): one JSON object per line,
// the front end's payload for one submitted document plus `user_id` and `item_i`:
//   {"item": [ITEM, ...], "annotation": [{MODEL: {"score": S, "error_spans": [SPAN, ...],
//    ...}, ...}, ...], "actions": [...], "user_id": "...", "item_i": 3, ...}
// where ITEM is a campaign item ({"doc_id", "src", "tgt": {MODEL: text}, "validation"?, ...};
// a single object is read as a list of one) and annotation[i] belongs to item[i]. SPAN is
// {"start_i", "end_i", "severity", "category"?} (character offsets, -1 when absent or null).
// A line without `item` or `annotation` is skipped and counted (Pearmut's dashboard skips
// it too); a score that is absent or null leaves that model unscored on the item.
//
// An item's identity is the item without `tgt` (Pearmut keys scores by
// json.dumps(item | {"tgt": None})): two items that agree on every other member are the same
// item, whichever model they show. Items with a `validation` member (tutorials, attention
// checks) are kept apart: their scores are in `scores` (marked) but not in `judgments`.
//
// Into a PearmutLog: `scores` (tourney/core/platform_scores.h), every score in log order, for
// Pearmut's own ranking; `judgments` (DaJudgments: annotator = user_id, system = model,
// segment = item identity + 1, document = doc_id, raw = score, has_raw, z = 0 until
// StandardizeDaJudgments), the non-validation scores, with their error spans beside them;
// a user's resubmission of an item replaces their earlier score of it there (a warning
// counts them), while `scores` keeps every submission.
//
// Errors are InvalidArgument "FILE:LINE: field 'NAME': ..." (a line that is not a JSON
// object, `item` and `annotation` of different lengths, a score that is not a number, a span
// without a severity, a blank user_id) and IoError for an unreadable file. Plain, gzip or
// standard input ("-").
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_PEARMUT_LOG_READER_H_
#define TOURNEY_INGEST_PEARMUT_LOG_READER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tourney/core/da_judgments.h"
#include "tourney/core/error_spans.h"
#include "tourney/core/platform_scores.h"
#include "tourney/core/status.h"

namespace tourney {

struct PearmutLog {
  PlatformScores scores;        // every score, validation items included, in log order
  DaJudgments judgments;    // the scores of non-validation items
  ErrorSpans spans;         // beside `judgments`
  int64_t entries = 0;          // non-blank lines
  int64_t skipped_entries = 0;  // lines without `item` or `annotation`
  int64_t validation_scores = 0;  // scores of validation items (in `scores` only)
};

// Reads `path` ("-" = standard input). On success at least one score was read.
StatusOr<PearmutLog> ReadPearmutLog(const std::string& path);

// The same from text in memory; `name` is used in messages.
StatusOr<PearmutLog> ParsePearmutLog(std::string_view text, std::string_view name);

// True when `head` starts (after blanks) with a JSON object that has an "annotation" member
// on its first line: how the score protocols tell a Pearmut log from a CSV.
bool LooksLikePearmutLog(std::string_view head);

}  // namespace tourney

#endif  // TOURNEY_INGEST_PEARMUT_LOG_READER_H_
