#include "tourney/experiments/expected_wins_study.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

// The campaign, smaller: 20 campaigns of 25 five-way rankings of 14 systems against
// 4,000 rankings of the same truth. Over every system the dense scores average exactly 1/2
// (each pair's two ratios sum to 1), so the mean bias is the sparse mean minus 1/2: WMT13's
// division by 13 loses half the share of unmet pairs; the mean over the opponents met does
// not.
SparseBiasOptions Small(ExpectedWinsVariant variant) {
  SparseBiasOptions o;
  o.campaigns = 20;
  o.dense_rankings = 4000;
  o.variant = variant;
  o.seed = 7;
  return o;
}

TEST(ExpectedWinsSparseBias, MeanOverOpponentsMetIsUnbiased) {
  const auto r = ExpectedWinsSparseBias(Small(ExpectedWinsVariant::kExcludeTies));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_LT(std::abs(r->mean_bias), 0.01) << r->mean_bias;
  EXPECT_GT(r->unmet_pairs, 0.02);  // the sparse campaigns do leave pairs unmet
}

TEST(ExpectedWinsSparseBias, Wmt13NormalisationIsBiasedLow) {
  const auto r = ExpectedWinsSparseBias(Small(ExpectedWinsVariant::kWmt13));
  ASSERT_TRUE(r.ok()) << r.status().message();
  // Every met pair adds ratios summing to 1, each divided by 13: the sparse mean over the 14
  // systems is met_pairs / (14 * 13) = (1 - unmet_pairs) / 2, the dense one 1/2 (every pair
  // met), so the bias is exactly -unmet_pairs / 2.
  EXPECT_NEAR(r->mean_bias, -r->unmet_pairs / 2, 1e-12);
  EXPECT_LT(r->mean_bias, -0.015);
}

TEST(ExpectedWinsSparseBias, RejectsADenseCampaignSmallerThanTheSparseOne) {
  SparseBiasOptions o;
  o.dense_rankings = 10;
  EXPECT_FALSE(ExpectedWinsSparseBias(o).ok());
}

}  // namespace
}  // namespace tourney
