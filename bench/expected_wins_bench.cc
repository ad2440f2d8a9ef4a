// Expected Wins cost per pairwise comparison (goal <= 5 ns on one core), on the fr-en data
// (99,960 comparisons) and on larger simulated campaigns.
// Run: build/bin/expected_wins_bench
#include <benchmark/benchmark.h>

#include "bench_util.h"
#include "tourney/models/expected_wins.h"

namespace tourney::bench {
namespace {

void BM_ExpectedWinsFrEn(benchmark::State& state) {
  const Judgments j = FrEnJudgments();
  const Comparisons& c = j.comparisons();
  for (auto _ : state) {
    auto scores = ExpectedWinsScores(PairCounts::FromComparisons(j.num_systems(), c),
                                     ExpectedWinsVariant::kExcludeTies);
    benchmark::DoNotOptimize(scores.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * c.size()));
  state.counters["ns_per_comparison"] = benchmark::Counter(
      static_cast<double>(state.iterations() * c.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ExpectedWinsFrEn)->Unit(benchmark::kMicrosecond);

void BM_ExpectedWinsSimulated(benchmark::State& state) {
  CampaignOptions o;
  o.systems = 20;
  o.rankings = state.range(0);
  const Judgments j = std::move(SimulateCampaign(o)->judgments);
  const Comparisons& c = j.comparisons();
  for (auto _ : state) {
    auto scores = ExpectedWinsScores(PairCounts::FromComparisons(j.num_systems(), c),
                                     ExpectedWinsVariant::kExcludeTies);
    benchmark::DoNotOptimize(scores.data());
  }
  state.counters["ns_per_comparison"] = benchmark::Counter(
      static_cast<double>(state.iterations() * c.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ExpectedWinsSimulated)->Range(1 << 10, 1 << 17)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
