// Property / fuzz tests of the battle-log reader: random corruptions of valid JSONL, JSON
// arrays and left,right,winner CSV never crash and either parse or fail with a message naming
// the file and a line in range; under skip_invalid every row is kept or counted as skipped;
// and valid logs round-trip exactly whatever the format.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/experiments/battle_simulator.h"
#include "tourney/ingest/battle_log_reader.h"

namespace tourney {
namespace {

int CountLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n + 1;
}

BattleSimulationOptions Small(uint64_t seed) {
  BattleSimulationOptions o;
  o.systems = 5;
  o.battles = 25;
  o.tie_nu = 0.5;
  o.style_effect = 0.3;
  o.seed = seed;
  return o;
}

std::string Jsonl(uint64_t seed) {
  std::ostringstream out;
  (void)WriteSimulatedBattles(Small(seed), out);
  return out.str();
}

std::string AsJsonArray(const std::string& jsonl) {
  std::string out = "[\n";
  std::istringstream in(jsonl);
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (!first) out += ",\n";
    out += line;
    first = false;
  }
  return out + "\n]\n";
}

std::string AsCsv(const BattleLog& log) {
  std::string out = "left,right,winner,len_diff\n";
  for (size_t i = 0; i < log.size(); ++i) {
    const Outcome o = log.battles.outcome[i];
    out += log.systems.Name(log.battles.first[i]) + "," + log.systems.Name(log.battles.second[i]) +
           "," +
           (o == Outcome::kFirstWins    ? "left"
            : o == Outcome::kSecondWins ? "right"
                                        : "tie") +
           "," + std::to_string(log.covariate(i, 0)) + "\n";
  }
  return out;
}

BattleLogOptions WithCovariate(bool skip) {
  BattleLogOptions o;
  o.covariates = {"len_diff"};
  o.skip_invalid = skip;
  return o;
}

TEST(BattleLogReaderFuzz, ValidLogsRoundTripInEveryFormat) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    const BattleLog truth = SimulateBattles(Small(seed));
    const std::string jsonl = Jsonl(seed);
    for (const std::string& text : {jsonl, AsJsonArray(jsonl), AsCsv(truth)}) {
      BattleLog log;
      BattleLogReport report;
      const Status s = ParseBattleLog(text, "f", WithCovariate(false), &log, &report);
      ASSERT_TRUE(s.ok()) << s.message();
      ASSERT_EQ(log.size(), truth.size());
      for (size_t i = 0; i < log.size(); ++i) {
        ASSERT_EQ(log.systems.Name(log.battles.first[i]),
                  truth.systems.Name(truth.battles.first[i]));
        ASSERT_EQ(log.systems.Name(log.battles.second[i]),
                  truth.systems.Name(truth.battles.second[i]));
        ASSERT_EQ(log.battles.outcome[i], truth.battles.outcome[i]);
        ASSERT_NEAR(log.covariate(i, 0), truth.covariate(i, 0), 1e-6);
      }
    }
  }
}

TEST(BattleLogReaderFuzz, CorruptedLogsNeverCrashAndReportALine) {
  Rng rng(12);
  const std::string alphabet = "{}[],:\"\\\n\r \tmodel_abtie01.-e";
  for (int iter = 0; iter < 3000; ++iter) {
    const std::string jsonl = Jsonl(iter);
    std::string text = iter % 3 == 0   ? jsonl
                       : iter % 3 == 1 ? AsJsonArray(jsonl)
                                       : AsCsv(SimulateBattles(Small(iter)));
    const int edits = 1 + static_cast<int>(rng.UniformInt(6));
    testing::MutateText(rng, alphabet, edits, 5, &text);
    for (bool skip : {false, true}) {
      BattleLog log;
      BattleLogReport report;
      const Status s = ParseBattleLog(text, "f.log", WithCovariate(skip), &log, &report);
      if (!s.ok()) {
        ASSERT_EQ(s.message().rfind("f.log:", 0), 0u) << s.message();
        const std::string rest = s.message().substr(6);
        if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0]))) {
          const int line = std::stoi(rest);
          EXPECT_GE(line, 1);
          EXPECT_LE(line, CountLines(text));
        }
        continue;
      }
      for (size_t i = 0; i < log.size(); ++i) {
        ASSERT_NE(log.battles.first[i], log.battles.second[i]);
        ASSERT_TRUE(std::isfinite(log.covariate(i, 0)));
      }
      if (skip) {
        EXPECT_EQ(static_cast<int64_t>(log.size()) + report.skipped, report.rows);
      }
    }
  }
}

TEST(BattleLogReaderFuzz, RandomBytesNeverCrash) {
  Rng rng(99);
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text = iter % 2 ? "left,right,winner\n" : "";
    const size_t n = rng.UniformInt(300);
    for (size_t i = 0; i < n; ++i) text.push_back(static_cast<char>(rng.UniformInt(256)));
    BattleLog log;
    BattleLogReport report;
    BattleLogOptions o;
    o.skip_invalid = iter % 4 < 2;
    (void)ParseBattleLog(text, "r", o, &log, &report);
  }
}

}  // namespace
}  // namespace tourney
