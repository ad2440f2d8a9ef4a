// Leaderboard: what every rating model produces, one entry per system, best first, and the
// counts, connectivity, bootstrap settings, warnings and stopping rule behind it.
//
// This is the engine's own type. The CLI and tourneyd turn it into the schema's
// tourney.v1.Leaderboard at their edges (proto/leaderboard_proto.h), field for field: a
// std::optional here is a proto3 `optional` field there (absent where it does not apply).
// Rendering (table, CSV, LaTeX, Markdown, the WMT layout) is in render/leaderboard_format.h.
// Thread safety: functions are reentrant; a Leaderboard is a plain value.
#ifndef TOURNEY_CORE_LEADERBOARD_H_
#define TOURNEY_CORE_LEADERBOARD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"

namespace tourney {

// One system's line.
struct LeaderboardEntry {
  std::string system;  // the id exactly as in the input
  // The model's headline number, higher is better; for "mqm" boards (MQM error points) lower
  // is better and the entries run from the lowest (ScoreLowerIsBetter).
  double score = 0.0;
  // mu: the models with a native scale beside the score (TrueSkill, Hopkins-May, the
  // Bradley-Terry family's log-strength, Elo); sigma: the Gaussian ones among them.
  std::optional<double> mu;
  std::optional<double> sigma;
  int rank = 0;     // 1-based position by score
  int rank_lo = 0;  // bootstrap rank range; equal to rank without a bootstrap
  int rank_hi = 0;
  std::optional<int> cluster;  // 1 = top cluster; absent when not clustered
  int64_t comparisons = 0;     // pairwise comparisons this system took part in
  int64_t wins = 0;
  int64_t losses = 0;
  int64_t ties = 0;
  std::optional<double> r_hat;            // split-R-hat (samplers)
  std::optional<int> rank_upper_bound;    // Arena's rank rule, with an interval
  std::optional<double> score_lo;         // score interval at the board's confidence
  std::optional<double> score_hi;
  // The mean raw (0-100) score where `score` is a mean z-score (the WMT DA protocol);
  // absent otherwise.
  std::optional<double> raw;
  // Expected Wins boards: the opponents this system's score averages over (those met in a
  // decisive comparison, models/expected_wins.h); absent for the other models.
  std::optional<int> opponents;
  // Scoring protocols (wmt-da, esa, mqm and their Holm boards): the segments the system was
  // scored on, and its scored judgments (wmt-da, esa); absent on the pairwise models' boards.
  std::optional<int64_t> segments;
  std::optional<int64_t> judgments;

  bool operator==(const LeaderboardEntry&) const = default;
};

// A covariate's effect in a style-controlled (contextual Bradley-Terry) model.
struct CovariateEffect {
  std::string name;
  double coefficient = 0.0;     // log-odds per unit of the covariate
  double standard_error = 0.0;  // sandwich
  double lo = 0.0;              // interval at the board's confidence
  double hi = 0.0;

  bool operator==(const CovariateEffect&) const = default;
};

// One boundary between rank neighbours of the stopping rule: the z rule of
// selection/stopping_rule.h or the anytime rule of sequential/anytime_board.h.
// z and more_judgments belong to the z rule: the schema carries them only under it (and
// in messages from before `rule`), and reads them back as 0 elsewhere.
struct StoppingBoundary {
  std::string upper;
  std::string lower;
  double z = 0.0;  // the z rule's statistic; 0 under the anytime rule
  bool separated = false;
  int64_t more_judgments = 0;       // 0 when separated, -1 beyond the horizon; 0 under anytime
  bool tie_within_epsilon = false;  // anytime rule: not separated, a tie within epsilon
  // Anytime rule, an open boundary: the pair across it whose missing certification keeps
  // it open, the furthest apart in the order (upper above the boundary, lower below).
  // Empty when separated and under the other rules.
  std::string blocking_upper;
  std::string blocking_lower;

  bool operator==(const StoppingBoundary&) const = default;
};

struct Stopping {
  bool settled = false;
  std::vector<StoppingBoundary> boundaries;
  // Anytime and top-k rules: the board's Leaderboard::judgments (human judgments). z rule:
  // the pairwise comparisons behind the fit, the unit of more_judgments.
  int64_t judgments = 0;
  int64_t more_judgments = 0;  // the z rule's estimate; 0 under the anytime rule
  // "z" (stopping_rule.h: a Bradley-Terry z statistic per boundary), "anytime"
  // (anytime_board.h: confidence sequences valid at every time at family-wise error
  // delta, with indifference zone epsilon) or "top-k" (selection/top_k.h's identification
  // of a campaign's top-k goal); empty in messages from before the field.
  std::string rule;
  double delta = 0.0;    // anytime and top-k rules only
  double epsilon = 0.0;  // anytime and top-k rules only
  // Rule "top-k" (a campaign's top-k goal, campaigns/campaign.h): the current top k, best
  // first; settled when they are identified. Empty under the other rules.
  std::vector<std::string> top;
  // Rule "top-k", settled: true when some cross pair is resolved only within epsilon (the
  // set is identified within epsilon), false when every one is certified.
  bool top_within_epsilon = false;
  // Rule "anytime" from a campaign's combined board (combined_anytime_leaderboard.h): the
  // judgments that answer uniform draws, which its pooled half reads. 0 otherwise.
  int64_t uniform_judgments = 0;

  bool operator==(const Stopping&) const = default;
};

struct Leaderboard {
  std::string model;        // "expected-wins", "trueskill", ...
  int64_t judgments = 0;    // human judgments (rankings, battles); comparisons for count boards
  int64_t comparisons = 0;  // pairwise comparisons the model was given
  std::vector<LeaderboardEntry> entries;  // best first
  int64_t rankings = 0;                   // k-way rankings read
  int64_t dropped_blank = 0;              // rankings dropped for a blank rank
  int64_t dropped_single = 0;             // rankings dropped for fewer than two systems
  int64_t skipped_invalid = 0;            // rows skipped under --skip-invalid
  bool connected = false;                 // one connected component
  // The connected components of the comparison graph, system ids in order of first
  // appearance; one when `connected`.
  std::vector<std::vector<std::string>> components;
  int bootstrap_replicates = 0;  // 0 when not bootstrapped
  // True when the replicates were reruns of a self-sampling model (TrueSkill's match
  // selection) with fresh seeds on the full data: nothing was resampled (`--protocol wmt15`,
  // statistics/bootstrap.h's self_sampling).
  bool replicates_are_reruns = false;
  // True when rank_lo/rank_hi are the ranks the entries' score intervals allow
  // (SetRankRangesFromScoreIntervals; `tourney estimate`), not a bootstrap's.
  bool interval_rank_ranges = false;
  // False where no pairwise outcomes are counted (`tourney estimate`'s board of sampled
  // scores): wins, losses and ties mean nothing there, and the outputs leave them out.
  bool counts_outcomes = true;
  double confidence = 0.0;       // of rank ranges and score intervals; 0 without them
  uint64_t seed = 0;
  std::vector<std::string> warnings;
  std::vector<CovariateEffect> covariate_effects;
  std::optional<Stopping> stopping;

  // True when some entry carries a cluster number.
  bool clustered() const;

  // True when rank_lo and rank_hi are ranges (a bootstrap, the anytime board's certified
  // ranks, or the ranks score intervals allow); otherwise they only repeat the rank, and the
  // outputs leave them out.
  bool has_rank_ranges() const {
    return bootstrap_replicates > 0 || interval_rank_ranges ||
           (stopping && stopping->rule == "anytime");
  }

  // Field-by-field equality (doubles compared exactly).
  bool operator==(const Leaderboard&) const = default;
};

// True for the models whose score is better when lower: MQM error points ("mqm",
// "mqm-holm"). Comparisons of boards (tourney compare) turn such scores around.
bool ScoreLowerIsBetter(std::string_view model);

// Sets every entry's rank_lo and rank_hi to the ranks its score interval allows, and
// interval_rank_ranges: rank_lo = 1 + the entries whose interval lies wholly on the better
// side of this one's, rank_hi = n - those wholly on the worse side (better = higher, or lower
// with `lower_is_better`). When every interval holds its true score, every true rank lies in
// its range; each interval alone holds at the board's confidence, so the ranges together hold
// at a lower one. An entry without score_lo/score_hi counts as its score alone.
void SetRankRangesFromScoreIntervals(Leaderboard* board, bool lower_is_better);

// A leaderboard of `ratings` (indexed by system id): entries sorted by score, best first
// (equal scores by system name), rank 1..n, per-system comparison counts, connectivity.
// rank_lo = rank_hi = rank; no cluster (not clustered). sigma is set when some rating has a
// sigma, mu when some rating has a mu or a sigma, r_hat when some rating has one.
// REQUIRES: ratings.size() == judgments.num_systems().
Leaderboard BuildLeaderboard(std::string_view model, const Judgments& judgments,
                             const std::vector<SystemRating>& ratings);

// The same from a count table, for callers that keep counts rather than comparisons (the
// live campaign). Sets model, judgments (all counted comparisons), entries, connectivity;
// the ranking counters stay 0 for the caller to fill.
// REQUIRES: names.size() == ratings.size() == counts.num_systems().
Leaderboard BuildLeaderboardFromCounts(std::string_view model,
                                       const std::vector<std::string>& names,
                                       const PairCounts& counts,
                                       const std::vector<SystemRating>& ratings);

}  // namespace tourney

#endif  // TOURNEY_CORE_LEADERBOARD_H_
