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
// Pairwise CSV: `system_a,system_b,outcome`, outcome one of a, b, tie; each row is a
// two-system ranking. The header is optional when the format is given explicitly.
//
// Errors name the file, the 1-based line and the field:
//   "train.csv:12: field 'system3rank': rank '7' is outside 1..5"
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_CSV_READER_H_
#define TOURNEY_CSV_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/judgments.h"
#include "tourney/status.h"

namespace tourney {

enum class InputFormat {
  kAuto,      // decided by the header
  kWmt,       // Appraise / WMT k-way ranking CSV
  kPairwise,  // system_a,system_b,outcome
};

struct ReadOptions {
  InputFormat format = InputFormat::kAuto;
  // When true, an invalid row becomes a warning and is skipped (counted in
  // Judgments::skipped_invalid); file-level errors (unreadable file, bad header) still fail.
  bool skip_invalid = false;
  // At most this many warning messages are kept (all are counted).
  size_t max_warnings = 20;
};

// Warnings collected under skip_invalid.
struct ReadReport {
  std::vector<std::string> warnings;  // first ReadOptions::max_warnings messages
  int64_t rows = 0;                   // data rows seen
};

// Parses `text` (the contents of a file called `name`, used in messages) and appends its
// rankings to *judgments. On error returns a non-OK status and *judgments holds an
// unspecified subset of the rows: discard it.
Status ParseJudgments(std::string_view text, std::string_view name, const ReadOptions& options,
                      Judgments* judgments, ReadReport* report);

// Reads the file at `path` and parses it as above. An unreadable file is an IoError naming
// the path and the reason.
Status ReadJudgmentsFile(const std::string& path, const ReadOptions& options,
                         Judgments* judgments, ReadReport* report);

// Reads a whole file into *contents.
Status ReadFileToString(const std::string& path, std::string* contents);

}  // namespace tourney

#endif  // TOURNEY_CSV_READER_H_
