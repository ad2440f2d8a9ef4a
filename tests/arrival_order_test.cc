// The arrival-order check: the two tests by hand, silence on an exchangeable order, and
// the warnings' wording.
#include "tourney/sequential/arrival_order.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

void Add(Judgments& j, SystemId a, SystemId b, Outcome o) {
  const std::vector<uint8_t> ranks =
      o == Outcome::kFirstWins ? std::vector<uint8_t>{1, 2}
      : o == Outcome::kSecondWins ? std::vector<uint8_t>{2, 1} : std::vector<uint8_t>{1, 1};
  j.AddRanking(std::vector<SystemId>{a, b}, ranks);
}

TEST(ArrivalOrder, PreferenceDriftByHand) {
  // 40 judgments of (a, b): 20 wins of a, then 10 wins and 10 losses. Early mean 1, late
  // 0.5; pooled variance (30 - 40 x 0.75^2) / 39 = 0.1923077; z = 0.5 / sqrt(0.1923077 x
  // (1/20 + 1/20)) = 3.6055513; two-sided p = erfc(z / sqrt 2) = 3.1149098e-4 < 0.01.
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b");
  for (int i = 0; i < 20; ++i) Add(j, a, b, Outcome::kFirstWins);
  for (int i = 0; i < 20; ++i) Add(j, b, a, i % 2 == 0 ? Outcome::kFirstWins : Outcome::kSecondWins);
  const ArrivalOrderReport r = CheckArrivalOrder(j, 0.01);
  EXPECT_EQ(r.pairs_tested, 1);
  EXPECT_EQ(r.systems_tested, 0);  // each system has only one opponent
  ASSERT_EQ(r.preference.size(), 1u);
  EXPECT_EQ(r.preference[0].a, a);
  EXPECT_EQ(r.preference[0].b, b);
  EXPECT_DOUBLE_EQ(r.preference[0].early_mean, 1.0);
  EXPECT_DOUBLE_EQ(r.preference[0].late_mean, 0.5);
  EXPECT_NEAR(r.preference[0].p, 3.114909767673842e-4, 1e-12);
  EXPECT_FALSE(r.exchangeable());
  // At level 1e-4 the same drift is not significant.
  EXPECT_TRUE(CheckArrivalOrder(j, 1e-4).preference.empty());
  const std::vector<std::string> w = ArrivalOrderWarnings(r, j.systems().names());
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("'a' over 'b': 1.000 then 0.500, p = 0.0003"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("1 of 1 pairs"), std::string::npos) << w[0];
}

TEST(ArrivalOrder, CompositionDriftByHand) {
  // a meets b in its first 30 rankings and c in its last 30: chi-square 30 + 30 = 60 with
  // 1 degree of freedom, p = erfc(sqrt(30)) = 9.485737571e-15. b and c have 30 rankings
  // each, fewer than kMinStream: not tested; no pair has 40 judgments.
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  for (int i = 0; i < 30; ++i) Add(j, a, b, i % 2 ? Outcome::kFirstWins : Outcome::kTie);
  for (int i = 0; i < 30; ++i) Add(j, a, c, i % 2 ? Outcome::kFirstWins : Outcome::kTie);
  const ArrivalOrderReport r = CheckArrivalOrder(j, 0.01);
  EXPECT_EQ(r.pairs_tested, 0);
  EXPECT_EQ(r.systems_tested, 1);
  ASSERT_EQ(r.composition.size(), 1u);
  EXPECT_EQ(r.composition[0].system, a);
  EXPECT_EQ(r.composition[0].rankings, 60);
  EXPECT_NEAR(r.composition[0].p / 9.485737571073843e-15, 1.0, 1e-6);
  EXPECT_DOUBLE_EQ(std::fabs(r.composition[0].early_share - r.composition[0].late_share), 1.0);
  const std::vector<std::string> w = ArrivalOrderWarnings(r, j.systems().names());
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("systems compared change over the campaign"), std::string::npos) << w[0];
}

TEST(ArrivalOrder, SilentOnAnExchangeableOrder) {
  // 4,000 pairwise judgments of 5 systems, pairs uniform, outcomes from fixed preferences
  // (i beats j with probability 0.5 + 0.08 (j - i)), in random order: nothing drifts. Under
  // an exchangeable order each family speaks with probability <= 0.01; the seed is fixed.
  Judgments j;
  std::vector<SystemId> s;
  for (const char* name : {"s0", "s1", "s2", "s3", "s4"}) s.push_back(j.systems().Intern(name));
  Rng rng(45);
  for (int t = 0; t < 4000; ++t) {
    const int x = static_cast<int>(rng.Uniform() * 5), y = (x + 1 + static_cast<int>(rng.Uniform() * 4)) % 5;
    const double p = 0.5 + 0.08 * (y - x);
    Add(j, s[x], s[y], rng.Uniform() < p ? Outcome::kFirstWins : Outcome::kSecondWins);
  }
  const ArrivalOrderReport r = CheckArrivalOrder(j, 0.01);
  EXPECT_EQ(r.pairs_tested, 10);
  EXPECT_EQ(r.systems_tested, 5);
  EXPECT_TRUE(r.exchangeable());
  EXPECT_TRUE(ArrivalOrderWarnings(r, j.systems().names()).empty());
}

}  // namespace
}  // namespace tourney
