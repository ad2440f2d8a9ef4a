// The sparse-board study of Expected Wins: how far the score of a small campaign lies, on
// average, from the score of a dense campaign of the same hidden truth.
//
// DESCRIPTION
//   Campaign c (c = 0 .. campaigns-1) draws its truth and judgments by SimulateCampaign
//   (simulate.h: Hopkins & May's story, k systems per ranking drawn uniformly) with seed
//   DeriveSeed(seed, c): a sparse campaign of `rankings` rankings, and a dense one of
//   `dense_rankings` rankings from the same seed, so both face the same qualities (they are
//   drawn first). Each system's bias is its Expected Wins score (the variant asked for) on
//   the sparse campaign minus its score on the dense one; the study reports the mean over
//   all systems and campaigns, its spread over campaigns, and the mean bias of the truly
//   best and worst systems. With 25 five-way rankings of 14 systems (250 comparisons over
//   91 pairs) about one pair in nineteen is never compared (radius 0, the default: no ties)
//   and one in ten has no decisive comparison at SimulateCampaign's radius 0.5, which
//   WMT12/13's normalisation counts as a loss for both sides.
//   O(campaigns * (rankings + dense_rankings) * k^2); deterministic from `seed`.
#ifndef TOURNEY_EXPERIMENTS_EXPECTED_WINS_STUDY_H_
#define TOURNEY_EXPERIMENTS_EXPECTED_WINS_STUDY_H_

#include <cstdint>

#include "tourney/core/status.h"
#include "tourney/models/expected_wins.h"

namespace tourney {

struct SparseBiasOptions {
  int campaigns = 60;              // >= 1
  int systems = 14;                // 2..1000
  int64_t rankings = 25;           // the sparse campaign, >= 1
  int k = 5;                       // systems per ranking, 2..5
  int64_t dense_rankings = 20000;  // the reference campaign, >= rankings
  double radius = 0.0;             // CampaignOptions::radius: 0 no ties (0.5: its default)
  ExpectedWinsVariant variant = ExpectedWinsVariant::kExcludeTies;
  uint64_t seed = 1;
};

struct SparseBiasResult {
  double mean_bias = 0.0;      // over all systems of all campaigns
  double campaign_sd = 0.0;    // sd over campaigns of each campaign's mean bias
  double mean_abs_bias = 0.0;  // mean |bias| over all systems of all campaigns
  double best_bias = 0.0;      // mean bias of each campaign's truly best system
  double worst_bias = 0.0;     // and of its truly worst
  double unmet_pairs = 0.0;    // share of pairs with no decisive comparison (sparse)
};

// InvalidArgument for options outside the ranges above.
StatusOr<SparseBiasResult> ExpectedWinsSparseBias(const SparseBiasOptions& options);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_EXPECTED_WINS_STUDY_H_
