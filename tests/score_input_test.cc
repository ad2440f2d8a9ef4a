// A score protocol's input: the format by name or by content, Appraise exports and WMT DA
// files read through one call, MQM rows from either MQM format, and formats a protocol does
// not read.
#include "tourney/ingest/score_input.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

class ScoreInputTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("score_input"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    testing::WriteFile(dir_ + "/" + name, text);
    return dir_ + "/" + name;
  }
  std::string dir_;
};

TEST_F(ScoreInputTest, TellsFormatsApartByContent) {
  const std::string appraise = Write("a.csv", "u,A,1,TGT,e,l,70,1,2\nu,A,2,TGT,e,l,20,1,2\n");
  auto a = ReadScoreJudgments(appraise, ScoreInputFormat::kAuto);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->format, ScoreInputFormat::kAppraiseCsv);
  EXPECT_EQ(a->layout, AppraiseLayout::kSegmentDa);
  EXPECT_TRUE(a->judgments.has_raw);
  const std::string da =
      Write("d.csv", "WorkerId sys_id rid type sid score\nW\tA\t1\tSYSTEM\t1\t0.5\n");
  auto d = ReadScoreJudgments(da, ScoreInputFormat::kAuto);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->format, ScoreInputFormat::kWmtDa);
  EXPECT_FALSE(d->judgments.has_raw);
  // Named explicitly, the other reader runs and reports the mismatch.
  EXPECT_FALSE(ReadScoreJudgments(da, ScoreInputFormat::kAppraiseCsv).ok());
  EXPECT_FALSE(ReadScoreJudgments(appraise, ScoreInputFormat::kGoogleMqm).ok());
}

TEST_F(ScoreInputTest, ReadsMqmRowsFromEitherFormat) {
  const std::string google =
      Write("g.tsv",
            "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
            "A\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n");
  auto g = ReadMqmScoreInput(google, ScoreInputFormat::kAuto);
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_EQ(g->rows.size(), 1u);
  const std::string appraise = Write("m.csv", "u,A,1,TGT,e,l,0,d#A,False,[],1,2\n");
  auto m = ReadMqmScoreInput(appraise, ScoreInputFormat::kAuto);
  ASSERT_TRUE(m.ok()) << m.status().message();
  ASSERT_EQ(m->rows.size(), 1u);
  EXPECT_EQ(m->severities[m->rows[0].severity], "No-error");
  EXPECT_FALSE(ReadMqmScoreInput(google, ScoreInputFormat::kWmtDa).ok());
}

// N4 (issue 45): the export of a plain-score campaign has no error spans; read as MQM it
// gave 0 points for every system without a word. A score without spans must be 0 in an MQM
// campaign (the weighted sum of nothing), so the first non-zero one is refused by line.
TEST_F(ScoreInputTest, RefusesAPlainCampaignsExportAsMqm) {
  const std::string header =
      "sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\terror_spans\n";
  const std::string plain = Write("plain.tsv", header +
                                                   "1\tA\td1\t1\t0\tann\tk1\t1\t[]\n"
                                                   "2\tB\td1\t1\t87.5\tann\tk2\t2\t[]\n");
  auto m = ReadMqmScoreInput(plain, ScoreInputFormat::kAuto);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(m.status().message().find("plain.tsv:3: column 'score': score 87.5 with no error "
                                      "spans"),
            std::string::npos)
      << m.status().message();
  // An MQM campaign's export: a score with its spans, and 0 where there are none.
  const std::string mqm = Write(
      "mqm.tsv", header +
                     "1\tA\td1\t1\t5\tann\tk1\t1\t[{\"end\":4,\"severity\":\"major\","
                     "\"category\":\"Accuracy/Mistranslation\"}]\n"
                     "2\tB\td1\t1\t0\tann\tk2\t2\t[]\n");
  auto ok = ReadMqmScoreInput(mqm, ScoreInputFormat::kAuto);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(ok->rows.size(), 2u);
}

TEST(ScoreInput, ParsesFormatNames) {
  EXPECT_EQ(*ParseScoreInputFormat("appraise-csv"), ScoreInputFormat::kAppraiseCsv);
  EXPECT_EQ(*ParseScoreInputFormat("google-mqm"), ScoreInputFormat::kGoogleMqm);
  auto bad = ParseScoreInputFormat("xml");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message().rfind("option '--input-format': 'xml'", 0), 0u);
}

}  // namespace
}  // namespace tourney
