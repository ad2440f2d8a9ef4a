#include "tourney/selection/rating_models.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

TEST(RatingModels, EveryNameBuildsItsModel) {
  for (const std::string& name : RatingModelNames()) {
    auto model = MakeRatingModel(name, RatingModelOptions());
    ASSERT_TRUE(model.ok()) << name << ": " << model.status().message();
    EXPECT_EQ((*model)->name(), name);
  }
  EXPECT_FALSE(IsRatingModelName("glicko"));
  EXPECT_EQ(MakeRatingModel("glicko", RatingModelOptions()).status().message(),
            "unknown model 'glicko'");
  RatingModelOptions bad;
  bad.hopkins_may.chains = 0;
  EXPECT_EQ(MakeRatingModel("hopkins-may", bad).status().code(), StatusCode::kInvalidArgument);
}

// a beats b three times and loses once: Bradley-Terry's log-odds is ln 3, and the board
// carries the model's interval at the level asked for, the seed and the stopping rule.
TEST(RatingModels, RatedLeaderboardCarriesIntervalsSeedAndStopping) {
  Judgments judgments;
  const SystemId a = judgments.systems().Intern("a"), b = judgments.systems().Intern("b");
  const uint8_t a_first[] = {1, 2}, b_first[] = {2, 1};
  for (int i = 0; i < 3; ++i) judgments.AddRanking(std::vector<SystemId>{a, b}, a_first);
  judgments.AddRanking(std::vector<SystemId>{a, b}, b_first);
  auto model = MakeRatingModel("bradley-terry", RatingModelOptions());
  ASSERT_TRUE(model.ok());
  RatingInput input;
  input.num_systems = 2;
  input.comparisons = &judgments.comparisons();
  input.judgments = &judgments;
  auto result = RateChecked(**model, input, 9);
  ASSERT_TRUE(result.ok());
  RatedBoardOptions options;
  options.seed = 9;
  options.interval_level = 0.8;
  const Leaderboard board = RatedLeaderboard("bradley-terry", judgments, *result, options);
  ASSERT_EQ(board.entries.size(), 2u);
  EXPECT_EQ(board.entries[0].system, "a");
  EXPECT_NEAR(*board.entries[0].mu - *board.entries[1].mu, std::log(3.0), 1e-9);
  EXPECT_EQ(board.entries[0].wins, 3);
  EXPECT_EQ(board.seed, 9u);
  EXPECT_DOUBLE_EQ(board.confidence, 0.8);
  EXPECT_TRUE(board.entries[0].score_lo.has_value());
  ASSERT_TRUE(board.stopping.has_value());
  EXPECT_EQ(board.stopping->rule, "z");
  options.stopping = false;
  EXPECT_FALSE(RatedLeaderboard("bradley-terry", judgments, *result, options).stopping);
}

// The same battles as a BattleLog: the board from its counts, rankings = battles.
TEST(RatingModels, RatedBattleLeaderboardCountsBattles) {
  BattleLog log;
  const SystemId a = log.systems.Intern("a"), b = log.systems.Intern("b");
  for (int i = 0; i < 3; ++i) log.battles.Add(a, b, Outcome::kFirstWins);
  log.battles.Add(a, b, Outcome::kSecondWins);
  auto model = MakeRatingModel("bradley-terry", RatingModelOptions());
  ASSERT_TRUE(model.ok());
  RatingInput input;
  input.num_systems = 2;
  input.comparisons = &log.battles;
  auto result = RateChecked(**model, input, 1);
  ASSERT_TRUE(result.ok());
  const Leaderboard board = RatedBattleLeaderboard("bradley-terry", log, *result, {});
  EXPECT_EQ(board.rankings, 4);
  EXPECT_EQ(board.entries[0].system, "a");
  EXPECT_NEAR(*board.entries[0].mu - *board.entries[1].mu, std::log(3.0), 1e-9);
}

}  // namespace
}  // namespace tourney
