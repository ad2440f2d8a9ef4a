// Costs of the sampling role (Saldías et al. 2022). Goals: the paper's whole protocol on
// WMT20 en-de (9 systems x 10 sizes x 100 draws x every method) <= 5 s on 2 threads, and
// `estimate`'s work on a 20,000-row partly annotated table (parse + estimates + pairs)
// <= 0.2 s. Wall time is the goal (UseRealTime); the CPU column shows the work.
//   build/bin/sampling_bench [--benchmark_filter=Protocol]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench_util.h"
#include "tourney/core/random.h"
#include "tourney/experiments/sampling_study.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/population.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {
namespace {

// WMT20 en-de without Human-A (the paper's protocol), or nothing after skipping the
// benchmark with the reason (the shared data absent or unreadable).
std::optional<ScoredSegments> ReadEnDe(benchmark::State& state) {
  const std::string path = bench::SharedDir() + "/data/wmt20-mqm/en-de.tsv.gz";
  if (!std::filesystem::exists(path)) {
    state.SkipWithError((path + " absent").c_str());
    return std::nullopt;
  }
  ScoredSegmentReadOptions read;
  read.exclude_systems = {"Human-A.0"};
  auto table = ReadScoredSegments(path, read);
  if (!table.ok()) {
    state.SkipWithError(table.status().message().c_str());
    return std::nullopt;
  }
  return std::move(*table);
}

// The first en-de system's population (N = 1,418), or nothing (skipped, as above).
std::optional<Population> FirstEnDeSystem(benchmark::State& state) {
  const std::optional<ScoredSegments> table = ReadEnDe(state);
  if (!table) return std::nullopt;
  auto p = MakePopulation(*table, 0);
  if (!p.ok()) {
    state.SkipWithError(p.status().message().c_str());
    return std::nullopt;
  }
  return std::move(*p);
}

void Protocol(benchmark::State& state) {
  const std::optional<ScoredSegments> table = ReadEnDe(state);
  if (!table) return;
  SamplingStudyOptions o;  // the defaults are the paper's protocol: 5:50:5, 100 draws
  o.threads = static_cast<int>(state.range(0));
  o.methods = {};  // every method of the paper
  for (auto _ : state) {
    auto r = RunSamplingStudy(*table, o);
    if (!r.ok()) state.SkipWithError(r.status().message().c_str());
    benchmark::DoNotOptimize(r);
  }
}

// Building the neighbour lists of the first en-de system: N² distances, N sorts.
void NeighbourListsBuild(benchmark::State& state) {
  const std::optional<Population> p = FirstEnDeSystem(state);
  if (!p) return;
  for (auto _ : state) {
    const NeighbourLists lists(*p);
    benchmark::DoNotOptimize(&lists);
  }
}

// One k-NN fit (k = 25) from precomputed neighbour lists on the first en-de system, at a
// sample size of range(0) percent: the fits that dominate the protocol.
void KnnFit(benchmark::State& state) {
  const std::optional<Population> p = FirstEnDeSystem(state);
  if (!p) return;
  const NeighbourLists lists(*p);
  const int n = static_cast<int>(p->size * state.range(0) / 100);
  // 32 random samples of n items, drawn once.
  Rng rng(3);
  std::vector<std::vector<uint8_t>> samples(32, std::vector<uint8_t>(p->size, 0));
  for (auto& in : samples) {
    for (int placed = 0; placed < n;) {
      const int i = static_cast<int>(rng.Uniform() * p->size);
      if (i < p->size && !in[i]) {
        in[i] = 1;
        ++placed;
      }
    }
  }
  std::vector<double> out;
  size_t t = 0;
  for (auto _ : state) {
    lists.Predict(samples[t++ % samples.size()], n, kPaperKnnK, &out);
    benchmark::DoNotOptimize(out.data());
  }
}

// 10 systems x 2,000 segments in 200 documents, 6 metrics, 30% of the segments annotated
// (the same ones for every system, as a campaign annotates them).
std::string Table20k() {
  Rng rng(5);
  std::string text = "system\tdoc\tseg\tmqm\tm1\tm2\tm3\tm4\tm5\tm6\n";
  std::vector<double> difficulty(2000);
  std::vector<char> annotated(2000);
  for (int i = 0; i < 2000; ++i) {
    difficulty[i] = rng.Uniform();
    annotated[i] = rng.Uniform() < 0.3;
  }
  char buffer[64];
  for (int s = 0; s < 10; ++s) {
    for (int i = 0; i < 2000; ++i) {
      const double q = difficulty[i] + 0.05 * s + 0.4 * rng.Uniform();
      std::snprintf(buffer, sizeof buffer, "S%d\td%d\t%d", s, i / 10, i);
      text += buffer;
      if (annotated[i]) {
        std::snprintf(buffer, sizeof buffer, "\t%.4f", q < 0.7 ? 0.0 : 10 * (q - 0.7));
        text += buffer;
      } else {
        text += "\tNone";
      }
      for (int m = 0; m < 6; ++m) {
        std::snprintf(buffer, sizeof buffer, "\t%.5f", -q + 0.5 * (m + 1) * rng.Uniform());
        text += buffer;
      }
      text += "\n";
    }
  }
  return text;
}

void Estimate20k(benchmark::State& state) {
  const std::string text = Table20k();
  SystemEstimatesOptions o;  // the defaults: docs-prop, cv-knn, bootstrap-t
  o.lower_is_better = true;
  o.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto t = ParseScoredSegments(text, "20k.tsv", {});
    if (!t.ok()) {
      state.SkipWithError(t.status().message().c_str());
      return;
    }
    auto r = EstimateSystems(*t, o);
    if (!r.ok()) state.SkipWithError(r.status().message().c_str());
    benchmark::DoNotOptimize(r);
  }
}

BENCHMARK(Protocol)->Arg(2)->Arg(1)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();
BENCHMARK(NeighbourListsBuild)->Unit(benchmark::kMillisecond);
BENCHMARK(KnnFit)->DenseRange(3, 12, 1)->DenseRange(15, 50, 5)->Unit(benchmark::kMicrosecond);
BENCHMARK(Estimate20k)->Arg(2)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
