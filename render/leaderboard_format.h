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

#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"

namespace tourney {

// kWmt is the WMT15/16 organisers' results layout: one line per system, best first,
// "NAME SCORE (LO, HI)" with the score rounded to 3 decimals and the rank range as floats,
// and a line of ten '+' between clusters.
enum class OutputFormat { kTable, kJson, kCsv, kLatex, kMarkdown, kWmt };

// Parses "table", "json", "csv", "latex", "markdown" (or "md") or "wmt"; InvalidArgument
// naming the choices otherwise.
StatusOr<OutputFormat> ParseOutputFormat(std::string_view name);

// Renders a leaderboard. JSON is the proto3 JSON mapping with original field names (fields
// that do not apply omitted); table, Markdown and LaTeX group rows by cluster when
// clustered and use short system names; CSV has one row per system with full names.
std::string FormatLeaderboard(const Leaderboard& board, OutputFormat format);

// Short display names: drops the prefix shared by every name up to a '.', and a trailing
// ".<digits>" submission number ("newstest2013.fr-en.KIT_primary.2658" -> "KIT_primary").
// Falls back to the full names when shortening would make two of them equal.
std::vector<std::string> ShortSystemNames(const std::vector<std::string>& names);

}  // namespace tourney

#endif  // TOURNEY_RENDER_LEADERBOARD_FORMAT_H_
