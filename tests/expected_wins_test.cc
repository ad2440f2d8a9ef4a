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

TEST(ExpectedWins, Wmt13ExcludesTiesAndAveragesOverOpponents) {
  const auto s = ExpectedWinsScores(PairCounts::FromComparisons(3, HandExample()),
                                    ExpectedWinsVariant::kExcludeTies);
  EXPECT_DOUBLE_EQ(s[0], (3.0 / 4 + 1.0 / 2) / 2);  // 0.625
  EXPECT_DOUBLE_EQ(s[1], (1.0 / 4 + 0.0) / 2);      // B-C has no decisive comparison
  EXPECT_DOUBLE_EQ(s[2], (1.0 / 2 + 0.0) / 2);
}

TEST(ExpectedWins, Wmt11CountsTiesAsWins) {
  const auto s = ExpectedWinsScores(PairCounts::FromComparisons(3, HandExample()),
                                    ExpectedWinsVariant::kIncludeTies);
  EXPECT_DOUBLE_EQ(s[0], (4.0 + 2.0) / 8.0);  // wins 4, ties 2, losses 2
  EXPECT_DOUBLE_EQ(s[1], (1.0 + 3.0) / 7.0);  // wins 1, ties 3, losses 3
  EXPECT_DOUBLE_EQ(s[2], (1.0 + 1.0) / 3.0);  // wins 1, ties 1, losses 1
}

TEST(ExpectedWins, SystemWithoutComparisonsScoresZero) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  for (auto v : {ExpectedWinsVariant::kExcludeTies, ExpectedWinsVariant::kIncludeTies}) {
    const auto s = ExpectedWinsScores(PairCounts::FromComparisons(3, c), v);
    EXPECT_EQ(s[2], 0.0);
  }
}

TEST(ExpectedWins, ModelFillsScoreOnly) {
  const Comparisons c = HandExample();
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  EXPECT_EQ(model->name(), "expected-wins");
  auto r = model->Rate(RatingInput{3, &c, nullptr}, 0);
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r->ratings[0].score, 0.625);
  EXPECT_EQ(r->ratings[0].sigma, 0.0);
  EXPECT_EQ(MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies)->name(),
            "expected-wins-ties");
}

}  // namespace
}  // namespace tourney
