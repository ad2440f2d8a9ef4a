// Building and printing the tourney.v1.Leaderboard message that `tourney rank`, `cluster`
// and the service return.
// Thread safety: functions are reentrant.
#ifndef TOURNEY_LEADERBOARD_H_
#define TOURNEY_LEADERBOARD_H_

#include <string>
#include <string_view>
#include <vector>

#include "tourney/judgments.h"
#include "tourney/pair_counts.h"
#include "tourney/rating_model.h"
#include "tourney/status.h"
#include "tourney/v1/leaderboard.pb.h"

namespace tourney {

// A leaderboard of `ratings` (indexed by system id): entries sorted by score, best first
// (equal scores by system name), rank 1..n, per-system comparison counts, connectivity.
// rank_lo = rank_hi = rank and cluster = 0 (not clustered).
// REQUIRES: ratings.size() == judgments.num_systems().
v1::Leaderboard BuildLeaderboard(std::string_view model, const Judgments& judgments,
                                 const std::vector<SystemRating>& ratings);

// The same from a count table, for callers that keep counts rather than comparisons (the
// live campaign). Sets model, judgments (all counted comparisons), entries, connectivity;
// the ranking counters stay 0 for the caller to fill.
// REQUIRES: names.size() == ratings.size() == counts.num_systems().
v1::Leaderboard BuildLeaderboardFromCounts(std::string_view model,
                                           const std::vector<std::string>& names,
                                           const PairCounts& counts,
                                           const std::vector<SystemRating>& ratings);

// kWmt is the WMT15/16 organisers' results layout: one line per system, best first,
// "NAME SCORE (LO, HI)" with the score rounded to 3 decimals and the rank range as floats,
// and a line of ten '+' between clusters.
enum class OutputFormat { kTable, kJson, kCsv, kLatex, kMarkdown, kWmt };

// Parses "table", "json", "csv", "latex", "markdown" or "wmt".
StatusOr<OutputFormat> ParseOutputFormat(std::string_view name);

// Renders a leaderboard. JSON is the proto3 JSON mapping with original field names and every
// field printed; table, markdown and LaTeX group rows by cluster when clustered and use
// short system names; CSV has one row per system with full names.
std::string FormatLeaderboard(const v1::Leaderboard& board, OutputFormat format);

// Short display names: drops the prefix shared by every name up to a '.', and a trailing
// ".<digits>" submission number ("newstest2013.fr-en.KIT_primary.2658" -> "KIT_primary").
std::vector<std::string> ShortSystemNames(const std::vector<std::string>& names);

// Proto3 JSON of any message, original field names, all fields, indented.
std::string ToJson(const google::protobuf::Message& message);

}  // namespace tourney

#endif  // TOURNEY_LEADERBOARD_H_
