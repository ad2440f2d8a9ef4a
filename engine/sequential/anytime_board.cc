#include "tourney/sequential/anytime_board.h"

#include <string_view>
#include <unordered_map>
#include <utility>

#include "tourney/sequential/arrival_order.h"

namespace tourney {

void SetAnytimeStopping(const AnytimeSummary& summary, const AnytimeOptions& options,
                        const std::vector<std::string>& names, Leaderboard* board) {
  Stopping& s = board->stopping.emplace();
  s.rule = "anytime";
  s.delta = options.delta;
  s.epsilon = options.epsilon;
  s.settled = summary.settled;
  s.judgments = board->judgments;  // the board's unit: human judgments, not comparisons
  for (const AnytimeBoundary& b : summary.boundaries) {
    StoppingBoundary& out = s.boundaries.emplace_back();
    out.upper = names[static_cast<size_t>(b.upper)];
    out.lower = names[static_cast<size_t>(b.lower)];
    out.separated = b.separated;
    out.tie_within_epsilon = b.tie_within_epsilon;
    if (b.blocking_upper >= 0) {
      out.blocking_upper = names[static_cast<size_t>(b.blocking_upper)];
      out.blocking_lower = names[static_cast<size_t>(b.blocking_lower)];
    }
  }
}

namespace {

// The board of a summary and its rank ranges, under `model`.
Leaderboard BoardOf(std::string_view model, const std::vector<std::string>& names,
                    const PairCounts& counts, const AnytimeSummary& summary,
                    const std::vector<AnytimeRankRange>& ranges, const AnytimeOptions& options) {
  const size_t n = names.size();
  std::vector<SystemRating> ratings(n);
  for (size_t i = 0; i < n; ++i) ratings[i].score = summary.score[i];
  Leaderboard board = BuildLeaderboardFromCounts(std::string(model), names, counts, ratings);
  // Entries in the summary's order, which the clusters follow (BuildLeaderboardFromCounts
  // breaks equal scores by name, the summary by id).
  std::unordered_map<std::string_view, size_t> id_of;
  for (size_t i = 0; i < n; ++i) id_of.emplace(names[i], i);
  std::vector<LeaderboardEntry> by_id(n);
  for (LeaderboardEntry& e : board.entries) {
    const size_t id = id_of.at(e.system);
    by_id[id] = std::move(e);
  }
  board.entries.clear();
  for (SystemId id : summary.order) {
    LeaderboardEntry& e = board.entries.emplace_back(std::move(by_id[static_cast<size_t>(id)]));
    e.rank = summary.rank[id];
    e.rank_lo = ranges[id].lo;
    e.rank_hi = ranges[id].hi;
    e.cluster = summary.cluster[id];
    e.score_lo = summary.lo[id];
    e.score_hi = summary.hi[id];
  }
  board.confidence = 1.0 - options.delta;
  SetAnytimeStopping(summary, options, names, &board);
  for (SystemId id : summary.failed) {
    board.warnings.push_back(
        "the anytime sequences of '" + names[static_cast<size_t>(id)] +
        "' contradict each other (disjoint bounds: one of them has failed, or the judgments' "
        "order moved their targets apart): its interval is the hull of both and no "
        "separation involving it is stated");
  }
  return board;
}

// The arrival-order check's warnings (arrival_order.h) on a board of `judgments`.
void AddArrivalOrderWarnings(const Judgments& judgments, Leaderboard* board) {
  for (std::string& w :
       ArrivalOrderWarnings(CheckArrivalOrder(judgments), judgments.systems().names())) {
    board->warnings.push_back(std::move(w));
  }
}

// The ranking counters of `judgments` on `board`.
void SetRankingCounters(const Judgments& judgments, Leaderboard* board) {
  board->rankings = static_cast<int64_t>(judgments.num_rankings());
  if (judgments.num_rankings() > 0) board->judgments = board->rankings;
  board->dropped_blank = judgments.dropped_blank;
  board->dropped_single = judgments.dropped_single;
  board->skipped_invalid = judgments.skipped_invalid;
  if (board->stopping) board->stopping->judgments = board->judgments;
}

}  // namespace

Leaderboard BuildAnytimeLeaderboard(const std::vector<std::string>& names, const PairCounts& counts,
                                    const AnytimeLeaderboard& anytime) {
  const AnytimeSummary summary = anytime.Summarize();
  return BoardOf(kAnytimeModel, names, counts, summary, anytime.RankRanges(summary),
                 anytime.options());
}

StatusOr<Leaderboard> BuildPooledAnytimeLeaderboard(const Judgments& judgments,
                                                    const AnytimeOptions& options) {
  auto design = EstimatePooledDesign(judgments);
  if (!design.ok()) {
    if (judgments.num_systems() < 2) return design.status();
    // Some pair never met (an adaptive selector's early judgments, a partial import): the
    // pooled board's design cannot be estimated, and the per-pair board, valid there, is
    // printed instead, saying so.
    auto board = BuildAnytimeLeaderboard(judgments, options);
    if (!board.ok()) return board.status();
    board->warnings.insert(board->warnings.begin(),
                           "printed the per-pair anytime board (model " +
                               std::string(kAnytimeModel) +
                               ") instead of the pooled one: " + design.status().message());
    return board;
  }
  auto pooled = PooledAnytimeLeaderboard::Create(std::move(*design), options);
  if (!pooled.ok()) return pooled.status();
  for (size_t r = 0; r < judgments.num_rankings(); ++r) pooled->AddRanking(judgments, r);
  const AnytimeSummary summary = pooled->Summarize();
  Leaderboard board = BoardOf(
      kPooledAnytimeModel, judgments.systems().names(),
      PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons()), summary,
      pooled->RankRanges(summary), options);
  SetRankingCounters(judgments, &board);
  AddArrivalOrderWarnings(judgments, &board);
  return board;
}

Leaderboard BuildCombinedAnytimeLeaderboard(const std::vector<std::string>& names,
                                            const PairCounts& counts,
                                            const CombinedAnytimeLeaderboard& board) {
  const AnytimeSummary summary = board.Summarize();
  Leaderboard out = BoardOf(kCombinedAnytimeModel, names, counts, summary,
                            board.RankRanges(summary), board.options());
  out.stopping->uniform_judgments = board.uniform_rankings();
  return out;
}

StatusOr<Leaderboard> BuildCombinedAnytimeLeaderboard(const Judgments& judgments,
                                                      std::span<const uint8_t> uniform_draws,
                                                      int k, const AnytimeOptions& options,
                                                      int64_t horizon) {
  if (uniform_draws.size() != judgments.num_rankings()) {
    return InvalidArgument("a combined anytime board needs one uniform-draw flag per ranking: " +
                           std::to_string(uniform_draws.size()) + " flags for " +
                           std::to_string(judgments.num_rankings()) + " rankings");
  }
  auto combined =
      CombinedAnytimeLeaderboard::Create(judgments.num_systems(), k, options, horizon);
  if (!combined.ok()) return combined.status();
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    combined->AddRanking(judgments.comparisons(), judgments.comparison_begin(r),
                         judgments.comparison_begin(r + 1), uniform_draws[r] != 0);
  }
  Leaderboard board = BuildCombinedAnytimeLeaderboard(
      judgments.systems().names(),
      PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons()), *combined);
  SetRankingCounters(judgments, &board);
  AddArrivalOrderWarnings(judgments, &board);
  return board;
}

StatusOr<Leaderboard> BuildAnytimeLeaderboard(const Judgments& judgments,
                                              const AnytimeOptions& options) {
  auto anytime = AnytimeLeaderboard::Create(judgments.num_systems(), options);
  if (!anytime.ok()) return anytime.status();
  anytime->AddAll(judgments.comparisons());
  Leaderboard board = BuildAnytimeLeaderboard(
      judgments.systems().names(),
      PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons()), *anytime);
  SetRankingCounters(judgments, &board);
  AddArrivalOrderWarnings(judgments, &board);
  return board;
}

}  // namespace tourney
