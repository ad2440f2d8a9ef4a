// The Bradley-Terry family and the other pairwise rating models as RatingModels:
// Bradley-Terry, Newman (Davidson ties), Rao-Kupper, Elo, counting, average win rate,
// eigenvector, PageRank, and Plackett-Luce for k-way rankings.
//
// | name               | score (higher is better)                  | mu          | sigma          |
// |--------------------|-------------------------------------------|-------------|----------------|
// | bradley-terry      | 1000 + 400 log10(pi_i / geometric mean)   | theta_i     | sandwich se of |
// |                    | (Arena's Elo scale)                       | (log pi)    | theta_i        |
// | newman             | the same Elo scale from Newman's pi       | pi_i        | 0              |
// | rao-kupper         | the same Elo scale, Rao-Kupper ties       | theta_i     | 0              |
// | elo                | online Elo rating in data order           | = score     | 0              |
// | counting           | weighted wins                             | 0           | 0              |
// | average-win-rate   | mean win rate over met opponents          | 0           | 0              |
// | eigen              | Keener's eigenvector (unit norm)          | 0           | 0              |
// | pagerank           | PageRank of the loss graph (sums to 1)    | 0           | 0              |
// | plackett-luce      | Arena Elo scale from log gamma (k-way     | theta_i     | sandwich se    |
// |                    | rankings whole, Breslow ties)             |             |                |
// Every model except Elo and Plackett-Luce depends on the data only through its count table, so it
// is a CountBasedModel: the bootstrap resamples count cells instead of comparisons (bootstrap.h).
// bradley-terry and plackett-luce also set SystemRating::score_lo/score_hi to the sandwich
// interval of the score at PairwiseModelOptions::interval_level. plackett-luce reads the
// k-way rankings (RatingInput::judgments) when given; bootstrap it with whole rankings.
// Thread safety: Rate() and ScoreCounts() are const and reentrant.
#ifndef TOURNEY_MODELS_PAIRWISE_MODELS_H_
#define TOURNEY_MODELS_PAIRWISE_MODELS_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/core/win_matrix.h"
#include "tourney/models/bradley_terry.h"
#include "tourney/models/eigenvector.h"
#include "tourney/models/elo.h"
#include "tourney/models/newman.h"

namespace tourney {

struct PairwiseModelOptions {
  WinWeights weights;                 // win 1, tie 0.5
  BradleyTerryOptions bradley_terry;  // tolerance 1e-10, prior 0 (automatic when needed)
  NewmanOptions newman;               // v_init 0.5
  EloOptions elo;                     // Arena: initial 1000, base 10, scale 400, K 4
  PowerIterationOptions power;        // eigen, pagerank
  double damping = 0.85;              // pagerank
  double interval_level = 0.95;       // bradley-terry sandwich intervals
};

// A model whose scores are a function of the comparison counts alone.
class CountBasedModel : public RatingModel {
 public:
  // Headline scores from `counts` (as Rate() would give for comparisons with those counts).
  virtual std::vector<double> ScoreCounts(const PairCounts& counts) const = 0;
};

// The names above, in table order.
const std::vector<std::string>& PairwiseModelNames();
bool IsPairwiseModelName(std::string_view name);

// The largest win or tie weight, and the largest Elo K and |initial rating|, that
// MakePairwiseModel accepts: beyond them the ratings could overflow.
inline constexpr double kMaxWinWeight = 1e6;
inline constexpr double kMaxEloParameter = 1e12;

// The model called `name`. InvalidArgument for an unknown name or options out of range
// (non-finite values, negative weights, weights above kMaxWinWeight, Elo K or initial
// rating above kMaxEloParameter in magnitude).
StatusOr<std::unique_ptr<RatingModel>> MakePairwiseModel(std::string_view name,
                                                         const PairwiseModelOptions& options);

// Bradley-Terry with a weight per comparison (per battle): the ratings "bradley-terry" gives
// (score, mu = theta, sigma = sandwich se, score_lo/score_hi at options.interval_level),
// fitted to WeightedWinMatrix and with WeightedBradleyTerryStandardErrors (bradley_terry.h).
// A comparison of weight c counts as c comparisons in the fit; every weight 1 gives exactly
// the model's ratings. Arena's inverse pair-count reweighting is the weight
// 1 / max(comparisons of the pair, a floor) for every comparison of the pair.
// InvalidArgument for options out of range (as MakePairwiseModel), a weight count other than
// comparisons.size(), a weight that is negative, not finite or above kMaxWinWeight, or a
// system id outside [0, num_systems).
StatusOr<RatingResult> RateWeightedBradleyTerry(int num_systems, const Comparisons& comparisons,
                                                std::span<const double> comparison_weights,
                                                const PairwiseModelOptions& options);

// Arena-scale Elo from Bradley-Terry log-strengths: kEloOffset + kEloPerLogit * theta.
inline double EloFromTheta(double theta) { return kEloOffset + kEloPerLogit * theta; }

}  // namespace tourney

#endif  // TOURNEY_MODELS_PAIRWISE_MODELS_H_
