// The anytime-valid leaderboard (anytime_leaderboard.h) as a Leaderboard message: what
// `tourney rank|cluster|report --anytime`, tourneyd's anytime leaderboards and a campaign's
// anytime stopping rule publish.
//
// DESCRIPTION
//   Model kAnytimeModel. Entries follow the summary's order (score, ties by id); score is
//   the Expected Wins (Borda) score with ties as half wins, score_lo/score_hi its anytime
//   bounds, cluster the certified clusters, rank_lo/rank_hi the ranges of
//   AnytimeLeaderboard::RankRanges, confidence 1 - delta, no bootstrap. The stopping
//   section has rule "anytime", delta, epsilon, settled, judgments (the board's own
//   `judgments`: rankings read, or comparisons for a board of counts) and one boundary per
//   pair of rank neighbours (separated, tie_within_epsilon, and for an open boundary its
//   blocking pair; z and more_judgments 0, which the schema leaves out).
//   O(n^2) plus Summarize().
// Thread safety: reentrant.
#ifndef TOURNEY_SEQUENTIAL_ANYTIME_BOARD_H_
#define TOURNEY_SEQUENTIAL_ANYTIME_BOARD_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/status.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/combined_anytime_leaderboard.h"
#include "tourney/sequential/pooled_anytime_leaderboard.h"

namespace tourney {

// The model name of anytime leaderboards (per-pair sequences), and of the pooled board
// (pooled_anytime_leaderboard.h: one sequence per system, for designs fixed in advance).
inline constexpr std::string_view kAnytimeModel = "expected-wins-anytime";
inline constexpr std::string_view kPooledAnytimeModel = "expected-wins-anytime-pooled";
// A live campaign's board (combined_anytime_leaderboard.h): the pooled board over its
// uniform draws and the per-pair board over all its judgments, each at delta / 2.
inline constexpr std::string_view kCombinedAnytimeModel = "expected-wins-anytime-combined";

// True for the pooled board, whose promise needs a design fixed in advance.
inline bool IsPooledAnytimeBoard(const Leaderboard& board) {
  return board.model == kPooledAnytimeModel;
}

// Writes the summary into board->stopping (rule "anytime"), names[id] naming system id;
// its judgments are board->judgments (set them first).
void SetAnytimeStopping(const AnytimeSummary& summary, const AnytimeOptions& options,
                        const std::vector<std::string>& names, Leaderboard* board);

// The leaderboard of `anytime`, whose judgments `counts` counts (wins, losses, ties and
// connectivity come from the counts). REQUIRES: names.size() == counts.num_systems() ==
// anytime.num_systems().
Leaderboard BuildAnytimeLeaderboard(const std::vector<std::string>& names, const PairCounts& counts,
                                    const AnytimeLeaderboard& anytime);

// The leaderboard of every comparison of `judgments`, added in order (the intervals
// depend on it), with the ranking counters of BuildLeaderboard. InvalidArgument for bad
// options (AnytimeLeaderboard::Create) or fewer than 2 systems.
StatusOr<Leaderboard> BuildAnytimeLeaderboard(const Judgments& judgments,
                                              const AnytimeOptions& options);

// The same from the pooled board (model kPooledAnytimeModel): the design estimated from
// all of `judgments` (EstimatePooledDesign), then every ranking added in order. Its errors
// (two systems that never met, bad options).
StatusOr<Leaderboard> BuildPooledAnytimeLeaderboard(const Judgments& judgments,
                                                    const AnytimeOptions& options);

// The leaderboard of a combined board (model kCombinedAnytimeModel), whose judgments
// `counts` counts. REQUIRES: names.size() == counts.num_systems() == board.num_systems().
Leaderboard BuildCombinedAnytimeLeaderboard(const std::vector<std::string>& names,
                                            const PairCounts& counts,
                                            const CombinedAnytimeLeaderboard& board);

// The same from every ranking of `judgments`, added in order; uniform_draws[r] != 0 marks
// ranking r as a uniform k-subset draw (CombinedAnytimeLeaderboard::AddRanking), with the
// ranking counters of BuildLeaderboard; `horizon` as CombinedAnytimeLeaderboard::Create.
// InvalidArgument for bad options, k or horizon, or when uniform_draws is not one flag per
// ranking.
StatusOr<Leaderboard> BuildCombinedAnytimeLeaderboard(const Judgments& judgments,
                                                      std::span<const uint8_t> uniform_draws,
                                                      int k, const AnytimeOptions& options,
                                                      int64_t horizon = 0);

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_ANYTIME_BOARD_H_
