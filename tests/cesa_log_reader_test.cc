// Logs of scored screens (tourney/ingest/cesa_log_reader.h): tourney's cESA export and
// Pearmut's log with RESET markers and random_/welcome_ items apart, the errors with file,
// line and field, resubmissions, gzip and standard input, and the export's round trip.
#include "tourney/ingest/cesa_log_reader.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

const char kExport[] =
    R"({"campaignId":"c","screenId":"s1","annotator":"a1","segment":"d1#0","document":"d1","displayOrder":["B","A","C"],"selectionProbability":0.25,"answers":[{"system":"A","score":70,"spans":[{"start":0,"end":3,"severity":"minor"}],"touched":true},{"system":"B","score":55.5},{"system":"C","score":90}],"timeSpentMs":1200})"
    "\n\n"
    R"({"screenId":"s2","annotator":"a2","segment":"d1#0","displayOrder":["A","C"],"answers":[{"system":"C","score":10},{"system":"A","score":20}]})"
    "\n";

TEST(CesaLogReader, ReadsTheExportInDisplayOrder) {
  auto log = ParseCesaLog(kExport, "x.jsonl");
  ASSERT_TRUE(log.ok()) << log.status().message();
  const ContrastiveScreens& s = log->screens;
  ASSERT_EQ(s.screens.size(), 2u);
  EXPECT_EQ(log->lines, 2);
  const ContrastiveScreen& first = s.screens[0];
  EXPECT_EQ(first.screen_id, "s1");
  EXPECT_EQ(s.annotators[first.annotator], "a1");
  EXPECT_EQ(s.segments[first.segment], "d1#0");
  EXPECT_EQ(s.documents[first.document], "d1");
  EXPECT_DOUBLE_EQ(first.selection_probability, 0.25);
  ASSERT_EQ(first.answers.size(), 3u);
  EXPECT_EQ(s.systems[first.answers[0].system], "B");  // display order, not answer order
  EXPECT_DOUBLE_EQ(first.answers[0].score, 55.5);
  EXPECT_EQ(s.systems[first.answers[1].system], "A");
  EXPECT_EQ(first.answers[1].spans, 1);
  EXPECT_EQ(s.screens[1].document, -1);
  EXPECT_DOUBLE_EQ(s.screens[1].selection_probability, -1.0);
}

TEST(CesaLogReader, ErrorsNameFileLineAndField) {
  const std::string head = R"({"screenId":"s","annotator":"a","segment":"g","displayOrder":["A","B"],"answers":[)";
  auto missing = ParseCesaLog("\n" + head + R"({"system":"A","score":1}]})", "f.jsonl");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "f.jsonl:2: field 'answers': no answer for 'B' (all 2 must be answered)");
  auto foreign = ParseCesaLog(head + R"({"system":"A","score":1},{"system":"Z","score":2}]})", "f");
  EXPECT_EQ(foreign.status().message(), "f:1: field 'answers[1].system': 'Z' is not on this screen");
  auto score = ParseCesaLog(head + R"({"system":"A","score":101},{"system":"B","score":2}]})", "f");
  EXPECT_EQ(score.status().message(), "f:1: field 'answers[0].score': score outside [0, 100]");
  auto p = ParseCesaLog(R"({"screenId":"s","annotator":"a","segment":"g","selectionProbability":0,"displayOrder":["A","B"],"answers":[]})", "f");
  EXPECT_EQ(p.status().message(), "f:1: field 'selectionProbability': outside (0, 1]");
  EXPECT_EQ(ParseCesaLog("{", "f").status().message().rfind("f:1: invalid JSON", 0), 0u);
  EXPECT_FALSE(ParseCesaLog("", "f").ok());
  EXPECT_NE(ParseCesaLog(R"({"x":1})", "f").status().message().find("neither"), std::string::npos);
}

TEST(CesaLogReader, ResubmissionReplacesTheScreen) {
  const std::string line = R"({"screenId":"s","annotator":"a","segment":"g","displayOrder":["A","B"],"answers":[{"system":"A","score":SA},{"system":"B","score":1}]})";
  std::string first = line, second = line;
  first.replace(first.find("SA"), 2, "10");
  second.replace(second.find("SA"), 2, "30");
  auto log = ParseCesaLog(first + "\n" + second + "\n", "f");
  ASSERT_TRUE(log.ok()) << log.status().message();
  ASSERT_EQ(log->screens.screens.size(), 1u);
  EXPECT_DOUBLE_EQ(log->screens.screens[0].answers[0].score, 30.0);
  EXPECT_EQ(log->replaced, 1);
}

TEST(CesaLogReader, PearmutLogWithResetAndItemsApart) {
  // u1 scores item 0 (two segments, three models), resets it and scores it again; u2's
  // item 0 stays; welcome_0 and random_3 are kept apart; a segment with one scored model
  // is skipped.
  const std::string item =
      R"("item":[{"item_id":"news_###_d1_###_0","src":"x","tgt":{"M1":"a","M2":"b","M3":"c"}},{"item_id":"news_###_d1_###_1","src":"y","tgt":{"M1":"a","M2":"b","M3":"c"}}])";
  const std::string ann1 =
      R"("annotation":[{"M1":{"score":80,"error_spans":[]},"M2":{"score":60},"M3":{"score":40}},{"M1":{"score":70},"M2":{"score":null},"M3":{"score":50}}])";
  const std::string ann2 =
      R"("annotation":[{"M1":{"score":90},"M2":{"score":60},"M3":{"score":30}},{"M1":{"score":70},"M2":{"score":null},"M3":{"score":null}}])";
  const std::string text =
      R"({"user_id":"u1","item_i":"welcome_0",)" + item + "," + ann1 + "}\n" +
      R"({"user_id":"u1","item_i":0,)" + item + "," + ann1 + "}\n" +
      R"({"user_id":"u2","item_i":0,)" + item + "," + ann1 + "}\n" +
      R"({"user_id":"u1","item_i":0,"annotation":"__RESET__"})" + "\n" +
      R"({"user_id":"u1","item_i":"random_3",)" + item + "," + ann1 + "}\n" +
      R"({"user_id":"u1","item_i":0,)" + item + "," + ann2 + "}\n" +
      R"({"user_id":"u3","item_i":5,"item":[{"item_id":"attention_check_1"}],"annotation":[{"M1":{"score":1},"M2":{"score":2}}]})" + "\n";
  auto log = ParseCesaLog(text, "p.jsonl");
  ASSERT_TRUE(log.ok()) << log.status().message();
  EXPECT_EQ(log->tutorial, 1);
  EXPECT_EQ(log->attention_checks, 2);  // random_3 and attention_check_1
  EXPECT_EQ(log->replaced, 2);          // u1's two segments, reset
  EXPECT_EQ(log->skipped_segments, 1);  // u1's second try, segment 1: only M1 scored
  const ContrastiveScreens& s = log->screens;
  ASSERT_EQ(s.screens.size(), 3u);  // u2's two segments, u1's first segment
  EXPECT_EQ(s.annotators[s.screens[2].annotator], "u1");
  EXPECT_DOUBLE_EQ(s.screens[2].answers[0].score, 90.0);
  EXPECT_EQ(s.segments[s.screens[1].segment], "news_###_d1_###_1");
  EXPECT_EQ(s.documents[s.screens[1].document], "news_###_d1");
  EXPECT_EQ(s.screens[1].answers.size(), 2u);  // M2 unscored there
  EXPECT_EQ(s.screens[0].screen_id, "u2/0");
}

TEST(CesaLogReader, AppraiseJsonlContrastiveAndPairwise) {
  // A ContrastiveESA line: 3 systems on segment 1, 2 scored on segment 2 (C unscored), and
  // a pairwise line; a BAD item and a Document line are kept apart.
  const std::string text =
      R"({"annotator":"engdeu01","source_id":"s","document_id":"doc9","item_type":"TGT","task_type":"ContrastiveESA","targets":[{"target_id":"A","segment_id":1,"score":70},{"target_id":"B","segment_id":1,"score":50},{"target_id":"C","segment_id":1,"score":90},{"target_id":"A","segment_id":2,"score":60},{"target_id":"C","segment_id":2,"score":null},{"target_id":"B","segment_id":2,"score":65}]})"
      "\n"
      R"({"annotator":"engdeu02","item_id":7,"document_id":"doc9","item_type":"TGT","task_type":"PairwiseESA","targets":[{"target_id":"A","score":40},{"target_id":"C","score":45}]})"
      "\n"
      R"({"annotator":"engdeu02","item_id":8,"document_id":"doc9","item_type":"BAD","task_type":"PairwiseESA","targets":[{"target_id":"A","score":4},{"target_id":"C","score":45}]})"
      "\n"
      R"({"annotator":"engdeu03","system_id":"A","score":50,"task_type":"Document"})"
      "\n";
  auto log = ParseCesaLog(text, "a.jsonl");
  ASSERT_TRUE(log.ok()) << log.status().message();
  const ContrastiveScreens& s = log->screens;
  ASSERT_EQ(s.screens.size(), 3u);
  EXPECT_EQ(s.screens[0].answers.size(), 3u);
  EXPECT_EQ(s.segments[s.screens[0].segment], "doc9#1");
  EXPECT_EQ(s.screens[1].answers.size(), 2u);
  EXPECT_DOUBLE_EQ(s.screens[1].answers[1].score, 65.0);
  EXPECT_EQ(s.segments[s.screens[2].segment], "doc9#7");
  EXPECT_EQ(s.annotators[s.screens[2].annotator], "engdeu02");
  EXPECT_EQ(log->attention_checks, 1);
  EXPECT_EQ(log->single_output_lines, 1);
  EXPECT_EQ(ParseCesaLog(R"({"task_type":"Ranking","annotator":"a"})", "a").status().message(),
            "a:1: field 'task_type': 'Ranking' is not an Appraise task type (Document, "
            "ContrastiveESA, PairwiseESA, PairwiseDocument)");
}

TEST(CesaLogReader, ExportRoundTripGzipAndStdin) {
  auto log = ParseCesaLog(kExport, "x");
  ASSERT_TRUE(log.ok());
  std::string text;
  for (const ContrastiveScreen& screen : log->screens.screens) {
    text += FormatCesaExportLine(log->screens, screen, "c\"1") + "\n";
  }
  auto again = ParseCesaLog(text, "y");
  ASSERT_TRUE(again.ok()) << again.status().message() << "\n" << text;
  ASSERT_EQ(again->screens.screens.size(), 2u);
  EXPECT_DOUBLE_EQ(again->screens.screens[0].selection_probability, 0.25);
  EXPECT_DOUBLE_EQ(again->screens.screens[0].answers[0].score, 55.5);
  EXPECT_EQ(again->screens.systems[again->screens.screens[0].answers[0].system], "B");
  const std::string dir = testing::TempDir("cesa_log_reader");
  testing::WriteFile(dir + "/log.jsonl", text);
  ASSERT_EQ(std::system(("gzip -kf " + dir + "/log.jsonl").c_str()), 0);
  auto gz = ReadCesaLog(dir + "/log.jsonl.gz");
  ASSERT_TRUE(gz.ok()) << gz.status().message();
  EXPECT_EQ(gz->screens.screens.size(), 2u);
  EXPECT_FALSE(ReadCesaLog(dir + "/absent.jsonl").ok());
}

}  // namespace
}  // namespace tourney
