// Reading Google's MQM per-error TSV (google/wmt-mqm-human-evaluation: `mqm_newstest2020_ende.tsv`,
// `ted/ende/mqm_ted_ende.tsv`, ...; Freitag et al. 2021): one row per error, the scores'
// raw material (tourney/protocols/mqm_score.h). Not the texts of an MQM campaign.
//
// Tab-separated with a header line and no quoting at all (texts hold '"'; csv.QUOTE_NONE in
// Python terms): a field is everything between two tabs. The columns used are named
// `system`, `doc`, `seg_id` (the segment's number in the test set, an integer), `rater`,
// `category` and `severity`; the others (`doc_id`, `source`, `target` with `<v>...</v>`
// spans, `comment`) are ignored. Every row has the header's number of fields. Plain, gzip
// or standard input ("-").
//
// Errors are InvalidArgument "FILE:LINE: field 'NAME': ..." (a missing column, a wrong
// number of fields, a blank or non-UTF-8 system, document, rater, category or severity, a
// segment number that is not an integer) and IoError for an unreadable file.
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_MQM_ERROR_READER_H_
#define TOURNEY_INGEST_MQM_ERROR_READER_H_

#include <string>
#include <string_view>

#include "tourney/core/mqm_errors.h"
#include "tourney/core/status.h"

namespace tourney {

// Reads `path` ("-" = standard input). On success there is at least one row.
StatusOr<MqmErrors> ReadMqmErrors(const std::string& path);

// The same from text in memory; `name` is used in messages.
StatusOr<MqmErrors> ParseMqmErrors(std::string_view text, std::string_view name);

}  // namespace tourney

#endif  // TOURNEY_INGEST_MQM_ERROR_READER_H_
