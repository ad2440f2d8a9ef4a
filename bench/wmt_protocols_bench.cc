// The WMT DA and MQM protocols on the real releases (docs/wmt-protocols.md):
// - BM_ReadAndScoreDa: read the organisers' WMT22 cs-en `ad-csen-good-stnd.csv.gz` (25,070
//   judgments, gzip) and its moments file, then the segment and system scores (goal: <= 50 ms);
// - BM_ScoreDa: the scores alone, from judgments in memory (per judgment);
// - BM_OfficialDaProtocol: reading, scoring and the official protocol (132 one-sided Wilcoxon
//   rank-sum tests, clusters) (goal: <= 200 ms);
// - BM_PairedHolm: tourney's alternative on scores in memory (66 paired t-tests, Holm);
// - BM_ReadAndScoreMqm: the WMT21 TED en-de MQM per-error TSV (8,435 rows), read and scored.
// Wall time is the goal (UseRealTime). Skips with a message when the data is absent.
//   build/bin/wmt_protocols_bench --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <filesystem>
#include <optional>
#include <string>

#include "bench_util.h"
#include "tourney/ingest/mqm_error_reader.h"
#include "tourney/ingest/wmt_da_reader.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/mqm_score.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney::bench {
namespace {

std::string DaPath() { return SharedDir() + "/data/wmt22-toen-da/ad-csen-good-stnd.csv.gz"; }
std::string MqmPath() { return SharedDir() + "/data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz"; }

std::optional<DaJudgments> ReadDa(benchmark::State& state) {
  if (!std::filesystem::exists(DaPath())) {
    state.SkipWithError((DaPath() + " absent").c_str());
    return std::nullopt;
  }
  auto j = ReadWmtDaJudgments(DaPath());
  if (!j.ok()) {
    state.SkipWithError(j.status().message().c_str());
    return std::nullopt;
  }
  return std::move(*j);
}

void BM_ReadAndScoreDa(benchmark::State& state) {
  int64_t judgments = 0;
  for (auto _ : state) {
    auto j = ReadDa(state);
    if (!j) return;
    auto s = ComputeDaScores(*j);
    if (!s.ok()) return state.SkipWithError(s.status().message().c_str());
    judgments = static_cast<int64_t>(j->rows.size());
    benchmark::DoNotOptimize(s->system_scores.data());
  }
  state.counters["judgments"] = static_cast<double>(judgments);
  state.counters["ns_per_judgment"] = benchmark::Counter(
      static_cast<double>(judgments), benchmark::Counter::kIsIterationInvariantRate |
                                          benchmark::Counter::kInvert);
}
BENCHMARK(BM_ReadAndScoreDa)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ScoreDa(benchmark::State& state) {
  auto j = ReadDa(state);
  if (!j) return;
  for (auto _ : state) {
    auto s = ComputeDaScores(*j);
    benchmark::DoNotOptimize(s.ok());
  }
  state.counters["ns_per_judgment"] = benchmark::Counter(
      static_cast<double>(j->rows.size()), benchmark::Counter::kIsIterationInvariantRate |
                                               benchmark::Counter::kInvert);
}
BENCHMARK(BM_ScoreDa)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_OfficialDaProtocol(benchmark::State& state) {
  for (auto _ : state) {
    auto j = ReadDa(state);
    if (!j) return;
    auto s = ComputeDaScores(*j);
    if (!s.ok()) return state.SkipWithError(s.status().message().c_str());
    auto r = RankWmtDa(*s);
    if (!r.ok()) return state.SkipWithError(r.status().message().c_str());
    benchmark::DoNotOptimize(r->cluster.data());
  }
}
BENCHMARK(BM_OfficialDaProtocol)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PairedHolm(benchmark::State& state) {
  auto j = ReadDa(state);
  if (!j) return;
  auto s = ComputeDaScores(*j);
  if (!s.ok()) return state.SkipWithError(s.status().message().c_str());
  auto r = RankWmtDa(*s);
  if (!r.ok()) return state.SkipWithError(r.status().message().c_str());
  for (auto _ : state) {
    auto h = SeparatePairedHolm(*s, r->order);
    benchmark::DoNotOptimize(h.ok());
  }
}
BENCHMARK(BM_PairedHolm)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ReadAndScoreMqm(benchmark::State& state) {
  if (!std::filesystem::exists(MqmPath())) return state.SkipWithError("en-de.mqm.tsv.gz absent");
  int64_t rows = 0;
  for (auto _ : state) {
    auto e = ReadMqmErrors(MqmPath());
    if (!e.ok()) return state.SkipWithError(e.status().message().c_str());
    auto s = ScoreMqm(*e, DefaultMqmWeights());
    if (!s.ok()) return state.SkipWithError(s.status().message().c_str());
    rows = static_cast<int64_t>(e->rows.size());
    benchmark::DoNotOptimize(s->system_scores.data());
  }
  state.counters["rows"] = static_cast<double>(rows);
}
BENCHMARK(BM_ReadAndScoreMqm)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
