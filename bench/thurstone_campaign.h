// The simulated campaigns of the coverage benches (anytime_coverage, pooled_anytime_coverage,
// planned_looks_coverage): hidden qualities q_i ~ N(0, 0.5^2), matches of k distinct systems
// drawn uniformly, and Thurstone judgments: each shown system performs q_i + N(0, 1/2) (a
// pair's difference has sd 1), and two performances within 0.25 tie (about 20% ties between
// equal systems). One draw of performances per match, so a k-way match's comparisons are
// dependent, as in WMT.
#ifndef TOURNEY_BENCH_THURSTONE_CAMPAIGN_H_
#define TOURNEY_BENCH_THURSTONE_CAMPAIGN_H_

#include <cmath>
#include <cstdint>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/random.h"

namespace tourney::bench {

inline constexpr double kTieMargin = 0.25;

// n hidden qualities.
inline std::vector<double> DrawQualities(Rng& rng, int n) {
  std::vector<double> q(static_cast<size_t>(n));
  for (double& v : q) v = rng.Normal(0.0, 0.5);
  return q;
}

// k distinct systems of n, uniformly, into shown[0..k).
inline void DrawMatch(Rng& rng, int n, int k, std::vector<SystemId>* shown) {
  shown->resize(static_cast<size_t>(k));
  for (int i = 0; i < k; ++i) {
    bool repeat = true;
    while (repeat) {
      (*shown)[i] = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n)));
      repeat = false;
      for (int j = 0; j < i; ++j) repeat |= (*shown)[j] == (*shown)[i];
    }
  }
}

// One performance per shown system.
inline void Perform(Rng& rng, const std::vector<double>& q, const std::vector<SystemId>& shown,
                    std::vector<double>* perf) {
  perf->resize(shown.size());
  for (size_t i = 0; i < shown.size(); ++i) {
    (*perf)[i] = q[static_cast<size_t>(shown[i])] + rng.Normal(0.0, std::sqrt(0.5));
  }
}

// The outcome of performances a and b, from a's side.
inline Outcome Judge(double a, double b) {
  const double diff = a - b;
  return std::fabs(diff) < kTieMargin ? Outcome::kTie
         : diff > 0.0                 ? Outcome::kFirstWins
                                      : Outcome::kSecondWins;
}

// True when clusters (indexed by system id, 1 = top) put some system in a better cluster
// than a system of higher quality: a wrong separation.
inline bool SeparatesWrongly(const std::vector<int>& cluster, const std::vector<double>& q) {
  for (size_t a = 0; a < q.size(); ++a) {
    for (size_t b = 0; b < q.size(); ++b) {
      if (cluster[a] < cluster[b] && q[a] < q[b]) return true;
    }
  }
  return false;
}

}  // namespace tourney::bench

#endif  // TOURNEY_BENCH_THURSTONE_CAMPAIGN_H_
