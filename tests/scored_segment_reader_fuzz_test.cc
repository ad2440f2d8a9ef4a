// Property / fuzz test of the scored-segment reader: random corruptions of a valid table
// never crash; each either parses into a consistent table (one metric row per segment row,
// only finite values, no duplicate (system, segment)) or fails with a message naming the
// file and, for a row, a line in range.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney {
namespace {

std::string ValidTable(Rng& rng, bool tsv) {
  const char sep = tsv ? '\t' : ',';
  std::string s =
      std::string("system") + sep + "doc" + sep + "seg" + sep + "mqm" + sep + "m1" + sep + "m2\n";
  for (int sys = 0; sys < 3; ++sys) {
    for (int seg = 0; seg < 12; ++seg) {
      // Appended piece by piece: `"literal" + std::string` trips GCC 12's -Wrestrict.
      s += 'S';
      s += std::to_string(sys);
      s += sep;
      s += 'd';
      s += std::to_string(seg / 4);
      s += sep;
      s += std::to_string(seg);
      s += sep;
      s += rng.UniformInt(4) == 0 ? std::string("None") : std::to_string(rng.UniformInt(25));
      s += sep;
      s += std::to_string(rng.Uniform());
      s += sep;
      s += std::to_string(rng.Uniform() - 1);
      s += '\n';
    }
  }
  return s;
}

TEST(ScoredSegmentReaderFuzz, CorruptedTablesNeverCrashAndStayConsistent) {
  Rng rng(77);
  const std::string alphabet = "\t,\"\n\r.-+e0123456789NoneinfaS ";
  int parsed = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    std::string text = ValidTable(rng, iter % 2 == 0);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    const int edits = 1 + static_cast<int>(rng.UniformInt(4));
    testing::MutateText(rng, alphabet, edits, 4, &text);
    auto t = ParseScoredSegments(text, "f.tsv", {});
    if (!t.ok()) {
      const std::string& m = t.status().message();
      ASSERT_EQ(m.rfind("f.tsv", 0), 0u) << m;
      if (m.size() > 6 && m[5] == ':' && std::isdigit(static_cast<unsigned char>(m[6]))) {
        const int line = std::stoi(m.substr(6));
        EXPECT_GE(line, 1) << m;
        EXPECT_LE(line, lines + 4) << m;
      }
      continue;
    }
    ++parsed;
    const size_t metrics = t->metric_names.size();
    for (const SystemSegments& s : t->systems) {
      ASSERT_EQ(s.metrics.size(), s.segment.size() * metrics);
      ASSERT_EQ(s.human.size(), s.segment.size());
      std::set<int> seen(s.segment.begin(), s.segment.end());
      EXPECT_EQ(seen.size(), s.segment.size());
      for (double v : s.metrics) EXPECT_TRUE(std::isfinite(v));
      for (double v : s.human) EXPECT_TRUE(std::isfinite(v));
      for (int m : s.active_metrics) EXPECT_LT(m, static_cast<int>(metrics));
    }
  }
  EXPECT_GT(parsed, 0);  // some corruptions are harmless (a digit changed)
}

}  // namespace
}  // namespace tourney
