// Expected Wins: the WMT11-13 official scores (Sakaguchi, Post & Van Durme 2014, §2.1).
//
// DESCRIPTION
//   kExcludeTies (WMT12/13, `expected-wins`): for each opponent j != i the relative frequency
//     of wins among decisive comparisons, wins(i,j) / (wins(i,j) + wins(j,i)), averaged over
//     the |S|-1 opponents (the normalisation WMT13 published; the paper's formula prints
//     1/|S|). An opponent with no decisive comparison contributes 0.
//   kIncludeTies (WMT11, `expected-wins-ties`): (wins + ties) / (wins + ties + losses) over all
//     of a system's comparisons; 0 for a system with none.
//   O(C + n^2) for C comparisons and n systems; deterministic.
#ifndef TOURNEY_MODELS_EXPECTED_WINS_H_
#define TOURNEY_MODELS_EXPECTED_WINS_H_

#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"

namespace tourney {

enum class ExpectedWinsVariant {
  kExcludeTies,  // WMT12/13
  kIncludeTies,  // WMT11
};

// Scores in [0, 1], indexed by system id.
std::vector<double> ExpectedWinsScores(const PairCounts& counts, ExpectedWinsVariant variant);

// Expected Wins as a RatingModel (score set, mu and sigma 0).
std::unique_ptr<RatingModel> MakeExpectedWinsModel(ExpectedWinsVariant variant);

}  // namespace tourney

#endif  // TOURNEY_MODELS_EXPECTED_WINS_H_
