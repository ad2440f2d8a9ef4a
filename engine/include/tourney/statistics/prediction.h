// Held-out prediction of pairwise outcomes: accuracy, perplexity, radius tuning
// (Sakaguchi, Post & Van Durme 2014, §3.2-3.4).
//
// DESCRIPTION
//   A Gaussian model predicts a comparison (S1, S2) from the difference of the two systems'
//   Gaussians, delta ~ N(mu1 - mu2, var1 + var2), carved by a decision radius r into
//     S1 wins: delta > r,   tie: |delta| <= r,   S2 wins: delta < -r.
//   (The paper prints the tie region as (0, r) and the loss region as (-inf, 0); that is not a
//   probability distribution symmetric in the two systems, so tourney uses the symmetric
//   carving, which is what "a decision radius" means in §2.2.) Hopkins-May passes sigma_a^2
//   for both variances; TrueSkill its per-system sigma^2. Expected Wins puts no mass on ties:
//   the system with the higher score wins with probability 1.
//   Accuracy (§3.3): one predicted outcome per system pair, the most probable, scored against
//   every test comparison of that pair. Perplexity (§3.2): per comparison,
//   2^(-mean log2 p(observed)), with p floored at 1e-300 so it stays finite.
//   Radius tuning: grid search on a dev set, separately for accuracy and perplexity.
//   Upper bound: predicting, for each pair, its most frequent outcome on the test data.
// Thread safety: functions are reentrant.
#ifndef TOURNEY_STATISTICS_PREDICTION_H_
#define TOURNEY_STATISTICS_PREDICTION_H_

#include <vector>

#include "tourney/core/judgments.h"

namespace tourney {

struct OutcomeProbabilities {
  double first_wins = 0.0;
  double tie = 0.0;
  double second_wins = 0.0;
};

// P(outcome) for delta ~ N(mean, variance) carved at +-radius. variance == 0 gives a point
// mass. REQUIRES: variance >= 0, radius >= 0. The three values sum to 1.
OutcomeProbabilities CarveDifference(double mean, double variance, double radius);

// What a model knows about the systems, for prediction.
struct Predictor {
  std::vector<double> mu;        // by system id: mean (or score for winner-only)
  std::vector<double> variance;  // by system id; ignored when winner_only
  bool winner_only = false;      // Expected Wins: no ties, higher mu wins
};

OutcomeProbabilities Predict(const Predictor& p, SystemId a, SystemId b, double radius);

struct EvalScores {
  double accuracy = 0.0;
  double perplexity = 0.0;  // 0 for winner-only predictors (no probability for ties)
};

// Scores the predictor on `test` (ids must be < p.mu.size()).
EvalScores Evaluate(const Predictor& p, const Comparisons& test, double radius);

// The grid of §3.4.
inline const std::vector<double>& DefaultRadiusGrid() {
  static const std::vector<double> grid = {0.001, 0.01, 0.1, 0.3, 0.5};
  return grid;
}

// Grid search on `dev`: the radius with the highest accuracy (first on ties) and the one with
// the lowest perplexity.
struct TunedRadius {
  double for_accuracy = 0.0;
  double for_perplexity = 0.0;
};
TunedRadius TuneRadius(const Predictor& p, const Comparisons& dev,
                       const std::vector<double>& grid = DefaultRadiusGrid());

// Accuracy of predicting each pair's most frequent test outcome.
double UpperBoundAccuracy(int num_systems, const Comparisons& test);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_PREDICTION_H_
