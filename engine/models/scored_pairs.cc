#include "tourney/models/scored_pairs.h"

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "core/thread_pool.h"
#include "tourney/core/random.h"

namespace tourney {

Status CheckScoredItems(const ScoredItems& items) {
  if (items.offsets.empty() || items.offsets.front() != 0 ||
      items.offsets.back() != items.systems.size() || items.scores.size() != items.systems.size()) {
    return InvalidArgument("scored items: offsets, systems and scores do not agree");
  }
  std::vector<size_t> last_item(static_cast<size_t>(std::max(items.num_systems, 0)), SIZE_MAX);
  for (size_t i = 0; i < items.num_items(); ++i) {
    if (items.offsets[i + 1] < items.offsets[i]) {
      return InvalidArgument("scored items: item " + std::to_string(i) + ": offsets decrease");
    }
    for (size_t k = items.offsets[i]; k < items.offsets[i + 1]; ++k) {
      const int32_t s = items.systems[k];
      if (s < 0 || s >= items.num_systems) {
        return InvalidArgument("scored items: item " + std::to_string(i) + ": system id " +
                               std::to_string(s) + " out of range");
      }
      if (last_item[static_cast<size_t>(s)] == i) {
        return InvalidArgument("scored items: item " + std::to_string(i) + " scores system " +
                               std::to_string(s) + " twice");
      }
      last_item[static_cast<size_t>(s)] = i;
      if (!std::isfinite(items.scores[k])) {
        return InvalidArgument("scored items: item " + std::to_string(i) +
                               ": a score that is not a finite number");
      }
    }
  }
  return Status::Ok();
}

WinMatrix ScoredPairWinMatrix(const ScoredItems& items, double range,
                              std::span<const int32_t> multiplicity) {
  const auto n = static_cast<size_t>(items.num_systems);
  std::vector<double> m(n * n, 0.0);
  for (size_t i = 0; i < items.num_items(); ++i) {
    const double times = multiplicity.empty() ? 1.0 : static_cast<double>(multiplicity[i]);
    if (times == 0.0) continue;
    for (size_t x = items.offsets[i]; x < items.offsets[i + 1]; ++x) {
      for (size_t y = x + 1; y < items.offsets[i + 1]; ++y) {
        const auto a = static_cast<size_t>(items.systems[x]);
        const auto b = static_cast<size_t>(items.systems[y]);
        const double w = ScoredPairOutcome(items.scores[x], items.scores[y], range);
        m[a * n + b] += times * w;
        m[b * n + a] += times * (1.0 - w);
      }
    }
  }
  return WinMatrix(items.num_systems, std::move(m));
}

StatusOr<ScoredPairsResult> FitScoredPairs(const ScoredItems& items,
                                           const ScoredPairsOptions& options) {
  if (Status s = CheckScoredItems(items); !s.ok()) return s;
  if (items.num_items() == 0) return InvalidArgument("scored items: no items");
  if (!(std::isfinite(options.range) && options.range > 0.0)) {
    return InvalidArgument("scored items: the score range must be finite and > 0");
  }
  if (options.replicates < 0 || options.replicates > 1000000) {
    return InvalidArgument("scored items: replicates must be between 0 and 1000000");
  }
  ScoredPairsResult result;
  const BradleyTerryFit full =
      FitBradleyTerry(ScoredPairWinMatrix(items, options.range), options.bradley_terry);
  result.theta = full.theta;
  result.warning = full.warning;
  result.replicates = options.replicates;
  const int n = items.num_systems;
  result.replicate_theta.assign(static_cast<size_t>(options.replicates) * n, 0.0);
  const uint64_t num_items = items.num_items();
  std::atomic<bool> stopped{false};
  ThreadPool pool(
      std::min(ThreadPool::ResolveThreads(options.threads), std::max(options.replicates, 1)));
  std::vector<std::vector<int32_t>> scratch(static_cast<size_t>(pool.size()));
  pool.ParallelFor(options.replicates, [&](int64_t r, int worker) {
    if (stopped.load(std::memory_order_relaxed)) return;
    if (options.cancelled && options.cancelled()) {
      stopped.store(true, std::memory_order_relaxed);
      return;
    }
    Rng rng(DeriveSeed(options.seed, static_cast<uint64_t>(r)));
    std::vector<int32_t>& times = scratch[static_cast<size_t>(worker)];
    times.assign(num_items, 0);
    for (uint64_t k = 0; k < num_items; ++k) ++times[rng.UniformInt(num_items)];
    const BradleyTerryFit fit =
        FitBradleyTerry(ScoredPairWinMatrix(items, options.range, times), options.bradley_terry);
    std::copy(fit.theta.begin(), fit.theta.end(),
              result.replicate_theta.begin() + static_cast<std::ptrdiff_t>(r) * n);
  });
  if (stopped.load()) return Cancelled("scored items: bootstrap cancelled");
  return result;
}

}  // namespace tourney
