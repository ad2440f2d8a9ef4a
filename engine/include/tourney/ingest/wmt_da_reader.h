// Reading the WMT organisers' direct-assessment (DA) files: the judgments of the annotators
// who passed quality control, `ad-<pair>-good-stnd.csv` (WMT20-22,
// github.com/wmt-conference/wmt22-news-systems, humaneval/DA), and the annotators' raw-score
// means and SDs, `ad-<pair>-trk-mean-sd.txt`, which turn each z-score back into its 0-100
// raw score.
//
// The judgments file: a header line whose names are separated by spaces or tabs, then one
// judgment per line, fields separated by tabs (by runs of spaces when a line holds no tab).
// The columns used are named `WorkerId` (the annotator), `sys_id` (the system), `sid` (the
// segment), `rid` (the document chunk: an integer, or NA where the release has none, read
// as -1), `type` (SYSTEM, REPEAT, REF, BAD_REF; see tourney/core/da_judgments.h) and
// `score` (the z-score); other columns (HITId, Input.src, time, ...) are ignored. A sid is
// the segment's number while every sid of the file is a non-negative integer (WMT20-22
// news); otherwise (WMT21's Wikipedia sets: "bn-hi-0-71-1000434.1_1") each distinct sid is
// a segment, numbered 1.. in order of first appearance. A name in double quotes (R's
// write.table: "HuaweiTSC.1", "" for a quote inside) is unquoted. Plain, gzip or standard
// input ("-").
//
// The moments file is R's print format, three lines per annotator: `[1] "M1407"`,
// `[1] 61.01064` (mean), `[1] 10.18485` (sample SD; `NA` for an annotator with one
// judgment). The raw score of a judgment is z * sd + mean, rounded to the nearest integer
// when ReadOptions::round_raw (the DA slider records integers 0-100, and the file prints 7
// significant digits, so the unrounded value is off by up to ~1e-5).
//
// Errors are InvalidArgument "FILE:LINE: field 'NAME': ..." for bad input (a missing column,
// a wrong number of fields, a blank or non-UTF-8 name, a number that does not parse or is not
// finite, a z-score beyond ±kMaxDaZScore, an unknown type) and IoError for an unreadable
// file.
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_WMT_DA_READER_H_
#define TOURNEY_INGEST_WMT_DA_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// The largest |z| a judgment may carry. z is standardised per annotator, and one annotator's
// n z-scores (sample SD) stay within ±(n−1)/√n: 1,000 needs a million judgments by one
// annotator, while WMT's are within ±10. Beyond it a value is a corrupt file (1e300 once
// printed 63-digit scores), not a judgment.
inline constexpr double kMaxDaZScore = 1000.0;

struct WmtDaReadOptions {
  // The moments file. Empty (the default): the `ad-*-trk-mean-sd.txt` beside the judgments
  // file when it exists (DaMomentsPathBeside), otherwise no raw scores. "none": no raw scores.
  std::string moments_path;
  // Round each raw score to the nearest integer (see above).
  bool round_raw = true;
};

// Reads the judgments file `path` ("-" = standard input) and, as the options say, the
// moments. On success the judgments hold at least one SYSTEM or REPEAT item; has_raw says
// whether raw scores were attached. An annotator of the judgments missing from the moments
// file, or listed with SD NA, is an error naming them when the options name the moments
// file; for the file found beside the judgments it leaves the raw scores out with a warning.
// A judgment whose score is `NA` is skipped and counted in a warning.
StatusOr<DaJudgments> ReadWmtDaJudgments(const std::string& path,
                                         const WmtDaReadOptions& options = {});

// ReadWmtDaJudgments on `text`, already read from `path` (for a caller that has looked at the
// text first, e.g. to tell formats apart): the moments file is found as there.
StatusOr<DaJudgments> ParseWmtDaJudgmentsOf(std::string_view text, const std::string& path,
                                            const WmtDaReadOptions& options = {});

// The judgments from text in memory (no raw scores); `name` is used in messages.
StatusOr<DaJudgments> ParseWmtDaJudgments(std::string_view text, std::string_view name);

// The moments file from text in memory, annotators in file order.
StatusOr<std::vector<AnnotatorMoments>> ParseDaAnnotatorMoments(std::string_view text,
                                                                std::string_view name);

// Sets every judgment's raw score from its annotator's moments (see above) and has_raw.
// InvalidArgument naming the first annotator without usable moments; *judgments is
// unchanged then.
Status AttachRawScores(const std::vector<AnnotatorMoments>& moments, bool round_raw,
                       DaJudgments* judgments);

// The moments file that sits beside `judgments_path`: its directory, with the file name's
// `-good-stnd.csv` (optionally followed by `.gz`) replaced by `-trk-mean-sd.txt`. Empty when
// the name does not end that way or the file does not exist, and for standard input.
std::string DaMomentsPathBeside(const std::string& judgments_path);

}  // namespace tourney

#endif  // TOURNEY_INGEST_WMT_DA_READER_H_
