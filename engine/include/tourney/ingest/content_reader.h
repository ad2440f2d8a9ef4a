// Content importers: a campaign's texts (CampaignTexts) from the files other tools and
// evaluations distribute them in.
//
//   pearmut   Pearmut campaign JSON: `data` is tasks -> documents -> items, or (single-stream)
//             documents -> items; an item is {doc_id, src, tgt: {system: text}} or, in the
//             older schema, {doc_id, src, sys_id, tgt: text}. Items of the same (doc_id, src)
//             are one segment, keyed "DOC#N".
//   appraise  Appraise batches JSON (the input of StartNewCampaign): items with
//             sourceText/targetText (MQM, ESA), targets[] (Pairwise) or segmentText and
//             targets[] (PairwiseDocNewUI). Only TGT items give outputs; BAD, REF and CHK
//             items, tutorial items and whole-document items are skipped and counted.
//   mqm-tsv   the Google MQM TSV (system, doc, doc_id, seg_id, rater, source, target, ...):
//             one row per error, <v></v> removed; the `ref` system gives the reference.
//   table     a TSV with a header: system, doc, seg, source, target, [reference].
//   wmt-text  WMT plain text: a source file, an optional reference, one file per system,
//             line-aligned, and optional document ids.
// Texts are kept byte for byte (JSON strings unescaped; TSV fields as they are, no quoting;
// lines without their "\n" or "\r\n"). Errors are InvalidArgument naming the file and the
// place: "esa.json: data[2][0][3].tgt: expected an object of strings",
// "x.tsv:17: column 'target': ...". Plain and gzip input (recognised by its bytes).
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_CONTENT_READER_H_
#define TOURNEY_INGEST_CONTENT_READER_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/ingest/campaign_texts.h"

namespace tourney {

enum class ContentFormat { kAuto, kPearmut, kAppraise, kMqmTsv, kTable, kWmtText };

// "auto", "pearmut", "appraise", "mqm-tsv", "table", "wmt-text"; InvalidArgument otherwise.
StatusOr<ContentFormat> ParseContentFormat(std::string_view name);
std::string_view ContentFormatName(ContentFormat format);

// The format of `text` read from `name`: JSON with a top-level object holding `data` is
// pearmut, a top-level array is appraise; a tab-separated header with `rater`, `category`
// and `severity` is mqm-tsv, one with `system`, `source` and `target` is table.
// InvalidArgument when none fits (wmt-text is never guessed: name it).
StatusOr<ContentFormat> DetectContentFormat(std::string_view text, std::string_view name);

struct ContentReadOptions {
  // The format; kAuto detects it (DetectContentFormat). kWmtText is not read from one file.
  ContentFormat format = ContentFormat::kAuto;
  // mqm-tsv: the system whose rows are the human reference. Default "ref".
  std::string reference_system = "ref";
  // mqm-tsv: also keep the reference system as a system of the content. Default false.
  bool keep_reference_system = false;
};

// Reads one content file ("-" = standard input), plain or gzip. IoError when it cannot be
// read; InvalidArgument for content errors.
StatusOr<CampaignTexts> ReadContentFile(const std::string& path,
                                        const ContentReadOptions& options = {});

// The parsers, on text in memory; `name` prefixes messages.
StatusOr<CampaignTexts> ParsePearmutContent(std::string_view text, std::string_view name);
StatusOr<CampaignTexts> ParseAppraiseContent(std::string_view text, std::string_view name);
StatusOr<CampaignTexts> ParseMqmTsvContent(std::string_view text, std::string_view name,
                                           const ContentReadOptions& options = {});
StatusOr<CampaignTexts> ParseTableContent(std::string_view text, std::string_view name);

// One file of a WMT plain-text set, read: its name for messages and its text.
struct NamedText {
  std::string name;
  std::string text;
};

// WMT plain text in memory. `outputs` pairs a system name with its file; `reference` and
// `doc_ids` may have an empty name (absent). Every file must have the source's line count:
// InvalidArgument naming the file and the first line it lacks (or has in excess). Keys are
// the 1-based line numbers; without document ids every segment is in one document named
// after the source file.
StatusOr<CampaignTexts> ParseWmtTextContent(
    const NamedText& source, const NamedText& reference,
    const std::vector<std::pair<std::string, NamedText>>& outputs, const NamedText& doc_ids);

// The files of a WMT plain-text set (paths; reference and doc_ids may be empty).
struct WmtTextFiles {
  std::string source;
  std::string reference;
  std::vector<std::pair<std::string, std::string>> outputs;  // system name, path
  std::string doc_ids;
};

// Reads the files (plain or gzip) and parses them as ParseWmtTextContent.
StatusOr<CampaignTexts> ReadWmtTextContent(const WmtTextFiles& files);

}  // namespace tourney

#endif  // TOURNEY_INGEST_CONTENT_READER_H_
