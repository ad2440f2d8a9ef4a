// Flags of the pairwise models (bradley-terry, newman, elo, counting, average-win-rate,
// eigen, pagerank), kept apart from common.cc like each model's wiring.
#ifndef TOURNEY_CLI_PAIRWISE_FLAGS_H_
#define TOURNEY_CLI_PAIRWISE_FLAGS_H_

#include <memory>

#include "flags/flags.h"
#include "tourney/core/status.h"
#include "tourney/models/pairwise_models.h"

namespace tourney::cli {

// --tie-weight --bt-prior --tolerance --max-iterations --interval-level --v-init --elo-k
// --elo-initial --elo-scale --elo-base --damping.
void AddPairwiseFlags(Flags& flags);

// The options those flags describe. InvalidArgument naming the flag on a bad value.
StatusOr<PairwiseModelOptions> PairwiseOptionsFromFlags(const Flags& flags);

// MakePairwiseModel(name, PairwiseOptionsFromFlags(flags)).
StatusOr<std::unique_ptr<RatingModel>> MakePairwiseModelFromFlags(const std::string& name,
                                                                  const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PAIRWISE_FLAGS_H_
