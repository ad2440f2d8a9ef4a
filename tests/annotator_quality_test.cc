// Quality-control statistics of annotators: check outcomes, agreement and timing, against
// values worked out by hand.
#include "tourney/statistics/annotator_quality.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "tourney/core/random.h"

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

// Control checks on two-way matches: a pass multiplies the likelihood ratio by
// 0.9 / 0.5 = 1.8, a failure by 0.1 / 0.5 = 0.2; the boundaries are ln 19 = 2.944 and
// -2.944. P P F P P P P P P: after eight checks 7 ln 1.8 + ln 0.2 = 2.505, after nine
// 8 ln 1.8 + ln 0.2 = 3.093: pass after nine. Two failures in a row: 2 ln 0.2 = -3.219,
// fail after two. Five-way matches: a pass is worth 0.9 / 0.2 = 4.5, and two passes,
// 2 ln 4.5 = 3.008, decide.
TEST(AnnotatorQuality, SequentialDecisionByHand) {
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B");
  std::vector<SystemId> five;
  for (const char* n : {"A", "B", "C", "D", "E"}) five.push_back(j.systems().Intern(n));
  std::vector<JudgmentQuality> q;
  auto control = [&](const std::string& who, bool passed, const std::vector<SystemId>& s) {
    std::vector<uint8_t> ranks(s.size());
    for (size_t i = 0; i < s.size(); ++i) ranks[i] = static_cast<uint8_t>(i + 1);
    j.AddRanking(s, ranks, {}, -1, j.InternJudge(who));
    q.push_back({QualityCheck::kControl, passed, 0, 0});
  };
  const std::vector<SystemId> two = {a, b};
  for (bool p : {true, true, false, true, true, true, true, true, true, false, false, false}) {
    control("reader", p, two);  // the last three come after the decision: it stands
  }
  control("skimmer", false, two);
  control("skimmer", false, two);
  control("five", true, five);
  control("five", true, five);
  control("short", true, two);
  auto result = ComputeAnnotatorQuality(j, q);
  ASSERT_TRUE(result.ok());
  std::map<std::string, AnnotatorQuality> by;
  for (const AnnotatorQuality& x : *result) by[x.annotator] = x;
  EXPECT_EQ(by["reader"].decision, AnnotatorDecision::kPass);
  EXPECT_EQ(by["reader"].decided_after, 9);
  EXPECT_NEAR(by["reader"].log_likelihood_ratio, 8 * std::log(1.8) + std::log(0.2), 1e-12);
  EXPECT_EQ(by["reader"].control_checks, 12);
  EXPECT_EQ(by["reader"].control_passed, 8);
  EXPECT_EQ(by["skimmer"].decision, AnnotatorDecision::kFail);
  EXPECT_EQ(by["skimmer"].decided_after, 2);
  EXPECT_EQ(by["five"].decision, AnnotatorDecision::kPass);
  EXPECT_EQ(by["five"].decided_after, 2);
  EXPECT_EQ(by["short"].decision, AnnotatorDecision::kUndecided);
  EXPECT_EQ(by["short"].decided_after, 0);
  EXPECT_STREQ(AnnotatorDecisionName(by["short"].decision), "undecided");
  EXPECT_STREQ(AnnotatorDecisionName(by["skimmer"].decision), "fail");
}

// The decision's error rates under continuous use: 2,000 simulated annotators of each kind
// give 300 two-way control checks each. One who does not read passes a check with
// probability 1/2 and must pass the test at most about 5% of the time (Wald: alpha /
// (1 - beta) = 5.3%); one who reads, passing 90% of checks, must fail at most about 5%.
TEST(AnnotatorQuality, SequentialDecisionKeepsItsErrorRates) {
  for (const double rate : {0.5, 0.9}) {
    Judgments j;
    const std::vector<SystemId> two = {j.systems().Intern("A"), j.systems().Intern("B")};
    std::vector<JudgmentQuality> q;
    Rng rng(rate < 0.7 ? 41 : 43);
    constexpr int kAnnotators = 2000;
    for (int a = 0; a < kAnnotators; ++a) {
      const int32_t judge = j.InternJudge("a" + std::to_string(a));
      for (int c = 0; c < 300; ++c) {
        j.AddRanking(two, std::vector<uint8_t>{1, 2}, {}, -1, judge);
        q.push_back({QualityCheck::kControl, rng.Uniform() < rate, 0, 0});
      }
    }
    auto result = ComputeAnnotatorQuality(j, q);
    ASSERT_TRUE(result.ok());
    int wrong = 0, undecided = 0;
    for (const AnnotatorQuality& x : *result) {
      const AnnotatorDecision right = rate < 0.7 ? AnnotatorDecision::kFail : AnnotatorDecision::kPass;
      if (x.decision == AnnotatorDecision::kUndecided) ++undecided;
      else if (x.decision != right) ++wrong;
    }
    EXPECT_LE(wrong, kAnnotators * 0.06) << "rate " << rate;
    EXPECT_EQ(undecided, 0) << "rate " << rate;  // 300 checks always decide
  }
}

}  // namespace
}  // namespace tourney
