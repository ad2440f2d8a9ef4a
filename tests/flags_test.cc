#include "flags/flags.h"

#include <gtest/gtest.h>

#include <sstream>
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
  ASSERT_TRUE(
      ParseArgs(f, {"a.csv", "--model", "trueskill", "--seed=7", "--skip-invalid", "b.csv"}).ok());
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

TEST(Flags, RepeatedFlagKeepsEveryValueInOrder) {
  Flags f = Make();
  f.AddRepeated("output", "NAME=FILE", "an output");
  ASSERT_TRUE(ParseArgs(f, {"--output", "A=a.txt", "--seed", "2", "--output=B=b.txt"}).ok());
  EXPECT_EQ(f.GetAll("output"), (std::vector<std::string>{"A=a.txt", "B=b.txt"}));
  EXPECT_EQ(f.Get("output"), "B=b.txt");
  EXPECT_EQ(f.GetAll("seed"), (std::vector<std::string>{"2"}));
  EXPECT_TRUE(f.GetAll("model").empty());
  EXPECT_NE(f.Help(100).find("(repeatable)"), std::string::npos);
}

TEST(Flags, RejectsUnknownAndMissingValues) {
  Flags f = Make();
  Status s = ParseArgs(f, {"--nope"});
  EXPECT_EQ(s.message(), "unknown option '--nope'; see --help");
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

namespace tourney::cli {
namespace {

TEST(Flags, HelpWrapsToTheWidthWithoutSplittingWords) {
  Flags flags(
      "tool FILE... [--alpha N] [--a-rather-long-flag-name VALUE] [--beta]",
      "First paragraph that is long enough to need wrapping at a narrow width, "
      "with\nmanual breaks that are\nreflowed.\n\nSecond paragraph.\n  tool --keep this line");
  flags.Add("alpha", "N", "3",
            "a help text with many words, long enough to run over several lines at fifty "
            "columns, none of them cut");
  flags.Add("a-rather-long-flag-name", "VALUE", "", "short help");
  flags.AddBool("beta", "a boolean");
  flags.AddExample("tool data.csv --alpha 4", "rate with four of something");
  for (size_t width : {50u, 72u, 120u}) {
    const std::string help = flags.Help(width);
    std::istringstream lines(help);
    std::string line;
    while (std::getline(lines, line)) EXPECT_LE(line.size(), width) << line;
    // Every word of the help text is there whole.
    for (const char* word : {"wrapping", "reflowed.", "several", "(default: 3)", "cut"}) {
      EXPECT_NE(help.find(word), std::string::npos) << word << " at " << width;
    }
    EXPECT_NE(help.find("\n  tool --keep this line\n"), std::string::npos) << help;
    EXPECT_NE(help.find("examples:\n  # rate with four of something\n  tool data.csv --alpha 4\n"),
              std::string::npos)
        << help;
  }
  // A name too long for the left column puts its help on the next line.
  EXPECT_NE(flags.Help(80).find("--a-rather-long-flag-name VALUE\n"), std::string::npos);
}

TEST(Flags, UnknownOptionSuggestsTheClosestName) {
  Flags flags("tool", "d");
  flags.Add("models", "LIST", "", "models");
  flags.Add("seed", "S", "1", "seed");
  const char* argv[] = {"tourney", "eval", "--modles", "x"};
  const Status s = flags.Parse(4, const_cast<char**>(argv), 2);
  EXPECT_EQ(s.message(), "unknown option '--modles' (did you mean '--models'?); see --help");
  Flags other("tool", "d");
  other.Add("models", "LIST", "", "models");
  const char* far[] = {"tourney", "eval", "--threads", "2"};
  EXPECT_EQ(other.Parse(4, const_cast<char**>(far), 2).message(),
            "unknown option '--threads'; see --help");
}

}  // namespace
}  // namespace tourney::cli
