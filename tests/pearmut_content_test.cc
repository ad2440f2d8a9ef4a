// The Pearmut campaign JSON importer: the WMT25 examples against an independent reading
// (Python's json module), segments merged across tasks, both schemas, errors by JSON path.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "independent_texts.h"
#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

// Checks every (doc_id, src, system, text) the independent reading lists against `texts`.
void ExpectSameTexts(const std::string& relative) {
  bool skip = false;
  const auto records =
      testing::IndependentTexts("pearmut", testing::SharedPath(relative), 4, &skip);
  if (skip) GTEST_SKIP() << "python3 absent";
  ASSERT_FALSE(records.empty()) << "the Python reading of " << relative << " failed";
  auto texts = ReadContentFile(testing::SharedPath(relative));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "pearmut");
  std::map<std::pair<std::string, std::string>, size_t> by_source;
  for (size_t i = 0; i < texts->segments.size(); ++i) {
    const SegmentTexts& s = texts->segments[i];
    EXPECT_TRUE(by_source.emplace(std::make_pair(s.document, s.source), i).second);
  }
  std::map<std::string, size_t> system_index;
  for (size_t k = 0; k < texts->systems.size(); ++k) system_index[texts->systems[k]] = k;
  std::set<std::pair<size_t, size_t>> outputs;  // (segment, system) the Python side names
  for (const auto& r : records) {
    auto segment = by_source.find({r[0], r[1]});
    ASSERT_NE(segment, by_source.end()) << "no segment for " << r[0];
    ASSERT_TRUE(system_index.count(r[2])) << r[2];
    const size_t system = system_index[r[2]];
    const auto& output = texts->segments[segment->second].outputs[system];
    ASSERT_TRUE(output.has_value()) << r[0] << " " << r[2];
    EXPECT_EQ(*output, r[3]) << r[0] << " " << r[2];
    outputs.emplace(segment->second, system);
  }
  // Nothing more than the file holds: every output present is one the Python side lists.
  EXPECT_EQ(static_cast<int64_t>(outputs.size()), texts->NumOutputs());
  EXPECT_EQ(texts->NumGaps(), static_cast<int64_t>(texts->segments.size() * texts->systems.size()) -
                                  texts->NumOutputs());
}

TEST(PearmutContent, EsaExampleKeepsEveryTextByteForByte) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/pearmut/examples/esa.json");
  ExpectSameTexts("data/peer-formats/pearmut/examples/esa.json");
}

TEST(PearmutContent, OlderSchemaWithSysIdKeepsEveryTextByteForByte) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/pearmut/examples-2025-12-02/wmt25_#_en-cs_CZ.json");
  ExpectSameTexts("data/peer-formats/pearmut/examples-2025-12-02/wmt25_#_en-cs_CZ.json");
}

TEST(PearmutContent, ParagraphsWithNewlinesAndSingleStreamPool) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/pearmut/examples/mqm.json");
  ExpectSameTexts("data/peer-formats/pearmut/examples/mqm.json");
  ExpectSameTexts("data/peer-formats/pearmut/examples/singlestream.json");
  ExpectSameTexts("data/peer-formats/pearmut/examples/multimodal.json");
}

TEST(PearmutContent, CountsOfTheWmt25Example) {
  TOURNEY_REQUIRE_SHARED("data/peer-formats/pearmut/examples/esa.json");
  // README: 5 tasks x 10 documents, 200 items, 83 doc_ids, one model per item.
  auto texts = ReadContentFile(testing::SharedPath("data/peer-formats/pearmut/examples/esa.json"));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->skipped.items, 200);
  EXPECT_EQ(texts->NumDocuments(), 83);
  EXPECT_EQ(texts->NumOutputs() + texts->skipped.repeated_outputs, 200);
  EXPECT_EQ(texts->segments.front().key, texts->segments.front().document + "#1");
}

// Two tasks serving the same segment; the second document has two segments.
const char kTwoTasks[] = R"({"campaign_id": "c", "info": {"assignment": "task-based"}, "data": [
  [[{"doc_id": "d1", "src": "Hello\n\"world\"\t!", "tgt": {"A": "Hallo\n", "B": " Welt "}}],
   [{"doc_id": "d2", "src": "s1", "tgt": {"A": "a1"}},
    {"doc_id": "d2", "src": "s2", "tgt": {"B": "b2"}}]],
  [[{"doc_id": "d1", "src": "Hello\n\"world\"\t!", "tgt": {"C": "\u00e9\ud83d\ude00"}}]]
]})";

TEST(PearmutContent, MergesASegmentAcrossTasksAndRecordsGaps) {
  auto texts = ParsePearmutContent(kTwoTasks, "c.json");
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"A", "B", "C"}));
  ASSERT_EQ(texts->segments.size(), 3u);
  const SegmentTexts& d1 = texts->segments[0];
  EXPECT_EQ(d1.key, "d1#1");
  EXPECT_EQ(d1.source, "Hello\n\"world\"\t!");
  EXPECT_EQ(*d1.outputs[0], "Hallo\n");
  EXPECT_EQ(*d1.outputs[1], " Welt ");
  EXPECT_EQ(*d1.outputs[2], "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(texts->segments[1].key, "d2#1");
  EXPECT_EQ(texts->segments[2].key, "d2#2");
  EXPECT_FALSE(texts->segments[1].outputs[1].has_value());  // a gap, not an empty text
  EXPECT_EQ(texts->NumGaps(), 4);
}

TEST(PearmutContent, ErrorsNameTheJsonPath) {
  auto bad_tgt = ParsePearmutContent(
      R"({"data": [[[{"doc_id": "d", "src": "s", "tgt": {"A": 1}}]]]})", "esa.json");
  ASSERT_FALSE(bad_tgt.ok());
  EXPECT_NE(bad_tgt.status().message().find("esa.json: data[0][0][0].tgt: expected an object of "
                                            "strings"),
            std::string::npos)
      << bad_tgt.status().message();
  auto no_src = ParsePearmutContent(R"({"data": [[{"doc_id": "d", "tgt": {}}]]})", "p.json");
  ASSERT_FALSE(no_src.ok());
  EXPECT_EQ(no_src.status().message(), "p.json: data[0][0].src: missing");
  auto conflict = ParsePearmutContent(
      R"({"data": [[{"doc_id": "d", "src": "s", "tgt": {"A": "x"}}],
                  [{"doc_id": "d", "src": "s", "tgt": {"A": "y"}}]]})",
      "p.json");
  ASSERT_FALSE(conflict.ok());
  EXPECT_NE(conflict.status().message().find("p.json: data[1][0].tgt.A: system 'A', segment "
                                             "'d#1': the output differs from the one at "
                                             "p.json: data[0][0].tgt.A"),
            std::string::npos)
      << conflict.status().message();
  auto syntax = ParsePearmutContent(R"({"data": [)", "p.json");
  ASSERT_FALSE(syntax.ok());
  EXPECT_EQ(syntax.status().message().rfind("p.json: invalid JSON", 0), 0u);
  auto deep = ParsePearmutContent(R"({"data": [[[[{}]]]]})", "p.json");
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.status().message().rfind("p.json: data[0][0][0]: expected an item object", 0), 0u)
      << deep.status().message();
}

}  // namespace
}  // namespace tourney
