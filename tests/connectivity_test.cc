#include "tourney/core/connectivity.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(Connectivity, FindsComponents) {
  Comparisons c;
  c.Add(0, 1, Outcome::kTie);
  c.Add(2, 3, Outcome::kFirstWins);
  c.Add(3, 2, Outcome::kFirstWins);
  int n = 0;
  const auto comp = ComparisonComponents(5, c, &n);
  EXPECT_EQ(n, 3);  // {0,1}, {2,3}, {4}
  EXPECT_EQ(comp[0], comp[1]);
  EXPECT_EQ(comp[2], comp[3]);
  EXPECT_NE(comp[0], comp[2]);
  EXPECT_EQ(comp[0], 0);
  EXPECT_EQ(comp[2], 1);
  EXPECT_EQ(comp[4], 2);
}

TEST(Connectivity, ChainIsConnected) {
  Comparisons c;
  c.Add(0, 1, Outcome::kTie);
  c.Add(1, 2, Outcome::kTie);
  c.Add(3, 2, Outcome::kTie);
  int n = 0;
  ComparisonComponents(4, c, &n);
  EXPECT_EQ(n, 1);
}

}  // namespace
}  // namespace tourney
