// Degraded outputs for quality control: the phrase-length table, the cutting into units,
// and what a degradation keeps and changes, checked by hand and over random texts.
#include "tourney/core/degraded_output.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tourney {
namespace {

TEST(DegradedOutputTest, PhraseLengthFollowsTheTable) {
  const size_t expected[] = {0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5};
  for (size_t n = 0; n <= 20; ++n) EXPECT_EQ(DegradedPhraseWords(n), expected[n]) << n;
  EXPECT_EQ(DegradedPhraseWords(21), 5u);
  EXPECT_EQ(DegradedPhraseWords(24), 6u);
  EXPECT_EQ(DegradedPhraseWords(41), 10u);
}

std::vector<std::string> Units(const std::string& text) {
  std::vector<std::string> out;
  for (const TextUnit& u : CutIntoUnits(text)) out.push_back(text.substr(u.begin, u.end - u.begin));
  return out;
}

TEST(DegradedOutputTest, UnitsAreWordsOrCodePointsOfUnspacedScripts) {
  EXPECT_EQ(Units("  Der Hund,\tbellt.\n"), (std::vector<std::string>{"Der", "Hund,", "bellt."}));
  EXPECT_EQ(Units(""), std::vector<std::string>{});
  EXPECT_EQ(Units(" \n"), std::vector<std::string>{});
  // 你好世界 (four code points of three bytes) has no spaces: cut into code points.
  EXPECT_EQ(Units("\xe4\xbd\xa0\xe5\xa5\xbd\xe4\xb8\x96\xe7\x95\x8c"),
            (std::vector<std::string>{"\xe4\xbd\xa0", "\xe5\xa5\xbd", "\xe4\xb8\x96",
                                      "\xe7\x95\x8c"}));
  // One Latin word stays one unit.
  EXPECT_EQ(Units("Hallo"), std::vector<std::string>{"Hallo"});
}

TEST(DegradedOutputTest, OnePhraseIsReplacedByOneFromTheDonor) {
  // Nine words: a phrase of four is replaced by four consecutive donor words.
  const std::string text = "one two three four five six seven eight nine";
  const std::string donor = "A B C D E F";
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Rng rng(seed);
    const std::string out = DegradeOutput(text, donor, rng);
    const std::vector<std::string> got = Units(out), orig = Units(text);
    ASSERT_EQ(got.size(), 9u) << out;
    // Exactly one window of four positions holds donor words, in donor order.
    int start = -1;
    for (int i = 0; i < 9; ++i) {
      if (got[static_cast<size_t>(i)] != orig[static_cast<size_t>(i)]) {
        start = i;
        break;
      }
    }
    ASSERT_GE(start, 0) << out;
    ASSERT_LE(start, 5) << out;
    const char first = got[static_cast<size_t>(start)][0];
    ASSERT_TRUE(first >= 'A' && first <= 'C') << out;  // four donor words start at A..C
    for (int i = 0; i < 9; ++i) {
      const std::string& g = got[static_cast<size_t>(i)];
      if (i >= start && i < start + 4) {
        EXPECT_EQ(g, std::string(1, static_cast<char>(first + (i - start)))) << out;
      } else {
        EXPECT_EQ(g, orig[static_cast<size_t>(i)]) << out;
      }
    }
  }
}

TEST(DegradedOutputTest, ShortAndEmptyTexts) {
  Rng rng(3);
  EXPECT_EQ(DegradeOutput("Hallo", "Welt", rng), "Welt");
  EXPECT_EQ(DegradeOutput("", "x y z", rng).size(), 1u);     // one donor word
  // Two words and the blank between them deleted: 9 - 3 bytes.
  EXPECT_EQ(DegradeOutput("a b c d e", "", rng).size(), 6u);
  // Surrounding blanks and newlines stay where they were.
  const std::string out = DegradeOutput("  eins\n", "zwei", rng);
  EXPECT_EQ(out, "  zwei\n");
}

// Valid UTF-8 in, valid UTF-8 out: each sequence has its lead byte and continuations.
bool ValidUtf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

TEST(DegradedOutputTest, RandomTextsKeepUtf8AndAreDeterministic) {
  const char* pieces[] = {"a", "Wort", " ", "\n", "\xd7\xa9\xd7\x9c", "\xe4\xbd\xa0",
                          "\xf0\x9f\x98\x80", "\t", ".", "<b>"};
  Rng gen(17);
  for (int t = 0; t < 500; ++t) {
    std::string text, donor;
    for (int i = static_cast<int>(gen.UniformInt(12)); i > 0; --i) text += pieces[gen.UniformInt(10)];
    for (int i = static_cast<int>(gen.UniformInt(12)); i > 0; --i) donor += pieces[gen.UniformInt(10)];
    Rng a(static_cast<uint64_t>(t)), b(static_cast<uint64_t>(t));
    const std::string x = DegradeOutput(text, donor, a);
    EXPECT_EQ(x, DegradeOutput(text, donor, b));
    EXPECT_TRUE(ValidUtf8(x)) << text << " | " << donor;
  }
}

TEST(DegradedOutputTest, SegmentsTakeTheirPhraseFromAnotherSegment) {
  // Each segment's words carry its number, so the donor's segment can be read off.
  std::vector<std::string> store = {"a0 b0 c0 d0 e0 f0", "a1 b1 c1 d1 e1 f1",
                                    "a2 b2 c2 d2 e2 f2", "x2 y2 z2 w2 v2 u2"};
  const std::vector<std::vector<std::string_view>> outputs = {
      {store[0]}, {store[1]}, {store[2], store[3]}};
  const DegradedOutputs d = DegradeSegments(outputs, 11);
  ASSERT_EQ(d.text.size(), 3u);
  for (size_t g = 0; g < 3; ++g) {
    const std::vector<std::string> units = Units(d.text[g]);
    ASSERT_EQ(units.size(), 6u) << d.text[g];
    int foreign = 0;
    for (const std::string& u : units) {
      const char seg = u.back();
      if (seg != static_cast<char>('0' + g)) ++foreign;
    }
    EXPECT_EQ(foreign, 3) << d.text[g];  // six words lose a phrase of three
    EXPECT_LT(d.base[g], outputs[g].size());
  }
  const DegradedOutputs again = DegradeSegments(outputs, 11);
  EXPECT_EQ(again.text, d.text);
}

TEST(DegradedOutputTest, ShuffleWordsMovesExactlyTheChosenWordsAndKeepsTheRest) {
  // Eleven distinct words: more than 2 x 5, so WMT26's rule applies. The result holds the
  // same multiset of words with the same spacing, and exactly five positions changed.
  const std::string text = "one two  three four five six seven eight nine ten eleven.";
  const std::vector<std::string> before = Units(text);
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Rng rng(seed);
    const auto shuffled = ShuffleWords(text, 5, rng);
    ASSERT_TRUE(shuffled.has_value()) << seed;
    const std::vector<std::string> after = Units(*shuffled);
    ASSERT_EQ(after.size(), before.size());
    int moved = 0;
    for (size_t i = 0; i < before.size(); ++i) moved += before[i] != after[i] ? 1 : 0;
    EXPECT_EQ(moved, 5) << seed;
    std::vector<std::string> a = before, b = after;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
    EXPECT_EQ(shuffled->size(), text.size());
    EXPECT_NE(shuffled->find("  "), std::string::npos);  // the double space is kept
  }
}

TEST(DegradedOutputTest, ShuffleWordsRefusesShortOrUniformTexts) {
  Rng rng(3);
  EXPECT_FALSE(ShuffleWords("a b c d e f g h i j", 5, rng).has_value());  // 10 <= 2 x 5
  EXPECT_FALSE(ShuffleWords("x x x x x x x x x x x x", 5, rng).has_value());  // all the same
  EXPECT_TRUE(ShuffleWords("a b c d e f g h i j k", 5, rng).has_value());
}

}  // namespace
}  // namespace tourney
