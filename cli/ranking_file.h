// Reading a ranking of systems for `tourney compare`, in any of four forms (recognised by
// their content):
//   - tourney JSON: the proto3 JSON of tourney.v1.Leaderboard (`rank`/`cluster --format
//     json`); scores and, when present, clusters. A board whose lower scores are better
//     (MQM error points, ScoreLowerIsBetter) has its scores negated, so that higher is better
//     in every ranking compared;
//   - WMT's official results (a line of '+' marks it, or, with a single cluster, every
//     line in that layout): `SYSTEM SCORE (LO, HI)` per line, best first, clusters
//     separated by lines of '+' (WMT16's results/wmt16.SRC-TRG.txt, `--format wmt`);
//   - CSV (the first line holds a comma): a header with `system` and `score` columns in any
//     order, as `--format csv` writes; a `cluster` column whose values are all positive
//     gives clusters, '#' lines are comments. A judgments file (WMT CSV, battle log) is an
//     error that says so;
//   - a plain ranked list: one system per line, best first, blank and '#' lines skipped;
//     the score of the i-th of n systems is n - i + 1 (so correlations are of ranks).
// "-" reads standard input.
#ifndef TOURNEY_CLI_RANKING_FILE_H_
#define TOURNEY_CLI_RANKING_FILE_H_

#include <string>

#include "tourney/core/status.h"
#include "tourney/statistics/ranking_comparison.h"

namespace tourney::cli {

// The ranking in `path`, best first. IoError when it cannot be read; InvalidArgument naming
// the file, line and field for bad content (a repeated system, a score that is not a
// finite number, an empty ranking).
StatusOr<SystemRanking> ReadRankingFile(const std::string& path);

// The same from text already read; `path` names it in messages.
StatusOr<SystemRanking> ParseRankingText(const std::string& text, const std::string& path);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_RANKING_FILE_H_
