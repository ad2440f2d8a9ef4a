#include "core/r_hat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

SequenceMoments Of(std::initializer_list<double> xs) {
  SequenceMoments m;
  for (double x : xs) m.Add(x);
  return m;
}

TEST(SequenceMoments, MeanAndSampleVarianceByHand) {
  const SequenceMoments m = Of({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_EQ(m.count, 8);
  EXPECT_DOUBLE_EQ(m.mean, 5.0);
  EXPECT_DOUBLE_EQ(m.variance(), 32.0 / 7.0);  // sum of squared deviations 32, n - 1 = 7
  EXPECT_EQ(Of({3}).variance(), 0.0);
}

TEST(SequenceMoments, MergeEqualsOnePass) {
  SequenceMoments a = Of({2, 4, 4, 4});
  a.Merge(Of({5, 5, 7, 9}));
  EXPECT_EQ(a.count, 8);
  EXPECT_DOUBLE_EQ(a.mean, 5.0);
  EXPECT_DOUBLE_EQ(a.variance(), 32.0 / 7.0);
  SequenceMoments empty;
  empty.Merge(a);
  EXPECT_DOUBLE_EQ(empty.mean, 5.0);
  a.Merge(SequenceMoments());
  EXPECT_EQ(a.count, 8);
}

TEST(RHat, TwoSequencesByHand) {
  // Means 2 and 5, variances 1 and 1, n = 3: B = 3 * (1.5^2 + 1.5^2) = 13.5, W = 1,
  // var+ = 2/3 + 13.5/3 = 31/6.
  const std::vector<SequenceMoments> s = {Of({1, 2, 3}), Of({4, 5, 6})};
  EXPECT_NEAR(*RHat(s), std::sqrt(31.0 / 6.0), 1e-12);
}

TEST(RHat, FourSequencesByHand) {
  // Means 1..4, each variance 2, n = 2: B = 2/3 * 5 = 10/3, W = 2,
  // var+ = 1/2 * 2 + (10/3) / 2 = 8/3; R-hat = sqrt(4/3).
  const std::vector<SequenceMoments> s = {Of({0, 2}), Of({1, 3}), Of({2, 4}), Of({3, 5})};
  EXPECT_NEAR(*RHat(s), std::sqrt(4.0 / 3.0), 1e-12);
}

TEST(RHat, AgreeingSequencesGiveAtMostOne) {
  // Equal means: B = 0, W = 2, var+ = 1/2 * 2: R-hat = sqrt(1/2).
  const std::vector<SequenceMoments> s = {Of({1, 3}), Of({3, 1})};
  EXPECT_NEAR(*RHat(s), std::sqrt(0.5), 1e-12);
}

TEST(RHat, ConstantSequences) {
  const std::vector<SequenceMoments> same = {Of({2, 2}), Of({2, 2})};
  EXPECT_EQ(*RHat(same), 1.0);
  const std::vector<SequenceMoments> stuck = {Of({1, 1}), Of({2, 2})};
  EXPECT_EQ(*RHat(stuck), kRHatStuck);
}

TEST(RHat, RejectsTooFewOrUnequalSequences) {
  const std::vector<SequenceMoments> one = {Of({1, 2})};
  EXPECT_EQ(RHat(one).status().code(), StatusCode::kInvalidArgument);
  const std::vector<SequenceMoments> short_ones = {Of({1}), Of({2})};
  EXPECT_EQ(RHat(short_ones).status().code(), StatusCode::kInvalidArgument);
  const std::vector<SequenceMoments> unequal = {Of({1, 2}), Of({1, 2, 3})};
  EXPECT_EQ(RHat(unequal).status().code(), StatusCode::kInvalidArgument);
}

TEST(SplitRHat, SplitsOneChainIntoHalves) {
  const std::vector<std::vector<double>> chain = {{1, 2, 3, 4, 5, 6}};
  EXPECT_NEAR(*SplitRHat(chain), std::sqrt(31.0 / 6.0), 1e-12);
  // Odd length: the middle draw is dropped.
  const std::vector<std::vector<double>> odd = {{1, 2, 3, 99, 4, 5, 6}};
  EXPECT_NEAR(*SplitRHat(odd), std::sqrt(31.0 / 6.0), 1e-12);
}

TEST(SplitRHat, TrendingChainByHand) {
  // 0..7: halves {0..3}, {4..7}; means 1.5, 5.5; B = 4 * (2^2 + 2^2) = 32; W = 5/3;
  // var+ = 3/4 * 5/3 + 32/4 = 9.25; R-hat = sqrt(9.25 / (5/3)).
  const std::vector<std::vector<double>> chain = {{0, 1, 2, 3, 4, 5, 6, 7}};
  EXPECT_NEAR(*SplitRHat(chain), std::sqrt(9.25 * 3.0 / 5.0), 1e-12);
}

TEST(SplitRHat, IndependentDrawsGiveOne) {
  Rng rng(42);
  std::vector<std::vector<double>> chains(4, std::vector<double>(2000));
  for (auto& c : chains) {
    for (double& x : c) x = rng.Normal();
  }
  const double r_hat = *SplitRHat(chains);
  EXPECT_GT(r_hat, 0.99);
  EXPECT_LT(r_hat, 1.01);
  // Shift one chain by 1 sd: the chains disagree.
  for (double& x : chains[2]) x += 1.0;
  EXPECT_GT(*SplitRHat(chains), 1.05);
}

TEST(SplitRHat, RejectsShortOrRaggedChains) {
  const std::vector<std::vector<double>> none;
  EXPECT_FALSE(SplitRHat(none).ok());
  const std::vector<std::vector<double>> short_chain = {{1, 2, 3}};
  EXPECT_FALSE(SplitRHat(short_chain).ok());
  const std::vector<std::vector<double>> ragged = {{1, 2, 3, 4}, {1, 2, 3, 4, 5}};
  EXPECT_FALSE(SplitRHat(ragged).ok());
}

}  // namespace
}  // namespace tourney
