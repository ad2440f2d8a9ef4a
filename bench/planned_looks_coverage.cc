// planned_looks_coverage: what looking at a bootstrap board several times costs, and what
// planned looks (cluster --looks, sequential/group_sequential.h) give back. A simulation,
// not a timing (docs/anytime.md).
//
// Truth and judgments as anytime_coverage's: qualities q_i ~ N(0, 0.5^2), Thurstone
// performances with noise sd sqrt(1/2), ties within 0.25, k-way matches drawn uniformly.
// Each campaign is clustered by the Expected Wins bootstrap (1,000 replicates) at 4 equally
// spaced looks over its budget, three ways: "one look" (only the last, at 95%: the
// fixed-sample board), "naive" (every look at 95%) and "planned" (each look at its
// O'Brien-Fleming-type level, 95% over the 4 looks). A campaign is wrong when a look it
// uses puts a system in a better cluster than a system of higher quality; the table gives
// the share of wrong campaigns and the separations at the last look.
//
// Usage: planned_looks_coverage [--campaigns C] [--seed S] [--systems N] [--matches M]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "thurstone_campaign.h"
#include "tourney/core/judgments.h"
#include "tourney/core/random.h"
#include "tourney/models/expected_wins.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/sequential/group_sequential.h"

namespace tourney {
namespace {

bool Wrong(const Leaderboard& board, const std::vector<double>& q, const Judgments& j) {
  std::vector<int> cluster(q.size(), 0);
  for (const LeaderboardEntry& e : board.entries) {
    const auto id = j.systems().Find(e.system);
    if (id) cluster[static_cast<size_t>(*id)] = e.cluster.value_or(0);
  }
  return bench::SeparatesWrongly(cluster, q);
}

int Separations(const Leaderboard& board) {
  int most = 0;
  for (const LeaderboardEntry& e : board.entries) most = std::max(most, e.cluster.value_or(0));
  return most - 1;
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) {
  using namespace tourney;
  int campaigns = 200, n = 10, k = 5;
  int64_t matches = 4000;
  uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--campaigns")) {
      campaigns = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--seed")) {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (!std::strcmp(argv[i], "--systems")) {
      n = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--matches")) {
      matches = std::atoll(argv[i + 1]);
    } else {
      std::fprintf(stderr, "usage: planned_looks_coverage [--campaigns C] [--seed S] "
                           "[--systems N] [--matches M]\n");
      return 2;
    }
  }
  if (campaigns < 1 || n < k || matches < 4) {
    std::fprintf(stderr, "planned_looks_coverage: options out of range\n");
    return 2;
  }
  const int looks = 4;
  auto plan = PlanEqualLooks(looks, 0.05);
  if (!plan.ok()) return 1;
  const auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  int wrong_one = 0, wrong_naive = 0, wrong_planned = 0;
  double seps_one = 0, seps_planned = 0;
  for (int c = 0; c < campaigns; ++c) {
    Rng rng(DeriveSeed(seed, static_cast<uint64_t>(c)));
    const std::vector<double> q = bench::DrawQualities(rng, n);
    Judgments all;
    for (int i = 0; i < n; ++i) {
      char name[16];
      std::snprintf(name, sizeof name, "s%d", i);
      all.systems().Intern(name);
    }
    std::vector<SystemId> shown;
    std::vector<double> perf;
    std::vector<uint8_t> ranks(static_cast<size_t>(k));
    bool naive = false, planned = false;
    for (int look = 1; look <= looks; ++look) {
      const int64_t until = matches * look / looks;
      while (static_cast<int64_t>(all.num_rankings()) < until) {
        bench::DrawMatch(rng, n, k, &shown);
        bench::Perform(rng, q, shown, &perf);
        // Ranks: 1 + the number of systems clearly better (within the tie margin: no).
        for (int i = 0; i < k; ++i) {
          int better = 0;
          for (int j = 0; j < k; ++j) better += perf[j] - perf[i] >= bench::kTieMargin;
          ranks[i] = static_cast<uint8_t>(1 + better);
        }
        all.AddRanking(shown, ranks);
      }
      for (int mode = 0; mode < 2; ++mode) {  // 0: at 95%, 1: at the look's level
        BootstrapOptions o;
        o.replicates = 1000;
        o.threads = 1;
        o.seed = DeriveSeed(DeriveSeed(seed, static_cast<uint64_t>(c)), look);
        o.confidence = mode == 0 ? 0.95 : 1.0 - (*plan)[static_cast<size_t>(look - 1)].nominal_alpha;
        auto result = Bootstrap(all, *model, o);
        if (!result.ok()) return 1;
        const Leaderboard board = BuildClusteredLeaderboard(all, *result);
        const bool w = Wrong(board, q, all);
        if (mode == 0) {
          naive = naive || w;
          if (look == looks) {
            wrong_one += w;
            seps_one += Separations(board);
          }
        } else {
          planned = planned || w;
          if (look == looks) seps_planned += Separations(board);
        }
      }
    }
    wrong_naive += naive;
    wrong_planned += planned;
  }
  std::printf("%d campaigns of %d systems, %lld %d-way matches, 4 looks, seed %llu\n", campaigns,
              n, static_cast<long long>(matches), k, static_cast<unsigned long long>(seed));
  std::printf("%-10s %-22s %s\n", "board", "wrong campaigns", "separations at the last look");
  std::printf("%-10s %4d (%.3f)           %.2f\n", "one look", wrong_one,
              static_cast<double>(wrong_one) / campaigns, seps_one / campaigns);
  std::printf("%-10s %4d (%.3f)           %.2f\n", "naive", wrong_naive,
              static_cast<double>(wrong_naive) / campaigns, seps_one / campaigns);
  std::printf("%-10s %4d (%.3f)           %.2f\n", "planned", wrong_planned,
              static_cast<double>(wrong_planned) / campaigns, seps_planned / campaigns);
  return 0;
}
