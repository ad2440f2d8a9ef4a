// Reading scored-segment tables: one row per (system, segment) with a document, a human
// score that may be missing, and any number of automatic-metric scores (the input of
// `tourney sampling-study`, `sample` and `estimate`; Saldías et al. 2022).
//
// The table is tab-separated (TSV) when its header line holds a tab, CSV otherwise (RFC 4180
// quoting: a quoted field is kept as written, blanks included, where unquoted fields lose
// the blanks around them); plain, gzip or standard input ("-"), through ReadInputFile. The header names the
// columns. The human score is blank, `None` or `NA` where the segment was not annotated.
// Metric columns default to every other column whose values are all numbers and not all
// whole numbers (ids and positions such as `doc_seg` are whole numbers).
//
// Lines before the header that begin with '#' are notes (ScoredSegments::notes). Optional
// columns record the design that chose the segments, as `tourney sample --format tsv` writes
// them: `inclusion` (the probability that the design included the segment, in [0, 1]; 0 for
// a segment it could not draw), `sampled` (1 when it did, 0 otherwise) and `order` (the
// segment's 0-based position in the order the design serves the segments, a permutation of
// the test set's segments). They must agree across the rows of a segment.
//
// Rejected, with "FILE:LINE: column 'NAME': ..." messages: a missing column, a row with the
// wrong number of fields, a blank system, document or segment or one that is not UTF-8, a
// value that is not a number or not finite, a human score of magnitude above
// kMaxPlausibleScore, a blank cell in a column of metric scores, a segment listed under two
// documents, and a (system, segment) pair listed twice. A metric that is constant over one
// system's rows is dropped for that system with a warning (it carries no information and its
// standardised value is undefined).
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_SCORED_SEGMENT_READER_H_
#define TOURNEY_INGEST_SCORED_SEGMENT_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"

namespace tourney {

struct ScoredSegmentReadOptions {
  std::string system_column = "system";
  std::string document_column = "doc";
  std::string segment_column = "seg";
  std::string score_column = "mqm";
  // Metric columns by name; empty = every other non-integer numeric column (see above).
  std::vector<std::string> metric_columns;
  // Systems left out (e.g. the human reference the metrics were computed against).
  std::vector<std::string> exclude_systems;
};

// Reads `path` ("-" = standard input). On success the table has at least one system and
// one row; warnings name dropped metrics. InvalidArgument for bad input, IoError for an
// unreadable file.
StatusOr<ScoredSegments> ReadScoredSegments(const std::string& path,
                                            const ScoredSegmentReadOptions& options);

// The same from text in memory; `name` is used in messages.
StatusOr<ScoredSegments> ParseScoredSegments(std::string_view text, std::string_view name,
                                             const ScoredSegmentReadOptions& options);

}  // namespace tourney

#endif  // TOURNEY_INGEST_SCORED_SEGMENT_READER_H_
