// The running-mean confidence sequence: closed forms and values from an independent
// bisection on the mixture (the numbers below were computed by a separate script that
// bisects (1/K) sum_k exp(lambda_k s - psi(lambda_k) V) = 2 / alpha, not by this code), its
// centre, and its coverage at every time for i.i.d., drifting and sorted streams.
#include "tourney/sequential/running_mean_sequence.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

TEST(RunningMeanSequence, StartsAsTheUnitInterval) {
  RunningMeanSequence s;
  const RunningMeanBoundary boundary(0.05);
  EXPECT_EQ(s.count(), 0);
  EXPECT_EQ(s.mean(), 0.5);
  EXPECT_EQ(boundary.Lo(s), 0.0);
  EXPECT_EQ(boundary.Hi(s), 1.0);
  EXPECT_TRUE(std::isinf(boundary.Radius(0, 0.0)));
}

TEST(RunningMeanSequence, VarianceProcessByHand) {
  // Guesses (1/2 + sum before) / i: 1/2, (1/2 + 1)/2 = 3/4, (1/2 + 1)/3 = 1/2.
  // V = (1 - 1/2)^2 + (0 - 3/4)^2 + (1/2 - 1/2)^2 = 0.25 + 0.5625 + 0 = 0.8125.
  RunningMeanSequence s;
  for (double x : {1.0, 0.0, 0.5}) s.Add(x);
  EXPECT_DOUBLE_EQ(s.variance_process(), 0.8125);
  EXPECT_DOUBLE_EQ(s.mean(), 0.5);
  // Out-of-range observations are clamped.
  RunningMeanSequence c;
  for (double x : {7.0, -2.0, 0.5}) c.Add(x);
  EXPECT_DOUBLE_EQ(c.variance_process(), 0.8125);
}

TEST(RunningMeanSequence, RadiusMatchesAnIndependentBisection) {
  // Only ties: V = 0, so no bet pays a penalty; s solves (1/24) sum_k exp(lambda_k s) = 40
  // at alpha 0.05: s = 7.399692795996819 (bisection), below log(2 K / alpha) / 0.9 = 7.63
  // (the largest bet alone).
  const RunningMeanBoundary boundary(0.05);
  EXPECT_NEAR(boundary.Radius(100, 0.0), 0.07399692795996819, 1e-12);
  EXPECT_NEAR(boundary.Radius(1000, 0.0), 0.007399692795996818, 1e-12);
  EXPECT_LT(boundary.Radius(100, 0.0) * 100, std::log(2.0 * 24 / 0.05) / 0.9);
  // 1, 0, 1, 0, ... (100): V = 26.226372130433695, radius 0.22460816914898613.
  RunningMeanSequence alt;
  for (int i = 0; i < 100; ++i) alt.Add(i % 2 == 0 ? 1.0 : 0.0);
  EXPECT_NEAR(alt.variance_process(), 26.226372130433695, 1e-9);
  EXPECT_NEAR(boundary.Radius(100, alt.variance_process()), 0.22460816914898613, 1e-10);
  EXPECT_NEAR(boundary.Lo(alt), 0.5 - 0.22460816914898613, 1e-10);
  EXPECT_NEAR(boundary.Hi(alt), 0.5 + 0.22460816914898613, 1e-10);
  // The pooled board's test case: 0.5, 0.5, 1 at alpha 0.05 / 3: V = 1/4, radius 3.02431.
  EXPECT_NEAR(RunningMeanBoundary(0.05 / 3).Radius(3, 0.25), 3.0243107890944536, 1e-9);
}

TEST(RunningMeanSequence, CentredOnThePlainMeanWithPositiveWidthInAnyOrder) {
  // 300 ones then 700 zeros (a file sorted by outcome), and the same reversed: the centre
  // is the plain mean 0.3 both ways and the width is positive.
  const RunningMeanBoundary boundary(0.001);
  for (bool ones_first : {true, false}) {
    RunningMeanSequence s;
    for (int i = 0; i < 1000; ++i) s.Add((ones_first ? i < 300 : i >= 700) ? 1.0 : 0.0);
    EXPECT_NEAR(s.mean(), 0.3, 1e-12);
    EXPECT_LT(boundary.Lo(s), 0.3);
    EXPECT_GT(boundary.Hi(s), 0.3);
  }
  // A degenerate stream: all ones. The interval is [1 - r, 1], r >= log(2 K / alpha) /
  // (0.9 t) > 0, never a point.
  RunningMeanSequence ones;
  for (int i = 0; i < 100000; ++i) ones.Add(1.0);
  EXPECT_EQ(boundary.Hi(ones), 1.0);
  EXPECT_LT(boundary.Lo(ones), 1.0 - 1e-5);
}

// The share of streams whose interval ever misses the running average of the conditional
// means, at alpha 0.1: at most alpha plus three binomial standard deviations.
double MissRate(int kind) {
  const double alpha = 0.1;
  const RunningMeanBoundary boundary(alpha);
  Rng rng(2027 + static_cast<uint64_t>(kind));
  const int streams = 400, length = 1000;
  int missed = 0;
  for (int s = 0; s < streams; ++s) {
    RunningMeanSequence seq;
    double target_sum = 0.0, last = 0.5;
    bool miss = false;
    for (int t = 0; t < length; ++t) {
      // kind 0: i.i.d. mean 0.6; kind 1: mean 0.8 for the first third, then 0.3 (a
      // sub-campaign in a block of its own); kind 2: the mean follows the last outcome
      // (0.9 after a win, 0.2 after a loss: a dependent, drifting stream).
      double p = 0.6;
      if (kind == 1) p = t < length / 3 ? 0.8 : 0.3;
      if (kind == 2) p = t == 0 ? 0.5 : (last > 0.5 ? 0.9 : 0.2);
      const double x = rng.Uniform() < p ? 1.0 : 0.0;
      last = x;
      target_sum += p;
      seq.Add(x);
      const double target = target_sum / (t + 1);
      const double r = boundary.Radius(seq.count(), seq.variance_process());
      if (std::fabs(seq.mean() - target) > r) miss = true;
    }
    missed += miss;
  }
  const double rate = static_cast<double>(missed) / streams;
  EXPECT_LE(rate, alpha + 3.0 * std::sqrt(alpha * (1 - alpha) / streams)) << "kind " << kind;
  return rate;
}

TEST(RunningMeanSequence, HoldsTheRunningAverageAtEveryTime) {
  MissRate(0);
  MissRate(1);
  MissRate(2);
}

}  // namespace
}  // namespace tourney
