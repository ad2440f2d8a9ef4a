// Rendering a Leaderboard (tourney/core/leaderboard.h) for people and programs: an aligned
// table, proto3 JSON (tourney.v1.Leaderboard), CSV, LaTeX (booktabs), Markdown, and the
// WMT15/16 organisers' results layout. Every format carries the board's warnings and notes
// (dropped rows, a disconnected comparison graph): after the table, as CSV '#' comment
// lines, as LaTeX '%' comments, as Markdown quotes.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_LEADERBOARD_FORMAT_H_
#define TOURNEY_RENDER_LEADERBOARD_FORMAT_H_

#include <string>
#include <string_view>
#include <vector>

#include "render/system_names.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"

namespace tourney {

// kWmt is the WMT15/16 organisers' results layout: one line per system, best first,
// "NAME SCORE (LO, HI)" with the score rounded to 3 decimals and the rank range as floats,
// and a line of ten '+' between clusters, after a first '#' comment line naming the model
// and the board ("# tourney cluster: Expected Wins, 1,000 bootstrap replicates, seed 1,
// 95% rank ranges", or the anytime board, pooled or pairwise, with delta and epsilon).
enum class OutputFormat { kTable, kJson, kCsv, kLatex, kMarkdown, kWmt };

// Parses "table", "json", "csv", "latex", "markdown" (or "md") or "wmt"; InvalidArgument
// naming the choices otherwise.
StatusOr<OutputFormat> ParseOutputFormat(std::string_view name);

// Renders a leaderboard. JSON is the proto3 JSON mapping with original field names (fields
// that do not apply omitted); table, Markdown and LaTeX group rows by cluster when
// clustered and use short system names; CSV has one row per system with full names. An
// anytime board's table lists its boundaries that are not separated (at most 12), each
// with the pair that blocks it: "open: A | B (blocked by A vs D)".
std::string FormatLeaderboard(const Leaderboard& board, OutputFormat format);

// The CSV format: one row per system with full names; fields that do not apply to the board
// (mu and sigma of a non-Gaussian model, rank_lo/rank_hi without a bootstrap, cluster,
// r_hat, the score interval) are empty, as JSON omits them; Expected Wins boards end with an
// `opponents` column (the opponents each score averages over). Notes and style-control
// coefficients follow as '#' comment lines. With `language_pair`, every row starts with a
// language_pair column (one header for several boards: print the first board's header only).
std::string FormatLeaderboardCsv(const Leaderboard& board, const std::string* language_pair);

// The anytime board's promise, as its table, CSV, Markdown, LaTeX and HTML outputs state it:
// "every separation shown holds with probability >= 0.95 at every number of judgments,
// under any match selection" (the pooled board: for a design fixed in advance).
// REQUIRES: board.stopping (rule "anytime").
std::string AnytimePromise(const Leaderboard& board);

// Why an anytime board separates fewer systems than a bootstrap board: "why fewer clusters
// than a bootstrap board: a bootstrap board's 95% holds for one look at a sample size fixed
// in advance; this board's 95% holds at every look, so it separates fewer systems".
// REQUIRES: board.stopping (rule "anytime").
std::string AnytimeFewerClusters(const Leaderboard& board);

}  // namespace tourney

#endif  // TOURNEY_RENDER_LEADERBOARD_FORMAT_H_
