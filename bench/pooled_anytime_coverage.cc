// pooled_anytime_coverage: the pooled anytime board (sequential/pooled_anytime_leaderboard.h)
// beside the per-pair board on simulated campaigns of a design fixed in advance: how often
// each states a wrong separation at any checkpoint, and how much each separates. A
// simulation, not a timing; one line per design (docs/anytime.md).
//
// Truth, judgments and the wrong-separation check are anytime_coverage's: qualities
// q_i ~ N(0, 0.5^2), Thurstone performances with noise sd sqrt(1/2), a tie within 0.25,
// every pair of a k-way match compared; a campaign is wrong when, at some checkpoint (every
// 100 matches), a system sits in a better cluster than a system of higher quality. The
// Borda order of this truth is the order of q. Selection draws k distinct systems
// uniformly. Boards: "pairwise" (per-pair sequences), "pooled" (the true design: every
// opponent weight 1/(k - 1), horizon = matches k / n) and "pooled-est" (the design read
// from the campaign's own assignments, as `tourney cluster --anytime` reads a file), and
// "combined" (a campaign's board, combined_anytime_leaderboard.h, under the uniform selector:
// every match a uniform draw, the pooled and per-pair halves at delta / 2 each).
//
// Usage: pooled_anytime_coverage [--campaigns C] [--seed S] [--delta D]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "thurstone_campaign.h"
#include "tourney/core/judgments.h"
#include "tourney/core/random.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/combined_anytime_leaderboard.h"
#include "tourney/sequential/pooled_anytime_leaderboard.h"

namespace tourney {
namespace {

struct Design {
  int systems = 10;
  int k = 2;
  int64_t matches = 0;
};

constexpr int kBoards = 4;
constexpr const char* kBoardNames[kBoards] = {"pairwise", "pooled", "pooled-est", "combined"};

struct Tally {
  int wrong[kBoards] = {0, 0, 0, 0};
  double separations[kBoards] = {0, 0, 0, 0};  // summed at the end
};

void RunCampaign(const Design& d, uint64_t seed, const AnytimeOptions& options, Tally* tally) {
  const int n = d.systems, k = d.k;
  Rng rng(seed);
  const std::vector<double> q = bench::DrawQualities(rng, n);
  // The assignments first (they do not depend on the outcomes), then the outcomes.
  Judgments plan;
  for (int i = 0; i < n; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "s%d", i);
    plan.systems().Intern(name);
  }
  std::vector<SystemId> shown;
  const std::vector<uint8_t> placeholder_ranks(static_cast<size_t>(k), 1);
  std::vector<std::vector<SystemId>> matches;
  matches.reserve(static_cast<size_t>(d.matches));
  for (int64_t t = 0; t < d.matches; ++t) {
    bench::DrawMatch(rng, n, k, &shown);
    matches.push_back(shown);
    plan.AddRanking(shown, placeholder_ranks);  // all tied: only who met whom matters
  }
  PooledDesign truth;
  truth.num_systems = n;
  truth.rankings.assign(static_cast<size_t>(n),
                        static_cast<int64_t>(std::llround(static_cast<double>(d.matches) * k / n)));
  truth.weight.assign(static_cast<size_t>(n) * n, 1.0 / (k - 1));
  for (int i = 0; i < n; ++i) truth.weight[static_cast<size_t>(i) * n + i] = 0.0;
  truth.bound.assign(static_cast<size_t>(n), 1.0);
  auto estimated = EstimatePooledDesign(plan);
  auto pairwise = AnytimeLeaderboard::Create(n, options);
  auto pooled = PooledAnytimeLeaderboard::Create(truth, options);
  if (!estimated.ok() || !pairwise.ok() || !pooled.ok()) std::abort();
  auto pooled_est = PooledAnytimeLeaderboard::Create(*estimated, options);
  auto combined = CombinedAnytimeLeaderboard::Create(n, k, options);
  if (!pooled_est.ok() || !combined.ok()) std::abort();
  bool wrong[kBoards] = {false, false, false, false};
  Comparisons c;
  std::vector<double> perf;
  for (int64_t t = 0; t < d.matches; ++t) {
    const std::vector<SystemId>& m = matches[static_cast<size_t>(t)];
    bench::Perform(rng, q, m, &perf);
    c.Clear();
    for (int i = 0; i < k; ++i) {
      for (int j = i + 1; j < k; ++j) c.Add(m[i], m[j], bench::Judge(perf[i], perf[j]));
    }
    pairwise->AddAll(c);
    pooled->AddRanking(c, 0, c.size());
    pooled_est->AddRanking(c, 0, c.size());
    combined->AddRanking(c, 0, c.size(), true);
    if ((t + 1) % 100 == 0 || t + 1 == d.matches) {
      const AnytimeSummary s[kBoards] = {pairwise->Summarize(), pooled->Summarize(),
                                         pooled_est->Summarize(), combined->Summarize()};
      for (int b = 0; b < kBoards; ++b) {
        wrong[b] = wrong[b] || bench::SeparatesWrongly(s[b].cluster, q);
        if (t + 1 == d.matches) tally->separations[b] += s[b].separations;
      }
    }
  }
  for (int b = 0; b < kBoards; ++b) tally->wrong[b] += wrong[b];
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) {
  int campaigns = 500;
  uint64_t seed = 1;
  tourney::AnytimeOptions options;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--campaigns")) {
      campaigns = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--seed")) {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (!std::strcmp(argv[i], "--delta")) {
      options.delta = std::atof(argv[i + 1]);
    } else {
      std::fprintf(stderr, "usage: pooled_anytime_coverage [--campaigns C] [--seed S] "
                           "[--delta D]\n");
      return 2;
    }
  }
  if (campaigns < 1 || !(options.delta > 0.0 && options.delta < 1.0)) {
    std::fprintf(stderr, "pooled_anytime_coverage: options out of range\n");
    return 2;
  }
  // anytime_coverage's uniform designs, and 12 systems over 24,000 pairwise matches.
  const tourney::Design designs[] = {
      {10, 2, 45'000}, {16, 2, 120'000}, {10, 5, 9'000}, {13, 5, 10'000}, {12, 2, 24'000}};
  std::printf("delta %g, %d campaigns per design, seed %llu; wrong = campaigns with a wrong "
              "separation at some checkpoint\n",
              options.delta, campaigns, static_cast<unsigned long long>(seed));
  std::printf("%-8s %-3s %-8s", "systems", "k", "matches");
  for (const char* b : tourney::kBoardNames) std::printf("  %-22s", b);
  std::printf("\n%-21s", "");
  for (int b = 0; b < tourney::kBoards; ++b) std::printf("  %-22s", "wrong (share) / seps");
  std::printf("\n");
  for (size_t di = 0; di < sizeof designs / sizeof designs[0]; ++di) {
    const tourney::Design& d = designs[di];
    tourney::Tally tally;
    for (int c = 0; c < campaigns; ++c) {
      tourney::RunCampaign(d, tourney::DeriveSeed(tourney::DeriveSeed(seed, di), c), options,
                           &tally);
    }
    std::printf("%-8d %-3d %-8lld", d.systems, d.k, static_cast<long long>(d.matches));
    for (int b = 0; b < tourney::kBoards; ++b) {
      char cell[64];
      std::snprintf(cell, sizeof cell, "%d (%.3f) / %.2f", tally.wrong[b],
                    static_cast<double>(tally.wrong[b]) / campaigns,
                    tally.separations[b] / campaigns);
      std::printf("  %-22s", cell);
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
