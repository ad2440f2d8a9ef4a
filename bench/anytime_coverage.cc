// anytime_coverage: how often anytime-valid clusters (sequential/anytime_board.h) state a
// wrong separation at any checkpoint of a simulated campaign, and what they separate at
// the end. A simulation, not a timing: it prints one line per design (docs/anytime.md).
//
// Truth: qualities q_i ~ N(0, 0.5^2); a judgment of a match gives each shown system a
// performance q_i + N(0, 1/2) (Thurstone: a pair's difference has sd 1) and compares every
// pair of the match, a tie when the performances lie within 0.25 (about 20% ties between
// equal systems). A k-way match thus yields k (k - 1) / 2 dependent comparisons, one per
// pair, as a WMT ranking does. Selection: "uniform" draws k distinct systems uniformly;
// "unresolved" lists, every 50 judgments, the pairs the current anytime board certifies
// neither way and judges one of them (a selector that samples what is not yet separated
// until it looks separated, the pattern that fools fixed-sample intervals). A campaign is wrong
// when, at some checkpoint (every 100 judgments), a system is in a better cluster than a
// system of higher quality.
//
// Usage: anytime_coverage [--campaigns C] [--seed S] [--delta D] [--epsilon E]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "thurstone_campaign.h"
#include "tourney/core/random.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney {
namespace {

struct Design {
  int systems = 10;
  int k = 2;
  int64_t judgments = 0;    // matches per campaign
  bool unresolved = false;  // selection: uniform or the uncertified pairs
};

struct Outcome3 {
  int wrong_campaigns = 0;
  double separations = 0.0;       // mean at the end
  double settled = 0.0;           // share settled at the end
  double settle_judgments = 0.0;  // mean judgments until first settled (budget if never)
};

Outcome3 Run(const Design& d, int campaigns, uint64_t seed, const AnytimeOptions& options) {
  Outcome3 out;
  const int n = d.systems;
  for (int c = 0; c < campaigns; ++c) {
    Rng rng(DeriveSeed(seed, static_cast<uint64_t>(c)));
    const std::vector<double> q = bench::DrawQualities(rng, n);
    auto board = AnytimeLeaderboard::Create(n, options);
    if (!board.ok()) std::abort();
    bool wrong = false;
    int64_t settled_at = -1;
    std::vector<SystemId> open;  // uncertified pairs, for "unresolved"
    std::vector<SystemId> shown(static_cast<size_t>(d.k));
    std::vector<double> perf(static_cast<size_t>(d.k));
    for (int64_t t = 0; t < d.judgments; ++t) {
      if (d.unresolved && t % 50 == 0) {
        const AnytimeSummary s = board->Summarize();
        open.clear();
        for (size_t i = 0; i < s.order.size(); ++i) {
          for (size_t j = i + 1; j < s.order.size(); ++j) {
            const SystemId u = s.order[i], l = s.order[j];
            if (!board->Certified(s, u, l) && !board->Certified(s, l, u)) {
              open.push_back(u);
              open.push_back(l);
            }
          }
        }
      }
      int k = d.k;
      if (d.unresolved && !open.empty()) {
        const size_t pick = 2 * rng.UniformInt(open.size() / 2);
        shown[0] = open[pick];
        shown[1] = open[pick + 1];
        k = 2;
      } else {
        bench::DrawMatch(rng, n, k, &shown);
      }
      shown.resize(static_cast<size_t>(k));
      bench::Perform(rng, q, shown, &perf);
      for (int i = 0; i < k; ++i) {
        for (int j = i + 1; j < k; ++j) {
          board->Add(shown[i], shown[j], bench::Judge(perf[i], perf[j]));
        }
      }
      if ((t + 1) % 100 == 0 || t + 1 == d.judgments) {
        const AnytimeSummary s = board->Summarize();
        wrong = wrong || bench::SeparatesWrongly(s.cluster, q);
        if (settled_at < 0 && s.settled) settled_at = t + 1;
        if (t + 1 == d.judgments) {
          out.separations += s.separations;
          out.settled += s.settled;
        }
      }
    }
    out.wrong_campaigns += wrong;
    out.settle_judgments += static_cast<double>(settled_at < 0 ? d.judgments : settled_at);
  }
  out.separations /= campaigns;
  out.settled /= campaigns;
  out.settle_judgments /= campaigns;
  return out;
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) {
  int campaigns = 500;
  uint64_t seed = 1;
  tourney::AnytimeOptions options;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--campaigns"))
      campaigns = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed"))
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--delta"))
      options.delta = std::atof(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--epsilon"))
      options.epsilon = std::atof(argv[i + 1]);
    else {
      std::fprintf(stderr,
                   "usage: anytime_coverage [--campaigns C] [--seed S] [--delta D] "
                   "[--epsilon E]\n");
      return 2;
    }
  }
  if (campaigns < 1 || !(options.delta > 0.0 && options.delta < 1.0) ||
      !(options.epsilon >= 0.0 && options.epsilon <= 1.0)) {
    std::fprintf(stderr, "anytime_coverage: options out of range\n");
    return 2;
  }
  // Budgets: 1,000 comparisons per pair for pairwise designs; WMT13-like 5-way designs.
  const tourney::Design designs[] = {
      {10, 2, 45'000, false}, {16, 2, 120'000, false}, {10, 5, 9'000, false},
      {13, 5, 10'000, false}, {10, 2, 45'000, true},   {16, 2, 120'000, true},
  };
  std::printf("delta %g, epsilon %g, %d campaigns per design, seed %llu\n", options.delta,
              options.epsilon, campaigns, static_cast<unsigned long long>(seed));
  std::printf("%-8s %-3s %-10s %-9s %-14s %-12s %-9s %s\n", "systems", "k", "selection",
              "judgments", "wrong (share)", "separations", "settled", "to settle");
  for (const tourney::Design& d : designs) {
    const auto r = tourney::Run(d, campaigns, seed, options);
    std::printf("%-8d %-3d %-10s %-9lld %4d (%.4f)  %-12.2f %-9.3f %.0f\n", d.systems, d.k,
                d.unresolved ? "unresolved" : "uniform", static_cast<long long>(d.judgments),
                r.wrong_campaigns, static_cast<double>(r.wrong_campaigns) / campaigns,
                r.separations, r.settled, r.settle_judgments);
    std::fflush(stdout);
  }
  return 0;
}
