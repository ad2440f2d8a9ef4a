#include "tourney/statistics/agreement.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "test_util.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/ingest/language_pair.h"

namespace tourney {
namespace {

// Adds one ranking of `names` (presentation order) with `ranks` and optional groups.
void Add(Judgments* j, int64_t segment, const std::string& judge, std::vector<std::string> names,
         std::vector<uint8_t> ranks, std::vector<uint8_t> groups = {}) {
  std::vector<SystemId> ids;
  for (const std::string& n : names) ids.push_back(j->systems().Intern(n));
  j->AddRanking(ids, ranks, groups, segment, j->InternJudge(judge));
}

// Worked by hand in the comments: three rankings of A, B, C for one segment, two by ann.
TEST(Agreement, HandComputedInterAndIntra) {
  Judgments j;
  Add(&j, 1, "ann", {"A", "B", "C"}, {1, 2, 2});  // AB: first, AC: first, BC: tie
  Add(&j, 1, "bob", {"A", "B", "C"}, {2, 1, 2});  // AB: second, AC: tie, BC: first
  Add(&j, 1, "ann", {"A", "B", "C"}, {1, 2, 3});  // AB: first, AC: first, BC: first
  auto r = ComputeAgreement(j, true);
  ASSERT_TRUE(r.ok());
  // Inter: every item has 3 labels (3 pairs), one agreeing pair each.
  EXPECT_EQ(r->inter.agree, 3);
  EXPECT_EQ(r->inter.comparable, 9);
  EXPECT_EQ(r->inter.ties, 2);
  EXPECT_EQ(r->inter.labels, 9);
  EXPECT_NEAR(*r->inter.p_agree(), 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(*r->inter.p_chance(), 57.0 / 162.0, 1e-15);  // (2/9)^2 + 2 (7/18)^2
  EXPECT_NEAR(*r->inter.kappa(), -3.0 / 105.0, 1e-15);
  // Intra: only (segment 1, ann) repeats: AB agree, AC agree, BC disagree; 1 tie in 6.
  EXPECT_EQ(r->intra.agree, 2);
  EXPECT_EQ(r->intra.comparable, 3);
  EXPECT_EQ(r->intra.ties, 1);
  EXPECT_EQ(r->intra.labels, 6);
  EXPECT_NEAR(*r->intra.p_chance(), 0.375, 1e-15);
  EXPECT_NEAR(*r->intra.kappa(), (2.0 / 3.0 - 0.375) / 0.625, 1e-15);
  // Per annotator: each of ann's 2 labels per item meets bob's 1: 6 pairs, 1 agreeing (BC).
  ASSERT_EQ(r->annotators.size(), 2u);
  for (const AnnotatorAgreement& a : r->annotators) {
    EXPECT_EQ(a.with_others.comparable, 6) << a.annotator;
    EXPECT_EQ(a.with_others.agree, 1) << a.annotator;
    EXPECT_NEAR(*a.kappa_with_others, (1.0 / 6.0 - 57.0 / 162.0) / (1.0 - 57.0 / 162.0), 1e-15);
  }
  EXPECT_EQ(r->annotators[0].annotator == "ann" ? r->annotators[0].self.comparable
                                                : r->annotators[1].self.comparable,
            3);
}

TEST(Agreement, ItemsKeepPresentationOrder) {
  // The same judgment shown as (A, B) and as (B, A) labels two different items.
  Judgments j;
  Add(&j, 4, "ann", {"A", "B"}, {1, 2});
  Add(&j, 4, "bob", {"B", "A"}, {2, 1});
  auto r = ComputeAgreement(j, true);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->inter.comparable, 0);
  EXPECT_FALSE(r->inter.kappa().has_value());
  EXPECT_EQ(r->inter.labels, 2);
}

TEST(Agreement, CollapsedCountsASharedOutputOnce) {
  Judgments j;
  Add(&j, 1, "ann", {"A", "B", "C"}, {1, 2, 2}, {0, 1, 1});  // B and C share an output
  Add(&j, 1, "bob", {"A", "B", "C"}, {1, 2, 2}, {0, 1, 1});
  auto collapsed = ComputeAgreement(j, true);
  ASSERT_TRUE(collapsed.ok());
  EXPECT_TRUE(collapsed->shared_outputs);
  EXPECT_EQ(collapsed->inter.labels, 2);  // one item: (A, B+C)
  EXPECT_EQ(collapsed->inter.comparable, 1);
  EXPECT_EQ(collapsed->inter.agree, 1);
  EXPECT_EQ(collapsed->inter.ties, 0);
  auto uncollapsed = ComputeAgreement(j, false);
  ASSERT_TRUE(uncollapsed.ok());
  EXPECT_EQ(uncollapsed->inter.labels, 6);  // AB, AC, BC per ranking; BC a tie
  EXPECT_EQ(uncollapsed->inter.ties, 2);
  EXPECT_EQ(uncollapsed->inter.comparable, 3);
  EXPECT_EQ(uncollapsed->inter.agree, 3);
}

TEST(Agreement, NeedsSegmentsAndAnnotators) {
  Judgments j;
  const SystemId ab[] = {j.systems().Intern("A"), j.systems().Intern("B")};
  const uint8_t r[] = {1, 2};
  j.AddRanking(ab, r, {}, 3, -1);
  EXPECT_FALSE(ComputeAgreement(j, true).ok());
  Judgments k;
  const SystemId cd[] = {k.systems().Intern("C"), k.systems().Intern("D")};
  k.AddRanking(cd, r, {}, -1, k.InternJudge("x"));
  EXPECT_FALSE(ComputeAgreement(k, true).ok());
}

TEST(Agreement, AllTiesHaveNoKappa) {
  Judgments j;
  Add(&j, 1, "ann", {"A", "B"}, {1, 1});
  Add(&j, 1, "bob", {"A", "B"}, {1, 1});
  auto r = ComputeAgreement(j, true);
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(*r->inter.p_chance(), 1.0);
  EXPECT_FALSE(r->inter.kappa().has_value());  // pE = 1: undefined, never NaN
}

// The published WMT16 agreement (../shared/data/wmt16/README.md), collapsed rankings.
struct Published {
  const char* pair;
  double inter_pa, inter_pe, inter_kappa, intra_pa, intra_pe, intra_kappa;
};
constexpr Published kWmt16[] = {
    {"cs-en", 0.510, 0.351, 0.244, 0.670, 0.334, 0.504},
    {"en-cs", 0.607, 0.366, 0.381, 0.635, 0.350, 0.438},
    {"de-en", 0.696, 0.421, 0.475, 0.754, 0.450, 0.552},
    {"en-de", 0.605, 0.373, 0.369, 0.698, 0.360, 0.529},
    {"ru-en", 0.569, 0.349, 0.339, 0.705, 0.341, 0.552},
    {"en-ru", 0.562, 0.336, 0.340, 0.686, 0.334, 0.528},
    {"fi-en", 0.532, 0.338, 0.293, 0.710, 0.357, 0.549},
    {"en-fi", 0.702, 0.423, 0.484, 0.790, 0.451, 0.617},
    {"ro-en", 0.586, 0.371, 0.341, 0.755, 0.355, 0.621},
    {"en-ro", 0.593, 0.345, 0.379, 0.704, 0.340, 0.552},
    {"tr-en", 0.554, 0.345, 0.319, 0.714, 0.352, 0.559},
    {"en-tr", 0.548, 0.334, 0.322, 0.574, 0.343, 0.352},
};

TEST(Agreement, ReproducesThePublishedWmt16Tables) {
  TOURNEY_REQUIRE_SHARED("data/wmt16/wmt16.xml.gz");
  ReadOptions o;
  o.all_language_pairs = true;
  Judgments all;
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/wmt16.xml.gz"), o, &all, nullptr).ok());
  const auto pairs = SplitByLanguagePair(all);
  ASSERT_EQ(pairs.size(), 12u);
  // The published values are rounded to 3 decimals.
  constexpr double kTol = 0.0005 + 1e-9;
  for (const Published& p : kWmt16) {
    SCOPED_TRACE(p.pair);
    const Judgments* j = nullptr;
    for (const auto& [pair, judgments] : pairs) {
      if (pair == p.pair) j = &judgments;
    }
    ASSERT_NE(j, nullptr);
    auto r = ComputeAgreement(*j, true);
    ASSERT_TRUE(r.ok());
    EXPECT_NEAR(*r->inter.p_agree(), p.inter_pa, kTol);
    EXPECT_NEAR(*r->inter.p_chance(), p.inter_pe, kTol);
    EXPECT_NEAR(*r->inter.kappa(), p.inter_kappa, kTol);
    EXPECT_NEAR(*r->intra.p_agree(), p.intra_pa, kTol);
    EXPECT_NEAR(*r->intra.p_chance(), p.intra_pe, kTol);
    EXPECT_NEAR(*r->intra.kappa(), p.intra_kappa, kTol);
    if (std::string(p.pair) == "cs-en") {
      // The counts the README quotes for cs-en inter.
      EXPECT_EQ(r->inter.agree, 9370);
      EXPECT_EQ(r->inter.comparable, 18389);
      EXPECT_EQ(r->inter.ties, 9836);
      EXPECT_EQ(r->inter.labels, 43991);
    }
  }
}

// The organisers' pairwise-row CSV holds the uncollapsed labels of the XML.
TEST(Agreement, UncollapsedXmlEqualsTheOrganisersCsv) {
  TOURNEY_REQUIRE_SHARED("data/wmt16/wmt16.xml.gz");
  TOURNEY_REQUIRE_SHARED("data/wmt16/csv/wmt16.tur-eng.csv");
  ReadOptions o;
  o.language_pair = "tr-en";
  Judgments xml, csv;
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/wmt16.xml.gz"), o, &xml, nullptr).ok());
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/csv/wmt16.tur-eng.csv"), o, &csv, nullptr)
          .ok());
  auto from_xml = ComputeAgreement(xml, false);
  auto from_csv = ComputeAgreement(csv, true);
  ASSERT_TRUE(from_xml.ok());
  ASSERT_TRUE(from_csv.ok());
  EXPECT_FALSE(from_csv->shared_outputs);
  for (auto [x, c] :
       {std::pair{from_xml->inter, from_csv->inter}, std::pair{from_xml->intra, from_csv->intra}}) {
    EXPECT_EQ(x.agree, c.agree);
    EXPECT_EQ(x.comparable, c.comparable);
    EXPECT_EQ(x.ties, c.ties);
    EXPECT_EQ(x.labels, c.labels);
  }
  EXPECT_EQ(from_csv->inter.labels, 10188);  // the CSV's data rows
}

}  // namespace
}  // namespace tourney
