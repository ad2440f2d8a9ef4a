// TrueSkill costs: one two-player update (win, tie, far-tail upset), a k-way free-for-all
// game, one match selection, and the paper's full selection protocol on WMT13 fr-en
// (13 systems, one selection per pairwise judgment = 99,960 selections; a simulated
// campaign of the same shape when the data is absent). Per-item costs are items_per_second.
//   build/bin/trueskill_bench [--benchmark_filter=Protocol] [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "tourney/core/random.h"
#include "tourney/experiments/simulate.h"
#include "tourney/models/trueskill.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_protocol.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney {
namespace {

TrueSkill Env(double beta) {
  TrueSkillOptions o;
  o.beta = beta;
  return *TrueSkill::Create(o);
}

// 1024 rating pairs as a campaign sees them: means within ~1, sigmas 0.05..0.5.
std::vector<Rating> TypicalRatings(double gap_scale) {
  Rng rng(1);
  std::vector<Rating> r(2048);
  for (size_t i = 0; i < r.size(); ++i) {
    r[i] = {gap_scale * rng.Normal(), 0.05 + 0.45 * rng.Uniform()};
  }
  return r;
}

void TwoPlayer(benchmark::State& state, Outcome outcome, double gap_scale) {
  const TrueSkill env = Env(0.25);
  const std::vector<Rating> start = TypicalRatings(gap_scale);
  std::vector<Rating> r = start;
  size_t i = 0;
  for (auto _ : state) {
    env.Rate(outcome, &r[i], &r[i + 1]);
    benchmark::DoNotOptimize(r[i]);
    i += 2;
    if (i == r.size()) {
      i = 0;
      r = start;  // keep the inputs typical (amortized: 1 copy per 1024 updates)
    }
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_TwoPlayerWin(benchmark::State& state) { TwoPlayer(state, Outcome::kFirstWins, 0.5); }
void BM_TwoPlayerTie(benchmark::State& state) { TwoPlayer(state, Outcome::kTie, 0.5); }
// Means ~20 sd apart: half the games are upsets deep in the tail (continued fraction/series).
void BM_TwoPlayerFarTail(benchmark::State& state) { TwoPlayer(state, Outcome::kFirstWins, 8.0); }
BENCHMARK(BM_TwoPlayerWin);
BENCHMARK(BM_TwoPlayerTie);
BENCHMARK(BM_TwoPlayerFarTail);

void BM_FreeForAll(benchmark::State& state) {
  const TrueSkill env = Env(0.25);
  const size_t k = static_cast<size_t>(state.range(0));
  const std::vector<Rating> start = TypicalRatings(0.5);
  std::vector<int> ranks(k);
  for (size_t i = 0; i < k; ++i) ranks[i] = static_cast<int>(i % 3) + 1;  // with ties
  std::vector<Rating> players(k);
  size_t offset = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < k; ++i) players[i] = start[(offset + i) % start.size()];
    offset += k;
    benchmark::DoNotOptimize(env.RateFreeForAll(players, ranks).ok());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FreeForAll)->DenseRange(2, 5);

void Select(benchmark::State& state, std::unique_ptr<MatchSelector> selector) {
  std::vector<Rating> ratings;
  Rng init(3);
  for (int i = 0; i < state.range(0); ++i) ratings.push_back({init.Normal(), 0.5 * init.Uniform()});
  Rng rng(1);
  std::vector<SystemId> match(2);
  for (auto _ : state) {
    benchmark::DoNotOptimize(selector->Select({ratings}, rng, match).ok());
    benchmark::DoNotOptimize(match.data());
  }
  state.SetItemsProcessed(state.iterations());
}
void BM_SelectTrueSkill(benchmark::State& state) { Select(state, MakeTrueSkillSelector()); }
void BM_SelectUniform(benchmark::State& state) { Select(state, MakeUniformSelector()); }
BENCHMARK(BM_SelectTrueSkill)->Arg(13)->Arg(64)->Arg(1000);
BENCHMARK(BM_SelectUniform)->Arg(13)->Arg(1000);

// The paper's protocol (§3.1): `budget` selections on the fr-en judgments with the paper's
// beta = sigma * budget / 40, pools built inside the timed region. Arg 0 = one selection
// per judgment (99,960, the default of `rank --model trueskill`); Arg 1 = the setup alone.
void Protocol(benchmark::State& state, std::unique_ptr<MatchSelector> selector) {
  const Judgments judgments = bench::FrEnJudgments();
  const Comparisons& comparisons = judgments.comparisons();
  TrueSkillModelOptions model;
  model.budget = state.range(0);
  const TrueSkill env = *TrueSkill::Create(ResolveTrueSkillOptions(model, comparisons.size()));
  SelectionProtocolOptions options;
  options.budget = state.range(0);
  const int64_t selections =
      options.budget > 0 ? options.budget : static_cast<int64_t>(comparisons.size());
  for (auto _ : state) {
    auto ratings =
        RunSelectionProtocol(env, *selector, judgments.num_systems(), comparisons, options, 1);
    benchmark::DoNotOptimize(ratings.ok());
  }
  state.SetItemsProcessed(state.iterations() * selections);
  state.counters["selections"] = static_cast<double>(selections);
}
void BM_PaperProtocolFrEn(benchmark::State& state) { Protocol(state, MakeTrueSkillSelector()); }
void BM_UniformProtocolFrEn(benchmark::State& state) { Protocol(state, MakeUniformSelector()); }
BENCHMARK(BM_PaperProtocolFrEn)->Arg(0)->Arg(10000)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_UniformProtocolFrEn)->Arg(0)->Unit(benchmark::kMillisecond);

// What `tourney rank train.csv --model trueskill --seed 1` computes, from the file on disk
// to the ratings: read and parse the fr-en CSV, build the model as the command does (the
// paper protocol, one selection per comparison) and rate. The whole process adds start-up
// and printing (goal for the process: <= 15 ms).
void BM_RankTrueSkillFromFileFrEn(benchmark::State& state) {
  const std::string path = bench::SharedDir() + "/data/wmt13-fr-en/train.csv";
  Judgments probe;
  if (!ReadJudgmentsFile(path, ReadOptions(), &probe, nullptr).ok()) {
    state.SkipWithError("the fr-en data is absent");
    return;
  }
  for (auto _ : state) {
    Judgments j;
    if (!ReadJudgmentsFile(path, ReadOptions(), &j, nullptr).ok()) state.SkipWithError("read");
    TrueSkillModelOptions options;
    auto model = MakeTrueSkillModel(options);
    RatingInput input{j.num_systems(), &j.comparisons(), &j};
    auto rated = (*model)->Rate(input, 1);
    benchmark::DoNotOptimize(rated.ok());
  }
}
BENCHMARK(BM_RankTrueSkillFromFileFrEn)->Unit(benchmark::kMillisecond);

// Cost per match against the size of the pool: the paper protocol with budgets of 1M and 2M
// selections on simulated pools of 10k and 1M 5-way rankings (100k and 10M comparisons, 13
// systems). A run includes building the pools (O(C)); the cost of one match is the
// difference between the two budgets divided by 1M (goal: within 1.5x across pool sizes).
void BM_ProtocolPoolSize(benchmark::State& state) {
  CampaignOptions o;
  o.systems = 13;
  o.rankings = static_cast<int>(state.range(0));
  o.seed = 3;
  const Judgments judgments = std::move(SimulateCampaign(o)->judgments);
  const Comparisons& comparisons = judgments.comparisons();
  TrueSkillModelOptions model;
  model.budget = 1'000'000;  // beta from one budget for both runs: the same updates
  const TrueSkill env = *TrueSkill::Create(ResolveTrueSkillOptions(model, comparisons.size()));
  SelectionProtocolOptions options;
  options.budget = state.range(1);
  const auto selector = MakeTrueSkillSelector();
  for (auto _ : state) {
    auto ratings =
        RunSelectionProtocol(env, *selector, judgments.num_systems(), comparisons, options, 1);
    benchmark::DoNotOptimize(ratings.ok());
  }
  state.counters["comparisons"] = static_cast<double>(comparisons.size());
}
BENCHMARK(BM_ProtocolPoolSize)
    ->Args({10'000, 1'000'000})
    ->Args({10'000, 2'000'000})
    ->Args({1'000'000, 1'000'000})
    ->Args({1'000'000, 2'000'000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
