#include "tourney/models/elo.h"

#include <cmath>

namespace tourney {

std::vector<double> EloRatings(int num_systems, const Comparisons& comparisons,
                               const EloOptions& options) {
  std::vector<double> rating(num_systems, options.initial);
  for (size_t c = 0; c < comparisons.size(); ++c) {
    const SystemId a = comparisons.first[c];
    const SystemId b = comparisons.second[c];
    const double ra = rating[a];
    const double rb = rating[b];
    const double ea = 1.0 / (1.0 + std::pow(options.base, (rb - ra) / options.scale));
    const double eb = 1.0 / (1.0 + std::pow(options.base, (ra - rb) / options.scale));
    double sa = 0.5;
    switch (comparisons.outcome[c]) {
      case Outcome::kFirstWins:
        sa = 1.0;
        break;
      case Outcome::kSecondWins:
        sa = 0.0;
        break;
      case Outcome::kTie:
        sa = 0.5;
        break;
    }
    rating[a] = ra + options.k * (sa - ea);
    rating[b] = rb + options.k * ((1.0 - sa) - eb);
  }
  return rating;
}

}  // namespace tourney
