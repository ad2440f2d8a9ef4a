#include "tourney/statistics/prediction.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

TEST(CarveDifference, MatchesNormalTableValues) {
  // delta ~ N(0, 1), r = 1: P(delta > 1) = Q(1) = 0.158655254, tie = 0.682689492 (68-95-99.7).
  OutcomeProbabilities p = CarveDifference(0.0, 1.0, 1.0);
  EXPECT_NEAR(p.first_wins, 0.158655254, 1e-9);
  EXPECT_NEAR(p.tie, 0.682689492, 1e-9);
  EXPECT_NEAR(p.second_wins, 0.158655254, 1e-9);
  // delta ~ N(1, 1), r = 0: P(delta > 0) = Phi(1) = 0.841344746.
  p = CarveDifference(1.0, 1.0, 0.0);
  EXPECT_NEAR(p.first_wins, 0.841344746, 1e-9);
  EXPECT_NEAR(p.tie, 0.0, 1e-12);
  EXPECT_NEAR(p.second_wins, 0.158655254, 1e-9);
  // delta ~ N(0.5, 0.25) (sd 0.5), r = 0.5: first = P(Z > 0) = 0.5, second = P(Z > 2) =
  // 0.022750132, tie = 0.477249868.
  p = CarveDifference(0.5, 0.25, 0.5);
  EXPECT_NEAR(p.first_wins, 0.5, 1e-12);
  EXPECT_NEAR(p.second_wins, 0.022750132, 1e-9);
  EXPECT_NEAR(p.tie, 0.477249868, 1e-9);
}

TEST(CarveDifference, ProbabilitiesSumToOneEverywhere) {
  for (double mean : {-60.0, -3.0, -0.2, 0.0, 0.7, 5.0, 1e6}) {
    for (double var : {0.0, 1e-12, 0.1, 1.0, 50.0}) {
      for (double r : {0.0, 0.001, 0.3, 2.0}) {
        const OutcomeProbabilities p = CarveDifference(mean, var, r);
        EXPECT_NEAR(p.first_wins + p.tie + p.second_wins, 1.0, 1e-12);
        EXPECT_GE(p.tie, 0.0);
        EXPECT_TRUE(std::isfinite(p.first_wins) && std::isfinite(p.second_wins));
      }
    }
  }
}

TEST(Evaluate, PerfectPredictorHasPerplexityOneAndFullAccuracy) {
  // Point-mass predictor (variance 0) whose predictions match every observation.
  Predictor p{{1.0, 0.0, 0.05}, {0.0, 0.0, 0.0}, false};
  Comparisons test;
  test.Add(0, 1, Outcome::kFirstWins);   // delta 1 > r
  test.Add(1, 0, Outcome::kSecondWins);
  test.Add(1, 2, Outcome::kTie);         // |delta| 0.05 <= r
  const EvalScores s = Evaluate(p, test, 0.1);
  EXPECT_DOUBLE_EQ(s.accuracy, 1.0);
  EXPECT_DOUBLE_EQ(s.perplexity, 1.0);
}

TEST(Evaluate, HandComputedAccuracyAndPerplexity) {
  // Two systems, delta ~ N(0, 1), r = 1: tie (0.6827) is the prediction for the pair.
  Predictor p{{0.0, 0.0}, {0.5, 0.5}, false};
  Comparisons test;
  test.Add(0, 1, Outcome::kTie);
  test.Add(0, 1, Outcome::kFirstWins);
  const EvalScores s = Evaluate(p, test, 1.0);
  EXPECT_DOUBLE_EQ(s.accuracy, 0.5);
  // 2^(-(log2 0.682689492 + log2 0.158655254) / 2) = 1 / sqrt(0.682689492 * 0.158655254).
  EXPECT_NEAR(s.perplexity, 1.0 / std::sqrt(0.682689492 * 0.158655254), 1e-7);
}

TEST(Evaluate, WinnerOnlyPredictsTheHigherScore) {
  Predictor p{{0.7, 0.3}, {}, true};
  Comparisons test;
  test.Add(0, 1, Outcome::kFirstWins);
  test.Add(1, 0, Outcome::kFirstWins);
  test.Add(0, 1, Outcome::kTie);
  test.Add(1, 0, Outcome::kSecondWins);
  const EvalScores s = Evaluate(p, test, 0.1);
  EXPECT_DOUBLE_EQ(s.accuracy, 0.5);
  EXPECT_EQ(s.perplexity, 0.0);
}

TEST(TuneRadius, PicksTheGridPointThatFitsDev) {
  // Equal systems: with many ties in dev, a wide radius predicts ties; with none, a tiny one.
  Predictor p{{0.0, 0.2}, {0.05, 0.05}, false};
  Comparisons ties, wins;
  for (int i = 0; i < 10; ++i) ties.Add(0, 1, Outcome::kTie);
  for (int i = 0; i < 10; ++i) wins.Add(1, 0, Outcome::kFirstWins);
  EXPECT_EQ(TuneRadius(p, ties).for_accuracy, 0.3);   // first grid point predicting a tie
  EXPECT_EQ(TuneRadius(p, ties).for_perplexity, 0.5);
  EXPECT_EQ(TuneRadius(p, wins).for_accuracy, 0.001);
  EXPECT_EQ(TuneRadius(p, wins).for_perplexity, 0.001);
}

TEST(UpperBoundAccuracy, MostFrequentOutcomePerPair) {
  Comparisons test;
  test.Add(0, 1, Outcome::kFirstWins);
  test.Add(1, 0, Outcome::kSecondWins);  // 0 beats 1 again
  test.Add(0, 1, Outcome::kTie);
  test.Add(1, 2, Outcome::kTie);
  // Pair (0,1): best 2 of 3; pair (1,2): 1 of 1 -> 3 / 4.
  EXPECT_DOUBLE_EQ(UpperBoundAccuracy(3, test), 0.75);
}

}  // namespace
}  // namespace tourney
