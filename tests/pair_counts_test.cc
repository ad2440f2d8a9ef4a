#include "tourney/core/pair_counts.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(PairCounts, CountsWinsLossesAndSymmetricTies) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(1, 0, Outcome::kFirstWins);
  c.Add(0, 1, Outcome::kSecondWins);
  c.Add(2, 0, Outcome::kTie);
  const PairCounts p = PairCounts::FromComparisons(3, c);
  EXPECT_EQ(p.wins(0, 1), 1);
  EXPECT_EQ(p.wins(1, 0), 2);
  EXPECT_EQ(p.ties(0, 2), 1);
  EXPECT_EQ(p.ties(2, 0), 1);
  EXPECT_EQ(p.total(0, 1), 3);
  EXPECT_EQ(p.wins(0), 1);
  EXPECT_EQ(p.losses(0), 2);
  EXPECT_EQ(p.ties(0), 1);
}

TEST(PairCounts, AddMatchesFromComparisons) {
  PairCounts p(2);
  p.Add(0, 1, Outcome::kTie, 3);
  p.Add(1, 0, Outcome::kSecondWins, 2);
  EXPECT_EQ(p.ties(1, 0), 3);
  EXPECT_EQ(p.wins(0, 1), 2);
  EXPECT_EQ(p.total(), 5);  // 3 ties and 2 wins, each tie counted once
}

TEST(PairCounts, TotalCountsEveryComparisonOnce) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  c.Add(2, 0, Outcome::kTie);
  c.Add(1, 2, Outcome::kSecondWins);
  PairCounts p = PairCounts::FromComparisons(3, c);
  EXPECT_EQ(p.total(), 3);
  p.Add(0, 2, Outcome::kTie);
  EXPECT_EQ(p.total(), 4);
  EXPECT_EQ(PairCounts(5).total(), 0);
}

}  // namespace
}  // namespace tourney
