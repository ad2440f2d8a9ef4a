// Property / fuzz test of the scored-screen log reader: random corruptions of a valid cESA
// export and of a Pearmut cESA log never crash; each either reads into consistent screens
// (ids in range, >= 2 distinct systems a screen, scores in [0, 100], the board computes) or
// fails with a message naming the file and, for a line, a line in range.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/cesa_log_reader.h"
#include "tourney/sequential/contrastive_board.h"
#include "tourney/protocols/wmt26_rule.h"

namespace tourney {
namespace {

std::string ValidCesaExport(Rng& rng) {
  std::string s;
  for (int i = 0; i < 12; ++i) {
    s += R"({"screenId":"s)" + std::to_string(i) + R"(","annotator":"u)" +
         std::to_string(rng.UniformInt(3)) + R"(","segment":"g)" + std::to_string(i / 2) +
         R"(","displayOrder":["A","B","C"],"selectionProbability":0.)" +
         std::to_string(1 + rng.UniformInt(9)) + R"(,"answers":[)";
    for (const char* sys : {"A", "B", "C"}) {
      s += std::string(R"({"system":")") + sys + R"(","score":)" +
           std::to_string(rng.UniformInt(101)) + R"(,"spans":[]})";
      if (sys[0] != 'C') s += ",";
    }
    s += "]}\n";
  }
  return s;
}

std::string ValidPearmutLog(Rng& rng) {
  std::string s;
  for (int i = 0; i < 8; ++i) {
    s += R"({"user_id":"u)" + std::to_string(rng.UniformInt(3)) + R"(","item_i":)" +
         (i == 3 ? std::string("\"random_1\"") : std::to_string(i % 4)) +
         R"(,"item":[{"item_id":"d_###_)" + std::to_string(i) +
         R"("}],"annotation":[{"A":{"score":)" + std::to_string(rng.UniformInt(101)) +
         R"(},"B":{"score":)" + std::to_string(rng.UniformInt(101)) + R"(}}]})" + "\n";
    if (i == 5) s += R"({"user_id":"u1","item_i":1,"annotation":"__RESET__"})" "\n";
  }
  return s;
}

std::string ValidAppraiseJsonl(Rng& rng) {
  std::string s;
  for (int i = 0; i < 8; ++i) {
    s += R"({"annotator":"u)" + std::to_string(rng.UniformInt(3)) + R"(","source_id":"s","document_id":"d)" +
         std::to_string(i) + R"(","item_type":"TGT","task_type":"ContrastiveESA","targets":[)";
    for (int t = 0; t < 6; ++t) {
      s += std::string(t > 0 ? "," : "") + R"({"target_id":")" + static_cast<char>('A' + t % 3) +
           R"(","segment_id":)" + std::to_string(t / 3) + R"(,"score":)" +
           std::to_string(rng.UniformInt(101)) + "}";
    }
    s += "]}\n";
  }
  return s;
}

void CheckConsistent(const CesaLog& log) {
  const ContrastiveScreens& s = log.screens;
  ASSERT_FALSE(s.screens.empty());
  for (const ContrastiveScreen& screen : s.screens) {
    ASSERT_GE(screen.answers.size(), 2u);
    ASSERT_GE(screen.annotator, 0);
    ASSERT_LT(screen.annotator, static_cast<int>(s.annotators.size()));
    ASSERT_LT(screen.segment, static_cast<int>(s.segments.size()));
    for (const ScreenAnswer& a : screen.answers) {
      ASSERT_LT(a.system, static_cast<int>(s.systems.size()));
      EXPECT_TRUE(a.score >= 0.0 && a.score <= 100.0);
    }
  }
  EXPECT_TRUE(ScoreContrastiveScreens(s).ok());
  EXPECT_TRUE(RankLikeWmt26(s, {.resamples = 10}).ok());
}

void Fuzz(std::string (*make)(Rng&), uint64_t seed) {
  Rng rng(seed);
  const std::string alphabet = ",\"\n[]{}:.0123456789ABCsu_-eE";
  int parsed = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    std::string text = make(rng);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    testing::MutateText(rng, alphabet, 1 + static_cast<int>(rng.UniformInt(4)), 4, &text);
    auto read = ParseCesaLog(text, "f.jsonl");
    if (!read.ok()) {
      const std::string& m = read.status().message();
      ASSERT_EQ(m.rfind("f.jsonl", 0), 0u) << m;
      if (m.size() > 8 && m[7] == ':' && std::isdigit(static_cast<unsigned char>(m[8]))) {
        const int line = std::stoi(m.substr(8));
        EXPECT_GE(line, 1) << m;
        EXPECT_LE(line, lines + 4) << m;
      }
      continue;
    }
    ++parsed;
    CheckConsistent(*read);
  }
  EXPECT_GT(parsed, 50);
}

TEST(CesaLogReaderFuzz, CorruptedExportsNeverCrashAndStayConsistent) {
  Fuzz(&ValidCesaExport, 48);
}

TEST(CesaLogReaderFuzz, CorruptedAppraiseJsonlNeverCrashesAndStaysConsistent) {
  Fuzz(&ValidAppraiseJsonl, 50);
}

TEST(CesaLogReaderFuzz, CorruptedPearmutLogsNeverCrashAndStayConsistent) {
  Fuzz(&ValidPearmutLog, 49);
}

}  // namespace
}  // namespace tourney
