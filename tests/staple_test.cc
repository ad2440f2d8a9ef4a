#include "tourney/nbest/staple.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "test_util.h"

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
  // "+2.5e-1", " -3 " and ".5" are numbers; "0x10", "+-1", "1,5" and "in" are not, so those
  // lines are whole translations (and the block then has no scores at all).
  auto scored = ParseStaple("p1|x\na|+2.5e-1\nb| -3 \nc|.5\n", "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(scored.ok()) << scored.status().message();
  EXPECT_EQ(scored->prompts[0].translations, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(scored->prompts[0].values, (std::vector<double>{0.25, -3.0, 0.5}));
  auto text = ParseStaple("p1|x\na|0x10\nb|+-1\nc|in\nd|1,5\n", "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(text->prompts[0].translations,
            (std::vector<std::string>{"a|0x10", "b|+-1", "c|in", "d|1,5"}));
  EXPECT_TRUE(text->prompts[0].values.empty());
}

TEST(Staple, ShortAndLongDecimalsReadAsTheirLiterals) {
  // Up to 15 digits take the quick path, longer ones and other spellings the general one;
  // each must equal the compiler's correctly rounded reading of the same literal.
  auto f = ParseStaple(
      "p1|x\na|0.1\nb|-3.141593\nc|123456789012345\nd|-0.000000\ne|1234567890.123456\n"
      "f|5.\ng|-.25\nh|0.30000000000000004\ni|-99999.999999999\n",
      "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(f.ok()) << f.status().message();
  const std::vector<double>& v = f->prompts[0].values;
  ASSERT_EQ(v.size(), 9u);
  EXPECT_EQ(v[0], 0.1);
  EXPECT_EQ(v[1], -3.141593);
  EXPECT_EQ(v[2], 123456789012345.0);
  EXPECT_EQ(v[3], 0.0);
  EXPECT_TRUE(std::signbit(v[3]));  // "-0.000000" is negative zero, as strtod reads it
  EXPECT_EQ(v[4], 1234567890.123456);
  EXPECT_EQ(v[5], 5.0);
  EXPECT_EQ(v[6], -0.25);
  EXPECT_EQ(v[7], 0.30000000000000004);
  EXPECT_EQ(v[8], -99999.999999999);
}

TEST(Staple, RandomDecimalsReadAsStrtodReadsThem) {
  // Scores of 1 to 9 integer digits and 0 to 11 decimals, signed or not, with leading and
  // trailing zeros: the quick paths (by word, by digit) and from_chars must all agree with
  // the C library's correctly rounded strtod.
  std::mt19937_64 rng(7);
  std::string text = "p1|x\n";
  std::vector<std::string> spelled;
  for (int i = 0; i < 20000; ++i) {
    std::string number = rng() % 2 ? "-" : "";
    const int whole = 1 + static_cast<int>(rng() % 9), decimals = static_cast<int>(rng() % 12);
    for (int d = 0; d < whole; ++d) number += static_cast<char>('0' + rng() % 10);
    if (decimals > 0) number += '.';
    for (int d = 0; d < decimals; ++d) number += static_cast<char>('0' + rng() % 10);
    spelled.push_back(number);
    text += "t" + std::to_string(i) + "|" + number + "\n";
  }
  auto f = ParseStaple(text, "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(f.ok()) << f.status().message();
  const std::vector<double>& v = f->prompts[0].values;
  ASSERT_EQ(v.size(), spelled.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const double expected = std::strtod(spelled[i].c_str(), nullptr);
    EXPECT_EQ(v[i], expected) << spelled[i];
    EXPECT_EQ(std::signbit(v[i]), std::signbit(expected)) << spelled[i];
  }
}

TEST(Staple, LinesOfEveryLengthSplitAtTheirLastBar) {
  // Lines of 1 to 70 bytes whose bars fall at every offset of the 16-byte words the scanner
  // reads, the last line without a newline: "x...x|y...y|-1.5" is the translation
  // "x...x|y...y" scored -1.5, and "x...x|y...y" (no number after the last bar) is all
  // translation.
  std::string text = "p1|x\n";
  std::vector<std::string> expected;
  int scored = 0;
  for (int a = 0; a < 35; ++a) {
    for (int b : {0, 1, 7, 16, 30}) {
      std::string t = std::string(static_cast<size_t>(a) + 1, 'x') + "|" +
                      std::string(static_cast<size_t>(b) + 1, 'y') + std::to_string(a);
      expected.push_back(t);
      text += t + "|-1.5\n";
      ++scored;
    }
  }
  auto f = ParseStaple(text.substr(0, text.size() - 1), "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(f.ok()) << f.status().message();
  EXPECT_EQ(f->prompts[0].translations, expected);
  EXPECT_EQ(f->prompts[0].values, std::vector<double>(static_cast<size_t>(scored), -1.5));
  std::string unscored = "p1|x\n";
  for (const std::string& t : expected) unscored += t + "\n";
  auto g = ParseStaple(unscored, "s.txt", StapleKind::kNbest);
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_EQ(g->prompts[0].translations, expected);
  EXPECT_TRUE(g->prompts[0].values.empty());
}

TEST(Staple, BlocksCarryTheHashOfEachTranslation) {
  std::vector<uint64_t> hashes;
  std::vector<std::string> texts;
  int64_t dropped = 0;
  const Status s = ForEachStapleBlock(
      "p1|x\nshort\na translation longer than eight bytes\nshort\n", "s.txt", StapleKind::kNbest,
      [&](const StapleBlockView& block) {
        texts.assign(block.translations.begin(), block.translations.end());
        hashes = block.hashes;
        return Status::Ok();
      },
      &dropped);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_EQ(texts.size(), 2u);
  ASSERT_EQ(hashes.size(), 2u);
  for (size_t i = 0; i < texts.size(); ++i) EXPECT_EQ(hashes[i], StapleTextHash(texts[i]));
}

TEST(Staple, TextHashSeesEveryByte) {
  // Texts of 0 to 40 bytes, and each one with any single byte changed, all hash apart.
  std::vector<uint64_t> seen;
  for (size_t n = 0; n <= 40; ++n) {
    std::string t(n, 'a');
    seen.push_back(StapleTextHash(t));
    for (size_t i = 0; i < n; ++i) {
      std::string u = t;
      u[i] = 'b';
      seen.push_back(StapleTextHash(u));
    }
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
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
      // A score written as a number that is not a finite double is an error at its own
      // line, not part of the translation (audit defect 7).
      {"p1|x\nhello world|inf\n", StapleKind::kNbest,
       "g.txt:2: field 'score': 'inf' is not a finite number"},
      {"p1|x\na|-1\nb|-2\nhello world|nan\n", StapleKind::kNbest,
       "g.txt:4: field 'score': 'nan' is not a finite number"},
      {"p1|x\na|-1\n\np2|y\nb|1e999\n", StapleKind::kNbest,
       "g.txt:5: field 'score': '1e999' is not a finite number"},
      {"p1|x\na| -inf \n", StapleKind::kNbest, "g.txt:2: field 'score': '-inf'"},
      {"p1|x\na|Infinity\n", StapleKind::kNbest, "g.txt:2: field 'score': 'Infinity'"},
      {"p1|x\na|1e999\n", StapleKind::kGold, "g.txt:2: field 'weight': '1e999'"},
  };
  for (const Case& c : cases) {
    auto f = ParseStaple(c.text, "g.txt", c.kind);
    ASSERT_FALSE(f.ok()) << c.text;
    EXPECT_NE(f.status().message().find(c.message), std::string::npos)
        << c.text << " -> " << f.status().message();
  }
}

// Every block ForEachStapleBlock* visits, written out (id, translations with hashes and
// values), and the dropped duplicates.
struct Visited {
  std::vector<std::string> blocks;
  int64_t dropped = 0;
};

std::function<Status(const StapleBlockView&)> Recorder(Visited* v) {
  return [v](const StapleBlockView& b) {
    std::string out = std::string(b.id) + "|" + std::string(b.prompt);
    for (size_t i = 0; i < b.translations.size(); ++i) {
      out += "\n" + std::string(b.translations[i]) + "#" + std::to_string(b.hashes[i]);
      if (!b.values.empty()) out += "#" + std::to_string(b.values[i]);
    }
    v->blocks.push_back(out);
    return Status::Ok();
  };
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

void WriteGzip(const std::string& path, const std::string& text) {
  gzFile f = gzopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(gzwrite(f, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  ASSERT_EQ(gzclose(f), Z_OK);
}

// One system's generated n-best list of `prompts` blocks of `depth` entries.
std::string GeneratedList(int prompts, int depth) {
  StapleGeneratorOptions o;
  o.prompts = prompts;
  o.systems = 1;
  o.depth = depth;
  return GenerateStaple(o).nbest[0];
}

// A file is read in pieces of about 1 MiB that end at blank lines: whatever the blank lines
// (empty, CRLF, blanks only), a block longer than a piece, or gzip, the blocks and the
// dropped duplicates are those of the whole text.
TEST(Staple, FilesReadInPiecesGiveTheWholeTextsBlocks) {
  std::string text = GeneratedList(80, 800);
  ASSERT_GT(text.size(), size_t{2} << 20);  // three pieces at least
  // Repeated entries, one near the start and one in the last piece.
  text = Replace(text, "prompt_1|source sentence 1\n",
                 "prompt_1|source sentence 1\nsame|-0.5\nsame|-1\n");
  text = Replace(text, "prompt_78|source sentence 78\n",
                 "prompt_78|source sentence 78\nagain|-2\nagain|-3\nagain|-4\n");
  const std::string long_block = GeneratedList(1, 40000);
  ASSERT_GT(long_block.size(), size_t{1} << 20);
  const std::string dir = testing::TempDir("staple_pieces");
  struct Case {
    std::string name;
    std::string text;
    bool gzip;
  };
  const std::vector<Case> cases = {
      {"plain", text, false},
      {"crlf", Replace(text, "\n", "\r\n"), false},
      {"blank lines of blanks", Replace(text, "\n\n", "\n \t\n"), false},
      {"one long block", long_block, false},
      {"no final newline", text.substr(0, text.size() - 2), false},
      {"gzip", text, true},
  };
  std::string buffer;  // reused across files, as nbest's workers do
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir + "/nbest.txt";
    if (c.gzip) {
      WriteGzip(path, c.text);
    } else {
      testing::WriteFile(path, c.text);
    }
    Visited whole, pieces;
    ASSERT_TRUE(
        ForEachStapleBlock(c.text, "n", StapleKind::kNbest, Recorder(&whole), &whole.dropped).ok());
    const Status s = ForEachStapleBlockInFile(path, StapleKind::kNbest, Recorder(&pieces),
                                              &pieces.dropped, &buffer);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(pieces.blocks.size(), whole.blocks.size());
    EXPECT_TRUE(pieces.blocks == whole.blocks);
    EXPECT_EQ(pieces.dropped, whole.dropped);
    if (c.name != "one long block") {
      EXPECT_EQ(whole.dropped, 3);  // 1 "same", 2 "again"
    }
  }
  EXPECT_EQ(ForEachStapleBlockInFile(dir + "/absent.txt", StapleKind::kNbest, Recorder(nullptr),
                                     nullptr, &buffer)
                .code(),
            StatusCode::kIoError);
  std::filesystem::remove_all(dir);
}

// Errors past the first piece name the line as counted in the whole file.
TEST(Staple, ErrorsInLaterPiecesNameTheirFileLine) {
  const std::string text = GeneratedList(40, 1000);
  ASSERT_GT(text.size(), size_t{1} << 20);
  const std::string dir = testing::TempDir("staple_lines");
  const std::string path = dir + "/late.txt";
  const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  struct Case {
    std::string tail;  // appended to the text
    std::string message;
  };
  // The text ends with a blank line: the tail starts at line lines + 1.
  const Case cases[] = {
      {"prompt_3|again\nx\n", "late.txt:" + std::to_string(lines + 1) + ": field 'id'"},
      {"late|x\na|1\nb\n", "late.txt:" + std::to_string(lines + 1) + ": field 'score'"},
      {"late|x\na\n|2\n", "late.txt:" + std::to_string(lines + 3) + ": field 'translation'"},
  };
  std::string buffer;
  for (const Case& c : cases) {
    testing::WriteFile(path, text + c.tail);
    Visited v;
    const Status s =
        ForEachStapleBlockInFile(path, StapleKind::kNbest, Recorder(&v), &v.dropped, &buffer);
    EXPECT_NE(s.message().find(c.message), std::string::npos) << s.message();
    const Status whole =
        ForEachStapleBlock(text + c.tail, path, StapleKind::kNbest, Recorder(&v), &v.dropped);
    EXPECT_EQ(s.message(), whole.message());
  }
  std::filesystem::remove_all(dir);
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
