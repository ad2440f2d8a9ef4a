// Quality-control statistics of annotators: check outcomes, agreement and timing, against
// values worked out by hand.
#include "tourney/statistics/annotator_quality.h"

#include <gtest/gtest.h>

#include <vector>

namespace tourney {
namespace {

TEST(AnnotatorQuality, RepeatPassesUnlessAPairIsReversed) {
  const std::vector<uint8_t> original = {1, 2, 3};
  EXPECT_TRUE(RepeatCheckPasses(original, std::vector<uint8_t>{1, 2, 3}));
  EXPECT_TRUE(RepeatCheckPasses(original, std::vector<uint8_t>{1, 1, 3}));  // a tie is tolerated
  EXPECT_TRUE(RepeatCheckPasses(std::vector<uint8_t>{2, 2}, std::vector<uint8_t>{1, 2}));
  EXPECT_FALSE(RepeatCheckPasses(original, std::vector<uint8_t>{1, 3, 2}));  // 2nd/3rd swapped
  EXPECT_FALSE(RepeatCheckPasses(std::vector<uint8_t>{1, 2}, std::vector<uint8_t>{2, 1}));
}

TEST(AnnotatorQuality, ControlPassesOnlyWhenStrictlyLast) {
  EXPECT_TRUE(ControlCheckPasses(std::vector<uint8_t>{1, 2, 3}, 2));
  EXPECT_TRUE(ControlCheckPasses(std::vector<uint8_t>{3, 1, 2}, 0));
  EXPECT_FALSE(ControlCheckPasses(std::vector<uint8_t>{3, 1, 2}, 1));
  EXPECT_FALSE(ControlCheckPasses(std::vector<uint8_t>{1, 3, 3}, 2));  // tied with another
  EXPECT_FALSE(ControlCheckPasses(std::vector<uint8_t>{2, 2}, 0));
}

// Two annotators, x and y, on two items (segment 1: A vs B; segment 2: B vs C):
//   1 x seg1 A<B (A better)   leased 1000, committed 4000 (3 s)
//   2 x seg1 tie              repeat of 1, passed (a tie reverses nothing); 1 s
//   3 x seg2 C better         no lease time
//   4 x seg2 B better         repeat of 3, failed (reversed)
//   5 y seg1 A better         control check with B as control, passed
//   6 y seg2 C better         leased 20000, committed 26000 (6 s)
//   7 (no annotator) seg1     left out of everything
// Intra (x): two pairs of own labels, both disagreeing: pA = 0; x's labels in those groups
//   are 4 with 1 tie: pE = (1/4)^2 + 2 (3/8)^2 = 22/64; kappa = -(22/64)/(42/64) = -11/21.
// Inter: 6 labels, 1 tie: pE = (1/6)^2 + 2 (5/12)^2 = 54/144 = 0.375. x against y: on each
//   item x's two labels against y's one: 2 pairs, 1 agreeing; pA = 2/4 = 0.5, kappa =
//   (0.5 - 0.375) / 0.625 = 0.2. y against x: the same pairs, kappa 0.2.
TEST(AnnotatorQuality, HandComputedTwoAnnotatorCampaign) {
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B"),
                 c = j.systems().Intern("C");
  const int32_t x = j.InternJudge("x"), y = j.InternJudge("y");
  auto add = [&](std::vector<SystemId> s, std::vector<uint8_t> r, int64_t seg, int32_t judge) {
    j.AddRanking(s, r, {}, seg, judge);
  };
  add({a, b}, {1, 2}, 1, x);
  add({a, b}, {1, 1}, 1, x);
  add({b, c}, {2, 1}, 2, x);
  add({b, c}, {1, 2}, 2, x);
  add({a, b}, {1, 2}, 1, y);
  add({b, c}, {2, 1}, 2, y);
  add({a, b}, {2, 1}, 1, -1);
  std::vector<JudgmentQuality> q(7);
  q[0] = {QualityCheck::kNone, false, 1000, 4000};
  q[1] = {QualityCheck::kRepeat, true, 10000, 11000};
  q[3] = {QualityCheck::kRepeat, false, 0, 50000};
  q[4] = {QualityCheck::kControl, true, 0, 60000};
  q[5] = {QualityCheck::kNone, false, 20000, 26000};
  q[6] = {QualityCheck::kControl, false, 1, 2};  // no annotator: ignored

  auto result = ComputeAnnotatorQuality(j, q);
  ASSERT_TRUE(result.ok()) << result.status().message();
  ASSERT_EQ(result->size(), 2u);
  const AnnotatorQuality& qx = (*result)[0];
  const AnnotatorQuality& qy = (*result)[1];
  EXPECT_EQ(qx.annotator, "x");
  EXPECT_EQ(qx.judgments, 4);
  EXPECT_EQ(qx.checks_passed, 1);
  EXPECT_EQ(qx.checks_failed, 1);
  ASSERT_TRUE(qx.pass_rate.has_value());
  EXPECT_DOUBLE_EQ(*qx.pass_rate, 0.5);
  EXPECT_EQ(qx.intra.comparable, 2);
  EXPECT_EQ(qx.intra.agree, 0);
  ASSERT_TRUE(qx.intra_kappa.has_value());
  EXPECT_NEAR(*qx.intra_kappa, -11.0 / 21.0, 1e-12);
  EXPECT_EQ(qx.inter.comparable, 4);
  EXPECT_EQ(qx.inter.agree, 2);
  ASSERT_TRUE(qx.inter_kappa.has_value());
  EXPECT_NEAR(*qx.inter_kappa, 0.2, 1e-12);
  EXPECT_EQ(qx.timed_judgments, 2);
  ASSERT_TRUE(qx.mean_seconds_per_judgment.has_value());
  EXPECT_DOUBLE_EQ(*qx.mean_seconds_per_judgment, 2.0);

  EXPECT_EQ(qy.annotator, "y");
  EXPECT_EQ(qy.judgments, 2);
  EXPECT_EQ(qy.checks_passed, 1);
  EXPECT_EQ(qy.checks_failed, 0);
  EXPECT_DOUBLE_EQ(*qy.pass_rate, 1.0);
  EXPECT_FALSE(qy.intra_kappa.has_value());  // no repeats
  ASSERT_TRUE(qy.inter_kappa.has_value());
  EXPECT_NEAR(*qy.inter_kappa, 0.2, 1e-12);
  EXPECT_EQ(qy.timed_judgments, 1);
  EXPECT_DOUBLE_EQ(*qy.mean_seconds_per_judgment, 6.0);
}

TEST(AnnotatorQuality, NoChecksNoTimesNoAgreement) {
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B");
  const std::vector<SystemId> s = {a, b};
  j.AddRanking(s, std::vector<uint8_t>{1, 2}, {}, -1, j.InternJudge("solo"));
  auto result = ComputeAnnotatorQuality(j, std::vector<JudgmentQuality>(1));
  ASSERT_TRUE(result.ok());
  ASSERT_EQ(result->size(), 1u);
  EXPECT_EQ((*result)[0].judgments, 1);
  EXPECT_FALSE((*result)[0].pass_rate.has_value());
  EXPECT_FALSE((*result)[0].intra_kappa.has_value());
  EXPECT_FALSE((*result)[0].inter_kappa.has_value());
  EXPECT_FALSE((*result)[0].mean_seconds_per_judgment.has_value());
  EXPECT_FALSE(ComputeAnnotatorQuality(j, std::vector<JudgmentQuality>(2)).ok());
}

}  // namespace
}  // namespace tourney
