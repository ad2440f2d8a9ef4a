#include "tourney/ingest/annotator_filter.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

Judgments ThreeAnnotators() {
  // ann: 3 rankings, bob: 1, cid: 2. Only bob ever saw system D.
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B"),
                 c = j.systems().Intern("C"), d = j.systems().Intern("D");
  const uint8_t r12[] = {1, 2};
  const int32_t ann = j.InternJudge("ann"), bob = j.InternJudge("bob"), cid = j.InternJudge("cid");
  const SystemId ab[] = {a, b}, bc[] = {b, c}, ca[] = {c, a}, ad[] = {a, d};
  j.AddRanking(ab, r12, {}, 1, ann);
  j.AddRanking(ad, r12, {}, 2, bob);
  j.AddRanking(bc, r12, {}, 3, ann);
  j.AddRanking(ca, r12, {}, 4, cid);
  j.AddRanking(ab, r12, {}, 5, cid);
  j.AddRanking(ca, r12, {}, 6, ann);
  j.dropped_blank = 3;
  return j;
}

TEST(AnnotatorFilter, EmptyFilterKeepsEverything) {
  const Judgments j = ThreeAnnotators();
  AnnotatorFilterReport report;
  auto out = FilterAnnotators(j, AnnotatorFilter(), &report);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->num_rankings(), 6u);
  EXPECT_EQ(out->comparisons().size(), 6u);
  EXPECT_EQ(report.removed_annotators, 0);
  EXPECT_EQ(out->dropped_blank, 3);
}

TEST(AnnotatorFilter, ExcludesNamedAnnotatorsAndTheirSystems) {
  const Judgments j = ThreeAnnotators();
  AnnotatorFilter f;
  f.exclude = {"bob"};
  AnnotatorFilterReport report;
  auto out = FilterAnnotators(j, f, &report);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->num_rankings(), 5u);
  EXPECT_EQ(out->num_systems(), 3);  // D was only bob's
  EXPECT_FALSE(out->systems().Find("D").has_value());
  EXPECT_EQ(report.removed_annotators, 1);
  EXPECT_EQ(report.removed_rankings, 1);
  EXPECT_EQ(report.kept_annotators, 2);
  // Order and segments are kept: ann's ranking of segment 3 is now the second.
  EXPECT_EQ(out->ranking(1).segment, 3);
  EXPECT_EQ(out->judges()[static_cast<size_t>(out->ranking(1).judge)], "ann");
}

TEST(AnnotatorFilter, MinimumRankings) {
  const Judgments j = ThreeAnnotators();
  AnnotatorFilter f;
  f.min_rankings = 3;
  AnnotatorFilterReport report;
  auto out = FilterAnnotators(j, f, &report);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->num_rankings(), 3u);  // ann's alone
  EXPECT_EQ(report.removed_annotators, 2);
  EXPECT_EQ(report.removed_rankings, 3);
}

TEST(AnnotatorFilter, UnknownNameIsAnError) {
  AnnotatorFilter f;
  f.exclude = {"dan"};
  auto out = FilterAnnotators(ThreeAnnotators(), f, nullptr);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "annotator 'dan' does not occur in the input");
}

TEST(AnnotatorFilter, FilteringEveryoneIsAnError) {
  AnnotatorFilter f;
  f.min_rankings = 100;
  EXPECT_FALSE(FilterAnnotators(ThreeAnnotators(), f, nullptr).ok());
}

TEST(AnnotatorFilter, NeedsAnnotatorIds) {
  Judgments j;
  const SystemId ab[] = {j.systems().Intern("A"), j.systems().Intern("B")};
  const uint8_t r[] = {1, 2};
  j.AddRanking(ab, r);
  AnnotatorFilter f;
  f.min_rankings = 1;
  EXPECT_FALSE(FilterAnnotators(j, f, nullptr).ok());
  EXPECT_TRUE(FilterAnnotators(j, AnnotatorFilter(), nullptr).ok());
}

TEST(AnnotatorFilter, KeepsSharedOutputsUncompared) {
  Judgments j;
  const SystemId ids[] = {j.systems().Intern("A"), j.systems().Intern("B"),
                          j.systems().Intern("C")};
  const uint8_t ranks[] = {1, 2, 2}, groups[] = {0, 1, 1};
  j.AddRanking(ids, ranks, groups, 1, j.InternJudge("ann"));
  auto out = FilterAnnotators(j, AnnotatorFilter(), nullptr);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->comparisons().size(), 2u);  // A-B, A-C; B and C share an output
}

}  // namespace
}  // namespace tourney
