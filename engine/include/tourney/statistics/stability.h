// Stability of a clustered leaderboard under less data: Zobel's (1998) question, asked of a
// judgment campaign instead of a test collection.
//
// DESCRIPTION
//   The full campaign is clustered once (Bootstrap + BuildClusteredLeaderboard with the
//   given model and bootstrap options and the seed itself, so that they are the clusters
//   `tourney cluster --seed S` prints): these are the reference ("published") clusters.
//   Then, for each fraction f of the grid and each repeat r, task
//   t = (fraction index) * repeats + r with seed s_t = DeriveSeed(seed, t + 1):
//   - draws round(f * U) of the campaign's U units without replacement (at least one;
//     stream DeriveSeed(s_t, 0)); a unit is a k-way ranking, or a source segment (every
//     ranking of one (document, segment) pair) when segment ids are known;
//   - keeps the rankings of the drawn units in their original order, with every system of
//     the campaign registered under its original id (a system with no comparison left
//     scores as the model scores an unseen system);
//   - clusters them the same way (bootstrap seed DeriveSeed(s_t, 1));
//   - compares the result with the reference (ranking_comparison.h, the full leaderboard
//     as reference A): Kendall's tau-b, Spearman's rho, Pearson Rank of the scores; the
//     number of clusters; of the pairs the reference separates, the share the subsample
//     separates the other way (flipped) and the share it puts together (lost); the pairs
//     it separates that the reference does not (new); whether it reproduces the reference
//     clusters exactly (the same pairs separated the same way).
//   Per fraction: means and standard deviations over the repeats, the share of repeats
//   that reproduce the clusters, and the smallest fraction from which on (it and every
//   larger fraction of the grid) that share is at least `reproduce_level`.
//   Tasks run in parallel on a ThreadPool (each bootstrap single-threaded) and store their
//   results by index: the output for a seed does not depend on the thread count.
//   Cost: (1 + F R) bootstraps of B replicates.
// Thread safety: reentrant; the model's Rate() is called concurrently.
#ifndef TOURNEY_STATISTICS_STABILITY_H_
#define TOURNEY_STATISTICS_STABILITY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {

// What a subsample draws.
enum class SubsampleUnit {
  kAuto,      // segments when every ranking has a segment id, else rankings
  kRankings,  // whole k-way rankings
  kSegments,  // every ranking of a (document, segment) pair together
};

// Parses "auto", "rankings" or "segments".
StatusOr<SubsampleUnit> ParseSubsampleUnit(std::string_view name);
std::string SubsampleUnitName(SubsampleUnit unit);

struct StabilityOptions {
  // Fractions of the campaign's units, each in (0, 1]; sorted and deduplicated by the run.
  std::vector<double> fractions = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  int repeats = 20;  // 1..100,000
  uint64_t seed = 1;
  int threads = 0;  // 0 = one per hardware thread
  SubsampleUnit unit = SubsampleUnit::kAuto;
  double reproduce_level = 0.95;  // in (0, 1]
  // Replicates, confidence, resampling and count shortcut of every clustering; its seed,
  // threads, progress and cancelled fields are ignored (`cancelled` below reaches them).
  BootstrapOptions bootstrap;
  // Called after each finished task with (finished, total); serialized, from workers.
  std::function<void(int finished, int total)> progress;
  // Polled before every subsample and between the replicates of every clustering, from
  // the workers: once it returns true (and it must keep returning true then, as an atomic
  // flag does), the run returns Cancelled. Unset: never cancelled.
  std::function<bool()> cancelled;
};

// Mean and standard deviation (n - 1 denominator; 0 for one value) over the repeats where
// the measure is defined; `defined` counts them.
struct StabilityStat {
  double mean = 0.0;
  double sd = 0.0;
  int defined = 0;
};

struct StabilityRepeat {
  int64_t units = 0;     // units drawn
  int64_t rankings = 0;  // rankings they hold
  std::optional<double> kendall_tau_b;
  std::optional<double> spearman_rho;
  std::optional<double> pearson_rank;
  int clusters = 0;
  int64_t flipped = 0;  // reference separations reversed
  int64_t lost = 0;     // reference separations merged
  int64_t added = 0;    // separations the reference does not make
  bool reproduced = false;
  std::vector<std::string> notes;  // why a correlation above is absent
};

struct StabilityPoint {
  double fraction = 0.0;
  int64_t units = 0;  // units drawn per repeat
  StabilityStat kendall_tau_b;
  StabilityStat spearman_rho;
  StabilityStat pearson_rank;
  StabilityStat clusters;
  StabilityStat flipped_share;  // flipped / reference separations (0 when there are none)
  StabilityStat lost_share;     // lost / reference separations
  double reproduced_share = 0.0;
  std::vector<StabilityRepeat> repeats;
};

struct StabilityResult {
  std::string model;
  SubsampleUnit unit = SubsampleUnit::kRankings;  // resolved (never kAuto)
  int64_t total_units = 0;
  int64_t total_rankings = 0;
  Leaderboard reference;  // the full campaign, clustered
  int reference_clusters = 0;
  int64_t reference_separations = 0;   // pairs in different reference clusters
  std::vector<StabilityPoint> points;  // by increasing fraction
  // The smallest fraction from which on every point reproduces the reference clusters in
  // at least reproduce_level of its repeats; absent when even the largest does not.
  std::optional<double> smallest_reproducing_fraction;
  // One line per fraction and reason where a correlation is undefined in some repeats
  // ("fraction 0.1: 3 of 20 repeats: pearson_rank undefined: ..."); the means above are
  // over the other repeats.
  std::vector<std::string> notes;
  StabilityOptions options;  // as run (fractions sorted)
};

// Runs the study. InvalidArgument for options out of range, judgments without rankings,
// or kSegments when some ranking has no segment id; the first failing bootstrap's error
// otherwise ("fraction 0.1, repeat 3: ...").
StatusOr<StabilityResult> RunStability(const Judgments& judgments, const RatingModel& model,
                                       const StabilityOptions& options);

// The rankings (indices, ascending) of `count` units drawn without replacement from
// `units` (each unit a list of ranking indices), from `seed`.
// REQUIRES: count <= units.size().
std::vector<size_t> DrawUnits(const std::vector<std::vector<size_t>>& units, int64_t count,
                              uint64_t seed);

// The campaign's units: one per ranking, or one per (document, segment) pair in order of
// first appearance. kAuto resolves as documented; *resolved receives the unit used.
StatusOr<std::vector<std::vector<size_t>>> SubsampleUnits(const Judgments& judgments,
                                                          SubsampleUnit unit,
                                                          SubsampleUnit* resolved);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_STABILITY_H_
