#include "tourney/ingest/csv_reader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_util.h"
#include "tourney/core/pair_counts.h"

namespace tourney {
namespace {

const char kHeader[] =
    "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Number,system1Id,"
    "system2Number,system2Id,system3Number,system3Id,system4Number,system4Id,system5Number,"
    "system5Id,system1rank,system2rank,system3rank,system4rank,system5rank\n";

std::string Row(const std::string& s1, const std::string& s2, const std::string& s3,
                const std::string& s4, const std::string& s5, const std::string& ranks) {
  return "fr,en,1,-1,1,j1,-1," + s1 + ",-1," + s2 + ",-1," + s3 + ",-1," + s4 + ",-1," + s5 + "," +
         ranks + "\n";
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
    for (int i = 1; i <= k; ++i) row += std::string("S") + std::to_string(i) + ",";
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
  const std::string text = std::string(kHeader) + "\n" + Row("A", "B", "C", "D", "E", "1,2,3,4,9");
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

namespace tourney {
namespace {

const char kPairRowHeader[] =
    "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,"
    "rankingID\r\r\n";

std::string PairRow(const std::string& seg, const std::string& judge, const std::string& a, int ra,
                    const std::string& b, int rb, const std::string& id,
                    const std::string& src = "deu") {
  return src + ",eng," + seg + "," + seg + "," + judge + "," + a + "," + std::to_string(ra) + "," +
         b + "," + std::to_string(rb) + "," + id + "\r\r\n";
}

// The rows of one 3-system ranking: A=1, B=3, C=3.
std::string Ranking3(const std::string& id, const std::string& seg = "5") {
  return PairRow(seg, "j1", "A", 1, "B", 3, id) + PairRow(seg, "j1", "A", 1, "C", 3, id) +
         PairRow(seg, "j1", "B", 3, "C", 3, id);
}

TEST(CsvReaderPairRows, RebuildsRankingsFromRowsSharingARankingId) {
  Judgments j;
  ReadReport report;
  const std::string text =
      std::string(kPairRowHeader) + Ranking3("r1") + PairRow("6", "j2", "C", 2, "A", 5, "r2");
  ASSERT_TRUE(Parse(text, &j, false, &report).ok());
  ASSERT_EQ(j.num_rankings(), 2u);
  EXPECT_EQ(j.comparisons().size(), 4u);  // 3 + 1: each row counted once
  const RankingView v = j.ranking(0);
  ASSERT_EQ(v.systems.size(), 3u);
  EXPECT_EQ(v.segment, 5);
  EXPECT_EQ(j.judges()[static_cast<size_t>(v.judge)], "j1");
  EXPECT_EQ(j.language_pairs()[static_cast<size_t>(v.language_pair)], "de-en");
  const PairCounts c = PairCounts::FromComparisons(3, j.comparisons());
  const SystemId a = *j.systems().Find("A"), b = *j.systems().Find("B"),
                 cc = *j.systems().Find("C");
  EXPECT_EQ(c.wins(a, b), 1);
  EXPECT_EQ(c.ties(b, cc), 1);
  EXPECT_EQ(c.wins(cc, a), 1);  // rank 2 beats rank 5 in ranking r2
}

TEST(CsvReaderPairRows, RanksUpToFiveAreValid) {
  Judgments j;
  ASSERT_TRUE(Parse(std::string(kPairRowHeader) + PairRow("1", "j", "A", 5, "B", 4, "x"), &j).ok());
  Judgments k;
  const Status s = Parse(std::string(kPairRowHeader) + PairRow("1", "j", "A", 6, "B", 4, "x"), &k);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "t.csv:2: field 'system1rank': rank '6' is outside 1..5");
}

TEST(CsvReaderPairRows, IncompleteRankingIsAnError) {
  Judgments j;
  const std::string text = std::string(kPairRowHeader) + PairRow("5", "j1", "A", 1, "B", 3, "r1") +
                           PairRow("5", "j1", "A", 1, "C", 3, "r1");
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("t.csv:2: field 'rankingID': ranking 'r1' has 2 rows, but its 3 "
                             "systems make 3 pairs"),
            std::string::npos)
      << s.message();
}

TEST(CsvReaderPairRows, ConflictingRanksAreAnError) {
  Judgments j;
  const std::string text = std::string(kPairRowHeader) + PairRow("5", "j1", "A", 1, "B", 3, "r1") +
                           PairRow("5", "j1", "A", 2, "C", 3, "r1") +
                           PairRow("5", "j1", "B", 3, "C", 3, "r1");
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("t.csv:3: field 'system1rank': system 'A' has rank 2 here but 1"),
            std::string::npos)
      << s.message();
}

TEST(CsvReaderPairRows, DuplicatePairAndSplitRankingAreErrors) {
  Judgments j;
  Status s = Parse(std::string(kPairRowHeader) + PairRow("5", "j", "A", 1, "B", 2, "r") +
                       PairRow("5", "j", "B", 2, "A", 1, "r"),
                   &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("compares 'B' and 'A' twice"), std::string::npos) << s.message();
  Judgments k;
  s = Parse(std::string(kPairRowHeader) + PairRow("5", "j", "A", 1, "B", 2, "r") +
                PairRow("6", "j", "A", 1, "B", 2, "s") + PairRow("5", "j", "C", 1, "D", 2, "r"),
            &k);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("t.csv:4: field 'rankingID': ranking 'r' appears again"),
            std::string::npos)
      << s.message();
}

TEST(CsvReaderPairRows, SkipInvalidDropsTheWholeRanking) {
  Judgments j;
  const std::string text = std::string(kPairRowHeader) + PairRow("5", "j1", "A", 1, "B", 3, "r1") +
                           PairRow("5", "j1", "A", 9, "C", 3, "r1") +
                           PairRow("5", "j1", "B", 3, "C", 3, "r1") + Ranking3("r2");
  ASSERT_TRUE(Parse(text, &j, true).ok());
  EXPECT_EQ(j.num_rankings(), 1u);
  EXPECT_EQ(j.comparisons().size(), 3u);
  // All three rows of r1 were dropped with it, not only the one reported invalid.
  EXPECT_EQ(j.skipped_invalid, 3);
}

TEST(CsvReaderPairRows, SkipInvalidCountsEveryRowOfAnIncompleteRanking) {
  // r1 has 2 of its 3 pairs (incomplete, reported once at its first line); r2 is complete.
  Judgments j;
  const std::string text = std::string(kPairRowHeader) + PairRow("5", "j1", "A", 1, "B", 3, "r1") +
                           PairRow("5", "j1", "A", 1, "C", 3, "r1") + Ranking3("r2");
  ASSERT_TRUE(Parse(text, &j, true).ok());
  EXPECT_EQ(j.num_rankings(), 1u);
  EXPECT_EQ(j.skipped_invalid, 2);
}

TEST(CsvReaderPairRows, LanguagePairSelection) {
  const std::string text =
      std::string(kPairRowHeader) + Ranking3("r1") + PairRow("1", "j", "X", 1, "Y", 2, "r2", "cze");
  ReadOptions o;
  o.language_pair = "cs-en";
  Judgments j;
  ReadReport report;
  ASSERT_TRUE(ParseJudgments(text, "t.csv", o, &j, &report).ok());
  EXPECT_EQ(j.num_rankings(), 1u);
  EXPECT_EQ(j.num_systems(), 2);
  EXPECT_EQ(report.other_pair_rankings, 1);
  EXPECT_EQ(report.language_pairs, (std::vector<std::string>{"de-en", "cs-en"}));
}

TEST(CsvReader, MixedLanguagePairsAreNeverMerged) {
  const std::string dir = testing::TempDir("mixed");
  testing::WriteFile(dir + "/a.csv", std::string(kPairRowHeader) + Ranking3("r1"));
  testing::WriteFile(dir + "/b.csv",
                     std::string(kPairRowHeader) + PairRow("1", "j", "X", 1, "Y", 2, "r2", "cze"));
  Judgments j;
  const Status s = ReadJudgmentFiles({dir + "/a.csv", dir + "/b.csv"}, ReadOptions(), &j, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "the input holds 2 language pairs (de-en, cs-en): select one; they are never merged");
  ReadOptions o;
  o.language_pair = "fr-en";
  Judgments k;
  const Status none = ReadJudgmentFiles({dir + "/a.csv", dir + "/b.csv"}, o, &k, nullptr);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.message().find("no rankings of language pair 'fr-en'"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(CsvReader, WmtPlusJoinedIdsExpandAsTiesOnRequest) {
  ReadOptions o;
  o.expand_identical = true;
  Judgments j;
  ASSERT_TRUE(ParseJudgments(std::string(kHeader) + Row("A+B", "C", "D", "E", "F", "1,2,3,4,5"),
                             "t.csv", o, &j, nullptr)
                  .ok());
  EXPECT_EQ(j.comparisons().size(), 15u);  // 6 systems, all pairs, A=B a tie
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The lexer reads a quoted line break as part of its field and counts the record's lines;
// a system name may not hold one (the name rule, core/system_registry.h), so such a record
// is an error naming the line where the record starts, and later errors still name their
// own line.
TEST(CsvReader, QuotedLineBreaksAreReadButNotAsSystemNames) {
  Judgments j;
  ReadReport report;
  const std::string text =
      "system_a,system_b,outcome\n"
      "A,B,a\n"
      "B,\"C, the \"\"third\"\"\",tie\n";
  ASSERT_TRUE(ParseJudgments(text, "q.csv", ReadOptions(), &j, &report).ok());
  ASSERT_EQ(j.num_systems(), 3);
  EXPECT_EQ(j.systems().Name(2), "C, the \"third\"");
  EXPECT_EQ(report.rows, 2);
  Judgments k;
  const Status broken = ParseJudgments(text + "\"model\nwith a break\",B,a\n", "q.csv",
                                       ReadOptions(), &k, nullptr);
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.message().rfind("q.csv:4: field 'system_a': system ", 0), 0u)
      << broken.message();
  EXPECT_NE(broken.message().find("holds a control character (byte 0x0A at offset 5)"),
            std::string::npos)
      << broken.message();
  // Skipping invalid rows: the multi-line record is reported at the line where it starts
  // (4), and the next error at its own line (6), not at a count of records.
  ReadOptions skip;
  skip.skip_invalid = true;
  Judgments m;
  ReadReport skipped;
  ASSERT_TRUE(ParseJudgments(text + "\"C\",\"D\nE\",tie\nC,D,maybe\n", "q.csv", skip, &m,
                             &skipped)
                  .ok());
  ASSERT_EQ(skipped.warnings.size(), 2u);
  EXPECT_EQ(skipped.warnings[0].rfind("q.csv:4: field 'system_b'", 0), 0u)
      << skipped.warnings[0];
  EXPECT_EQ(skipped.warnings[1].rfind("q.csv:6: field 'outcome'", 0), 0u)
      << skipped.warnings[1];
}

TEST(CsvReader, AnUnclosedQuoteCostsOnlyItsLine) {
  const std::string text =
      "system_a,system_b,outcome\n"
      "A,B,a\n"
      "\"A,B,a\n"
      "B,C,b\n"
      "C,A,tie\n";
  Judgments j;
  const Status s = ParseJudgments(text, "u.csv", ReadOptions(), &j, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "u.csv:3: unterminated quote");
  ReadOptions skip;
  skip.skip_invalid = true;
  Judgments k;
  ASSERT_TRUE(ParseJudgments(text, "u.csv", skip, &k, nullptr).ok());
  EXPECT_EQ(k.num_rankings(), 3u);  // lines 2, 4 and 5
  EXPECT_EQ(k.skipped_invalid, 1);
}

// Names are read as UTF-8: a byte that is not UTF-8 would be altered on output (JSON), so
// that 'A' and '\xFFA' both printed as "A". Every reader refuses such a name at its line.
TEST(CsvReader, RejectsNamesThatAreNotUtf8) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + Row("A",
                                              "\xFF"
                                              "A",
                                              "C", "D", "E", "1,2,3,4,5"),
                   &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "t.csv:2: field 'system2Id': system id '\\xFFA' is not valid UTF-8 (byte 0xFF at "
            "offset 0)");
  // Inside a '+'-joined id, and an overlong encoding of '/' (C0 AF).
  Judgments j2;
  s = Parse(std::string(kHeader) + Row("A", "B+C\xC0\xAF", "D", "E", "F", "1,2,3,4,5"), &j2);
  EXPECT_EQ(s.message(),
            "t.csv:2: field 'system2Id': system id 'C\\xC0\\xAF' is not valid UTF-8 (byte 0xC0 "
            "at offset 1)");
  // The judge column.
  Judgments j3;
  std::string row = Row("A", "B", "C", "D", "E", "1,2,3,4,5");
  row.replace(row.find("j1"), 2, "j\xED\xA0\x80");  // a UTF-16 surrogate, U+D800
  s = Parse(std::string(kHeader) + row, &j3);
  EXPECT_EQ(s.message().rfind("t.csv:2: field 'judgeId': judge id 'j\\xED\\xA0\\x80' is not "
                              "valid UTF-8",
                              0),
            0u)
      << s.message();
  // Pairwise CSV, and WMT15/16 pairwise rows.
  Judgments j4;
  s = Parse("system_a,system_b,outcome\nA,B,a\nA,\xF5Z,b\n", &j4);
  EXPECT_EQ(s.message().rfind("t.csv:3: field 'system_b': system id '\\xF5Z'", 0), 0u)
      << s.message();
  Judgments j5;
  s = Parse(
      "srclang,trglang,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,"
      "rankingID\nde,en,1,j,A\xE2\x82,1,B,2,r1\n",
      &j5);
  EXPECT_EQ(s.message().rfind("t.csv:2: field 'system1Id': system id 'A\\xE2\\x82'", 0), 0u)
      << s.message();
  // Valid multi-byte names are read as they are: é (2 bytes), € (3), 😀 (4).
  Judgments ok;
  ASSERT_TRUE(Parse("system_a,system_b,outcome\n\xC3\xA9,\xE2\x82\xAC,a\n\xF0\x9F\x98\x80,"
                    "\xC3\xA9,tie\n",
                    &ok)
                  .ok());
  EXPECT_EQ(ok.num_systems(), 3);
  EXPECT_EQ(ok.systems().Name(2), "\xF0\x9F\x98\x80");
  // Under --skip-invalid the row is skipped and counted.
  Judgments skipped;
  ASSERT_TRUE(Parse("system_a,system_b,outcome\nA,B,a\n\xFF,B,a\n", &skipped, true).ok());
  EXPECT_EQ(skipped.num_rankings(), 1u);
  EXPECT_EQ(skipped.skipped_invalid, 1);
}

// A column named twice used to leave the second one unread (system1Id twice: the second
// system silently dropped).
TEST(CsvReader, RejectsAColumnNamedTwice) {
  Judgments j;
  Status s = Parse("system1Id,system1rank,system2Id,system2rank,system1Id\nA,1,B,2,C\n", &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "t.csv:1: field 'system1Id': column 'system1Id' appears twice (columns 1 and 5)");
  Judgments j2;
  s = Parse("judgeId,system1Id,system1rank,system2Id,system2rank,judgeId\nj,A,1,B,2,k\n", &j2);
  EXPECT_EQ(s.message(),
            "t.csv:1: field 'judgeId': column 'judgeId' appears twice (columns 1 and 6)");
  Judgments j3;
  s = Parse("system_a,system_b,outcome,system_b\nA,B,a,C\n", &j3);
  EXPECT_EQ(s.message(),
            "t.csv:1: field 'system_b': column 'system_b' appears twice (columns 2 and 4)");
  // Columns the reader does not use may repeat.
  Judgments j4;
  EXPECT_TRUE(
      Parse("note,system1Id,system1rank,system2Id,system2rank,note\nx,A,1,B,2,y\n", &j4).ok());
}

// A header with no rows holds no judgments, as an empty file: both are errors (they used to
// give an empty leaderboard and exit 0).
TEST(CsvReader, HeaderOnlyIsAnErrorAsAnEmptyFile) {
  Judgments j;
  Status s = Parse(std::string(kHeader) + "\n\n", &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "t.csv: no judgments: the file holds only its header (line 1)");
  Judgments j2;
  s = Parse("\nsystem_a,system_b,outcome\n", &j2);
  EXPECT_EQ(s.message(), "t.csv: no judgments: the file holds only its header (line 2)");
  // An empty file is refused whatever the format asked for.
  Judgments j3;
  ReadOptions pairwise;
  pairwise.format = InputFormat::kPairwise;
  s = ParseJudgments("", "p.csv", pairwise, &j3, nullptr);
  EXPECT_EQ(s.message(), "p.csv: empty file (no header line)");
  // Rows that are all dropped (blank ranks) are not an empty input.
  Judgments j4;
  EXPECT_TRUE(Parse(std::string(kHeader) + Row("A", "B", "C", "D", "E", "1,2,3,4,-1"), &j4).ok());
}

// The name rule (core/system_registry.h) in the WMT CSV: a control character or an
// over-long system id is a file:line:field error, as in the service.
TEST(CsvReader, SystemNamesFollowTheOneRule) {
  const std::string header = "system1Id,system1rank,system2Id,system2rank\n";
  Judgments j;
  Status s = ParseJudgments(header + "A,1,B,2\nA,1,B\x01x,2\n", "r.csv", ReadOptions(), &j,
                            nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("r.csv:3: field 'system2Id': system id ", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("holds a control character (byte 0x01 at offset 1)"),
            std::string::npos)
      << s.message();
  Judgments k;
  s = ParseJudgments(header + std::string(100000, 'A') + ",1,B,2\n", "r.csv", ReadOptions(), &k,
                     nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("r.csv:2: field 'system1Id': system id ", 0), 0u)
      << s.message().substr(0, 200);
  EXPECT_NE(s.message().find("is 100000 bytes long (at most 256)"), std::string::npos);
}

}  // namespace
}  // namespace tourney
