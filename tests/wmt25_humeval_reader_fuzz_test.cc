// Property / fuzz test of WMT25's humeval reader: random corruptions of a valid file never
// crash; each either reads into consistent judgments (ids in range, scores in [0, 100],
// wave counts that add up) or fails with a message naming the file and a line in range.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/wmt25_humeval_reader.h"

namespace tourney {
namespace {

std::string ValidHumeval(Rng& rng) {
  std::string s;
  for (int i = 0; i < 10; ++i) {
    s += R"({"doc_id":"en-de_#_news_#_d)" + std::to_string(i / 3) + "_#_" + std::to_string(i) +
         R"(","src_text":"s","tgt_text":{"A":"a","B":"b"},"scores":{"A":{"human1":)" +
         std::to_string(rng.UniformInt(101)) + R"(,"annotator1":"u)" +
         std::to_string(rng.UniformInt(3)) + R"(","errors1":[]},"B":{"human1":)" +
         std::to_string(rng.UniformInt(101)) + R"(,"human2":)" + std::to_string(rng.UniformInt(101)) +
         "}}}\n";
  }
  return s;
}

TEST(Wmt25HumevalReaderFuzz, CorruptedFilesNeverCrashAndStayConsistent) {
  Rng rng(2025);
  const std::string alphabet = ",\"\n[]{}:.0123456789ABhumanu_#-";
  int parsed = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::string text = ValidHumeval(rng);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    testing::MutateText(rng, alphabet, 1 + static_cast<int>(rng.UniformInt(4)), 4, &text);
    auto read = ParseWmt25Humeval(text, "h.jsonl");
    if (!read.ok()) {
      const std::string& m = read.status().message();
      ASSERT_EQ(m.rfind("h.jsonl", 0), 0u) << m;
      if (m.size() > 8 && m[7] == ':' && std::isdigit(static_cast<unsigned char>(m[8]))) {
        const int line = std::stoi(m.substr(8));
        EXPECT_GE(line, 1) << m;
        EXPECT_LE(line, lines + 4) << m;
      }
      continue;
    }
    ++parsed;
    const DaJudgments& j = read->judgments;
    EXPECT_EQ(read->wave_scores[0] + read->wave_scores[1], static_cast<int64_t>(j.rows.size()));
    for (const DaJudgment& row : j.rows) {
      ASSERT_LT(row.system, j.num_systems());
      ASSERT_LT(row.annotator, static_cast<int>(j.annotators.size()));
      ASSERT_LT(row.document, static_cast<int64_t>(j.documents.size()));
      EXPECT_TRUE(row.raw >= 0.0 && row.raw <= 100.0);
    }
  }
  EXPECT_GT(parsed, 100);
}

}  // namespace
}  // namespace tourney
