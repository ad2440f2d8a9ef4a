// Property / fuzz test of the WMT DA reader: random corruptions of a valid judgments file
// never crash; each either parses into consistent judgments (ids in range, finite z-scores,
// type counts that add up, lines in order) or fails with a message naming the file and, for
// a row, a line in range.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/wmt_da_reader.h"

namespace tourney {
namespace {

std::string ValidDaFile(Rng& rng) {
  static const char* const kTypes[] = {"SYSTEM", "REPEAT", "REF", "BAD_REF"};
  std::string s = "HITId WorkerId sys_id rid type sid score\n";
  for (int row = 0; row < 30; ++row) {
    s += "H";
    s += std::to_string(row / 10);
    s += "\tW";
    s += std::to_string(rng.UniformInt(4));
    s += "\tS";
    s += std::to_string(rng.UniformInt(3));
    s += "\t10";
    s += std::to_string(row / 5);
    s += '\t';
    s += row % 3 == 0 ? kTypes[rng.UniformInt(4)] : "SYSTEM";
    s += '\t';
    s += std::to_string(1 + rng.UniformInt(12));
    s += '\t';
    s += std::to_string(rng.Uniform() * 4 - 2);
    s += '\n';
  }
  return s;
}

TEST(WmtDaReaderFuzz, CorruptedFilesNeverCrashAndStayConsistent) {
  Rng rng(2022);
  const std::string alphabet = "\t \n\r.-+e0123456789SYSTEMREFBAD_\"W";
  int parsed = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::string text = ValidDaFile(rng);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    const int edits = 1 + static_cast<int>(rng.UniformInt(4));
    testing::MutateText(rng, alphabet, edits, 4, &text);
    auto j = ParseWmtDaJudgments(text, "f.csv");
    if (!j.ok()) {
      const std::string& m = j.status().message();
      ASSERT_EQ(m.rfind("f.csv", 0), 0u) << m;
      if (m.size() > 6 && m[5] == ':' && std::isdigit(static_cast<unsigned char>(m[6]))) {
        const int line = std::stoi(m.substr(6));
        EXPECT_GE(line, 1) << m;
        EXPECT_LE(line, lines + 4) << m;
      }
      continue;
    }
    ++parsed;
    int64_t counted = 0;
    for (int64_t c : j->type_counts) counted += c;
    EXPECT_EQ(counted, static_cast<int64_t>(j->rows.size()));
    EXPECT_GT(j->type_counts[0] + j->type_counts[1], 0);
    int64_t last_line = 0;
    for (const DaJudgment& r : j->rows) {
      ASSERT_GE(r.system, 0);
      ASSERT_LT(r.system, j->num_systems());
      ASSERT_GE(r.annotator, 0);
      ASSERT_LT(r.annotator, static_cast<int>(j->annotators.size()));
      ASSERT_TRUE(std::isfinite(r.z));
      ASSERT_GE(r.segment, 0);
      ASSERT_GT(r.line, last_line);
      last_line = r.line;
    }
  }
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace tourney
