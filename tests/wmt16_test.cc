// The official WMT16 results (../shared/data/wmt16/results) reproduced by the WMT15/16
// protocol: TrueSkill's match-selection protocol rerun on 1,000 resamples of each pair's
// pairwise comparisons (shared outputs expanded into ties, as the organisers' CSVs), systems
// ordered by mean mu, 95% rank ranges, clusters of overlapping ranges.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "wmt16_official.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/selection/trueskill_model.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {
namespace {

using ::tourney::testing::OfficialEntry;
using ::tourney::testing::ReadOfficial;

// Cluster boundaries as the sets of systems above each boundary.
std::set<std::set<std::string>> Boundaries(const std::vector<std::pair<std::string, int>>& rows) {
  std::set<std::set<std::string>> out;
  std::set<std::string> above;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i > 0 && rows[i].second != rows[i - 1].second) out.insert(above);
    above.insert(rows[i].first);
  }
  return out;
}

TEST(Wmt16, ProtocolReproducesTheOfficialResultsOfAllTwelvePairs) {
  TOURNEY_WHOLE_CAMPAIGN_CASE();
  TOURNEY_REQUIRE_SHARED("data/wmt16/wmt16.xml.gz");
  TOURNEY_REQUIRE_SHARED("data/wmt16/results/wmt16.deu-eng.txt");
  ReadOptions read;
  read.all_language_pairs = true;
  read.expand_identical = true;
  Judgments all;
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/wmt16.xml.gz"), read, &all, nullptr).ok());
  std::map<std::string, Judgments> by_pair;
  for (auto& [pair, judgments] : SplitByLanguagePair(all)) by_pair[pair] = std::move(judgments);

  int same_boundaries = 0, pairs = 0;
  for (const auto& file :
       std::filesystem::directory_iterator(testing::SharedPath("data/wmt16/results"))) {
    const std::string name = file.path().filename().string();  // wmt16.cze-eng.txt
    const std::string code = name.substr(6, name.size() - 10);
    auto pair = ParseLanguagePair(code);
    ASSERT_TRUE(pair.ok()) << name;
    SCOPED_TRACE(*pair);
    ASSERT_EQ(by_pair.count(*pair), 1u);
    const Judgments& judgments = by_pair[*pair];
    const std::vector<OfficialEntry> official = ReadOfficial(file.path().string());
    ASSERT_EQ(static_cast<int>(official.size()), judgments.num_systems());

    auto model = MakeTrueSkillModel(TrueSkillModelOptions());
    ASSERT_TRUE(model.ok());
    BootstrapOptions options;
    options.replicates = 1000;
    options.seed = 1;
    options.resample_self_sampling = true;
    options.score = BootstrapScore::kReplicateMean;
    auto result = Bootstrap(judgments, **model, options);
    ASSERT_TRUE(result.ok()) << result.status().message();
    const Leaderboard board = BuildClusteredLeaderboard(judgments, *result);

    std::map<std::string, const LeaderboardEntry*> ours;
    std::vector<std::pair<std::string, int>> our_rows, official_rows;
    for (const auto& e : board.entries) {
      ours[e.system] = &e;
      our_rows.emplace_back(e.system, e.cluster.value_or(0));
    }
    for (const OfficialEntry& o : official) {
      ASSERT_EQ(ours.count(o.system), 1u) << o.system;
      const LeaderboardEntry& e = *ours[o.system];
      EXPECT_NEAR(e.score, o.mu, 0.05) << o.system;
      EXPECT_LE(std::abs(e.rank_lo - o.lo), 1) << o.system;
      EXPECT_LE(std::abs(e.rank_hi - o.hi), 1) << o.system;
      official_rows.emplace_back(o.system, o.cluster);
    }
    ++pairs;
    if (Boundaries(our_rows) == Boundaries(official_rows)) ++same_boundaries;
  }
  EXPECT_EQ(pairs, 12);
  EXPECT_GE(same_boundaries, 10);
}

}  // namespace
}  // namespace tourney
