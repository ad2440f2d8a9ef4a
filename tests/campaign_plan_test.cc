// Campaign plans: the pilot drawn from a complete table, the hot-deck completion by hand,
// and the errors.
#include "tourney/experiments/campaign_plan.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sampling_test_util.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney {
namespace {

TEST(CampaignPlan, APilotKeepsTheSameSegmentsForEverySystem) {
  const ScoredSegments full = testing::SyntheticScored(3, 20, 2);
  const int segments = static_cast<int>(full.segment_ids.size());
  auto pilot = TakePilot(full, 0.25, 7);
  ASSERT_TRUE(pilot.ok());
  std::set<int> kept;
  for (size_t s = 0; s < pilot->systems.size(); ++s) {
    std::set<int> mine;
    for (int r = 0; r < pilot->systems[s].size(); ++r) {
      if (!pilot->systems[s].annotated[r]) continue;
      mine.insert(pilot->systems[s].segment[r]);
      EXPECT_EQ(pilot->systems[s].human[r], full.systems[s].human[r]);
    }
    if (s == 0) kept = mine;
    EXPECT_EQ(mine, kept);
  }
  EXPECT_EQ(static_cast<int>(kept.size()), static_cast<int>(std::lround(0.25 * segments)));
  EXPECT_FALSE(TakePilot(full, 0.0, 1).ok());
  EXPECT_FALSE(TakePilot(full, 1.5, 1).ok());
}

TEST(CampaignPlan, TheNearestDonorFillsEachItem) {
  // One metric equal to the score; pilot scores 0, 4 and 10 on segments s0, s1, s2. With one
  // donor each unscored segment takes the score of the pilot segment nearest in the metric
  // (standardised, so the order of distances is the raw metric's): m = 1 -> 0, m = 3 -> 4,
  // m = 6 -> 4, m = 8 -> 10.
  const std::string text =
      "system\tdoc\tseg\tmqm\tm\n"
      "A\td\ts0\t0\t0\nA\td\ts1\t4\t4\nA\td\ts2\t10\t10\n"
      "A\td\ts3\tNone\t1\nA\td\ts4\tNone\t3\nA\td\ts5\tNone\t6\nA\td\ts6\tNone\t8\n";
  ScoredSegmentReadOptions ro;
  ro.metric_columns = {"m"};
  auto pilot = ParseScoredSegments(text, "pilot", ro);
  ASSERT_TRUE(pilot.ok()) << pilot.status().message();
  auto full = CompletePilot(*pilot, 1, 3);
  ASSERT_TRUE(full.ok()) << full.status().message();
  const std::vector<double> expected = {0, 4, 10, 0, 4, 4, 10};
  for (int r = 0; r < 7; ++r) {
    EXPECT_TRUE(full->systems[0].annotated[r]);
    EXPECT_EQ(full->systems[0].human[r], expected[r]) << "row " << r;
  }
  // With every pilot item a donor, each filled score is one of the pilot's.
  auto wide = CompletePilot(*pilot, 10, 3);
  ASSERT_TRUE(wide.ok());
  for (int r = 3; r < 7; ++r) {
    const double x = wide->systems[0].human[r];
    EXPECT_TRUE(x == 0 || x == 4 || x == 10) << x;
  }
}

TEST(CampaignPlan, ForecastsAreFromTheDefaultPolicyAndNeedTwoPilotScores) {
  const ScoredSegments full = testing::SyntheticScored(3, 30, 4);
  auto pilot = TakePilot(full, 0.3, 2);
  ASSERT_TRUE(pilot.ok());
  CampaignPlanOptions o;
  o.goal.kind = ReplayGoalKind::kTolerance;
  o.goal.tolerance = 0.4;
  o.imputations = 2;
  o.replays_per_imputation = 2;
  o.lower_is_better = true;
  auto plan = PlanCampaign(*pilot, o);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  EXPECT_GT(plan->items_pct, 0.0);
  EXPECT_LE(plan->items_pct, 100.0);
  EXPECT_LE(plan->items_pct_min, plan->items_pct);
  EXPECT_GE(plan->items_pct_max, plan->items_pct);
  int64_t pilot_items = 0;
  for (const SystemSegments& s : pilot->systems) pilot_items += s.num_annotated();
  EXPECT_EQ(plan->pilot_items, pilot_items);
  auto tiny = TakePilot(full, 1.0 / 1000, 2);  // 2 segments: 2 scores per system, enough
  ASSERT_TRUE(tiny.ok());
  EXPECT_TRUE(PlanCampaign(*tiny, o).ok());
  ScoredSegments one = *tiny;
  for (int r = 0, seen = 0; r < one.systems[1].size(); ++r) {
    if (one.systems[1].annotated[r] && seen++ > 0) one.systems[1].annotated[r] = 0;
  }
  auto refused = PlanCampaign(one, o);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("has 1 score; a plan needs at least 2"),
            std::string::npos)
      << refused.status().message();
}

}  // namespace
}  // namespace tourney
