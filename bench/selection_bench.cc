// Match selection costs: one Select() per selector for campaigns of 16 and 1,000 systems
// (ratings and pair counts as a campaign sees them mid-way), and one refit of the selection
// posterior (selection_posterior.h) for 16 systems. Goal: the default selector takes
// <= 2 us per selection at 16 systems and <= 100 us at 1,000; the selectors over the
// anytime leaderboard (active-ranking, boundary) <= 2 us and <= 50 us, given the board's
// summary (whose own cost, paid once per refresh, is AnytimeSummarize).
//   build/bin/selection_bench [--benchmark_filter=frontier] [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/core/random.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/statistics/anytime_leaderboard.h"

namespace tourney {
namespace {

// Means spread like a WMT ranking (sd 0.5), sds 0.05..0.3, counts 0..40 per pair.
// The anytime board holds 1..4 judgments per pair drawn from a Thurstone model on the same
// means (so a few boundaries are certified and most are open).
struct Campaign {
  std::vector<Rating> ratings;
  PairCounts counts;
  AnytimeLeaderboard board;
  AnytimeSummary summary;
  explicit Campaign(int n) : counts(n), board(*AnytimeLeaderboard::Create(n, {0.05, 0.1})) {
    Rng rng(static_cast<uint64_t>(n));
    for (int i = 0; i < n; ++i)
      ratings.push_back({0.5 * rng.Normal(), 0.05 + 0.25 * rng.Uniform()});
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        counts.Add(i, j, Outcome::kFirstWins, static_cast<int64_t>(rng.UniformInt(20)));
        counts.Add(i, j, Outcome::kSecondWins, static_cast<int64_t>(rng.UniformInt(15)));
        counts.Add(i, j, Outcome::kTie, static_cast<int64_t>(rng.UniformInt(6)));
        for (uint64_t k = 0, m = 1 + rng.UniformInt(4); k < m; ++k) {
          const double d = ratings[i].mu - ratings[j].mu + 1.58 * rng.Normal();
          board.Add(i, j,
                    std::fabs(d) < 0.5 ? Outcome::kTie
                    : d > 0            ? Outcome::kFirstWins
                                       : Outcome::kSecondWins);
        }
      }
    }
    summary = board.Summarize();
  }
};

void Select(benchmark::State& state, const std::string& name, int n) {
  const Campaign c(n);
  auto selector = std::move(*MakeMatchSelector(name));
  Rng rng(1);
  SystemId match[2];
  SelectionState st{c.ratings, nullptr, &c.counts};
  st.anytime = &c.board;
  st.anytime_summary = &c.summary;
  for (auto _ : state) {
    benchmark::DoNotOptimize(selector->Select(st, rng, match));
    benchmark::DoNotOptimize(match[0]);
  }
  state.SetItemsProcessed(state.iterations());
}

void AnytimeSummarize(benchmark::State& state) {
  const Campaign c(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(c.board.Summarize());
}

void PosteriorRefit(benchmark::State& state) {
  const Campaign c(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(SelectionPosterior(c.counts));
}

void Register() {
  for (const char* name : {"frontier", "racing", "trueskill", "uniform", "lucb", "info-gain",
                           "thompson", "arena", "active-ranking", "boundary"}) {
    for (int n : {16, 1000}) {
      benchmark::RegisterBenchmark(
          ("Select/" + std::string(name) + "/" + std::to_string(n)).c_str(),
          [name, n](benchmark::State& s) { Select(s, name, n); });
    }
  }
  benchmark::RegisterBenchmark("PosteriorRefit", PosteriorRefit)->Arg(16)->Arg(100);
  benchmark::RegisterBenchmark("AnytimeSummarize", AnytimeSummarize)->Arg(16)->Arg(1000);
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) {
  tourney::Register();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
