#include "ingest/field_text.h"

#include <gtest/gtest.h>

#include <optional>
#include <string_view>

namespace tourney {
namespace {

TEST(ParseIntFieldTest, ShortDigitStrings) {
  EXPECT_EQ(ParseIntField("0"), 0);
  EXPECT_EQ(ParseIntField("7"), 7);
  EXPECT_EQ(ParseIntField("42"), 42);
  EXPECT_EQ(ParseIntField("07"), 7);  // a leading zero: 0 * 10 + 7
  EXPECT_EQ(ParseIntField(" 5\r"), 5);
  EXPECT_EQ(ParseIntField("2x"), std::nullopt);
  EXPECT_EQ(ParseIntField("2-"), std::nullopt);
  EXPECT_EQ(ParseIntField("x"), std::nullopt);
  EXPECT_EQ(ParseIntField(""), std::nullopt);
  EXPECT_EQ(ParseIntField("  "), std::nullopt);
}

TEST(ParseIntFieldTest, SignsAndLongNumbers) {
  EXPECT_EQ(ParseIntField("-1"), -1);
  EXPECT_EQ(ParseIntField("+3"), 3);
  EXPECT_EQ(ParseIntField("2484"), 2484);
  EXPECT_EQ(ParseIntField("-"), std::nullopt);
  EXPECT_EQ(ParseIntField("12 3"), std::nullopt);
  EXPECT_EQ(ParseIntField("99999999999999999999"), std::nullopt);  // above INT64_MAX
}

TEST(TrimFieldTest, StripsBlanksAtBothEnds) {
  EXPECT_EQ(TrimField(" \tab c\r\r"), "ab c");
  EXPECT_EQ(TrimField(" \t\r"), "");
  EXPECT_EQ(TrimField(""), "");
}

}  // namespace
}  // namespace tourney
