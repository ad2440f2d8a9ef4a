#include "render/rank_plot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "render/svg_plot.h"
#include "tourney/experiments/simulate.h"
#include "tourney/models/expected_wins.h"
#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::CheckXml;

TEST(RankBoxStats, Type7QuantilesMeanAndExtremes) {
  // Sorted 1 2 2 3 4: q1 at h = 1 -> 2, median at h = 2 -> 2, q3 at h = 3 -> 3.
  RankBoxStats s = ComputeRankBoxStats({3, 1, 4, 2, 2});
  EXPECT_DOUBLE_EQ(s.q1, 2.0);
  EXPECT_DOUBLE_EQ(s.median, 2.0);
  EXPECT_DOUBLE_EQ(s.q3, 3.0);
  EXPECT_DOUBLE_EQ(s.mean, 2.4);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.max, 4);
  // 1 2 3 4: h = 0.75, 1.5, 2.25 -> 1.75, 2.5, 3.25.
  s = ComputeRankBoxStats({4, 3, 2, 1});
  EXPECT_DOUBLE_EQ(s.q1, 1.75);
  EXPECT_DOUBLE_EQ(s.median, 2.5);
  EXPECT_DOUBLE_EQ(s.q3, 3.25);
  s = ComputeRankBoxStats({});
  EXPECT_EQ(s.max, 0);
}

std::vector<RankPlotSystem> HandMade() {
  std::vector<RankPlotSystem> systems;
  const std::vector<std::string> names = {"alpha", "<evil&name>", "gamma \"quoted\"",
                                          "a-rather-long-system-name-that-keeps-going-on",
                                          "epsilon"};
  const std::vector<int> clusters = {1, 1, 2, 3, 3};
  for (int i = 0; i < 5; ++i) {
    RankPlotSystem s;
    s.label = names[i];
    s.full_name = "newstest." + names[i];
    s.score = 0.9 - 0.1 * i;
    for (int r = 0; r < 40; ++r) s.ranks.push_back(std::min(5, i + 1 + (r % 3 == 0 ? 1 : 0)));
    s.range = {i + 1, std::min(5, i + 2)};
    s.cluster = clusters[i];
    systems.push_back(s);
  }
  return systems;
}

// The <g class="system"> groups of a document.
std::vector<std::string> SystemGroups(const std::string& doc) {
  std::vector<std::string> groups;
  const std::string open = "<g class=\"system\">";
  for (size_t at = doc.find(open); at != std::string::npos; at = doc.find(open, at + 1)) {
    groups.push_back(doc.substr(at, doc.find("</g>", at) - at));
  }
  return groups;
}

size_t Count(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

// x positions of the rotated system labels, in document order.
std::vector<double> LabelXs(const std::string& doc) {
  std::vector<double> xs;
  const std::regex label(R"re(<text x="([0-9.]+)" y="[0-9.]+"[^>]*transform="rotate\(-45 )re");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), label); it != std::sregex_iterator();
       ++it) {
    xs.push_back(std::stod((*it)[1]));
  }
  return xs;
}

TEST(RankBoxPlotSvg, OneWellFormedBoxPerSystemWithEscapedNames) {
  RankPlotOptions options;
  options.subtitle = "hand-made & small";
  const std::string doc = RankBoxPlotSvg(HandMade(), options);
  const auto check = CheckXml(doc);
  ASSERT_TRUE(check.ok) << check.error;
  const std::vector<std::string> groups = SystemGroups(doc);
  ASSERT_EQ(groups.size(), 5u);
  for (const std::string& g : groups) {
    EXPECT_EQ(Count(g, "<rect"), 1u) << g;     // the box
    EXPECT_EQ(Count(g, "<polygon"), 1u) << g;  // the mean diamond
    EXPECT_EQ(Count(g, "<title>"), 1u) << g;   // the hover text
  }
  EXPECT_NE(doc.find("&lt;evil&amp;name&gt;"), std::string::npos);
  EXPECT_EQ(doc.find("<evil"), std::string::npos);
  EXPECT_NE(doc.find("gamma &quot;quoted&quot;"), std::string::npos);
  // Long labels are cut with an ellipsis; the hover text keeps the full name.
  EXPECT_NE(doc.find("a-rather-long-system-name-that-k\xE2\x80\xA6"), std::string::npos);
  EXPECT_NE(doc.find("newstest.a-rather-long-system-name-that-keeps-going-on"), std::string::npos);
}

TEST(RankBoxPlotSvg, DashedLineAtEachClusterBoundary) {
  // Clusters 1 1 2 3 3: boundaries after the 2nd and 3rd systems.
  const std::string doc = RankBoxPlotSvg(HandMade(), RankPlotOptions());
  EXPECT_EQ(Count(doc, "stroke-dasharray=\"6 4\""), 2u);
  EXPECT_NE(doc.find("cluster boundary"), std::string::npos);
  // Unclustered: no boundary lines and no legend entry.
  std::vector<RankPlotSystem> plain = HandMade();
  for (auto& s : plain) s.cluster = 0;
  const std::string doc2 = RankBoxPlotSvg(plain, RankPlotOptions());
  EXPECT_EQ(Count(doc2, "stroke-dasharray=\"6 4\""), 0u);
  EXPECT_EQ(doc2.find("cluster boundary"), std::string::npos);
}

TEST(RankBoxPlotSvg, LegendSaysWhatTheWhiskersShow) {
  RankPlotOptions options;
  options.whiskers = RankWhiskers::kFullRange;
  EXPECT_NE(RankBoxPlotSvg(HandMade(), options).find("whiskers: full range"), std::string::npos);
  options.whiskers = RankWhiskers::kConfidence;
  options.confidence = 0.9;
  const std::string doc = RankBoxPlotSvg(HandMade(), options);
  EXPECT_NE(doc.find("whiskers: 90% rank range"), std::string::npos);
  // 40 replicates at 90%: ceil(40 * 0.1 / 2) = 2 dropped at each end.
  EXPECT_NE(doc.find("the 2 best and 2 worst ranks dropped"), std::string::npos);
}

TEST(RankBoxPlotSvg, RotatedLabelsNeverOverlap) {
  for (int n : {3, 13, 60, 150}) {
    std::vector<RankPlotSystem> systems;
    for (int i = 0; i < n; ++i) {
      RankPlotSystem s;
      s.label = "system-with-a-long-name-" + std::to_string(i);
      s.ranks = {i + 1, std::min(n, i + 2)};
      s.range = {i + 1, std::min(n, i + 2)};
      s.cluster = 1 + i / 4;
      systems.push_back(s);
    }
    const std::string doc = RankBoxPlotSvg(systems, RankPlotOptions());
    ASSERT_TRUE(CheckXml(doc).ok) << n;
    const std::vector<double> xs = LabelXs(doc);
    ASSERT_EQ(xs.size(), static_cast<size_t>(n));
    for (size_t i = 1; i < xs.size(); ++i) {
      // Parallel 45-degree baselines dx apart are dx * sin(45) apart: at least a 12 px line.
      EXPECT_GE((xs[i] - xs[i - 1]) * std::sqrt(0.5), 12.0 * 1.15) << "n=" << n;
    }
    // The first label, hanging down-left, stays inside the canvas.
    const double first_extent = (EstimateTextWidth(systems[0].label, 12.0) + 12.0) * std::sqrt(0.5);
    EXPECT_GE(xs[0] - first_extent, 0.0) << "n=" << n;
  }
}

TEST(RankBoxPlotSvg, EmptyInputIsStillAValidDocument) {
  EXPECT_TRUE(CheckXml(RankBoxPlotSvg({}, RankPlotOptions())).ok);
}

TEST(RankPlotSystems, FollowsTheBoardOrderWithShortNames) {
  CampaignOptions o;
  o.systems = 5;
  o.rankings = 300;
  Judgments judgments = std::move(SimulateCampaign(o).value().judgments);
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  BootstrapOptions options;
  options.replicates = 30;
  auto result = Bootstrap(judgments, *model, options);
  ASSERT_TRUE(result.ok());
  const Leaderboard board = BuildClusteredLeaderboard(judgments, *result);
  const std::vector<RankPlotSystem> systems = RankPlotSystems(board, judgments, *result);
  ASSERT_EQ(systems.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(systems[i].full_name, board.entries[i].system);
    EXPECT_EQ(systems[i].cluster, board.entries[i].cluster.value_or(0));
    EXPECT_EQ(systems[i].range.lo, board.entries[i].rank_lo);
    const int id = *judgments.systems().Find(board.entries[i].system);
    EXPECT_EQ(systems[i].ranks, result->ranks.Column(id));
  }
}

}  // namespace
}  // namespace tourney
