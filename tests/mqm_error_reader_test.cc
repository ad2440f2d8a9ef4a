// Google's MQM per-error TSV: columns by name, no quoting, errors with FILE:LINE: field, and
// the WMT21 TED en-de file's documented counts.
#include "tourney/ingest/mqm_error_reader.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

constexpr char kHeader[] = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n";

TEST(MqmErrorReader, ReadsRowsWithoutQuoting) {
  const std::string text = std::string(kHeader) +
                           "A\td1\t1\t1\tr1\tHe said \"hi\t<v>Er</v> sagte\tStyle/Awkward\tMinor\n"
                           "A\td1\t1\t1\tr1\t\"\t\"\tAccuracy/Mistranslation\tMajor\n"
                           "B\td1\t1\t1\tr2\tx\ty\tNo-error\tNo-error\n";
  auto e = ParseMqmErrors(text, "m.tsv");
  ASSERT_TRUE(e.ok()) << e.status().message();
  ASSERT_EQ(e->rows.size(), 3u);
  EXPECT_EQ(e->systems, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(e->raters, (std::vector<std::string>{"r1", "r2"}));
  EXPECT_EQ(e->categories[e->rows[1].category], "Accuracy/Mistranslation");
  EXPECT_EQ(e->severities[e->rows[2].severity], "No-error");
  EXPECT_EQ(e->rows[2].segment, 1);
  EXPECT_EQ(e->rows[2].line, 4);
}

TEST(MqmErrorReader, ErrorsNameFileLineAndField) {
  auto missing = ParseMqmErrors("system\tdoc\tseg_id\trater\tcategory\n", "m.tsv");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message().rfind("m.tsv:1: field 'severity'", 0), 0u)
      << missing.status().message();
  auto bad_seg = ParseMqmErrors(std::string(kHeader) + "A\td\t1\tx1\tr\ts\tt\tOther\tMinor\n", "m");
  ASSERT_FALSE(bad_seg.ok());
  EXPECT_EQ(bad_seg.status().message().rfind("m:2: field 'seg_id': 'x1'", 0), 0u)
      << bad_seg.status().message();
  auto blank = ParseMqmErrors(std::string(kHeader) + "A\td\t1\t1\t\ts\tt\tOther\tMinor\n", "m");
  ASSERT_FALSE(blank.ok());
  EXPECT_EQ(blank.status().message(), "m:2: field 'rater': blank");
  auto fields = ParseMqmErrors(std::string(kHeader) + "A\td\t1\t1\tr\ts\tt\tOther\n", "m");
  ASSERT_FALSE(fields.ok());
  EXPECT_EQ(fields.status().message().rfind("m:2: 8 fields, the header has 9", 0), 0u);
  EXPECT_FALSE(ParseMqmErrors(kHeader, "m").ok());
  EXPECT_EQ(ReadMqmErrors("/nonexistent.tsv").status().code(), StatusCode::kIoError);
}

// The counts the data README documents.
TEST(MqmErrorReader, ReadsTheWmt21TedEnDeFile) {
  TOURNEY_REQUIRE_SHARED("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz");
  auto e = ReadMqmErrors(testing::SharedPath("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz"));
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_EQ(e->rows.size(), 8435u);
  EXPECT_EQ(e->systems.size(), 14u);
  EXPECT_EQ(e->documents.size(), 5u);
  std::map<std::string, int> by_rater, by_severity;
  for (const MqmErrorRow& r : e->rows) {
    ++by_rater[e->raters[r.rater]];
    ++by_severity[e->severities[r.severity]];
  }
  EXPECT_EQ(by_rater["rater4"], 3365);
  EXPECT_EQ(by_rater["rater1"], 2299);
  EXPECT_EQ(by_rater["rater3"], 2018);
  EXPECT_EQ(by_rater["rater2"], 753);
  EXPECT_EQ(by_severity["No-error"], 4404);
  EXPECT_EQ(by_severity["Minor"], 2164);
  EXPECT_EQ(by_severity["Major"], 1867);
}

}  // namespace
}  // namespace tourney
