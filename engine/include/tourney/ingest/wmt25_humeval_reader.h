// Reading WMT25's released human evaluation, `data/wmt25-genmt-humeval.jsonl` of
// wmt-conference/wmt25-general-mt (written by its `humeval/05-collect_humeval.py`; read, not
// copied), for the score protocols (`--input-format wmt25-humeval`, --protocol esa|esa-holm).
// One JSON object per segment:
//   {"doc_id": "en-de_DE_#_news_#_doc7_#_3", "src_text": "...", "tgt_text": {SYS: text},
//    "scores": {SYS: {"human1": 71.0, "annotator1": "en-de_#_annotator4",
//                     "errors1": [...], "times1": [t0, t1],
//                     "human2": ..., "annotator2": ..., ...}}}
// where the suffix is the annotation wave (1 or 2): a segment's system can be scored once
// in each wave, by different annotators. Each (wave, system, segment) score is one
// judgment (annotator = annotatorN, "unknown" when absent, prefixed "wave N/" so the two
// waves' annotators stay apart; segment = doc_id; document = doc_id up to its last "_#_").
// A system without scores, `scores` empty and `tgt_text` are skipped. doc_ids that repeat
// are an error (each line is one segment).
//
// Errors: InvalidArgument "FILE:LINE: field 'NAME': ..." (not a JSON object, no doc_id, a
// score that is not a number in [0, 100], a repeated doc_id); IoError for an unreadable
// file. Plain, gzip or standard input ("-").
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_WMT25_HUMEVAL_READER_H_
#define TOURNEY_INGEST_WMT25_HUMEVAL_READER_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"

namespace tourney {

struct Wmt25Humeval {
  DaJudgments judgments;            // has_raw; z = 0 until StandardizeDaJudgments
  int64_t segments = 0;             // lines read
  std::array<int64_t, 2> wave_scores = {};  // judgments of wave 1 and wave 2
  int64_t double_scored = 0;        // (system, segment) scored in both waves
};

// Reads `path` ("-" = standard input). At least one score, else InvalidArgument.
StatusOr<Wmt25Humeval> ReadWmt25Humeval(const std::string& path);

// The same from text in memory; `name` is used in messages.
StatusOr<Wmt25Humeval> ParseWmt25Humeval(std::string_view text, std::string_view name);

// True when the first line of `head` is a JSON object with "doc_id" and "scores" members.
bool LooksLikeWmt25Humeval(std::string_view head);

}  // namespace tourney

#endif  // TOURNEY_INGEST_WMT25_HUMEVAL_READER_H_
