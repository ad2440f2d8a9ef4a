// Allocation to strata: the paper's rounding (minimise Σ|n_l − n'_l|) and its recursive
// reallocation when a bin's share exceeds its size (§2.1), worked by hand.
#include "tourney/sampling/allocation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

namespace tourney {
namespace {

TEST(Allocation, ProportionalSharesThatAreWhole) {
  // n = 6 over sizes 10, 20, 30: 6·10/60 = 1, 2, 3.
  auto a = Allocate({10, 20, 30}, {10, 20, 30}, 6, nullptr);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, (std::vector<int>{1, 2, 3}));
}

TEST(Allocation, RoundingGivesLeftoversToTheLargestFractions) {
  // Ideal 0.2, 0.7, 2.1 (n = 3): floors 0, 0, 2 leave 1 unit, which goes to the largest
  // fraction (0.7): Σ|n - n'| = 0.2 + 0.3 + 0.1 = 0.6, the least possible.
  EXPECT_EQ(RoundAllocation({0.2, 0.7, 2.1}, 3, nullptr), (std::vector<int>{0, 1, 2}));
  // Ideal 1.5, 1.5, 3: one leftover unit, a tie; without an Rng the first bin gets it.
  EXPECT_EQ(RoundAllocation({1.5, 1.5, 3.0}, 6, nullptr), (std::vector<int>{2, 1, 3}));
  // With an Rng either tied bin may get it, and over many draws both do.
  Rng rng(3);
  int first = 0;
  for (int k = 0; k < 200; ++k) {
    const std::vector<int> r = RoundAllocation({1.5, 1.5, 3.0}, 6, &rng);
    ASSERT_EQ(r[2], 3);
    ASSERT_EQ(r[0] + r[1], 3);
    first += r[0] == 2;
  }
  EXPECT_GT(first, 60);
  EXPECT_LT(first, 140);
}

TEST(Allocation, SmallSamplesLeaveBinsEmpty) {
  // 130 documents of 1..20 segments each and n = 5: most get 0 (the paper's note that
  // rounding leaves bins empty when n is small); the sum is still n.
  std::vector<int> sizes(130);
  for (int l = 0; l < 130; ++l) sizes[l] = 1 + l % 20;
  std::vector<double> w(sizes.begin(), sizes.end());
  auto a = Allocate(sizes, w, 5, nullptr);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(std::accumulate(a->begin(), a->end(), 0), 5);
  EXPECT_EQ(std::count(a->begin(), a->end(), 0), 125);
}

TEST(Allocation, OverfullBinIsFilledAndTheRestReallocated) {
  // Neyman weights N_l·σ_l = 2·10, 10·1, 10·1 and n = 8: ideal 4, 2, 2, but bin 0 holds 2.
  // It is filled and the other 6 are reallocated over bins 1 and 2 (equal weights): 3, 3.
  auto a = Allocate({2, 10, 10}, {20, 10, 10}, 8, nullptr);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, (std::vector<int>{2, 3, 3}));
}

TEST(Allocation, ReallocationIsRecursive) {
  // Capacities 1, 2, 10, weights 10, 10, 1, n = 6. Round 1: 6·10/21 = 2.857 for bins 0
  // and 1, 0.286 for bin 2; bin 0 has the larger excess (1.857) and is filled with 1.
  // Round 2: 5 over bins 1, 2 with weights 10, 1: 4.545 and 0.455; bin 1 (capacity 2) is
  // filled. Round 3: the last 3 go to bin 2.
  auto ideal = IdealAllocation({1, 2, 10}, {10, 10, 1}, 6);
  ASSERT_TRUE(ideal.ok());
  EXPECT_DOUBLE_EQ((*ideal)[0], 1.0);
  EXPECT_DOUBLE_EQ((*ideal)[1], 2.0);
  EXPECT_DOUBLE_EQ((*ideal)[2], 3.0);
}

TEST(Allocation, ZeroWeightBinsTakeWhatTheOthersCannotHold) {
  // Weights 0, 1 with capacities 5, 2 and n = 4: bin 1 is filled (2), the remaining 2 go
  // to bin 0 in proportion to capacity.
  auto a = Allocate({5, 2}, {0, 1}, 4, nullptr);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, (std::vector<int>{2, 2}));
  // All weights 0: proportional to capacity. Capacities 1, 3 and n = 2: ideal 0.5, 1.5;
  // floors 0, 1 leave one unit and the fractions tie (.5, .5): the first bin gets it.
  a = Allocate({1, 3}, {0, 0}, 2, nullptr);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, (std::vector<int>{1, 1}));
}

TEST(Allocation, BadInput) {
  EXPECT_FALSE(Allocate({1, 2}, {1, 1}, 4, nullptr).ok());   // n > Σ capacity
  EXPECT_FALSE(Allocate({1, 2}, {1, 1}, -1, nullptr).ok());  // n < 0
  EXPECT_FALSE(Allocate({1, 2}, {1}, 1, nullptr).ok());      // lengths differ
  EXPECT_FALSE(Allocate({1, 2}, {1, -1}, 1, nullptr).ok());  // negative weight
  EXPECT_FALSE(Allocate({1, 2}, {1, NAN}, 1, nullptr).ok());
}

// Systematic rounding keeps each size within one of its ideal, sums to n, and gets each
// ideal size right on average: a bin whose share is 0.3 gets 1 segment 30% of the time
// (largest remainder gives it 0 every time, which biases every estimator).
TEST(Allocation, UnbiasedRoundingHasTheIdealSizesAsExpectations) {
  const std::vector<double> ideal = {0.3, 0.3, 1.4, 2.0, 0.0, 3.0};  // n = 7
  Rng rng(11);
  std::vector<double> mean(ideal.size(), 0.0);
  const int draws = 20000;
  for (int k = 0; k < draws; ++k) {
    const std::vector<int> r = RoundAllocationUnbiased(ideal, 7, rng);
    ASSERT_EQ(std::accumulate(r.begin(), r.end(), 0), 7);
    for (size_t l = 0; l < ideal.size(); ++l) {
      ASSERT_GE(r[l], std::floor(ideal[l]));
      ASSERT_LE(r[l], std::ceil(ideal[l]));
      mean[l] += r[l];
    }
  }
  // Each count is Bernoulli around its floor: sd <= 0.5/sqrt(20000) = 0.0035; 5 sd.
  for (size_t l = 0; l < ideal.size(); ++l) EXPECT_NEAR(mean[l] / draws, ideal[l], 0.018) << l;
}

}  // namespace
}  // namespace tourney
