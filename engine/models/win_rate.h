// Counting and average win rate: the two non-parametric pairwise scores.
//
// DESCRIPTION
//   Counting: each system's weighted wins, sum_j M(i, j) (a tie counts tie-weight for both).
//   Average win rate: the mean, over the opponents j that i met, of
//   M(i, j) / (M(i, j) + M(j, i)); 0 for a system that met nobody. Unlike Expected Wins
//   (expected_wins.h) ties count half and unmet opponents are left out of the mean.
//   Cost: O(n^2) from the weighted win matrix.
// Thread safety: reentrant.
#ifndef TOURNEY_MODELS_WIN_RATE_H_
#define TOURNEY_MODELS_WIN_RATE_H_

#include <vector>

#include "tourney/core/win_matrix.h"

namespace tourney {

// Weighted wins, indexed by system id.
std::vector<double> CountingScores(const WinMatrix& matrix);

// Average win rate over met opponents, in [0, 1], indexed by system id.
std::vector<double> AverageWinRates(const WinMatrix& matrix);

}  // namespace tourney

#endif  // TOURNEY_MODELS_WIN_RATE_H_
