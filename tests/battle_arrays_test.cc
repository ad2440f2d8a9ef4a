#include "tourney/ingest/battle_arrays.h"

#include <gtest/gtest.h>

#include <vector>

namespace tourney {
namespace {

// Three battles written out by hand: a beats b, c ties b (both bad), c loses to a.
TEST(BattleArrays, BuildsTheLogInRowOrder) {
  const std::vector<int32_t> first = {1, 2, 2}, second = {0, 0, 1}, winner = {0, 1, 2};
  BattleArrays arrays;
  arrays.system_names = {"b", "a", "c"};
  arrays.first = first;
  arrays.second = second;
  arrays.winner_names = {"model_a", "tie (bothbad)", "model_b"};
  arrays.winner = winner;
  BattleLog log;
  ASSERT_TRUE(BattleLogFromArrays(arrays, "<t>", &log).ok());
  // Ids by first use: a (row 1, left), b (row 1, right), c (row 2).
  EXPECT_EQ(log.systems.names(), (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log.battles.first, (std::vector<SystemId>{0, 2, 2}));
  EXPECT_EQ(log.battles.second, (std::vector<SystemId>{1, 1, 0}));
  EXPECT_EQ(log.battles.outcome,
            (std::vector<Outcome>{Outcome::kFirstWins, Outcome::kTie, Outcome::kSecondWins}));
  EXPECT_EQ(log.ties_both_bad, 1);
}

Status Build(std::vector<int32_t> first, std::vector<int32_t> second, std::vector<int32_t> winner,
             std::vector<std::string> names = {"x", "y"}) {
  BattleArrays arrays;
  arrays.system_names = std::move(names);
  arrays.first = first;
  arrays.second = second;
  arrays.winner_names = {"left", "right", "tie", "draw"};
  arrays.winner = winner;
  arrays.first_field = "left";
  arrays.second_field = "right";
  BattleLog log;
  return BattleLogFromArrays(arrays, "<DataFrame>", &log);
}

TEST(BattleArrays, NamesTheRowAndColumnOfBadInput) {
  EXPECT_EQ(Build({0, 1}, {1, 1}, {0, 0}).message(),
            "<DataFrame>:2: field 'right': 'y' is the same system as left");
  EXPECT_EQ(Build({0, -1}, {1, 0}, {0, 0}).message(),
            "<DataFrame>:2: field 'left': missing or empty");
  EXPECT_EQ(Build({0}, {7}, {0}).message(), "<DataFrame>:1: field 'right': code 7 names no system");
  EXPECT_EQ(Build({0, 0, 0}, {1, 1, 1}, {2, 1, 3}).message(),
            "<DataFrame>:3: field 'winner': 'draw' is not one of model_a, model_b, tie, "
            "tie (bothbad) (or left, right, tie)");
  EXPECT_EQ(Build({0}, {1}, {-1}).message(), "<DataFrame>:1: field 'winner': missing or empty");
  EXPECT_EQ(Build({0}, {1}, {0}, {"x", ""}).message(),
            "<DataFrame>:1: field 'right': system '' is empty");
  EXPECT_EQ(Build({0}, {1, 0}, {0}).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(Build({0, 1}, {1, 0}, {0, 2}).ok());
}

}  // namespace
}  // namespace tourney
