// The defaults that every command and the service share, so that `rank`, `cluster`,
// `report` and tourneyd give the same clusters for the same data unless told otherwise.
#ifndef TOURNEY_DEFAULTS_H_
#define TOURNEY_DEFAULTS_H_

#include <cstdint>

namespace tourney {

// Bootstrap replicates behind rank ranges and clusters (WMT13 and the paper, §6).
inline constexpr int kDefaultBootstrapReplicates = 1000;
// Confidence of the rank ranges: the central 95% of the replicate ranks.
inline constexpr double kDefaultConfidence = 0.95;
// Seed of every random choice when none is given.
inline constexpr uint64_t kDefaultSeed = 1;

}  // namespace tourney

#endif  // TOURNEY_DEFAULTS_H_
