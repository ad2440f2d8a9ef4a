#include "tourney/core/random.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

TEST(Rng, SameSeedSameStream) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.Next();
    EXPECT_EQ(x, b.Next());
    differs |= x != c.Next();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, UniformIntIsUnbiasedAndInRange) {
  Rng rng(1);
  std::vector<int> counts(7, 0);
  const int n = 70000;
  for (int i = 0; i < n; ++i) {
    const uint64_t v = rng.UniformInt(7);
    ASSERT_LT(v, 7u);
    ++counts[v];
  }
  // Each cell ~ Binomial(70000, 1/7): sd ~ 92; 5 sd tolerance.
  for (int c : counts) EXPECT_NEAR(c, 10000, 460);
}

TEST(Rng, UniformInUnitInterval) {
  Rng rng(3);
  double sum = 0;
  for (int i = 0; i < 100000; ++i) {
    const double u = rng.Uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    const double o = rng.UniformOpen();
    ASSERT_GT(o, 0.0);
    ASSERT_LT(o, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / 100000, 0.5, 0.005);  // sd of mean ~ 0.0009
}

TEST(Rng, NormalMoments) {
  Rng rng(5);
  const int n = 200000;
  double s1 = 0, s2 = 0, tail = 0;
  for (int i = 0; i < n; ++i) {
    const double x = rng.Normal();
    s1 += x;
    s2 += x * x;
    tail += x > 1.959964 ? 1 : 0;
  }
  EXPECT_NEAR(s1 / n, 0.0, 0.01);
  EXPECT_NEAR(s2 / n, 1.0, 0.015);
  EXPECT_NEAR(tail / n, 0.025, 0.002);  // P(Z > 1.96) = 0.025
}

TEST(DeriveSeed, GivesDistinctStreams) {
  EXPECT_NE(DeriveSeed(1, 0), DeriveSeed(1, 1));
  EXPECT_NE(DeriveSeed(1, 0), DeriveSeed(2, 0));
  EXPECT_EQ(DeriveSeed(9, 4), DeriveSeed(9, 4));
}

}  // namespace
}  // namespace tourney
