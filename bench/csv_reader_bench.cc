// CSV ingest throughput: bytes of WMT CSV parsed into Judgments per second (goal >= 150 MB/s
// on one core), and reading the fr-en training file (2.5 MB, 99,960 comparisons) from disk
// into a fresh Judgments, as `tourney rank` does (goal <= 3 ms).
// Run: build/bin/csv_reader_bench
#include <benchmark/benchmark.h>

#include "bench_util.h"

namespace tourney::bench {
namespace {

void BM_ParseWmtCsv(benchmark::State& state) {
  const std::string text = FrEnText();
  size_t comparisons = 0;
  for (auto _ : state) {
    Judgments j;
    Status s = ParseJudgments(text, "train.csv", ReadOptions(), &j, nullptr);
    if (!s.ok()) state.SkipWithError(s.message().c_str());
    comparisons = j.comparisons().size();
    benchmark::DoNotOptimize(j);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["comparisons_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(comparisons),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseWmtCsv)->Unit(benchmark::kMillisecond);

// The whole read of the file: open, read (page cache), parse into a fresh Judgments.
void BM_ReadWmtCsvFile(benchmark::State& state) {
  const std::string path = SharedDir() + "/data/wmt13-fr-en/train.csv";
  Judgments probe;
  if (!ReadJudgmentsFile(path, ReadOptions(), &probe, nullptr).ok()) {
    state.SkipWithError("the fr-en data is absent");
    return;
  }
  for (auto _ : state) {
    Judgments j;
    Status s = ReadJudgmentsFile(path, ReadOptions(), &j, nullptr);
    if (!s.ok()) state.SkipWithError(s.message().c_str());
    benchmark::DoNotOptimize(j);
  }
  state.counters["comparisons"] = static_cast<double>(probe.comparisons().size());
}
BENCHMARK(BM_ReadWmtCsvFile)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
