// Simulated dynamic cESA campaigns (tourney/experiments/contrastive_simulation.h): the
// subset probabilities of weighted draws by hand, the screens the generator writes, and a
// small study (the 200-campaign figure is bench/cesa_coverage's).
#include "tourney/experiments/contrastive_simulation.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace tourney {
namespace {

TEST(ContrastiveSimulation, WeightedSubsetProbabilityByHand) {
  // Weights 1, 1, 2, pairs: {0,1} = 1/4*1/3 + 1/4*1/3 = 1/6; {0,2} = 1/4*2/3 + 2/4*1/2 = 5/12.
  const std::vector<double> w = {1, 1, 2};
  EXPECT_NEAR(WeightedSubsetProbability(w, {0, 1}), 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(WeightedSubsetProbability(w, {2, 0}), 5.0 / 12.0, 1e-15);
  EXPECT_NEAR(WeightedSubsetProbability(w, {0, 1, 2}), 1.0, 1e-15);
  // Equal weights: every 3-subset of 6 has probability 1 / C(6, 3) = 1/20.
  EXPECT_NEAR(WeightedSubsetProbability(std::vector<double>(6, 0.3), {1, 3, 5}), 0.05, 1e-15);
}

TEST(ContrastiveSimulation, ScreensFollowTheDynamicRule) {
  CesaSimulationOptions options;
  options.screens = 300;
  options.seed = 7;
  auto screens = SimulateDynamicCesa(options);
  ASSERT_TRUE(screens.ok()) << screens.status().message();
  ASSERT_EQ(screens->screens.size(), 300u);
  EXPECT_TRUE(CheckContrastiveScreens(*screens).ok());
  // Warm-up: the first screen draws 3 of 8 uniformly, 1 / C(8, 3) = 1/56.
  EXPECT_NEAR(screens->screens[0].selection_probability, 1.0 / 56.0, 1e-15);
  std::set<std::pair<int, int>> seen;  // (annotator, segment, system) once each
  for (const ContrastiveScreen& screen : screens->screens) {
    ASSERT_EQ(screen.answers.size(), 3u);
    EXPECT_GT(screen.selection_probability, 0.0);
    EXPECT_LE(screen.selection_probability, 1.0);
    for (const ScreenAnswer& a : screen.answers) {
      EXPECT_TRUE(seen.insert({screen.annotator * 1000 + screen.segment, a.system}).second);
    }
  }
  // The same seed, the same campaign.
  auto again = SimulateDynamicCesa(options);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->screens.back().answers[0].score, screens->screens.back().answers[0].score);
  options.k = 9;
  EXPECT_FALSE(SimulateDynamicCesa(options).ok());
}

TEST(ContrastiveSimulation, SmallStudyKeepsTheHonestBoardRight) {
  CesaSimulationOptions options;
  options.screens = 1500;
  options.annotators = 20;
  auto study = RunCesaStudy(options, 20);
  ASSERT_TRUE(study.ok()) << study.status().message();
  EXPECT_EQ(study->campaigns, 20);
  // At most 5% of campaigns wrong in expectation: 3 or more of 20 has probability < 8%
  // under that rate; the honest board must stay below it.
  EXPECT_LE(study->anytime.campaigns_wrong, 2);
  EXPECT_LE(study->cesa_clusters.campaigns_wrong, 2);
  EXPECT_GT(study->anytime.right, 0);
  EXPECT_EQ(study->anytime.distinct_pairs, 20 * 26);  // 28 pairs, 2 of them tied
}

}  // namespace
}  // namespace tourney
