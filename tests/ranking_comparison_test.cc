#include "tourney/statistics/ranking_comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace tourney {
namespace {

RankedSystem S(std::string name, double score, std::optional<int> cluster = std::nullopt) {
  return RankedSystem{std::move(name), score, cluster};
}

TEST(RankingComparison, CorrelationsOverTheCommonSystemsAndTheOthersNamed) {
  // A: a 4, b 3, c 2, d 1, x 0.  B: b 30, a 20, c 10, d 0, y 5.  Common: a b c d.
  const SystemRanking a = {S("a", 4), S("b", 3), S("c", 2), S("d", 1), S("x", 0)};
  const SystemRanking b = {S("b", 30), S("a", 20), S("c", 10), S("y", 5), S("d", 0)};
  auto c = CompareRankings(a, b, 0.5);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c->common, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(c->only_a, (std::vector<std::string>{"x"}));
  EXPECT_EQ(c->only_b, (std::vector<std::string>{"y"}));
  // One discordant pair (a, b) of six: tau-b = (5 - 1) / 6.
  EXPECT_DOUBLE_EQ(*c->kendall_tau_b, 4.0 / 6.0);
  // Ranks {4,3,2,1} vs {3,4,2,1}: d^2 = 1 + 1: rho = 1 - 6 * 2 / (4 * 15) = 0.8.
  EXPECT_NEAR(*c->spearman_rho, 0.8, 1e-15);
  // x = {4,3,2,1} (mean 2.5), y = {20,30,10,0} (mean 15): deviations {1.5,.5,-.5,-1.5} and
  // {5,15,-5,-15}: sxy = 7.5 + 7.5 + 2.5 + 22.5 = 40, sxx = 5, syy = 500: r = 40 / 50.
  EXPECT_NEAR(*c->pearson_r, 0.8, 1e-15);
  // Pearson Rank with A as reference, both lists min-max scaled: x~ = {1, 2/3, 1/3, 0},
  // y~ = {2/3, 1, 1/3, 0}. r_2 = -1 (weight 2/3); r_3: differences (2/3, 1/3), (1/3, 2/3):
  // (4/9) / (5/9) = 0.8 (weight 1/3); d has weight 0: PR = -2/3 + 0.8/3 = -0.4.
  EXPECT_NEAR(*c->pearson_rank, -0.4, 1e-15);
  // Orders a b c d and b a c d, p = 0.5: A_d = 0, 1, 1, 1:
  // RBO = 0.5^4 + 1 * (0.25 + 0.125 + 0.0625).
  EXPECT_DOUBLE_EQ(*c->rbo, 0.0625 + 0.4375);
  EXPECT_FALSE(c->clusters.has_value());
}

TEST(RankingComparison, ClusterAgreementByDirection) {
  // A clusters {a b} {c} {d}; B clusters {b} {a c} {d}.
  const SystemRanking a = {S("a", 4, 1), S("b", 3, 1), S("c", 2, 2), S("d", 1, 3)};
  const SystemRanking b = {S("b", 4, 1), S("c", 3, 2), S("a", 2, 2), S("d", 1, 3)};
  auto c = CompareRankings(a, b);
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE(c->clusters.has_value());
  const ClusterAgreement& k = *c->clusters;
  // Pairs: ab (A: same; B: b over a) -> B only; ac (A: a over c; B: same) -> A only;
  // ad (both a over d) same; bc (both b over c) same; bd same; cd same.
  EXPECT_EQ(k.pairs, 6);
  EXPECT_EQ(k.separated_same, 4);
  EXPECT_EQ(k.separated_opposite, 0);
  EXPECT_EQ(k.separated_only_a, 1);
  EXPECT_EQ(k.separated_only_b, 1);
  EXPECT_EQ(k.separated_neither, 0);
  EXPECT_EQ(k.only_a, (std::vector<SystemPair>{{"a", "c"}}));
  EXPECT_EQ(k.only_b, (std::vector<SystemPair>{{"b", "a"}}));
  EXPECT_FALSE(k.identical());
}

TEST(RankingComparison, AFlipIsNamedWithAsUpperSystem) {
  const SystemRanking a = {S("a", 2, 1), S("b", 1, 2)};
  const SystemRanking b = {S("b", 2, 1), S("a", 1, 2)};
  auto k = CompareClusters(a, b);
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(k->separated_opposite, 1);
  EXPECT_EQ(k->flipped, (std::vector<SystemPair>{{"a", "b"}}));
  auto same = CompareClusters(a, a);
  ASSERT_TRUE(same.ok());
  EXPECT_TRUE(same->identical());
  EXPECT_EQ(same->separated_same, 1);
}

TEST(RankingComparison, UndefinedCorrelationsAreAbsentWithANote) {
  auto c = CompareRankings({S("a", 1), S("b", 1)}, {S("a", 2), S("b", 1)});
  ASSERT_TRUE(c.ok());
  EXPECT_FALSE(c->kendall_tau_b.has_value());
  EXPECT_FALSE(c->pearson_r.has_value());
  EXPECT_FALSE(c->notes.empty());
  EXPECT_TRUE(c->rbo.has_value());
  auto none = CompareRankings({S("a", 1)}, {S("b", 1)});
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->common.empty());
  EXPECT_FALSE(none->rbo.has_value());
}

TEST(RankingComparison, RejectsBadRankings) {
  EXPECT_FALSE(CompareRankings({S("a", 1), S("a", 2)}, {S("a", 1)}).ok());
  EXPECT_FALSE(CompareRankings({S("a", NAN)}, {S("a", 1)}).ok());
  EXPECT_FALSE(CompareRankings({S("a", 1, 1), S("b", 0)}, {S("a", 1)}).ok());
  EXPECT_FALSE(CompareRankings({S("a", 1)}, {S("a", 1)}, 1.5).ok());
  EXPECT_FALSE(CompareClusters({S("a", 1)}, {S("a", 1)}).ok());
}

}  // namespace
}  // namespace tourney
