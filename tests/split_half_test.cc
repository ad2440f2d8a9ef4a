// The split-half check of docs/wmt-protocols.md through the built binary: two independent
// ESA annotations of the same WMT23 en-de items (../shared campaign-ruction-rc5 ESA-1 and
// ESA-2) give two boards; `tourney compare` classes every pair by both boards' clusters.
// Pearson's r of the system means is the data README's own figure (0.966).
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;

constexpr char kHalf1[] = "data/wmt23-mtme/campaign-ruction-rc5/en-de.ESA-1.seg.score";
constexpr char kHalf2[] = "data/wmt23-mtme/campaign-ruction-rc5/en-de.ESA-2.seg.score";

std::string Board(const std::string& dir, const char* half, const std::string& protocol) {
  const std::string out = dir + "/" + protocol + (half == kHalf1 ? "-1" : "-2") + ".json";
  const auto r = RunCommand(BinPath("tourney") + " cluster " + testing::SharedPath(half) +
                            " --input-format mtme --protocol " + protocol + " --format json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  testing::WriteFile(out, r.out);
  return out;
}

TEST(SplitHalf, HolmSeparationsRepeatAcrossIndependentAnnotations) {
  TOURNEY_REQUIRE_SHARED(kHalf1);
  TOURNEY_REQUIRE_SHARED(kHalf2);
  const std::string dir = testing::TempDir("split_half");
  const auto holm = RunCommand(BinPath("tourney") + " compare " + Board(dir, kHalf1, "esa-holm") +
                               " " + Board(dir, kHalf2, "esa-holm"));
  ASSERT_EQ(holm.exit_code, 0) << holm.err;
  EXPECT_NE(holm.out.find("13 systems in common"), std::string::npos) << holm.out;
  EXPECT_NE(holm.out.find("Pearson r                       0.9657"), std::string::npos)
      << holm.out;
  EXPECT_NE(holm.out.find("78 pairs: 30 separated by both the same way, 0 in opposite "
                          "directions, 0 by A only, 0 by B only, 48 by neither"),
            std::string::npos)
      << holm.out;
  const auto wmt = RunCommand(BinPath("tourney") + " compare " + Board(dir, kHalf1, "esa") + " " +
                              Board(dir, kHalf2, "esa"));
  ASSERT_EQ(wmt.exit_code, 0) << wmt.err;
  EXPECT_NE(wmt.out.find("30 separated by both the same way, 0 in opposite directions, 0 by A "
                         "only, 9 by B only"),
            std::string::npos)
      << wmt.out;
}

}  // namespace
}  // namespace tourney
