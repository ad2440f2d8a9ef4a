// Replaying a complete scoring campaign through the live campaign engine: how many of its
// items a goal needs under each serving policy, and whether what is printed at the stop
// holds (`tourney replay`, docs/replay.md).
//
// DESCRIPTION
//   The input is a campaign whose every item (system, segment) holds its recorded human
//   score: the full-data score of a system is the mean of its recorded scores. A replay runs
//   a ScoringCampaign (scoring_campaign.h: the code tourneyd runs) in the random design
//   (every system's order one uniformly random permutation of the segments) from a seed
//   with every score hidden; its annotator answers each item the campaign serves with the recorded
//   score, and after every `check` scores the policy looks at what it knows and either stops
//   (the goal is met), or sets which systems the campaign serves next (SetServing).
//
//   What the campaign knows, at every look:
//     per system, the cv-cs interval (residual_sequence.h: the k-NN prediction from the
//       metrics as a control variate, a confidence sequence for the system's test-set mean,
//       at `confidence`), fed the system's scores in its order as they arrive, exactly what
//       the campaign's Estimate computes for bound cv-cs;
//     per pair of systems, a betting confidence sequence for the mean paired difference
//       x_a − x_b on the segments both have (finite_population_sequence.h: sampling without
//       replacement, valid at every size for values in the declared range, [min − max,
//       max − min]), fed each segment when its second score arrives (both systems serve
//       prefixes of one random order, so the pair sees a uniformly random prefix too), at
//       α = (1 − confidence) / (S(S − 1)/2) per pair: Bonferroni over every pair, so no
//       separation of the whole board is wrong with probability ≥ confidence, at every look,
//       whatever the allocation and the stop. (cv-cs is not used for the pairs: its
//       coverage is asymptotic, and a population of sixty differences of +1 and six of −10
//       makes it exclude their mean, 0, after nine +1s in 42% of orders.)
//     or, with board kCvCs, the cv-cs sequence for the same mean (MakeDifferencePopulation:
//       the metrics' differences as the control variate), at the same α: far narrower for
//       heavy-tailed scores such as MQM, but its coverage is asymptotic (and so the board's
//       promise); it claims nothing for a pair before 30 paired segments.
//   Both are for the test set's means (the full-data scores): a census has zero width,
//   because the full data are then known.
//   The board at a look ranks systems by their cv-cs centres; a boundary (rank neighbours)
//   is separated when their pair's interval excludes 0, and a separation is wrong when its
//   sign disagrees with the full data: the mean paired difference over the segments both
//   systems have (the difference of their full-data scores when both have every segment;
//   a full-data tie makes any separation wrong).
//
//   Goals:
//     tolerance=T  every system's cv-cs interval within ±T (VerdictForTolerance, with
//                  kMinScoredForTolerance scores at least);
//     settled      every boundary separated, or its pair's interval inside [−ε, ε];
//     top-1        the leader's pair interval against every other system above −ε (for a
//                  lower-is-better score, below ε): the leader is within ε of the best.
//   Policies (each `replays` times, replay r seeded DeriveSeed(seed, r)):
//     all      every item, the board read at the end (the campaign as it was run, with
//              tourney's valid board);
//     uniform  every system served alike, stopped at the first look where the goal is met;
//     default  stopped likewise, serving only
//              what blocks the goal: for tolerance, the systems not yet within ±T; for
//              settled, the systems of an unsettled boundary; for top-1, the leader and the
//              systems not yet separated from it (LUCB's two sides). Settled and top-1 keep
//              a uniform floor: every `floor_every`-th look serves every system that has
//              items left, so no system starves and an early ranking can be corrected.
//   Which systems are served never changes a system's own order (each serves a prefix of
//   it), and the sequences hold at every time at once, so the intervals and separations keep
//   their promise under the allocation and the data-dependent stop.
//
//   Beside it, the fixed-sample board at the stop (FixedBoard in the source: a paired t-test
//   per rank-neighbour pair at (1 − confidence)/(S − 1), as if the items had been fixed in
//   advance), so that what validity costs is a number.
//   Per policy: items used (% of all items; mean, sd, min, max over replays), coverage (% of
//   (replay, system) whose final cv-cs interval holds the full-data score), wrong (% of
//   replays with a wrong separation at the stop), separations (mean separated boundaries at
//   the stop), goal reached (% of replays), and the separations against items used (mean
//   over replays at each 5% of the items; the last value carried past a replay's stop).
//   Results do not depend on the thread count.
//   Cost: per replay O(items used · S) plus the refits of the k-NN predictions.
// Thread safety: RunCampaignReplay is reentrant.
#ifndef TOURNEY_EXPERIMENTS_CAMPAIGN_REPLAY_H_
#define TOURNEY_EXPERIMENTS_CAMPAIGN_REPLAY_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"

namespace tourney {

enum class ReplayGoalKind { kTolerance, kSettled, kTopOne };

struct ReplayGoal {
  ReplayGoalKind kind = ReplayGoalKind::kTolerance;
  double tolerance = 0.25;  // kTolerance: the ±T target, > 0
  // kSettled and kTopOne: the difference that does not matter, >= 0; negative: 1% of the
  // declared score range.
  double epsilon = -1.0;
};

// The board's pair sequences (see the header): kBetting, valid at every size for any
// scores in the declared range; kCvCs, the campaigns' cv-cs on the paired differences (the
// metrics' differences as the control variate), asymptotic, much narrower for heavy-tailed
// scores, claiming nothing before 30 paired segments.
enum class ReplayBoard { kBetting, kCvCs };

// "betting" or "cv-cs". InvalidArgument otherwise.
StatusOr<ReplayBoard> ParseReplayBoard(const std::string& text);

// "tolerance=T", "settled" or "top-1". InvalidArgument naming the text otherwise.
StatusOr<ReplayGoal> ParseReplayGoal(const std::string& text);

struct CampaignReplayOptions {
  ReplayGoal goal;
  ReplayBoard board = ReplayBoard::kBetting;
  std::vector<std::string> policies = {"all", "uniform", "default"};
  int replays = 200;  // 1..100000
  uint64_t seed = 1;
  int threads = 1;  // results do not depend on it
  double confidence = 0.95;
  // The declared score range (both finite, min < max). NaN: the recorded scores' range.
  double score_min = std::numeric_limits<double>::quiet_NaN();
  double score_max = std::numeric_limits<double>::quiet_NaN();
  bool lower_is_better = false;
  int check = 10;        // scores between two looks, >= 1
  int floor_every = 10;  // settled and top-1: every n-th look serves every system, >= 1
  // Called after each replay with the number done (from any thread; may be null).
  std::function<void(int)> progress;
};

struct ReplayPolicyResult {
  std::string name;
  double items_pct = 0.0;  // mean over replays
  double items_pct_sd = 0.0;
  double items_pct_min = 0.0;
  double items_pct_max = 0.0;
  double coverage_pct = 0.0;
  double wrong_pct = 0.0;
  double separations = 0.0;
  double separations_sd = 0.0;
  double reached_pct = 0.0;
  // The fixed-sample board at the same stop and items (a paired t-test per rank-neighbour
  // pair at (1 − confidence)/(S − 1), valid only at a size fixed in advance): what the
  // valid board gives up, and how often the fixed-sample one is wrong under the stop.
  double fixed_separations = 0.0;
  double fixed_wrong_pct = 0.0;
  // Per system (table order): % of replays whose final interval holds its full-data score.
  std::vector<double> system_coverage_pct;
  // Per system: the mean % of its segments scored at the stop.
  std::vector<double> system_scored_pct;
  // Mean separated boundaries when 5%, 10%, ..., 100% of the items are used.
  std::vector<double> separations_curve;
};

struct CampaignReplayResult {
  std::vector<std::string> systems;
  std::vector<double> full_scores;  // the full-data score per system
  int full_separations = 0;  // boundaries of the full-data ranking with distinct scores
  int64_t items = 0;
  double score_min = 0.0;
  double score_max = 0.0;
  double epsilon = 0.0;
  CampaignReplayOptions options;
  std::vector<ReplayPolicyResult> policies;
};

// InvalidArgument for a table with fewer than 2 systems or an item without a score, a bad
// option (named), an unknown policy, or a declared range that a score leaves.
StatusOr<CampaignReplayResult> RunCampaignReplay(const ScoredSegments& table,
                                                 const CampaignReplayOptions& options);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_CAMPAIGN_REPLAY_H_
