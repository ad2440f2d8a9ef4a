// Appraise's segment-level score exports: the three layouts, item types and segments, error
// spans from the quoted JSON field, z per annotator, errors with FILE:LINE: field, gzip, and
// the ESA paper's real export.
#include "tourney/ingest/appraise_scores_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

namespace tourney {
namespace {

TEST(AppraiseScoresReader, ReadsTheWmt22SegmentLevelDaLayout) {
  const std::string text =
      "u1,sysA,239,TGT,eng,liv,10,1.0,2.0\n"
      "u1,sysB,239,TGT,eng,liv,30,2.0,3.0\n"
      "u1,sysA,239,BAD,eng,liv,50,3.0,4.0\n"
      "u2,sysA,80,TGT,eng,liv,40,1.0,2.0\n"
      "u2,sysA,81,REF,eng,liv,60,1.0,2.0\n";
  auto read = ParseAppraiseScores(text, "da.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->layout, AppraiseLayout::kSegmentDa);
  const DaJudgments& j = read->judgments;
  ASSERT_EQ(j.rows.size(), 5u);
  EXPECT_EQ(j.systems, (std::vector<std::string>{"sysA", "sysB"}));
  EXPECT_EQ(j.rows[0].segment, 239);
  EXPECT_EQ(j.rows[2].type, DaItemType::kBadReference);
  EXPECT_EQ(j.rows[4].type, DaItemType::kReference);
  EXPECT_TRUE(j.has_raw);
  EXPECT_DOUBLE_EQ(j.rows[1].raw, 30.0);
  EXPECT_EQ(j.rows[0].z, 0.0);  // z is the statistics' business (StandardizeDaJudgments)
  EXPECT_EQ(read->language_pairs, (std::vector<std::string>{"eng-liv"}));
}

TEST(AppraiseScoresReader, TheWmt23LayoutKeysSegmentsByDocumentAndSkipsDocumentRows) {
  const std::string text =
      "u1,A,1,TGT,eng,deu,70,docX,False,t0,t1\n"
      "u1,B,1,TGT,eng,deu,90,docX,False,t0,t1\n"
      "u1,A,2,TGT,eng,deu,80,docX,False,t0,t1\n"
      "u1,A,1,TGT,eng,deu,60,docY,False,t0,t1\n"
      "u1,A,0,TGT,eng,deu,75,docY,True,t0,t1\n";
  auto read = ParseAppraiseScores(text, "sqm.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->layout, AppraiseLayout::kDaSqm);
  const DaJudgments& j = read->judgments;
  ASSERT_EQ(j.rows.size(), 4u);
  EXPECT_EQ(j.rows[0].segment, j.rows[1].segment);  // docX segment 1, both systems
  EXPECT_NE(j.rows[0].segment, j.rows[2].segment);
  EXPECT_NE(j.rows[0].segment, j.rows[3].segment);  // docY segment 1 is another segment
  EXPECT_EQ(j.documents, (std::vector<std::string>{"docX", "docY"}));
  EXPECT_EQ(read->document_rows_skipped, 1);
  ASSERT_EQ(j.warnings.size(), 1u);
}

TEST(AppraiseScoresReader, ReadsErrorSpansPlacesAndBadCopies) {
  // Batch places 7, 8 of doc d#A; its BAD copy at places 20, 21; a resubmission of place 8
  // (the later endTime, 3) replaces the first submission and its spans.
  const std::string text =
      "u,wmt.A,7,TGT,eng,deu,90,d#A,False,[],1,2\n"
      "u,wmt.A,8,TGT,eng,deu,60,d#A,False,\"[{\"\"start_i\"\":3,\"\"end_i\"\":9,"
      "\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":null},{\"\"start_i\"\":\"\"missing\"\","
      "\"\"end_i\"\":\"\"missing\"\",\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":"
      "[\"\"Accuracy\"\",\"\"Omission\"\"]}]\",1,2\n"
      "u,wmt.A,20,BAD,eng,deu,30,d#A#bad1,False,[],1,2\n"
      "u,wmt.A,21,TGT,eng,deu,20,d#A#bad1,False,[],1,2\n"
      "u,wmt.A,8,TGT,eng,deu,70,d#A,False,[],1,3\n"
      "v,wmt.A,3,TGT,eng,deu,50,d#A,False,\"[{\"\"start_i\"\":3,\"\"end_i\"\":9,"
      "\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":null},{\"\"start_i\"\":\"\"missing\"\","
      "\"\"end_i\"\":\"\"missing\"\",\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":"
      "[\"\"Accuracy\"\",\"\"Omission\"\"]}]\",1,2\n";
  auto read = ParseAppraiseScores(text, "esa.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->layout, AppraiseLayout::kErrorSpans);
  const DaJudgments& j = read->judgments;
  ASSERT_EQ(j.rows.size(), 5u);
  EXPECT_EQ(read->resubmissions_replaced, 1);
  EXPECT_EQ(j.rows[0].line, 1);
  EXPECT_EQ(j.rows[1].line, 3);                     // line 2 was replaced by line 5
  EXPECT_EQ(j.rows[1].segment, j.rows[0].segment);  // BAD copy of place 1
  EXPECT_EQ(j.rows[2].type, DaItemType::kBadReference);  // '#bad' in documentID makes it BAD
  EXPECT_EQ(j.rows[3].line, 5);
  EXPECT_DOUBLE_EQ(j.rows[3].raw, 70.0);
  EXPECT_EQ(j.rows[3].segment, j.rows[2].segment);  // place 2, as the BAD copy's place 2
  EXPECT_EQ(j.rows[4].segment, j.rows[0].segment);  // v's first place of d#A is place 1
  EXPECT_EQ(j.type_counts[0], 3);
  EXPECT_EQ(j.type_counts[1], 0);
  EXPECT_EQ(j.type_counts[3], 2);
  const ErrorSpans& s = read->spans;
  ASSERT_EQ(s.spans.size(), 2u);
  EXPECT_EQ(s.spans[0].judgment, 4);
  EXPECT_EQ(s.spans[0].start, 3);
  EXPECT_EQ(s.spans[0].end, 9);
  EXPECT_EQ(s.severities[s.spans[0].severity], "minor");
  EXPECT_EQ(s.spans[0].category, -1);
  EXPECT_EQ(s.spans[1].start, -1);
  EXPECT_EQ(s.severities[s.spans[1].severity], "major");
  EXPECT_EQ(s.categories[s.spans[1].category], "Accuracy/Omission");
  EXPECT_EQ(s.OfJudgment(4), (std::pair<size_t, size_t>{0, 2}));
  EXPECT_EQ(s.OfJudgment(0), (std::pair<size_t, size_t>{0, 0}));
}

// WMT24's ESA release (esa_generalMT2024_wave*.csv; no such file is in ../shared, so the rows
// are written by hand in its shape): documentIDs without a system part, itemIDs that number
// the test set's segments, filler documents ('#incomplete', '#dup') and the canary.
TEST(AppraiseScoresReader, Wmt24DropsFillerAndCanaryAndKeysItemsByItemId) {
  const std::string text =
      "u1,A,0,TGT,eng,deu,100,canary,False,[],5,6\n"
      "u1,A,481,TGT,eng,deu,80,doc1,False,[],10,11\n"
      "u2,A,483,TGT,eng,deu,70,doc1,False,[],10,11\n"
      "u2,A,481,TGT,eng,deu,0,doc1#incomplete,False,[],12,13\n"
      "u3,A,481,TGT,eng,deu,60,doc1#dup,False,[],12,13\n"
      "u2,A,483,BAD,eng,deu,10,doc1#bad,False,[],14,15\n";
  auto read = ParseAppraiseScores(text, "wave.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  EXPECT_EQ(read->canary_rows_skipped, 1);
  EXPECT_EQ(read->filler_rows_skipped, 2);
  ASSERT_EQ(j.rows.size(), 3u);
  EXPECT_NE(j.rows[0].segment, j.rows[1].segment);  // items 481 and 483 of doc1
  EXPECT_EQ(j.rows[2].segment, j.rows[1].segment);  // the BAD copy of item 483
  EXPECT_EQ(j.rows[2].type, DaItemType::kBadReference);
  EXPECT_EQ(j.documents, (std::vector<std::string>{"doc1"}));
  ASSERT_EQ(j.warnings.size(), 2u);
  EXPECT_NE(j.warnings[0].find("1 canary rows"), std::string::npos) << j.warnings[0];
  EXPECT_NE(j.warnings[1].find("2 rows of filler documents"), std::string::npos) << j.warnings[1];
}

TEST(AppraiseScoresReader, LatestSubmissionWinsWhateverTheRowOrder) {
  // u's item 7 submitted at times 200, 100 and 300 (rows 1, 2, 3); v's item 7 at 50 twice
  // (a tie: the later row wins).
  const std::string text =
      "u,A,7,TGT,eng,deu,20,d,False,[],190,200\n"
      "u,A,7,TGT,eng,deu,10,d,False,[],90,100\n"
      "u,A,7,TGT,eng,deu,30,d,False,[],290,300\n"
      "v,A,7,TGT,eng,deu,40,d,False,[],40,50\n"
      "v,A,7,TGT,eng,deu,45,d,False,[],40,50\n";
  auto read = ParseAppraiseScores(text, "resubmit.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  EXPECT_EQ(read->resubmissions_replaced, 3);
  ASSERT_EQ(j.rows.size(), 2u);
  EXPECT_DOUBLE_EQ(j.rows[0].raw, 30.0);
  EXPECT_DOUBLE_EQ(j.rows[1].raw, 45.0);
  EXPECT_EQ(j.type_counts[1], 0);  // no REPEAT: a resubmission is not a second judgment
}

TEST(AppraiseScoresReader, TheSameItemInTwoLanguagePairsIsTwoSegments) {
  const std::string text =
      "u,A,5,TGT,eng,deu,20,d,False,[],1,2\n"
      "u,A,5,TGT,eng,jpn,30,d,False,[],1,2\n";
  auto read = ParseAppraiseScores(text, "pairs.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  ASSERT_EQ(j.rows.size(), 2u);
  EXPECT_NE(j.rows[0].segment, j.rows[1].segment);
  EXPECT_EQ(read->resubmissions_replaced, 0);
  ASSERT_EQ(j.warnings.size(), 1u);
  EXPECT_NE(j.warnings[0].find("2 language pairs (eng-deu, eng-jpn)"), std::string::npos);
}

TEST(AppraiseScoresReader, NamesTheLanguagePairOfEverySegment) {
  // Segments 1 (eng-deu d/5), 2 (eng-jpn d/5), 3 (eng-deu d/6): segment_pairs 0, 1, 0.
  const std::string text =
      "u,A,5,TGT,eng,deu,20,d,False,[],1,2\n"
      "u,A,5,TGT,eng,jpn,30,d,False,[],1,2\n"
      "v,B,6,TGT,eng,deu,40,d,False,[],1,2\n"
      "v,B,5,TGT,eng,jpn,50,d,False,[],1,2\n";
  auto read = ParseAppraiseScores(text, "pairs.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->segment_pairs, (std::vector<int32_t>{0, 1, 0}));
  ASSERT_EQ(read->judgments.rows.size(), 4u);
  EXPECT_EQ(read->judgments.rows[3].segment, 2);
  // The 9-field layout has no per-pair segments.
  auto da = ParseAppraiseScores("u,A,1,TGT,eng,deu,20,1,2\n", "da.csv");
  ASSERT_TRUE(da.ok()) << da.status().message();
  EXPECT_TRUE(da->segment_pairs.empty());
}

TEST(AppraiseScoresReader, ErrorsNameFileLineAndField) {
  auto fields = ParseAppraiseScores("u,A,1,TGT,eng,deu,70\n", "f.csv");
  ASSERT_FALSE(fields.ok());
  EXPECT_EQ(fields.status().message().rfind("f.csv:1: 7 fields", 0), 0u)
      << fields.status().message();
  auto type = ParseAppraiseScores("u,A,1,TGT,e,l,7,1,2\nu,A,1,CHK,e,l,7,1,2\n", "f.csv");
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.status().message(), "f.csv:2: field 'itemType': 'CHK' is not TGT, BAD or REF");
  auto score = ParseAppraiseScores("u,A,1,TGT,e,l,x7,1,2\n", "f.csv");
  ASSERT_FALSE(score.ok());
  EXPECT_EQ(score.status().message(), "f.csv:1: field 'score': 'x7' is not a finite number");
  auto spans = ParseAppraiseScores("u,A,1,TGT,e,l,7,d,False,\"[{\"\"x\"\":1}]\",1,2\n", "f.csv");
  ASSERT_FALSE(spans.ok());
  EXPECT_EQ(spans.status().message().rfind("f.csv:1: field 'error_spans': span 0: ", 0), 0u)
      << spans.status().message();
  auto blank = ParseAppraiseScores("u,,1,TGT,e,l,7,1,2\n", "f.csv");
  ASSERT_FALSE(blank.ok());
  EXPECT_EQ(blank.status().message(), "f.csv:1: field 'system': blank");
  EXPECT_FALSE(ParseAppraiseScores("u,A,1,BAD,e,l,7,1,2\n", "f.csv").ok());  // no TGT item
}

TEST(AppraiseScoresReader, DetectsTheLayoutByContent) {
  EXPECT_TRUE(LooksLikeAppraiseScores("u,A,1,TGT,eng,deu,70,1.0,2.0\n"));
  EXPECT_TRUE(LooksLikeAppraiseScores("u,A,1,BAD,eng,deu,70,d,False,\"[]\",1,2\n"));
  EXPECT_FALSE(LooksLikeAppraiseScores("system,doc,seg_id,rater,category,severity\n"));
  EXPECT_FALSE(LooksLikeAppraiseScores("a,b,c,TGT,e,f,g,h,i\n"));  // score not a number
}

TEST(AppraiseScoresReader, ReadsGzip) {
  const std::string dir = testing::TempDir("appraise_gz");
  ASSERT_FALSE(dir.empty());
  testing::WriteFile(dir + "/s.csv", "u,A,1,TGT,e,l,7,1,2\nu,A,2,TGT,e,l,9,1,2\n");
  ASSERT_EQ(std::system(("gzip -f " + dir + "/s.csv").c_str()), 0);
  auto read = ReadAppraiseScores(dir + "/s.csv.gz");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->judgments.rows.size(), 2u);
  std::filesystem::remove_all(dir);
}

// The ESA paper's campaign (1,203 rows). Expected figures from a python3 csv reading of the
// file, independent of this reader: rows with itemType BAD or '#bad' in documentID counted
// (145); the rest grouped by (system, (documentID before '#', itemID - smallest itemID of
// that user and documentID + 1)), each group's scores averaged, then averaged per system.
TEST(AppraiseScoresReader, ReadsTheEsaPaperExport) {
  const std::string rel =
      "data/peer-formats/appraise-exports/ErrorSpanAnnotation/data/campaign-ruction-rc5/"
      "240521rc6ESA.scores.csv";
  TOURNEY_REQUIRE_SHARED(rel);
  auto read = ReadAppraiseScores(testing::SharedPath(rel));
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  // 1,203 rows, of which 72 are tutorial items (system == documentID, 'ende-tutorial1' and
  // '...2'), skipped, and 2 earlier submissions of a resubmitted (user, system, segment),
  // replaced: 1,129 judgments of 13 systems (python3 csv).
  EXPECT_EQ(j.rows.size(), 1129u);
  EXPECT_EQ(read->resubmissions_replaced, 2);
  EXPECT_EQ(j.annotators.size(), 12u);
  EXPECT_EQ(j.systems.size(), 13u);
  EXPECT_EQ(read->tutorial_rows_skipped, 72);
  EXPECT_EQ(j.type_counts[3], 145);                     // BAD
  EXPECT_EQ(j.type_counts[0] + j.type_counts[1], 984);  // TGT, each submitted once
  // Severities of the rows kept: 550 major, 369 minor, 4 undecided (python3 json over the
  // error_spans field).
  int64_t counts[3] = {0, 0, 0};
  for (const ErrorSpan& s : read->spans.spans) {
    const std::string& name = read->spans.severities[s.severity];
    counts[name == "major" ? 0 : name == "minor" ? 1 : 2]++;
  }
  EXPECT_EQ(counts[0], 550);
  EXPECT_EQ(counts[1], 369);
  EXPECT_EQ(counts[2], 4);
}

}  // namespace
}  // namespace tourney
