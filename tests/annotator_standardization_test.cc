// Per-annotator standardisation of a scoring campaign's scores, against z-scores worked out
// by hand: the estimates of the standardised snapshot are the means of the z-scores (the
// plain mean under the random design), annotators without a z are left out and counted.
#include "tourney/campaigns/annotator_standardization.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tourney/ingest/scored_segment_reader.h"

namespace tourney {
namespace {

// Systems A and B on five segments of one document; B's s4 scored 90 in the table.
constexpr const char* kTable =
    "system\tdoc\tseg\tmqm\tm\n"
    "A\td\ts0\tNone\t0.1\nA\td\ts1\tNone\t0.4\nA\td\ts2\tNone\t0.2\n"
    "A\td\ts3\tNone\t0.9\nA\td\ts4\tNone\t0.5\n"
    "B\td\ts0\tNone\t0.3\nB\td\ts1\tNone\t0.6\nB\td\ts2\tNone\t0.25\n"
    "B\td\ts3\tNone\t0.8\nB\td\ts4\t90\t0.55\n";

std::unique_ptr<ScoringCampaign> Make() {
  ScoredSegmentReadOptions o;
  o.metric_columns = {"m"};
  auto t = ParseScoredSegments(kTable, "table", o);
  EXPECT_TRUE(t.ok()) << t.status().message();
  ScoringCampaignConfig c;
  c.table = *t;
  c.design = Design::kRandom;
  c.estimator = EstimatorSpec{};
  c.bound = BoundKind::kClt;
  auto r = ScoringCampaign::Create(std::move(c));
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(*r) : nullptr;
}

TEST(AnnotatorStandardization, OnlyFixedSampleBoundsGoWithIt) {
  EXPECT_TRUE(CheckStandardizedBound(BoundKind::kClt).ok());
  EXPECT_TRUE(CheckStandardizedBound(BoundKind::kCltT).ok());
  EXPECT_TRUE(CheckStandardizedBound(BoundKind::kBootstrapT).ok());
  EXPECT_FALSE(CheckStandardizedBound(BoundKind::kHoeffding).ok());
  EXPECT_FALSE(CheckStandardizedBound(BoundKind::kBernstein).ok());
  EXPECT_FALSE(CheckStandardizedBound(BoundKind::kBettingCs).ok());
  EXPECT_FALSE(CheckStandardizedBound(BoundKind::kCvCs).ok());
}

TEST(AnnotatorStandardization, EstimatesAreMeansOfTheZScores) {
  auto c = Make();
  ASSERT_NE(c, nullptr);
  // Segment indices: s0 = 0 ... s4 = 4.
  const std::vector<std::pair<ItemScore, std::string>> given = {
      {{{0, 0}, 80}, "ann1"}, {{{0, 1}, 60}, "ann1"}, {{{1, 0}, 70}, "ann1"},
      {{{1, 1}, 50}, "ann1"}, {{{0, 2}, 40}, "ann2"}, {{{1, 2}, 10}, "ann2"},
      {{{1, 3}, 30}, "ann2"}, {{{0, 3}, 55}, "ann3"}};
  std::vector<std::string> annotators;
  for (const auto& [score, who] : given) {
    ASSERT_TRUE(c->ApplyScore(score).ok());
    annotators.push_back(who);
  }
  ScoringSnapshot snapshot = c->Snapshot();
  std::vector<std::string> warnings;
  ASSERT_TRUE(StandardizeSnapshot(*c, c->scores(), annotators, &snapshot, &warnings).ok());
  // ann1: 80 60 70 50, mean 65, SD sqrt(500/3). ann2: 40 10 30, mean 80/3, SD
  // sqrt(((40/3)^2 + (50/3)^2 + (10/3)^2) / 2) = sqrt(700/3). The table's one score (B s4 =
  // 90) and ann3's one score (A s3 = 55) have no z.
  const double sd1 = std::sqrt(500.0 / 3.0), sd2 = std::sqrt(700.0 / 3.0);
  const double a = (15 / sd1 + -5 / sd1 + (40 - 80.0 / 3) / sd2) / 3;
  const double b = (5 / sd1 + -15 / sd1 + (10 - 80.0 / 3) / sd2 + (30 - 80.0 / 3) / sd2) / 4;
  auto e = c->EstimateFrom(snapshot);
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_EQ((*e)[0].scored, 3);
  EXPECT_EQ((*e)[1].scored, 4);
  EXPECT_NEAR((*e)[0].value, a, 1e-12);
  EXPECT_NEAR((*e)[1].value, b, 1e-12);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("2 score(s) of 2 annotator(s)", 0), 0u) << warnings[0];
  // Raw, the estimates would be the plain means: A (80 + 60 + 40 + 55) / 4.
  auto raw = c->Estimate();
  ASSERT_TRUE(raw.ok());
  EXPECT_NEAR((*raw)[0].value, 235.0 / 4, 1e-12);
}

TEST(AnnotatorStandardization, MismatchedInputsAreRefused) {
  auto c = Make();
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ApplyScore({{0, 0}, 1}).ok());
  ScoringSnapshot snapshot = c->Snapshot();
  EXPECT_FALSE(StandardizeSnapshot(*c, c->scores(), {}, &snapshot, nullptr).ok());
  ScoringSnapshot other;
  std::vector<std::string> who = {"x"};
  EXPECT_FALSE(StandardizeSnapshot(*c, c->scores(), who, &other, nullptr).ok());
}

}  // namespace
}  // namespace tourney
