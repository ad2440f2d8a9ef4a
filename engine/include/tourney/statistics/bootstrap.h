// Bootstrap rank distributions and clustered leaderboards.
//
// DESCRIPTION
//   Sakaguchi, Post & Van Durme (2014, §6), after the WMT13 procedure (Bojar et al. 2013;
//   Koehn 2012): rate the systems on R bootstrap replicates of the data and record each
//   system's rank and score in each replicate; rank ranges, clusters and rank upper bounds
//   follow from those samples (clustering.h).
//   A replicate r is built from its own seed s_r = DeriveSeed(seed, r):
//   - Resampling models (Expected Wins, Hopkins-May, any RatingModel whose self_sampling()
//     is false): draw the data with replacement from the stream DeriveSeed(s_r, 0), either
//     C comparisons out of the C pairwise comparisons (kComparisons, default) or M whole
//     rankings out of M (kRankings, which keeps the comparisons of one ranking together
//     and gives the model RatingInput::judgments), then Rate(resampled, DeriveSeed(s_r, 1)).
//   - Count shortcut: a model whose scores depend on the data only through its PairCounts
//     (Expected Wins: CountScorerFor) is scored straight from a resampled count table. Under
//     kComparisons the table is one Multinomial(C; cell / C) draw over the nonzero
//     (pair, outcome) cells, drawn by CountResampler (count_resampler.h: Poisson draws per
//     cell from tables, then an exact correction to C): exactly the distribution of the
//     counts of C comparisons drawn with replacement, in O(cells) instead of O(C). The
//     binomial chain (binomial.h, CountSampler::kBinomialChain) draws the same distribution
//     several times slower; it was the sampler before issue 50 and repeats its replicates. Under
//     kRankings the drawn rankings are counted straight into the table (the same draws as the
//     generic path, so the same samples bit for bit).
//   - Self-sampling models (TrueSkill with its match-selection protocol): no resampling;
//     Rate(full data, s_r), as the paper's 100 TrueSkill runs did. With
//     resample_self_sampling they are rerun on a resample instead, drawn as for any other
//     model: the WMT15/16 official protocol (Bojar et al. 2015, 2016: 1,000 TrueSkill runs,
//     each on the pairwise comparisons drawn with replacement).
//   Headline scores: the model on the full data (BootstrapScore::kFullData), or each
//   system's mean score over the replicates (kReplicateMean, as WMT15/16 report mean mu).
//   Self-sampling models always get kReplicateMean: their full-data run is one protocol run,
//   a single draw of the distribution the score interval summarises, and could lie outside
//   its own interval or order two systems against their means.
//   A replicate ranks the systems 1..n by score, best first; systems with exactly equal
//   scores are put in a random order (stream DeriveSeed(s_r, 2)), so ties share their
//   ranks evenly instead of all taking the best one.
//   Replicates run in parallel on a ThreadPool and store their results by index, so the
//   output for a seed does not depend on the thread count.
//   Cost: R model fits (R * O(cells + n^2) with the count shortcut).
// Thread safety: Bootstrap() is reentrant; the model's Rate() is called concurrently.
#ifndef TOURNEY_STATISTICS_BOOTSTRAP_H_
#define TOURNEY_STATISTICS_BOOTSTRAP_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/statistics/clustering.h"
#include "tourney/statistics/replicate_samples.h"

namespace tourney {

// What a replicate draws with replacement (ignored for self-sampling models).
enum class ResampleUnit {
  kComparisons,  // pairwise comparisons (WMT13)
  kRankings,     // whole k-way rankings with all their comparisons
};

// Parses "comparisons" or "rankings".
StatusOr<ResampleUnit> ParseResampleUnit(std::string_view name);
std::string ResampleUnitName(ResampleUnit unit);

// Which number heads the leaderboard.
enum class BootstrapScore {
  kFullData,       // the model rated on the full data
  kReplicateMean,  // the mean of the replicate scores (sigma: their sd)
};

// Scores computed from a count table alone (indexed by system id, higher is better).
using CountScorer = std::function<std::vector<double>(const PairCounts&)>;

// The count scorer equivalent to `model` (Expected Wins in both variants and every
// CountBasedModel of pairwise_models.h), or an empty function when the model needs more than
// counts. The scorer refers to `model`, which must outlive it.
CountScorer CountScorerFor(const RatingModel& model);

// How the count shortcut draws a replicate's count table under kComparisons (the same
// distribution, different draws for a seed).
enum class CountSampler {
  kPoisson,        // CountResampler (count_resampler.h): Poisson draws and a correction
  kBinomialChain,  // SampleMultinomial (binomial.h): one binomial per cell, slower
};

struct BootstrapOptions {
  int replicates = 1000;     // R, 1..1,000,000
  double confidence = 0.95;  // gamma of the rank ranges and score intervals, in (0, 1)
  uint64_t seed = 1;
  int threads = 0;  // 0 = one per hardware thread
  ResampleUnit resample = ResampleUnit::kComparisons;
  // Use CountScorerFor(model) when it exists (same distribution, much faster).
  bool count_shortcut = true;
  CountSampler count_sampler = CountSampler::kPoisson;
  // Rerun self-sampling models on resampled data rather than on the full data.
  bool resample_self_sampling = false;
  // Ignored (kReplicateMean) for self-sampling models.
  BootstrapScore score = BootstrapScore::kFullData;
  // Called after each finished replicate with (finished, replicates). Calls are serialized
  // by the engine but come from worker threads, in no particular order of replicates.
  std::function<void(int finished, int total)> progress;
  // Polled before each replicate, from worker threads (it must be thread-safe). Once it
  // returns true, replicates not yet started are skipped and Bootstrap() returns Cancelled
  // as soon as the running ones end. Unset: never cancelled.
  std::function<bool()> cancelled;
};

struct BootstrapResult {
  std::string model;  // RatingModel::name()
  // The model on the full data (seed options.seed); with BootstrapScore::kReplicateMean,
  // score and mu are the replicate means and sigma their sd.
  std::vector<SystemRating> full;
  std::vector<std::string> warnings;  // full-data warnings, then replicate warnings
  RankSamples ranks;                  // rank of each system in each replicate
  ScoreSamples scores;                // score of each system in each replicate
  int replicates = 0;
  double confidence = 0.0;
  uint64_t seed = 0;
  bool self_sampling = false;                        // replicates were reruns on the full data
  BootstrapScore score = BootstrapScore::kFullData;  // the one used
  bool count_shortcut = false;  // replicates were scored from resampled count tables
  ResampleUnit resample = ResampleUnit::kComparisons;
};

// Runs the bootstrap. InvalidArgument for options out of range or for judgments without
// comparisons; a model error in any replicate fails the run with the error of the
// lowest-numbered failing replicate ("bootstrap replicate 17: ..."). A non-finite score
// from the model is an Internal error. Cancelled when options.cancelled returned true.
StatusOr<BootstrapResult> Bootstrap(const Judgments& judgments, const RatingModel& model,
                                    const BootstrapOptions& options);

// The leaderboard of the full-data ratings (BuildLeaderboard) with the bootstrap filled in:
// rank_lo/rank_hi, cluster (1 = top), rank_upper_bound, score_lo/score_hi,
// bootstrap_replicates, confidence, seed and warnings. Clusters follow the leaderboard's
// entry order.
// REQUIRES: result came from Bootstrap() on these judgments.
Leaderboard BuildClusteredLeaderboard(const Judgments& judgments, const BootstrapResult& result);

// System ids in the order of `board`'s entries.
// REQUIRES: every entry names a system of `judgments`.
std::vector<int> LeaderboardOrder(const Leaderboard& board, const Judgments& judgments);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_BOOTSTRAP_H_
