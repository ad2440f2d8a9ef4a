// Synthetic Arena-style battle logs from a hidden Bradley-Terry truth.
//
// DESCRIPTION
//   Each system i gets a hidden strength theta_i ~ N(0, theta_sd^2) (natural-log odds scale;
//   theta_sd = 1 spreads a 200-system arena over roughly +-450 Elo), or with even_spacing a
//   random permutation of n evenly spaced values over [-2 theta_sd, 2 theta_sd]. Each battle picks
//   an ordered pair uniformly among the n(n-1) pairs and an optional style covariate x ~ N(0, 1)
//   (written as `len_diff`), then draws the outcome from Davidson's (1970) tie model with the
//   covariate shifting the logit by style_effect * x:
//     a = exp(theta_a + style_effect * x / 2), b = exp(theta_b - style_effect * x / 2),
//     P(a wins) = a / D, P(b wins) = b / D, P(tie) = 2 nu sqrt(a b) / D,
//     D = a + b + 2 nu sqrt(a b).
//   With tie_nu = 0 and style_effect = 0 this is exactly the Bradley-Terry model. Ties are
//   written as "tie" or, for one in `both_bad_share` of them, "tie (bothbad)".
//   Every draw comes from one Rng seeded with `seed`: the same seed gives the same log.
//   Cost: O(battles); streaming, so the memory use does not grow with the log.
// Thread safety: reentrant.
#ifndef TOURNEY_EXPERIMENTS_BATTLE_SIMULATOR_H_
#define TOURNEY_EXPERIMENTS_BATTLE_SIMULATOR_H_

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "tourney/core/battle_log.h"
#include "tourney/core/status.h"

namespace tourney {

struct BattleSimulationOptions {
  int systems = 200;            // 2..100000
  int64_t battles = 2'000'000;  // >= 0
  double theta_sd = 1.0;        // spread of the hidden log-strengths
  // Evenly spaced strengths over [-2 theta_sd, 2 theta_sd] (in random order) instead of
  // normal draws: a truth whose order a large enough log must recover exactly.
  bool even_spacing = false;
  double tie_nu = 0.0;           // Davidson tie parameter; 0 = no ties
  double both_bad_share = 0.5;   // share of ties written as "tie (bothbad)"
  double style_effect = 0.0;     // logit shift per unit of len_diff; 0 = no covariate
  bool write_covariate = false;  // write len_diff even when style_effect is 0
  bool write_judge = true;       // write a "judge" field (one of 1000 judges)
  uint64_t seed = 1;
};

struct BattleTruth {
  std::vector<std::string> names;  // "model-000", ...
  std::vector<double> theta;       // hidden log-strengths, as drawn
};

// InvalidArgument for options out of range.
Status ValidateBattleSimulation(const BattleSimulationOptions& options);

// The hidden truth for `options` (the same one the simulators below use).
BattleTruth SimulatedTruth(const BattleSimulationOptions& options);

// Writes the log as JSONL to `out`. REQUIRES: ValidateBattleSimulation(options).ok().
Status WriteSimulatedBattles(const BattleSimulationOptions& options, std::ostream& out);

// The same battles in memory (covariate len_diff when style_effect != 0 or
// write_covariate). REQUIRES: ValidateBattleSimulation(options).ok().
BattleLog SimulateBattles(const BattleSimulationOptions& options);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_BATTLE_SIMULATOR_H_
