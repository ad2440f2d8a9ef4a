// The shared text table: columns line up by display width whatever the cells hold (a true
// minus sign, "±", a wide character), numbers are right-aligned, and the other renderings.
#include "render/text_table.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "render/text_format.h"

namespace tourney {
namespace {

TextTable Sample() {
  TextTable t;
  t.caption = "caption";
  t.header = {"name", "value", "interval"};
  t.rows = {{"a", "-0.500", "0.1 ± 0.2"}, {"系統", "12.250", "-3.0 ± 0.5"}};
  t.rule_before = {false, true};
  return t;
}

TEST(TextTable, TextColumnsLineUpByDisplayWidth) {
  const std::string text = RenderTextTable(Sample());
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 5u) << text;  // caption, header, row, rule, row
  EXPECT_EQ(lines[0], "caption");
  // Widths by hand: name 4 (系統 is two wide characters), value 6, interval 10
  // ("−3.0 ± 0.5"). Columns two spaces apart, names left, numbers right.
  EXPECT_EQ(lines[1], "name   value    interval");
  EXPECT_EQ(lines[2], "a     \u22120.500   0.1 ± 0.2");
  EXPECT_EQ(lines[3], std::string(4 + 2 + 6 + 2 + 10, '-'));
  EXPECT_EQ(lines[4], "系統  12.250  \u22123.0 ± 0.5");
  for (size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(DisplayWidth(lines[i]), 24u) << i;
}

TEST(TextTable, HyphenKeptWhenAsked) {
  const std::string text = RenderTextTable(Sample(), "-");
  EXPECT_NE(text.find("a     -0.500"), std::string::npos) << text;
}

TEST(TextTable, MarkdownLatexCsv) {
  EXPECT_EQ(RenderMarkdownTable(Sample()),
            "**caption**\n\n| name | value | interval |\n|---|---:|---:|\n"
            "| a | \u22120.500 | 0.1 ± 0.2 |\n| 系統 | 12.250 | \u22123.0 ± 0.5 |\n");
  EXPECT_EQ(RenderLatexTable(Sample()),
            "% caption\n\\begin{tabular}{lrr}\n\\toprule\nname & value & interval \\\\\n"
            "\\midrule\na & $-$0.500 & 0.1 ± 0.2 \\\\\n\\midrule\n"
            "系統 & 12.250 & $-$3.0 ± 0.5 \\\\\n\\bottomrule\n\\end{tabular}\n");
  TextTable t = Sample();
  t.rows[0][0] = "a,b";
  EXPECT_EQ(RenderCsvTable(t),
            "# caption\nname,value,interval\n\"a,b\",-0.500,0.1 ± 0.2\n系統,12.250,-3.0 ± 0.5\n");
}

}  // namespace
}  // namespace tourney
