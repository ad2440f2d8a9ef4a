#include "tourney/core/connectivity.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>

namespace tourney {

std::vector<int> ComparisonComponents(int num_systems, const Comparisons& comparisons,
                                      int* num_components) {
  return CountComponents(PairCounts::FromComparisons(num_systems, comparisons), num_components);
}

std::vector<int> CountComponents(const PairCounts& counts, int* num_components) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  const int num_systems = counts.num_systems();
  Graph graph(static_cast<size_t>(num_systems));
  // One edge per compared pair, not per comparison.
  for (int i = 0; i < num_systems; ++i) {
    for (int j = i + 1; j < num_systems; ++j) {
      if (counts.total(i, j) > 0) boost::add_edge(i, j, graph);
    }
  }
  std::vector<int> component(static_cast<size_t>(num_systems), 0);
  const int n = num_systems == 0 ? 0 : boost::connected_components(graph, component.data());
  // Renumber so components appear in order of their lowest system id.
  std::vector<int> renumber(static_cast<size_t>(n), -1);
  int next = 0;
  for (int& c : component) {
    if (renumber[c] < 0) renumber[c] = next++;
    c = renumber[c];
  }
  if (num_components != nullptr) *num_components = n;
  return component;
}

}  // namespace tourney
