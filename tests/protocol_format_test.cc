// The protocols' outputs on hand-made scores: the DA table with cluster rules and the Holm
// section with its survival line, CSV in full precision, formats refused, the MQM table.
#include "render/protocol_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tourney {
namespace {

struct Fixture {
  DaScores scores;
  WmtDaRanking official;
  PairedHolmRanking holm;
  WmtDaReport report;
};

// A beats B and C officially (clusters [A] > [B, C]); Holm separates nothing.
void MakeFixture(Fixture* f) {
  f->scores.systems = {"A", "B", "C"};
  f->scores.has_raw = true;
  f->scores.system_scores = {{71.26, 0.3, 1200, 1500}, {65.0, 0.0, 1100, 1400},
                             {64.0, -0.1, 1000, 1300}};
  f->official.order = {0, 1, 2};
  f->official.wins = {2, 0, 0};
  f->official.cluster = {1, 2, 2};
  f->official.beats = {0, 1, 1, 0, 0, 0, 0, 0, 0};
  f->official.p_value = {1, 0.01, 0.001, 1, 1, 0.4, 1, 1, 1};
  f->holm.order = {0, 1, 2};
  f->holm.cluster = {1, 1, 1};
  f->holm.beats.assign(9, 0);
  for (auto [u, l] : std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}}) {
    PairedSeparation p;
    p.upper = u;
    p.lower = l;
    p.shared_segments = 900;
    p.p_value = 0.03;
    p.p_holm = 0.09;
    f->holm.pairs.push_back(p);
  }
  f->report.scores = &f->scores;
  f->report.official = &f->official;
  f->report.holm = &f->holm;
  f->report.annotators = 7;
  f->report.type_counts = {3000, 1200, 500, 400};
}

TEST(ProtocolFormat, WmtDaTextHasTheOfficialTableAndTheHolmSection) {
  Fixture f;
  MakeFixture(&f);
  const std::string text = FormatWmtDaText(f.report, false);
  EXPECT_NE(text.find("3 systems, 4,200 scored judgments (3,000 SYSTEM, 1,200 REPEAT) by 7 "
                      "annotators; 900 quality-control items (500 REF, 400 BAD_REF) left out"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("1  A             1   0.300  71.3     1,200      1,500     2"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n---"), std::string::npos);  // the rule between [A] and [B, C]
  EXPECT_NE(text.find("Holm-corrected over 3 pairs"), std::string::npos);
  EXPECT_NE(text.find("survive the paired Holm test: 0 of 2 pairwise wins, 0 of 1 cluster "
                      "boundaries (Holm draws 0)"),
            std::string::npos)
      << text;
}

TEST(ProtocolFormat, CsvInFullPrecisionAndUnsupportedFormatsRefused) {
  Fixture f;
  MakeFixture(&f);
  auto csv = FormatWmtDaTable(f.report, false, OutputFormat::kCsv);
  ASSERT_TRUE(csv.ok());
  EXPECT_NE(csv->find("1,A,1,0.3,71.26,1200,1500,2"), std::string::npos) << *csv;
  EXPECT_FALSE(FormatWmtDaTable(f.report, false, OutputFormat::kWmt).ok());
  MqmScores m;
  m.systems = {"X", "Y"};
  m.system_scores = {{2.5, 4, 3}, {0.5, 4, 1}};
  auto table = FormatMqm(m, OutputFormat::kTable);
  ASSERT_TRUE(table.ok());
  EXPECT_LT(table->find("Y"), table->find("X"));
  EXPECT_FALSE(FormatMqm(m, OutputFormat::kJson).ok());
}

// N14 (issue 45): a pair of neighbours with no shared segment has no mean difference and
// no paired test: "n/a", not "mean dz 0.000, p 1.0000" (which reads as a measured tie).
// One shared segment has a difference and still no test.
TEST(ProtocolFormat, HolmPairsWithoutSharedSegmentsSayNotAvailable) {
  Fixture f;
  MakeFixture(&f);
  f.holm.pairs[0].shared_segments = 0;  // A-B
  f.holm.pairs[0].p_value = f.holm.pairs[0].p_holm = 1.0;
  f.holm.pairs[2].shared_segments = 1;  // B-C
  f.holm.pairs[2].mean_difference = 0.25;
  f.holm.pairs[2].p_value = f.holm.pairs[2].p_holm = 1.0;
  const std::string text = FormatWmtDaText(f.report, false);
  const size_t ab = text.find("\nA      B  ");
  ASSERT_NE(ab, std::string::npos) << text;
  const std::string ab_row = text.substr(ab + 1, text.find('\n', ab + 1) - ab - 1);
  EXPECT_NE(ab_row.find("0      n/a         n/a       n/a"), std::string::npos) << ab_row;
  EXPECT_EQ(ab_row.find("0.000"), std::string::npos) << ab_row;
  const size_t bc = text.find("\nB      C  ");
  ASSERT_NE(bc, std::string::npos) << text;
  const std::string bc_row = text.substr(bc + 1, text.find('\n', bc + 1) - bc - 1);
  EXPECT_NE(bc_row.find("1    0.250         n/a       n/a"), std::string::npos) << bc_row;
}

// N16 (issue 45): counts of one are singular ("by 1 annotators" before).
TEST(ProtocolFormat, CountsOfOneAreSingular) {
  Fixture f;
  MakeFixture(&f);
  f.report.annotators = 1;
  f.report.type_counts = {1, 0, 1, 0};
  const std::string text = FormatWmtDaText(f.report, false);
  EXPECT_NE(text.find("3 systems, 1 scored judgment (1 SYSTEM, 0 REPEAT) by 1 annotator; 1 "
                      "quality-control item (1 REF, 0 BAD_REF) left out"),
            std::string::npos)
      << text;
  f.report.scale = ProtocolScale::kEsa;
  const std::string esa = FormatWmtDaText(f.report, false);
  EXPECT_NE(esa.find("1 scored item (0 resubmitted) by 1 annotator; 0 BAD items and 1 REF "
                     "item left out"),
            std::string::npos)
      << esa;
}

}  // namespace
}  // namespace tourney
