#include "render/line_plot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::CheckXml;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool HasText(const ::tourney::testing::XmlCheck& check, const std::string& text) {
  for (const std::string& t : check.texts) {
    if (t == text) return true;
  }
  return false;
}

void ExpectTicks(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-12) << i;
}

TEST(RoundTicks, StepsOfOneTwoTwoAndAHalfOrFive) {
  // (hi - lo) / (target - 1) is the raw step; the tick step is the next 1, 2, 2.5, 5 x 10^k.
  ExpectTicks(RoundTicks(0.0, 1.0, 6, false), {0.0, 0.2, 0.4, 0.6, 0.8, 1.0});  // raw 0.2
  ExpectTicks(RoundTicks(1000, 25000, 7, true), {0, 5000, 10000, 15000, 20000, 25000});
  ExpectTicks(RoundTicks(0.462, 0.51, 7, false), {0.46, 0.47, 0.48, 0.49, 0.50, 0.51});
  ExpectTicks(RoundTicks(0.0, 9.0, 5, false), {0.0, 2.5, 5.0, 7.5, 10.0});  // raw 2.25
  ExpectTicks(RoundTicks(-3.0, 3.0, 4, false), {-4, -2, 0, 2, 4});          // raw 2
}

TEST(RoundTicks, IntegersOnlyGiveWholeSteps) {
  ExpectTicks(RoundTicks(1, 3, 7, true), {1, 2, 3});              // raw 1/3 -> step 1
  ExpectTicks(RoundTicks(1, 8, 7, true), {0, 2, 4, 6, 8});        // raw 7/6 -> step 2
  ExpectTicks(RoundTicks(0, 9, 5, true), {0, 5, 10});             // raw 2.25: 2.5 skipped
  ExpectTicks(RoundTicks(0, 90, 5, true), {0, 25, 50, 75, 100});  // 25 is whole
  for (double hi = 1.5; hi < 400; hi *= 1.37) {
    const std::vector<double> t = RoundTicks(0.3, hi, 6, true);
    for (double v : t) EXPECT_EQ(v, std::round(v)) << hi;
    EXPECT_LE(t.front(), 0.3);
    EXPECT_GE(t.back(), hi);
  }
}

TEST(RoundTicks, RoundingNoiseIsOneValue) {
  // 1 - 2^-52 and 1 differ by rounding only: the range around 1 is [0.9, 1.1] (pad 0.1 x 1),
  // raw step 0.2 / 6 = 0.0333 -> 0.05.
  ExpectTicks(RoundTicks(1.0 - std::ldexp(1.0, -52), 1.0, 7, false), {0.9, 0.95, 1.0, 1.05, 1.1});
}

TEST(RoundTicks, CoverTheRangeEvenlyForAnyInput) {
  for (double lo : {-1234.5, -0.01, 0.0, 0.37, 42.0}) {
    for (double span : {1e-6, 0.3, 7.0, 1e5}) {
      const double hi = lo + span;
      const std::vector<double> t = RoundTicks(lo, hi, 6, false);
      ASSERT_GE(t.size(), 2u);
      EXPECT_LE(t.size(), 12u);
      EXPECT_LE(t.front(), lo + 1e-12);
      EXPECT_GE(t.back(), hi - 1e-12);
      const double step = t[1] - t[0];
      for (size_t i = 1; i < t.size(); ++i) EXPECT_NEAR(t[i] - t[i - 1], step, 1e-6 * step);
    }
  }
  // Degenerate ranges.
  ExpectTicks(RoundTicks(3, 3, 5, true), {2, 3, 4});
  EXPECT_GE(RoundTicks(5.0, 5.0, 5, false).size(), 2u);
  ExpectTicks(RoundTicks(kNaN, 1.0, 6, false), {0.0, 0.2, 0.4, 0.6, 0.8, 1.0});
  ExpectTicks(RoundTicks(2.0, 1.0, 6, false), {0.0, 0.2, 0.4, 0.6, 0.8, 1.0});
}

TEST(FormatTick, DecimalsFromTheStep) {
  EXPECT_EQ(FormatTick(25000, 5000), "25,000");
  EXPECT_EQ(FormatTick(1234567, 1), "1,234,567");
  EXPECT_EQ(FormatTick(0.46, 0.01), "0.46");
  EXPECT_EQ(FormatTick(0.5, 0.1), "0.5");
  EXPECT_EQ(FormatTick(7.5, 2.5), "7.5");
  EXPECT_EQ(FormatTick(0.30000000000000004, 0.1), "0.3");
  EXPECT_EQ(FormatTick(-0.5, 0.25),
            "\xE2\x88\x92"
            "0.50");
  EXPECT_EQ(FormatTick(-1e-9, 0.1), "0.0");
  EXPECT_EQ(FormatTick(-2000, 1000),
            "\xE2\x88\x92"
            "2,000");
}

TEST(LinePlotSvg, OnePolylinePerSeriesWithLegend) {
  std::vector<LineSeries> series = {
      {"expected-wins", {1000, 2000, 3000}, {1, 2, 3}, {}, {}},
      {"hopkins <may> & co", {1000, 2000, 3000}, {1, 1, 2}, {}, {}},
      {"trueskill", {1000, 2000, 3000}, {2, 3, 3}, {}, {}},
  };
  LinePlotOptions o;
  o.title = "Clusters vs training data";
  o.x_label = "pairwise comparisons";
  o.y_label = "clusters";
  o.integer_y = true;
  const std::string svg = LinePlotSvg(series, o);
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_EQ(check.element_counts.at("polyline"), 3);
  EXPECT_TRUE(HasText(check, "expected-wins"));
  EXPECT_TRUE(HasText(check, "hopkins <may> & co"));
  EXPECT_NE(svg.find("hopkins &lt;may&gt; &amp; co"), std::string::npos);
  EXPECT_TRUE(HasText(check, "pairwise comparisons"));
  EXPECT_TRUE(HasText(check, "clusters"));
  // x: raw step 2000/6 -> 500; y: whole numbers 1, 2, 3 only.
  EXPECT_TRUE(HasText(check, "1,000"));
  EXPECT_TRUE(HasText(check, "1,500"));
  EXPECT_TRUE(HasText(check, "3,000"));
  EXPECT_TRUE(HasText(check, "1"));
  EXPECT_TRUE(HasText(check, "3"));
  EXPECT_FALSE(HasText(check, "1.5"));
  EXPECT_FALSE(HasText(check, "0"));
  EXPECT_FALSE(HasText(check, "4"));
  // Each polyline has the series' three points.
  const size_t p = svg.find("<polyline points=\"");
  const std::string points = svg.substr(p, svg.find('"', p + 18) - p);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 3);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
}

TEST(LinePlotSvg, FractionalTicksWithoutIntegerY) {
  LinePlotOptions o;
  o.title = "t";
  const std::string svg = LinePlotSvg({{"a", {0, 1, 2}, {1, 2, 3}, {}, {}}}, o);
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_TRUE(HasText(check, "1.5"));  // raw step 1/3 -> 0.5
  EXPECT_TRUE(HasText(check, "3.0"));
}

TEST(LinePlotSvg, SkipsNonFinitePointsAndHandlesNoData) {
  LinePlotOptions o;
  o.title = "t";
  const std::string gaps = LinePlotSvg({{"a", {0, 1, kNaN, 3}, {1, kNaN, 2, 4}, {}, {}}}, o);
  const auto check = CheckXml(gaps);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_EQ(check.element_counts.at("polyline"), 1);
  const size_t p = gaps.find("<polyline points=\"");
  const std::string points = gaps.substr(p, gaps.find('"', p + 18) - p);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 2);  // (0, 1) and (3, 4)
  EXPECT_EQ(gaps.find(">nan"), std::string::npos);
  EXPECT_EQ(gaps.find("\"nan"), std::string::npos);
  EXPECT_EQ(gaps.find(",nan"), std::string::npos);

  for (const std::vector<LineSeries>& empty :
       {std::vector<LineSeries>{}, std::vector<LineSeries>{{"only nan", {kNaN}, {1.0}, {}, {}}},
        std::vector<LineSeries>{{"mismatched", {1.0, 2.0}, {}, {}, {}}}}) {
    const std::string svg = LinePlotSvg(empty, o);
    const auto c = CheckXml(svg);
    ASSERT_TRUE(c.ok) << c.error;
    EXPECT_EQ(c.element_counts.count("polyline"), 0u);
    EXPECT_TRUE(HasText(c, "no data"));
  }
}

TEST(LinePlotSvg, SinglePointAndFlatSeries) {
  LinePlotOptions o;
  o.integer_y = true;
  const std::string svg =
      LinePlotSvg({{"one", {5}, {7}, {}, {}}, {"flat", {1, 9}, {7, 7}, {}, {}}}, o);
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_EQ(check.element_counts.at("polyline"), 2);
  EXPECT_TRUE(HasText(check, "6"));  // y range 7..7 opens to 6..8
  EXPECT_TRUE(HasText(check, "8"));
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The x attribute of the first <text> whose content is `label`, or NaN.
double TextX(const std::string& svg, const std::string& label) {
  const size_t at = svg.find(">" + label + "</text>");
  if (at == std::string::npos) return std::nan("");
  const size_t open = svg.rfind("<text", at);
  const size_t x = svg.find(" x=\"", open);
  return std::stod(svg.substr(x + 4));
}

std::vector<std::string> Polylines(const std::string& svg) {
  std::vector<std::string> out;
  for (size_t at = svg.find("<polyline"); at != std::string::npos;
       at = svg.find("<polyline", at + 1)) {
    out.push_back(svg.substr(at, svg.find('>', at) - at));
  }
  return out;
}

TEST(LinePlot, LogAxisTicksTheDoublingAmountsEquallySpaced) {
  const LineSeries s{"m", {1000, 2000, 4000, 8000}, {1, 2, 3, 4}, {}, {}};
  LinePlotOptions o;
  o.log_x = true;
  const std::string svg = LinePlotSvg({s}, o);
  ASSERT_TRUE(CheckXml(svg).ok);
  const double x1 = TextX(svg, "1,000"), x2 = TextX(svg, "2,000"), x4 = TextX(svg, "4,000"),
               x8 = TextX(svg, "8,000");
  ASSERT_TRUE(std::isfinite(x1) && std::isfinite(x8));
  EXPECT_NEAR(x2 - x1, x4 - x2, 0.05);
  EXPECT_NEAR(x4 - x2, x8 - x4, 0.05);
  // The linear axis puts 1,000 between ticks instead.
  const std::string linear = LinePlotSvg({s}, LinePlotOptions());
  EXPECT_FALSE(std::isfinite(TextX(linear, "1,000")));
}

TEST(LinePlot, ErrorBarsAndAHonestYSpan) {
  LineSeries s{"acc", {400, 800}, {0.47, 0.49}, {0.46, 0.48}, {0.48, 0.50}};
  const std::string without = LinePlotSvg({LineSeries{"acc", s.x, s.y, {}, {}}}, {});
  const std::string with = LinePlotSvg({s}, {});
  // Each bar is a vertical line and two caps.
  EXPECT_EQ(CheckXml(with).element_counts.at("line") - CheckXml(without).element_counts.at("line"),
            6);
  LinePlotOptions o;
  o.min_y_span = 0.1;
  const std::string spanned = LinePlotSvg({s}, o);
  // Data 0.46..0.50 widened to 0.43..0.53: ticks from 0.42 to 0.54 in steps of 0.02.
  EXPECT_TRUE(HasText(CheckXml(spanned), "0.42"));
  EXPECT_TRUE(HasText(CheckXml(spanned), "0.54"));
  EXPECT_FALSE(HasText(CheckXml(with), "0.42"));
}

TEST(LinePlot, MaxYMovesAWidenedSpanDown) {
  const LineSeries s{"rho", {10, 100}, {0.95, 1.0}, {}, {}};
  LinePlotOptions o;
  o.min_y_span = 0.2;
  // Widened around the middle 0.975: 0.875..1.075, ticks 0.85..1.10 in steps of 0.05.
  EXPECT_TRUE(HasText(CheckXml(LinePlotSvg({s}, o)), "1.10"));
  // Capped at 1: moved down to 0.80..1.00.
  o.max_y = 1.0;
  const auto capped = CheckXml(LinePlotSvg({s}, o));
  EXPECT_TRUE(HasText(capped, "0.80"));
  EXPECT_TRUE(HasText(capped, "1.00"));
  EXPECT_FALSE(HasText(capped, "1.05"));
}

TEST(LinePlot, IdenticalSeriesAreDodgedApart) {
  const LineSeries a{"Expected Wins", {1000, 2000}, {1, 3}, {}, {}};
  LineSeries b = a;
  b.name = "Hopkins-May";
  const std::vector<std::string> dodged = Polylines(LinePlotSvg({a, b}, {}));
  ASSERT_EQ(dodged.size(), 2u);
  EXPECT_NE(dodged[0], dodged[1]);
  LinePlotOptions o;
  o.dodge = false;
  const std::vector<std::string> stacked = Polylines(LinePlotSvg({a, b}, o));
  ASSERT_EQ(stacked.size(), 2u);
  auto points = [](const std::string& p) {
    const size_t at = p.find("points=\"") + 8;
    return p.substr(at, p.find('"', at) - at);
  };
  EXPECT_EQ(points(stacked[0]), points(stacked[1]));
  EXPECT_NE(points(dodged[0]), points(dodged[1]));
}

// Points that are not a sequence (the systems of `tourney estimate --plot`): no line, the
// x ticks labelled by name (escaped), not by number.
TEST(LinePlotSvg, NamedTicksWithoutALine) {
  std::vector<LineSeries> series = {{"estimate", {1, 2, 3}, {0.7, 1.4, 2.3}, {0.5, 1.0, 2.0},
                                     {0.9, 1.8, 2.6}}};
  LinePlotOptions o;
  o.x_label = "system, best first";
  o.connect = false;
  o.x_tick_labels = {"Human-B.0", "sys <b>", "OPPO.1535"};
  const std::string svg = LinePlotSvg(series, o);
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_EQ(check.element_counts.count("polyline"), 0u);
  EXPECT_TRUE(HasText(check, "Human-B.0"));
  EXPECT_TRUE(HasText(check, "sys <b>"));
  EXPECT_TRUE(HasText(check, "OPPO.1535"));
  EXPECT_NE(svg.find("sys &lt;b&gt;"), std::string::npos);
  EXPECT_FALSE(HasText(check, "2"));  // no numeric x ticks
}

}  // namespace
}  // namespace tourney
