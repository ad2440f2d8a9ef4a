// Reading Appraise's segment-level score exports (`manage.py ExportSystemScoresToCSV`): one
// CSV row per annotated item, no header, in one of three layouts told apart by their number
// of fields:
//   9  WMT22 DA  (header.SegLvl.csv): username, system, itemId, itemType, srcLang, trgLang,
//      score, timeStart, timeEnd;
//   11 WMT23 DA+SQM (CSV-format.md): UserID, SystemID, SegmentID (1-based within the
//      document), Type, SourceLanguage, TargetLanguage, Score, DocumentID, IsDocument?,
//      StartTime, EndTime;
//   12 ESA / MQM (the ESA paper's campaign, the WMT24 ESA release): user, system, itemID,
//      itemType, srcLang, tgtLang, score, documentID, isDocument, error_spans, startTime,
//      endTime; error_spans is a JSON list [{"start_i", "end_i", "severity", "error_type"}]
//      in an RFC 4180 quoted field ("" for a quote); error_type is null, a string or
//      [category, subcategory]; start_i/end_i "missing" for an omission.
// Fields may be quoted (RFC 4180); a quoted field may span lines. Plain, gzip or standard
// input ("-").
//
// Into DaJudgments (tourney/core/da_judgments.h): raw = the score (0-100), has_raw = true,
// z = 0 until StandardizeDaJudgments (tourney/protocols/da_scores.h) standardises the scores
// per annotator over all of their judgments, quality-control items included, as WMT does.
// Item types: TGT is a system item, REF a reference (kReference), BAD a degraded copy
// (kBadReference), and so is any item whose documentID has a `#bad` part. Rows whose
// isDocument is True (document-level scores) are skipped and counted in a warning. So are
// tutorial items: in the 12-field layout, rows whose system is also their documentID (no
// "#system" part) and contains "tutorial" (the ESA campaigns' "ende-tutorial1"), which train
// annotators and are no system.
// The 12-field layout follows WMT24's rule (the organisers' humeval/tools.py, load_data, in
// wmt-conference/wmt24-news-systems): rows of the canary (documentID "canary") and of filler
// documents (a documentID with "#incomplete" or "#dup": copies that complete a batch) are
// skipped and counted; a resubmitted TGT item (a second TGT judgment of one annotator,
// system and segment) replaces the earlier one: the row with the latest endTime is kept
// (the later row on a tie, or when endTime is not a number), the others dropped and
// counted. ComputeEsaScores (protocols/esa_scores.h) then averages each item over its
// annotators and each system over its items, as WMT24 did. In the 9- and 11-field (DA)
// layouts a second TGT judgment is kept as a REPEAT, as WMT22/23's DA scripts did.
// Segments, numbered 1.. in order of first appearance within each language pair (the same
// document and item in two pairs are two segments); DaJudgments::documents names the
// documents. The 9-field layout's itemId is the segment (no documents). The 11-field
// layout's segment is (DocumentID, SegmentID). In the 12-field layout the document is the
// documentID up to its first '#' ("doc#system#bad3" -> "doc"), so a BAD copy lands on its
// original's segment; where the documentID names the system after the '#' (the ESA paper's
// campaign: "doc#ONLINE-W") itemID is the item's place in the annotator's batch, so the
// segment is (document, itemID minus the first itemID of that annotator's run of the
// documentID, plus 1); otherwise (WMT24: "doc", "doc#bad") itemID is the test set's segment
// number and the segment is (document, itemID).
// A file with more than one language pair is read whole, with a warning: a system's score
// then pools its pairs.
// Spans (12 fields) go into ErrorSpans (tourney/core/error_spans.h), one list beside the
// judgments.
//
// Errors are InvalidArgument "FILE:LINE: field 'NAME': ..." (a wrong number of fields, a
// blank or non-UTF-8 name, a score that is not a finite number, an unknown item type, an
// error_spans field that is not such a JSON list) and IoError for an unreadable file.
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_APPRAISE_SCORES_READER_H_
#define TOURNEY_INGEST_APPRAISE_SCORES_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/error_spans.h"
#include "tourney/core/status.h"

namespace tourney {

enum class AppraiseLayout {
  kAuto = 0,         // by the first record's number of fields
  kSegmentDa = 9,    // WMT22 segment-level DA
  kDaSqm = 11,       // WMT23 DA+SQM
  kErrorSpans = 12,  // ESA / MQM with error spans
};

struct AppraiseScores {
  AppraiseLayout layout = AppraiseLayout::kAuto;  // the layout read
  DaJudgments judgments;
  ErrorSpans spans;                         // empty unless the layout has error spans
  std::vector<std::string> language_pairs;  // "eng-deu", in order of first appearance
  // Per segment id (index = segment - 1): its index into language_pairs. Empty in the
  // 9-field layout, whose itemId is the segment whatever the pair.
  std::vector<int32_t> segment_pairs;
  int64_t document_rows_skipped = 0;        // isDocument True
  int64_t tutorial_rows_skipped = 0;        // tutorial items (see above)
  int64_t canary_rows_skipped = 0;          // 12 fields: documentID "canary"
  int64_t filler_rows_skipped = 0;          // 12 fields: "#incomplete" or "#dup" documents
  int64_t resubmissions_replaced = 0;       // 12 fields: earlier submissions dropped
};

// Reads `path` ("-" = standard input). On success there is at least one system item.
StatusOr<AppraiseScores> ReadAppraiseScores(const std::string& path,
                                            AppraiseLayout layout = AppraiseLayout::kAuto);

// The same from text in memory; `name` is used in messages.
StatusOr<AppraiseScores> ParseAppraiseScores(std::string_view text, std::string_view name,
                                             AppraiseLayout layout = AppraiseLayout::kAuto);

// True when `head` (the start of a decompressed input) looks like an Appraise score export:
// its first record splits into 9, 11 or 12 CSV fields whose 4th is TGT, BAD or REF and whose
// 7th is a number.
bool LooksLikeAppraiseScores(std::string_view head);

}  // namespace tourney

#endif  // TOURNEY_INGEST_APPRAISE_SCORES_READER_H_
