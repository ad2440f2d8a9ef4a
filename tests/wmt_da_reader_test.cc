// The WMT organisers' DA files: columns by name, item types kept apart, the moments file and
// raw scores, errors with FILE:LINE: field, gzip and the real WMT22 cs-en release.
#include "tourney/ingest/wmt_da_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

namespace tourney {
namespace {

constexpr char kHeader[] =
    "HITId WorkerId Input.src Input.trg Input.item hit sys_id rid type sid score time\n";

std::string Row(const std::string& worker, const std::string& system, const std::string& type,
                int sid, const std::string& z) {
  std::string s = "H1\t";
  s += worker;
  s += "\tcs\ten\tad\t1\t";
  s += system;
  s += "\t1000\t";
  s += type;
  s += '\t';
  s += std::to_string(sid);
  s += '\t';
  s += z;
  s += "\t60.0\n";
  return s;
}

TEST(WmtDaReader, ReadsColumnsByNameAndKeepsQualityControlApart) {
  const std::string text = std::string(kHeader) + Row("W1", "A.1", "SYSTEM", 3, "0.5") +
                           Row("W1", "B.2", "REF", 3, "1.25") + Row("W2", "A.1", "REPEAT", 3, "-1") +
                           Row("W2", "B.2", "BAD_REF", 4, "-2.5e-1");
  auto j = ParseWmtDaJudgments(text, "f.csv");
  ASSERT_TRUE(j.ok()) << j.status().message();
  ASSERT_EQ(j->rows.size(), 4u);
  EXPECT_EQ(j->systems, (std::vector<std::string>{"A.1", "B.2"}));
  EXPECT_EQ(j->annotators, (std::vector<std::string>{"W1", "W2"}));
  EXPECT_EQ(j->rows[1].type, DaItemType::kReference);
  EXPECT_EQ(j->rows[3].type, DaItemType::kBadReference);
  EXPECT_DOUBLE_EQ(j->rows[3].z, -0.25);
  EXPECT_EQ(j->rows[3].segment, 4);
  EXPECT_EQ(j->rows[3].document, 1000);
  EXPECT_EQ(j->rows[3].line, 5);
  EXPECT_EQ(j->type_counts[0], 1);  // SYSTEM
  EXPECT_EQ(j->type_counts[1], 1);  // REPEAT
  EXPECT_EQ(j->type_counts[2], 1);  // REF
  EXPECT_EQ(j->type_counts[3], 1);  // BAD_REF
  EXPECT_FALSE(j->has_raw);
}

TEST(WmtDaReader, ErrorsNameFileLineAndField) {
  auto bad_type = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "SYSTM", 1, "0"),
                                      "f.csv");
  ASSERT_FALSE(bad_type.ok());
  EXPECT_EQ(bad_type.status().message().rfind("f.csv:2: field 'type': 'SYSTM'", 0), 0u)
      << bad_type.status().message();
  auto bad_score = ParseWmtDaJudgments(
      std::string(kHeader) + Row("W1", "A", "SYSTEM", 1, "0") + Row("W1", "A", "SYSTEM", 2, "x"),
      "f.csv");
  ASSERT_FALSE(bad_score.ok());
  EXPECT_EQ(bad_score.status().message().rfind("f.csv:3: field 'score':", 0), 0u);
  auto bad_sid = ParseWmtDaJudgments(
      std::string(kHeader) + "H1\tW1\tcs\ten\tad\t1\tA\t1000\tSYSTEM\tNA\t0.5\t60.0\n", "f.csv");
  ASSERT_FALSE(bad_sid.ok());
  EXPECT_EQ(bad_sid.status().message(),
            "f.csv:2: field 'sid': 'NA' names no segment (a segment number or id)");
  auto bad_rid = ParseWmtDaJudgments(
      std::string(kHeader) + "H1\tW1\tcs\ten\tad\t1\tA\tr7\tSYSTEM\t1\t0.5\t60.0\n", "f.csv");
  ASSERT_FALSE(bad_rid.ok());
  EXPECT_EQ(bad_rid.status().message().rfind("f.csv:2: field 'rid': 'r7'", 0), 0u)
      << bad_rid.status().message();
  auto no_column = ParseWmtDaJudgments("WorkerId sys_id sid rid type\nW\tA\t1\t1\tSYSTEM\n", "g");
  ASSERT_FALSE(no_column.ok());
  EXPECT_EQ(no_column.status().message().rfind("g:1: field 'score'", 0), 0u);
  auto short_row = ParseWmtDaJudgments(std::string(kHeader) + "H1\tW1\tcs\n", "f.csv");
  ASSERT_FALSE(short_row.ok());
  EXPECT_EQ(short_row.status().message(), "f.csv:2: 3 fields, the header has 12");
  auto only_qc = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "REF", 1, "0"), "f");
  ASSERT_FALSE(only_qc.ok());
  EXPECT_FALSE(ParseWmtDaJudgments("", "f").ok());
}

// WMT21's large-scale (Wikipedia/FLORES) DA release, e.g. humaneval/facebook-wikipedia-2021/
// ad-hibn-good-stnd.csv in wmt-conference/wmt21-news-systems: sys_id quoted by R's
// write.table, rid NA, sid a string. The rows are written by hand in that shape (the
// release is not in ../shared).
TEST(WmtDaReader, ReadsTheWmt21WikipediaReleaseShape) {
  const std::string text =
      "HITId\tWorkerId\tInput.src\tInput.trg\tInput.item\thit\tsys_id\trid\ttype\tsid\tscore\ttime\n"
      "NA\tevaluator3\thi\tbn\tad\tNA\t\"Online-G.7\"\tNA\tSYSTEM\thi-bn-0-46-1001558.1_1\t-0.5\t0\n"
      "NA\tevaluator3\thi\tbn\tad\tNA\t\"HuaweiTSC.1\"\tNA\tSYSTEM\thi-bn-0-46-1001558.1_1\t0.25\t0\n"
      "NA\tevaluator3\thi\tbn\tad\tNA\t\"HuaweiTSC.1\"\tNA\tSYSTEM\thi-bn-0-46-1001558.2_2\t0.5\t0\n"
      "NA\t\"evaluator4\"\thi\tbn\tad\tNA\t\"Online-G.7\"\tNA\tSYSTEM\thi-bn-0-46-1001558.2_2\t1\t0\n"
      "NA\tevaluator4\thi\tbn\tad\tNA\t\"say \"\"hi\"\"\"\tNA\tSYSTEM\t17\t1\t0\n";
  auto j = ParseWmtDaJudgments(text, "ad-hibn-good-stnd.csv");
  ASSERT_TRUE(j.ok()) << j.status().message();
  ASSERT_EQ(j->rows.size(), 5u);
  EXPECT_EQ(j->systems, (std::vector<std::string>{"Online-G.7", "HuaweiTSC.1", "say \"hi\""}));
  EXPECT_EQ(j->annotators, (std::vector<std::string>{"evaluator3", "evaluator4"}));
  // Segments numbered by first appearance once some sid is not a number: 1, 1, 2, 2, 3.
  EXPECT_EQ(j->rows[0].segment, 1);
  EXPECT_EQ(j->rows[1].segment, 1);
  EXPECT_EQ(j->rows[2].segment, 2);
  EXPECT_EQ(j->rows[3].segment, 2);
  EXPECT_EQ(j->rows[4].segment, 3);
  EXPECT_EQ(j->rows[0].document, -1);  // rid NA
  EXPECT_DOUBLE_EQ(j->rows[3].z, 1.0);
}

// N9 (issue 45): a z-score of 1e300 was read and printed as a 63-digit number. One
// annotator's n z-scores lie within ±(n−1)/√n, so ±1,000 (a million judgments by one
// annotator) bounds every real file; beyond it the file, line and field are named.
TEST(WmtDaReader, RefusesZScoresBeyondTheBound) {
  auto huge = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "SYSTEM", 1, "0.5") +
                                      Row("W1", "B", "SYSTEM", 1, "1e300"),
                                  "f.csv");
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.status().message().rfind("f.csv:3: field 'score': z-score '1e300' is beyond "
                                          "+-1000",
                                          0),
            0u)
      << huge.status().message();
  auto low = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "SYSTEM", 1, "-1000.5"),
                                 "f.csv");
  ASSERT_FALSE(low.ok());
  EXPECT_NE(low.status().message().find("f.csv:2: field 'score'"), std::string::npos);
  // The bound itself is a judgment.
  auto edge = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "SYSTEM", 1, "-1000"),
                                  "f.csv");
  ASSERT_TRUE(edge.ok()) << edge.status().message();
  EXPECT_EQ(edge->rows[0].z, -1000.0);
}

TEST(WmtDaReader, MomentsGiveRoundedRawScores) {
  auto m = ParseDaAnnotatorMoments("[1] \"W1\"\n[1] 61.01064\n[1] 10.18485\n"
                                   "[1] \"W2\"\n[1] 50\n[1] NA\n",
                                   "m.txt");
  ASSERT_TRUE(m.ok()) << m.status().message();
  ASSERT_EQ(m->size(), 2u);
  EXPECT_EQ((*m)[0].annotator, "W1");
  EXPECT_DOUBLE_EQ((*m)[0].mean, 61.01064);
  EXPECT_DOUBLE_EQ((*m)[0].sd, 10.18485);
  EXPECT_TRUE(std::isnan((*m)[1].sd));
  // z of a 71 by W1: (71 - 61.01064) / 10.18485 = 0.98080...; back to 71 after rounding.
  auto j = ParseWmtDaJudgments(std::string(kHeader) + Row("W1", "A", "SYSTEM", 1, "0.980806"),
                               "f");
  ASSERT_TRUE(j.ok());
  ASSERT_TRUE(AttachRawScores(*m, true, &*j).ok());
  EXPECT_TRUE(j->has_raw);
  EXPECT_EQ(j->rows[0].raw, 71.0);
  ASSERT_TRUE(AttachRawScores(*m, false, &*j).ok());
  EXPECT_NEAR(j->rows[0].raw, 71.0, 1e-4);
  // W2's SD is NA: no raw scores for their judgments.
  auto w2 = ParseWmtDaJudgments(std::string(kHeader) + Row("W2", "A", "SYSTEM", 1, "0"), "f");
  ASSERT_TRUE(w2.ok());
  EXPECT_FALSE(AttachRawScores(*m, true, &*w2).ok());
  EXPECT_FALSE(w2->has_raw);
  auto w3 = ParseWmtDaJudgments(std::string(kHeader) + Row("W3", "A", "SYSTEM", 1, "0"), "f");
  ASSERT_TRUE(w3.ok());
  const Status missing = AttachRawScores(*m, true, &*w3);
  EXPECT_NE(missing.message().find("'W3'"), std::string::npos) << missing.message();
  auto truncated = ParseDaAnnotatorMoments("[1] \"W1\"\n[1] 61\n", "m.txt");
  ASSERT_FALSE(truncated.ok());
  auto not_r = ParseDaAnnotatorMoments("W1 61 10\n", "m.txt");
  ASSERT_FALSE(not_r.ok());
  EXPECT_EQ(not_r.status().message().rfind("m.txt:1:", 0), 0u);
}

TEST(WmtDaReader, FindsTheMomentsFileBeside) {
  const std::string dir = testing::TempDir("wmt_da_beside");
  testing::WriteFile(dir + "/ad-xxyy-trk-mean-sd.txt", "[1] \"W\"\n[1] 1\n[1] 1\n");
  EXPECT_EQ(DaMomentsPathBeside(dir + "/ad-xxyy-good-stnd.csv.gz"),
            dir + "/ad-xxyy-trk-mean-sd.txt");
  EXPECT_EQ(DaMomentsPathBeside(dir + "/ad-xxyy-good-stnd.csv"), dir + "/ad-xxyy-trk-mean-sd.txt");
  EXPECT_EQ(DaMomentsPathBeside(dir + "/ad-zz-good-stnd.csv"), "");
  EXPECT_EQ(DaMomentsPathBeside(dir + "/other.csv"), "");
  EXPECT_EQ(DaMomentsPathBeside("-"), "");
  std::filesystem::remove_all(dir);
}

// The organisers' WMT22 cs-en release: the counts its README documents.
TEST(WmtDaReader, ReadsTheWmt22CsEnRelease) {
  TOURNEY_REQUIRE_SHARED("data/wmt22-toen-da/ad-csen-good-stnd.csv.gz");
  auto j = ReadWmtDaJudgments(testing::SharedPath("data/wmt22-toen-da/ad-csen-good-stnd.csv.gz"));
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_EQ(j->rows.size(), 25070u);
  EXPECT_EQ(j->type_counts[0], 17663);
  EXPECT_EQ(j->type_counts[1], 2431);
  EXPECT_EQ(j->type_counts[2], 2483);
  EXPECT_EQ(j->type_counts[3], 2493);
  EXPECT_EQ(j->annotators.size(), 156u);
  EXPECT_EQ(j->systems.size(), 12u);
  ASSERT_TRUE(j->has_raw);  // the moments file beside it
  for (const DaJudgment& r : j->rows) {
    ASSERT_GE(r.raw, 0.0);
    ASSERT_LE(r.raw, 100.0);
  }
  WmtDaReadOptions none;
  none.moments_path = "none";
  auto bare = ReadWmtDaJudgments(testing::SharedPath("data/wmt22-toen-da/ad-csen-good-stnd.csv.gz"),
                                 none);
  ASSERT_TRUE(bare.ok());
  EXPECT_FALSE(bare->has_raw);
}

TEST(WmtDaReader, SkipsNaScoresAndIncompleteMomentsBesideWithWarnings) {
  const std::string dir = testing::TempDir("wmt_da_incomplete");
  testing::WriteFile(dir + "/ad-xxyy-good-stnd.csv", std::string(kHeader) +
                                                        Row("W1", "A", "SYSTEM", 1, "0.5") +
                                                        Row("W2", "A", "SYSTEM", 2, "NA"));
  testing::WriteFile(dir + "/ad-xxyy-trk-mean-sd.txt", "[1] \"W9\"\n[1] 50\n[1] 10\n");
  auto j = ReadWmtDaJudgments(dir + "/ad-xxyy-good-stnd.csv");
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_EQ(j->rows.size(), 1u);
  EXPECT_FALSE(j->has_raw);
  ASSERT_EQ(j->warnings.size(), 2u);
  EXPECT_NE(j->warnings[0].find("1 judgments with score NA were skipped"), std::string::npos);
  EXPECT_NE(j->warnings[1].find("'W1' has no mean and SD"), std::string::npos) << j->warnings[1];
  // Named explicitly, the same moments file is an error.
  WmtDaReadOptions named;
  named.moments_path = dir + "/ad-xxyy-trk-mean-sd.txt";
  EXPECT_FALSE(ReadWmtDaJudgments(dir + "/ad-xxyy-good-stnd.csv", named).ok());
  std::filesystem::remove_all(dir);
}

TEST(WmtDaReader, UnreadableFileIsAnIoError) {
  auto j = ReadWmtDaJudgments("/nonexistent/ad-x-good-stnd.csv");
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.status().code(), StatusCode::kIoError);
}

}  // namespace
}  // namespace tourney
