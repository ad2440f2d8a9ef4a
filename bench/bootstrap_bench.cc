// Bootstrap throughput on the WMT13 fr-en judgments (or a simulated campaign of the same
// shape when ../shared is absent).
//
// Goals: 1000 Expected Wins replicates in <= 0.5 s with 2 threads, and 100 TrueSkill
// replicates of the paper protocol (reruns with fresh seeds) in <= 1 s:
//   build/bin/bootstrap_bench --benchmark_filter='BM_ExpectedWins/|BM_TrueSkillPaperProtocol'
// Items are pairwise comparisons resampled (replicates x comparisons), so items_per_second
// reads as comparisons per second and its inverse as the cost per judgment.
#include <benchmark/benchmark.h>

#include "bench_util.h"
#include "tourney/core/binomial.h"
#include "tourney/core/pair_counts.h"
#include "tourney/models/expected_wins.h"
#include "tourney/selection/trueskill_model.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney::bench {
namespace {

const Judgments& FrEn() {
  static const Judgments* judgments = new Judgments(FrEnJudgments());
  return *judgments;
}

void RunBootstrap(benchmark::State& state, ResampleUnit unit, bool shortcut) {
  const Judgments& judgments = FrEn();
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  BootstrapOptions options;
  options.replicates = 1000;
  options.threads = static_cast<int>(state.range(0));
  options.resample = unit;
  options.count_shortcut = shortcut;
  for (auto _ : state) {
    auto result = Bootstrap(judgments, *model, options);
    if (!result.ok()) {
      state.SkipWithError(result.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(result->ranks.values.data());
  }
  const int64_t per_run =
      int64_t{options.replicates} * static_cast<int64_t>(judgments.comparisons().size());
  state.SetItemsProcessed(state.iterations() * per_run);
  state.counters["replicates/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * options.replicates), benchmark::Counter::kIsRate);
}

// The default: comparisons resampled through the multinomial count-table shortcut.
void BM_ExpectedWins(benchmark::State& state) {
  RunBootstrap(state, ResampleUnit::kComparisons, true);
}
BENCHMARK(BM_ExpectedWins)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Comparisons drawn one by one and rated through the RatingModel interface.
void BM_ExpectedWinsNoShortcut(benchmark::State& state) {
  RunBootstrap(state, ResampleUnit::kComparisons, false);
}
BENCHMARK(BM_ExpectedWinsNoShortcut)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Whole rankings resampled, counted straight into the table.
void BM_ExpectedWinsRankings(benchmark::State& state) {
  RunBootstrap(state, ResampleUnit::kRankings, true);
}
BENCHMARK(BM_ExpectedWinsRankings)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Whole rankings resampled into a fresh Judgments for the model.
void BM_ExpectedWinsRankingsNoShortcut(benchmark::State& state) {
  RunBootstrap(state, ResampleUnit::kRankings, false);
}
BENCHMARK(BM_ExpectedWinsRankingsNoShortcut)
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// The paper's §6 protocol: 100 TrueSkill runs (match selection, one selection per pairwise
// judgment) on the full data with per-replicate seeds. Items are selections (TrueSkill
// updates) over all replicates.
void BM_TrueSkillPaperProtocol(benchmark::State& state) {
  const Judgments& judgments = FrEn();
  auto model = MakeTrueSkillModel(TrueSkillModelOptions());
  if (!model.ok()) {
    state.SkipWithError(model.status().message().c_str());
    return;
  }
  BootstrapOptions options;
  options.replicates = 100;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto result = Bootstrap(judgments, **model, options);
    if (!result.ok()) {
      state.SkipWithError(result.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(result->ranks.values.data());
  }
  state.SetItemsProcessed(state.iterations() * options.replicates *
                          static_cast<int64_t>(judgments.comparisons().size()));
  state.counters["replicates/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * options.replicates), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TrueSkillPaperProtocol)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// One binomial variate, by n (p = 0.3): inversion below n p = 10, BTRD above.
void BM_Binomial(benchmark::State& state) {
  Rng rng(1);
  const int64_t n = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(SampleBinomial(rng, n, 0.3));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Binomial)->RangeMultiplier(10)->Range(10, 100000000);

// One multinomial draw over the fr-en pair/outcome table (C = 99,960 over ~234 cells).
void BM_MultinomialCountTable(benchmark::State& state) {
  const Judgments& judgments = FrEn();
  const int n = judgments.num_systems();
  const PairCounts counts = PairCounts::FromComparisons(n, judgments.comparisons());
  std::vector<int64_t> weights;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int64_t w : {counts.wins(a, b), counts.wins(b, a), counts.ties(a, b)}) {
        if (w > 0) weights.push_back(w);
      }
    }
  }
  std::vector<int64_t> out(weights.size());
  Rng rng(2);
  for (auto _ : state) {
    SampleMultinomial(rng, static_cast<int64_t>(judgments.comparisons().size()), weights, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(weights.size()));
  state.counters["cells"] = static_cast<double>(weights.size());
}
BENCHMARK(BM_MultinomialCountTable);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
