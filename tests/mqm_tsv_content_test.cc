// The Google MQM TSV importer: the WMT21 TED en-de file (counts from its README), span marks
// removed and checked against the organisers' own texts table, the reference system, errors.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

constexpr char kMqm[] = "data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz";
constexpr char kTexts[] = "data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz";

TEST(MqmTsvContent, TedFileHasTheReadmeCounts) {
  TOURNEY_REQUIRE_SHARED(kMqm);
  auto texts = ReadContentFile(testing::SharedPath(kMqm));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "mqm-tsv");
  // 8,435 rows; 13 systems besides `ref` (the reference), 529 segments, no gaps.
  EXPECT_EQ(texts->skipped.items, 8435);
  EXPECT_EQ(texts->systems.size(), 13u);
  EXPECT_EQ(texts->segments.size(), 529u);
  EXPECT_EQ(texts->NumGaps(), 0);
  std::map<std::string, int> per_document;
  std::vector<std::string> order;
  for (const SegmentTexts& s : texts->segments) {
    if (per_document[s.document]++ == 0) order.push_back(s.document);
    EXPECT_EQ(s.references.size(), 1u) << s.key;
  }
  EXPECT_EQ(order, (std::vector<std::string>{"talk.1", "talk.3", "talk.4", "talk.5", "talk.6"}));
  EXPECT_EQ(per_document["talk.1"], 140);
  EXPECT_EQ(per_document["talk.3"], 31);
  EXPECT_EQ(per_document["talk.4"], 129);
  EXPECT_EQ(per_document["talk.5"], 70);
  EXPECT_EQ(per_document["talk.6"], 159);
  EXPECT_EQ(texts->segments.front().key, "1");
}

TEST(MqmTsvContent, MarksRemovedAsInTheOrganisersTextsTable) {
  TOURNEY_REQUIRE_SHARED(kMqm);
  TOURNEY_REQUIRE_SHARED(kTexts);
  ContentReadOptions keep;
  keep.keep_reference_system = true;
  auto mqm = ReadContentFile(testing::SharedPath(kMqm), keep);
  auto table = ReadContentFile(testing::SharedPath(kTexts));
  ASSERT_TRUE(mqm.ok()) << mqm.status().message();
  ASSERT_TRUE(table.ok()) << table.status().message();
  ASSERT_EQ(mqm->systems.size(), 14u);  // with `ref` kept as a system
  ASSERT_EQ(mqm->segments.size(), table->segments.size());
  std::map<std::string, size_t> table_system;
  for (size_t k = 0; k < table->systems.size(); ++k) table_system[table->systems[k]] = k;
  for (size_t i = 0; i < mqm->segments.size(); ++i) {
    const SegmentTexts& a = mqm->segments[i];
    const SegmentTexts& b = table->segments[i];
    ASSERT_EQ(a.key, b.key);
    EXPECT_EQ(a.document, b.document);
    EXPECT_EQ(a.source, b.source) << a.key;
    EXPECT_EQ(a.references, b.references) << a.key;
    for (size_t k = 0; k < mqm->systems.size(); ++k) {
      EXPECT_EQ(a.outputs[k], b.outputs[table_system.at(mqm->systems[k])]) << a.key;
    }
  }
}

const char kHeader[] =
    "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment\n";

TEST(MqmTsvContent, RowsOfOneOutputMustAgreeAfterRemovingMarks) {
  const std::string agree =
      std::string(kHeader) +
      "A\td\t1\t7\tr1\tThe \"cat\".\t<v>Die</v> Katze.\tStyle\tMinor\t\n"
      "A\td\t1\t7\tr1\tThe \"cat\".\tDie <v>Katze</v>.\tStyle\tMinor\t\n"
      "ref\td\t1\t7\tr2\t<v>The</v> \"cat\".\tDie Katze!\tNo-error\tNo-error\t\n";
  auto texts = ParseMqmTsvContent(agree, "m.tsv");
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  ASSERT_EQ(texts->segments.size(), 1u);
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"A"}));
  EXPECT_EQ(texts->segments[0].source, "The \"cat\".");
  EXPECT_EQ(*texts->segments[0].outputs[0], "Die Katze.");
  EXPECT_EQ(texts->segments[0].references, (std::vector<std::string>{"Die Katze!"}));

  const std::string differ = std::string(kHeader) +
                             "A\td\t1\t7\tr1\tS\t<v>Die</v> Katze.\tStyle\tMinor\t\n"
                             "A\td\t1\t7\tr1\tS\tDer Kater.\tStyle\tMinor\t\n";
  auto bad = ParseMqmTsvContent(differ, "m.tsv");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "m.tsv:3: column 'target': system 'A', segment '7': the output differs from the "
            "one at m.tsv:2: column 'target'");
}

TEST(MqmTsvContent, ErrorsNameLineAndColumn) {
  auto short_row = ParseMqmTsvContent(std::string(kHeader) + "A\td\t1\n", "m.tsv");
  ASSERT_FALSE(short_row.ok());
  EXPECT_EQ(short_row.status().message(),
            "m.tsv:2: expected 10 tab-separated fields as in the header, found 3");
  auto seg = ParseMqmTsvContent(std::string(kHeader) + "A\td\t1\tx\tr\ts\tt\tc\tv\t\n", "m.tsv");
  ASSERT_FALSE(seg.ok());
  EXPECT_EQ(seg.status().message(), "m.tsv:2: column 'seg_id': 'x' is not a non-negative integer");
  auto source = ParseMqmTsvContent(
      std::string(kHeader) + "A\td\t1\t4\tr\ts\tt\tc\tv\t\n" + "B\td\t1\t4\tr\tS\tt\tc\tv\t\n",
      "m.tsv");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(),
            "m.tsv:3: column 'source': segment '4': the source text differs from the one at "
            "m.tsv:2: column 'source'");
  auto header = ParseMqmTsvContent("system\tdoc\n", "m.tsv");
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.status().message().rfind("m.tsv:1: the header has no column 'seg_id'", 0), 0u);
}

}  // namespace
}  // namespace tourney
