// Campaign replays: the census policy against hand-computed full-data scores, a tied pair
// that no board may separate, the goal's allocation against uniform serving, thread
// independence and the errors.
#include "tourney/experiments/campaign_replay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sampling_test_util.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney {
namespace {

const ReplayPolicyResult& Policy(const CampaignReplayResult& r, const std::string& name) {
  for (const ReplayPolicyResult& p : r.policies) {
    if (p.name == name) return p;
  }
  ADD_FAILURE() << "no policy " << name;
  return r.policies.front();
}

TEST(CampaignReplay, GoalsParse) {
  auto t = ParseReplayGoal("tolerance=0.25");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->kind, ReplayGoalKind::kTolerance);
  EXPECT_DOUBLE_EQ(t->tolerance, 0.25);
  EXPECT_EQ(ParseReplayGoal("settled")->kind, ReplayGoalKind::kSettled);
  EXPECT_EQ(ParseReplayGoal("top-1")->kind, ReplayGoalKind::kTopOne);
  for (const char* bad : {"tolerance=", "tolerance=0", "tolerance=-1", "tolerance=1x", "top-2", ""}) {
    auto g = ParseReplayGoal(bad);
    ASSERT_FALSE(g.ok()) << bad;
    EXPECT_NE(g.status().message().find("is not tolerance=T"), std::string::npos);
  }
}

TEST(CampaignReplay, AllIsACensusOfTheFullDataScores) {
  // Every item scored: the cv-cs intervals are the exact test-set means, so every system is
  // covered and every boundary between distinct full-data scores is separated, none wrongly.
  const ScoredSegments table = testing::SyntheticScored(4, 10, 5);
  std::vector<double> means;
  for (const SystemSegments& s : table.systems) {
    double sum = 0.0;
    for (double x : s.human) sum += x;
    means.push_back(sum / s.size());
  }
  std::vector<double> sorted = means;
  std::sort(sorted.begin(), sorted.end());
  int distinct = 0;
  for (size_t i = 0; i + 1 < sorted.size(); ++i) distinct += sorted[i] != sorted[i + 1];
  CampaignReplayOptions o;
  o.goal.kind = ReplayGoalKind::kSettled;
  o.policies = {"all"};
  o.replays = 3;
  o.lower_is_better = true;
  auto r = RunCampaignReplay(table, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  for (size_t s = 0; s < means.size(); ++s) EXPECT_NEAR(r->full_scores[s], means[s], 1e-12);
  EXPECT_EQ(r->full_separations, distinct);
  const ReplayPolicyResult& all = Policy(*r, "all");
  EXPECT_DOUBLE_EQ(all.items_pct, 100.0);
  EXPECT_DOUBLE_EQ(all.coverage_pct, 100.0);
  EXPECT_DOUBLE_EQ(all.wrong_pct, 0.0);
  EXPECT_DOUBLE_EQ(all.separations, distinct);
  EXPECT_DOUBLE_EQ(all.separations_curve.back(), distinct);
}

TEST(CampaignReplay, ATiedPairIsNeverSeparated) {
  // B's scores are A's in another order over the segments: the full-data means are equal,
  // so any separation is wrong. The board promises at most 5% of replays with one.
  std::string text = "system\tdoc\tseg\tmqm\tm\n";
  const int n = 66;  // six whole periods of 7i mod 11: the same multiset of scores
  for (int i = 0; i < n; ++i) {
    const int a = (i * 7) % 11;
    const std::string doc = "d" + std::to_string(i / 6), seg = std::to_string(i);
    text += "A\t" + doc + "\t" + seg + "\t" + std::to_string(a) + "\t" + std::to_string(a + (i % 3)) + "\n";
  }
  for (int i = 0; i < n; ++i) {
    const int b = ((i + 3) * 7) % 11;
    const std::string doc = "d" + std::to_string(i / 6), seg = std::to_string(i);
    text += "B\t" + doc + "\t" + seg + "\t" + std::to_string(b) + "\t" + std::to_string(b + (i % 2)) + "\n";
  }
  ScoredSegmentReadOptions ro;
  ro.metric_columns = {"m"};
  auto table = ParseScoredSegments(text, "tie", ro);
  ASSERT_TRUE(table.ok()) << table.status().message();
  CampaignReplayOptions o;
  o.goal.kind = ReplayGoalKind::kSettled;
  o.goal.epsilon = 0.5;
  o.replays = 40;
  o.check = 2;
  auto r = RunCampaignReplay(*table, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->full_scores[0], r->full_scores[1], 1e-12);
  EXPECT_EQ(r->full_separations, 0);
  for (const ReplayPolicyResult& p : r->policies) {
    EXPECT_LE(p.wrong_pct, 5.0) << p.name;
    EXPECT_GE(p.coverage_pct, 90.0) << p.name;
  }
  EXPECT_DOUBLE_EQ(Policy(*r, "all").separations, 0.0);
}

TEST(CampaignReplay, SystemsWithoutEverySegmentAreComparedOnTheSegmentsTheyShare) {
  // A scores 0 on s0..s9 and 10 on s10..s19 (full-data score 5); B has only s0..s9, at 5
  // each (also 5). On the segments they share B is 5 better: the census separates B above
  // A, which is right for the paired difference the board estimates, though their scores tie.
  std::string text = "system\tdoc\tseg\tmqm\n";
  for (int i = 0; i < 20; ++i) {
    text += "A\td\ts" + std::to_string(i) + (i < 10 ? "\t0\n" : "\t10\n");
  }
  for (int i = 0; i < 10; ++i) text += "B\td\ts" + std::to_string(i) + "\t5\n";
  auto table = ParseScoredSegments(text, "shared", {});
  ASSERT_TRUE(table.ok()) << table.status().message();
  CampaignReplayOptions o;
  o.goal.kind = ReplayGoalKind::kSettled;
  o.policies = {"all"};
  o.replays = 4;
  auto r = RunCampaignReplay(*table, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->full_scores[0], 5.0);
  EXPECT_DOUBLE_EQ(r->full_scores[1], 5.0);
  EXPECT_DOUBLE_EQ(r->policies[0].separations, 1.0);
  EXPECT_DOUBLE_EQ(r->policies[0].wrong_pct, 0.0);
}

TEST(CampaignReplay, ServingOnlyWhatIsUnreachedUsesFewerItems) {
  // Systems far apart in spread: the goal's allocation stops serving each system once it is
  // within ±t, uniform serving goes on until the last one is.
  const ScoredSegments table = testing::SyntheticScored(4, 60, 9);
  CampaignReplayOptions o;
  o.goal.kind = ReplayGoalKind::kTolerance;
  o.goal.tolerance = 0.3;
  o.policies = {"uniform", "default"};
  o.replays = 12;
  o.lower_is_better = true;
  auto r = RunCampaignReplay(table, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ReplayPolicyResult& uniform = Policy(*r, "uniform");
  const ReplayPolicyResult& def = Policy(*r, "default");
  EXPECT_DOUBLE_EQ(uniform.reached_pct, 100.0);
  EXPECT_DOUBLE_EQ(def.reached_pct, 100.0);
  EXPECT_LT(def.items_pct, uniform.items_pct);
  EXPECT_GE(def.coverage_pct, 95.0);
  EXPECT_GE(uniform.coverage_pct, 95.0);
  EXPECT_LE(def.items_pct_min, def.items_pct);
  EXPECT_GE(def.items_pct_max, def.items_pct);
}

TEST(CampaignReplay, ResultsDoNotDependOnThreads) {
  const ScoredSegments table = testing::SyntheticScored(3, 20, 4);
  CampaignReplayOptions o;
  o.goal.kind = ReplayGoalKind::kTopOne;
  o.replays = 6;
  o.threads = 1;
  auto one = RunCampaignReplay(table, o);
  o.threads = 2;
  auto two = RunCampaignReplay(table, o);
  ASSERT_TRUE(one.ok() && two.ok());
  for (size_t p = 0; p < one->policies.size(); ++p) {
    EXPECT_EQ(one->policies[p].items_pct, two->policies[p].items_pct);
    EXPECT_EQ(one->policies[p].separations, two->policies[p].separations);
    EXPECT_EQ(one->policies[p].separations_curve, two->policies[p].separations_curve);
  }
}

TEST(CampaignReplay, Errors) {
  ScoredSegments partial = testing::SyntheticScored(2, 5, 1, 0.5);
  CampaignReplayOptions o;
  o.replays = 2;
  auto missing = RunCampaignReplay(partial, o);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("has no human score"), std::string::npos);
  EXPECT_NE(missing.status().message().find("system 'S"), std::string::npos);
  const ScoredSegments full = testing::SyntheticScored(2, 5, 1);
  o.policies = {"all", "greedy"};
  auto policy = RunCampaignReplay(full, o);
  ASSERT_FALSE(policy.ok());
  EXPECT_NE(policy.status().message().find("unknown policy 'greedy'"), std::string::npos);
  o.policies = {"all"};
  o.score_min = 0.0;
  o.score_max = 0.5;  // the synthetic scores reach above
  auto range = RunCampaignReplay(full, o);
  ASSERT_FALSE(range.ok());
  EXPECT_NE(range.status().message().find("outside the declared"), std::string::npos);
}

}  // namespace
}  // namespace tourney
