// `tourney stability` on the WMT13 fr-en judgments (or a simulated campaign of the same
// shape when ../shared is absent): 10 fractions x 20 repeats, Expected Wins clusters from
// 1,000 bootstrap replicates each (201 clusterings in all, the full campaign included).
//
// Goal: at most 60 s with 2 threads:
//   build/bin/stability_bench --benchmark_filter='BM_StabilityFrEn/2'
// Items are clusterings (bootstrap runs of 1,000 replicates).
#include <benchmark/benchmark.h>

#include "bench_util.h"
#include "tourney/models/expected_wins.h"
#include "tourney/statistics/stability.h"

namespace tourney::bench {
namespace {

void BM_StabilityFrEn(benchmark::State& state) {
  static const Judgments* judgments = new Judgments(FrEnJudgments());
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  StabilityOptions options;  // 10 fractions x 20 repeats
  options.bootstrap.replicates = 1000;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto result = RunStability(*judgments, *model, options);
    if (!result.ok()) {
      state.SkipWithError(result.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(result->points.data());
  }
  const int64_t clusterings = 1 + static_cast<int64_t>(options.fractions.size()) * options.repeats;
  state.SetItemsProcessed(state.iterations() * clusterings);
}
BENCHMARK(BM_StabilityFrEn)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
