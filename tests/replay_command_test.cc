// tourney replay end to end: the pinned JSON keys, the plot, and bad input.
#include <gtest/gtest.h>

#include <string>

#include "sampling_test_util.h"
#include "test_util.h"

namespace tourney {
namespace {

TEST(ReplayCommand, JsonHasThePinnedKeysPerPolicy) {
  const std::string dir = testing::TempDir("replay_cmd");
  const std::string f = dir + "/full.tsv";
  testing::WriteFile(f, testing::SyntheticScoredTable(3, 15, 2));
  const std::string svg = dir + "/replay.svg";
  auto r = testing::RunCommand(testing::BinPath("tourney") + " replay " + f +
                               " --lower-is-better --goal tolerance=0.5 --replays 3 --seed 4"
                               " --threads 2 --format json --plot " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\"goal\": \"tolerance=0.5\"", 0), 0u) << r.out;
  for (const char* name : {"all", "uniform", "default"}) {
    const std::string key = std::string("{\"name\": \"") + name + "\", \"items_pct\": ";
    const size_t at = r.out.find(key);
    ASSERT_NE(at, std::string::npos) << name << "\n" << r.out;
    const size_t end = r.out.find("\"system_coverage_pct\"", at);
    const std::string entry = r.out.substr(at, end - at);
    for (const char* field : {"\"coverage_pct\": ", "\"wrong_pct\": ", "\"separations\": "}) {
      EXPECT_NE(entry.find(field), std::string::npos) << name << " " << field;
    }
  }
  EXPECT_NE(r.out.find("{\"name\": \"all\", \"items_pct\": 100,"), std::string::npos) << r.out;
  EXPECT_NE(testing::ReadFile(svg).find("<svg"), std::string::npos);
}

TEST(ReplayCommand, BadInputExitsWithTwo) {
  const std::string f = testing::TempDir("replay_cmd") + "/part.tsv";
  testing::WriteFile(f, testing::SyntheticScoredTable(2, 5, 1, 0.5));
  auto partial = testing::RunCommand(testing::BinPath("tourney") + " replay " + f +
                                     " --goal settled --replays 2");
  EXPECT_EQ(partial.exit_code, 2);
  EXPECT_NE(partial.err.find("has no human score"), std::string::npos) << partial.err;
  auto goal = testing::RunCommand(testing::BinPath("tourney") + " replay " + f + " --goal top-3");
  EXPECT_EQ(goal.exit_code, 2);
  EXPECT_NE(goal.err.find("option '--goal': goal: 'top-3' is not"), std::string::npos) << goal.err;
  auto none = testing::RunCommand(testing::BinPath("tourney") + " replay " + f);
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("option '--goal': required"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace tourney
