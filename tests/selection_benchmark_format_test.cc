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
