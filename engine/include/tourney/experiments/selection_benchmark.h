// The selection benchmark: how many human judgments each match selector needs before the
// clustered leaderboard is final and the order is right, over many seeds.
//
// DESCRIPTION
//   One run = one selector, one seed, one campaign. Judgments are asked one at a time: the
//   selector (match_selector.h, active_selectors.h) picks a pair from the live TrueSkill
//   ratings and the pair counts so far (as tourneyd's NextMatch does), the campaign answers,
//   the live ratings get the two-player update (paper §2.3). Two kinds of campaign:
//   - hidden truth: system j has quality q_j ~ N(0, quality_sd^2), drawn per seed; a
//     judgment of (a, b) is d = q_a - q_b + N(0, 2 (sigma_a^2 + sigma_obs^2)), a tie when
//     |d| <= radius, else a win for the larger side (the Thurstone story of simulate.h; the
//     defaults give about 20-25% ties and WMT-like uneven gaps);
//   - pool replay: a judgment of (a, b) is drawn uniformly from the pooled comparisons of
//     that pair not yet used in the run (without replacement, so no judgment counts twice;
//     a pair whose comparisons are used up is no longer served), or with replacement as in
//     the paper's protocol (§3.1, selection_protocol.h); pairs without data are never
//     served. The truth is the order of the scorer fitted to the whole pool.
//   Every `checkpoint_every` judgments the run is scored by a model that is unbiased
//   whatever the sampling: a Bradley-Terry maximum-likelihood fit of the pair counts so far
//   (FitSelectionBt of selection_posterior.h; a tie counts half a win to each side), whose
//   likelihood does not depend on how pairs were chosen. Rank ranges come from `draws` parametric
//   draws from the fit's Gaussian N(theta_hat, H^-1) (H: observed information), trimmed as
//   clustering.h does, and clusters from ClusterByRankRanges in the order of theta_hat. Per
//   checkpoint: the number of clusters, Kendall tau-a against the truth, whether some pair the
//   truth orders the other way is split into separate clusters (a wrong separation), and the share
//   of systems whose rank range holds their true rank (coverage). Per run: judgments to clusters =
//   the first checkpoint from which the number of clusters stays at least the reference count
//   through the end of the budget (the count uniform reaches after `reference_at` judgments on the
//   same seed, when uniform is among the selectors; else the run's own count there); judgments to
//   tau = the first checkpoint from which tau stays >= tau_target. A run that never gets there is
//   censored at the budget (counted in `censored`).
//   Anytime scoring (the second scoring of every run): an AnytimeLeaderboard
//   (anytime_leaderboard.h) is fed every judgment in order and summarized after every
//   `anytime_every` of them (1: each one);
//   the selectors see it (SelectionState::anytime) as tourneyd would publish it. Per run:
//   whether any of those summaries, at any judgment up to the budget, separated two systems
//   the truth orders the other way (a campaign-level flag: its share across runs is the
//   family-wise error the leaderboard promises to keep <= delta, whatever the selector),
//   and whether at the end some pair is certified the wrong way round (an upper bound of
//   that flag over every judgment, summarized or not: AnytimeTracker::CertifiedWrong),
//   the judgments until the board was first settled (every boundary separated or a tie
//   within epsilon: the campaign stops; censored at the budget, counted in
//   `stop_censored`), and its separations (clusters - 1) then and at the end of the budget.
//   Across seeds: means with 95% Student-t intervals (mean +- t_{0.975, s-1} sd / sqrt(s)),
//   and ratios to uniform as geometric means of per-seed ratios with the t interval taken on
//   the log ratios (SeedInterval, RatioInterval); the wrong-separation share is also paired
//   with uniform's on each seed (the mean difference and its t interval). Active-selector
//   options out of range are InvalidArgument.
//   Costs: O(budget * selection + checkpoints * (n^3 + draws * n log n)) per run. Runs are
//   independent and seeded by (seed, seed index, selector name), so results never depend
//   on the thread count nor on which other selectors run alongside. Every selector of a
//   seed faces the same hidden truth.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_SELECTION_BENCHMARK_H_
#define TOURNEY_EXPERIMENTS_SELECTION_BENCHMARK_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/status.h"
#include "tourney/models/trueskill.h"
#include "tourney/selection/active_selectors.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/combined_anytime_leaderboard.h"

namespace tourney {

// Kendall tau-a between two score vectors (pairs tied in either count 0). 0 for n < 2.
double KendallTau(std::span<const double> x, std::span<const double> y);

// Mean and 95% Student-t interval of a sample across seeds (lo = hi = mean for one value).
struct SeedInterval {
  double mean = 0.0;
  double lo = 0.0;
  double hi = 0.0;
};
SeedInterval MeanInterval(std::span<const double> values);
// Geometric mean of numerator[s] / denominator[s] with the interval of MeanInterval on the
// log ratios. REQUIRES: equal sizes, positive values.
SeedInterval RatioInterval(std::span<const double> numerator, std::span<const double> denominator);

struct SelectionBenchmarkOptions {
  std::vector<std::string> selectors = {"uniform", "trueskill",      "frontier",
                                        "racing",  "info-gain",      "thompson",
                                        "arena",   "active-ranking", "boundary"};
  int seeds = 20;
  uint64_t seed = 1;
  int64_t budget = 20000;          // judgments per run
  int64_t checkpoint_every = 250;  // judgments between scorings
  // The reference number of clusters is uniform's count after this many judgments (a
  // checkpoint; 0: half the budget), so that selectors slower than uniform can still reach
  // it within the budget (up to 2x uniform's judgments by default).
  int64_t reference_at = 0;
  // Hidden-truth campaigns (used when `pool` is null).
  int systems = 16;
  double quality_sd = 0.5;
  double sigma_a = 0.5;
  double sigma_obs = 1.0;
  double radius = 0.5;
  // Pool replay: the pooled comparisons and their number of systems.
  const Comparisons* pool = nullptr;
  int pool_systems = 0;
  // false (default): each pooled comparison is used at most once per run, and a pair whose
  // comparisons are used up is no longer served (a real campaign never sees the same
  // judgment twice); true: drawn with replacement, as the paper's protocol does.
  bool pool_with_replacement = false;
  // Scoring.
  int draws = 400;
  double confidence = 0.95;
  double tau_target = 0.9;
  std::vector<int64_t> tau_at;  // amounts at which tau is also reported (multiples of
                                // checkpoint_every)
  TrueSkillOptions live;        // the live ratings the selectors see (campaign defaults)
  // > 0: the active selectors (not "trueskill", which is the paper's rule on the live
  // ratings, nor "uniform") see the selection posterior (selection_posterior.h) refitted
  // every `posterior_every` judgments, as tourneyd serves them; 0: the live ratings.
  int64_t posterior_every = 50;
  int threads = 1;
  // Options of the active selectors (exploration share, racing z).
  ActiveSelectorOptions active;
  // The anytime leaderboard's error budget and indifference zone (docs/selection.md says
  // why epsilon is 0.1: a tie within 0.03 needs about 15,000 judgments of one pair).
  AnytimeOptions anytime = {0.05, 0.1};
  // The board is summarized (for the selectors that read it, the stop and the
  // wrong-separation check) every this many judgments, >= 1.
  int64_t anytime_every = 1;
  // The uniform floor of every selector (campaign.h, CampaignConfig::uniform_floor), in
  // [0, 1]: the share of matches drawn as a uniform pair whatever the selector ("uniform":
  // all of them). In a replay without replacement, a floor draw of a used-up pair reuses
  // one of its judgments, so that the floor's design stays uniform.
  double uniform_floor = kDefaultUniformFloor;
  // Planned looks (group_sequential.h): the Bradley-Terry board of the checkpoints at
  // `looks` equally spaced amounts of the budget (each at the first checkpoint at or after
  // k / looks of it; looks that meet at one checkpoint are one), each at the nominal level
  // that O'Brien-Fleming-type spending of 1 - confidence over the looks' fractions leaves
  // it; 0: none.
  int looks = 4;
  // true: the campaign's board tunes its pooled half for the budget, as a campaign created
  // with a budget does (budget x floor x 2 / n uniform draws per system; floor 1 for
  // "uniform"); false (default): no horizon, as a campaign without one.
  bool horizon = false;
};

// The anytime half of a run's scoring, judgment by judgment (what RunSelectionBenchmark
// does for every run; exposed for testing): a campaign's board (the combined board of
// combined_anytime_leaderboard.h, pairwise matches), which the selectors read and which
// decides the stop, and beside it the per-pair board alone at the same delta (the board
// campaigns showed before the combined one), for comparison.
class AnytimeTracker {
 public:
  // truth: by system id, larger is better. InvalidArgument as AnytimeLeaderboard::Create.
  // The board is summarized after every `every` judgments (>= 1; InvalidArgument else).
  // `horizon`: the uniform draws per system the campaign's board tunes its pooled half for
  // (CombinedAnytimeLeaderboard::Create; 0: none).
  static StatusOr<AnytimeTracker> Create(std::vector<double> truth, const AnytimeOptions& options,
                                         int64_t every = 1, int64_t horizon = 0);

  // Adds one judgment, `uniform_draw` when its pair was the uniform floor's draw; every
  // `every` judgments, Refresh().
  void Add(SystemId a, SystemId b, Outcome outcome, bool uniform_draw = false);
  // Summarizes the board now and updates the flags below.
  void Refresh();
  // Some pair is certified (lo(p_ul) > 1/2 or lo(B_u) > hi(B_l), as of the last Refresh)
  // in the order opposite to the truth. Certification never lapses (the intervals are
  // running intersections and the score bounds their means), so at the end of a run this
  // covers every judgment, summarized or not, and every wrong separation implies it.
  bool CertifiedWrong() const;

  // The per-pair half of the campaign's board (what the selectors read besides summary()).
  const AnytimeLeaderboard& board() const { return board_.pairwise(); }
  const CombinedAnytimeLeaderboard& combined() const { return board_; }
  const AnytimeSummary& summary() const { return summary_; }
  int64_t judgments() const { return board_.comparisons(); }
  // The per-pair board alone at the full delta, as of the last Refresh.
  const AnytimeSummary& pairwise_summary() const { return pairwise_summary_; }
  // Some summary of the per-pair board alone so far separated a pair the wrong way round.
  bool pairwise_wrong_separation() const { return pairwise_wrong_; }
  // Some summary so far put a system in a better cluster than one the truth ranks above it.
  bool wrong_separation() const { return wrong_separation_; }
  // The judgments after which the board was first found settled (a multiple of `every`);
  // 0: not yet.
  int64_t settled_at() const { return settled_at_; }
  // Separations of the board when it was first found settled (0 before).
  int settled_separations() const { return settled_separations_; }

 private:
  AnytimeTracker(std::vector<double> truth, CombinedAnytimeLeaderboard board,
                 AnytimeLeaderboard pairwise, int64_t every);
  std::vector<double> truth_;
  int64_t every_ = 1;
  CombinedAnytimeLeaderboard board_;
  AnytimeLeaderboard pairwise_;
  AnytimeSummary summary_;
  AnytimeSummary pairwise_summary_;
  bool pairwise_wrong_ = false;
  bool wrong_separation_ = false;
  int64_t settled_at_ = 0;
  int settled_separations_ = 0;
};

// True when `summary` separates some pair that `truth` (by system id, larger is better)
// orders the other way: a boundary with a system above it whose truth is below that of a
// system under it.
bool AnytimeWrongSeparation(const AnytimeSummary& summary, std::span<const double> truth);

// One run's trace and measurements.
struct SelectionRun {
  std::vector<int> clusters;  // per checkpoint
  std::vector<double> tau;    // per checkpoint
  int64_t to_clusters = 0;    // judgments to the reference number of clusters
  int64_t to_tau = 0;         // judgments to tau >= tau_target for good
  bool clusters_censored = false;
  bool tau_censored = false;
  int reference_clusters = 0;
  double wrong_separation = 0.0;  // share of checkpoints with a wrong separation
  double coverage = 0.0;          // share of (checkpoint, system) with the true rank covered
  std::vector<double> tau_at;     // tau at options.tau_at
  // Anytime scoring.
  bool anytime_wrong = false;    // a wrong separation at some summary
  bool certified_wrong = false;  // a pair certified the wrong way round (CertifiedWrong)
  int64_t to_stop = 0;           // judgments until the board is settled
  bool stop_censored = false;    // never settled within the budget (to_stop = budget)
  int anytime_separations = 0;   // separations at the end of the budget
  int stop_separations = 0;      // separations when the board settled (at the budget if censored)
  // Per checkpoint: separations of the campaign's (combined) board and of the per-pair
  // board alone; the fixed-sample board's are clusters - 1.
  std::vector<int> anytime_curve, pairwise_curve;
  bool pairwise_wrong = false;  // the per-pair board alone: a wrong separation at some summary
  int64_t uniform_draws = 0;    // judgments of the floor's draws
  // Planned looks: separations at each look, and whether some look separated wrongly.
  std::vector<int> look_separations;
  bool look_wrong = false;
};

struct SelectorSummary {
  std::string name;
  SeedInterval to_clusters, to_tau;        // judgments
  SeedInterval clusters_ratio, tau_ratio;  // to uniform (when uniform ran)
  SeedInterval wrong_separation, coverage, final_clusters;
  // The run's wrong-separation share minus uniform's on the same seed (paired; when
  // uniform ran): an interval above 0 says the selector splits wrongly ordered pairs more
  // often than uniform does, one that holds 0 that the seeds cannot tell them apart.
  SeedInterval wrong_separation_excess;
  std::vector<SeedInterval> tau_at;
  int clusters_censored = 0, tau_censored = 0;
  // Anytime scoring: the share of runs with a wrong separation at any judgment (and the
  // paired difference to uniform's), judgments to stop (and the ratio to uniform's),
  // separations at the end of the budget.
  SeedInterval anytime_wrong, anytime_wrong_excess, to_stop, stop_ratio, anytime_separations;
  SeedInterval certified_wrong, stop_separations;
  int anytime_wrong_runs = 0, certified_wrong_runs = 0, stop_censored = 0;
  // Per checkpoint: separations of the campaign's board, of the per-pair board alone and of
  // the fixed-sample board (clusters - 1); per planned look, its separations.
  std::vector<SeedInterval> anytime_curve, pairwise_curve, fixed_curve, look_separations;
  int pairwise_wrong_runs = 0, look_wrong_runs = 0;
  SeedInterval uniform_draws;  // judgments of the floor's draws per run
  // Per checkpoint across seeds: mean and 95% interval of clusters and tau.
  std::vector<SeedInterval> clusters_curve, tau_curve;
};

struct SelectionBenchmark {
  SelectionBenchmarkOptions options;  // pool cleared
  int num_systems = 0;
  std::vector<int64_t> checkpoints;             // judgments at each checkpoint
  std::vector<int64_t> looks;                   // judgments at each planned look
  std::vector<double> look_confidence;          // the nominal confidence of each look
  std::vector<std::vector<SelectionRun>> runs;  // [selector][seed]
  std::vector<SelectorSummary> summaries;       // per selector
};

// InvalidArgument for an unknown selector, fewer than 2 seeds, a budget or checkpoint
// spacing < 1, a budget that is not a multiple of the spacing, fewer than 2 systems, an
// empty pool, a replay without replacement whose budget exceeds the pool, draws < 20,
// tau_at amounts that are not checkpoints, or anytime options out of range.
StatusOr<SelectionBenchmark> RunSelectionBenchmark(const SelectionBenchmarkOptions& options);

// Summaries from runs (what RunSelectionBenchmark fills in): exposed for testing.
std::vector<SelectorSummary> SummarizeSelectionRuns(
    const std::vector<std::string>& selectors, const std::vector<std::vector<SelectionRun>>& runs,
    size_t num_checkpoints, size_t num_tau_at, size_t num_looks = 0);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_SELECTION_BENCHMARK_H_
