// Reading back tourney's score exports: judgments, segments per (doc, seg), spans as
// proto3 JSON writes them (a start of 0 left out), and errors naming line and column.
#include "tourney/ingest/tourney_scores_reader.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace tourney {
namespace {

constexpr const char* kExport =
    "sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\terror_spans\n"
    "1\tA\td1\ts0\t90\tann1\tk1\t1700000000000\t[]\n"
    "2\tB\td1\ts0\t60\tann1\t\t1700000000001\t"
    "[{\"end\":4,\"severity\":\"minor\"},{\"start\":5,\"end\":7,\"severity\":\"major\"}]\n"
    "3\tA\td2\ts0\t70.5\tann2\t\t1700000000002\t[]\n"
    "4\tB\td2\ts0\t3\tann2\t\t1700000000003\t"
    "[{\"start\":1,\"end\":2,\"severity\":\"minor\",\"category\":\"Fluency/Punctuation\"}]\n";

TEST(TourneyScoresReader, ReadsJudgmentsSegmentsAndSpans) {
  EXPECT_TRUE(LooksLikeTourneyScores(kExport));
  EXPECT_FALSE(LooksLikeTourneyScores("system\tdoc\tseg\tmqm\n"));  // a scored-segment table
  auto read = ParseTourneyScores(kExport, "scores.tsv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  const DaJudgments& j = read->judgments;
  EXPECT_TRUE(j.has_raw);
  EXPECT_EQ(j.systems, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(j.annotators, (std::vector<std::string>{"ann1", "ann2"}));
  EXPECT_EQ(j.documents, (std::vector<std::string>{"d1", "d2"}));
  ASSERT_EQ(j.rows.size(), 4u);
  // (d1, s0) and (d2, s0) are two segments although both are called s0.
  EXPECT_EQ(j.rows[0].segment, 1);
  EXPECT_EQ(j.rows[1].segment, 1);
  EXPECT_EQ(j.rows[2].segment, 2);
  EXPECT_EQ(j.rows[2].raw, 70.5);
  EXPECT_EQ(j.rows[3].annotator, 1);
  EXPECT_EQ(j.rows[3].line, 5);
  EXPECT_EQ(j.type_counts[0], 4);
  const ErrorSpans& s = read->spans;
  ASSERT_EQ(s.spans.size(), 3u);
  EXPECT_EQ(s.spans[0].judgment, 1);
  EXPECT_EQ(s.spans[0].start, 0);  // left out by proto3 JSON
  EXPECT_EQ(s.spans[0].end, 4);
  EXPECT_EQ(s.severities[s.spans[1].severity], "major");
  EXPECT_EQ(s.spans[0].category, -1);
  EXPECT_EQ(s.spans[2].judgment, 3);
  EXPECT_EQ(s.categories[s.spans[2].category], "Fluency/Punctuation");
}

TEST(TourneyScoresReader, AnOlderExportWithoutSpansReads) {
  auto read = ParseTourneyScores(
      "sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\n"
      "1\tA\td\t1\t5\tx\t\t1\n",
      "old.tsv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->judgments.rows.size(), 1u);
  EXPECT_TRUE(read->spans.spans.empty());
}

TEST(TourneyScoresReader, ErrorsNameLineAndColumn) {
  const std::string header = "system\tdoc\tseg\tscore\tannotator\terror_spans\n";
  const auto message = [](const std::string& text) {
    auto r = ParseTourneyScores(text, "s.tsv");
    return r.ok() ? std::string("ok") : r.status().message();
  };
  EXPECT_EQ(message("system\tdoc\tseg\tscore\n1\t2\t3\t4\n").rfind("s.tsv:1:", 0), 0u);
  EXPECT_EQ(message(header + "A\td\t1\tnan\tx\t[]\n"),
            "s.tsv:2: column 'score': 'nan' is not a finite number");
  EXPECT_EQ(message(header + "A\td\t1\t5\tx\t[]\nA\td\t1\t6\ty\t[]\n"),
            "s.tsv:3: column 'seg': system 'A' segment '1' was scored on line 2 already (a "
            "campaign scores each item once)");
  EXPECT_EQ(message(header + "A\td\t1\t5\tx\t[{\"end\":2}]\n").rfind(
                "s.tsv:2: column 'error_spans': span 0: 'severity'", 0),
            0u);
  EXPECT_EQ(message(header + "A\td\t1\t5\tx\t{\n").rfind("s.tsv:2: column 'error_spans': ", 0),
            0u);
  EXPECT_EQ(message(header + "A\t\t1\t5\tx\t[]\n"), "s.tsv:2: column 'doc': empty");
  EXPECT_NE(message(header + "A\td\t1\t5\n"), "ok");  // too few fields
  EXPECT_NE(message(header), "ok");                   // no scores
}

// Property: any byte-level damage to a valid export is read or refused with a message that
// names the file and a line; never a crash (run under the sanitizers in CI).
TEST(TourneyScoresReader, DamagedExportsAreReadOrRefusedCleanly) {
  const std::string good = kExport;
  std::mt19937_64 rng(20261127);
  const std::string alphabet = "\t\n\r\"[]{},:0123456789.-eE ABs\x80\xff";
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = good;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(at, 1 + rng() % 8);
          break;
        default:
          text.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    auto read = ParseTourneyScores(text, "f.tsv");
    if (read.ok()) {
      EXPECT_FALSE(read->judgments.rows.empty());
      for (const ErrorSpan& span : read->spans.spans) {
        EXPECT_GE(span.judgment, 0);
        EXPECT_LT(span.judgment, static_cast<int32_t>(read->judgments.rows.size()));
      }
    } else {
      EXPECT_EQ(read.status().message().rfind("f.tsv:", 0), 0u) << read.status().message();
    }
  }
}

}  // namespace
}  // namespace tourney
