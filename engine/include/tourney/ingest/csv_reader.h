// Readers for judgment files: the WMT CSV that the Appraise platform exports, and a plain
// pairwise CSV.
//
// WMT CSV: a header naming its columns (srclang, trglang, srcIndex, documentId, segmentId,
// judgeId, system1Number, system1Id, ..., systemKId, system1rank, ..., systemKrank); columns
// are found by name, k (2..5) is the number of systemNId columns. One ranking per row:
//   - a blank rank (-1 or empty) drops the whole ranking; it is counted, not an error;
//   - an id joining systems with '+' (identical outputs) gives each of them that rank;
//     they are not compared with each other;
//   - a PLACEHOLDER system is ignored.
// WMT15/16 pairwise-row CSV (the organisers' conversion): a WMT header with exactly
// system1Id/system1rank/system2Id/system2rank and a `rankingID` column. Each row is one
// comparison taken out of a k-way ranking, with the ranks (1..5) of that ranking; the rows
// sharing a rankingID (which must be contiguous) rebuild the ranking, so that its comparisons
// are counted once and a model that reads rankings sees it whole. A ranking whose rows are
// not all the pairs of its systems, or that gives one system two ranks, is an error.
// Pairwise CSV: `system_a,system_b,outcome`, outcome one of a, b, tie; each row is a
// two-system ranking. The header is optional when the format is given explicitly.
// Appraise XML (appraise_xml_reader.h) is read by ReadJudgmentsFile when the text starts
// with '<'.
//
// Language pairs: rows name them in `srclang`/`trglang` columns (WMT CSV) or HIT attributes
// (XML); ReadOptions::language_pair keeps one pair and ReadReport::language_pairs lists every
// pair seen (language_pair.h normalises "deu-eng", "German-English" and "de-en" alike).
//
// Errors name the file, the 1-based line and the field:
//   "train.csv:12: field 'system3rank': rank '7' is outside 1..5"
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_INGEST_CSV_READER_H_
#define TOURNEY_INGEST_CSV_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

enum class InputFormat {
  kAuto,         // decided by the first characters and the header
  kWmt,          // Appraise / WMT k-way ranking CSV (or WMT15/16 pairwise rows)
  kPairwise,     // system_a,system_b,outcome
  kAppraiseXml,  // the Appraise XML export
};

struct ReadOptions {
  InputFormat format = InputFormat::kAuto;
  // When true, an invalid row becomes a warning and is skipped (counted in
  // Judgments::skipped_invalid); file-level errors (unreadable file, bad header) still fail.
  bool skip_invalid = false;
  // At most this many warning messages are kept (all are counted).
  size_t max_warnings = 20;
  // Keep only the rankings of this language pair (a LanguagePairKey such as "de-en"); empty
  // keeps every ranking. Selecting a pair in a file that names none is an error.
  std::string language_pair;
  // Systems that share one output ('+'-joined ids in WMT CSV, ','-joined in XML): when false
  // (default) they get the output's rank and are not compared with each other; when true
  // they are also compared with each other as ties, as the organisers' WMT15/16 CSV
  // conversion (and so the official results) did.
  bool expand_identical = false;
  // ReadJudgmentFiles: keep every pair of a mixed input instead of failing (the caller
  // splits them, SplitByLanguagePair in language_pair.h).
  bool all_language_pairs = false;
};

// Warnings collected under skip_invalid.
struct ReadReport {
  std::vector<std::string> warnings;  // first ReadOptions::max_warnings messages
  int64_t rows = 0;                   // data rows seen
  // Every language pair seen, in order of first appearance ("" for rows naming none),
  // including pairs that ReadOptions::language_pair left out.
  std::vector<std::string> language_pairs;
  int64_t other_pair_rankings = 0;  // rankings left out by ReadOptions::language_pair
};

// Parses `text` (the contents of a file called `name`, used in messages) and appends its
// rankings to *judgments. On error returns a non-OK status and *judgments holds an
// unspecified subset of the rows: discard it.
Status ParseJudgments(std::string_view text, std::string_view name, const ReadOptions& options,
                      Judgments* judgments, ReadReport* report);

// Reads the file at `path` ("-" = standard input; gzip is decompressed, input_file.h) and
// parses it: as Appraise XML when the format is kAppraiseXml or (kAuto) the text starts
// with '<', otherwise as above. An unreadable file is an IoError naming the path and the
// reason.
Status ReadJudgmentsFile(const std::string& path, const ReadOptions& options, Judgments* judgments,
                         ReadReport* report);

// Reads several files into one Judgments (one system registry), as ReadJudgmentsFile does
// for each, and merges their reports (warnings up to max_warnings). When no language pair
// is selected, all_language_pairs is false and the files hold more than one, returns
// InvalidArgument naming the pairs
// found ("the input holds 3 language pairs (cs-en, de-en, en-de): select one"): pairs are
// never merged silently.
Status ReadJudgmentFiles(const std::vector<std::string>& paths, const ReadOptions& options,
                         Judgments* judgments, ReadReport* report);

// Records `pair` in report->language_pairs unless it is there already.
void NoteLanguagePair(const std::string& pair, ReadReport* report);

// Reads a whole file into *contents.
Status ReadFileToString(const std::string& path, std::string* contents);

}  // namespace tourney

#endif  // TOURNEY_INGEST_CSV_READER_H_
