#include "render/heatmap_plot.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::CheckXml;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

int Count(const std::string& haystack, const std::string& needle) {
  int count = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

// True when "nan" or "inf" appears as a word (a printed non-finite number).
bool HasNonFiniteNumber(const std::string& svg) {
  for (const std::string word : {"nan", "inf"}) {
    for (size_t at = svg.find(word); at != std::string::npos; at = svg.find(word, at + 1)) {
      const bool alpha_before = at > 0 && std::isalpha(static_cast<unsigned char>(svg[at - 1]));
      const size_t end = at + word.size();
      const bool alpha_after =
          end < svg.size() && std::isalpha(static_cast<unsigned char>(svg[end]));
      if (!alpha_before && !alpha_after) return true;
    }
  }
  return false;
}

// The markup of each <g class="cell"> group, in document order.
std::vector<std::string> Cells(const std::string& svg) {
  std::vector<std::string> cells;
  const std::string open = "<g class=\"cell\">";
  for (size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    cells.push_back(svg.substr(at, svg.find("</g>", at) - at));
  }
  return cells;
}

// The value of attribute `name` of the first `element` in `markup`.
std::string Attribute(const std::string& markup, const std::string& element,
                      const std::string& name) {
  const size_t e = markup.find("<" + element + " ");
  if (e == std::string::npos) return "";
  const size_t a = markup.find(" " + name + "=\"", e);
  if (a == std::string::npos) return "";
  const size_t begin = a + name.size() + 3;
  return markup.substr(begin, markup.find('"', begin) - begin);
}

HeatmapOptions Options() {
  HeatmapOptions o;
  o.title = "Pairs";
  o.subtitle = "a subtitle";
  o.value_label = "share of pairs (%)";
  o.value_decimals = 1;
  return o;
}

TEST(HeatmapColour, RampEndsAndMiddle) {
  // ColorBrewer Blues without its first class: #deebf7 ... #08306b over 8 stops.
  EXPECT_EQ(HeatmapColour(0.0), "#deebf7");
  EXPECT_EQ(HeatmapColour(1.0), "#08306b");
  EXPECT_EQ(HeatmapColour(-3.0), "#deebf7");
  EXPECT_EQ(HeatmapColour(7.0), "#08306b");
  EXPECT_EQ(HeatmapColour(kNaN), "#deebf7");
  // t = 0.5 lies halfway between stops 4 (#6baed6) and 5 (#4292c6):
  // (107+66)/2 = 86.5 -> 87 = 0x57, (174+146)/2 = 160 = 0xa0, (214+198)/2 = 206 = 0xce.
  EXPECT_EQ(HeatmapColour(0.5), "#57a0ce");
  EXPECT_EQ(HeatmapColour(1.0 / 7.0), "#c6dbef");  // exactly the second stop
}

TEST(HeatmapSvg, WellFormedWithOneRectPerCell) {
  const std::vector<std::string> names = {"alpha", "beta", "gamma", "delta"};
  std::vector<double> values(16);
  for (int k = 0; k < 16; ++k) values[k] = k;
  const std::string svg = HeatmapSvg(names, values, Options());
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  const std::vector<std::string> cells = Cells(svg);
  ASSERT_EQ(cells.size(), 16u);
  for (const std::string& cell : cells) EXPECT_EQ(Count(cell, "<rect"), 1) << cell;
  // Rows top to bottom, columns left to right: cell (1, 2) is the 7th group.
  EXPECT_NE(cells[6].find("<title>beta vs gamma: 6.0"), std::string::npos) << cells[6];
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
}

TEST(HeatmapSvg, ColourExtremesAtMinimumAndMaximumOffDiagonal) {
  const std::vector<std::string> names = {"a", "b", "c"};
  // Off-diagonal values 2..7; the diagonal (1000) is blank and must not stretch the scale.
  const std::vector<double> values = {1000, 2, 3, 4, 1000, 5, 6, 7, 1000};
  const std::string svg = HeatmapSvg(names, values, Options());
  const std::vector<std::string> cells = Cells(svg);
  ASSERT_EQ(cells.size(), 9u);
  EXPECT_EQ(Attribute(cells[1], "rect", "fill"), "#deebf7");  // 2: the minimum
  EXPECT_EQ(Attribute(cells[7], "rect", "fill"), "#08306b");  // 7: the maximum
  // 4.5 would be the middle; 4 and 5 fall either side of it.
  EXPECT_NE(Attribute(cells[3], "rect", "fill"), Attribute(cells[5], "rect", "fill"));
  // Diagonal cells are white and unlabelled.
  for (int d : {0, 4, 8}) {
    EXPECT_EQ(Attribute(cells[d], "rect", "fill"), "#ffffff");
    EXPECT_EQ(cells[d].find("<text"), std::string::npos);
  }
  // Text on the darkest cell is white, on the lightest dark ink.
  EXPECT_EQ(Attribute(cells[7], "text", "fill"), "#ffffff");
  EXPECT_NE(Attribute(cells[1], "text", "fill"), "#ffffff");
  EXPECT_NE(cells[7].find(">7.0</text>"), std::string::npos);
}

TEST(HeatmapSvg, DiagonalJoinsTheScaleWhenNotBlank) {
  HeatmapOptions o = Options();
  o.diagonal_blank = false;
  const std::vector<double> values = {9, 2, 3, 1};
  const std::vector<std::string> cells = Cells(HeatmapSvg({"a", "b"}, values, o));
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_EQ(Attribute(cells[0], "rect", "fill"), "#08306b");
  EXPECT_EQ(Attribute(cells[3], "rect", "fill"), "#deebf7");
}

TEST(HeatmapSvg, EscapesNames) {
  const std::vector<std::string> names = {"<sys & \"one\">", "two's"};
  const std::string svg = HeatmapSvg(names, {0, 1, 2, 0}, Options());
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  EXPECT_EQ(svg.find("<sys"), std::string::npos);
  EXPECT_NE(svg.find("&lt;sys &amp; &quot;one&quot;&gt;"), std::string::npos);
  bool found = false;
  for (const std::string& t : check.texts) found |= t == "<sys & \"one\">";
  EXPECT_TRUE(found);
}

TEST(HeatmapSvg, LongNamesAreCutButShownInFullOnHover) {
  const std::string long_name(60, 'x');
  const std::string svg = HeatmapSvg({long_name, "b"}, {0, 1, 2, 0}, Options());
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  bool cut = false, full = false;
  for (const std::string& t : check.texts) {
    cut |= t == std::string(28, 'x') + "\xE2\x80\xA6";
    full |= t == long_name;  // a <title>
  }
  EXPECT_TRUE(cut);
  EXPECT_TRUE(full);
}

TEST(HeatmapSvg, LegendShowsScaleAndCaption) {
  std::vector<double> values = {0, 10, 20, 30, 0, 40, 50, 60, 0};
  const std::string svg = HeatmapSvg({"a", "b", "c"}, values, Options());
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  ASSERT_NE(svg.find("<g class=\"legend\">"), std::string::npos);
  // Scale [10, 60], about 5 ticks: raw step 12.5 -> 20; ticks 20, 40, 60 lie inside.
  bool caption = false, t20 = false, t40 = false, t60 = false;
  for (const std::string& t : check.texts) {
    caption |= t == "share of pairs (%)";
    t20 |= t == "20";
    t40 |= t == "40";
    t60 |= t == "60";
  }
  EXPECT_TRUE(caption);
  EXPECT_TRUE(t20 && t40 && t60);
  // Column names are rotated so that neighbours never overlap.
  EXPECT_NE(svg.find("rotate(-45 "), std::string::npos);
}

TEST(HeatmapSvg, NonFiniteCellsAreGreyNoData) {
  const std::vector<double> values = {0, kNaN, 3, kInf, 0, 5, 1, 2, 0};
  const std::string svg = HeatmapSvg({"a", "b", "c"}, values, Options());
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  const std::vector<std::string> cells = Cells(svg);
  ASSERT_EQ(cells.size(), 9u);
  EXPECT_EQ(Attribute(cells[1], "rect", "fill"), "#e5e7eb");
  EXPECT_EQ(Attribute(cells[3], "rect", "fill"), "#e5e7eb");
  EXPECT_NE(cells[1].find("no data"), std::string::npos);
  EXPECT_EQ(Attribute(cells[6], "rect", "fill"), "#deebf7");  // 1: the finite minimum
  EXPECT_EQ(Attribute(cells[5], "rect", "fill"), "#08306b");  // 5: the maximum
  EXPECT_FALSE(HasNonFiniteNumber(svg));
}

TEST(HeatmapSvg, DegenerateInputsRenderANote) {
  struct Case {
    std::vector<std::string> names;
    std::vector<double> values;
    std::string note;
  };
  const std::vector<Case> cases = {
      {{}, {}, "no systems"},
      {{"only"}, {3.0}, "one system: no pairs"},
      {{"a", "b"}, {0, kNaN, kNaN, 0}, "no finite values"},
      {{"a", "b"}, {1, 2, 3}, "no data: 3 values for 2 x 2 cells"},
  };
  for (const Case& c : cases) {
    const std::string svg = HeatmapSvg(c.names, c.values, Options());
    const auto check = CheckXml(svg);
    ASSERT_TRUE(check.ok) << check.error;
    bool noted = false;
    for (const std::string& t : check.texts) noted |= t == c.note;
    EXPECT_TRUE(noted) << c.note << "\n" << svg;
    EXPECT_EQ(svg.find("class=\"legend\""), std::string::npos);
  }
  // A single system whose diagonal is not blank gets one coloured cell.
  HeatmapOptions o = Options();
  o.diagonal_blank = false;
  const std::string one = HeatmapSvg({"only"}, {3.0}, o);
  ASSERT_TRUE(CheckXml(one).ok);
  ASSERT_EQ(Cells(one).size(), 1u);
  EXPECT_EQ(Attribute(Cells(one)[0], "rect", "fill"), HeatmapColour(0.5));
}

TEST(HeatmapSvg, CellsLabelledOnlyUpToTwentySystems) {
  for (const int n : {20, 21}) {
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) names.push_back(std::string("s").append(std::to_string(i)));
    std::vector<double> values(static_cast<size_t>(n * n), 0.0);
    for (int k = 0; k < n * n; ++k) values[k] = k % 7;
    HeatmapOptions o = Options();
    o.value_decimals = 0;
    const std::string svg = HeatmapSvg(names, values, o);
    ASSERT_TRUE(CheckXml(svg).ok);
    const std::vector<std::string> cells = Cells(svg);
    ASSERT_EQ(cells.size(), static_cast<size_t>(n * n));
    int labelled = 0;
    for (const std::string& cell : cells) labelled += cell.find("<text") != std::string::npos;
    EXPECT_EQ(labelled, n <= 20 ? n * (n - 1) : 0) << n;
  }
}

}  // namespace
}  // namespace tourney
