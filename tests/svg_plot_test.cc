#include "render/svg_plot.h"

#include <gtest/gtest.h>

#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::CheckXml;

TEST(XmlEscape, EscapesMarkupCharacters) {
  EXPECT_EQ(XmlEscape("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;");
  EXPECT_EQ(XmlEscape("plain-name_1.2"), "plain-name_1.2");
}

TEST(XmlEscape, KeepsUtf8AndReplacesInvalidBytes) {
  EXPECT_EQ(XmlEscape("caf\xC3\xA9"), "caf\xC3\xA9");  // é kept
  EXPECT_EQ(XmlEscape("caf\xE9"), "caf\xEF\xBF\xBD");  // Latin-1 é -> U+FFFD
  EXPECT_EQ(XmlEscape("a\x01"
                      "b"),
            "a b");                                              // control character
  EXPECT_EQ(XmlEscape("\xF0\x9F\x98\x80"), "\xF0\x9F\x98\x80");  // 4-byte sequence
  EXPECT_EQ(XmlEscape("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
}

TEST(SvgNumber, FixedPointWithoutTrailingZeros) {
  EXPECT_EQ(SvgNumber(12.0), "12");
  EXPECT_EQ(SvgNumber(12.5), "12.5");
  EXPECT_EQ(SvgNumber(1.0 / 3.0), "0.33");
  EXPECT_EQ(SvgNumber(-0.001), "0");
  EXPECT_EQ(SvgNumber(1.0 / 0.0), "0");
}

TEST(WrapText, BreaksAtSpacesWithinWidth) {
  const std::vector<std::string> lines = WrapText("aaa bbb ccc ddd", 10.0, 45.0);
  // Each "aaa" is about 17 px wide at 10 px; two words and a space fit in 45 px.
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "aaa bbb");
  EXPECT_EQ(lines[1], "ccc ddd");
  EXPECT_EQ(WrapText("unbreakable", 10.0, 5.0), (std::vector<std::string>{"unbreakable"}));
  EXPECT_TRUE(WrapText("", 10.0, 100.0).empty());
}

TEST(EstimateTextWidth, GrowsWithTextAndFont) {
  EXPECT_GT(EstimateTextWidth("MMMM", 12), EstimateTextWidth("iiii", 12));
  EXPECT_DOUBLE_EQ(EstimateTextWidth("abc", 24), 2 * EstimateTextWidth("abc", 12));
  EXPECT_DOUBLE_EQ(EstimateTextWidth("\xC3\xA9", 12), EstimateTextWidth("\xC3\xA8", 12));
}

TEST(SvgDocument, ProducesWellFormedSelfContainedSvg) {
  SvgDocument svg(300, 200);
  svg.SetTitle("Title <with> & markup");
  svg.SetDescription("A \"quoted\" description");
  svg.BeginGroup("tooltip & <stuff>", "box");
  svg.Rect(10, 10, 50, 20, SvgStyle::Stroke("#000").WithFill("#4e79a7", 0.5));
  svg.Line(0, 0, 100, 100, SvgStyle::Stroke("#333", 1.5).WithDash("6 4"));
  svg.Circle(50, 50, 3, SvgStyle::Fill("red"));
  svg.Polyline({{0, 0}, {10, 5}, {20, 0}}, SvgStyle::Stroke("blue"));
  svg.Polygon({{0, 0}, {10, 5}, {0, 10}}, SvgStyle::Fill("#fff").WithOpacity(0.5));
  svg.Text(5, 5, "R&D <sys> \"x\"", SvgTextStyle{.size = 12.0, .rotate = -45.0, .fill = "#222"});
  svg.BeginGroup();  // left open: Finish() closes it
  const std::string doc = svg.Finish();

  const auto check = CheckXml(doc);
  ASSERT_TRUE(check.ok) << check.error << "\n" << doc;
  EXPECT_EQ(check.element_counts.at("svg"), 1);
  EXPECT_EQ(check.element_counts.at("g"), 2);
  EXPECT_EQ(check.element_counts.at("rect"), 2);  // background + one
  EXPECT_EQ(check.element_counts.at("title"), 2);
  EXPECT_NE(doc.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(doc.find("viewBox=\"0 0 300 200\""), std::string::npos);
  EXPECT_NE(doc.find("stroke-dasharray=\"6 4\""), std::string::npos);
  EXPECT_NE(doc.find("fill-opacity=\"0.5\""), std::string::npos);
  EXPECT_NE(doc.find("rotate(-45 5 5)"), std::string::npos);
  // Text survives escaping intact.
  bool found = false;
  for (const std::string& t : check.texts) found |= t == "R&D <sys> \"x\"";
  EXPECT_TRUE(found);
  // Self-contained: no scripts, no external references.
  EXPECT_EQ(doc.find("<script"), std::string::npos);
  EXPECT_EQ(doc.find("href"), std::string::npos);
  EXPECT_EQ(doc.find("@import"), std::string::npos);
}

TEST(SvgDocument, EndGroupWithoutBeginIsHarmless) {
  SvgDocument svg(10, 10);
  svg.EndGroup();
  EXPECT_TRUE(CheckXml(svg.Finish()).ok);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// Figures name "Helvetica, Arial, sans-serif"; on Linux without those fonts they are drawn in
// DejaVu Sans, the widest of the three, and text measured narrower than drawn ran off the
// right edge (the rank plot's caption). Advance widths of DejaVu Sans 2.37 (hmtx table,
// units per em 2048): '0' 1303, 'a' 1255, 'n' 1298, ' ' 651, 'O' 1612, 'W' 2025.
TEST(EstimateTextWidth, NeverNarrowerThanDejaVuSans) {
  const double size = 10.0;
  EXPECT_GE(EstimateTextWidth("0000000000", size), 10 * 1303.0 / 2048 * size);
  EXPECT_GE(EstimateTextWidth("aaaaaaaaaa", size), 10 * 1255.0 / 2048 * size);
  EXPECT_GE(EstimateTextWidth("nnnnnnnnnn", size), 10 * 1298.0 / 2048 * size);
  EXPECT_GE(EstimateTextWidth("          ", size), 10 * 651.0 / 2048 * size);
  EXPECT_GE(EstimateTextWidth("OOOOOOOOOO", size), 10 * 1612.0 / 2048 * size);
  EXPECT_GE(EstimateTextWidth("WWWWWWWWWW", size), 10 * 2025.0 / 2048 * size);
  // East Asian wide characters take a full em.
  EXPECT_GE(EstimateTextWidth("\xE6\x97\xA5\xE6\x9C\xAC", size), 2 * size);
}

}  // namespace
}  // namespace tourney
