// One input of a score protocol (`tourney cluster|rank --protocol wmt-da | esa | mqm`), read
// once (standard input included) in the format named or, by default, the one its content
// shows: tourney's own score export when its header names system, doc, seg, score and
// annotator (LooksLikeTourneyScores, tourney_scores_reader.h), WMT25's humeval JSONL when its
// first line is a JSON object with "doc_id" and "scores" (LooksLikeWmt25Humeval,
// wmt25_humeval_reader.h), a Pearmut annotation log when its first line is a JSON object with an "annotation"
// (LooksLikePearmutLog, pearmut_log_reader.h), an Appraise segment-level score export when
// its first record looks like one (LooksLikeAppraiseScores, appraise_scores_reader.h),
// otherwise the protocol's native file
// (an organisers' WMT DA file, wmt_da_reader.h, or Google's MQM TSV, mqm_error_reader.h).
// Errors as those readers'; InvalidArgument for a format the protocol does not read.
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_SCORE_INPUT_H_
#define TOURNEY_INGEST_SCORE_INPUT_H_

#include <string>

#include "tourney/core/da_judgments.h"
#include "tourney/core/error_spans.h"
#include "tourney/core/mqm_errors.h"
#include "tourney/core/status.h"
#include "tourney/ingest/appraise_scores_reader.h"
#include "tourney/ingest/wmt_da_reader.h"

namespace tourney {

enum class ScoreInputFormat {
  kAuto,         // by content (see above)
  kAppraiseCsv,  // "appraise-csv"
  kWmtDa,        // "wmt-da"
  kGoogleMqm,    // "google-mqm"
  kPearmutLog,   // "pearmut-log"
  kTourneyScores,  // "tourney-scores": tourney campaign scoring-export's TSV
  kWmt25Humeval,   // "wmt25-humeval": WMT25's wmt25-genmt-humeval.jsonl (wmt25_humeval_reader.h)
};

// The format named `name` (auto, appraise-csv, wmt-da, google-mqm, pearmut-log,
// tourney-scores, wmt25-humeval); InvalidArgument naming
// the option '--input-format' otherwise.
StatusOr<ScoreInputFormat> ParseScoreInputFormat(const std::string& name);

struct ScoreJudgments {
  ScoreInputFormat format = ScoreInputFormat::kWmtDa;  // the format read (never kAuto)
  AppraiseLayout layout = AppraiseLayout::kAuto;       // for kAppraiseCsv
  DaJudgments judgments;
  ErrorSpans spans;  // Appraise's 12-field layout, Pearmut logs and tourney's exports
};

// Judgments from `path` ("-" = standard input): tourney's score export, a Pearmut log's
// non-validation scores, an Appraise export or a WMT DA file (read with `da_options`; moments apply to a WMT DA file
// only). Under kAuto, a text that looks like neither a Pearmut log nor an Appraise export is
// read as `fallback` (kWmtDa or kAppraiseCsv, whose reader then reports what is wrong).
// kGoogleMqm is an error here.
StatusOr<ScoreJudgments> ReadScoreJudgments(const std::string& path, ScoreInputFormat format,
                                            const WmtDaReadOptions& da_options = {},
                                            ScoreInputFormat fallback = ScoreInputFormat::kWmtDa);

// MQM error rows from `path`: a Google MQM TSV, or an Appraise 12-field MQM export or
// tourney's score export of an MQM campaign whose spans become rows (MqmErrorsFromSpans,
// tourney/core/error_spans.h). kWmtDa is an error. A tourney export with a non-zero score
// and no spans on a line is not of an MQM campaign (whose score is the spans' weighted sum):
// InvalidArgument "FILE:LINE: column 'score': ..." rather than MQM 0 for every system.
StatusOr<MqmErrors> ReadMqmScoreInput(const std::string& path, ScoreInputFormat format);

}  // namespace tourney

#endif  // TOURNEY_INGEST_SCORE_INPUT_H_
