#include "tourney/experiments/simulate.h"

#include <gtest/gtest.h>

#include "tourney/core/random.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

TEST(Simulate, SameSeedSameCampaign) {
  CampaignOptions o;
  o.rankings = 50;
  auto a = SimulateCampaign(o), b = SimulateCampaign(o);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(ToWmtCsv(a->judgments, 5), ToWmtCsv(b->judgments, 5));
  o.seed = 2;
  EXPECT_NE(ToWmtCsv(SimulateCampaign(o)->judgments, 5), ToWmtCsv(a->judgments, 5));
}

TEST(Simulate, RanksFollowTheDecisionRadius) {
  // No noise: q equals quality, so ranks are exact: 1 + #{l : q_l - q_i > d}.
  CampaignOptions o;
  o.sigma_a = 0;
  o.sigma_obs = 0;
  o.radius = 0.5;
  Rng rng(1);
  std::vector<uint8_t> ranks;
  SimulateRanks({1.0, 0.8, 0.2, 0.0, -2.0}, o, rng, &ranks);
  // 1.0: none above -> 1; 0.8: none more than 0.5 above -> 1; 0.2: 1.0 and 0.8 -> 3;
  // 0.0: 1.0 and 0.8 -> 3; -2.0: four above -> 5.
  EXPECT_EQ(ranks, (std::vector<uint8_t>{1, 1, 3, 3, 5}));
}

TEST(Simulate, ExpectedWinsRecoversLargeQualityGaps) {
  CampaignOptions o;
  o.systems = 4;
  o.rankings = 3000;
  o.k = 4;
  auto c = SimulateCampaign(o);
  ASSERT_TRUE(c.ok());
  const auto s = ExpectedWinsScores(PairCounts::FromComparisons(4, c->judgments.comparisons()),
                                    ExpectedWinsVariant::kExcludeTies);
  // With 3000 4-way rankings, the best and worst true systems must be identified.
  int best_true = 0, worst_true = 0, best_ew = 0, worst_ew = 0;
  for (int i = 1; i < 4; ++i) {
    if (c->quality[i] > c->quality[best_true]) best_true = i;
    if (c->quality[i] < c->quality[worst_true]) worst_true = i;
    if (s[i] > s[best_ew]) best_ew = i;
    if (s[i] < s[worst_ew]) worst_ew = i;
  }
  EXPECT_EQ(best_true, best_ew);
  EXPECT_EQ(worst_true, worst_ew);
}

TEST(Simulate, RejectsBadOptions) {
  CampaignOptions o;
  o.systems = 1;
  EXPECT_FALSE(SimulateCampaign(o).ok());
  o.systems = 3;
  o.k = 4;
  EXPECT_FALSE(SimulateCampaign(o).ok());
}

}  // namespace
}  // namespace tourney
