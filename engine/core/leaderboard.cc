#include "tourney/core/leaderboard.h"

#include <algorithm>
#include <numeric>

#include "tourney/core/connectivity.h"
#include "tourney/core/pair_counts.h"

namespace tourney {

bool Leaderboard::clustered() const {
  return std::any_of(entries.begin(), entries.end(),
                     [](const LeaderboardEntry& e) { return e.cluster.has_value(); });
}

bool ScoreLowerIsBetter(std::string_view model) { return model == "mqm" || model == "mqm-holm"; }

void SetRankRangesFromScoreIntervals(Leaderboard* board, bool lower_is_better) {
  const int n = static_cast<int>(board->entries.size());
  // Intervals oriented so that higher is better.
  std::vector<double> lo(n), hi(n);
  for (int i = 0; i < n; ++i) {
    const LeaderboardEntry& e = board->entries[i];
    const double a = e.score_lo.value_or(e.score), b = e.score_hi.value_or(e.score);
    lo[i] = lower_is_better ? -b : a;
    hi[i] = lower_is_better ? -a : b;
  }
  for (int i = 0; i < n; ++i) {
    int better = 0, worse = 0;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      better += lo[j] > hi[i];
      worse += hi[j] < lo[i];
    }
    board->entries[i].rank_lo = 1 + better;
    board->entries[i].rank_hi = n - worse;
  }
  board->interval_rank_ranges = true;
}

Leaderboard BuildLeaderboard(std::string_view model, const Judgments& judgments,
                             const std::vector<SystemRating>& ratings) {
  Leaderboard board = BuildLeaderboardFromCounts(
      model, judgments.systems().names(),
      PairCounts::FromComparisons(judgments.num_systems(), judgments.comparisons()), ratings);
  board.rankings = static_cast<int64_t>(judgments.num_rankings());
  if (judgments.num_rankings() > 0) board.judgments = board.rankings;
  board.dropped_blank = judgments.dropped_blank;
  board.dropped_single = judgments.dropped_single;
  board.skipped_invalid = judgments.skipped_invalid;
  return board;
}

Leaderboard BuildLeaderboardFromCounts(std::string_view model,
                                       const std::vector<std::string>& names,
                                       const PairCounts& counts,
                                       const std::vector<SystemRating>& ratings) {
  const int n = counts.num_systems();
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (ratings[a].score != ratings[b].score) return ratings[a].score > ratings[b].score;
    return names[a] < names[b];
  });

  Leaderboard board;
  board.model = std::string(model);
  int64_t sides = 0;
  int rank = 0;
  // sigma applies to the Gaussian models (some sigma is set), mu also to the models with a
  // native scale beside the score (some mu is set: Newman's pi, Rao-Kupper's theta, Elo),
  // r_hat to samplers.
  bool gaussian = false, has_mu = false, sampled = false;
  for (const SystemRating& r : ratings) {
    gaussian = gaussian || r.sigma != 0.0;
    has_mu = has_mu || r.mu != 0.0 || r.sigma != 0.0;
    sampled = sampled || r.r_hat != 0.0;
  }
  board.entries.reserve(order.size());
  for (int id : order) {
    ++rank;
    LeaderboardEntry& e = board.entries.emplace_back();
    e.system = names[id];
    e.score = ratings[id].score;
    if (has_mu) e.mu = ratings[id].mu;
    if (gaussian) e.sigma = ratings[id].sigma;
    if (sampled) e.r_hat = ratings[id].r_hat;
    if (ratings[id].opponents >= 0) e.opponents = ratings[id].opponents;
    e.rank = e.rank_lo = e.rank_hi = rank;
    e.wins = counts.wins(id);
    e.losses = counts.losses(id);
    e.ties = counts.ties(id);
    e.comparisons = e.wins + e.losses + e.ties;
    sides += e.comparisons;
  }
  board.comparisons = sides / 2;         // every comparison involves two systems
  board.judgments = board.comparisons;   // count-only boards; BuildLeaderboard refines

  int num_components = 0;
  const std::vector<int> component = CountComponents(counts, &num_components);
  board.connected = num_components <= 1;
  board.components.resize(static_cast<size_t>(num_components));
  for (int id = 0; id < n; ++id) board.components[component[id]].push_back(names[id]);
  return board;
}

}  // namespace tourney
