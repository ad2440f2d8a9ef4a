// The selection benchmark's JSON and SVG (render/selection_benchmark_format.h).
#include "render/selection_benchmark_format.h"

#include <gtest/gtest.h>

#include "xml_check.h"

namespace tourney {
namespace {

SelectionBenchmarkOptions Small() {
  SelectionBenchmarkOptions o;
  o.selectors = {"uniform", "racing", "trueskill"};
  o.seeds = 3;
  o.systems = 5;
  o.budget = 1200;
  o.checkpoint_every = 200;
  o.draws = 100;
  o.tau_at = {600};
  return o;
}

TEST(SelectionBenchmarkFormat, SvgAndJsonAreWellFormed) {
  auto b = RunSelectionBenchmark(Small());
  ASSERT_TRUE(b.ok());
  const std::string svg = SelectionBenchmarkSvg(*b, "a <title> & more");
  const auto check = testing::CheckXml(svg);
  EXPECT_TRUE(check.ok) << check.error;
  const std::string json = SelectionBenchmarkJson(*b, "x");
  EXPECT_NE(json.find("\"racing\""), std::string::npos);
  EXPECT_NE(json.find("\"judgments_to_clusters\""), std::string::npos);
  EXPECT_NE(json.find("\"reference_at\": 600"), std::string::npos);
}

TEST(SelectionBenchmarkFormat, JsonQuotesTheTitle) {
  auto b = RunSelectionBenchmark(Small());
  ASSERT_TRUE(b.ok());
  const std::string json = SelectionBenchmarkJson(*b, "say \"hi\"\n");
  EXPECT_NE(json.find("\"title\": \"say \\\"hi\\\"\\u000a\""), std::string::npos)
      << json.substr(0, 80);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The axes run over round ticks: clusters up to 9 used to be ticked at 0, 2.25, 4.5, 6.75
// and 9. With whole steps of 1, 2, 5, ... at most 5 ticks, 0..9 takes step 5 (2 would need
// six ticks): 0, 5, 10. Judgments 0..12,500 in steps of 2,500, with thousands separators.
TEST(SelectionBenchmarkFormat, PlotTicksAreRoundNumbers) {
  SelectionBenchmark b;
  b.options.budget = 12500;
  b.checkpoints = {2500, 5000, 7500, 10000, 12500};
  SelectorSummary s;
  s.name = "uniform";
  for (size_t k = 0; k < b.checkpoints.size(); ++k) {
    s.clusters_curve.push_back({4.0, 2.0, 9.0});
    s.tau_curve.push_back({0.8, 0.6, 0.9});
  }
  b.summaries.push_back(s);
  const std::string svg = SelectionBenchmarkSvg(b, "ticks");
  auto label = [&svg](const std::string& text) {
    return svg.find(">" + text + "</text>") != std::string::npos;
  };
  for (const char* odd : {"2.25", "4.5", "6.75"}) EXPECT_FALSE(label(odd)) << odd;
  for (const char* tick : {"0", "5", "10", "2,500", "7,500", "12,500"}) {
    EXPECT_TRUE(label(tick)) << tick << "\n" << svg;
  }
  // Kendall tau from -0.2 to 1 in steps of 0.2.
  for (const char* tick : {"\u2212"
                           "0.2",
                           "0.4", "1.0"})
    EXPECT_TRUE(label(tick)) << tick;
}

}  // namespace
}  // namespace tourney
