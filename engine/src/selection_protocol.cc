#include "tourney/selection_protocol.h"

#include <algorithm>
#include <array>
#include <string>

#include "tourney/random.h"
#include "tourney/selection_posterior.h"

namespace tourney {

StatusOr<std::vector<Rating>> RunSelectionProtocol(const TrueSkill& env,
                                                   const MatchSelector& selector, int num_systems,
                                                   const Comparisons& comparisons,
                                                   const SelectionProtocolOptions& options,
                                                   uint64_t seed) {
  if (comparisons.size() == 0) return InvalidArgument("no comparisons to select from");
  if (options.budget < 0) return InvalidArgument("the selection budget must be >= 0");
  if (num_systems < 2) return InvalidArgument("at least two systems are needed");
  if (comparisons.size() > (UINT32_MAX >> 2)) return InvalidArgument("too many comparisons");
  const size_t n = static_cast<size_t>(num_systems);
  const size_t num_comparisons = comparisons.size();
  const SystemId* const first = comparisons.first.data();
  const SystemId* const second = comparisons.second.data();
  const Outcome* const outcome = comparisons.outcome.data();

  // Pools: the comparisons of the unordered pair (lo, hi) are pool[offset[lo*n+hi] ..
  // offset[lo*n+hi+1]), in input order, each packed as index << 2 | outcome seen from lo.
  // Rating (lo, hi) with that outcome is bit-identical to rating the comparison in its own
  // orientation (TrueSkill::Rate mirrors exactly), and the draw touches no other array.
  // One pass validates and counts, a second one fills. `unordered` maps a directed pair to
  // its unordered slot through a table instead of a data-dependent min/max branch.
  std::vector<uint32_t> unordered(n * n);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      unordered[a * n + b] = static_cast<uint32_t>(std::min(a, b) * n + std::max(a, b));
    }
  }
  std::vector<uint32_t> offset(n * n + 1, 0);
  for (size_t i = 0; i < num_comparisons; ++i) {
    const SystemId a = first[i], b = second[i];
    if (a < 0 || b < 0 || static_cast<size_t>(a) >= n || static_cast<size_t>(b) >= n) {
      return InvalidArgument("comparison " + std::to_string(i) + " names a system outside 0.." +
                             std::to_string(n - 1));
    }
    if (a == b) {
      return InvalidArgument("comparison " + std::to_string(i) + " compares a system with itself");
    }
    ++offset[unordered[static_cast<size_t>(a) * n + static_cast<size_t>(b)] + 1];
  }
  std::vector<std::pair<SystemId, SystemId>> pairs_with_data;
  for (size_t p = 0; p < n * n; ++p) {
    if (offset[p + 1] > 0) {
      pairs_with_data.emplace_back(static_cast<SystemId>(p / n), static_cast<SystemId>(p % n));
    }
    offset[p + 1] += offset[p];
  }
  std::vector<uint32_t> pool(num_comparisons);
  {
    std::vector<uint32_t> fill(offset.begin(), offset.end() - 1);
    for (size_t i = 0; i < num_comparisons; ++i) {
      const SystemId a = first[i], b = second[i];
      const uint32_t o = static_cast<uint32_t>(outcome[i]);
      // Seen from lo = min(a, b): first wins (0) <-> second wins (1) when a is the larger id.
      const uint32_t from_lo = o ^ static_cast<uint32_t>(a > b && o != 2);
      pool[fill[unordered[static_cast<size_t>(a) * n + static_cast<size_t>(b)]]++] =
          static_cast<uint32_t>(i) << 2 | from_lo;
    }
  }
  const PairSet allowed = PairSet::FromPairs(num_systems, pairs_with_data);

  const int64_t budget =
      options.budget > 0 ? options.budget : static_cast<int64_t>(comparisons.size());
  std::vector<Rating> ratings(n, env.InitialRating());
  if (options.record != nullptr) {
    options.record->reserve(options.record->size() + static_cast<size_t>(budget));
  }
  const std::string_view name = selector.name();
  const int64_t posterior_every = options.posterior_every >= 0 ? options.posterior_every
                                  : (name == "trueskill" || name == "uniform") ? 0
                                                                               : 50;
  PairCounts counts(num_systems);
  std::vector<Rating> posterior;
  if (posterior_every > 0) posterior = SelectionPosterior(counts);
  const SelectionState state{
      posterior_every > 0 ? std::span<const Rating>(posterior) : std::span<const Rating>(ratings),
      &allowed, posterior_every > 0 ? &counts : nullptr};
  Rng rng(DeriveSeed(seed, 0x5e1ec7));
  std::array<SystemId, 2> match;
  for (int64_t step = 0; step < budget; ++step) {
    if (Status s = selector.Select(state, rng, match); !s.ok()) return s;
    const SystemId lo = std::min(match[0], match[1]), hi = std::max(match[0], match[1]);
    const size_t p = static_cast<size_t>(lo) * n + static_cast<size_t>(hi);
    const uint32_t begin = offset[p];
    const uint32_t count = offset[p + 1] - begin;
    if (count == 0) {
      return Internal("selector '" + std::string(selector.name()) + "' served a pair with no data");
    }
    const uint32_t entry = pool[begin + rng.UniformInt(count)];
    env.Rate(static_cast<Outcome>(entry & 3), &ratings[static_cast<size_t>(lo)],
             &ratings[static_cast<size_t>(hi)]);
    if (posterior_every > 0) {
      counts.Add(lo, hi, static_cast<Outcome>(entry & 3));
      if ((step + 1) % posterior_every == 0) {
        const std::vector<Rating> refit = SelectionPosterior(counts);
        std::copy(refit.begin(), refit.end(), posterior.begin());
      }
    }
    if (options.record != nullptr || options.observer != nullptr) {
      const SelectionStep record_entry{step, match[0], match[1], entry >> 2};
      if (options.record != nullptr) options.record->push_back(record_entry);
      if (options.observer != nullptr) (*options.observer)(record_entry, ratings);
    }
  }
  return ratings;
}

}  // namespace tourney
