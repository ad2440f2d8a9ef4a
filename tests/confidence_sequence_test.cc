#include "tourney/sequential/confidence_sequence.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tourney/core/random.h"

namespace tourney {
namespace {

TEST(BoundedMeanSequence, StartsAsTheUnitInterval) {
  BoundedMeanSequence s;
  EXPECT_EQ(s.count(), 0);
  EXPECT_EQ(s.lo(), 0.0);
  EXPECT_EQ(s.hi(), 1.0);
  EXPECT_EQ(s.mean(), 0.5);
}

TEST(BoundedMeanSequence, OnlyTiesGiveTheClosedForm) {
  // Every observation 1/2: mu_hat stays 1/2, so v_t = 0 and the penalty stays 0; the
  // plug-in variance is (1/4)/t, so lambda_t = min(sqrt(8 L / log(1 + t)), 1/2) = 1/2
  // while log(1 + t) < 32 L. The interval is then 1/2 +- L / (t / 2) = 1/2 +- 2 L / t.
  // alpha = 0.05: L = log(40) = 3.6888794541; t = 100: 2 L / t = 0.073777589.
  const double alpha = 0.05;
  const double log_term = BoundedMeanSequence::LogTerm(alpha);
  EXPECT_NEAR(log_term, 3.6888794541139363, 1e-12);
  BoundedMeanSequence s;
  for (int t = 1; t <= 100; ++t) s.Add(0.5, log_term);
  EXPECT_EQ(s.count(), 100);
  EXPECT_NEAR(s.lo(), 0.5 - 0.073777589082, 1e-9);
  EXPECT_NEAR(s.hi(), 0.5 + 0.073777589082, 1e-9);
  EXPECT_DOUBLE_EQ(s.mean(), 0.5);
  // t = 1000: 2 L / t = 0.0073777589.
  for (int t = 101; t <= 1000; ++t) s.Add(0.5, log_term);
  EXPECT_NEAR(s.hi() - s.lo(), 2 * 0.0073777589082, 1e-9);
}

TEST(BoundedMeanSequence, FirstObservationsLeaveTheUnitInterval) {
  // t = 1, x = 1: lambda = 1/2, v = 4 (1 - 1/2)^2 = 1, psi(1/2) = (log 2 - 1/2) / 4 =
  // 0.0482868; center 1, margin (3.689 + 0.048) / 0.5 = 7.47: clipped to [0, 1].
  BoundedMeanSequence s;
  s.Add(1.0, BoundedMeanSequence::LogTerm(0.05));
  EXPECT_EQ(s.lo(), 0.0);
  EXPECT_EQ(s.hi(), 1.0);
  EXPECT_EQ(s.mean(), 1.0);
}

TEST(BoundedMeanSequence, OutOfRangeObservationsAreClamped) {
  const double log_term = BoundedMeanSequence::LogTerm(0.05);
  BoundedMeanSequence a, b;
  for (int t = 0; t < 300; ++t) {
    a.Add(t % 3 == 0 ? 7.0 : -2.0, log_term);
    b.Add(t % 3 == 0 ? 1.0 : 0.0, log_term);
  }
  EXPECT_EQ(a.lo(), b.lo());
  EXPECT_EQ(a.hi(), b.hi());
}

TEST(BoundedMeanSequence, HoldsTheMeanAtEveryTimeAtTheStatedRate) {
  // 2,000 streams of 2,000 observations in {0, 1/2, 1} with mean 0.6 (P(1) = 0.5,
  // P(1/2) = 0.2, P(0) = 0.3). At alpha = 0.1, the share of streams whose interval ever
  // misses 0.6 must be at most 0.1 (plus three binomial sds, 0.02).
  const double alpha = 0.1;
  const double log_term = BoundedMeanSequence::LogTerm(alpha);
  Rng rng(2026);
  int missed = 0;
  double width_sum = 0.0;
  const int streams = 2000;
  for (int s = 0; s < streams; ++s) {
    BoundedMeanSequence seq;
    bool miss = false;
    for (int t = 0; t < 2000; ++t) {
      const double u = rng.Uniform();
      seq.Add(u < 0.5 ? 1.0 : u < 0.7 ? 0.5 : 0.0, log_term);
      if (seq.lo() > 0.6 || seq.hi() < 0.6) miss = true;
      ASSERT_LE(seq.lo(), seq.hi());
    }
    missed += miss;
    width_sum += seq.hi() - seq.lo();
  }
  EXPECT_LE(missed, static_cast<int>(streams * (alpha + 0.02)));
  // Informative: after 2,000 observations of variance 0.19 the interval is far narrower
  // than the range. (A fixed-n CLT interval at 90% would be 2 * 1.645 * sqrt(0.19 / 2000)
  // = 0.032 wide; an anytime interval costs a logarithmic factor more.)
  EXPECT_LT(width_sum / streams, 0.12);
  EXPECT_GT(width_sum / streams, 0.032);
}

TEST(BoundedMeanSequence, NarrowsWithTheVariance) {
  // Observations that rarely differ from 1/2 give a narrower interval than fair coins.
  const double log_term = BoundedMeanSequence::LogTerm(0.05);
  Rng rng(7);
  BoundedMeanSequence low, high;
  for (int t = 0; t < 5000; ++t) {
    const double u = rng.Uniform();
    low.Add(u < 0.05 ? 1.0 : u < 0.1 ? 0.0 : 0.5, log_term);
    high.Add(u < 0.5 ? 1.0 : 0.0, log_term);
  }
  EXPECT_LT(low.hi() - low.lo(), 0.6 * (high.hi() - high.lo()));
  EXPECT_TRUE(std::isfinite(low.lo()) && std::isfinite(high.hi()));
}

// The horizon-tuned bets, by hand for the first observation: t = 1, the predictable mean
// and variance are the priors 1/2 and 1/4, lambda = min(sqrt(2 L / (1/4 H)), 1/2) with
// L = log(2 / 0.05) and H = 1000 (0.1718, under the cap); x = 1 gives v = 4 (1/2)^2 = 1, and
// the interval is 1 - (L + v psi(lambda)) / lambda clipped below, 1 above.
TEST(BoundedMeanSequence, HorizonTunedBetsByHand) {
  const double log_term = std::log(2.0 / 0.05);
  const double lambda = std::sqrt(2.0 * log_term / (0.25 * 1000.0));
  ASSERT_LT(lambda, 0.5);
  const double psi = (-std::log(1.0 - lambda) - lambda) / 4.0;
  BoundedMeanSequence s;
  s.Add(1.0, BoundedMeanSequence::LogTerm(0.05), 1000.0);
  EXPECT_NEAR(s.lo(), std::max(0.0, 1.0 - (log_term + psi) / lambda), 1e-12);
  EXPECT_EQ(s.hi(), 1.0);
  // Horizon 0 is the default schedule.
  BoundedMeanSequence a, b;
  for (int t = 0; t < 50; ++t) {
    a.Add(t % 3 ? 1.0 : 0.0, log_term);
    b.Add(t % 3 ? 1.0 : 0.0, log_term, 0.0);
  }
  EXPECT_EQ(a.lo(), b.lo());
  EXPECT_EQ(a.hi(), b.hi());
}

// Tuned for the sample size it reaches, the sequence keeps its rate at every time (the
// check of the test above, with H = 2000) and is narrower at the end than the default.
TEST(BoundedMeanSequence, HorizonTunedHoldsTheMeanAndIsNarrowerThere) {
  const double alpha = 0.1;
  const double log_term = BoundedMeanSequence::LogTerm(alpha);
  Rng rng(2027);
  int missed = 0;
  double tuned_width = 0.0, default_width = 0.0;
  const int streams = 2000;
  for (int s = 0; s < streams; ++s) {
    BoundedMeanSequence tuned, plain;
    bool miss = false;
    for (int t = 0; t < 2000; ++t) {
      const double u = rng.Uniform();
      const double x = u < 0.5 ? 1.0 : u < 0.7 ? 0.5 : 0.0;
      tuned.Add(x, log_term, 2000.0);
      plain.Add(x, log_term);
      if (tuned.lo() > 0.6 || tuned.hi() < 0.6) miss = true;
    }
    missed += miss;
    tuned_width += tuned.hi() - tuned.lo();
    default_width += plain.hi() - plain.lo();
  }
  EXPECT_LE(missed, static_cast<int>(streams * (alpha + 0.02)));
  EXPECT_LT(tuned_width, 0.9 * default_width);
}

}  // namespace
}  // namespace tourney
