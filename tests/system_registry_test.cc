#include "tourney/core/system_registry.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(SystemRegistry, AssignsDenseIdsInOrderOfFirstAppearance) {
  SystemRegistry reg;
  EXPECT_EQ(reg.Intern("b"), 0);
  EXPECT_EQ(reg.Intern("a"), 1);
  EXPECT_EQ(reg.Intern("b"), 0);
  EXPECT_EQ(reg.size(), 2);
  EXPECT_EQ(reg.Name(1), "a");
}

TEST(SystemRegistry, FindDoesNotInsert) {
  SystemRegistry reg;
  reg.Intern("x");
  EXPECT_EQ(reg.Find("x"), 0);
  EXPECT_FALSE(reg.Find("y").has_value());
  EXPECT_EQ(reg.size(), 1);
}

// The name rule every reader and the service apply, by hand: 1..256 bytes, no byte
// 0x00-0x1F or 0x7F; bytes of multi-byte UTF-8 characters (>= 0x80) are fine.
TEST(SystemRegistry, SystemNameRule) {
  EXPECT_EQ(SystemNameProblem("online-B"), "");
  EXPECT_EQ(SystemNameProblem("\xC3\xA9t\xC3\xA9 \xE2\x82\xAC"), "");
  EXPECT_EQ(SystemNameProblem(std::string(256, 'x')), "");
  EXPECT_EQ(SystemNameProblem(""), "is empty");
  EXPECT_EQ(SystemNameProblem(std::string(257, 'x')), "is 257 bytes long (at most 256)");
  EXPECT_EQ(SystemNameProblem(std::string(100000, 'x')), "is 100000 bytes long (at most 256)");
  EXPECT_EQ(SystemNameProblem(std::string("ab\0c", 4)),
            "holds a control character (byte 0x00 at offset 2)");
  EXPECT_EQ(SystemNameProblem("a\tb"), "holds a control character (byte 0x09 at offset 1)");
  EXPECT_EQ(SystemNameProblem("a\x1b[31mred"),
            "holds a control character (byte 0x1B at offset 1)");
  EXPECT_EQ(SystemNameProblem("del\x7f"), "holds a control character (byte 0x7F at offset 3)");
}

}  // namespace
}  // namespace tourney
