// Property / fuzz tests of the CSV reader: random corruptions of valid files never crash,
// and either parse or fail with a message that names the file and a line in range; the
// comparison count always equals the sum over kept rankings of k(k-1)/2.
#include <gtest/gtest.h>

#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney {
namespace {

std::string ValidCampaign(uint64_t seed, int k) {
  CampaignOptions o;
  o.systems = 6;
  o.rankings = 30;
  o.k = k;
  o.seed = seed;
  return ToWmtCsv(SimulateCampaign(o)->judgments, k);
}

int CountLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n + 1;
}

TEST(CsvReaderFuzz, CorruptedFilesNeverCrashAndReportALine) {
  Rng rng(2024);
  const std::string alphabet = ",\"\n\r+-0123456789abPLACEHOLDER \t";
  for (int iter = 0; iter < 3000; ++iter) {
    const int k = 2 + static_cast<int>(rng.UniformInt(4));
    std::string text = ValidCampaign(iter, k);
    const int edits = 1 + static_cast<int>(rng.UniformInt(6));
    testing::MutateText(rng, alphabet, edits, 5, &text);
    for (bool skip : {false, true}) {
      Judgments j;
      ReadOptions o;
      o.skip_invalid = skip;
      ReadReport report;
      Status s = ParseJudgments(text, "f.csv", o, &j, &report);
      if (!s.ok()) {
        ASSERT_EQ(s.message().rfind("f.csv", 0), 0u) << s.message();
        const size_t colon = s.message().find(':');
        const std::string rest = s.message().substr(colon + 1);
        if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0]))) {
          const int line = std::stoi(rest);
          EXPECT_GE(line, 1);
          EXPECT_LE(line, CountLines(text));
        }
        continue;
      }
      size_t expected = 0;
      for (size_t r = 0; r < j.num_rankings(); ++r) {
        const RankingView v = j.ranking(r);
        for (size_t a = 0; a < v.systems.size(); ++a) {
          for (size_t b = a + 1; b < v.systems.size(); ++b) expected += v.groups[a] != v.groups[b];
          ASSERT_GE(v.ranks[a], 1);
          ASSERT_LE(v.ranks[a], 5);
        }
      }
      EXPECT_EQ(j.comparisons().size(), expected);
      // Every data row is accounted for: kept, dropped as blank, skipped, or a placeholder-only
      // row.
      EXPECT_LE(static_cast<int64_t>(j.num_rankings()) + j.dropped_blank + j.skipped_invalid,
                report.rows);
    }
  }
}

TEST(CsvReaderFuzz, RandomBytesNeverCrash) {
  Rng rng(7);
  for (int iter = 0; iter < 2000; ++iter) {
    std::string text = "system1Id,system2Id,system1rank,system2rank\n";
    const size_t n = rng.UniformInt(200);
    for (size_t i = 0; i < n; ++i) text.push_back(static_cast<char>(rng.UniformInt(256)));
    Judgments j;
    ReadOptions o;
    o.skip_invalid = iter % 2 == 0;
    (void)ParseJudgments(text, "r.csv", o, &j, nullptr);
  }
}

TEST(CsvReaderFuzz, ValidFilesRoundTripExactly) {
  for (int k = 2; k <= 5; ++k) {
    CampaignOptions o;
    o.systems = 7;
    o.rankings = 200;
    o.k = k;
    o.seed = static_cast<uint64_t>(k);
    auto campaign = SimulateCampaign(o);
    ASSERT_TRUE(campaign.ok());
    Judgments j;
    ASSERT_TRUE(
        ParseJudgments(ToWmtCsv(campaign->judgments, k), "v.csv", ReadOptions(), &j, nullptr).ok());
    ASSERT_EQ(j.num_rankings(), campaign->judgments.num_rankings());
    const Comparisons& a = j.comparisons();
    const Comparisons& b = campaign->judgments.comparisons();
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(j.systems().Name(a.first[i]), campaign->judgments.systems().Name(b.first[i]));
      ASSERT_EQ(a.outcome[i], b.outcome[i]);
    }
  }
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// A valid WMT15/16 pairwise-row file: every ranking of `from` as all its pairs, one row each.
std::string PairRows(const Judgments& from) {
  std::string out =
      "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,"
      "rankingID\n";
  for (size_t r = 0; r < from.num_rankings(); ++r) {
    const RankingView v = from.ranking(r);
    for (size_t i = 0; i < v.systems.size(); ++i) {
      for (size_t j = i + 1; j < v.systems.size(); ++j) {
        out += "deu,eng," + std::to_string(r) + "," + std::to_string(r) + ",judge1," +
               from.systems().Name(v.systems[i]) + "," + std::to_string(v.ranks[i]) + "," +
               from.systems().Name(v.systems[j]) + "," + std::to_string(v.ranks[j]) + "," +
               std::to_string(1000 + r) + "\n";
      }
    }
  }
  return out;
}

TEST(CsvReaderFuzz, CorruptedPairRowFilesNeverCrashOrDoubleCount) {
  Rng rng(99);
  const std::string alphabet = ",\n\r0123456789-ab ";
  for (int iter = 0; iter < 1500; ++iter) {
    CampaignOptions o;
    o.systems = 6;
    o.rankings = 12;
    o.seed = static_cast<uint64_t>(iter);
    const std::string valid = PairRows(SimulateCampaign(o)->judgments);
    std::string text = valid;
    const int edits = static_cast<int>(rng.UniformInt(5));
    testing::MutateText(rng, alphabet, edits, 5, &text);
    for (bool skip : {false, true}) {
      ReadOptions ro;
      ro.skip_invalid = skip;
      Judgments j;
      const Status s = ParseJudgments(text, "p.csv", ro, &j, nullptr);
      if (!s.ok()) {
        EXPECT_EQ(s.message().rfind("p.csv", 0), 0u) << s.message();
        continue;
      }
      // Whatever was kept, each ranking's comparisons are exactly its pairs, once.
      size_t expected = 0;
      for (size_t r = 0; r < j.num_rankings(); ++r) {
        const size_t k = j.ranking(r).systems.size();
        expected += k * (k - 1) / 2;
      }
      EXPECT_EQ(j.comparisons().size(), expected);
      if (edits == 0) {
        EXPECT_EQ(j.num_rankings(), 12u);
      }
    }
  }
}

}  // namespace
}  // namespace tourney
