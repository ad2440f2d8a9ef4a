// TrueSkill as a RatingModel (trueskill_model.h).
#include "tourney/selection/trueskill_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "test_util.h"
#include "tourney/core/pair_counts.h"
#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

using Selection = TrueSkillModelOptions::Selection;
using Mode = TrueSkillModelOptions::Mode;

// Kendall's tau-a between two score vectors (pairs tied in either count as neither).
double KendallTau(const std::vector<double>& x, const std::vector<double>& y) {
  const size_t n = x.size();
  double concordant = 0, discordant = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const double s = (x[i] - x[j]) * (y[i] - y[j]);
      concordant += s > 0;
      discordant += s < 0;
    }
  }
  return (concordant - discordant) / (n * (n - 1) / 2.0);
}

std::vector<double> Scores(const RatingResult& r) {
  std::vector<double> s;
  for (const SystemRating& x : r.ratings) s.push_back(x.score);
  return s;
}

StatusOr<RatingResult> RateWith(const TrueSkillModelOptions& options, const Judgments& j,
                                uint64_t seed) {
  auto model = MakeTrueSkillModel(options);
  if (!model.ok()) return model.status();
  return (*model)->Rate({j.num_systems(), &j.comparisons(), &j}, seed);
}

TEST(TrueSkillModel, AgreesWithExpectedWinsOnWmt13FrEn) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  Judgments judgments;
  ASSERT_TRUE(ReadJudgmentsFile(testing::SharedPath("data/wmt13-fr-en/train.csv"), ReadOptions(),
                                &judgments, nullptr)
                  .ok());
  ASSERT_EQ(judgments.num_systems(), 13);
  const std::vector<double> expected_wins = ExpectedWinsScores(
      PairCounts::FromComparisons(13, judgments.comparisons()), ExpectedWinsVariant::kExcludeTies);
  // The defaults of `tourney rank --model trueskill --seed 1`.
  auto result = RateWith(TrueSkillModelOptions(), judgments, 1);
  ASSERT_TRUE(result.ok()) << result.status().message();
  const double tau = KendallTau(Scores(*result), expected_wins);
  std::printf("Kendall tau against Expected Wins: %.3f\n", tau);
  EXPECT_GE(tau, 0.8);
  // The sequential pairwise mode agrees as well.
  TrueSkillModelOptions sequential;
  sequential.selection = Selection::kNone;
  auto seq = RateWith(sequential, judgments, 1);
  ASSERT_TRUE(seq.ok());
  EXPECT_GE(KendallTau(Scores(*seq), expected_wins), 0.8);
}

TEST(TrueSkillModel, RecoversTheHiddenOrderOfASimulatedCampaign) {
  CampaignOptions campaign;
  campaign.systems = 10;
  campaign.rankings = 3000;
  campaign.seed = 21;
  auto sim = SimulateCampaign(campaign);
  ASSERT_TRUE(sim.ok());
  for (Selection selection : {Selection::kTrueSkill, Selection::kUniform, Selection::kNone}) {
    TrueSkillModelOptions options;
    options.selection = selection;
    auto result = RateWith(options, sim->judgments, 3);
    ASSERT_TRUE(result.ok()) << result.status().message();
    EXPECT_GE(KendallTau(Scores(*result), sim->quality), 0.8) << static_cast<int>(selection);
    for (const SystemRating& r : result->ratings) {
      EXPECT_EQ(r.score, r.mu);
      EXPECT_GT(r.sigma, 0.0);
      EXPECT_LT(r.sigma, 0.5);
    }
  }
}

TEST(TrueSkillModel, SelectionRunsDependOnlyOnTheSeed) {
  CampaignOptions campaign;
  campaign.systems = 6;
  campaign.rankings = 300;
  auto sim = SimulateCampaign(campaign);
  ASSERT_TRUE(sim.ok());
  const TrueSkillModelOptions options;
  auto a = RateWith(options, sim->judgments, 9);
  auto b = RateWith(options, sim->judgments, 9);
  auto c = RateWith(options, sim->judgments, 10);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(Scores(*a), Scores(*b));
  EXPECT_NE(Scores(*a), Scores(*c));
}

TEST(TrueSkillModel, SelfSamplingOnlyWithASelector) {
  TrueSkillModelOptions options;
  EXPECT_TRUE((*MakeTrueSkillModel(options))->self_sampling());
  options.selection = Selection::kUniform;
  EXPECT_TRUE((*MakeTrueSkillModel(options))->self_sampling());
  options.selection = Selection::kNone;
  EXPECT_FALSE((*MakeTrueSkillModel(options))->self_sampling());
  EXPECT_EQ((*MakeTrueSkillModel(options))->name(), "trueskill");
}

TEST(TrueSkillModel, BetaDefaultsFollowTheMode) {
  TrueSkillModelOptions options;
  options.sigma = 0.5;
  EXPECT_DOUBLE_EQ(ResolveTrueSkillOptions(options, 99960).beta, 0.5 * 99960 / 40.0);
  options.budget = 4000;
  EXPECT_DOUBLE_EQ(ResolveTrueSkillOptions(options, 99960).beta, 50.0);
  options.selection = Selection::kNone;
  EXPECT_DOUBLE_EQ(ResolveTrueSkillOptions(options, 99960).beta, 0.25);
  options.beta = 2.0;
  EXPECT_DOUBLE_EQ(ResolveTrueSkillOptions(options, 99960).beta, 2.0);
}

TEST(TrueSkillModel, RejectsUnworkableOptions) {
  TrueSkillModelOptions ffa_with_selection;
  ffa_with_selection.mode = Mode::kFreeForAll;
  EXPECT_EQ(MakeTrueSkillModel(ffa_with_selection).status().code(), StatusCode::kInvalidArgument);
  TrueSkillModelOptions negative_budget;
  negative_budget.budget = -5;
  EXPECT_EQ(MakeTrueSkillModel(negative_budget).status().code(), StatusCode::kInvalidArgument);
  TrueSkillModelOptions bad_sigma;
  bad_sigma.sigma = 0;
  EXPECT_EQ(MakeTrueSkillModel(bad_sigma).status().code(), StatusCode::kInvalidArgument);
  // Free-for-all needs the rankings.
  TrueSkillModelOptions ffa;
  ffa.selection = Selection::kNone;
  ffa.mode = Mode::kFreeForAll;
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  auto model = MakeTrueSkillModel(ffa);
  ASSERT_TRUE(model.ok());
  EXPECT_EQ((*model)->Rate({2, &c, nullptr}, 1).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace tourney
