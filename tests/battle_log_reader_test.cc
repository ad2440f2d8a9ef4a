#include "tourney/ingest/battle_log_reader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

StatusOr<BattleLog> Parse(const std::string& text, BattleLogOptions options = {}) {
  BattleLog log;
  BattleLogReport report;
  Status s = ParseBattleLog(text, "in", options, &log, &report);
  if (!s.ok()) return s;
  return log;
}

TEST(BattleLogReader, ReadsJsonl) {
  auto log = Parse(
      "{\"model_a\": \"x\", \"model_b\": \"y\", \"winner\": \"model_a\"}\n"
      "\n"
      "{\"winner\": \"tie (bothbad)\", \"model_b\": \"x\", \"model_a\": \"z\", \"judge\": 7,"
      " \"conversation_a\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n"
      "{\"model_a\": \"y\", \"model_b\": \"z\", \"winner\": \"model_b\", \"judge\": \"ann\"}");
  ASSERT_TRUE(log.ok()) << log.status().message();
  ASSERT_EQ(log->size(), 3u);
  EXPECT_EQ(log->systems.names(), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(log->battles.outcome[0], Outcome::kFirstWins);
  EXPECT_EQ(log->battles.outcome[1], Outcome::kTie);
  EXPECT_EQ(log->battles.outcome[2], Outcome::kSecondWins);
  EXPECT_EQ(log->ties_both_bad, 1);
  ASSERT_EQ(log->judge.size(), 3u);
  EXPECT_EQ(log->judge[0], -1);
  EXPECT_EQ(log->judges.Name(log->judge[1]), "7");
  EXPECT_EQ(log->judges.Name(log->judge[2]), "ann");
}

TEST(BattleLogReader, ReadsJsonArrayWithCovariates) {
  BattleLogOptions o;
  o.covariates = {"len_diff"};
  auto log = Parse(
      "[\n {\"model_a\": \"x\", \"model_b\": \"y\", \"winner\": \"tie\", "
      "\"len_diff\": -1.5},\n {\"model_a\": \"y\", \"model_b\": \"x\", "
      "\"winner\": \"model_a\", \"len_diff\": 2}\n]",
      o);
  ASSERT_TRUE(log.ok()) << log.status().message();
  ASSERT_EQ(log->size(), 2u);
  EXPECT_EQ(log->covariate_names, (std::vector<std::string>{"len_diff"}));
  EXPECT_EQ(log->covariate(0, 0), -1.5);
  EXPECT_EQ(log->covariate(1, 0), 2.0);
  EXPECT_TRUE(log->judge.empty());
}

TEST(BattleLogReader, ReadsLeftRightWinnerCsv) {
  auto log = Parse(
      "id,left,right,winner,worker\n1,a,\"b, the second\",right,w1\n2,a,c,tie,\n"
      "3,c,a,left,w2\r\n");
  ASSERT_TRUE(log.ok()) << log.status().message();
  ASSERT_EQ(log->size(), 3u);
  EXPECT_EQ(log->systems.Name(1), "b, the second");
  EXPECT_EQ(log->battles.outcome[0], Outcome::kSecondWins);
  EXPECT_EQ(log->battles.outcome[1], Outcome::kTie);
  EXPECT_EQ(log->battles.outcome[2], Outcome::kFirstWins);
  EXPECT_EQ(log->judge[1], -1);
  EXPECT_EQ(log->judges.Name(log->judge[2]), "w2");
}

TEST(BattleLogReader, CsvQuotingFollowsRfc4180) {
  // Doubled quotes inside a quoted field are one quote; a comma inside quotes is text; a
  // quote left open, or text after a closing quote, is an error on its own line.
  auto log = Parse("left,right,winner\n\"say \"\"hi\"\"\",\"x,y\",left\r\n");
  ASSERT_TRUE(log.ok()) << log.status().message();
  ASSERT_EQ(log->size(), 1u);
  EXPECT_EQ(log->systems.Name(0), "say \"hi\"");
  EXPECT_EQ(log->systems.Name(1), "x,y");
  for (const char* row : {"\"open,b,left\n", "\"a\"b,c,left\n"}) {
    auto bad = Parse(std::string("left,right,winner\na,b,tie\n") + row);
    ASSERT_FALSE(bad.ok()) << row;
    EXPECT_NE(bad.status().message().find("in:3:"), std::string::npos) << bad.status().message();
    EXPECT_NE(bad.status().message().find("malformed CSV quoting"), std::string::npos)
        << bad.status().message();
  }
}

TEST(BattleLogReader, ErrorsNameFileLineAndField) {
  auto bad_winner = Parse(
      "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"}\n"
      "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_c\"}\n");
  ASSERT_FALSE(bad_winner.ok());
  EXPECT_EQ(bad_winner.status().message(),
            "in:2: field 'winner': 'model_c' is not one of model_a, model_b, tie, tie (bothbad)");
  auto bad_json =
      Parse("{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"}\n{\"model_a\":");
  ASSERT_FALSE(bad_json.ok());
  EXPECT_EQ(bad_json.status().message().rfind("in:2: invalid JSON", 0), 0u)
      << bad_json.status().message();
  auto missing = Parse("{\"model_a\":\"x\",\"winner\":\"tie\"}\n");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), "in:1: field 'model_b': missing or empty");
  auto same = Parse("left,right,winner\nx,x,left\n");
  ASSERT_FALSE(same.ok());
  EXPECT_EQ(same.status().message(), "in:2: field 'right': 'x' is the same system as left");
  BattleLogOptions o;
  o.covariates = {"len_diff"};
  auto no_cov = Parse("{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"tie\"}\n", o);
  ASSERT_FALSE(no_cov.ok());
  EXPECT_EQ(no_cov.status().message(), "in:1: field 'len_diff': missing covariate");
  auto bad_cov = Parse("left,right,winner,len_diff\nx,y,left,abc\n", o);
  ASSERT_FALSE(bad_cov.ok());
  EXPECT_EQ(bad_cov.status().message(), "in:2: field 'len_diff': 'abc' is not a finite number");
  auto header = Parse("a,b,c\n1,2,3\n");
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.status().message().rfind("in:1: header must name", 0), 0u);
  auto array_line = Parse(
      "[\n{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"},\n\n"
      "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"nobody\"}]");
  ASSERT_FALSE(array_line.ok());
  EXPECT_EQ(array_line.status().message().rfind("in:4: field 'winner'", 0), 0u)
      << array_line.status().message();
}

TEST(BattleLogReader, SkipInvalidCountsAndWarns) {
  BattleLogOptions o;
  o.skip_invalid = true;
  BattleLog log;
  BattleLogReport report;
  const Status s = ParseBattleLog(
      "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"}\n{oops\n"
      "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"??\"}\n"
      "{\"model_a\":\"y\",\"model_b\":\"x\",\"winner\":\"tie\"}\n",
      "in", o, &log, &report);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(log.size(), 2u);
  EXPECT_EQ(report.rows, 4);
  EXPECT_EQ(report.skipped, 2);
  ASSERT_EQ(report.warnings.size(), 2u);
  EXPECT_EQ(report.warnings[0].rfind("in:2: invalid JSON", 0), 0u);
}

TEST(BattleLogReader, FileReaderStreamsAcrossBlocks) {
  // More than one 4 MB block, with the line numbers of the last line right.
  const std::string dir = testing::TempDir("battles");
  const std::string path = dir + "/b.jsonl";
  std::string text;
  const int n = 60000;
  for (int i = 0; i < n; ++i) {
    text += "{\"model_a\":\"m" + std::to_string(i % 7) + "\",\"model_b\":\"m" +
            std::to_string((i + 1) % 7) + "\",\"winner\":\"" +
            (i % 3 == 0   ? "model_a"
             : i % 3 == 1 ? "model_b"
                          : "tie") +
            "\",\"pad\":\"" + std::string(50, 'x') + "\"}\n";
  }
  text += "{\"model_a\":\"m1\",\"model_b\":\"m2\",\"winner\":\"bad\"}\n";
  ASSERT_GT(text.size(), size_t{4} << 20);
  testing::WriteFile(path, text);
  BattleLog log;
  BattleLogReport report;
  Status s = ReadBattleLogFile(path, BattleLogOptions{}, &log, &report);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind(path + ":" + std::to_string(n + 1) + ": field 'winner'", 0), 0u)
      << s.message();
  EXPECT_EQ(log.size(), static_cast<size_t>(n));
  // Same content parsed from memory agrees battle for battle.
  BattleLog memory;
  BattleLogReport r2;
  ASSERT_FALSE(ParseBattleLog(text, path, BattleLogOptions{}, &memory, &r2).ok());
  EXPECT_EQ(memory.battles.first, log.battles.first);
  EXPECT_EQ(memory.battles.outcome, log.battles.outcome);
  EXPECT_FALSE(ReadBattleLogFile(dir + "/missing.jsonl", {}, &log, &report).ok());
  std::filesystem::remove_all(dir);
}

TEST(BattleLogReader, LooksLikeBattleLog) {
  EXPECT_TRUE(LooksLikeBattleLog("{\"model_a\":1}"));
  EXPECT_TRUE(LooksLikeBattleLog("  [ {"));
  EXPECT_TRUE(LooksLikeBattleLog("left,right,winner\na,b,left\n"));
  EXPECT_TRUE(LooksLikeBattleLog("id,model_a,model_b,winner\n"));
  EXPECT_FALSE(LooksLikeBattleLog("system_a,system_b,outcome\n"));
  EXPECT_FALSE(LooksLikeBattleLog("srclang,trglang,srcIndex,system1Id,system1rank\n"));
}

TEST(BattleLogReader, ReadsGzipFilesWhole) {
  const std::string dir = testing::TempDir("battles_gz");
  const std::string path = dir + "/b.jsonl";
  testing::WriteFile(path,
                     "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"model_a\"}\n"
                     "{\"model_a\":\"y\",\"model_b\":\"x\",\"winner\":\"tie\"}\n");
  ASSERT_EQ(std::system(("gzip -k " + path).c_str()), 0);
  EXPECT_TRUE(IsBattleLogFile(path));
  EXPECT_TRUE(IsBattleLogFile(path + ".gz"));
  EXPECT_FALSE(IsBattleLogFile("-"));
  EXPECT_FALSE(IsBattleLogFile(dir + "/missing.jsonl"));
  BattleLog plain, gz;
  BattleLogReport r1, r2;
  ASSERT_TRUE(ReadBattleLogFile(path, {}, &plain, &r1).ok());
  const Status s = ReadBattleLogFile(path + ".gz", {}, &gz, &r2);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(gz.battles.first, plain.battles.first);
  EXPECT_EQ(gz.battles.outcome, plain.battles.outcome);
  std::filesystem::remove_all(dir);
}

// Names that are not UTF-8 used to reach the JSON output altered ('A' and '\xFFA' both
// printed as "A"). Every battle format refuses them at their line.
TEST(BattleLogReader, RejectsNamesThatAreNotUtf8) {
  auto csv = Parse(
      "left,right,winner\nA,B,left\nA,\xFF"
      "A,right\n");
  ASSERT_FALSE(csv.ok());
  EXPECT_EQ(csv.status().message(),
            "in:3: field 'right': '\\xFFA' is not valid UTF-8 (byte 0xFF at offset 0)");
  auto judge = Parse("left,right,winner,judge\nA,B,left,w\xC3\n");
  ASSERT_FALSE(judge.ok());
  EXPECT_EQ(judge.status().message().rfind("in:2: field 'judge': 'w\\xC3' is not valid UTF-8", 0),
            0u)
      << judge.status().message();
  auto jsonl = Parse(
      "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"tie\"}\n"
      "{\"model_a\":\"\xFF"
      "A\",\"model_b\":\"B\",\"winner\":\"tie\"}\n");
  ASSERT_FALSE(jsonl.ok());
  EXPECT_EQ(jsonl.status().message().rfind("in:2: ", 0), 0u) << jsonl.status().message();
  auto array = Parse(
      "[{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"tie\"},\n"
      "{\"model_a\":\"A\",\"model_b\":\"B\xE0\x80\",\"winner\":\"tie\"}]");
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.status().message(),
            "in:2: invalid JSON: the text is not valid UTF-8 (column 28)");  // after 27 bytes
  // A lone surrogate written as a JSON escape is no character either.
  auto escaped = Parse("{\"model_a\":\"A\",\"model_b\":\"B\\udc00\",\"winner\":\"tie\"}\n");
  ASSERT_FALSE(escaped.ok());
  EXPECT_EQ(escaped.status().message().rfind("in:1: ", 0), 0u) << escaped.status().message();
  // Valid multi-byte names pass unchanged.
  auto fine = Parse("left,right,winner\n\xC3\xA9,\xE2\x82\xAC,left\n");
  ASSERT_TRUE(fine.ok()) << fine.status().message();
  EXPECT_EQ(fine->systems.Name(0), "\xC3\xA9");
}

// A covariate named twice or named like a battle's own field could never be filled: every
// battle used to fail with "missing covariate".
TEST(BattleLogReader, CovariateNamesAreChecked) {
  EXPECT_TRUE(CheckBattleLogCovariates({"len_diff", "turns"}).ok());
  EXPECT_EQ(CheckBattleLogCovariates({"len_diff", "len_diff"}).message(),
            "covariate 'len_diff' is named twice");
  for (const char* field : {"judge", "annotator", "worker", "winner", "model_a", "right"}) {
    const Status s = CheckBattleLogCovariates({field});
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << field;
    EXPECT_EQ(
        s.message().rfind(std::string("covariate '") + field + "' is a field of every battle", 0),
        0u)
        << s.message();
  }
  BattleLogOptions o;
  o.covariates = {"judge"};
  auto log = Parse("{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"tie\",\"judge\":\"a\"}\n", o);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(log.status().message().rfind("covariate 'judge' is a field of every battle", 0), 0u);
}

// A role named by two columns used to keep the first and ignore the second silently.
TEST(BattleLogReader, RejectsTwoColumnsForOneRole) {
  auto twice = Parse("left,right,winner,winner\nA,B,left,right\n");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().message(),
            "in:1: field 'winner': columns 3 ('winner') and 4 ('winner') both name the winner");
  auto both = Parse("model_a,model_b,left,winner\nA,B,C,model_a\n");
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.status().message(),
            "in:1: field 'left': columns 1 ('model_a') and 3 ('left') both name the first system");
}

// An empty JSON array or a CSV header without rows holds no battles, as an empty file: all
// three are errors (the first two used to give an empty leaderboard and exit 0).
TEST(BattleLogReader, NoBattlesIsAnErrorAsAnEmptyFile) {
  auto empty = Parse("");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().message(), "in: empty file (no battles and no CSV header)");
  auto array = Parse(" [ ]\n");
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(array.status().message(), "in: no battles: the JSON array is empty");
  auto header = Parse("left,right,winner\n\n");
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.status().message(),
            "in: no battles: the file holds only its CSV header (line 1)");
  BattleLogOptions jsonl;
  jsonl.format = BattleLogFormat::kJsonl;
  auto blank = Parse("\n \n", jsonl);
  ASSERT_FALSE(blank.ok());
  EXPECT_EQ(blank.status().message(), "in: empty file (no battles)");
  // The file reader (streaming) says the same.
  const std::string dir = testing::TempDir("battles_empty");
  testing::WriteFile(dir + "/h.csv", "left,right,winner\n");
  BattleLog log;
  BattleLogReport report;
  const Status s = ReadBattleLogFile(dir + "/h.csv", {}, &log, &report);
  EXPECT_EQ(s.message(), dir + "/h.csv: no battles: the file holds only its CSV header (line 1)");
  std::filesystem::remove_all(dir);
}

// The name rule (core/system_registry.h) in every battle format: a NUL written as a JSON
// escape, an escape sequence in a CSV name, a 100,000-byte name.
TEST(BattleLogReader, NamesFollowTheOneRule) {
  auto nul = Parse("{\"model_a\":\"A\\u0000B\",\"model_b\":\"B\",\"winner\":\"tie\"}\n");
  ASSERT_FALSE(nul.ok());
  EXPECT_EQ(nul.status().message().rfind("in:1: field 'model_a': system ", 0), 0u)
      << nul.status().message();
  EXPECT_NE(nul.status().message().find("holds a control character (byte 0x00 at offset 1)"),
            std::string::npos);
  auto esc = Parse("left,right,winner\nA,B,left\nA,\"B\x1b[2J\",right\n");
  ASSERT_FALSE(esc.ok());
  EXPECT_EQ(esc.status().message().rfind("in:3: field 'right': system ", 0), 0u)
      << esc.status().message();
  auto longer = Parse("left,right,winner\n" + std::string(100000, 'a') + ",B,left\n");
  ASSERT_FALSE(longer.ok());
  EXPECT_NE(longer.status().message().find("is 100000 bytes long (at most 256)"),
            std::string::npos)
      << longer.status().message().substr(0, 200);
  EXPECT_LT(longer.status().message().size(), 300u);  // the name is quoted shortened
}

}  // namespace
}  // namespace tourney
