// The top-k benchmark: judgments until the anytime top-k stop (top_k.h) fires, for the
// "top-k" selector against uniform selection with the same stop, over many seeds; and how
// often the stop names a wrong set.
//
// DESCRIPTION
//   One run = one mode ("uniform" or "top-k"), one seed, one campaign. Judgments of pairs
//   are asked one at a time; each goes into a TopKBoard (anytime board at delta, pair alpha
//   delta / #pairs), and after each one IdentifyTopK(board, k, epsilon) is checked: the run
//   stops at the first judgment after which the top k are identified (or identified within
//   epsilon). A run still open after `budget` judgments is censored at the budget. (The
//   exact test runs whenever a fast screen on the TopKBoard's incremental scores, with a
//   1e-9 allowance for rounding, says it may pass; the screen can only postpone a stop, and
//   only while two scores tie within rounding.)
//   Campaigns:
//   - hidden truth, as the selection benchmark draws it (selection_benchmark.h): qualities
//     q_j = quality_sd * N(0, 1) from Rng(DeriveSeed(DeriveSeed(seed, s), 0)) for seed index
//     s, in system order, so seed index s of both benchmarks faces the same qualities; a
//     judgment of (a, b) is the ranking of two systems by SimulateRanks (simulate.h: a tie
//     when the noisy qualities differ by at most radius, noise sd sqrt(2 (sigma_a^2 +
//     sigma_obs^2)) on the difference). The true preference is
//       p_ab = 1 - Phi((r - d) / s) / 2 - Phi((-r - d) / s) / 2,  d = q_a - q_b,
//     and the true top k are the k highest qualities;
//   - pool replay: a judgment of (a, b) is drawn uniformly from that pair's pooled
//     comparisons not yet used in the run (each at most once; an exhausted pair is no longer
//     served, and a run whose pairs are all exhausted stops censored). The true preference
//     p_ab is the pooled share of a's wins plus half its ties (1/2 for a pair without data),
//     and the true top k are the k highest full-pool Expected Wins (Borda, ties as half
//     wins) scores, ties by id.
//   A stopped run is wrong when its set differs from the true top k; with epsilon > 0 it is
//   also scored by the guarantee it claims: epsilon-wrong when some cross pair (u in the
//   set, l outside) has true p_ul <= 1/2 - epsilon and B_u <= B_l - epsilon.
//   Across seeds: judgments to stop (censored runs count as the budget) with the 95%
//   Student-t interval (MeanInterval), the ratio to uniform as the geometric mean of
//   per-seed ratios with its interval (RatioInterval), also over the seeds where neither
//   run was censored, and the wrong-stop rate with its exact 95% Clopper-Pearson interval.
//   Costs: O(judgments * (n^2 + k (n - k))) per run. Runs are independent and seeded by
//   (seed, seed index, mode); results never depend on the thread count.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_TOP_K_BENCHMARK_H_
#define TOURNEY_EXPERIMENTS_TOP_K_BENCHMARK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/experiments/selection_benchmark.h"

namespace tourney {

struct TopKBenchmarkOptions {
  int k = 1;
  double delta = 0.05;
  double epsilon = 0.0;
  int seeds = 500;
  uint64_t seed = 1;
  int64_t budget = 200000;  // judgments per run before censoring
  double explore = 0.05;    // the top-k selector's share of uniform matches
  // Hidden-truth campaigns (used when `pool` is null).
  int systems = 16;
  double quality_sd = 0.5;
  double sigma_a = 0.5;
  double sigma_obs = 1.0;
  double radius = 0.5;
  // Pool replay: the pooled comparisons and their number of systems.
  const Comparisons* pool = nullptr;
  int pool_systems = 0;
  int threads = 1;
};

struct TopKRun {
  int64_t judgments = 0;  // to the stop, or the budget when censored
  bool censored = false;
  bool within_epsilon = false;  // stopped on an identification within epsilon
  bool wrong = false;           // stopped with a set other than the true top k
  bool epsilon_wrong = false;   // stopped with a set that breaks the epsilon guarantee
  std::vector<SystemId> top;    // the set named at the stop, best first (empty: censored)
};

// An exact binomial share: successes / trials with its 95% Clopper-Pearson interval.
struct ShareInterval {
  int64_t count = 0;
  int64_t trials = 0;
  double share = 0.0, lo = 0.0, hi = 0.0;
};
ShareInterval ClopperPearson(int64_t count, int64_t trials);

struct TopKModeSummary {
  std::string name;        // "uniform" or "top-k"
  SeedInterval judgments;  // to stop (censored at the budget)
  SeedInterval ratio;      // to uniform's judgments on the same seed
  // The same ratio over the seeds on which neither this mode nor uniform was censored
  // (`both_stopped` of them): free of the budget, but selected on easier campaigns.
  SeedInterval ratio_both_stopped;
  int both_stopped = 0;
  int censored = 0;
  int within_epsilon = 0;
  ShareInterval wrong, epsilon_wrong;  // over all seeds (a censored run is never wrong)
};

struct TopKBenchmark {
  TopKBenchmarkOptions options;  // pool cleared
  int num_systems = 0;
  // Pool replay: the true top k (the full pool's Expected Wins order), best first; empty
  // for hidden truths, which differ by seed.
  std::vector<SystemId> true_top;
  std::vector<std::string> modes;          // {"uniform", "top-k"}
  std::vector<std::vector<TopKRun>> runs;  // [mode][seed]
  std::vector<TopKModeSummary> summaries;  // per mode
};

// InvalidArgument for k outside 1..n-1, delta outside (0, 1), epsilon outside [0, 1/2],
// fewer than 2 seeds, a budget < 1, explore outside [0, 1], systems outside 2..1000, bad
// noise parameters, or an empty or invalid pool.
StatusOr<TopKBenchmark> RunTopKBenchmark(const TopKBenchmarkOptions& options);

// Summaries of runs[mode][seed] (mode 0 is the reference of the ratios).
std::vector<TopKModeSummary> SummarizeTopKRuns(const std::vector<std::string>& modes,
                                               const std::vector<std::vector<TopKRun>>& runs);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_TOP_K_BENCHMARK_H_
