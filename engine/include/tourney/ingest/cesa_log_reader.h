// Reading logs of scored screens (contrastive ESA) into ContrastiveScreens
// (tourney/core/contrastive_screens.h), for `tourney rank|cluster FILE --protocol
// cesa|wmt26`. Three line formats, one JSON object per line, told apart per line (by
// `screenId`, `annotation` or `task_type`):
//
// tourney's cESA export (docs/wmt-protocols.md, "cESA export"): one screen per line,
//   {"campaignId": "c", "screenId": "s1", "annotator": "a1", "segment": "doc1#3",
//    "document": "doc1", "displayOrder": ["sysB", "sysA", "sysC"],
//    "selectionProbability": 0.0417,
//    "answers": [{"system": "sysB", "score": 71, "spans": [{"start": 0, "end": 4,
//                 "severity": "minor"}], "touched": true}, ...],
//    "timeSpentMs": 48210}
//   `document`, `selectionProbability`, `spans`, `touched`, `timeSpentMs` and `campaignId`
//   are optional, other members are ignored (`tourney campaign scoring-export` writes every
//   field of tourney.v1.ExportedScreen); a line whose `degradedSystem` is not empty is a
//   live campaign's attention check: counted in attention_checks, not read; `answers` holds one answer per system of `displayOrder` (the screen's
//   order is displayOrder's). A document screen is exported as one line per segment with
//   the same screenId. A later line with the same (annotator, screenId, segment) replaces
//   the earlier one (a resubmission; counted in a warning).
//
// Pearmut's annotation log (`data/outputs/<campaign>.jsonl`, zouharvi/pearmut 1.1.x, cESA
//   included): {"user_id", "item_i", "item": [SEGMENT, ...], "annotation": [{MODEL:
//   {"score": S, "error_spans": [...]}, ...}, ...]}; every segment with >= 2 scored models
//   becomes a screen (screen id "USER/ITEM_I", segment = the segment's `item_id`, else
//   "ITEM_I#INDEX"; document = `doc_id`, else the item_id before its last "_###_"). Apart:
//   items `welcome_*` (tutorial) and `random_*` (attention checks) are counted, not read,
//   and so are lines whose first segment's item_id starts "attention_check_" or holds
//   "_#_tutorial_#_" (WMT26's names);
//   a line whose annotation is "__RESET__" drops that user's earlier screens of that
//   item_i (Pearmut's reset); a user's later line for the same item_i replaces the earlier
//   one. Pearmut records no selection probability (-1).
//
// Appraise's JSONL export (`manage.py ExportSystemScoresToJSONL`, AppraiseDev/Appraise; read,
//   not copied): lines with `task_type`. "ContrastiveESA" (one annotator's document:
//   {"annotator", "source_id", "document_id", "item_type", "targets": [{"target_id" (the
//   system), "segment_id", "score", "mqm_annotations", ...}]}): the targets grouped by
//   segment_id, each group of >= 2 scored systems one screen (segment = "DOCUMENT#SEGMENT");
//   "PairwiseESA" / "PairwiseDocument" (two targets of one item, `item_id`): one screen.
//   item_type other than TGT (BAD, CHK, REF) is counted as an attention check; "Document"
//   lines (one output each) are counted, not read. A later line for the same (annotator,
//   document, item) replaces the earlier screens. No selection probability.
//
// Errors: InvalidArgument "FILE:LINE: field 'NAME': ..." (not JSON, a missing or blank
// id, an answer for a system not in displayOrder, a system of displayOrder without an
// answer (named), a score that is not a number in [0, 100], a probability outside (0, 1],
// fewer than 2 systems); IoError for an unreadable file. Plain, gzip or standard input
// ("-").
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_CESA_LOG_READER_H_
#define TOURNEY_INGEST_CESA_LOG_READER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tourney/core/status.h"
#include "tourney/core/contrastive_screens.h"

namespace tourney {

struct CesaLog {
  ContrastiveScreens screens;
  int64_t lines = 0;               // non-blank lines
  int64_t replaced = 0;            // screens replaced by a resubmission or dropped by a reset
  int64_t attention_checks = 0;    // Pearmut random_* lines
  int64_t tutorial = 0;            // Pearmut welcome_* lines
  int64_t skipped_segments = 0;    // segments with fewer than 2 scored systems
  int64_t single_output_lines = 0; // Appraise "Document" lines (one output, no screen)
};

// Reads `path` ("-" = standard input). On success at least one screen was read.
StatusOr<CesaLog> ReadCesaLog(const std::string& path);

// The same from text in memory; `name` is used in messages.
StatusOr<CesaLog> ParseCesaLog(std::string_view text, std::string_view name);

// `screen` of `screens` as one line of tourney's cESA export (no trailing newline), with
// `campaign_id`; answers in display order without spans (ContrastiveScreens keeps only their
// count), selectionProbability when recorded, scores with 17 significant digits (read back
// exactly). What the simulations write and a live campaign's export can reuse.
std::string FormatCesaExportLine(const ContrastiveScreens& screens,
                                 const ContrastiveScreen& screen, std::string_view campaign_id);

// True when the first line of `head` is a JSON object with a "screenId" member (the
// tourney export).
bool LooksLikeCesaExport(std::string_view head);

}  // namespace tourney

#endif  // TOURNEY_INGEST_CESA_LOG_READER_H_
