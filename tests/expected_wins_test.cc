#include "tourney/models/expected_wins.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

// A beats B 3x, B beats A 1x, A-B tie 2x; A-C one win each; B-C one tie.
Comparisons HandExample() {
  Comparisons c;
  for (int i = 0; i < 3; ++i) c.Add(0, 1, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kSecondWins);
  c.Add(1, 0, Outcome::kTie);
  c.Add(0, 1, Outcome::kTie);
  c.Add(0, 2, Outcome::kFirstWins);
  c.Add(2, 0, Outcome::kFirstWins);
  c.Add(1, 2, Outcome::kTie);
  return c;
}

TEST(ExpectedWins, ExcludesTiesAndAveragesOverOpponentsMet) {
  const PairCounts counts = PairCounts::FromComparisons(3, HandExample());
  const auto s = ExpectedWinsScores(counts, ExpectedWinsVariant::kExcludeTies);
  EXPECT_DOUBLE_EQ(s[0], (3.0 / 4 + 1.0 / 2) / 2);  // 0.625, met both
  EXPECT_DOUBLE_EQ(s[1], 1.0 / 4);                  // B-C only tied: B met A alone
  EXPECT_DOUBLE_EQ(s[2], 1.0 / 2);                  // C met A alone
  EXPECT_EQ(ExpectedWinsOpponents(counts, ExpectedWinsVariant::kExcludeTies),
            (std::vector<int>{2, 1, 1}));
}

TEST(ExpectedWins, Wmt13DividesByAllOtherSystems) {
  const PairCounts counts = PairCounts::FromComparisons(3, HandExample());
  const auto s = ExpectedWinsScores(counts, ExpectedWinsVariant::kWmt13);
  EXPECT_DOUBLE_EQ(s[0], (3.0 / 4 + 1.0 / 2) / 2);  // 0.625
  EXPECT_DOUBLE_EQ(s[1], (1.0 / 4 + 0.0) / 2);      // B-C has no decisive comparison
  EXPECT_DOUBLE_EQ(s[2], (1.0 / 2 + 0.0) / 2);
  EXPECT_EQ(ExpectedWinsOpponents(counts, ExpectedWinsVariant::kWmt13),
            (std::vector<int>{2, 1, 1}));
}

TEST(ExpectedWins, VariantsAgreeWhereEveryPairMet) {
  // A-B 2:1, A-C 1:1 (and a tie), B-C 0:3: every pair met decisively.
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(1, 0, Outcome::kFirstWins);
  c.Add(0, 2, Outcome::kFirstWins);
  c.Add(0, 2, Outcome::kSecondWins);
  c.Add(0, 2, Outcome::kTie);
  for (int i = 0; i < 3; ++i) c.Add(2, 1, Outcome::kFirstWins);
  const PairCounts counts = PairCounts::FromComparisons(3, c);
  const auto met = ExpectedWinsScores(counts, ExpectedWinsVariant::kExcludeTies);
  const auto wmt13 = ExpectedWinsScores(counts, ExpectedWinsVariant::kWmt13);
  EXPECT_DOUBLE_EQ(met[0], (2.0 / 3 + 1.0 / 2) / 2);
  EXPECT_DOUBLE_EQ(met[1], (1.0 / 3 + 0.0) / 2);
  EXPECT_DOUBLE_EQ(met[2], (1.0 / 2 + 1.0) / 2);
  EXPECT_EQ(met, wmt13);
}

// The defect: on a sparse board an opponent never met pulled the score down as if it
// were a loss. A beat B twice and never met C: its estimate of "beats a random opponent" is
// what it showed against B, not half of it.
TEST(ExpectedWins, OpponentNeverMetIsNotALoss) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(2, 1, Outcome::kSecondWins);
  const PairCounts counts = PairCounts::FromComparisons(3, c);
  const auto s = ExpectedWinsScores(counts, ExpectedWinsVariant::kExcludeTies);
  EXPECT_DOUBLE_EQ(s[0], 1.0);  // WMT13's rule gave 0.5
  EXPECT_DOUBLE_EQ(s[1], 1.0 / 2);
  EXPECT_DOUBLE_EQ(s[2], 0.0);
  EXPECT_DOUBLE_EQ(ExpectedWinsScores(counts, ExpectedWinsVariant::kWmt13)[0], 0.5);
}

TEST(ExpectedWins, Wmt11CountsTiesAsWins) {
  const auto s = ExpectedWinsScores(PairCounts::FromComparisons(3, HandExample()),
                                    ExpectedWinsVariant::kIncludeTies);
  EXPECT_DOUBLE_EQ(s[0], (4.0 + 2.0) / 8.0);  // wins 4, ties 2, losses 2
  EXPECT_DOUBLE_EQ(s[1], (1.0 + 3.0) / 7.0);  // wins 1, ties 3, losses 3
  EXPECT_DOUBLE_EQ(s[2], (1.0 + 1.0) / 3.0);  // wins 1, ties 1, losses 1
}

TEST(ExpectedWins, SystemWithoutComparisons) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  const PairCounts counts = PairCounts::FromComparisons(3, c);
  // No evidence either way: even, with no opponent behind it.
  EXPECT_EQ(ExpectedWinsScores(counts, ExpectedWinsVariant::kExcludeTies)[2], 0.5);
  EXPECT_EQ(ExpectedWinsOpponents(counts, ExpectedWinsVariant::kExcludeTies)[2], 0);
  for (auto v : {ExpectedWinsVariant::kWmt13, ExpectedWinsVariant::kIncludeTies}) {
    EXPECT_EQ(ExpectedWinsScores(counts, v)[2], 0.0);
  }
}

TEST(ExpectedWins, TiesVariantCountsOpponentsMetInAnyComparison) {
  EXPECT_EQ(ExpectedWinsOpponents(PairCounts::FromComparisons(3, HandExample()),
                                  ExpectedWinsVariant::kIncludeTies),
            (std::vector<int>{2, 2, 2}));
}

TEST(ExpectedWins, ModelFillsScoreOnly) {
  const Comparisons c = HandExample();
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  EXPECT_EQ(model->name(), "expected-wins");
  auto r = model->Rate(RatingInput{3, &c, nullptr}, 0);
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r->ratings[0].score, 0.625);
  EXPECT_EQ(r->ratings[0].sigma, 0.0);
  EXPECT_EQ(r->ratings[0].opponents, 2);
  EXPECT_EQ(r->ratings[1].opponents, 1);
  EXPECT_EQ(MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies)->name(),
            "expected-wins-ties");
  EXPECT_EQ(MakeExpectedWinsModel(ExpectedWinsVariant::kWmt13)->name(), "expected-wins-wmt13");
}

}  // namespace
}  // namespace tourney
