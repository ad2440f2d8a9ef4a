// The stopping rule: is the clustered leaderboard settled, and how many more judgments
// would settle each open boundary?
//
// DESCRIPTION
//   From the pair counts, a Bradley-Terry fit (selection_posterior.h) orders the systems.
//   For each boundary between rank neighbours u (above) and l the statistic is
//     z = (theta_u - theta_l) / sd(theta_u - theta_l)
//   with the sd from the fit's covariance. The boundary is separated when z >= z_star
//   (1.96: the clusters of clustering.h split there at about 95% confidence). Otherwise,
//   if the gap stays and the sd shrinks as 1/sqrt(N) with N the judgments so far, z
//   reaches z_star after N (z_star / z)^2 judgments: more = N ((z_star / z)^2 - 1). When
//   that exceeds horizon * N (default 4: five times the judgments so far) the boundary is
//   beyond the horizon: practically a tie for this campaign. The leaderboard is settled
//   when every boundary is separated or beyond the horizon (and at least
//   min_per_pair * n (n - 1) / 2 judgments exist, so that a handful of early judgments
//   never look settled).
//   O(n^3) (the fit). Deterministic.
// Thread safety: reentrant.
#ifndef TOURNEY_SELECTION_STOPPING_RULE_H_
#define TOURNEY_SELECTION_STOPPING_RULE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/core/pair_counts.h"

namespace tourney {

struct StoppingOptions {
  double z_star = 1.96;
  double horizon = 4.0;
  double min_per_pair = 2.0;
};

struct BoundaryEstimate {
  SystemId upper = 0;
  SystemId lower = 0;
  double z = 0.0;
  bool separated = false;
  int64_t more_judgments = 0;  // 0 when separated, -1 beyond the horizon
};

struct StoppingEstimate {
  bool settled = false;
  int64_t judgments = 0;
  int64_t more_judgments = 0;                // largest over open boundaries within the horizon
  std::vector<BoundaryEstimate> boundaries;  // in rank order
};

StoppingEstimate EstimateStopping(const PairCounts& counts,
                                  const StoppingOptions& options = StoppingOptions());

// Writes `estimate` into board->stopping with names[id] as system names.
void SetStopping(const StoppingEstimate& estimate, const std::vector<std::string>& names,
                 Leaderboard* board);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_STOPPING_RULE_H_
