#include "render/text_format.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(TableNumber, OrdinaryMagnitudesAreFixed) {
  EXPECT_EQ(TableNumber(0.0, 3), "0.000");
  EXPECT_EQ(TableNumber(-1.5, 3), "-1.500");
  EXPECT_EQ(TableNumber(123456789.0, 3), "123456789.000");  // below 1e9
  EXPECT_EQ(TableNumber(0.0005, 3), "0.001");               // rounds to a non-zero digit
}

TEST(TableNumber, LargeAndTinyMagnitudesUseExponents) {
  // 5e307 printed with %f would be 308 digits; 5e62 a 63-digit integer.
  EXPECT_EQ(TableNumber(5e307, 3), "5.000e+307");
  EXPECT_EQ(TableNumber(-5e62, 3), "-5.000e+62");
  EXPECT_EQ(TableNumber(1e9, 3), "1.000e+09");
  // 0.0004 would print as "0.000": a non-zero value never reads as zero.
  EXPECT_EQ(TableNumber(0.0004, 3), "4.000e-04");
  EXPECT_EQ(TableNumber(-2.5e-12, 6), "-2.500000e-12");
}

TEST(DisplayWidth, CountsColumnsNotBytes) {
  EXPECT_EQ(DisplayWidth(""), 0u);
  EXPECT_EQ(DisplayWidth("abc"), 3u);
  EXPECT_EQ(DisplayWidth("caf\xC3\xA9"), 4u);               // é: 2 bytes, 1 column
  EXPECT_EQ(DisplayWidth("\xE6\x97\xA5\xE6\x9C\xAC"), 4u);  // 日本: 6 bytes, 2 wide columns
  EXPECT_EQ(DisplayWidth("\xED\x95\x9C"), 2u);              // 한 (Hangul syllable): wide
  EXPECT_EQ(DisplayWidth("\xEF\xBC\xA1"), 2u);              // Ａ fullwidth A
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1u);                 // e + combining acute
  EXPECT_EQ(DisplayWidth("\xF0\x9F\x98\x80"), 2u);          // 😀 emoji: 4 bytes, wide
  EXPECT_EQ(DisplayWidth("\xFF"
                         "A"),
            2u);  // an invalid byte counts one
}

TEST(TextFormat, CountOfIsSingularForOneOnly) {
  EXPECT_EQ(CountOf(1, "system"), "1 system");
  EXPECT_EQ(CountOf(0, "system"), "0 systems");
  EXPECT_EQ(CountOf(1418, "system"), "1,418 systems");
  EXPECT_EQ(CountOf(2, "match", "matches"), "2 matches");
  EXPECT_EQ(CountOf(1, "match", "matches"), "1 match");
}

}  // namespace
}  // namespace tourney
