// expected_wins_sparse_bias: Expected Wins on small campaigns against a dense campaign of
// the same truth (experiments/expected_wins_study.h). A simulation, not a timing
// (README.md, docs/rankings.md).
//
// For each base seed, `campaigns` campaigns of `rankings` k-way rankings of `systems`
// systems; prints, for expected-wins (the mean over the opponents met) and
// expected-wins-wmt13 (WMT12/13's division by all other systems), the mean bias, its spread
// over campaigns, the mean |bias| and the bias of the truly best and worst systems.
//
// Usage: expected_wins_sparse_bias [--campaigns 60] [--systems 14] [--rankings 25] [--k 5]
//                                  [--dense 20000] [--radius 0] [--seed 1] [--seeds 1]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tourney/experiments/expected_wins_study.h"

int main(int argc, char** argv) {
  using namespace tourney;
  SparseBiasOptions o;
  int seeds = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const char* flag = argv[i];
    const char* value = argv[i + 1];
    if (!std::strcmp(flag, "--campaigns")) {
      o.campaigns = std::atoi(value);
    } else if (!std::strcmp(flag, "--systems")) {
      o.systems = std::atoi(value);
    } else if (!std::strcmp(flag, "--rankings")) {
      o.rankings = std::atoll(value);
    } else if (!std::strcmp(flag, "--k")) {
      o.k = std::atoi(value);
    } else if (!std::strcmp(flag, "--dense")) {
      o.dense_rankings = std::atoll(value);
    } else if (!std::strcmp(flag, "--radius")) {
      o.radius = std::atof(value);
    } else if (!std::strcmp(flag, "--seed")) {
      o.seed = std::strtoull(value, nullptr, 10);
    } else if (!std::strcmp(flag, "--seeds")) {
      seeds = std::atoi(value);
    } else {
      std::fprintf(stderr, "unknown option %s\n", flag);
      return 2;
    }
  }
  std::printf("%d campaigns of %lld %d-way rankings of %d systems against %lld rankings of "
              "the same truth, tie radius %g\n",
              o.campaigns, static_cast<long long>(o.rankings), o.k, o.systems,
              static_cast<long long>(o.dense_rankings), o.radius);
  std::printf("%-20s %6s %10s %10s %10s %10s %10s %8s\n", "model", "seed", "mean bias",
              "sd camp.", "mean |b|", "best", "worst", "unmet");
  const uint64_t first = o.seed;
  for (ExpectedWinsVariant v : {ExpectedWinsVariant::kExcludeTies, ExpectedWinsVariant::kWmt13}) {
    for (int s = 0; s < seeds; ++s) {
      o.variant = v;
      o.seed = first + static_cast<uint64_t>(s);
      auto r = ExpectedWinsSparseBias(o);
      if (!r.ok()) {
        std::fprintf(stderr, "%s\n", r.status().message().c_str());
        return 2;
      }
      std::printf("%-20s %6llu %+10.4f %10.4f %10.4f %+10.4f %+10.4f %8.3f\n",
                  ExpectedWinsModelName(v), static_cast<unsigned long long>(o.seed),
                  r->mean_bias, r->campaign_sd, r->mean_abs_bias, r->best_bias, r->worst_bias,
                  r->unmet_pairs);
    }
  }
  return 0;
}
