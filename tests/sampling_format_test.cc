// Rendering the sampling study and the estimates: the JSON keys the issue names, every
// text format, the figure.
#include "render/sampling_format.h"

#include <gtest/gtest.h>

#include "render/text_format.h"
#include "sampling_test_util.h"

namespace tourney {
namespace {

SamplingStudyResult Study() {
  SamplingStudyResult r;
  r.systems = {"A", "B"};
  r.sizes_pct = {10, 20};
  r.draws = 5;
  r.seed = 3;
  r.confidence = 0.95;
  MethodResult base{"baseline", {0.2, 0.1}, {0.1, 0.05}, {0, 0}, {0, 0}, 0.15, 0.075, 0, 0};
  MethodResult best{
      "docs-prop+cv-knn", {0.1, 0.05}, {0.1, 0.05}, {100, 50}, {0, 0}, 0.075, 0.075, 75, 0};
  r.methods = {base, best};
  r.bounds = {BoundResult{"clt", "baseline", 10, 95.5, 0.2, 0.3, 0.6}};
  return r;
}

TEST(SamplingFormat, JsonHasTheMethodAndBoundKeys) {
  const std::string json = FormatSamplingStudy(Study(), OutputFormat::kJson, "t");
  // Numbers are written to round-trip (JsonNumber), e.g. 0.075 as 0.074999999999999997.
  const std::string n075 = JsonNumber(0.075);
  EXPECT_NE(json.find("{\"name\": \"docs-prop+cv-knn\", \"abs_error\": " + n075 +
                      ", \"sdev\": " + n075 + ", \"win_pct\": 75,"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"win_pct\": null"), std::string::npos);  // the baseline's
  EXPECT_NE(json.find("{\"name\": \"clt\", \"method\": \"baseline\", \"size_pct\": 10, "
                      "\"coverage\": 95.5, \"slack\": " +
                      JsonNumber(0.2) + ", \"t\": " + JsonNumber(0.3) +
                      ", \"width\": " + JsonNumber(0.6) + "}"),
            std::string::npos)
      << json;
}

TEST(SamplingFormat, TextFormats) {
  const SamplingStudyResult r = Study();
  const std::string table = FormatSamplingStudy(r, OutputFormat::kTable, "t");
  // 0.075 / 0.15 - 1 = -50%.
  EXPECT_NE(table.find("-50.0%"), std::string::npos) << table;
  const std::string csv = FormatSamplingStudy(r, OutputFormat::kCsv, "t");
  EXPECT_NE(csv.find("docs-prop+cv-knn,0.075,0.075,75.0,-50.0%,0.0000"), std::string::npos) << csv;
  const std::string latex = FormatSamplingStudy(r, OutputFormat::kLatex, "t");
  EXPECT_NE(latex.find("\\toprule"), std::string::npos);
  EXPECT_NE(latex.find("$-$50.0\\%"), std::string::npos) << latex;
  const std::string md = FormatSamplingStudy(r, OutputFormat::kMarkdown, "t");
  EXPECT_NE(md.find("| docs-prop+cv-knn | 0.075 |"), std::string::npos) << md;
}

TEST(SamplingFormat, FigureHasOneLinePerMethod) {
  const std::string svg = SamplingStudySvg(Study(), {}, "Figure 4");
  EXPECT_EQ(svg.rfind("<svg", 0) == 0 || svg.find("<svg") != std::string::npos, true);
  size_t lines = 0;
  for (size_t pos = 0; (pos = svg.find("<polyline", pos)) != std::string::npos; ++pos) ++lines;
  EXPECT_EQ(lines, 2u);
  const std::string one = SamplingStudySvg(Study(), {"baseline"}, "Figure 4");
  lines = 0;
  for (size_t pos = 0; (pos = one.find("<polyline", pos)) != std::string::npos; ++pos) ++lines;
  EXPECT_EQ(lines, 1u);
}

// Very large magnitudes print in exponent notation in the text formats, as the README
// promises, not as 60-digit fixed-point numbers: an error of 2.5e60 (the score column is
// the user's and not bounded in the study).
TEST(SamplingFormat, HugeNumbersUseExponentNotation) {
  SamplingStudyResult r = Study();
  r.methods[0].abs_error = {2.5e60, 1.0};
  r.methods[0].abs_error_all = 1.25e60;
  for (OutputFormat f : {OutputFormat::kTable, OutputFormat::kMarkdown, OutputFormat::kLatex}) {
    const std::string text = FormatSamplingStudy(r, f, "t");
    EXPECT_NE(text.find("e+60"), std::string::npos) << text;
    EXPECT_EQ(text.find("2500000000000000"), std::string::npos) << text;
  }
}

TEST(SamplingFormat, EstimatesInEveryFormat) {
  const ScoredSegments t = testing::SyntheticScored(3, 30, 5, 0.5);
  SystemEstimatesOptions o;
  o.tolerance = 0.1;
  auto e = EstimateSystems(t, o);
  ASSERT_TRUE(e.ok());
  const std::string json = FormatSystemEstimates(*e, OutputFormat::kJson);
  EXPECT_NE(json.find("\"leaderboard\": {"), std::string::npos);
  EXPECT_NE(json.find("\"segments_needed\""), std::string::npos);
  EXPECT_NE(json.find("\"pairs\": ["), std::string::npos);
  for (OutputFormat f :
       {OutputFormat::kTable, OutputFormat::kCsv, OutputFormat::kLatex, OutputFormat::kMarkdown}) {
    const std::string text = FormatSystemEstimates(*e, f);
    EXPECT_NE(text.find(e->systems[0].name), std::string::npos);
    EXPECT_NE(text.find("cluster"), std::string::npos);
  }
  EXPECT_NE(SystemEstimatesSvg(*e, "t").find("<svg"), std::string::npos);
}

TEST(SamplingFormat, APairWithoutSharedSegmentsHasNoDifference) {
  // A is annotated on segments 0-2, B on 3-5: they share none, so their difference is not
  // estimated; the output says so with empty fields (JSON: no difference, lo or hi keys),
  // not with a difference of 0.
  const std::string text =
      "system\tdoc\tseg\tmqm\tm\n"
      "A\td1\t0\t1\t0.1\nA\td1\t1\t2\t0.2\nA\td1\t2\t3\t0.3\n"
      "A\td2\t3\tNone\t0.4\nA\td2\t4\tNone\t0.5\nA\td2\t5\tNone\t0.6\n"
      "B\td1\t0\tNone\t0.1\nB\td1\t1\tNone\t0.2\nB\td1\t2\tNone\t0.3\n"
      "B\td2\t3\t4\t0.4\nB\td2\t4\t5\t0.5\nB\td2\t5\t6\t0.6\n";
  auto t = ParseScoredSegments(text, "t", {});
  ASSERT_TRUE(t.ok()) << t.status().message();
  SystemEstimatesOptions o;
  o.design = Design::kRandom;
  o.estimator = EstimatorSpec{};
  o.bound = BoundKind::kClt;
  auto e = EstimateSystems(*t, o);
  ASSERT_TRUE(e.ok()) << e.status().message();
  ASSERT_EQ(e->pairs.size(), 1u);
  EXPECT_FALSE(e->pairs[0].estimated);
  EXPECT_EQ(e->pairs[0].paired, 0);
  const std::string json = FormatSystemEstimates(*e, OutputFormat::kJson);
  const std::string pairs = json.substr(json.find("\"pairs\": ["));
  EXPECT_EQ(pairs.find("\"difference\""), std::string::npos) << pairs;
  EXPECT_NE(pairs.find("\"paired\": 0"), std::string::npos) << pairs;
  const std::string csv = FormatSystemEstimates(*e, OutputFormat::kCsv);
  EXPECT_NE(csv.find(",,,0,no"), std::string::npos) << csv;
  EXPECT_NE(csv.find("# warning: systems"), std::string::npos) << csv;
}

}  // namespace
}  // namespace tourney
