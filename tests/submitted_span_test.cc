// Utf16Length against lengths counted by hand (and as JavaScript's String.length gives them).
#include "tourney/core/submitted_span.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(Utf16LengthTest, CountsCodeUnitsAsJavaScriptDoes) {
  EXPECT_EQ(Utf16Length(""), 0);
  EXPECT_EQ(Utf16Length("Hallo"), 5);
  EXPECT_EQ(Utf16Length("sv\xC4\x9Bte"), 5);              // "světe": ě is one unit, 2 bytes
  EXPECT_EQ(Utf16Length("\xE6\x97\xA5\xE6\x9C\xAC"), 2);  // "日本": 3 bytes each
  EXPECT_EQ(Utf16Length("\xF0\x9F\x98\x80"), 2);          // U+1F600: a surrogate pair
  EXPECT_EQ(Utf16Length("a\xF0\x9F\x98\x80" "b"), 4);
}

TEST(Utf16LengthTest, InvalidBytesCountOneEach) {
  EXPECT_EQ(Utf16Length("\xFF"), 1);
  EXPECT_EQ(Utf16Length("\xC4"), 1);              // a lead byte cut off
  EXPECT_EQ(Utf16Length("\xE6\x97" "a"), 3);      // two bytes of a three-byte sequence, then a
  EXPECT_EQ(Utf16Length("\xF8\x80\x80\x80"), 4);  // no five-byte forms
}

}  // namespace
}  // namespace tourney
