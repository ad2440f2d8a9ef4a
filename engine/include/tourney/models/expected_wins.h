// Expected Wins: the WMT11-13 official scores (Sakaguchi, Post & Van Durme 2014, §2.1), and
// Koehn's (2012) definition over the opponents a system met.
//
// DESCRIPTION
//   kExcludeTies (`expected-wins`, the default): for each opponent j != i that i met in at
//     least one decisive comparison, the relative frequency of wins among those comparisons,
//     wins(i,j) / (wins(i,j) + wins(j,i)), averaged over those opponents (Koehn 2012,
//     "Simulating human judgment in machine translation evaluation campaigns", IWSLT, §3).
//     An opponent never met, or met only in ties, has no ratio and is left out of the
//     mean, rather than counted as a loss: the number left in is the system's `opponents`.
//     Where every pair met decisively (WMT12/13 and every dense campaign) this equals
//     kWmt13 exactly. A system with no decisive comparison scores 0.5 (no evidence either
//     way) with 0 opponents.
//   kWmt13 (`expected-wins-wmt13`, WMT12/13 as published): the same ratios summed over the
//     opponents met and divided by |S|-1 (the normalisation WMT13 published; the paper's
//     formula prints 1/|S|), so an opponent with no decisive comparison counts as a loss
//     (adds 0). Equal to kExcludeTies on WMT12/13's data; biased low on sparse boards and on
//     bootstrap replicates that leave a pair empty. Kept to reproduce those papers.
//   kIncludeTies (WMT11, `expected-wins-ties`): (wins + ties) / (wins + ties + losses) over all
//     of a system's comparisons; 0 for a system with none. `opponents` counts the opponents
//     met in any comparison.
//   O(C + n^2) for C comparisons and n systems; deterministic.
#ifndef TOURNEY_MODELS_EXPECTED_WINS_H_
#define TOURNEY_MODELS_EXPECTED_WINS_H_

#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"

namespace tourney {

enum class ExpectedWinsVariant {
  kExcludeTies,  // Koehn 2012: mean over the opponents met decisively (`expected-wins`)
  kWmt13,        // WMT12/13: sum over opponents met / (|S|-1) (`expected-wins-wmt13`)
  kIncludeTies,  // WMT11 (`expected-wins-ties`)
};

// Scores in [0, 1], indexed by system id.
std::vector<double> ExpectedWinsScores(const PairCounts& counts, ExpectedWinsVariant variant);

// The opponents each system's score averages over, indexed by system id: under kExcludeTies
// and kWmt13 the opponents met in at least one decisive comparison (kWmt13 still divides
// by |S|-1), under kIncludeTies the opponents met in any comparison.
std::vector<int> ExpectedWinsOpponents(const PairCounts& counts, ExpectedWinsVariant variant);

// The CLI's name of a variant: "expected-wins", "expected-wins-wmt13", "expected-wins-ties".
const char* ExpectedWinsModelName(ExpectedWinsVariant variant);

// Expected Wins as a RatingModel: score and opponents set, mu and sigma 0.
std::unique_ptr<RatingModel> MakeExpectedWinsModel(ExpectedWinsVariant variant);

}  // namespace tourney

#endif  // TOURNEY_MODELS_EXPECTED_WINS_H_
