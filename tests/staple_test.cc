#include "tourney/nbest/staple.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tourney {
namespace {

TEST(Staple, ParsesGoldBlocks) {
  auto f = ParseStaple("p1|I am well\r\nestoy bien|0.5\nestoy|bien|0.5\n\n\np2|thanks\ngracias|1\n",
                       "g.txt", StapleKind::kGold);
  ASSERT_TRUE(f.ok()) << f.status().message();
  ASSERT_EQ(f->prompts.size(), 2u);
  EXPECT_EQ(f->prompts[0].id, "p1");
  EXPECT_EQ(f->prompts[0].prompt, "I am well");
  // The last '|' separates the weight: "estoy|bien" is a translation.
  EXPECT_EQ(f->prompts[0].translations, (std::vector<std::string>{"estoy bien", "estoy|bien"}));
  EXPECT_EQ(f->prompts[0].values, (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(f->prompts[1].translations, (std::vector<std::string>{"gracias"}));
}

TEST(Staple, NbestScoresAreOptionalAndDuplicatesDropped) {
  auto f = ParseStaple("p1|x\na\nb\na\n\np2|y\nc|-1.5\nd|-2\n", "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(f.ok()) << f.status().message();
  EXPECT_EQ(f->prompts[0].translations, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(f->prompts[0].values.empty());
  EXPECT_EQ(f->dropped_duplicates, 1);
  EXPECT_EQ(f->prompts[1].values, (std::vector<double>{-1.5, -2}));
}

TEST(Staple, DuplicatesAreFoundInLongBlocks) {
  // 300 distinct entries, each listed twice in a row (the table of seen translations grows
  // past its first 64 slots), in two blocks: the second block's entries repeat the first's,
  // which is allowed (duplicates are per block). 300 dropped per block.
  std::string text;
  for (const char* id : {"p1", "p2"}) {
    text += std::string(id) + "|x\n";
    for (int i = 0; i < 300; ++i) {
      text += "entry " + std::to_string(i) + "\nentry " + std::to_string(i) + "\n";
    }
    text += "\n";
  }
  auto f = ParseStaple(text, "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(f.ok()) << f.status().message();
  ASSERT_EQ(f->prompts.size(), 2u);
  EXPECT_EQ(f->dropped_duplicates, 600);
  for (const StaplePrompt& p : f->prompts) {
    ASSERT_EQ(p.translations.size(), 300u);
    EXPECT_EQ(p.translations[0], "entry 0");
    EXPECT_EQ(p.translations[299], "entry 299");
  }
}

TEST(Staple, BlocksStreamAsViewsAndAVisitorErrorStops) {
  int64_t dropped = 0;
  std::vector<std::string> seen;
  const Status s = ForEachStapleBlock(
      "p1|a\nx|-1\nx|-2\ny|-3\n\np2|b\nz\n\np3|c\nw\n", "s.txt", StapleKind::kNbest,
      [&seen](const StapleBlockView& block) {
        seen.push_back(std::string(block.id) + ":" + std::to_string(block.translations.size()) +
                       ":" + std::to_string(block.values.size()));
        if (block.id == "p2") return InvalidArgument("stop at p2");
        return Status::Ok();
      },
      &dropped);
  // p1: x (first copy kept), y, both scored; the repeated x dropped. p2: z, no score.
  EXPECT_EQ(seen, (std::vector<std::string>{"p1:2:2", "p2:1:0"}));
  EXPECT_EQ(dropped, 1);
  EXPECT_EQ(s.message(), "stop at p2");
}

TEST(Staple, OnlyADecimalNumberAfterTheLastBarIsAScore) {
  // "+2.5e-1", " -3 " and ".5" are numbers; "0x10", "+-1", "inf" and "1,5" are not, so
  // those lines are whole translations (and the block then has no scores at all).
  auto scored = ParseStaple("p1|x\na|+2.5e-1\nb| -3 \nc|.5\n", "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(scored.ok()) << scored.status().message();
  EXPECT_EQ(scored->prompts[0].translations, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(scored->prompts[0].values, (std::vector<double>{0.25, -3.0, 0.5}));
  auto text = ParseStaple("p1|x\na|0x10\nb|+-1\nc|inf\nd|1,5\n", "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(text->prompts[0].translations,
            (std::vector<std::string>{"a|0x10", "b|+-1", "c|inf", "d|1,5"}));
  EXPECT_TRUE(text->prompts[0].values.empty());
}

TEST(Staple, ErrorsNameFileLineAndField) {
  struct Case {
    const char* text;
    StapleKind kind;
    const char* message;
  };
  const Case cases[] = {
      {"p1|x\nhola\n", StapleKind::kGold, "g.txt:2: field 'weight'"},
      {"p1|x\nhola|0\n", StapleKind::kGold, "g.txt:2: field 'weight': must be positive"},
      {"p1|x\nhola|abc\n", StapleKind::kGold, "g.txt:2: field 'weight'"},
      {"p1|x\nhola|1\nhola|2\n", StapleKind::kGold, "g.txt:3: field 'translation'"},
      {"p1|x\na|1\n\np1|y\nb|1\n", StapleKind::kGold, "g.txt:4: field 'id'"},
      {"|x\na|1\n", StapleKind::kGold, "g.txt:1: field 'id'"},
      {"p1|x\na|-1\nb\n", StapleKind::kNbest, "g.txt:1: field 'score'"},
      {"p1|x\n|-1\n", StapleKind::kNbest, "g.txt:2: field 'translation'"},
  };
  for (const Case& c : cases) {
    auto f = ParseStaple(c.text, "g.txt", c.kind);
    ASSERT_FALSE(f.ok()) << c.text;
    EXPECT_NE(f.status().message().find(c.message), std::string::npos)
        << c.text << " -> " << f.status().message();
  }
}

TEST(Staple, GeneratorIsSeededAndParses) {
  StapleGeneratorOptions o;
  o.prompts = 5;
  o.systems = 3;
  o.depth = 20;
  o.gold_per_prompt = 8;
  const GeneratedStaple a = GenerateStaple(o), b = GenerateStaple(o);
  EXPECT_EQ(a.gold, b.gold);
  EXPECT_EQ(a.nbest, b.nbest);
  o.seed = 2;
  EXPECT_NE(GenerateStaple(o).nbest, a.nbest);
  auto gold = ParseStaple(a.gold, "gold", StapleKind::kGold);
  ASSERT_TRUE(gold.ok()) << gold.status().message();
  EXPECT_EQ(gold->prompts.size(), 5u);
  EXPECT_EQ(gold->prompts[0].translations.size(), 8u);
  // Zipf weights 1/k normalised: the first is 1 / H_8 = 1 / 2.717857...
  EXPECT_NEAR(gold->prompts[0].values[0],
              1.0 / (1 + 1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5 + 1.0 / 6 + 1.0 / 7 + 1.0 / 8),
              1e-8);
  for (const std::string& text : a.nbest) {
    auto f = ParseStaple(text, "sys", StapleKind::kNbest);
    ASSERT_TRUE(f.ok()) << f.status().message();
    EXPECT_EQ(f->prompts.size(), 5u);
    EXPECT_EQ(f->prompts[0].translations.size(), 20u);
    EXPECT_EQ(f->dropped_duplicates, 0);
  }
}

}  // namespace
}  // namespace tourney
