// Connectivity of the comparison graph (systems as vertices, an edge per compared pair).
//
// When the graph is disconnected, no model can order systems of one component against
// those of another; the leaderboard reports the components so nobody reads an order into
// them. Computed with Boost.Graph's connected_components, O(n + C).
#ifndef TOURNEY_CORE_CONNECTIVITY_H_
#define TOURNEY_CORE_CONNECTIVITY_H_

#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/pair_counts.h"

namespace tourney {

// Component of each system (0-based, numbered in order of each component's lowest system
// id). A system with no comparison is a component of its own.
std::vector<int> ComparisonComponents(int num_systems, const Comparisons& comparisons,
                                      int* num_components);

// The same from a count table (an edge wherever counts.total(i, j) > 0).
std::vector<int> CountComponents(const PairCounts& counts, int* num_components);

}  // namespace tourney

#endif  // TOURNEY_CORE_CONNECTIVITY_H_
