#include "tourney/selection/selection_protocol.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "tourney/core/defaults.h"
#include "tourney/core/random.h"
#include "tourney/selection/selection_posterior.h"

namespace tourney {

StatusOr<std::vector<Rating>> RunSelectionProtocol(const TrueSkill& env,
                                                   const MatchSelector& selector, int num_systems,
                                                   const Comparisons& comparisons,
                                                   const SelectionProtocolOptions& options,
                                                   uint64_t seed) {
  if (comparisons.size() == 0) return InvalidArgument("no comparisons to select from");
  if (options.budget < 0) return InvalidArgument("the selection budget must be >= 0");
  if (num_systems < 2) return InvalidArgument("at least two systems are needed");
  if (num_systems > kMaxSystems) {
    return InvalidArgument("the selection protocol takes at most " + std::to_string(kMaxSystems) +
                           " systems, not " + std::to_string(num_systems));
  }
  if (options.budget > kMaxSelections) {
    return InvalidArgument("the selection budget is at most " + std::to_string(kMaxSelections));
  }
  if (comparisons.size() > (UINT32_MAX >> 2)) return InvalidArgument("too many comparisons");
  const size_t n = static_cast<size_t>(num_systems);
  const size_t num_comparisons = comparisons.size();
  const SystemId* const first = comparisons.first.data();
  const SystemId* const second = comparisons.second.data();
  const Outcome* const outcome = comparisons.outcome.data();

  // Pools: the comparisons of the unordered pair (lo, hi) are pool[offset[lo*n+hi] ..
  // offset[lo*n+hi+1]), each packed as index << 2 | outcome seen from lo, grouped by that
  // outcome (lo wins, hi wins, tie; input order within a group). Rating (lo, hi) with that
  // outcome is bit-identical to rating the comparison in its own orientation
  // (TrueSkill::Rate mirrors exactly). Because of the grouping, the k-th entry's outcome
  // follows from two thresholds of the pair: a selection that needs no record draws from
  // that small n x n table instead of a random read of the whole pool, so it costs the same
  // at any pool size, and draws the same outcome (and comparison) either way.
  // One pass validates and counts per (pair, outcome) bucket, a second one fills (a
  // counting sort, O(C)). `unordered` maps a directed pair to its unordered slot through a
  // table instead of a data-dependent min/max branch.
  std::vector<uint32_t> unordered(n * n);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      unordered[a * n + b] = static_cast<uint32_t>(std::min(a, b) * n + std::max(a, b));
    }
  }
  auto from_lo = [&](size_t i) {
    const uint32_t o = static_cast<uint32_t>(outcome[i]);
    // Seen from lo = min(a, b): first wins (0) <-> second wins (1) when a is the larger id.
    return o ^ static_cast<uint32_t>(first[i] > second[i] && o != 2);
  };
  std::vector<uint32_t> bucket_offset(3 * n * n + 1, 0);
  for (size_t i = 0; i < num_comparisons; ++i) {
    const SystemId a = first[i], b = second[i];
    if (a < 0 || b < 0 || static_cast<size_t>(a) >= n || static_cast<size_t>(b) >= n) {
      return InvalidArgument("comparison " + std::to_string(i) + " names a system outside 0.." +
                             std::to_string(n - 1));
    }
    if (a == b) {
      return InvalidArgument("comparison " + std::to_string(i) + " compares a system with itself");
    }
    if (outcome[i] != Outcome::kFirstWins && outcome[i] != Outcome::kSecondWins &&
        outcome[i] != Outcome::kTie) {
      return InvalidArgument("comparison " + std::to_string(i) + " has an unknown outcome");
    }
    const size_t p = unordered[static_cast<size_t>(a) * n + static_cast<size_t>(b)];
    ++bucket_offset[3 * p + from_lo(i) + 1];
  }
  for (size_t k = 0; k < 3 * n * n; ++k) bucket_offset[k + 1] += bucket_offset[k];
  std::vector<uint32_t> offset(n * n + 1);
  std::vector<std::array<uint32_t, 2>> threshold(n * n);
  std::vector<std::pair<SystemId, SystemId>> pairs_with_data;
  for (size_t p = 0; p <= n * n; ++p) offset[p] = bucket_offset[3 * p];
  for (size_t p = 0; p < n * n; ++p) {
    threshold[p] = {bucket_offset[3 * p + 1] - offset[p], bucket_offset[3 * p + 2] - offset[p]};
    if (offset[p + 1] > offset[p]) {
      pairs_with_data.emplace_back(static_cast<SystemId>(p / n), static_cast<SystemId>(p % n));
    }
  }
  const bool need_entry = options.record != nullptr || options.observer != nullptr;
  // Without records the thresholds settle every draw: the pool itself is not needed.
  std::vector<uint32_t> pool(need_entry ? num_comparisons : 0);
  if (need_entry) {
    std::vector<uint32_t> fill(bucket_offset.begin(), bucket_offset.end() - 1);
    for (size_t i = 0; i < num_comparisons; ++i) {
      const uint32_t o = from_lo(i);
      const size_t p =
          unordered[static_cast<size_t>(first[i]) * n + static_cast<size_t>(second[i])];
      pool[fill[3 * p + o]++] = static_cast<uint32_t>(i) << 2 | o;
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
  SelectionPosteriorFit posterior;
  if (posterior_every > 0) posterior = FitSelectionPosterior(counts);
  SelectionState state{posterior_every > 0 ? std::span<const Rating>(posterior.ratings)
                                           : std::span<const Rating>(ratings),
                       &allowed, posterior_every > 0 ? &counts : nullptr,
                       std::span<const double>(posterior.covariance)};
  // The selectors that read the anytime leaderboard get one, summarized after each draw.
  std::optional<AnytimeLeaderboard> board;
  AnytimeSummary summary;
  if (name == "active-ranking" || name == "boundary") {
    auto created = AnytimeLeaderboard::Create(num_systems, options.anytime);
    if (!created.ok()) return created.status();
    board = std::move(*created);
    summary = board->Summarize();
    state.anytime = &*board;
    state.anytime_summary = &summary;
  }
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
    const uint32_t k = static_cast<uint32_t>(rng.UniformInt(count));
    const uint32_t entry = need_entry ? pool[begin + k]
                                      : (k < threshold[p][0]   ? 0u
                                         : k < threshold[p][1] ? 1u
                                                               : 2u);
    env.Rate(static_cast<Outcome>(entry & 3), &ratings[static_cast<size_t>(lo)],
             &ratings[static_cast<size_t>(hi)]);
    if (board.has_value()) {
      board->Add(lo, hi, static_cast<Outcome>(entry & 3));
      summary = board->Summarize();
    }
    if (posterior_every > 0) {
      counts.Add(lo, hi, static_cast<Outcome>(entry & 3));
      if ((step + 1) % posterior_every == 0) {
        const SelectionPosteriorFit refit = FitSelectionPosterior(counts);
        std::copy(refit.ratings.begin(), refit.ratings.end(), posterior.ratings.begin());
        std::copy(refit.covariance.begin(), refit.covariance.end(), posterior.covariance.begin());
      }
    }
    if (need_entry) {
      const SelectionStep record_entry{step, match[0], match[1], entry >> 2};
      if (options.record != nullptr) options.record->push_back(record_entry);
      if (options.observer != nullptr) (*options.observer)(record_entry, ratings);
    }
  }
  return ratings;
}

}  // namespace tourney
