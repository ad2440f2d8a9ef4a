// The defaults that every command and the service share, so that `rank`, `cluster`,
// `report` and tourneyd give the same clusters for the same data unless told otherwise.
#ifndef TOURNEY_CORE_DEFAULTS_H_
#define TOURNEY_CORE_DEFAULTS_H_

#include <cstdint>

namespace tourney {

// Bootstrap replicates behind rank ranges and clusters (WMT13 and the paper, §6).
inline constexpr int kDefaultBootstrapReplicates = 1000;
// Confidence of the rank ranges: the central 95% of the replicate ranks.
inline constexpr double kDefaultConfidence = 0.95;
// Seed of every random choice when none is given.
inline constexpr uint64_t kDefaultSeed = 1;

// Limits of what one run accepts, so that hostile or mistaken input gets a clear error
// instead of exhausting memory. Systems: the models keep n x n tables (4,096 systems: 16.8M
// cells). Selections: the selection protocol's budget (and its per-selection records).
inline constexpr int kMaxSystems = 4096;
inline constexpr int64_t kMaxSelections = 1'000'000'000;

}  // namespace tourney

#endif  // TOURNEY_CORE_DEFAULTS_H_
