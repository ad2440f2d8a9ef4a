#include "tourney/csv_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "tourney/pair_counts.h"

namespace tourney {
namespace {

const char kHeader[] =
    "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Number,system1Id,"
    "system2Number,system2Id,system3Number,system3Id,system4Number,system4Id,system5Number,"
    "system5Id,system1rank,system2rank,system3rank,system4rank,system5rank\n";

std::string Row(const std::string& s1, const std::string& s2, const std::string& s3,
                const std::string& s4, const std::string& s5, const std::string& ranks) {
  return "fr,en,1,-1,1,j1,-1," + s1 + ",-1," + s2 + ",-1," + s3 + ",-1," + s4 + ",-1," + s5 +
         "," + ranks + "\n";
}

Status Parse(const std::string& text, Judgments* j, bool skip = false,
             ReadReport* report = nullptr) {
  ReadOptions o;
  o.skip_invalid = skip;
  return ParseJudgments(text, "t.csv", o, j, report);
}

TEST(CsvReader, ReadsFiveWayRankings) {
  Judgments j;
  const std::string text = std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,2,4,5") +
                           Row("E", "D", "C", "B", "A", "1,1,1,1,1");
  ASSERT_TRUE(Parse(text, &j).ok());
  EXPECT_EQ(j.num_systems(), 5);
  EXPECT_EQ(j.num_rankings(), 2u);
  EXPECT_EQ(j.comparisons().size(), 20u);
  const PairCounts c = PairCounts::FromComparisons(5, j.comparisons());
  // Row 1: A beats all 4; B ties C. Row 2: all tie.
  EXPECT_EQ(c.wins(0), 4);
  EXPECT_EQ(c.losses(0), 0);
  EXPECT_EQ(c.ties(0), 4);
  EXPECT_EQ(c.ties(1, 2), 2);  // B-C tied in both rows
}

TEST(CsvReader, FindsColumnsByNameInAnyOrder) {
  Judgments j;
  const std::string text =
      "system2rank,system1Id,judgeId,system1rank,system2Id\n"
      "1,A,j,2,B\n";
  ASSERT_TRUE(Parse(text, &j).ok());
  ASSERT_EQ(j.comparisons().size(), 1u);
  EXPECT_EQ(j.systems().Name(j.comparisons().first[0]), "A");
  EXPECT_EQ(j.comparisons().outcome[0], Outcome::kSecondWins);
}

TEST(CsvReader, TwoWayToFiveWay) {
  for (int k = 2; k <= 5; ++k) {
    std::string header, row;
    for (int i = 1; i <= k; ++i) header += "system" + std::to_string(i) + "Id,";
    for (int i = 1; i <= k; ++i) header += "system" + std::to_string(i) + "rank,";
    for (int i = 1; i <= k; ++i) row += "S" + std::to_string(i) + ",";
    for (int i = 1; i <= k; ++i) row += std::to_string(i) + ",";
    header.pop_back();
    row.pop_back();
    Judgments j;
    ASSERT_TRUE(Parse(header + "\n" + row + "\n", &j).ok()) << k;
    EXPECT_EQ(j.comparisons().size(), static_cast<size_t>(k * (k - 1) / 2));
  }
}

TEST(CsvReader, BlankRankDropsRankingAndCounts) {
  Judgments j;
  const std::string text = std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,-1,2,3,4") +
                           Row("A", "B", "C", "D", "E", "1,2,3,4,5");
  ASSERT_TRUE(Parse(text, &j).ok());
  EXPECT_EQ(j.num_rankings(), 1u);
  EXPECT_EQ(j.dropped_blank, 1);
  EXPECT_EQ(j.comparisons().size(), 10u);
}

TEST(CsvReader, PlusJoinedSystemsShareTheRank) {
  Judgments j;
  const std::string text = std::string(kHeader) + Row("A+B", "C", "D", "E", "F", "1,2,3,4,5");
  ASSERT_TRUE(Parse(text, &j).ok());
  EXPECT_EQ(j.num_systems(), 6);
  // 6 systems, A and B are one output: 15 pairs minus (A,B) = 14 comparisons.
  EXPECT_EQ(j.comparisons().size(), 14u);
  const PairCounts c = PairCounts::FromComparisons(6, j.comparisons());
  const SystemId a = *j.systems().Find("A"), b = *j.systems().Find("B"),
                 cc = *j.systems().Find("C");
  EXPECT_EQ(c.wins(a, cc), 1);
  EXPECT_EQ(c.wins(b, cc), 1);
  EXPECT_EQ(c.total(a, b), 0);
}

TEST(CsvReader, PlaceholderIsIgnored) {
  Judgments j;
  const std::string text =
      std::string(kHeader) + Row("A", "PLACEHOLDER", "C", "D", "E", "1,5,2,3,4");
  ASSERT_TRUE(Parse(text, &j).ok());
  EXPECT_EQ(j.num_systems(), 4);
  EXPECT_FALSE(j.systems().Find("PLACEHOLDER").has_value());
  EXPECT_EQ(j.comparisons().size(), 6u);
}

TEST(CsvReader, AcceptsCrlfQuotesAndTrailingBlankLines) {
  Judgments j;
  std::string text = std::string(kHeader) + Row("\"A,1\"", "B", "C", "D", "E", "1,2,3,4,5");
  std::string crlf;
  for (char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  crlf += "\r\n\n";
  ASSERT_TRUE(Parse(crlf, &j).ok());
  EXPECT_TRUE(j.systems().Find("A,1").has_value());
  EXPECT_EQ(j.num_rankings(), 1u);
}

// --- Bad input: each case names file, line and field. ---

TEST(CsvReader, RejectsMissingColumn) {
  Judgments j;
  const std::string text = "system1Id,system2Id,system1rank\nA,B,1\n";
  Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "t.csv:1: missing column 'system2rank'");
}

TEST(CsvReader, RejectsWrongFieldCount) {
  Judgments j;
  const std::string text = std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,3,4,5") +
                           "fr,en,1,-1,1,j1,-1,A,-1,B\n";
  Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:3: expected 21 fields, found 10");
}

TEST(CsvReader, RejectsNonIntegerRank) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,x3,4,5"), &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:2: field 'system3rank': rank 'x3' is not an integer");
}

TEST(CsvReader, RejectsRankOutsideOneToK) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,3,4,6"), &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:2: field 'system5rank': rank '6' is outside 1..5");
  Judgments j2;
  s = Parse(std::string(kHeader) + Row("A", "B", "C", "D", "E", "0,2,3,4,5"), &j2);
  EXPECT_EQ(s.message(), "t.csv:2: field 'system1rank': rank '0' is outside 1..5");
}

TEST(CsvReader, RejectsSameSystemTwice) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + Row("A", "B", "C", "B", "E", "1,2,3,4,5"), &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:2: field 'system4Id': system 'B' appears twice in one ranking");
}

TEST(CsvReader, RejectsEmptySystemId) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + Row("A", "", "C", "D", "E", "1,2,3,4,5"), &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:2: field 'system2Id': empty system id");
  Judgments j2;
  s = Parse(std::string(kHeader) + Row("A", "B+", "C", "D", "E", "1,2,3,4,5"), &j2);
  EXPECT_EQ(s.message(), "t.csv:2: field 'system2Id': empty system id in 'B+'");
}

TEST(CsvReader, RejectsUnreadableFile) {
  Judgments j;
  Status s = ReadJudgmentsFile("/nonexistent/dir/x.csv", ReadOptions(), &j, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kIoError);
  EXPECT_EQ(s.message(), "/nonexistent/dir/x.csv: cannot open: No such file or directory");
}

TEST(CsvReader, RejectsUnknownHeaderAndEmptyFile) {
  Judgments j;
  Status s = Parse("foo,bar\n1,2\n", &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("t.csv:1: unrecognised header"), std::string::npos);
  s = Parse("\n\n", &j);
  EXPECT_EQ(s.message(), "t.csv: empty file (no header line)");
}

TEST(CsvReader, LineNumbersCountBlankLines) {
  Judgments j;
  const std::string text =
      std::string(kHeader) + "\n" + Row("A", "B", "C", "D", "E", "1,2,3,4,9");
  Status s = Parse(text, &j);
  EXPECT_EQ(s.message(), "t.csv:3: field 'system5rank': rank '9' is outside 1..5");
}

TEST(CsvReader, SkipInvalidCountsAndContinues) {
  Judgments j;
  ReadReport report;
  const std::string text = std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,3,4,9") +
                           Row("A", "B", "C", "D", "E", "1,2,3,4,5") + "short,row\n" +
                           Row("Z", "B", "C", "D", "E", "x,2,3,4,5");
  ASSERT_TRUE(Parse(text, &j, /*skip=*/true, &report).ok());
  EXPECT_EQ(j.skipped_invalid, 3);
  EXPECT_EQ(j.num_rankings(), 1u);
  ASSERT_EQ(report.warnings.size(), 3u);
  EXPECT_EQ(report.warnings[1], "t.csv:4: expected 21 fields, found 2");
  // The invalid row's new system Z was not registered.
  EXPECT_FALSE(j.systems().Find("Z").has_value());
}

TEST(CsvReader, ReadsPairwiseCsv) {
  Judgments j;
  const std::string text = "system_a,system_b,outcome\nA,B,a\nA,C,b\nB,C,tie\n";
  ASSERT_TRUE(Parse(text, &j).ok());
  ASSERT_EQ(j.comparisons().size(), 3u);
  EXPECT_EQ(j.comparisons().outcome[0], Outcome::kFirstWins);
  EXPECT_EQ(j.comparisons().outcome[1], Outcome::kSecondWins);
  EXPECT_EQ(j.comparisons().outcome[2], Outcome::kTie);
}

TEST(CsvReader, ReadsHeaderlessPairwiseWhenAsked) {
  Judgments j;
  ReadOptions o;
  o.format = InputFormat::kPairwise;
  ASSERT_TRUE(ParseJudgments("A,B,a\nB,A,tie\n", "p.csv", o, &j, nullptr).ok());
  EXPECT_EQ(j.comparisons().size(), 2u);
}

TEST(CsvReader, RejectsBadPairwiseOutcome) {
  Judgments j;
  Status s = Parse("system_a,system_b,outcome\nA,B,a\nA,B,draw\n", &j);
  EXPECT_EQ(s.message(), "t.csv:3: field 'outcome': outcome 'draw' is not one of a, b, tie");
  Judgments j2;
  s = Parse("system_a,system_b,outcome\nA,A,a\n", &j2);
  EXPECT_EQ(s.message(), "t.csv:2: field 'system_b': system 'A' is compared with itself");
}

}  // namespace
}  // namespace tourney
