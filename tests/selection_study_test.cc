#include "tourney/experiments/selection_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <optional>

#include "test_util.h"
#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

using Selection = TrueSkillModelOptions::Selection;

Judgments Simulated(int systems, int64_t rankings, double spread, uint64_t seed) {
  CampaignOptions o;
  o.systems = systems;
  o.rankings = rankings;
  o.quality_sd = spread;
  o.k = std::min(5, systems);
  o.seed = seed;
  return std::move(SimulateCampaign(o)->judgments);
}

TEST(MeanRankDistance, HandExample) {
  std::vector<SelectionStep> steps(3);
  steps[0].first = 0, steps[0].second = 1;  // ranks 1, 3 -> 2
  steps[1].first = 2, steps[1].second = 1;  // ranks 2, 3 -> 1
  steps[2].first = 0, steps[2].second = 2;  // ranks 1, 2 -> 1
  const std::vector<int> rank_of = {1, 3, 2};
  EXPECT_DOUBLE_EQ(MeanRankDistance(steps, 0, 3, rank_of), 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(MeanRankDistance(steps, 1, 3, rank_of), 1.0);
  EXPECT_DOUBLE_EQ(MeanRankDistance(steps, 3, 3, rank_of), 0.0);
}

TEST(SelectionStudy, MatricesAreSymmetricAndCountEverySelection) {
  const Judgments j = Simulated(6, 400, 0.5, 2);
  SelectionStudyOptions o;
  o.trueskill.selection = Selection::kTrueSkill;
  o.trueskill.budget = 1000;
  o.window = 200;
  auto s = RunSelectionStudy(6, j.comparisons(), o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->steps.size(), 1000u);
  const auto sum = [](const std::vector<int64_t>& m) {
    return std::accumulate(m.begin(), m.end(), int64_t{0});
  };
  EXPECT_EQ(sum(s->all), 2000);
  EXPECT_EQ(sum(s->first), 400);
  EXPECT_EQ(sum(s->last), 400);
  for (size_t a = 0; a < 6; ++a) {
    EXPECT_EQ(s->all[a * 6 + a], 0);
    for (size_t b = 0; b < 6; ++b) EXPECT_EQ(s->all[a * 6 + b], s->all[b * 6 + a]);
  }
  // `order` is by final mu, best first, and rank_of inverts it.
  for (size_t i = 0; i + 1 < s->order.size(); ++i) {
    EXPECT_GE(s->ratings[s->order[i]].mu, s->ratings[s->order[i + 1]].mu);
    EXPECT_EQ(s->rank_of[s->order[i]], static_cast<int>(i + 1));
  }
  // Same seed, same run.
  auto again = RunSelectionStudy(6, j.comparisons(), o);
  EXPECT_EQ(again->all, s->all);
}

TEST(SelectionStudy, RejectsBadWindowAndNoSelector) {
  const Judgments j = Simulated(4, 50, 0.5, 3);
  SelectionStudyOptions o;
  o.trueskill.budget = 10;
  o.window = 11;
  EXPECT_FALSE(RunSelectionStudy(4, j.comparisons(), o).ok());
  o.window = 2;
  o.trueskill.selection = Selection::kNone;
  EXPECT_FALSE(RunSelectionStudy(4, j.comparisons(), o).ok());
}

// Ratio of the last-20% mean rank distance, TrueSkill selection over uniform selection.
double DistanceRatio(const Judgments& j, std::optional<double> beta, uint64_t seed = 11) {
  double d[2];
  for (int i = 0; i < 2; ++i) {
    SelectionStudyOptions o;
    o.trueskill.selection = i == 0 ? Selection::kTrueSkill : Selection::kUniform;
    o.trueskill.beta = beta;
    o.seed = seed;
    auto s = RunSelectionStudy(j.num_systems(), j.comparisons(), o);
    EXPECT_TRUE(s.ok());
    const size_t n = s->steps.size();
    d[i] = MeanRankDistance(s->steps, n - n / 5, n, s->rank_of);
  }
  return d[0] / d[1];
}

// Paper §5 / Figure 7: in the last 20% of selections TrueSkill asks for close matches. On the
// WMT13 fr-en pool the mean rank distance of its pairs is at most 0.7x that of uniform
// selection once the ratings spread on the scale p_hat_draw = exp(-|mu_a - mu_b|) reads
// (beta 5 and 25). With the paper's recency-cancelling beta = sigma0 * budget / 40 the means
// stay within about +-0.6, so exp(-|d mu|) barely discriminates: the preference is still
// there but weak.
TEST(SelectionStudy, TrueSkillConcentratesOnCloseMatchesOnWmt13) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  Judgments j;
  ASSERT_TRUE(ReadJudgmentsFile(testing::SharedPath("data/wmt13-fr-en/train.csv"), ReadOptions(),
                                &j, nullptr)
                  .ok());
  EXPECT_LE(DistanceRatio(j, 25.0), 0.7);
  EXPECT_LE(DistanceRatio(j, 5.0), 0.7);
  // At the paper's beta the preference is weak: no fixed threshold (one tuned to a seed's
  // output would prove nothing), but over 8 seeds the mean ratio must lie below 1 by more
  // than 3 standard errors, i.e. the concentration is real, however small.
  constexpr int kSeeds = 8;
  double sum = 0, sum_sq = 0;
  for (int s = 0; s < kSeeds; ++s) {
    const double r = DistanceRatio(j, std::nullopt, 100 + static_cast<uint64_t>(s));
    sum += r;
    sum_sq += r * r;
  }
  const double mean = sum / kSeeds;
  const double se = std::sqrt((sum_sq - kSeeds * mean * mean) / (kSeeds - 1) / kSeeds);
  EXPECT_LT(mean + 3.0 * se, 1.0) << "mean " << mean << " se " << se;
}

TEST(ClustersVsData, MoreDataSeparatesWellSpacedSystems) {
  // Five systems one unit apart: a little data cannot separate them all, a lot can.
  CampaignOptions c;
  c.systems = 5;
  c.rankings = 6000;
  c.seed = 5;
  auto campaign = SimulateCampaign(c);
  ASSERT_TRUE(campaign.ok());
  // Replace the drawn qualities by a fixed ladder and regenerate the ranks.
  Judgments j;
  for (int i = 0; i < 5; ++i) j.systems().Intern(campaign->judgments.systems().Name(i));
  Rng rng(9);
  std::vector<uint8_t> ranks;
  for (size_t r = 0; r < campaign->judgments.num_rankings(); ++r) {
    const RankingView v = campaign->judgments.ranking(r);
    std::vector<double> q;
    for (SystemId s : v.systems) q.push_back(1.0 * s);
    SimulateRanks(q, c, rng, &ranks);
    j.AddRanking(v.systems, ranks);
  }
  ClusterCurveModel ew;
  ew.name = "expected-wins";
  ew.make = [](int64_t) -> StatusOr<std::unique_ptr<RatingModel>> {
    return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  };
  ClusterCurveOptions o;
  o.amounts = {20, 50000};
  o.replicates = 200;
  auto curves = ClustersVsData(j, {ew}, o);
  ASSERT_TRUE(curves.ok()) << curves.status().message();
  EXPECT_LT(curves->clusters[0][0], 5);
  EXPECT_EQ(curves->clusters[0][1], 5);
  o.amounts = {60001};
  EXPECT_FALSE(ClustersVsData(j, {ew}, o).ok());
}

TEST(JudgmentsFromComparisons, KeepsIdsAndOutcomes) {
  const Judgments j = Simulated(4, 20, 0.5, 1);
  const std::vector<uint32_t> chosen = {0, 5, 7};
  const Judgments sub = JudgmentsFromComparisons(j.systems(), j.comparisons(), chosen);
  ASSERT_EQ(sub.comparisons().size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(sub.comparisons().first[i], j.comparisons().first[chosen[i]]);
    EXPECT_EQ(sub.comparisons().second[i], j.comparisons().second[chosen[i]]);
    EXPECT_EQ(sub.comparisons().outcome[i], j.comparisons().outcome[chosen[i]]);
  }
  EXPECT_EQ(sub.num_systems(), 4);
}

}  // namespace
}  // namespace tourney
