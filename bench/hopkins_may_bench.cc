// Hopkins-May Gibbs sampler cost (goal: 200 iterations over the fr-en data, 99,960
// comparisons, in <= 200 ms on one core with one chain, i.e. <= 10 ns per comparison per
// iteration), and the cost of the normal and truncated-normal draws it is built on.
// Run: build/bin/hopkins_may_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <limits>

#include "bench_util.h"
#include "tourney/core/fast_normal.h"
#include "tourney/core/random.h"
#include "tourney/core/truncated_normal.h"
#include "tourney/models/hopkins_may.h"

namespace tourney::bench {
namespace {

const Judgments& FrEn() {
  static const Judgments* const judgments = new Judgments(FrEnJudgments());
  return *judgments;
}

// The first `count` comparisons of the fr-en data (all of them when count is larger).
Comparisons Prefix(const Comparisons& all, size_t count) {
  Comparisons c;
  count = std::min(count, all.size());
  c.Reserve(count);
  for (size_t i = 0; i < count; ++i) c.Add(all.first[i], all.second[i], all.outcome[i]);
  return c;
}

// One chain, 200 iterations (50 burn-in), on the first range(0) fr-en comparisons.
void RunFit(benchmark::State& state, HopkinsMaySampler sampler) {
  const Judgments& j = FrEn();
  const Comparisons c = Prefix(j.comparisons(), static_cast<size_t>(state.range(0)));
  HopkinsMayOptions o;
  o.sampler = sampler;
  o.chains = 1;
  uint64_t seed = 1;
  for (auto _ : state) {
    auto fit = FitHopkinsMay(j.num_systems(), c, o, seed++);
    benchmark::DoNotOptimize(fit->mean.data());
  }
  const double work = static_cast<double>(state.iterations()) * static_cast<double>(c.size()) *
                      static_cast<double>(o.iterations);
  state.counters["comparisons"] = static_cast<double>(c.size());
  state.counters["ns_per_comparison_iteration"] =
      benchmark::Counter(work, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_HopkinsMayPaperFrEn(benchmark::State& state) { RunFit(state, HopkinsMaySampler::kPaper); }
BENCHMARK(BM_HopkinsMayPaperFrEn)
    ->RangeMultiplier(2)
    ->Range(12'500, 100'000)
    ->Unit(benchmark::kMillisecond);

void BM_HopkinsMayExactFrEn(benchmark::State& state) { RunFit(state, HopkinsMaySampler::kExact); }
BENCHMARK(BM_HopkinsMayExactFrEn)
    ->RangeMultiplier(2)
    ->Range(12'500, 100'000)
    ->Unit(benchmark::kMillisecond);

// Chains run on parallel threads; with 2 cores, 2 chains should cost about one.
void BM_HopkinsMayPaperChains(benchmark::State& state) {
  const Judgments& j = FrEn();
  HopkinsMayOptions o;
  o.chains = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto fit = FitHopkinsMay(j.num_systems(), j.comparisons(), o, 1);
    benchmark::DoNotOptimize(fit->mean.data());
  }
}
BENCHMARK(BM_HopkinsMayPaperChains)
    ->Arg(1)
    ->Arg(2)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The model at its defaults, as `tourney rank train.csv --model hopkins-may` runs it: 4
// chains on parallel threads, refitted with doubled iterations until every split-R-hat is
// below 1.01 (goal: <= 1 CPU-second on fr-en). Process CPU time; the counters give the
// iterations the model settled on and its largest split-R-hat.
void BM_HopkinsMayDefaultModelFrEn(benchmark::State& state) {
  const Judgments& j = FrEn();
  const auto model = MakeHopkinsMayModel(HopkinsMayOptions());
  RatingInput input{j.num_systems(), &j.comparisons(), &j};
  double max_r_hat = 0.0;
  size_t warnings = 0;
  for (auto _ : state) {
    auto rated = model->Rate(input, 1);
    max_r_hat = 0.0;
    for (const SystemRating& r : rated->ratings) max_r_hat = std::max(max_r_hat, r.r_hat);
    warnings = rated->warnings.size();
    benchmark::DoNotOptimize(rated->ratings.data());
  }
  state.counters["max_r_hat"] = max_r_hat;
  state.counters["warnings"] = static_cast<double>(warnings);
}
BENCHMARK(BM_HopkinsMayDefaultModelFrEn)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_FastNormal(benchmark::State& state) {
  Rng rng(1);
  const FastNormal normal;
  double sum = 0.0;
  for (auto _ : state) sum += normal(rng);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FastNormal);

void BM_RngNormalPolar(benchmark::State& state) {
  Rng rng(1);
  double sum = 0.0;
  for (auto _ : state) sum += rng.Normal();
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngNormalPolar);

// Truncation [a, inf) at a = range(0) / 10 standard deviations.
void BM_TruncatedNormalTail(benchmark::State& state) {
  Rng rng(1);
  const double a = static_cast<double>(state.range(0)) / 10.0;
  const TruncatedStandardNormal dist(a, std::numeric_limits<double>::infinity());
  double sum = 0.0;
  for (auto _ : state) sum += dist(rng);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TruncatedNormalTail)->Arg(-10)->Arg(0)->Arg(5)->Arg(10)->Arg(30)->Arg(300);

// A tie's interval [-d, d] for the standardised pair difference, centred at range(0) / 10.
void BM_TruncatedNormalTie(benchmark::State& state) {
  Rng rng(1);
  const double centre = static_cast<double>(state.range(0)) / 10.0;
  const double half_width = 0.5 / std::sqrt(2.5);  // d / sd(q1 - q2) at the paper's settings
  const TruncatedStandardNormal dist(centre - half_width, centre + half_width);
  double sum = 0.0;
  for (auto _ : state) sum += dist(rng);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TruncatedNormalTie)->Arg(0)->Arg(10)->Arg(30);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
