// Arena scale: a synthetic Chatbot-Arena log of 200 models and 2M battles (JSONL, written
// once to a temporary file by the battle simulator), then
//   - ingest: streaming JSONL read into a BattleLog (simdjson), ns per battle, MB/s and the
//     process's peak resident memory per battle;
//   - counts + Bradley-Terry fit (MM to tolerance 1e-10) + sandwich errors from the log;
//   - 1,000 bootstrap replicates of Bradley-Terry (multinomial count resampling), 2 threads.
// Goals (issue 12): ingest <= 2 s, fit <= 0.3 s, 1,000 replicates <= 10 s on 2 cores, peak
// memory <= 64 bytes per battle.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tourney/experiments/battle_simulator.h"
#include "tourney/ingest/battle_log_reader.h"
#include "tourney/models/bradley_terry.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {
namespace {

constexpr int kSystems = 200;
constexpr int64_t kBattles = 2'000'000;

BattleSimulationOptions ArenaOptions() {
  BattleSimulationOptions o;
  o.systems = kSystems;
  o.battles = kBattles;
  o.tie_nu = 0.3;
  o.seed = 12;
  return o;
}

// The log file, written on first use and removed at exit.
const std::string& ArenaLogPath() {
  static const std::string path = [] {
    const std::string p = (std::filesystem::temp_directory_path() /
                           ("tourney_arena_bench_" + std::to_string(getpid()) + ".jsonl"))
                              .string();
    std::ofstream out(p, std::ios::binary);
    (void)WriteSimulatedBattles(ArenaOptions(), out);
    std::atexit([] { std::filesystem::remove(ArenaLogPath()); });
    return p;
  }();
  return path;
}

double PeakRssBytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) * 1024.0;
}

void BM_IngestArenaJsonl(benchmark::State& state) {
  const std::string& path = ArenaLogPath();
  const double bytes = static_cast<double>(std::filesystem::file_size(path));
  const double rss_before = PeakRssBytes();
  size_t battles = 0;
  for (auto _ : state) {
    BattleLog log;
    BattleLogReport report;
    const Status s = ReadBattleLogFile(path, BattleLogOptions{}, &log, &report);
    if (!s.ok()) state.SkipWithError(s.message().c_str());
    battles = log.size();
    benchmark::DoNotOptimize(log.battles.first.data());
  }
  state.counters["battles"] = static_cast<double>(battles);
  state.counters["time_per_battle"] = benchmark::Counter(
      static_cast<double>(battles),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["MB_per_s"] =
      benchmark::Counter(bytes / 1e6, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_rss_bytes_per_battle"] = PeakRssBytes() / static_cast<double>(battles);
  state.counters["rss_growth_bytes_per_battle"] =
      (PeakRssBytes() - rss_before) / static_cast<double>(battles);
}
BENCHMARK(BM_IngestArenaJsonl)->Unit(benchmark::kMillisecond)->Iterations(3);

// From the battles in memory to Arena scores with sandwich intervals.
void BM_FitBradleyTerryFromBattles(benchmark::State& state) {
  const BattleLog log = SimulateBattles(ArenaOptions());
  int iterations = 0;
  for (auto _ : state) {
    const PairCounts counts = CountBattles(log);
    const BradleyTerryFit fit =
        FitBradleyTerry(WinMatrix(counts, WinWeights{}), BradleyTerryOptions{});
    const BradleyTerryErrors se = BradleyTerryStandardErrors(counts, WinWeights{}, fit.theta);
    iterations = fit.iterations;
    benchmark::DoNotOptimize(se.sandwich.data());
  }
  state.counters["mm_sweeps"] = iterations;
  state.counters["time_per_battle"] = benchmark::Counter(
      static_cast<double>(log.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FitBradleyTerryFromBattles)->Unit(benchmark::kMillisecond);

// The fit alone, from the 200 x 200 count table.
void BM_FitBradleyTerryFromCounts(benchmark::State& state) {
  const PairCounts counts = CountBattles(SimulateBattles(ArenaOptions()));
  for (auto _ : state) {
    const BradleyTerryFit fit =
        FitBradleyTerry(WinMatrix(counts, WinWeights{}), BradleyTerryOptions{});
    benchmark::DoNotOptimize(fit.theta.data());
  }
}
BENCHMARK(BM_FitBradleyTerryFromCounts)->Unit(benchmark::kMillisecond);

// R replicates of Bradley-Terry, threads from the range (the results are identical).
void BM_BootstrapBradleyTerry(benchmark::State& state) {
  Judgments judgments;
  AppendBattles(SimulateBattles(ArenaOptions()), &judgments);
  auto model = MakePairwiseModel("bradley-terry", PairwiseModelOptions{});
  BootstrapOptions o;
  o.replicates = static_cast<int>(state.range(0));
  o.threads = static_cast<int>(state.range(1));
  o.seed = 1;
  for (auto _ : state) {
    auto result = Bootstrap(judgments, **model, o);
    if (!result.ok()) state.SkipWithError(result.status().message().c_str());
    benchmark::DoNotOptimize(result->scores.values.data());
  }
  state.counters["time_per_replicate"] = benchmark::Counter(
      static_cast<double>(o.replicates),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BootstrapBradleyTerry)
    ->Args({1000, 2})
    ->Args({1000, 1})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
