// The sampling-study, sample and estimate commands end to end: outputs, exit statuses and
// error messages on bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sampling_test_util.h"
#include "test_util.h"

namespace tourney {
namespace {

std::string WriteTemp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir("sampling_cmd") + "/" + name;
  testing::WriteFile(path, text);
  return path;
}

TEST(SamplingCommands, StudyJsonHasTheIssuesKeys) {
  const std::string f = WriteTemp("sampling_cmd_full.tsv", testing::SyntheticScoredTable(2, 20, 1));
  auto r = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                               " --draws 4 --sizes 20,50 --methods docs-prop,cv-knn "
                               "--format json --bin-size 10");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"docs-prop\", \"abs_error\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"size_pct\": 50, \"coverage\""), std::string::npos);
  // --stopping: one object per bound and tolerance, the confidence sequence among them.
  auto st = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                                " --draws 4 --methods baseline --stopping 0.5 --stopping-every 5"
                                " --format json");
  EXPECT_EQ(st.exit_code, 0) << st.err;
  EXPECT_NE(st.out.find("{\"bound\": \"betting-cs\", \"method\": \"baseline\", \"tolerance\": 0.5, "
                         "\"coverage\": "),
            std::string::npos)
      << st.out;
  auto bad = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                                 " --draws 4 --stopping 0.5,abc");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("option '--stopping': 'abc' is not a number > 0"), std::string::npos)
      << bad.err;
}

TEST(SamplingCommands, SampleAndEstimate) {
  const std::string f =
      WriteTemp("sampling_cmd_part.tsv", testing::SyntheticScoredTable(3, 30, 2, 0.5));
  auto s = testing::RunCommand(testing::BinPath("tourney") + " " + "sample " + f +
                               " --n 10 --design docs-prop --seed 3");
  EXPECT_EQ(s.exit_code, 0) << s.err;
  int lines = 0;
  for (char c : s.out) lines += c == '\n';
  EXPECT_EQ(lines, 10);
  auto e = testing::RunCommand(testing::BinPath("tourney") + " " + "estimate " + f +
                               " --lower-is-better --format csv");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("rank,cluster,system"), std::string::npos) << e.out;
}

TEST(SamplingCommands, BadInputExitsWithStatusTwoAndNamesTheLine) {
  const std::string f =
      WriteTemp("sampling_cmd_bad.tsv", "system\tdoc\tseg\tmqm\tm\nA\td\t1\toops\t0.5\n");
  auto e = testing::RunCommand(testing::BinPath("tourney") + " " + "estimate " + f);
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_TRUE(e.out.empty());
  EXPECT_NE(e.err.find("sampling_cmd_bad.tsv:2: column 'mqm': 'oops' is not a number"),
            std::string::npos)
      << e.err;
  auto s =
      testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f + " --draws 1");
  EXPECT_EQ(s.exit_code, 2);
  auto d = testing::RunCommand(testing::BinPath("tourney") + " " + "sample " + f +
                               " --n 1 --design nope");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("unknown design 'nope'"), std::string::npos);
}

}  // namespace
}  // namespace tourney
