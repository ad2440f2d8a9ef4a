// Tests of `tourney agreement` and the WMT input options through the built binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

// Two annotators label A, B, C of segment 1 (de-en); ann twice. Worked by hand in
// agreement_test.cc: inter 3/9 agreeing pairs, P(tie) 2/9, kappa -3/105 = -0.029;
// intra 2/3, pE 0.375, kappa 0.467. One cs-en ranking besides.
const char kXml[] =
    "<?xml version=\"1.0\"?>\n<r>\n"
    "<HIT source-language=\"deu\" target-language=\"eng\"><ranking-task id=\"1\">\n"
    "<ranking-result user=\"ann\"><translation system=\"A\" rank=\"1\"/>"
    "<translation system=\"B\" rank=\"2\"/><translation system=\"C\" rank=\"2\"/>"
    "</ranking-result>\n"
    "<ranking-result user=\"bob\"><translation system=\"A\" rank=\"2\"/>"
    "<translation system=\"B\" rank=\"1\"/><translation system=\"C\" rank=\"2\"/>"
    "</ranking-result>\n"
    "<ranking-result user=\"ann\"><translation system=\"A\" rank=\"1\"/>"
    "<translation system=\"B\" rank=\"2\"/><translation system=\"C\" rank=\"3\"/>"
    "</ranking-result>\n"
    "</ranking-task></HIT>\n"
    "<HIT source-language=\"cze\" target-language=\"eng\"><ranking-task id=\"2\">\n"
    "<ranking-result user=\"cid\"><translation system=\"X\" rank=\"1\"/>"
    "<translation system=\"Y\" rank=\"2\"/></ranking-result>\n"
    "</ranking-task></HIT>\n</r>\n";

class AgreementCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempDir("agreement_cmd");
    xml_ = dir_ + "/w.xml";
    WriteFile(xml_, kXml);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_, xml_;
};

TEST_F(AgreementCommand, CsvHasTheHandComputedValues) {
  const auto r =
      RunCommand(BinPath("tourney") + " agreement " + xml_ + " --language-pair de-en --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string second_line = r.out.substr(r.out.find('\n') + 1);
  EXPECT_EQ(second_line.substr(0, second_line.find(",0.3")), "de-en,3,3,9,2,9") << r.out;
  EXPECT_NE(r.out.find(",2,3,1,6,"), std::string::npos) << r.out;  // intra counts
}

TEST_F(AgreementCommand, TableListsEveryPairAndJsonEveryAnnotator) {
  const auto table = RunCommand(BinPath("tourney") + " agreement " + xml_ + " --min-pairs 1");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("de-en"), std::string::npos);
  EXPECT_NE(table.out.find("cs-en"), std::string::npos);
  EXPECT_NE(table.out.find("-0.029"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("0.467"), std::string::npos) << table.out;
  const auto json = RunCommand(BinPath("tourney") + " agreement " + xml_ + " --format json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  for (const char* name : {"\"ann\"", "\"bob\"", "\"cid\""}) {
    EXPECT_NE(json.out.find(name), std::string::npos) << name;
  }
  EXPECT_NE(json.out.find("\"kappa\": null"), std::string::npos);  // cs-en: nothing to compare
}

TEST_F(AgreementCommand, ReadsGzipAndStdin) {
  ASSERT_EQ(std::system(("gzip -c " + xml_ + " > " + xml_ + ".gz").c_str()), 0);
  const std::string base = BinPath("tourney") + " agreement --format csv --language-pair deu-eng";
  const auto plain = RunCommand(base + " " + xml_);
  const auto gz = RunCommand(base + " " + xml_ + ".gz");
  const auto in = RunCommand(base + " - < " + xml_ + ".gz");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(gz.out, plain.out) << gz.err;
  EXPECT_EQ(in.out, plain.out) << in.err;
}

TEST_F(AgreementCommand, EveryCsvFormatReadsFromGzipAndStdin) {
  const std::string wmt = dir_ + "/wmt.csv", pairwise = dir_ + "/pairs.csv";
  WriteFile(wmt,
            "srclang,trglang,srcIndex,segmentId,judgeId,system1Id,system2Id,system3Id,"
            "system1rank,system2rank,system3rank\n"
            "deu,eng,1,1,ann,A,B,C,1,2,3\ndeu,eng,2,2,bob,C,A,B,1,2,2\n");
  WriteFile(pairwise, "system_a,system_b,outcome\nA,B,a\nB,C,tie\nC,A,b\n");
  for (const std::string& file : {wmt, pairwise}) {
    ASSERT_EQ(std::system(("gzip -c " + file + " > " + file + ".gz").c_str()), 0);
    const std::string rank = BinPath("tourney") + " rank --format csv";
    const auto plain = RunCommand(rank + " " + file);
    const auto gz = RunCommand(rank + " " + file + ".gz");
    const auto in = RunCommand(rank + " - < " + file);
    const auto gz_in = RunCommand(rank + " - < " + file + ".gz");
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    EXPECT_NE(plain.out.find("A"), std::string::npos);
    EXPECT_EQ(gz.out, plain.out) << gz.err;
    EXPECT_EQ(in.out, plain.out) << in.err;
    EXPECT_EQ(gz_in.out, plain.out) << gz_in.err;
  }
  // A broken gzip file exits 2 with its name.
  WriteFile(dir_ + "/broken.csv.gz", std::string("\x1f\x8b\x08\x00garbage", 12));
  const auto broken = RunCommand(BinPath("tourney") + " rank " + dir_ + "/broken.csv.gz");
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("broken.csv.gz"), std::string::npos) << broken.err;
}

TEST_F(AgreementCommand, MixedPairsAreSplitNotMergedByRank) {
  const auto r = RunCommand(BinPath("tourney") + " rank " + xml_);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("the input holds 2 language pairs (de-en, cs-en)"), std::string::npos)
      << r.err;
  // Every command that reads judgments names the flag that selects a pair (report too).
  for (const std::string& command : {std::string("rank"), "report --out " + dir_ + "/r.html"}) {
    const auto named = RunCommand(BinPath("tourney") + " " + command + " " + xml_);
    EXPECT_EQ(named.exit_code, 2) << command;
    EXPECT_NE(named.err.find("(name one with --language-pair P)"), std::string::npos)
        << command << ": " << named.err;
  }
  const auto one = RunCommand(BinPath("tourney") + " rank " + xml_ + " --language-pair cs-en");
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("X"), std::string::npos);
  EXPECT_EQ(one.out.find(" A "), std::string::npos);
}

TEST_F(AgreementCommand, MalformedXmlExitsTwoWithTheLine) {
  WriteFile(dir_ + "/bad.xml", "<r>\n<HIT>\n</r>\n");
  const auto r = RunCommand(BinPath("tourney") + " agreement " + dir_ + "/bad.xml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("bad.xml:3: malformed XML: mismatched tag"), std::string::npos) << r.err;
}

// A battle log holds no items to agree on: said so, where a JSONL log used to fail with
// "unterminated quote in header" and a left,right,winner CSV with "unrecognised header".
TEST_F(AgreementCommand, BattleLogsAreRefusedWithTheReason) {
  WriteFile(dir_ + "/b.jsonl", "{\"model_a\":\"x\",\"model_b\":\"y\",\"winner\":\"tie\"}\n");
  WriteFile(dir_ + "/b.csv", "id,left,right,winner,worker\n1,x,y,left,w1\n");
  for (const std::string& file : {dir_ + "/b.jsonl", dir_ + "/b.csv"}) {
    const auto r = RunCommand(BinPath("tourney") + " agreement " + file);
    EXPECT_EQ(r.exit_code, 2) << file;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("tourney agreement: " + file + " is a battle log: agreement compares", 0),
              0u)
        << r.err;
  }
}

TEST_F(AgreementCommand, AnnotatorFiltersApplyToEveryCommand) {
  const auto r = RunCommand(BinPath("tourney") + " rank " + xml_ +
                            " --language-pair de-en --exclude-annotators bob --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Without bob: ann's two rankings give A 4 wins of 4 decisive comparisons.
  EXPECT_NE(r.err.find("left out 1 annotators (1 rankings)"), std::string::npos) << r.err;
  const auto unknown = RunCommand(BinPath("tourney") + " rank " + xml_ +
                                  " --language-pair de-en --exclude-annotators zed");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("annotator 'zed' does not occur"), std::string::npos);
  const auto min = RunCommand(BinPath("tourney") + " rank " + xml_ +
                              " --language-pair de-en --min-annotator-rankings 2");
  EXPECT_EQ(min.exit_code, 0) << min.err;
  EXPECT_NE(min.out.find("from 2 rankings"), std::string::npos) << min.out;
}

TEST_F(AgreementCommand, ClusterProtocolWmt16PerLanguagePair) {
  const std::string out_dir = dir_ + "/out";
  std::filesystem::create_directory(out_dir);  // --output-dir is never created (exit 2)
  const auto r = RunCommand(BinPath("tourney") + " cluster " + xml_ +
                            " --protocol wmt16 --bootstrap 50 --language-pair all --format wmt"
                            " --output-dir " +
                            out_dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string cs = ::tourney::testing::ReadFile(out_dir + "/cs-en.txt");
  const std::string de = ::tourney::testing::ReadFile(out_dir + "/de-en.txt");
  // After the '#' line naming the board, the first system line.
  EXPECT_EQ(cs.rfind("# tourney cluster: TrueSkill, 50 bootstrap replicates, seed ", 0), 0u) << cs;
  EXPECT_EQ(cs.substr(cs.find('\n') + 1, 2), "X ") << cs;
  // Each line: NAME MU (LO.0, HI.0)
  EXPECT_NE(de.find(".0, "), std::string::npos) << de;
  const auto bad = RunCommand(BinPath("tourney") + " cluster " + xml_ +
                              " --protocol wmt16 --model expected-wins --language-pair de-en");
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace tourney
