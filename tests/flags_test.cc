#include "flags.h"

#include <gtest/gtest.h>

#include <vector>

namespace tourney::cli {
namespace {

Status ParseArgs(Flags& f, std::vector<std::string> args) {
  std::vector<char*> argv = {const_cast<char*>("tourney"), const_cast<char*>("cmd")};
  for (auto& a : args) argv.push_back(a.data());
  return f.Parse(static_cast<int>(argv.size()), argv.data(), 2);
}

Flags Make() {
  Flags f("tourney cmd", "test");
  f.Add("model", "M", "expected-wins", "model");
  f.Add("seed", "S", "1", "seed");
  f.AddBool("skip-invalid", "skip");
  return f;
}

TEST(Flags, ParsesValuesBooleansAndPositionals) {
  Flags f = Make();
  ASSERT_TRUE(ParseArgs(f, {"a.csv", "--model", "trueskill", "--seed=7", "--skip-invalid", "b.csv"}).ok());
  EXPECT_EQ(f.Get("model"), "trueskill");
  EXPECT_EQ(*f.GetInt("seed"), 7);
  EXPECT_TRUE(f.GetBool("skip-invalid"));
  EXPECT_EQ(f.positionals(), (std::vector<std::string>{"a.csv", "b.csv"}));
}

TEST(Flags, DefaultsApply) {
  Flags f = Make();
  ASSERT_TRUE(ParseArgs(f, {}).ok());
  EXPECT_EQ(f.Get("model"), "expected-wins");
  EXPECT_FALSE(f.GetBool("skip-invalid"));
}

TEST(Flags, RejectsUnknownAndMissingValues) {
  Flags f = Make();
  Status s = ParseArgs(f, {"--nope"});
  EXPECT_EQ(s.message(), "unknown option '--nope' (see --help)");
  Flags g = Make();
  s = ParseArgs(g, {"--model"});
  EXPECT_EQ(s.message(), "option '--model' needs a value (M)");
  Flags h = Make();
  ASSERT_TRUE(ParseArgs(h, {"--seed", "x"}).ok());
  EXPECT_FALSE(h.GetInt("seed").ok());
  EXPECT_FALSE(h.GetDouble("seed").ok());
}

TEST(Flags, HelpListsEveryFlagWithDefaults) {
  Flags f = Make();
  ASSERT_TRUE(ParseArgs(f, {"--help"}).ok());
  EXPECT_TRUE(f.help_requested());
  const std::string h = f.Help();
  EXPECT_NE(h.find("--model M"), std::string::npos);
  EXPECT_NE(h.find("(default: expected-wins)"), std::string::npos);
  EXPECT_NE(h.find("--skip-invalid"), std::string::npos);
}

TEST(Flags, DoubleDashEndsOptions) {
  Flags f = Make();
  ASSERT_TRUE(ParseArgs(f, {"--", "--model"}).ok());
  EXPECT_EQ(f.positionals(), (std::vector<std::string>{"--model"}));
}

}  // namespace
}  // namespace tourney::cli
