// A simulated evaluation campaign from the generative story of Hopkins & May (2013) as
// Sakaguchi, Post & Van Durme (2014, §2.2) tell it.
//
// DESCRIPTION
//   Each system j has a hidden quality mu_j ~ N(0, quality_sd^2). A ranking picks a segment
//   and k distinct systems uniformly; each shown translation has quality
//     q_j = mu_j + N(0, sigma_a^2) + N(0, sigma_obs^2)
//   and rank_j = 1 + #{l : q_l - q_j > radius}: a system ranks below every system that beats
//   it by more than the decision radius, so near-equal outputs tie. Deterministic from seed.
#ifndef TOURNEY_EXPERIMENTS_SIMULATE_H_
#define TOURNEY_EXPERIMENTS_SIMULATE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

struct CampaignOptions {
  int systems = 8;          // 2..1000
  int64_t rankings = 1000;  // >= 0
  int k = 5;                // systems per ranking, 2..5 and <= systems
  double quality_sd = 0.5;  // spread of the hidden qualities
  double sigma_a = 0.5;     // translation quality noise
  double sigma_obs = 1.0;   // annotator noise
  double radius = 0.5;      // decision radius d for ties
  int64_t segments = 3000;  // source segments to draw from
  int judges = 20;          // annotators
  uint64_t seed = 1;
};

struct SimulatedCampaign {
  std::vector<double> quality;  // hidden quality by system id
  Judgments judgments;          // systems named "sys01", "sys02", ... in id order
};

// InvalidArgument for options outside the ranges above.
StatusOr<SimulatedCampaign> SimulateCampaign(const CampaignOptions& options);

// Draws the ranks of one ranking of systems with the given true qualities (the story above).
void SimulateRanks(const std::vector<double>& qualities, const CampaignOptions& options,
                   class Rng& rng, std::vector<uint8_t>* ranks);

// Writes the rankings as WMT CSV with k system columns (`k` >= every ranking's size).
std::string ToWmtCsv(const Judgments& judgments, int k);

}  // namespace tourney

#endif  // TOURNEY_EXPERIMENTS_SIMULATE_H_
