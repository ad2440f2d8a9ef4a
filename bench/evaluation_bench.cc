// The paper's held-out experiment: Expected Wins, Hopkins-May and TrueSkill over the five
// training sizes (400..6,400 comparisons), 10 repeats each, radius tuned on a 2,000-comparison
// dev split (goal: <= 10 s on 2 cores). Run: build/bin/evaluation_bench
#include <benchmark/benchmark.h>

#include "bench_util.h"
#include "tourney/models/expected_wins.h"
#include "tourney/models/hopkins_may.h"
#include "tourney/selection/trueskill_model.h"
#include "tourney/statistics/evaluation.h"

namespace tourney::bench {
namespace {

void BM_PaperEvaluation(benchmark::State& state) {
  const Judgments j = FrEnJudgments();
  Comparisons pool, dev;
  SplitComparisons(j.comparisons(), 2000, 17, &pool, &dev);
  const std::vector<EvalModel> models = {
      {"expected-wins",
       [](size_t) -> StatusOr<std::unique_ptr<RatingModel>> {
         return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
       },
       PredictionKind::kWinnerOnly},
      {"hopkins-may",
       [](size_t) -> StatusOr<std::unique_ptr<RatingModel>> {
         return MakeHopkinsMayModel(HopkinsMayOptions());
       },
       PredictionKind::kSharedVariance, 0.25},
      {"trueskill",
       [](size_t size) -> StatusOr<std::unique_ptr<RatingModel>> {
         TrueSkillModelOptions o;
         o.budget = static_cast<int64_t>(size);
         return MakeTrueSkillModel(o);
       },
       PredictionKind::kPerSystemVariance},
  };
  EvalOptions o;
  o.repeats = 10;
  o.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto report = RunEvaluation(j.num_systems(), pool, dev, dev, models, o);
    if (!report.ok()) state.SkipWithError(report.status().message().c_str());
    benchmark::DoNotOptimize(report);
  }
  state.counters["fits"] = 3 * 5 * 10;
}
BENCHMARK(BM_PaperEvaluation)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
