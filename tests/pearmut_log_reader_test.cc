// Pearmut's annotation log: scores in log order (validation items marked), judgments of the
// other items with their spans, item identity without `tgt`, resubmissions, skipped lines,
// errors with FILE:LINE: field, and the hand-made fixture (tests/data/pearmut/README.md).
#include "tourney/ingest/pearmut_log_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace tourney {
namespace {

std::string FixturePath() { return std::string(TOURNEY_SOURCE_DIR) + "/tests/data/pearmut/esa_log.jsonl"; }

TEST(PearmutLogReader, ReadsTheFixture) {
  auto log = ReadPearmutLog(FixturePath());
  ASSERT_TRUE(log.ok()) << log.status().message();
  // Lines 1-3 and 5-7 hold 5 + 5 + 5 + 4 + 5 + 2 = 26 scores (line 5's item 4 is null).
  EXPECT_EQ(log->entries, 7);
  EXPECT_EQ(log->skipped_entries, 1);
  EXPECT_EQ(log->scores.scores.size(), 26u);
  EXPECT_EQ(log->validation_scores, 2);
  EXPECT_EQ(log->scores.models, (std::vector<std::string>{"DeepSeek-V3", "ONLINE-W", "Qwen2.5-7B",
                                                         "ONLINE-G", "A", "B"}));
  EXPECT_EQ(log->scores.annotators, (std::vector<std::string>{"u-alpha", "u-beta", "u-gamma"}));
  // 5 source segments shared by the four models, and the attention check.
  EXPECT_EQ(log->scores.num_items, 6);
  EXPECT_EQ(log->scores.scores[0].item, log->scores.scores[5].item);
  EXPECT_TRUE(log->scores.scores[25].validation);
  // Judgments: 24 non-validation scores less the 5 that line 6 replaced.
  EXPECT_EQ(log->judgments.rows.size(), 19u);
  EXPECT_TRUE(log->judgments.has_raw);
  EXPECT_EQ(log->judgments.rows[5].raw, 60.0);  // Qwen, item 0 (line 2's scores are gone)
  EXPECT_EQ(log->judgments.rows.back().raw, 79.0);
  ASSERT_EQ(log->spans.spans.size(), 3u);
  EXPECT_EQ(log->spans.spans[0].judgment, 0);
  EXPECT_EQ(log->spans.spans[0].end, 5);
  EXPECT_EQ(log->spans.spans[1].judgment, 6);
  EXPECT_EQ(log->spans.categories[log->spans.spans[1].category], "Accuracy/Mistranslation");
  EXPECT_EQ(log->spans.spans[2].start, -1);
  ASSERT_EQ(log->judgments.warnings.size(), 2u);  // skipped line, replaced scores
}

TEST(PearmutLogReader, ErrorsNameFileLineAndField) {
  auto json = ParsePearmutLog("{\"item\": [], \"annotation\": [], \"user_id\": \"u\"}\nnot json\n",
                              "o.jsonl");
  ASSERT_FALSE(json.ok());
  EXPECT_EQ(json.status().message().rfind("o.jsonl:2: invalid JSON", 0), 0u)
      << json.status().message();
  auto lengths = ParsePearmutLog(
      "{\"item\": [{\"doc_id\": \"d\"}], \"annotation\": [], \"user_id\": \"u\"}\n", "o.jsonl");
  ASSERT_FALSE(lengths.ok());
  EXPECT_EQ(lengths.status().message(),
            "o.jsonl:1: field 'annotation': 0 annotations for 1 items");
  auto score = ParsePearmutLog(
      "{\"item\": {\"doc_id\": \"d\"}, \"annotation\": {\"M\": {\"score\": \"x\"}}, "
      "\"user_id\": \"u\"}\n",
      "o.jsonl");
  ASSERT_FALSE(score.ok());
  EXPECT_EQ(score.status().message(),
            "o.jsonl:1: field 'annotation[0].M.score': not a finite number");
  auto user = ParsePearmutLog("{\"item\": [], \"annotation\": []}\n", "o.jsonl");
  ASSERT_FALSE(user.ok());
  EXPECT_NE(user.status().message().find("field 'user_id'"), std::string::npos);
  EXPECT_FALSE(ParsePearmutLog("{\"actions\": []}\n", "o.jsonl").ok());  // no scores
}

TEST(PearmutLogReader, DetectsALogByItsFirstLine) {
  EXPECT_TRUE(LooksLikePearmutLog("\n{\"item\": [], \"annotation\": []}\n"));
  EXPECT_FALSE(LooksLikePearmutLog("{\"campaign_id\": \"c\", \"data\": []}"));
  EXPECT_FALSE(LooksLikePearmutLog("u,A,1,TGT,e,l,70,1,2\n"));
}

}  // namespace
}  // namespace tourney
