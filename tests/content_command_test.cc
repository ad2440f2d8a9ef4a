// `tourney content FILE`: the summary of a campaign's texts, offline, on the shared examples
// and on a WMT plain-text set; errors name the file and line.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

// "key value" lines -> map (the first value of a key).
std::map<std::string, std::string> SummaryFields(const std::string& text) {
  std::map<std::string, std::string> out;
  std::stringstream in(text);
  std::string key, value;
  while (in >> key) {
    std::getline(in, value);
    out.emplace(key, value.empty() ? "" : value.substr(1));
  }
  return out;
}

std::string Tourney() { return testing::BinPath("tourney") + " content "; }

TEST(ContentCommand, SummarisesAnMtMetricsEvalFolder) {
  TOURNEY_REQUIRE_SHARED("data/wmt23-mtme/wmt23/sources/he-en.txt");
  // The data README: he-en has 1,910 source lines in 94 documents and 14 outputs (12 MT,
  // refA, refB); refA (first by name) is the reference, refB stays a system.
  auto r = testing::RunCommand(Tourney() + testing::SharedPath("data/wmt23-mtme") +
                               " --language-pair he-en");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto f = SummaryFields(r.out);
  EXPECT_EQ(f["format"], "mtme");
  EXPECT_EQ(f["languages"], "he -> en");
  EXPECT_EQ(f["systems"], "13");
  EXPECT_EQ(f["segments"], "1910");
  EXPECT_EQ(f["documents"], "94");
  EXPECT_EQ(f["gaps"], "0");  // ZengHuiMT's 14 empty lines are empty outputs, not gaps
  EXPECT_EQ(f["references"], "1910");
  EXPECT_NE(r.out.find("system refB outputs 1910"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("system refA "), std::string::npos) << r.out;
  auto missing = testing::RunCommand(Tourney() + testing::SharedPath("data/wmt23-mtme"));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("--language-pair"), std::string::npos) << missing.err;
}

TEST(ContentCommand, SummarisesTheTedTable) {
  TOURNEY_REQUIRE_SHARED("data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz");
  auto r = testing::RunCommand(Tourney() +
                               testing::SharedPath("data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto f = SummaryFields(r.out);
  EXPECT_EQ(f["format"], "table");
  EXPECT_EQ(f["systems"], "14");
  EXPECT_EQ(f["segments"], "529");
  EXPECT_EQ(f["documents"], "5");
  EXPECT_EQ(f["gaps"], "0");
  EXPECT_EQ(f["references"], "529");
  // Issue 47: system `ref` is the reference itself (the data's README), and says so.
  EXPECT_NE(r.err.find("system 'ref' equals the reference shown beside it in 529 of 529 "
                       "segments"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("HuaweiTSC"), std::string::npos) << r.err;
}

// Issue 47: Pearmut's multimodal sources (an iframe, a video, an audio element; the data's
// README) cannot be shown as text, and `tourney content` says so.
TEST(ContentCommand, WarnsAboutMarkupSources) {
  const std::string multimodal = "data/peer-formats/pearmut/examples/multimodal.json";
  TOURNEY_REQUIRE_SHARED(multimodal);
  auto r = testing::RunCommand(Tourney() + testing::SharedPath(multimodal));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Its four items: an iframe, an audio element, a plain sentence and an img.
  EXPECT_NE(r.err.find("3 of 4 sources are HTML markup"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the first in segment 'mock_audiovideo#1'"), std::string::npos) << r.err;
  // Plain-text sources: no warning.
  const std::string esa = "data/peer-formats/pearmut/examples/esa.json";
  auto plain = testing::RunCommand(Tourney() + testing::SharedPath(esa));
  EXPECT_EQ(plain.err.find("warning"), std::string::npos) << plain.err;
}

TEST(ContentCommand, CountsAppraiseBadItemsSkipped) {
  const std::string esa = "data/peer-formats/appraise/Examples/MQM+ESA/batches_esa.json";
  TOURNEY_REQUIRE_SHARED(esa);
  auto r = testing::RunCommand(Tourney() + "'" + testing::SharedPath(esa) + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto f = SummaryFields(r.out);
  EXPECT_EQ(f["format"], "appraise");
  EXPECT_EQ(f["items_read"], "200");
  EXPECT_EQ(f["bad_items_skipped"], "24");
  EXPECT_EQ(f["tutorial_items_skipped"], "12");
  EXPECT_EQ(f["languages"], "eng -> deu");
}

TEST(ContentCommand, PearmutWithExplicitFormat) {
  const std::string esa = "data/peer-formats/pearmut/examples/esa.json";
  TOURNEY_REQUIRE_SHARED(esa);
  auto r = testing::RunCommand(Tourney() + testing::SharedPath(esa) + " --content-format pearmut");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto f = SummaryFields(r.out);
  EXPECT_EQ(f["format"], "pearmut");
  EXPECT_EQ(f["documents"], "83");
  auto wrong =
      testing::RunCommand(Tourney() + testing::SharedPath(esa) + " --content-format appraise");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("esa.json: expected an Appraise batches list"), std::string::npos)
      << wrong.err;
}

TEST(ContentCommand, WmtPlainText) {
  const std::string dir = testing::TempDir("content_command");
  testing::WriteFile(dir + "/src", "a\nb\nc\n");
  testing::WriteFile(dir + "/ref", "A\nB\nC\n");
  testing::WriteFile(dir + "/docs", "d1\nd1\nd2\n");
  testing::WriteFile(dir + "/s1", "1\n2\n3\n");
  testing::WriteFile(dir + "/s2", "i\nii\n");
  const std::string base = Tourney() + dir + "/src --reference " + dir + "/ref --doc-ids " + dir +
                           "/docs --output S1=" + dir + "/s1";
  auto r = testing::RunCommand(base);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto f = SummaryFields(r.out);
  EXPECT_EQ(f["format"], "wmt-text");
  EXPECT_EQ(f["systems"], "1");
  EXPECT_EQ(f["segments"], "3");
  EXPECT_EQ(f["documents"], "2");
  auto bad = testing::RunCommand(base + " --output S2=" + dir + "/s2");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(dir + "/s2:3: missing: the file has 2 lines"), std::string::npos)
      << bad.err;
  auto syntax = testing::RunCommand(base + " --output S2");
  EXPECT_EQ(syntax.exit_code, 2);
  EXPECT_NE(syntax.err.find("--output: 'S2' is not NAME=FILE"), std::string::npos) << syntax.err;
  std::filesystem::remove_all(dir);
}

TEST(ContentCommand, TableErrorNamesLineAndColumn) {
  const std::string dir = testing::TempDir("content_command_error");
  testing::WriteFile(dir + "/x.tsv",
                     "system\tdoc\tseg\tsource\ttarget\nA\td\t1\ts\tt\nB\td\t1\tS\tt\n");
  auto r = testing::RunCommand(Tourney() + dir + "/x.tsv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("x.tsv:3: column 'source': segment '1': the source text differs"),
            std::string::npos)
      << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
