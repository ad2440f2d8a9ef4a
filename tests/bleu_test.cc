#include "tourney/nbest/bleu.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

using Tokens = std::vector<std::string>;

TEST(Bleu, Tokenize13aSplitsPunctuationLikeMteval) {
  EXPECT_EQ(BleuTokenize("Hello, world.", BleuTokenizer::k13a),
            (Tokens{"Hello", ",", "world", "."}));
  // Digits keep their '.' and ',' (3.14, 1,000) and split a following '-'.
  EXPECT_EQ(BleuTokenize("pi is 3.14, 1,000 items; 5-6", BleuTokenizer::k13a),
            (Tokens{"pi", "is", "3.14", ",", "1,000", "items", ";", "5", "-", "6"}));
  // The apostrophe and an inner hyphen are not split; &quot; is unescaped.
  EXPECT_EQ(BleuTokenize("don't re-run &quot;it&quot;", BleuTokenizer::k13a),
            (Tokens{"don't", "re-run", "\"", "it", "\""}));
  EXPECT_EQ(BleuTokenize("a<skipped>b (c)", BleuTokenizer::k13a), (Tokens{"ab", "(", "c", ")"}));
}

TEST(Bleu, CharTokenizerTakesCodePointsAndDropsSpaces) {
  // 私は 良い (U+3000 ideographic space between) -> four tokens.
  EXPECT_EQ(BleuTokenize("私は\u3000良い", BleuTokenizer::kChar), (Tokens{"私", "は", "良", "い"}));
  EXPECT_EQ(BleuTokenize(" a b ", BleuTokenizer::kNone), (Tokens{"a", "b"}));
}

TEST(Bleu, ScoreByHand) {
  // hyp "the cat sat on the mat" (6 tokens), ref "the cat is on the mat" (6):
  // 1-grams: the the cat sat on mat vs ref the x2, cat, is, on, mat: 5/6
  // 2-grams: the-cat cat-sat sat-on on-the the-mat: matches the-cat on-the the-mat: 3/5
  // 3-grams: the-cat-sat cat-sat-on sat-on-the on-the-mat: on-the-mat: 1/4
  // 4-grams: 3 of them, none match: exp smoothing 1 / (2 * 3)
  // BP = 1 (equal lengths). BLEU = 100 * (5/6 * 3/5 * 1/4 * 1/6)^(1/4).
  auto bleu =
      CorpusBleu({"the cat sat on the mat"}, {{"the cat is on the mat"}}, BleuTokenizer::k13a);
  ASSERT_TRUE(bleu.ok());
  EXPECT_NEAR(*bleu, 100.0 * std::pow(5.0 / 6 * 3.0 / 5 * 1.0 / 4 * 1.0 / 6, 0.25), 1e-12);
}

TEST(Bleu, ClippingClosestReferenceAndBrevity) {
  // hyp "a a a" against refs "a b" and "a a b c d": a clipped to 2 (the larger count);
  // 2-grams a-a twice, ref 2 has a-a once: 1/2; 3-gram a-a-a: 0 of 1; no 4-gram: BLEU 0.
  auto zero = CorpusBleu({"a a a"}, {{"a b", "a a b c d"}}, BleuTokenizer::kNone);
  ASSERT_TRUE(zero.ok());
  EXPECT_EQ(*zero, 0.0);
  // Two sentences: hyp1 "a b c d" vs ref "a b c d e" (closest length 5), hyp2 "x y z w" vs
  // refs "x y z w" and "x y z w v u" (closest 4). c = 8, r = 9: BP = exp(1 - 9/8).
  // Matches: 1-grams 8/8, 2-grams 6/6, 3-grams 4/4, 4-grams 2/2.
  BleuStats s;
  s.hyp_len = 8;
  s.ref_len = 9;
  s.correct = {8, 6, 4, 2};
  s.total = {8, 6, 4, 2};
  EXPECT_NEAR(BleuScore(s), 100.0 * std::exp(1.0 - 9.0 / 8.0), 1e-12);
  auto two = CorpusBleu({"a b c d", "x y z w"}, {{"a b c d e"}, {"x y z w", "x y z w v u"}},
                        BleuTokenizer::kNone);
  ASSERT_TRUE(two.ok());
  EXPECT_NEAR(*two, 100.0 * std::exp(1.0 - 9.0 / 8.0), 1e-12);
  // A tie in distance takes the shorter reference: hyp of 4 tokens, refs of 3 and 5.
  BleuVocabulary v;
  BleuReferences refs;
  refs.Add({"p", "q", "r"}, &v);
  refs.Add({"p", "q", "r", "s", "t"}, &v);
  EXPECT_EQ(refs.Score({v.Find("p"), v.Find("q"), v.Find("r"), v.Find("s")}).ref_len, 3);
  EXPECT_FALSE(CorpusBleu({"a"}, {}, BleuTokenizer::kNone).ok());
}

// Random sentences over a small vocabulary with punctuation and digits, scored by a direct
// Python transcription of sacreBLEU 2.x (the 13a regexes through Python's re, n-gram
// Counters, compute_bleu with smoothing "exp").
TEST(Bleu, AgreesWithAPythonTranscriptionOfSacrebleu) {
  const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (testing::RunCommand(std::string(python) + " -c 'import re, collections'").exit_code != 0) {
    GTEST_SKIP() << "python3 absent";
  }
  const std::string dir = testing::TempDir("bleu");
  const std::vector<std::string> words = {"the", "cat", "dog",   "sat",  "3.5",   "1,000", "a-b",
                                          "5-6", "(x)", "end.",  "yes,", "don't", "&amp;", "é",
                                          "x.y", "@",   "\"q\"", "--",   "..",    "Ö,"};
  Rng rng(7);
  const auto sentence = [&]() {
    std::string s;
    const int len = 1 + static_cast<int>(rng.UniformInt(9));
    for (int i = 0; i < len; ++i) {
      s += (i ? (rng.UniformInt(4) == 0 ? "" : " ") : "") + words[rng.UniformInt(words.size())];
    }
    return s;
  };
  std::ostringstream corpus;
  std::vector<std::vector<std::string>> hyps(20), tokens_expected;
  std::vector<std::vector<std::vector<std::string>>> refs(20);
  for (int c = 0; c < 20; ++c) {
    const int sentences = 1 + static_cast<int>(rng.UniformInt(6));
    corpus << "C " << sentences << "\n";
    for (int i = 0; i < sentences; ++i) {
      hyps[c].push_back(sentence());
      const int nrefs = 1 + static_cast<int>(rng.UniformInt(3));
      refs[c].emplace_back();
      corpus << "H " << hyps[c].back() << "\nR " << nrefs << "\n";
      for (int r = 0; r < nrefs; ++r) {
        refs[c].back().push_back(sentence());
        corpus << refs[c].back().back() << "\n";
      }
    }
  }
  testing::WriteFile(dir + "/corpus.txt", corpus.str());
  testing::WriteFile(dir + "/bleu.py", R"PY(
import math, re, sys
from collections import Counter
RULES = [(re.compile(r'([\{-\~\[-\` -\&\(-\+\:-\@\/])'), r' \1 '),
         (re.compile(r'([^0-9])([\.,])'), r'\1 \2 '),
         (re.compile(r'([\.,])([^0-9])'), r' \1 \2'),
         (re.compile(r'([0-9])(-)'), r'\1 \2 ')]
def tok13a(line):
    line = line.replace('<skipped>', '').replace('-\n', '').replace('\n', ' ')
    if '&' in line:
        line = line.replace('&quot;', '"').replace('&amp;', '&').replace('&lt;', '<').replace('&gt;', '>')
    line = ' ' + line + ' '
    for r, s in RULES:
        line = r.sub(s, line)
    return line.split()
def ngrams(toks):
    c = Counter()
    for n in range(1, 5):
        for i in range(len(toks) - n + 1):
            c[tuple(toks[i:i + n])] += 1
    return c
def bleu(pairs):
    correct, total, sys_len, ref_len = [0] * 4, [0] * 4, 0, 0
    for hyp, refs in pairs:
        h = tok13a(hyp); rs = [tok13a(r) for r in refs]
        sys_len += len(h)
        best = None
        for r in rs:
            d = abs(len(h) - len(r))
            if best is None or d < best[0] or (d == best[0] and len(r) < best[1]):
                best = (d, len(r))
        ref_len += best[1]
        maxc = Counter()
        for r in rs:
            for k, v in ngrams(r).items():
                maxc[k] = max(maxc[k], v)
        for k, v in ngrams(h).items():
            correct[len(k) - 1] += min(v, maxc[k])
        for n in range(1, 5):
            total[n - 1] += max(0, len(h) - n + 1)
    precisions = [0.0] * 4
    smooth = 1.0
    for n in range(1, 5):
        if total[n - 1] == 0:
            break
        if correct[n - 1] == 0:
            smooth *= 2
            precisions[n - 1] = 100.0 / (smooth * total[n - 1])
        else:
            precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1]
    bp = 1.0
    if sys_len < ref_len:
        bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    logs = [math.log(p) if p > 0 else -9999999999 for p in precisions]
    return bp * math.exp(sum(logs) / 4)
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
i = 0
while i < len(lines) and lines[i]:
    n = int(lines[i].split()[1]); i += 1
    pairs = []
    for _ in range(n):
        hyp = lines[i][2:]; k = int(lines[i + 1].split()[1]); i += 2
        pairs.append((hyp, lines[i:i + k])); i += k
    print(repr(bleu(pairs)))
)PY");
  const auto run =
      testing::RunCommand(std::string(python) + " " + dir + "/bleu.py " + dir + "/corpus.txt");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream expected(run.out);
  for (int c = 0; c < 20; ++c) {
    double want = -1.0;
    ASSERT_TRUE(expected >> want) << "corpus " << c;
    std::vector<std::string> h;
    std::vector<std::vector<std::string>> r;
    for (size_t i = 0; i < hyps[c].size(); ++i) {
      h.push_back(hyps[c][i]);
      r.push_back(refs[c][i]);
    }
    auto got = CorpusBleu(h, r, BleuTokenizer::k13a);
    ASSERT_TRUE(got.ok());
    EXPECT_NEAR(*got, want, 1e-12) << "corpus " << c;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
