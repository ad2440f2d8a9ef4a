// Adversarial sizes through the command line: each gets a clear message and exit status 2
// (never an abort or an allocation failure), and nothing on stdout.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_util.h"
#include "tourney/core/defaults.h"
#include "tourney/core/random.h"
#include "tourney/selection/selection_protocol.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;

// A pairwise CSV naming `n` systems (a chain A0 > A1 > ...).
std::string ChainCsv(int n) {
  std::string out = "system_a,system_b,outcome\n";
  for (int i = 0; i + 1 < n; ++i) {
    out += 'S';
    out += std::to_string(i) + ",S" + std::to_string(i + 1) + ",a\n";
  }
  return out;
}

class BoundedInput : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = ::tourney::testing::TempDir("bounded"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void ExpectBadInput(const std::string& args, const std::string& message) {
    const auto r = RunCommand(BinPath("tourney") + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  std::string dir_;
};

TEST_F(BoundedInput, TooManySystems) {
  // Random sizes around the limit: below it is fine, above it is refused (property).
  Rng rng(5);
  for (int trial = 0; trial < 3; ++trial) {
    const int over = kMaxSystems + 1 + static_cast<int>(rng.UniformInt(60000));
    const std::string file = dir_ + "/over" + std::to_string(trial) + ".csv";
    ::tourney::testing::WriteFile(file, ChainCsv(over));
    ExpectBadInput("rank " + file, "the input names " + std::to_string(over) + " systems");
    ExpectBadInput("cluster " + file + " --bootstrap 2", "at most 4096 can be rated");
  }
  const std::string ok = dir_ + "/ok.csv";
  ::tourney::testing::WriteFile(ok, ChainCsv(500));
  const auto r = RunCommand(BinPath("tourney") + " rank " + ok + " --format csv");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// Gzip bombs (issue 45, N5): 3 MiB of decompressed text in a file of a few KB, against a
// 1 MiB limit given by the global option or the environment; CSV and Appraise XML alike.
// The error names the file and the limit. (The default, 1 GiB, is checked in
// input_file_test; a bomb of 2 GiB is the repro, too slow for a test.)
TEST_F(BoundedInput, GzipBombsStopAtTheInputLimit) {
  const std::string csv = dir_ + "/b.csv";
  const std::string xml = dir_ + "/b.xml";
  ::tourney::testing::WriteFile(csv, "srclang,trglang\n" + std::string(size_t{3} << 20, 'a'));
  ::tourney::testing::WriteFile(
      xml, "<?xml version=\"1.0\"?>\n<set>" + std::string(size_t{3} << 20, 'a'));
  ASSERT_EQ(std::system(("gzip -f " + csv + " " + xml).c_str()), 0);
  for (const std::string& file : {csv + ".gz", xml + ".gz"}) {
    ExpectBadInput("rank " + file + " --max-input-bytes 1M",
                   file + ": decompressed input larger than the limit of 1 MiB");
    ExpectBadInput("rank --max-input-bytes=1M " + file,
                   file + ": decompressed input larger than the limit of 1 MiB");
    const auto r = RunCommand("TOURNEY_MAX_INPUT_BYTES=2M " + BinPath("tourney") + " rank " + file);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("the limit of 2 MiB"), std::string::npos) << r.err;
  }
  ExpectBadInput("rank " + csv + ".gz --max-input-bytes 0", "option '--max-input-bytes'");
  ExpectBadInput("rank " + csv + ".gz --max-input-bytes", "needs a value");
  const auto r = RunCommand("TOURNEY_MAX_INPUT_BYTES=lots " + BinPath("tourney") + " rank x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("TOURNEY_MAX_INPUT_BYTES: 'lots' is not a byte count"), std::string::npos)
      << r.err;
  // Under a limit that fits, the same option reaches the reader and the file is read.
  const std::string ok = dir_ + "/ok.csv";
  ::tourney::testing::WriteFile(ok, ChainCsv(10));
  ASSERT_EQ(std::system(("gzip -f " + ok).c_str()), 0);
  const auto fine = RunCommand(BinPath("tourney") + " rank " + ok + ".gz --max-input-bytes 1M");
  EXPECT_EQ(fine.exit_code, 0) << fine.err;
}

TEST_F(BoundedInput, HugeBudgetsAndReplicates) {
  const std::string file = dir_ + "/chain.csv";
  ::tourney::testing::WriteFile(file, ChainCsv(40));
  for (const char* budget : {"20000000000", "1000000001", "-5"}) {
    ExpectBadInput(std::string("simulate --pool ") + file + " --budget " + budget,
                   "option '--budget'");
    ExpectBadInput(std::string("rank ") + file + " --model trueskill --budget " + budget,
                   "option '--budget'");
  }
  ExpectBadInput("cluster " + file + " --bootstrap 2000000", "between 1 and 1000000");
  // 3,000 systems x 1M replicates would need ~36 GB of samples.
  const std::string wide = dir_ + "/wide.csv";
  ::tourney::testing::WriteFile(wide, ChainCsv(3000));
  ExpectBadInput("cluster " + wide + " --bootstrap 1000000", "rank samples kept in memory");
}

TEST(BoundedInputEngine, SelectionProtocolRefusesOversizedRuns) {
  Comparisons c;
  c.Add(0, 1, Outcome::kFirstWins);
  const auto env = TrueSkill::Create(TrueSkillOptions());
  ASSERT_TRUE(env.ok());
  const auto selector = MakeUniformSelector();
  SelectionProtocolOptions o;
  auto many = RunSelectionProtocol(*env, *selector, 70000, c, o, 1);
  EXPECT_EQ(many.status().code(), StatusCode::kInvalidArgument);
  o.budget = kMaxSelections + 1;
  auto long_run = RunSelectionProtocol(*env, *selector, 2, c, o, 1);
  EXPECT_EQ(long_run.status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace tourney
