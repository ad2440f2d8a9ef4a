#include "tourney/statistics/weighted_bootstrap.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "core/thread_pool.h"
#include "tourney/core/count_resampler.h"
#include "tourney/core/random.h"
#include "tourney/models/bradley_terry.h"
#include "tourney/statistics/clustering.h"

namespace tourney {

namespace {

// One (pair, outcome, weight) cell: comparisons between a < b with the same outcome from a's
// side and the same weight.
struct WeightedCell {
  SystemId a = 0;
  SystemId b = 0;
  Outcome outcome = Outcome::kTie;
  double weight = 0.0;
};

bool CellLess(const WeightedCell& x, const WeightedCell& y) {
  if (x.a != y.a) return x.a < y.a;
  if (x.b != y.b) return x.b < y.b;
  if (x.outcome != y.outcome) return x.outcome < y.outcome;
  return x.weight < y.weight;
}

bool SameCell(const WeightedCell& x, const WeightedCell& y) {
  return x.a == y.a && x.b == y.b && x.outcome == y.outcome && x.weight == y.weight;
}

// 1-based ranks of `scores`, best first; exact ties in an order drawn from `tie_seed`.
void RankWeightedReplicate(std::span<const double> scores, uint64_t tie_seed,
                           std::span<int> ranks) {
  const int n = static_cast<int>(scores.size());
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return scores[x] > scores[y]; });
  Rng rng(tie_seed);
  for (int begin = 0; begin < n;) {
    int end = begin + 1;
    while (end < n && scores[order[end]] == scores[order[begin]]) ++end;
    for (int i = end - 1; i > begin; --i) {
      const int j = begin + static_cast<int>(rng.UniformInt(static_cast<uint64_t>(i - begin + 1)));
      std::swap(order[i], order[j]);
    }
    begin = end;
  }
  for (int p = 0; p < n; ++p) ranks[order[p]] = p + 1;
}

}  // namespace

StatusOr<BootstrapResult> WeightedBradleyTerryBootstrap(const Judgments& judgments,
                                                        std::span<const double> comparison_weights,
                                                        const PairwiseModelOptions& model_options,
                                                        const BootstrapOptions& options) {
  const Comparisons& all = judgments.comparisons();
  const int n = judgments.num_systems();
  if (options.resample != ResampleUnit::kComparisons) {
    return InvalidArgument(
        "weighted bootstrap: weights go with resampled comparisons, not rankings");
  }
  if (options.replicates < 1 || options.replicates > 1000000) {
    return InvalidArgument("the number of bootstrap replicates must be between 1 and 1000000");
  }
  if (!(options.confidence > 0.0 && options.confidence < 1.0)) {
    return InvalidArgument("the confidence level must be strictly between 0 and 1");
  }
  if (!TrimFits(options.replicates, options.confidence)) {
    return InvalidArgument(std::to_string(options.replicates) +
                           " bootstrap replicates are too few for rank ranges at this "
                           "confidence; use at least " +
                           std::to_string(MinimumBootstrapReplicates(options.confidence)));
  }
  if (static_cast<int64_t>(options.replicates) * n > (int64_t{1} << 28)) {
    return InvalidArgument("too many replicates x systems to keep in memory");
  }
  if (options.threads < 0) return InvalidArgument("the thread count must be >= 0");
  if (n < 1 || all.size() == 0) {
    return InvalidArgument("the judgments contain no pairwise comparison to bootstrap");
  }
  StatusOr<RatingResult> full = RateWeightedBradleyTerry(n, all, comparison_weights, model_options);
  if (!full.ok()) return full.status();

  // The cells and their counts.
  std::vector<WeightedCell> listed(all.size());
  for (size_t k = 0; k < all.size(); ++k) {
    WeightedCell& c = listed[k];
    c.a = all.first[k];
    c.b = all.second[k];
    c.outcome = all.outcome[k];
    c.weight = comparison_weights[k];
    if (c.a > c.b) {
      std::swap(c.a, c.b);
      if (c.outcome != Outcome::kTie) {
        c.outcome = c.outcome == Outcome::kFirstWins ? Outcome::kSecondWins : Outcome::kFirstWins;
      }
    }
  }
  std::sort(listed.begin(), listed.end(), CellLess);
  std::vector<WeightedCell> cells;
  std::vector<int64_t> counts;
  for (const WeightedCell& c : listed) {
    if (!cells.empty() && SameCell(cells.back(), c)) {
      ++counts.back();
    } else {
      cells.push_back(c);
      counts.push_back(1);
    }
  }
  listed = {};
  const CountResampler resampler(counts);

  BootstrapResult result;
  result.model = "bradley-terry";
  result.full = std::move(full->ratings);
  result.warnings = std::move(full->warnings);
  result.replicates = options.replicates;
  result.confidence = options.confidence;
  result.seed = options.seed;
  result.count_shortcut = true;
  result.resample = ResampleUnit::kComparisons;
  result.ranks = RankSamples(n, options.replicates);
  result.scores = ScoreSamples(n, options.replicates);

  const auto nn = static_cast<size_t>(n) * static_cast<size_t>(n);
  std::atomic<bool> stopped{false};
  ThreadPool pool(std::min(ThreadPool::ResolveThreads(options.threads), options.replicates));
  std::vector<std::vector<int64_t>> draws(static_cast<size_t>(pool.size()));
  std::vector<std::vector<double>> matrices(static_cast<size_t>(pool.size()));
  pool.ParallelFor(options.replicates, [&](int64_t index, int worker) {
    if (stopped.load(std::memory_order_relaxed)) return;
    if (options.cancelled && options.cancelled()) {
      stopped.store(true, std::memory_order_relaxed);
      return;
    }
    const int r = static_cast<int>(index);
    const uint64_t replicate_seed = DeriveSeed(options.seed, static_cast<uint64_t>(r));
    Rng rng(DeriveSeed(replicate_seed, 0));
    std::vector<int64_t>& drawn = draws[static_cast<size_t>(worker)];
    drawn.resize(cells.size());
    resampler.Sample(rng, drawn);
    std::vector<double>& m = matrices[static_cast<size_t>(worker)];
    m.assign(nn, 0.0);
    for (size_t k = 0; k < cells.size(); ++k) {
      if (drawn[k] == 0) continue;
      const WeightedCell& c = cells[k];
      const double w = static_cast<double>(drawn[k]) * c.weight;
      const auto a = static_cast<size_t>(c.a), b = static_cast<size_t>(c.b);
      switch (c.outcome) {
        case Outcome::kFirstWins:
          m[a * n + b] += w * model_options.weights.win;
          break;
        case Outcome::kSecondWins:
          m[b * n + a] += w * model_options.weights.win;
          break;
        case Outcome::kTie:
          m[a * n + b] += w * model_options.weights.tie;
          m[b * n + a] += w * model_options.weights.tie;
          break;
      }
    }
    const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(n, m), model_options.bradley_terry);
    std::span<double> scores = result.scores.row(r);
    for (int s = 0; s < n; ++s) scores[s] = EloFromTheta(fit.theta[static_cast<size_t>(s)]);
    RankWeightedReplicate(scores, DeriveSeed(replicate_seed, 2), result.ranks.row(r));
  });
  if (stopped.load()) return Cancelled("bootstrap cancelled");
  return result;
}

}  // namespace tourney
