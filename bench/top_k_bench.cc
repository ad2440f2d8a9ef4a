// The top-k selector's NextMatch cost (top_k.h): one Select() on a campaign of 16 and of
// 1,000 systems, mid-way (every pair judged a few times by a Thurstone-like truth, so that
// most cross pairs of the top k are still open), for k = 1 and k = 3, pairs and 4-way
// matches; plus one TopKBoard::Add. Goals: <= 2 us per selection at 16 systems and
// <= 50 us at 1,000.
//   build/bin/top_k_bench [--benchmark_filter=TopKSelect/1000] [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/selection/top_k.h"

namespace tourney {
namespace {

// Qualities N(0, 0.5^2); `per_pair` judgments of every pair, a win for the better system
// with probability Phi(gap / 1.58) less a 20% share of ties.
TopKBoard Campaign(int n, int per_pair) {
  TopKBoard board = *TopKBoard::Create(n, {0.05, 0.0});
  Rng rng(static_cast<uint64_t>(n));
  std::vector<double> q;
  for (int i = 0; i < n; ++i) q.push_back(0.5 * rng.Normal());
  for (int r = 0; r < per_pair; ++r) {
    for (SystemId a = 0; a < n; ++a) {
      for (SystemId b = a + 1; b < n; ++b) {
        const double d = q[a] - q[b] + 1.58 * rng.Normal();
        board.Add(a, b,
                  std::fabs(d) < 0.4 ? Outcome::kTie
                  : d > 0            ? Outcome::kFirstWins
                                     : Outcome::kSecondWins);
      }
    }
  }
  return board;
}

void Select(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0)), k = static_cast<int>(state.range(1));
  const size_t m = static_cast<size_t>(state.range(2));
  const TopKBoard board = Campaign(n, n <= 16 ? 40 : 2);
  const auto selector = MakeTopKSelector({k, 0.0, 0.05});
  const std::vector<Rating> ratings(static_cast<size_t>(n));
  SelectionState st{ratings};
  st.top_k = &board;
  Rng rng(1);
  SystemId match[4];
  for (auto _ : state) {
    benchmark::DoNotOptimize(selector->Select(st, rng, std::span<SystemId>(match, m)));
    benchmark::DoNotOptimize(match[0]);
  }
  state.SetItemsProcessed(state.iterations());
}

void Add(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  TopKBoard board = Campaign(n, 1);
  Rng rng(2);
  for (auto _ : state) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n - 1)));
    board.Add(a, a + 1, rng.Uniform() < 0.5 ? Outcome::kFirstWins : Outcome::kTie);
  }
  benchmark::DoNotOptimize(board.Score(0));
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(Select)
    ->ArgNames({"systems", "k", "match"})
    ->Args({16, 1, 2})
    ->Args({16, 3, 2})
    ->Args({16, 3, 4})
    ->Args({1000, 1, 2})
    ->Args({1000, 3, 2})
    ->Args({1000, 3, 4});
BENCHMARK(Add)->Arg(16)->Arg(1000);

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
