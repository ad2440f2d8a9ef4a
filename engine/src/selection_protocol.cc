#include "tourney/selection_protocol.h"

#include <algorithm>
#include <array>
#include <string>

#include "tourney/random.h"

namespace tourney {

StatusOr<std::vector<Rating>> RunSelectionProtocol(const TrueSkill& env,
                                                   const MatchSelector& selector,
                                                   int num_systems,
                                                   const Comparisons& comparisons,
                                                   const SelectionProtocolOptions& options,
                                                   uint64_t seed) {
  if (comparisons.size() == 0) return InvalidArgument("no comparisons to select from");
  if (options.budget < 0) return InvalidArgument("the selection budget must be >= 0");
  if (num_systems < 2) return InvalidArgument("at least two systems are needed");
  if (comparisons.size() > UINT32_MAX) return InvalidArgument("too many comparisons");
  const size_t n = static_cast<size_t>(num_systems);
  for (size_t i = 0; i < comparisons.size(); ++i) {
    const SystemId a = comparisons.first[i], b = comparisons.second[i];
    if (a < 0 || b < 0 || static_cast<size_t>(a) >= n || static_cast<size_t>(b) >= n) {
      return InvalidArgument("comparison " + std::to_string(i) + " names a system outside 0.." +
                             std::to_string(n - 1));
    }
    if (a == b) {
      return InvalidArgument("comparison " + std::to_string(i) + " compares a system with itself");
    }
  }

  // Pools: comparisons of the unordered pair (lo, hi) are pool[offset[lo*n+hi] ..
  // offset[lo*n+hi+1]), in input order.
  std::vector<uint32_t> offset(n * n + 1, 0);
  auto pair_index = [n](SystemId a, SystemId b) {
    const size_t lo = static_cast<size_t>(std::min(a, b)), hi = static_cast<size_t>(std::max(a, b));
    return lo * n + hi;
  };
  for (size_t i = 0; i < comparisons.size(); ++i) {
    ++offset[pair_index(comparisons.first[i], comparisons.second[i]) + 1];
  }
  for (size_t p = 0; p < n * n; ++p) offset[p + 1] += offset[p];
  std::vector<uint32_t> pool(comparisons.size());
  {
    std::vector<uint32_t> fill(offset.begin(), offset.end() - 1);
    for (size_t i = 0; i < comparisons.size(); ++i) {
      pool[fill[pair_index(comparisons.first[i], comparisons.second[i])]++] =
          static_cast<uint32_t>(i);
    }
  }
  const PairSet allowed = PairSet::FromComparisons(num_systems, comparisons);

  const int64_t budget =
      options.budget > 0 ? options.budget : static_cast<int64_t>(comparisons.size());
  std::vector<Rating> ratings(n, env.InitialRating());
  if (options.record != nullptr) {
    options.record->reserve(options.record->size() + static_cast<size_t>(budget));
  }
  const SelectionState state{ratings, &allowed};
  Rng rng(DeriveSeed(seed, 0x5e1ec7));
  const SystemId* const first = comparisons.first.data();
  const SystemId* const second = comparisons.second.data();
  const Outcome* const outcome = comparisons.outcome.data();
  std::array<SystemId, 2> match;
  for (int64_t step = 0; step < budget; ++step) {
    if (Status s = selector.Select(state, rng, match); !s.ok()) return s;
    const size_t p = pair_index(match[0], match[1]);
    const uint32_t begin = offset[p];
    const uint32_t count = offset[p + 1] - begin;
    if (count == 0) {
      return Internal("selector '" + std::string(selector.name()) + "' served a pair with no data");
    }
    const uint32_t c = pool[begin + rng.UniformInt(count)];
    env.Rate(outcome[c], &ratings[static_cast<size_t>(first[c])],
             &ratings[static_cast<size_t>(second[c])]);
    if (options.record != nullptr || options.observer != nullptr) {
      const SelectionStep entry{step, match[0], match[1], c};
      if (options.record != nullptr) options.record->push_back(entry);
      if (options.observer != nullptr) (*options.observer)(entry, ratings);
    }
  }
  return ratings;
}

}  // namespace tourney
