// The Appraise batches JSON importer: the MQM+ESA, Pairwise and PairwiseDocNewUI examples
// (counts from peer-formats/README.md), skipped quality-control items, joined targetIDs.
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

constexpr char kEsa[] = "data/peer-formats/appraise/Examples/MQM+ESA/batches_esa.json";

TEST(AppraiseContent, EsaBatchesSkipBadAndTutorialItems) {
  TOURNEY_REQUIRE_SHARED(kEsa);
  auto texts = ReadContentFile(testing::SharedPath(kEsa));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "appraise");
  // README: 2 batches x 100 items, 176 TGT and 24 BAD.
  EXPECT_EQ(texts->skipped.items, 200);
  EXPECT_EQ(texts->skipped.bad_items, 24);
  const ContentSkips& k = texts->skipped;
  EXPECT_EQ(k.items - k.bad_items - k.reference_items - k.check_items, 176);  // TGT items
  // Of the TGT items, the tutorial's have fixed answers (mqm.tutorial) and are skipped.
  EXPECT_EQ(k.tutorial_items, 12);
  EXPECT_EQ(texts->NumOutputs() + k.repeated_outputs, 176 - 12);
  EXPECT_EQ(texts->source_language, "eng");
  EXPECT_EQ(texts->target_language, "deu");
  // No BAD text became an output: BAD items' documents end in "#bad".
  for (const SegmentTexts& s : texts->segments) {
    EXPECT_EQ(s.document.find("#bad"), std::string::npos) << s.document;
  }
}

TEST(AppraiseContent, PairwiseBatchesSplitJoinedTargetIds) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/appraise/Examples/Pairwise/batches.json");
  auto texts = ReadContentFile(
      testing::SharedPath("data/peer-formats/appraise/Examples/Pairwise/batches.json"),
      {.format = ContentFormat::kAppraise});
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  // 100 items: 80 TGT, 10 BAD, 5 REF, 5 CHK; targetIDs "a+b" are the identical outputs of
  // both systems; three newstest2019 systems.
  EXPECT_EQ(texts->skipped.bad_items, 10);
  EXPECT_EQ(texts->skipped.reference_items, 5);
  EXPECT_EQ(texts->skipped.check_items, 5);
  EXPECT_EQ(texts->systems.size(), 3u);
  for (const std::string& system : texts->systems) {
    EXPECT_EQ(system.find('+'), std::string::npos) << system;
  }
}

TEST(AppraiseContent, DocumentLevelBatchesKeepSegmentIdsAndHtml) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/appraise/Examples/PairwiseDocNewUI/batches.json");
  auto texts = ReadContentFile(
      testing::SharedPath("data/peer-formats/appraise/Examples/PairwiseDocNewUI/batches.json"));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  // 110 items, 10 of them whole documents (isCompleteDocument); system-A and system-B.
  EXPECT_EQ(texts->skipped.document_items, 10);
  EXPECT_EQ(texts->segments.size(), 100u);
  EXPECT_EQ(texts->NumGaps(), 0);
  EXPECT_EQ(texts->segments[0].key, "example.tsv::5#1-101::1");
  EXPECT_EQ(texts->segments[0].document, "5#1-101");
  EXPECT_EQ(texts->segments[1].source.rfind("<h1>", 0), 0u);  // HTML kept as text
}

const char kBatch[] = R"([{"task": {"sourceLanguage": "eng", "targetLanguage": "ces"}, "items": [
  {"itemType": "TGT", "documentID": "d", "sourceText": "s1", "targetID": "A+B", "targetText": "t"},
  {"itemType": "BAD", "documentID": "d#bad", "sourceText": "s1", "targetID": "A", "targetText": "x"},
  {"itemType": "TGT", "documentID": "d", "sourceText": "s2", "targetID": "A", "targetText": "u"}
]}])";

TEST(AppraiseContent, BadItemsAreNeverOutputs) {
  auto texts = ParseAppraiseContent(kBatch, "b.json");
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"A", "B"}));
  ASSERT_EQ(texts->segments.size(), 2u);
  EXPECT_EQ(*texts->segments[0].outputs[0], "t");
  EXPECT_EQ(*texts->segments[0].outputs[1], "t");
  EXPECT_FALSE(texts->segments[1].outputs[1].has_value());
  EXPECT_EQ(texts->skipped.bad_items, 1);
}

TEST(AppraiseContent, ErrorsNameTheJsonPath) {
  auto bad = ParseAppraiseContent(R"([{"items": [{"itemType": "TGT", "documentID": "d",
      "sourceText": "s", "targetID": "A", "targetText": 5}]}])",
                                  "b.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "b.json: [0].items[0].targetText: expected a string");
  auto type = ParseAppraiseContent(R"([{"items": [{"itemType": "XYZ"}]}])", "b.json");
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.status().message(),
            "b.json: [0].items[0].itemType: 'XYZ' is not TGT, BAD, REF or CHK");
  auto source = ParseAppraiseContent(
      R"([{"items": [{"documentID": "d", "segmentID": "k", "segmentText": "a", "targets": []},
                     {"documentID": "d", "segmentID": "k", "segmentText": "b", "targets": []}]}])",
      "b.json");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(),
            "b.json: [0].items[1]: segment 'k': the source text differs from the one at "
            "b.json: [0].items[0]");
}

}  // namespace
}  // namespace tourney
