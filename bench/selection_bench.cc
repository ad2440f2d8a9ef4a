// Match selection costs: one Select() per selector for campaigns of 16 and 1,000 systems
// (ratings and pair counts as a campaign sees them mid-way), and one refit of the selection
// posterior (selection_posterior.h) for 16 systems. Goal: the default selector takes
// <= 2 us per selection at 16 systems and <= 100 us at 1,000; the selectors over the
// anytime leaderboard (active-ranking, boundary) <= 2 us and <= 50 us, given the board's
// summary (whose own cost, paid once per refresh, is AnytimeSummarize). ProposeMatch is a
// campaign's whole NextMatch in the engine (the uniform floor's coin, the selection, its
// recorded probability, the segment): the same goals for the default selector.
//   build/bin/selection_bench [--benchmark_filter=frontier] [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "tourney/core/pair_counts.h"
#include "tourney/core/random.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/sequential/anytime_leaderboard.h"

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

// A campaign of n systems and 1,000 segments with 3,000 pairwise judgments (a fifth of them
// uniform draws) on the Thurstone means above, then one annotator's matches.
void ProposeMatch(benchmark::State& state, const std::string& name, int n) {
  const Campaign c(n);
  CampaignConfig config;
  config.name = "bench";
  for (int i = 0; i < n; ++i) {
    char system[16];
    std::snprintf(system, sizeof system, "s%d", i);
    config.systems.push_back(system);
  }
  for (int i = 0; i < 1000; ++i) config.segments.push_back({i, ""});
  config.k = 2;
  config.selector = name;
  config.anytime_stopping = kDefaultCampaignStopping;
  auto campaign = std::move(*CampaignState::Create(config));
  Rng rng(7);
  CampaignRanking r;
  for (int t = 0; t < 3000; ++t) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n)));
    SystemId b = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n - 1)));
    if (b >= a) ++b;
    const double d = c.ratings[a].mu - c.ratings[b].mu + 1.58 * rng.Normal();
    r.systems = {a, b};
    r.ranks = {static_cast<uint8_t>(d > 0 ? 1 : 2), static_cast<uint8_t>(d > 0 ? 2 : 1)};
    r.uniform_draw = t % 5 == 0;
    campaign->ApplyRanking(r);
  }
  double recorded = 0.0;
  for (auto _ : state) {
    auto match = campaign->ProposeMatch("annotator");
    recorded += match->selection_probability;
    benchmark::DoNotOptimize(match->systems.data());
  }
  benchmark::DoNotOptimize(recorded);
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
  for (const char* name : {"boundary", "uniform"}) {
    for (int n : {16, 1000}) {
      benchmark::RegisterBenchmark(
          ("ProposeMatch/" + std::string(name) + "/" + std::to_string(n)).c_str(),
          [name, n](benchmark::State& s) { ProposeMatch(s, name, n); });
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
