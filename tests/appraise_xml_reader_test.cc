#include "ingest/appraise_xml_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include "test_util.h"
#include "tourney/core/pair_counts.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney {
namespace {

// Two HITs of two language pairs. Line numbers matter for the error tests below.
const char kXml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                           // 1
    "<wmt16-results>\n"                                                      // 2
    "<HIT hit-id=\"h1\" source-language=\"deu\" target-language=\"eng\">\n"  // 3
    "<ranking-task id=\"7\">\n"                                              // 4
    "  <ranking-result duration=\"00:01:00\" user=\"ann\">\n"                // 5
    "    <translation system=\"A\" rank=\"2\" />\n"                          // 6
    "    <translation system=\"B,C\" rank=\"1\" />\n"                        // 7
    "    <translation system=\"D\" rank=\"3\" />\n"                          // 8
    "  </ranking-result>\n"                                                  // 9
    "  <ranking-result duration=\"00:00:10\" user=\"bob\">\n"                // 10
    "  </ranking-result>\n"                                                  // 11
    "</ranking-task>\n"                                                      // 12
    "</HIT>\n"                                                               // 13
    "<HIT hit-id=\"h2\" source-language=\"cze\" target-language=\"eng\">\n"  // 14
    "<ranking-task id=\"9\">\n"                                              // 15
    "  <ranking-result duration=\"00:01:00\" user=\"cid\">\n"                // 16
    "    <translation system=\"X\" rank=\"1\" />\n"                          // 17
    "    <translation system=\"Y\" rank=\"1\" />\n"                          // 18
    "  </ranking-result>\n"                                                  // 19
    "</ranking-task>\n"                                                      // 20
    "</HIT>\n"                                                               // 21
    "</wmt16-results>\n";

Status Parse(const std::string& text, Judgments* j, ReadOptions o = ReadOptions(),
             ReadReport* report = nullptr) {
  return ParseAppraiseXml(text, "w.xml", o, j, report);
}

TEST(AppraiseXmlReader, ReadsRankingsWithSharedOutputs) {
  ReadOptions o;
  o.all_language_pairs = true;
  Judgments j;
  ReadReport report;
  ASSERT_TRUE(Parse(kXml, &j, o, &report).ok());
  ASSERT_EQ(j.num_rankings(), 2u);  // bob's empty result is dropped
  EXPECT_EQ(j.dropped_blank, 0);    // it has no blank rank
  EXPECT_EQ(j.dropped_single, 1);
  EXPECT_EQ(report.language_pairs, (std::vector<std::string>{"de-en", "cs-en"}));
  const RankingView v = j.ranking(0);
  EXPECT_EQ(v.segment, 7);
  EXPECT_EQ(j.judges()[static_cast<size_t>(v.judge)], "ann");
  EXPECT_EQ(j.language_pairs()[static_cast<size_t>(v.language_pair)], "de-en");
  ASSERT_EQ(v.systems.size(), 4u);  // A, B, C, D
  // B and C share one output: not compared with each other. A<B, A<C, A>D, B>D, C>D: 5.
  EXPECT_EQ(j.comparison_begin(1) - j.comparison_begin(0), 5u);
  const PairCounts c = PairCounts::FromComparisons(j.num_systems(), j.comparisons());
  const SystemId a = *j.systems().Find("A"), b = *j.systems().Find("B"), d = *j.systems().Find("D");
  EXPECT_EQ(c.wins(b, a), 1);
  EXPECT_EQ(c.wins(a, d), 1);
  EXPECT_EQ(c.ties(b, *j.systems().Find("C")), 0);
  // cs-en: X and Y tie.
  EXPECT_EQ(c.ties(*j.systems().Find("X"), *j.systems().Find("Y")), 1);
}

TEST(AppraiseXmlReader, ExpandIdenticalComparesSharedOutputsAsTies) {
  ReadOptions o;
  o.all_language_pairs = true;
  o.expand_identical = true;
  Judgments j;
  ASSERT_TRUE(Parse(kXml, &j, o).ok());
  EXPECT_EQ(j.comparison_begin(1) - j.comparison_begin(0), 6u);  // all 4*3/2 pairs
  const PairCounts c = PairCounts::FromComparisons(j.num_systems(), j.comparisons());
  EXPECT_EQ(c.ties(*j.systems().Find("B"), *j.systems().Find("C")), 1);
}

TEST(AppraiseXmlReader, SelectsOneLanguagePair) {
  ReadOptions o;
  o.language_pair = "cs-en";
  Judgments j;
  ReadReport report;
  ASSERT_TRUE(Parse(kXml, &j, o, &report).ok());
  ASSERT_EQ(j.num_rankings(), 1u);
  EXPECT_EQ(j.num_systems(), 2);  // the de-en systems were never interned
  EXPECT_EQ(report.other_pair_rankings, 2);
  EXPECT_EQ(j.dropped_blank, 0);
}

TEST(AppraiseXmlReader, MalformedXmlIsALocatedError) {
  std::string text = kXml;
  text.replace(text.find("</ranking-task>\n</HIT>\n<HIT"), 15, "</ranking-tusk>");
  Judgments j;
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("w.xml:12: malformed XML: mismatched tag"), std::string::npos)
      << s.message();
}

TEST(AppraiseXmlReader, TruncatedXmlIsAnError) {
  const std::string text(kXml);
  Judgments j;
  const Status s = Parse(text.substr(0, text.find("<HIT hit-id=\"h2\"")), &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("malformed XML"), std::string::npos) << s.message();
}

TEST(AppraiseXmlReader, BadRankNamesLineAndAttribute) {
  std::string text = kXml;
  text.replace(text.find("rank=\"3\""), 8, "rank=\"x\"");
  Judgments j;
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "w.xml:8: element 'translation': rank 'x' is not an integer");
}

TEST(AppraiseXmlReader, DuplicateSystemIsAnError) {
  std::string text = kXml;
  text.replace(text.find("system=\"D\""), 10, "system=\"A\"");
  Judgments j;
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("w.xml:8:"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("appears twice"), std::string::npos) << s.message();
}

TEST(AppraiseXmlReader, SkipInvalidDropsOnlyTheBadRanking) {
  std::string text = kXml;
  text.replace(text.find("rank=\"3\""), 8, "rank=\"x\"");
  ReadOptions o;
  o.skip_invalid = true;
  o.all_language_pairs = true;
  Judgments j;
  ReadReport report;
  ASSERT_TRUE(Parse(text, &j, o, &report).ok());
  EXPECT_EQ(j.num_rankings(), 1u);  // cs-en's
  EXPECT_EQ(j.skipped_invalid, 1);
  ASSERT_EQ(report.warnings.size(), 1u);
}

TEST(AppraiseXmlReader, SelectingAPairInAFileWithoutPairsIsAnError) {
  const std::string text =
      "<r><HIT><ranking-task id=\"1\"><ranking-result user=\"u\">"
      "<translation system=\"A\" rank=\"1\"/><translation system=\"B\" rank=\"2\"/>"
      "</ranking-result></ranking-task></HIT></r>";
  ReadOptions o;
  o.language_pair = "de-en";
  Judgments j;
  EXPECT_FALSE(Parse(text, &j, o).ok());
  Judgments k;
  ASSERT_TRUE(Parse(text, &k).ok());
  EXPECT_EQ(k.num_rankings(), 1u);
}

TEST(AppraiseXmlReader, RandomCuttingAndByteFlipsNeverCrash) {
  // Property: any prefix or corruption of a valid export gives OK or a clean error, and an
  // OK parse never holds more rankings than the original.
  std::mt19937_64 rng(11);
  const std::string base(kXml);
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = base.substr(0, rng() % (base.size() + 1));
    const int flips = static_cast<int>(rng() % 3);
    for (int f = 0; f < flips && !text.empty(); ++f) {
      text[rng() % text.size()] = "<>/=\" a1,-"[rng() % 10];
    }
    ReadOptions o;
    o.all_language_pairs = true;
    o.skip_invalid = (trial % 2) == 0;
    Judgments j;
    const Status s = Parse(text, &j, o);
    if (s.ok()) {
      EXPECT_LE(j.num_rankings(), 2u);
    } else {
      EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.message();
      EXPECT_EQ(s.message().rfind("w.xml", 0), 0u) << s.message();
    }
  }
}

TEST(AppraiseXmlReader, ReadJudgmentsFileRecognisesXml) {
  const std::string dir = testing::TempDir("xml");
  testing::WriteFile(dir + "/w.xml", kXml);
  ReadOptions o;
  o.language_pair = "de-en";
  Judgments j;
  ASSERT_TRUE(ReadJudgmentsFile(dir + "/w.xml", o, &j, nullptr).ok());
  EXPECT_EQ(j.num_rankings(), 1u);
  std::filesystem::remove_all(dir);
}

// The organisers' CSV conversion of WMT16 de-en holds exactly the comparisons of the XML's
// de-en rankings with shared outputs expanded into ties.
TEST(AppraiseXmlReader, Wmt16XmlMatchesTheOrganisersCsv) {
  TOURNEY_REQUIRE_SHARED("data/wmt16/wmt16.xml.gz");
  TOURNEY_REQUIRE_SHARED("data/wmt16/csv/wmt16.deu-eng.csv");
  ReadOptions o;
  o.language_pair = "de-en";
  o.expand_identical = true;
  Judgments xml, csv;
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/wmt16.xml.gz"), o, &xml, nullptr).ok());
  ASSERT_TRUE(
      ReadJudgmentsFile(testing::SharedPath("data/wmt16/csv/wmt16.deu-eng.csv"), o, &csv, nullptr)
          .ok());
  // Counted straight from the CSV: 20,937 rows in 1,341 rankings.
  EXPECT_EQ(csv.comparisons().size(), 20937u);
  EXPECT_EQ(csv.num_rankings(), 1341u);
  EXPECT_EQ(xml.num_rankings(), 1341u);
  EXPECT_EQ(xml.dropped_blank, 0);
  EXPECT_EQ(xml.dropped_single, 21);  // ranking-results with no translation
  using Key = std::tuple<std::string, std::string, int>;
  auto multiset = [](const Judgments& j) {
    std::map<Key, int> m;
    const Comparisons& c = j.comparisons();
    for (size_t i = 0; i < c.size(); ++i) {
      std::string a = j.systems().Name(c.first[i]), b = j.systems().Name(c.second[i]);
      int o = static_cast<int>(c.outcome[i]);
      if (a > b) {
        std::swap(a, b);
        if (o < 2) o = 1 - o;
      }
      ++m[Key(a, b, o)];
    }
    return m;
  };
  EXPECT_EQ(multiset(xml), multiset(csv));
}

// A system name that is not UTF-8 is refused at its line (expat refuses the bytes; the
// message says why).
TEST(AppraiseXmlReader, NamesThatAreNotUtf8AreALocatedError) {
  std::string text = kXml;
  text.replace(text.find("system=\"D\""), 10, "system=\"D\xFF\"");
  Judgments j;
  const Status s = Parse(text, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("w.xml:8: malformed XML: ", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("the text is not valid UTF-8"), std::string::npos) << s.message();
}

// The name rule (core/system_registry.h): a tab written as a character reference, and a
// 300-byte name, are located errors.
TEST(AppraiseXmlReader, NamesFollowTheOneRule) {
  std::string tab = kXml;
  tab.replace(tab.find("system=\"D\""), 10, "system=\"D&#9;E\"");
  Judgments j;
  Status s = Parse(tab, &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("w.xml:8: element 'translation': system ", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("holds a control character (byte 0x09 at offset 1)"),
            std::string::npos)
      << s.message();
  std::string longer = kXml;
  longer.replace(longer.find("system=\"D\""), 10, "system=\"" + std::string(300, 'D') + "\"");
  Judgments k;
  s = Parse(longer, &k);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("w.xml:8: "), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("is 300 bytes long (at most 256)"), std::string::npos)
      << s.message();
}

// An export without a single ranking-result holds no judgments, as an empty file.
TEST(AppraiseXmlReader, NoRankingResultIsAnErrorAsAnEmptyFile) {
  Judgments j;
  const Status s = Parse("<?xml version=\"1.0\"?>\n<wmt16-results>\n</wmt16-results>\n", &j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "w.xml: no judgments: no element 'ranking-result'");
  Judgments k;
  EXPECT_EQ(Parse("", &k).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace tourney
