// The bootstrap of weighted Bradley-Terry: comparisons that each carry a weight (the Arena's
// inverse pair-count reweighting, any per-battle weight), resampled with their weights.
//
// DESCRIPTION
//   The full-data fit is RateWeightedBradleyTerry (models/pairwise_models.h). A replicate
//   draws C comparisons with replacement out of the C, each keeping its weight, and refits:
//   the comparisons fall into cells (pair, outcome, weight), and the replicate's cell counts
//   are one Multinomial(C; count / C) draw over them (CountResampler, core/count_resampler.h,
//   from replicate r's stream DeriveSeed(DeriveSeed(seed, r), 0)), so a replicate costs
//   O(cells) plus the fit of a WeightedWinMatrix-like matrix, not O(C). Ranks: best score 1,
//   exact ties in an order drawn from DeriveSeed(DeriveSeed(seed, r), 2). Replicates are
//   stored by index: the result does not depend on the thread count. The result is a
//   BootstrapResult (statistics/bootstrap.h) that BuildClusteredLeaderboard turns into the
//   clustered board, as for any model.
//   With every weight 1 the replicates have the distribution of Bootstrap() with model
//   "bradley-terry" (not the same draws: the cells are listed differently).
//   Cost: O(C log C) once to list the cells, then R * O(cells + n^2 sweeps).
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_WEIGHTED_BOOTSTRAP_H_
#define TOURNEY_STATISTICS_WEIGHTED_BOOTSTRAP_H_

#include <span>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {

// The bootstrap of weighted Bradley-Terry on `judgments`' comparisons with
// `comparison_weights` (one per comparison). Uses options.replicates, confidence, seed,
// threads and cancelled; resampling is always of comparisons (kComparisons), and
// options.resample == kRankings is InvalidArgument, as are invalid weights
// (RateWeightedBradleyTerry's rules), options out of range (Bootstrap's rules) and no
// comparisons. Cancelled when options.cancelled returned true.
StatusOr<BootstrapResult> WeightedBradleyTerryBootstrap(const Judgments& judgments,
                                                        std::span<const double> comparison_weights,
                                                        const PairwiseModelOptions& model_options,
                                                        const BootstrapOptions& options);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_WEIGHTED_BOOTSTRAP_H_
