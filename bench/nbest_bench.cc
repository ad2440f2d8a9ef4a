// `tourney nbest` costs on synthetic STAPLE data (GenerateStaple): 2,000 prompts with 50
// gold translations each, n-best lists of 100 or 1,000 entries per prompt.
//
// Goal (issue 23): 44 systems x 2,000 prompts x 1,000-best in <= 2 s on 2 threads. One such
// list is 2 million lines (~75 MB); BM_ParseNbest and BM_EvaluateSystem time one system's
// parse and evaluation, BM_StreamSystem both in one pass as the command does (items/s: lines
// per second), BM_EndToEnd 44 systems of 100-best lists through files (threads as the
// argument). BM_EndToEnd44x1000 is the goal itself, on the files of
//   tourney nbest --generate DIR --systems 44 --prompts 2000 --depth 1000 --gold-per-prompt 50
// named by TOURNEY_NBEST_DATA=DIR (3.3 GB, too large to generate per run; skipped without it).
// Peak resident memory is reported as the max_rss_mb counter, the process's CPU time (all
// threads, user + system) per iteration as cpu_s. The command itself:
//   /usr/bin/time -v tourney nbest --gold DIR/gold.txt DIR/system0*.txt --no-bleu --threads 2
//   TOURNEY_NBEST_DATA=DIR build/bin/nbest_bench --benchmark_filter=44x1000
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "tourney/nbest/nbest_evaluation.h"

namespace tourney::bench {
namespace {

double MaxRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// The process's CPU time so far, every thread, user and system (seconds).
double ProcessCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

const GeneratedStaple& Data(int depth, int systems) {
  static std::map<std::pair<int, int>, std::unique_ptr<GeneratedStaple>> cache;
  auto& slot = cache[{depth, systems}];
  if (!slot) {
    StapleGeneratorOptions o;
    o.prompts = 2000;
    o.systems = systems;
    o.depth = depth;
    o.gold_per_prompt = 50;
    o.seed = 1;
    slot = std::make_unique<GeneratedStaple>(GenerateStaple(o));
  }
  return *slot;
}

std::unique_ptr<NbestGold> Gold(const GeneratedStaple& data, bool bleu) {
  NbestOptions o;
  o.bleu = bleu;
  auto file = ParseStaple(data.gold, "gold", StapleKind::kGold);
  return std::move(*NbestGold::Build(std::move(*file), o));
}

void BM_ParseNbest(benchmark::State& state) {
  const GeneratedStaple& data = Data(static_cast<int>(state.range(0)), 1);
  for (auto _ : state) {
    auto f = ParseStaple(data.nbest[0], "system", StapleKind::kNbest);
    benchmark::DoNotOptimize(f->prompts.data());
  }
  state.SetItemsProcessed(state.iterations() * 2000 * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(data.nbest[0].size()));
}
BENCHMARK(BM_ParseNbest)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

// range(0): depth; range(1): 1 with BLEU (the default grid), 0 without.
void BM_EvaluateSystem(benchmark::State& state) {
  const GeneratedStaple& data = Data(static_cast<int>(state.range(0)), 1);
  const auto gold = Gold(data, state.range(1) != 0);
  auto file = ParseStaple(data.nbest[0], "system", StapleKind::kNbest);
  for (auto _ : state) {
    NbestSystem s = EvaluateNbestSystem(*gold, "system", *file);
    benchmark::DoNotOptimize(s.map);
  }
  state.SetItemsProcessed(state.iterations() * 2000 * state.range(0));
  state.counters["max_rss_mb"] = MaxRssMb();
}
BENCHMARK(BM_EvaluateSystem)
    ->Args({100, 0})
    ->Args({100, 1})
    ->Args({1000, 0})
    ->Args({1000, 1})
    ->Unit(benchmark::kMillisecond);

// One system's 1,000-best file streamed from its text (what `tourney nbest` does per file),
// without BLEU: parse and measures in one pass.
void BM_StreamSystem(benchmark::State& state) {
  const GeneratedStaple& data = Data(1000, 1);
  const auto gold = Gold(data, false);
  for (auto _ : state) {
    auto s = EvaluateNbestText(*gold, "system", data.nbest[0], "system");
    benchmark::DoNotOptimize(s->map);
  }
  state.SetItemsProcessed(state.iterations() * 2000 * 1000);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(data.nbest[0].size()));
}
BENCHMARK(BM_StreamSystem)->Unit(benchmark::kMillisecond);

// 44 systems x 2,000 prompts x 100-best through files, MAP/F1/ablation and the bootstrap,
// without BLEU; range(0) threads.
void BM_EndToEnd(benchmark::State& state) {
  const GeneratedStaple& data = Data(100, 44);
  const std::string dir = std::filesystem::temp_directory_path().string() + "/tourney_nbest_bench";
  std::filesystem::create_directories(dir);
  std::vector<std::string> names, paths;
  for (size_t i = 0; i < data.nbest.size(); ++i) {
    names.push_back("system" + std::to_string(i));
    paths.push_back(dir + "/" + names.back() + ".txt");
    std::ofstream(paths.back()) << data.nbest[i];
  }
  NbestOptions o;
  o.bleu = false;
  o.threads = static_cast<int>(state.range(0));
  auto file = ParseStaple(data.gold, "gold", StapleKind::kGold);
  auto gold = NbestGold::Build(std::move(*file), o);
  for (auto _ : state) {
    auto e = EvaluateNbest(**gold, names, paths);
    benchmark::DoNotOptimize(e->systems.data());
  }
  state.SetItemsProcessed(state.iterations() * 44 * 2000 * 100);
  state.counters["max_rss_mb"] = MaxRssMb();
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_EndToEnd)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// The goal: 44 systems x 2,000 prompts x 1,000-best from DIR (TOURNEY_NBEST_DATA), gold read
// and prepared, lists read, evaluated and bootstrapped (1,000 replicates), without BLEU, as
// `tourney nbest --no-bleu` does; range(0) threads.
void BM_EndToEnd44x1000(benchmark::State& state) {
  const char* dir = std::getenv("TOURNEY_NBEST_DATA");
  if (dir == nullptr) {
    state.SkipWithError(
        "set TOURNEY_NBEST_DATA to a directory written by tourney nbest --generate");
    return;
  }
  std::vector<std::string> names, paths;
  for (int i = 0; i < 44; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "system%03d", i);
    names.push_back(name);
    paths.push_back(std::string(dir) + "/" + name + ".txt");
  }
  NbestOptions o;
  o.bleu = false;
  o.threads = static_cast<int>(state.range(0));
  double cpu = 0.0;
  for (auto _ : state) {
    const double start = ProcessCpuSeconds();
    auto file = ReadStaple(std::string(dir) + "/gold.txt", StapleKind::kGold);
    if (!file.ok()) {
      state.SkipWithError(file.status().message().c_str());
      return;
    }
    auto gold = NbestGold::Build(std::move(*file), o);
    auto e = EvaluateNbest(**gold, names, paths);
    if (!e.ok()) {
      state.SkipWithError(e.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(e->systems.data());
    cpu += ProcessCpuSeconds() - start;
  }
  state.SetItemsProcessed(state.iterations() * 44 * 2000 * 1000);
  state.counters["cpu_s"] = cpu / static_cast<double>(state.iterations());
  state.counters["max_rss_mb"] = MaxRssMb();
}
BENCHMARK(BM_EndToEnd44x1000)
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
