// WMT25's released human evaluation (tourney/ingest/wmt25_humeval_reader.h): both waves'
// scores as judgments, annotators per wave, documents from doc_id, the errors with file,
// line and field, and `tourney rank --protocol esa` on it against hand-computed means.
#include "tourney/ingest/wmt25_humeval_reader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

// Two segments of one document. S1: 80 (wave 1) and 60 (wave 2) on segment 0, 70 on
// segment 1; S2: 50 on segment 0, 40 and 20 on segment 1.
const char kHumeval[] =
    R"({"doc_id":"en-de_DE_#_news_#_d1_#_0","src_text":"a","tgt_text":{"S1":"x","S2":"y"},"scores":{"S1":{"human1":80.0,"annotator1":"en-de_#_annotator1","errors1":[],"times1":[1,2],"human2":60,"annotator2":"en-de_#_annotator2"},"S2":{"human1":50.0,"annotator1":"en-de_#_annotator1"}}})"
    "\n"
    R"({"doc_id":"en-de_DE_#_news_#_d1_#_1","src_text":"b","tgt_text":{"S1":"x","S2":"y"},"scores":{"S1":{"human1":70},"S2":{"human1":40,"annotator1":"en-de_#_annotator3","human2":20,"annotator2":"en-de_#_annotator1"}}})"
    "\n"
    R"({"doc_id":"en-de_DE_#_news_#_d2_#_0","src_text":"c","tgt_text":{},"scores":{}})"
    "\n";

TEST(Wmt25HumevalReader, BothWavesAreJudgments) {
  auto read = ParseWmt25Humeval(kHumeval, "h.jsonl");
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  EXPECT_EQ(read->segments, 3);
  ASSERT_EQ(j.rows.size(), 6u);
  EXPECT_EQ(read->wave_scores[0], 4);
  EXPECT_EQ(read->wave_scores[1], 2);
  EXPECT_EQ(read->double_scored, 2);
  EXPECT_TRUE(j.has_raw);
  EXPECT_EQ(j.systems, (std::vector<std::string>{"S1", "S2"}));
  // Annotators per wave: "wave 1/en-de_#_annotator1" and "wave 2/en-de_#_annotator1" differ.
  EXPECT_EQ(j.annotators[j.rows[0].annotator], "wave 1/en-de_#_annotator1");
  EXPECT_EQ(j.annotators[j.rows[1].annotator], "wave 2/en-de_#_annotator2");
  EXPECT_EQ(j.annotators[j.rows[3].annotator], "wave 1/unknown");
  EXPECT_DOUBLE_EQ(j.rows[1].raw, 60.0);
  EXPECT_EQ(j.rows[0].segment, j.rows[1].segment);
  EXPECT_NE(j.rows[0].segment, j.rows[3].segment);
  EXPECT_EQ(j.documents[j.rows[3].document], "en-de_DE_#_news_#_d1");
  EXPECT_FALSE(j.warnings.empty());
  EXPECT_TRUE(LooksLikeWmt25Humeval(kHumeval));
}

TEST(Wmt25HumevalReader, ErrorsNameFileLineAndField) {
  EXPECT_EQ(ParseWmt25Humeval("\n{\"scores\":{}}\n", "h").status().message(),
            "h:2: field 'doc_id': missing, blank or not a UTF-8 string");
  EXPECT_EQ(ParseWmt25Humeval(R"({"doc_id":"d","scores":{"S":{"human2":"x"}}})", "h")
                .status()
                .message(),
            "h:1: field 'scores.S.human2': expected a number");
  EXPECT_EQ(ParseWmt25Humeval(R"({"doc_id":"d","scores":{"S":{"human1":101}}})", "h")
                .status()
                .message(),
            "h:1: field 'scores.S.human1': score outside [0, 100]");
  EXPECT_EQ(ParseWmt25Humeval("{\"doc_id\":\"d\",\"scores\":{\"S\":{\"human1\":1}}}\n"
                              "{\"doc_id\":\"d\",\"scores\":{}}",
                              "h")
                .status()
                .message(),
            "h:2: field 'doc_id': 'd' repeats an earlier line");
  EXPECT_FALSE(ParseWmt25Humeval(R"({"doc_id":"d","scores":{}})", "h").ok());
  EXPECT_FALSE(ReadWmt25Humeval("/nonexistent/h.jsonl").ok());
}

TEST(Wmt25HumevalReader, EsaProtocolMeansByHandGzipAndStdin) {
  // ESA: a system's segment score is the mean of its judgments there, its score the mean
  // over segments: S1 = ((80 + 60) / 2 + 70) / 2 = 70, S2 = (50 + (40 + 20) / 2) / 2 = 40.
  const std::string dir = testing::TempDir("wmt25_humeval");
  const std::string path = dir + "/wmt25-genmt-humeval.jsonl";
  testing::WriteFile(path, kHumeval);
  ASSERT_EQ(std::system(("gzip -kf " + path).c_str()), 0);
  for (const std::string& input : {path + ".gz", std::string("-")}) {
    const std::string cmd = (input == "-" ? "cat " + path + " | " : std::string()) +
                            testing::BinPath("tourney") + " rank " + input +
                            " --protocol esa --format json";
    const auto r = testing::RunCommand(cmd);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto board = ParseLeaderboardJson(r.out);
    ASSERT_TRUE(board.ok()) << board.status().message();
    ASSERT_EQ(board->entries.size(), 2u);
    EXPECT_EQ(board->entries[0].system, "S1");
    EXPECT_DOUBLE_EQ(board->entries[0].score, 70.0);
    EXPECT_DOUBLE_EQ(board->entries[1].score, 40.0);
  }
}

}  // namespace
}  // namespace tourney
