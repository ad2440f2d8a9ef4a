#include "tourney/statistics/evaluation.h"

#include <gtest/gtest.h>

#include "tourney/experiments/simulate.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

EvalModel ExpectedWins() {
  EvalModel m;
  m.name = "expected-wins";
  m.kind = PredictionKind::kWinnerOnly;
  m.make = [](size_t) -> StatusOr<std::unique_ptr<RatingModel>> {
    return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  };
  return m;
}

TEST(Evaluation, DeterministicOrderIsPredictedPerfectly) {
  // System 0 always beats 1, 1 always beats 2: Expected Wins ranks 0 > 1 > 2 from any subset
  // containing both pairs, and predicts every test comparison.
  Comparisons pool;
  for (int i = 0; i < 50; ++i) {
    pool.Add(0, 1, Outcome::kFirstWins);
    pool.Add(2, 1, Outcome::kSecondWins);
    pool.Add(0, 2, Outcome::kFirstWins);
  }
  EvalOptions o;
  o.sizes = {120};
  o.repeats = 3;
  auto report = RunEvaluation(3, pool, pool, pool, {ExpectedWins()}, o);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->rows.size(), 1u);
  EXPECT_DOUBLE_EQ(report->rows[0].accuracy, 1.0);
  EXPECT_DOUBLE_EQ(report->rows[0].accuracy_sd, 0.0);
  EXPECT_DOUBLE_EQ(report->upper_bound, 1.0);
}

TEST(Evaluation, SameSeedSameResultWhateverTheThreadCount) {
  CampaignOptions c;
  c.systems = 6;
  c.rankings = 600;
  auto campaign = SimulateCampaign(c);
  ASSERT_TRUE(campaign.ok());
  const Comparisons& all = campaign->judgments.comparisons();
  Comparisons train, test;
  SplitComparisons(all, 1000, 3, &train, &test);
  EXPECT_EQ(test.size(), 1000u);
  EXPECT_EQ(train.size(), all.size() - 1000);
  EvalOptions o;
  o.sizes = {100, 400};
  o.repeats = 4;
  o.threads = 1;
  auto one = RunEvaluation(6, train, test, test, {ExpectedWins()}, o);
  o.threads = 2;
  auto two = RunEvaluation(6, train, test, test, {ExpectedWins()}, o);
  ASSERT_TRUE(one.ok() && two.ok());
  for (size_t i = 0; i < one->rows.size(); ++i) {
    EXPECT_EQ(one->rows[i].accuracy, two->rows[i].accuracy);
    EXPECT_EQ(one->rows[i].accuracy_sd, two->rows[i].accuracy_sd);
  }
}

TEST(Evaluation, RejectsSizeLargerThanPool) {
  Comparisons pool;
  pool.Add(0, 1, Outcome::kTie);
  EvalOptions o;
  o.sizes = {5};
  auto r = RunEvaluation(2, pool, pool, pool, {ExpectedWins()}, o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "training size 5 exceeds the 1 training comparisons");
}

TEST(MakePredictor, UsesTheModelsVariance) {
  RatingResult r;
  r.ratings.resize(2);
  r.ratings[0].mu = 1.0;
  r.ratings[0].sigma = 0.5;
  r.ratings[0].score = 7.0;
  EXPECT_DOUBLE_EQ(MakePredictor(r, PredictionKind::kPerSystemVariance, 0.25).variance[0], 0.25);
  EXPECT_DOUBLE_EQ(MakePredictor(r, PredictionKind::kSharedVariance, 0.3).variance[0], 0.3);
  EXPECT_DOUBLE_EQ(MakePredictor(r, PredictionKind::kWinnerOnly, 0).mu[0], 7.0);
}

}  // namespace
}  // namespace tourney
