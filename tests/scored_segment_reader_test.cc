// Scored-segment tables: columns, missing scores, metric detection, and bad input with
// file:line:column messages.
#include "tourney/ingest/scored_segment_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "test_util.h"

namespace tourney {
namespace {

constexpr const char* kTsv =
    "system\tdoc\tdoc_seg\tseg\tmqm\tchrF\tTER\n"
    "A\td1\t1\t1\t0\t0.5\t-0.25\n"
    "A\td1\t2\t2\tNone\t0.25\t-0.5\n"
    "A\td2\t1\t3\t4.5\t0.75\t-0.125\n"
    "B\td1\t1\t1\t1\t0.5\t-0.25\n"
    "B\td1\t2\t2\t\t0.5\t-0.75\n"
    "B\td2\t1\t3\t2\t0.5\t-0.5\n";

StatusOr<ScoredSegments> Parse(const std::string& text, ScoredSegmentReadOptions o = {}) {
  return ParseScoredSegments(text, "t.tsv", o);
}

TEST(ScoredSegmentReader, ReadsSystemsSegmentsDocumentsAndScores) {
  auto t = Parse(kTsv);
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->systems.size(), 2u);
  EXPECT_EQ(t->segment_ids, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(t->document_ids, (std::vector<std::string>{"d1", "d2"}));
  EXPECT_EQ(t->segment_document, (std::vector<int>{0, 0, 1}));
  const SystemSegments& a = t->systems[0];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.annotated, (std::vector<uint8_t>{1, 0, 1}));  // None = not annotated
  EXPECT_DOUBLE_EQ(a.human[2], 4.5);
  EXPECT_EQ(t->systems[1].annotated, (std::vector<uint8_t>{1, 0, 1}));  // blank too
  EXPECT_EQ(t->systems[1].num_annotated(), 2);
}

TEST(ScoredSegmentReader, DefaultMetricsAreTheNonIntegerNumericColumns) {
  auto t = Parse(kTsv);
  ASSERT_TRUE(t.ok());
  // doc_seg holds whole numbers only: a position, not a metric.
  EXPECT_EQ(t->metric_names, (std::vector<std::string>{"chrF", "TER"}));
  EXPECT_DOUBLE_EQ(t->systems[0].metrics[2 * 2 + 1], -0.125);  // row 3, TER
}

TEST(ScoredSegmentReader, ConstantMetricIsDroppedForThatSystemWithAWarning) {
  auto t = Parse(kTsv);
  ASSERT_TRUE(t.ok());
  // B's chrF is 0.5 on every row.
  EXPECT_EQ(t->systems[0].active_metrics, (std::vector<int>{0, 1}));
  EXPECT_EQ(t->systems[1].active_metrics, (std::vector<int>{1}));
  ASSERT_EQ(t->warnings.size(), 1u);
  EXPECT_NE(t->warnings[0].find("'chrF' is constant for system 'B'"), std::string::npos);
}

TEST(ScoredSegmentReader, NamedColumnsCsvAndExcludedSystems) {
  ScoredSegmentReadOptions o;
  o.system_column = "sys";
  o.document_column = "document";
  o.segment_column = "id";
  o.score_column = "da";
  o.metric_columns = {"m1"};
  o.exclude_systems = {"ref"};
  auto t = Parse(
      "sys,document,id,da,m1,m2\n"
      "x,\"d,1\",s1,70,1,5\n"
      "ref,\"d,1\",s1,90,2,6\n"
      "x,\"d,1\",s2,,3,7\n",
      o);
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->systems.size(), 1u);
  EXPECT_EQ(t->systems[0].name, "x");
  EXPECT_EQ(t->document_ids[0], "d,1");
  EXPECT_EQ(t->metric_names, (std::vector<std::string>{"m1"}));
  EXPECT_EQ(t->systems[0].metrics, (std::vector<double>{1, 3}));
}

// A quoted CSV field is kept as written (RFC 4180): a DataFrame's names " A" and sys "A"
// came back as "A" and sys ""A"" (issue 45). Unquoted fields are still trimmed.
TEST(ScoredSegmentReader, QuotedFieldsKeepTheirBlanksAndQuotes) {
  auto t = Parse(
      "\"system\",\"doc\",\"seg\",\"mqm\",\"m\"\n"
      "\" A\",\"d\",\"1\",1,0.5\n"
      "\"sys \"\"A\"\"\",\"d\",\"1\",2,0.25\n"
      " B ,d, 1 ,3,0.75\n");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->systems.size(), 3u);
  EXPECT_EQ(t->systems[0].name, " A");
  EXPECT_EQ(t->systems[1].name, "sys \"A\"");
  EXPECT_EQ(t->systems[2].name, "B");
  EXPECT_EQ(t->segment_ids, (std::vector<std::string>{"1"}));
}

TEST(ScoredSegmentReader, ErrorsNameFileLineAndColumn) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::string h = "system\tdoc\tseg\tmqm\tm\n";
  const Case cases[] = {
      {h + "A\td\t1\tbad\t0.5\n", "t.tsv:2: column 'mqm': 'bad' is not a number"},
      {h + "A\td\t1\t1\tinf\n", "t.tsv:2: column 'm': 'inf' is not finite"},
      {h + "A\td\t1\tnan\t0.5\n", "t.tsv:2: column 'mqm': 'nan' is not finite"},
      {h + "A\td\t1\t1e999\t0.5\n", "t.tsv:2: column 'mqm': '1e999' is not finite"},
      {h + "A\td\t1\t1\t0.5\nA\td\t1\t2\t0.25\n",
       "t.tsv:3: column 'seg': system 'A' segment '1' is listed twice (first on line 2)"},
      {h + "A\td\t1\t1\t0.5\nB\te\t1\t2\t0.25\n",
       "t.tsv:3: column 'doc': segment '1' is in document 'd'"},
      {h + "A\td\t1\t1\n", "t.tsv:2: 4 fields, the header has 5"},
      {h + "\td\t1\t1\t0.5\n", "t.tsv:2: column 'system': blank"},
      {"system\tdoc\tseg\tm\nA\td\t1\t0.5\n", "t.tsv:1: no score column 'mqm' in the header"},
      {h, "t.tsv: no data rows after the header"},
      {"", "t.tsv: empty input"},
  };
  for (const Case& c : cases) {
    ScoredSegmentReadOptions o;
    o.metric_columns = {};
    auto t = Parse(c.text, o);
    ASSERT_FALSE(t.ok()) << c.text;
    EXPECT_EQ(t.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(t.status().message().find(c.message), std::string::npos)
        << t.status().message() << "\nexpected: " << c.message;
  }
}

TEST(ScoredSegmentReader, ExcludingAnAbsentSystemIsAnError) {
  ScoredSegmentReadOptions o;
  o.exclude_systems = {"Human-Z"};
  auto t = Parse(kTsv, o);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("no system 'Human-Z' to exclude"), std::string::npos);
}

TEST(ScoredSegmentReader, ReadsGzipFiles) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "scored_segment_reader_test.tsv.gz").string();
  gzFile f = gzopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  gzputs(f, kTsv);
  gzclose(f);
  auto t = ReadScoredSegments(path, {});
  std::filesystem::remove(path);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->systems.size(), 2u);
  auto missing = ReadScoredSegments(path, {});
  EXPECT_EQ(missing.status().code(), StatusCode::kIoError);
}

TEST(ScoredSegmentReader, ReadsTheWmt20EnDeTable) {
  TOURNEY_REQUIRE_SHARED("data/wmt20-mqm/en-de.tsv.gz");
  auto t = ReadScoredSegments(testing::SharedPath("data/wmt20-mqm/en-de.tsv.gz"), {});
  ASSERT_TRUE(t.ok()) << t.status().message();
  // The data README: 10 systems x 1,418 segments in 130 documents, six metrics.
  EXPECT_EQ(t->systems.size(), 10u);
  EXPECT_EQ(t->segment_ids.size(), 1418u);
  EXPECT_EQ(t->document_ids.size(), 130u);
  EXPECT_EQ(t->metric_names.size(), 6u);
  // Human-B's mean MQM is 0.75 (the paper's Table 8, to two decimals).
  for (const SystemSegments& s : t->systems) {
    if (s.name != "Human-B.0") continue;
    double sum = 0.0;
    for (double x : s.human) sum += x;
    EXPECT_NEAR(sum / s.size(), 0.75, 0.005);
  }
}

TEST(ScoredSegmentReader, RecordedDesignNotesAndColumns) {
  auto t = ParseScoredSegments(
      "# tourney sample: design=docs-prop n=1 seed=7\n"
      "system\tdoc\tseg\tmqm\tm\tsampled\tinclusion\n"
      "A\td\t0\t2\t0.5\t1\t0.25\nA\td\t1\t\t1.5\t0\t0.25\n"
      "B\td\t0\t3\t0.75\t1\t0.25\n",
      "t", {});
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->notes.size(), 1u);
  EXPECT_EQ(t->notes[0], "tourney sample: design=docs-prop n=1 seed=7");
  // sampled and inclusion are the design's, not metrics.
  EXPECT_EQ(t->metric_names, (std::vector<std::string>{"m"}));
  EXPECT_EQ(t->segment_inclusion, (std::vector<double>{0.25, 0.25}));
  EXPECT_EQ(t->segment_sampled, (std::vector<uint8_t>{1, 0}));
  // A segment's design fields must agree across systems, and be probabilities / flags.
  auto bad = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\tinclusion\nA\td\t0\t2\t0.25\nB\td\t0\t3\t0.5\n", "t", {});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("t:3: column 'inclusion'"), std::string::npos)
      << bad.status().message();
  bad = ParseScoredSegments("system\tdoc\tseg\tmqm\tinclusion\nA\td\t0\t2\t1.5\n", "t", {});
  EXPECT_NE(bad.status().message().find("not a probability"), std::string::npos);
  bad = ParseScoredSegments("system\tdoc\tseg\tmqm\tsampled\nA\td\t0\t2\t2\n", "t", {});
  EXPECT_NE(bad.status().message().find("not 0 or 1"), std::string::npos);
}

// The audit: a score of 1e308 gave a NaN interval with no warning. Scores beyond 1e6 in
// magnitude are refused, naming the line and column.
TEST(ScoredSegmentReader, ImplausiblyLargeScoresAreRefused) {
  auto t = ParseScoredSegments("system\tdoc\tseg\tmqm\nA\td\t0\t1\nA\td\t1\t1e308\n", "t", {});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("t:3: column 'mqm': '1e308' is not a plausible"),
            std::string::npos)
      << t.status().message();
  EXPECT_FALSE(ParseScoredSegments("system\tdoc\tseg\tmqm\nA\td\t0\t-2000000\n", "t", {}).ok());
  EXPECT_TRUE(ParseScoredSegments("system\tdoc\tseg\tmqm\nA\td\t0\t-1000000\n", "t", {}).ok());
}

TEST(ScoredSegmentReader, NamesMustBeUtf8) {
  auto t = ParseScoredSegments("system\tdoc\tseg\tmqm\nA\xff\td\t0\t1\n", "t", {});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("t:2: column 'system'"), std::string::npos)
      << t.status().message();
  EXPECT_NE(t.status().message().find("UTF-8"), std::string::npos);
}

// The audit: one blank cell in a metric column made the column a non-metric, silently.
TEST(ScoredSegmentReader, ABlankMetricCellIsAnError) {
  auto t = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\tm\nA\td\t0\t1\t0.5\nA\td\t1\t2\t\nA\td\t2\t3\t1.5\n", "t", {});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("t:3: column 'm': blank"), std::string::npos)
      << t.status().message();
}

// The name rule (core/system_registry.h) for the system column.
TEST(ScoredSegmentReader, SystemNamesFollowTheOneRule) {
  auto r = Parse("system\tdoc\tseg\tmqm\nA\x7f\td1\t1\t0\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("t.tsv:2: column 'system': system ", 0), 0u)
      << r.status().message();
  EXPECT_NE(r.status().message().find("holds a control character (byte 0x7F at offset 1)"),
            std::string::npos);
  auto longer = Parse("system\tdoc\tseg\tmqm\n" + std::string(300, 'S') + "\td1\t1\t0\n");
  ASSERT_FALSE(longer.ok());
  EXPECT_NE(longer.status().message().find("is 300 bytes long (at most 256)"), std::string::npos);
}

}  // namespace
}  // namespace tourney
