// The plain content table importer: the WMT21 TED texts table against an independent reading
// (Python's csv and gzip modules), its counts, and errors by line and column.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "independent_texts.h"
#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

constexpr char kTexts[] = "data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz";

TEST(TableContent, TedTableKeepsEveryTextByteForByte) {
  TOURNEY_REQUIRE_SHARED(kTexts);
  bool skip = false;
  const auto rows = testing::IndependentTexts("table", testing::SharedPath(kTexts), 6, &skip);
  if (skip) GTEST_SKIP() << "python3 absent";
  ASSERT_EQ(rows.size(), 7406u);  // README: 7,406 rows
  auto texts = ReadContentFile(testing::SharedPath(kTexts));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "table");
  std::map<std::string, size_t> segment, system;
  for (size_t i = 0; i < texts->segments.size(); ++i) segment[texts->segments[i].key] = i;
  for (size_t k = 0; k < texts->systems.size(); ++k) system[texts->systems[k]] = k;
  for (const auto& r : rows) {  // system, doc, seg, source, target, reference
    ASSERT_TRUE(segment.count(r[2]) && system.count(r[0])) << r[0] << " " << r[2];
    const SegmentTexts& s = texts->segments[segment[r[2]]];
    EXPECT_EQ(s.document, r[1]);
    EXPECT_EQ(s.source, r[3]);
    ASSERT_TRUE(s.outputs[system[r[0]]].has_value());
    EXPECT_EQ(*s.outputs[system[r[0]]], r[4]);
    EXPECT_EQ(s.references, (std::vector<std::string>{r[5]}));
  }
  // 14 systems (ref among them, as the table lists it) x 529 segments in 5 documents.
  EXPECT_EQ(texts->systems.size(), 14u);
  EXPECT_EQ(texts->segments.size(), 529u);
  EXPECT_EQ(texts->NumDocuments(), 5);
  EXPECT_EQ(texts->NumOutputs(), 7406);
  EXPECT_EQ(texts->NumGaps(), 0);
}

TEST(TableContent, GapsAreExplicitAndSegmentsInDocumentOrder) {
  const char table[] =
      "system\tdoc\tseg\tsource\ttarget\n"
      "A\td2\t10\tten\tzehn\n"
      "A\td1\t2\ttwo \t zwei\n"
      "B\td1\t1\tone\t\n"
      "B\td2\t10\tten\tZehn\n";
  auto texts = ParseTableContent(table, "t.tsv");
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  ASSERT_EQ(texts->segments.size(), 3u);
  EXPECT_EQ(texts->segments[0].key, "10");  // d2 first seen first
  EXPECT_EQ(texts->segments[1].key, "1");   // then d1, by seg number
  EXPECT_EQ(texts->segments[2].key, "2");
  EXPECT_EQ(texts->segments[2].source, "two ");
  EXPECT_EQ(*texts->segments[2].outputs[0], " zwei");
  EXPECT_EQ(*texts->segments[1].outputs[1], "");  // an empty translation, present
  EXPECT_FALSE(texts->segments[1].outputs[0].has_value());
  EXPECT_EQ(texts->NumGaps(), 2);
  EXPECT_TRUE(texts->segments[0].references.empty());
}

TEST(TableContent, ErrorsNameLineAndColumn) {
  auto source = ParseTableContent(
      "system\tdoc\tseg\tsource\ttarget\nA\td\t1\ts\tt\nB\td\t1\tS\tt\n", "x.tsv");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(),
            "x.tsv:3: column 'source': segment '1': the source text differs from the one at "
            "x.tsv:2: column 'source'");
  auto document = ParseTableContent(
      "system\tdoc\tseg\tsource\ttarget\nA\td\t1\ts\tt\nB\te\t1\ts\tt\n", "x.tsv");
  ASSERT_FALSE(document.ok());
  EXPECT_EQ(document.status().message(),
            "x.tsv:3: column 'source': segment '1' is in document 'e' here but in 'd' at "
            "x.tsv:2: column 'source'");
  auto reference = ParseTableContent(
      "system\tdoc\tseg\tsource\ttarget\treference\nA\td\t1\ts\tt\tr\nB\td\t1\ts\tt\tR\n", "x.tsv");
  ASSERT_FALSE(reference.ok());
  EXPECT_EQ(reference.status().message(),
            "x.tsv:3: column 'reference': segment '1': the reference differs from the one at "
            "x.tsv:2: column 'reference'");
  auto missing = ParseTableContent("system\tdoc\tsource\ttarget\n", "x.tsv");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message().rfind("x.tsv:1: the header has no column 'seg'", 0), 0u);
  auto empty = ParseTableContent("system\tdoc\tseg\tsource\ttarget\n", "x.tsv");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().message(), "x.tsv: no segments: the input holds no items");
}

}  // namespace
}  // namespace tourney
