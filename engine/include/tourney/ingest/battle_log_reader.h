// Readers for two-way battle logs: Chatbot Arena JSON / JSONL and `left,right,winner` CSV.
//
// Formats (decided by the first non-blank byte unless given):
//   - JSONL ('{'): one object per line with string fields `model_a`, `model_b` and `winner`
//     in {model_a, model_b, tie, tie (bothbad)}; optional `judge` (or `annotator`) as a string
//     or number; covariates named in BattleLogOptions::covariates as numbers. Other fields
//     (conversations, metadata) are skipped unparsed. Blank lines are ignored.
//   - JSON array ('['): the same objects in one array.
//   - CSV (anything else): a header naming `left`/`model_a`, `right`/`model_b` and `winner`
//     columns (any order, other columns ignored, RFC 4180 quoting); winner in
//     {left, right, tie} or {model_a, model_b, tie, tie (bothbad)}; `judge`/`annotator`/
//     `worker` read as the judge; covariate columns by name.
// JSONL and CSV are read in 4 MB blocks (memory independent of the file size beyond the
// BattleLog itself); a JSON array is read whole. JSON is parsed with simdjson On-Demand.
// Errors name the file, the 1-based line and the field:
//   "battles.jsonl:12: field 'winner': 'model_c' is not one of model_a, model_b, tie,
//    tie (bothbad)"
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_INGEST_BATTLE_LOG_READER_H_
#define TOURNEY_INGEST_BATTLE_LOG_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/battle_log.h"
#include "tourney/core/status.h"

namespace tourney {

enum class BattleLogFormat {
  kAuto,       // by the first non-blank byte
  kJsonl,      // one JSON object per line
  kJsonArray,  // one JSON array of objects
  kCsv,        // left,right,winner CSV with a header
};

struct BattleLogOptions {
  BattleLogFormat format = BattleLogFormat::kAuto;
  // Numeric fields (columns) read as per-battle covariates; each battle must have them.
  std::vector<std::string> covariates;
  // When true, an invalid battle becomes a warning and is skipped (file-level errors still
  // fail).
  bool skip_invalid = false;
  size_t max_warnings = 20;  // warnings kept (all are counted)
};

struct BattleLogReport {
  int64_t rows = 0;     // battles seen (valid or not)
  int64_t skipped = 0;  // invalid battles skipped under skip_invalid
  std::vector<std::string> warnings;
};

// OK when `covariates` names each covariate once and none of the battle's own fields
// (model_a, model_b, left, right, winner, judge, annotator, worker); InvalidArgument naming
// the first that does (a repeated or reserved name would otherwise never be filled, and
// every battle would fail with "missing covariate").
Status CheckBattleLogCovariates(const std::vector<std::string>& covariates);

// Parses `text` (the contents of a file called `name`, used in messages) and appends its
// battles to *log. On error *log holds an unspecified prefix: discard it. InvalidArgument
// when options.covariates fails CheckBattleLogCovariates.
Status ParseBattleLog(std::string_view text, std::string_view name, const BattleLogOptions& options,
                      BattleLog* log, BattleLogReport* report);

// Reads the file at `path` as above, streaming plain JSONL and CSV; "-" (standard input) and
// gzip files (input_file.h) are read whole. An unreadable file is an IoError naming the path.
Status ReadBattleLogFile(const std::string& path, const BattleLogOptions& options, BattleLog* log,
                         BattleLogReport* report);

// True when `head` (the first bytes of a file) looks like a battle log: JSON, or a CSV
// header with `winner` and `left`/`model_a` columns. The WMT and system_a,system_b,outcome
// CSV formats are not battle logs.
bool LooksLikeBattleLog(std::string_view head);

// LooksLikeBattleLog on the first 4 KB of the file at `path`, decompressed when it is gzip.
// False for "-" (standard input cannot be looked at without consuming it) and for a file that
// cannot be read (its reader reports why).
bool IsBattleLogFile(const std::string& path);

}  // namespace tourney

#endif  // TOURNEY_INGEST_BATTLE_LOG_READER_H_
