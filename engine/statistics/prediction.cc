#include "tourney/statistics/prediction.h"

#include <algorithm>
#include <cmath>

#include "core/gaussian.h"
#include "tourney/core/pair_counts.h"

namespace tourney {
namespace {

// Upper tail Q(x) = P(Z > x), accurate in both tails.
double UpperTail(double x) { return NormalCdf(-x); }

// The outcome the predictor names for a pair: 0 first wins, 1 tie, 2 second wins.
int MostProbable(const OutcomeProbabilities& p) {
  if (p.first_wins >= p.tie && p.first_wins >= p.second_wins) return 0;
  if (p.tie >= p.second_wins) return 1;
  return 2;
}

int OutcomeIndex(Outcome o) {
  switch (o) {
    case Outcome::kFirstWins:
      return 0;
    case Outcome::kTie:
      return 1;
    case Outcome::kSecondWins:
      return 2;
  }
  return 1;
}

double ProbabilityOf(const OutcomeProbabilities& p, int index) {
  return index == 0 ? p.first_wins : index == 1 ? p.tie : p.second_wins;
}

}  // namespace

OutcomeProbabilities CarveDifference(double mean, double variance, double radius) {
  OutcomeProbabilities p;
  if (!(variance > 0.0)) {
    if (mean > radius) {
      p.first_wins = 1.0;
    } else if (mean < -radius) {
      p.second_wins = 1.0;
    } else {
      p.tie = 1.0;
    }
    return p;
  }
  const double sd = std::sqrt(variance);
  // Each tail from its own side keeps precision: P(delta > r) and P(delta < -r).
  p.first_wins = UpperTail((radius - mean) / sd);
  p.second_wins = UpperTail((radius + mean) / sd);
  p.tie = std::max(0.0, 1.0 - p.first_wins - p.second_wins);
  return p;
}

OutcomeProbabilities Predict(const Predictor& p, SystemId a, SystemId b, double radius) {
  if (p.winner_only) {
    OutcomeProbabilities o;
    if (p.mu[a] > p.mu[b]) {
      o.first_wins = 1.0;
    } else if (p.mu[a] < p.mu[b]) {
      o.second_wins = 1.0;
    } else {
      o.first_wins = o.second_wins = 0.5;
    }
    return o;
  }
  return CarveDifference(p.mu[a] - p.mu[b], p.variance[a] + p.variance[b], radius);
}

EvalScores Evaluate(const Predictor& p, const Comparisons& test, double radius) {
  EvalScores s;
  if (test.size() == 0) return s;
  const int n = static_cast<int>(p.mu.size());
  // One prediction per ordered pair, computed once.
  std::vector<OutcomeProbabilities> cache(static_cast<size_t>(n) * n);
  std::vector<char> have(cache.size(), 0);
  size_t correct = 0;
  double log2_sum = 0.0;
  for (size_t i = 0; i < test.size(); ++i) {
    const SystemId a = test.first[i], b = test.second[i];
    const size_t key = static_cast<size_t>(a) * n + b;
    if (!have[key]) {
      cache[key] = Predict(p, a, b, radius);
      have[key] = 1;
    }
    const OutcomeProbabilities& o = cache[key];
    const int observed = OutcomeIndex(test.outcome[i]);
    correct += MostProbable(o) == observed;
    log2_sum += std::log2(std::max(ProbabilityOf(o, observed), 1e-300));
  }
  s.accuracy = static_cast<double>(correct) / static_cast<double>(test.size());
  s.perplexity = p.winner_only ? 0.0 : std::exp2(-log2_sum / static_cast<double>(test.size()));
  return s;
}

TunedRadius TuneRadius(const Predictor& p, const Comparisons& dev,
                       const std::vector<double>& grid) {
  TunedRadius t;
  double best_acc = -1.0, best_ppl = INFINITY;
  for (double r : grid) {
    const EvalScores s = Evaluate(p, dev, r);
    if (s.accuracy > best_acc) {
      best_acc = s.accuracy;
      t.for_accuracy = r;
    }
    if (s.perplexity < best_ppl) {
      best_ppl = s.perplexity;
      t.for_perplexity = r;
    }
  }
  return t;
}

double UpperBoundAccuracy(int num_systems, const Comparisons& test) {
  if (test.size() == 0) return 0.0;
  const PairCounts c = PairCounts::FromComparisons(num_systems, test);
  int64_t best = 0;
  for (int i = 0; i < num_systems; ++i) {
    for (int j = i + 1; j < num_systems; ++j) {
      best += std::max({c.wins(i, j), c.wins(j, i), c.ties(i, j)});
    }
  }
  return static_cast<double>(best) / static_cast<double>(test.size());
}

}  // namespace tourney
