// Property / fuzz test of the Appraise score-export reader: random corruptions of a valid
// 12-field ESA export (quoted error-span JSON included) never crash; each either parses into
// consistent judgments (ids in range, finite scores, type counts that add up, spans pointing
// at existing judgments in order) or fails with a message naming the file and, for a row, a
// line in range.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/appraise_scores_reader.h"

namespace tourney {
namespace {

std::string ValidEsaExport(Rng& rng) {
  std::string s;
  for (int row = 0; row < 24; ++row) {
    std::string user = "u";
    user += std::to_string(rng.UniformInt(3));
    std::string system = "wmt.S";
    system += std::to_string(rng.UniformInt(4));
    std::string doc = "doc";
    doc += std::to_string(row / 6);
    doc += '#';
    doc += system;
    const bool bad = row % 7 == 3;
    if (bad) doc += "#bad1";
    s += user + "," + system + "," + std::to_string(row) + (bad ? ",BAD," : ",TGT,") + "eng,deu," +
         std::to_string(rng.UniformInt(101)) + "," + doc + ",False,";
    if (row % 2 == 0) {
      s += "[]";
    } else {
      s += "\"[{\"\"start_i\"\":" + std::to_string(rng.UniformInt(50)) +
           ",\"\"end_i\"\":\"\"missing\"\",\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":"
           "[\"\"Fluency\"\",\"\"Grammar\"\"]}]\"";
    }
    s += ",1717486781.968,1717486790.5\n";
  }
  return s;
}

TEST(AppraiseScoresReaderFuzz, CorruptedExportsNeverCrashAndStayConsistent) {
  Rng rng(2024);
  const std::string alphabet = ",\"\n\r[]{}:.#0123456789TGBADFalseu";
  int parsed = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::string text = ValidEsaExport(rng);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    const int edits = 1 + static_cast<int>(rng.UniformInt(4));
    testing::MutateText(rng, alphabet, edits, 4, &text);
    auto read = ParseAppraiseScores(text, "f.csv");
    if (!read.ok()) {
      const std::string& m = read.status().message();
      ASSERT_EQ(m.rfind("f.csv", 0), 0u) << m;
      if (m.size() > 6 && m[5] == ':' && std::isdigit(static_cast<unsigned char>(m[6]))) {
        const int line = std::stoi(m.substr(6));
        EXPECT_GE(line, 1) << m;
        EXPECT_LE(line, lines + 4) << m;
      }
      continue;
    }
    ++parsed;
    const DaJudgments& j = read->judgments;
    int64_t total = 0;
    for (int64_t c : j.type_counts) total += c;
    EXPECT_EQ(total, static_cast<int64_t>(j.rows.size()));
    EXPECT_GT(j.type_counts[0], 0);
    for (const DaJudgment& row : j.rows) {
      ASSERT_GE(row.system, 0);
      ASSERT_LT(row.system, j.num_systems());
      ASSERT_GE(row.annotator, 0);
      ASSERT_LT(row.annotator, static_cast<int>(j.annotators.size()));
      EXPECT_TRUE(std::isfinite(row.raw));
      EXPECT_TRUE(std::isfinite(row.z));
      // Every segment of the 11- and 12-field layouts names its language pair.
      if (read->layout != AppraiseLayout::kSegmentDa) {
        ASSERT_GE(row.segment, 1);
        ASSERT_LE(static_cast<size_t>(row.segment), read->segment_pairs.size());
        ASSERT_LT(static_cast<size_t>(read->segment_pairs[static_cast<size_t>(row.segment) - 1]),
                  read->language_pairs.size());
      }
    }
    int32_t previous = 0;
    for (const ErrorSpan& span : read->spans.spans) {
      ASSERT_GE(span.judgment, previous);
      ASSERT_LT(span.judgment, static_cast<int32_t>(j.rows.size()));
      ASSERT_LT(span.severity, static_cast<int32_t>(read->spans.severities.size()));
      previous = span.judgment;
    }
  }
  EXPECT_GT(parsed, 100);  // most single edits still leave a valid file
}

}  // namespace
}  // namespace tourney
