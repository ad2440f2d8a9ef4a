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

}  // namespace
}  // namespace tourney
