// The WMT16 campaign (../shared/data/wmt16/wmt16.xml.gz, all 12 language pairs):
// - BM_ReadXml: decompress and parse the Appraise XML export (32,505 ranking tasks);
// - BM_Agreement: inter- and intra-annotator agreement of every pair from the XML, reading
//   included (goal: <= 1 s);
// - BM_OfficialProtocol: the WMT15/16 official protocol, 1,000 TrueSkill protocol runs on
//   resamples of each pair's comparisons, all 12 pairs, 2 threads (goal: <= 60 s).
// Skips with a message when the data is absent.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "bench_util.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/selection/trueskill_model.h"
#include "tourney/statistics/agreement.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney::bench {
namespace {

std::string XmlPath() { return SharedDir() + "/data/wmt16/wmt16.xml.gz"; }

bool ReadAll(Judgments* judgments, bool expand, benchmark::State& state) {
  ReadOptions o;
  o.all_language_pairs = true;
  o.expand_identical = expand;
  const Status s = ReadJudgmentsFile(XmlPath(), o, judgments, nullptr);
  if (!s.ok()) state.SkipWithError(s.message().c_str());
  return s.ok();
}

void BM_ReadXml(benchmark::State& state) {
  if (!std::filesystem::exists(XmlPath())) return state.SkipWithError("wmt16.xml.gz absent");
  size_t rankings = 0;
  for (auto _ : state) {
    Judgments j;
    if (!ReadAll(&j, false, state)) return;
    rankings = j.num_rankings();
    benchmark::DoNotOptimize(j.comparisons().size());
  }
  state.counters["rankings"] = static_cast<double>(rankings);
}
BENCHMARK(BM_ReadXml)->Unit(benchmark::kMillisecond);

void BM_Agreement(benchmark::State& state) {
  if (!std::filesystem::exists(XmlPath())) return state.SkipWithError("wmt16.xml.gz absent");
  for (auto _ : state) {
    Judgments all;
    if (!ReadAll(&all, false, state)) return;
    for (const auto& [pair, judgments] : SplitByLanguagePair(all)) {
      auto r = ComputeAgreement(judgments, true);
      benchmark::DoNotOptimize(r.ok());
    }
  }
}
BENCHMARK(BM_Agreement)->Unit(benchmark::kMillisecond);

void BM_OfficialProtocol(benchmark::State& state) {
  if (!std::filesystem::exists(XmlPath())) return state.SkipWithError("wmt16.xml.gz absent");
  Judgments all;
  if (!ReadAll(&all, true, state)) return;
  const auto pairs = SplitByLanguagePair(all);
  auto model = MakeTrueSkillModel(TrueSkillModelOptions());
  int64_t selections = 0;
  for (auto _ : state) {
    for (const auto& [pair, judgments] : pairs) {
      BootstrapOptions options;
      options.replicates = static_cast<int>(state.range(0));
      options.threads = 2;
      options.resample_self_sampling = true;
      options.score = BootstrapScore::kReplicateMean;
      auto result = Bootstrap(judgments, **model, options);
      if (!result.ok()) return state.SkipWithError(result.status().message().c_str());
      selections += static_cast<int64_t>(judgments.comparisons().size()) * (state.range(0) + 1);
    }
  }
  state.counters["selections_per_s"] =
      benchmark::Counter(static_cast<double>(selections), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OfficialProtocol)->Arg(1000)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
