// The content in the create requests (cli/campaign_content.cc): pairwise segment ids,
// systems and gaps, scoring rows; and `tourney campaign create --content` end to end against
// a tourneyd child process.
#include "campaign_content.h"
#include "content_input.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

CampaignTexts Texts(std::vector<std::string> keys) {
  CampaignTexts t;
  t.systems = {"A", "B"};
  t.format = "table";
  for (const std::string& key : keys) {
    SegmentTexts s;
    s.key = key;
    s.document = "d";
    s.source = "src " + key;
    s.outputs = {std::string("a ") + key, std::string("b ") + key};
    t.segments.push_back(s);
  }
  return t;
}

TEST(CampaignContent, NumericKeysBecomeSegmentIdsElseContentOrder) {
  EXPECT_EQ(cli::PairwiseSegmentIds(Texts({"7", "3", "12"})), (std::vector<int64_t>{7, 3, 12}));
  EXPECT_EQ(cli::PairwiseSegmentIds(Texts({"7", "x", "12"})), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(cli::PairwiseSegmentIds(Texts({"7", "-3"})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(cli::PairwiseSegmentIds(Texts({"7", "07"})), (std::vector<int64_t>{0, 1}));
}

TEST(CampaignContent, PairwiseTakesSystemsSegmentsAndTexts) {
  v1::CampaignConfig config;
  ASSERT_TRUE(cli::ApplyPairwiseContent(Texts({"d#1", "d#2"}), &config).ok());
  EXPECT_EQ(config.systems_size(), 2);
  ASSERT_EQ(config.segments_size(), 2);
  EXPECT_EQ(config.segments(1).id(), 1);
  EXPECT_EQ(config.segments(1).document(), "d");
  const v1::CampaignContent& c = config.content();
  ASSERT_EQ(c.segments_size(), 2);
  EXPECT_EQ(c.segments(1).segment(), "1");  // the decimal Segment.id
  EXPECT_EQ(c.segments(1).source(), "src d#2");
  ASSERT_EQ(c.segments(1).outputs_size(), 2);
  EXPECT_EQ(c.segments(1).outputs(1).system(), "B");
  EXPECT_EQ(c.segments(1).outputs(1).text(), "b d#2");
  EXPECT_EQ(c.format(), "table");
}

TEST(CampaignContent, PairwiseGapIsAnErrorUnlessTheSystemIsLeftOut) {
  CampaignTexts t = Texts({"1", "2"});
  t.segments[1].outputs[1].reset();
  v1::CampaignConfig config;
  const Status s = cli::ApplyPairwiseContent(t, &config);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("system 'B' has no output for segment '2'"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("scoring"), std::string::npos);
  v1::CampaignConfig only_a;
  only_a.add_systems("A");
  ASSERT_TRUE(cli::ApplyPairwiseContent(t, &only_a).ok());
  EXPECT_EQ(only_a.content().segments(0).outputs_size(), 1);
  v1::CampaignConfig unknown;
  unknown.add_systems("Z");
  EXPECT_FALSE(cli::ApplyPairwiseContent(t, &unknown).ok());
}

TEST(CampaignContent, ScoringRowsAreTheOutputsPresent) {
  CampaignTexts t = Texts({"x", "y"});
  t.segments[0].outputs[0].reset();
  v1::ScoringCampaignConfig config;
  cli::ApplyScoringContent(t, true, &config);
  ASSERT_EQ(config.rows_size(), 3);  // A on y; B on x and y; never a fabricated row
  EXPECT_EQ(config.rows(0).system(), "A");
  EXPECT_EQ(config.rows(0).segment(), "y");
  EXPECT_EQ(config.rows(0).document(), "d");
  EXPECT_EQ(config.content().segments(0).segment(), "x");
  EXPECT_EQ(config.content().segments(0).outputs_size(), 1);
}

TEST(CampaignContent, DegradedControlJoinsAsTheControlSystem) {
  v1::CampaignConfig config;
  config.set_seed(5);
  ASSERT_TRUE(cli::ApplyPairwiseContent(Texts({"1", "2", "3", "4"}), &config).ok());
  ASSERT_TRUE(cli::AddDegradedControl("BAD", config.seed(), &config).ok());
  ASSERT_EQ(config.systems_size(), 3);
  EXPECT_EQ(config.systems(2), "BAD");
  EXPECT_EQ(config.quality_control().control_system(), "BAD");
  for (const v1::SegmentContent& seg : config.content().segments()) {
    ASSERT_EQ(seg.outputs_size(), 3);
    EXPECT_EQ(seg.outputs(2).system(), "BAD");
    const std::string& bad = seg.outputs(2).text();
    // Two words ("a 1"): one replaced by a word of another segment's output, so the result
    // is none of this segment's outputs, and still two words.
    EXPECT_NE(bad, seg.outputs(0).text());
    EXPECT_NE(bad, seg.outputs(1).text());
    EXPECT_EQ(std::count(bad.begin(), bad.end(), ' '), 1) << bad;
  }
  // The name must be new, and one segment is not enough.
  EXPECT_FALSE(cli::AddDegradedControl("A", 5, &config).ok());
  v1::CampaignConfig one;
  ASSERT_TRUE(cli::ApplyPairwiseContent(Texts({"1"}), &one).ok());
  EXPECT_FALSE(cli::AddDegradedControl("BAD", 5, &one).ok());
}

TEST(CampaignContent, ReferenceCopiesAreLeftOutOrRenamed) {
  // A copies the reference on both segments, B on none.
  CampaignTexts t = Texts({"1", "2"});
  for (SegmentTexts& s : t.segments) s.references = {*s.outputs[0]};
  const std::vector<ReferenceCopy> copies = FindReferenceCopies(t);
  ASSERT_EQ(copies.size(), 1u);
  CampaignTexts left = t;
  ASSERT_TRUE(cli::SettleReferenceCopies(copies, false, &left, nullptr).ok());
  EXPECT_EQ(left.systems, (std::vector<std::string>{"B"}));
  EXPECT_EQ(*left.segments[1].outputs[0], "b 2");
  CampaignTexts kept = t;
  std::vector<std::string> chosen = {"B", "A"};
  ASSERT_TRUE(cli::SettleReferenceCopies(copies, true, &kept, &chosen).ok());
  EXPECT_EQ(kept.systems, (std::vector<std::string>{"A (human reference)", "B"}));
  EXPECT_EQ(chosen, (std::vector<std::string>{"B", "A (human reference)"}));
  CampaignTexts refused = t;
  chosen = {"A", "B"};
  const Status s = cli::SettleReferenceCopies(copies, false, &refused, &chosen);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("--rank-reference"), std::string::npos) << s.message();
}

TEST(CampaignContent, ContentFlagsWithoutContentAreAnError) {
  const auto r = testing::RunCommand(std::string(TOURNEY_BIN_DIR) +
                                     "/tourney campaign create --name x --systems A,B "
                                     "--segments 2 --output A=a.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--output goes with --content"), std::string::npos) << r.err;
}

// tourneyd on loopback with a port file, the create command, then `campaign show`.
TEST(CampaignContent, CreateWithContentEndToEnd) {
  const std::string dir = testing::TempDir("campaign_content");
  testing::WriteFile(dir + "/admin.token", "a-test-admin-token-0123456789\n");
  testing::WriteFile(dir + "/texts.tsv",
                     "system\tdoc\tseg\tsource\ttarget\treference\n"
                     "A\td1\t4\tHello \"you\"\tHallo\tHallo!\n"
                     "B\td1\t4\tHello \"you\"\tServus\tHallo!\n"
                     "C\td1\t4\tHello \"you\"\tGruss\tHallo!\n"
                     "A\td2\t9\tBye\tTschuess\tCiao\n"
                     "B\td2\t9\tBye\tAde\tCiao\n"
                     "C\td2\t9\tBye\tBis dann\tCiao\n");
  const std::string bin = std::string(TOURNEY_BIN_DIR) + "/";
  const std::string script =
      "cd " + dir + "\n" + bin +
      "tourneyd --data-dir data --admin-token-file admin.token --listen 127.0.0.1:0 "
      "--port-file port --exit-with-parent 2>tourneyd.log &\n"
      "for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done\n"
      "export TOURNEY_TOKEN=$(cat admin.token)\n"
      "server=127.0.0.1:$(cat port)\n" +
      bin +
      "tourney campaign create --server $server --name ted --k 2 --content texts.tsv "
      "--open-enrolment --http-url http://annotate.example:8080/ || { kill %1; exit 9; }\n" +
      bin +
      "tourney campaign show --server $server --campaign 1 --format json > show.json\n"
      "status=$?\nkill %1\nexit $status\n";
  testing::WriteFile(dir + "/s.sh", script);
  const auto r = testing::RunCommand("bash " + dir + "/s.sh");
  ASSERT_EQ(r.exit_code, 0) << r.err << testing::ReadFile(dir + "/tourneyd.log");
  std::map<std::string, std::string> out;
  std::stringstream in(r.out);
  std::string key, value;
  while (in >> key && std::getline(in, value)) out[key] = value.substr(1);
  EXPECT_EQ(out["campaign_id"], "1");
  EXPECT_EQ(out["annotator_token"].size(), 64u) << r.out;
  EXPECT_EQ(out["annotator_url"], "http://annotate.example:8080/annotate/1");
  EXPECT_NE(r.err.find("3 systems, 2 segments"), std::string::npos) << r.err;
  const std::string show = testing::ReadFile(dir + "/show.json");
  for (const char* system : {"\"A\"", "\"B\"", "\"C\""}) {
    EXPECT_NE(show.find(system), std::string::npos) << show;
  }
  std::filesystem::remove_all(dir);
}

// The pinned interface (issue 47): `campaign create --content` warns on standard error
// naming a system whose outputs equal the reference, and leaves it out of the campaign's
// systems unless --rank-reference, which keeps it as "R (human reference)".
TEST(CampaignContent, CreateLeavesOutTheReferenceCopyUnlessAsked) {
  const std::string dir = testing::TempDir("campaign_content_ref");
  testing::WriteFile(dir + "/admin.token", "a-test-admin-token-0123456789\n");
  // R's target is the reference in both segments; A and B differ from it.
  testing::WriteFile(dir + "/texts.tsv",
                     "system\tdoc\tseg\tsource\ttarget\treference\n"
                     "A\td1\t4\tHello\tHallo\tHallo!\n"
                     "B\td1\t4\tHello\tServus\tHallo!\n"
                     "R\td1\t4\tHello\tHallo!\tHallo!\n"
                     "A\td2\t9\tBye\tTschuess\tCiao\n"
                     "B\td2\t9\tBye\tAde\tCiao\n"
                     "R\td2\t9\tBye\tCiao\tCiao\n");
  const std::string bin = std::string(TOURNEY_BIN_DIR) + "/";
  const std::string script =
      "cd " + dir + "\n" + bin +
      "tourneyd --data-dir data --admin-token-file admin.token --listen 127.0.0.1:0 "
      "--port-file port --exit-with-parent 2>tourneyd.log &\n"
      "for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done\n"
      "export TOURNEY_TOKEN=$(cat admin.token)\n"
      "server=127.0.0.1:$(cat port)\n" +
      bin + "tourney campaign create --server $server --name plain --k 2 --content texts.tsv "
      "2>plain.err >/dev/null || { kill %1; exit 9; }\n" +
      bin + "tourney campaign create --server $server --name kept --k 2 --content texts.tsv "
      "--rank-reference 2>kept.err >/dev/null || { kill %1; exit 9; }\n" +
      bin + "tourney campaign create --server $server --name named --k 2 --content texts.tsv "
      "--systems A,R 2>named.err >/dev/null; echo $? > named.code\n" +
      bin + "tourney campaign show --server $server --campaign 1 --format json > plain.json\n" +
      bin + "tourney campaign show --server $server --campaign 2 --format json > kept.json\n"
      "status=$?\nkill %1\nexit $status\n";
  testing::WriteFile(dir + "/s.sh", script);
  const auto r = testing::RunCommand("bash " + dir + "/s.sh");
  ASSERT_EQ(r.exit_code, 0) << r.err << testing::ReadFile(dir + "/tourneyd.log");
  const std::string plain_err = testing::ReadFile(dir + "/plain.err");
  EXPECT_NE(plain_err.find("warning: texts.tsv: system 'R' equals the reference shown beside it "
                           "in 2 of 2 segments"),
            std::string::npos)
      << plain_err;
  EXPECT_NE(plain_err.find("2 systems, 2 segments"), std::string::npos) << plain_err;
  const std::string plain = testing::ReadFile(dir + "/plain.json");
  EXPECT_NE(plain.find("\"A\""), std::string::npos) << plain;
  EXPECT_EQ(plain.find("\"R"), std::string::npos) << plain;
  EXPECT_NE(testing::ReadFile(dir + "/kept.err")
                .find("system 'R' equals the reference shown beside it in 2 of 2 segments: "
                      "ranked or scored against that reference it wins by construction; "
                      "--rank-reference: it is kept as 'R (human reference)'"),
            std::string::npos)
      << testing::ReadFile(dir + "/kept.err");
  const std::string kept = testing::ReadFile(dir + "/kept.json");
  EXPECT_NE(kept.find("\"R (human reference)\""), std::string::npos) << kept;
  // Naming the copy in --systems without --rank-reference is refused, naming the flag.
  EXPECT_EQ(testing::ReadFile(dir + "/named.code"), "2\n");
  EXPECT_NE(testing::ReadFile(dir + "/named.err").find("--rank-reference"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// The same on the WMT21 TED texts, as the README's example creates a campaign: system `ref`
// equals the reference in all 529 segments (the data's README).
TEST(CampaignContent, CreateFromTheTedTableLeavesOutRef) {
  constexpr char kTexts[] = "data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz";
  TOURNEY_REQUIRE_SHARED(kTexts);
  const std::string dir = testing::TempDir("campaign_content_ted");
  testing::WriteFile(dir + "/admin.token", "a-test-admin-token-0123456789\n");
  const std::string bin = std::string(TOURNEY_BIN_DIR) + "/";
  const std::string script =
      "cd " + dir + "\n" + bin +
      "tourneyd --data-dir data --admin-token-file admin.token --listen 127.0.0.1:0 "
      "--port-file port --exit-with-parent 2>tourneyd.log &\n"
      "for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done\n"
      "export TOURNEY_TOKEN=$(cat admin.token)\n"
      "server=127.0.0.1:$(cat port)\n" +
      bin + "tourney campaign create --server $server --name ted --content " +
      testing::SharedPath(kTexts) + " 2>create.err >/dev/null || { kill %1; exit 9; }\n" +
      bin + "tourney campaign show --server $server --campaign 1 --format json > show.json\n"
      "status=$?\nkill %1\nexit $status\n";
  testing::WriteFile(dir + "/s.sh", script);
  const auto r = testing::RunCommand("bash " + dir + "/s.sh");
  ASSERT_EQ(r.exit_code, 0) << r.err << testing::ReadFile(dir + "/create.err")
                            << testing::ReadFile(dir + "/tourneyd.log");
  const std::string err = testing::ReadFile(dir + "/create.err");
  EXPECT_NE(err.find("system 'ref' equals the reference shown beside it in 529 of 529 segments"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("13 systems, 529 segments"), std::string::npos) << err;
  const std::string show = testing::ReadFile(dir + "/show.json");
  EXPECT_NE(show.find("\"HuaweiTSC\""), std::string::npos);
  EXPECT_EQ(show.find("\"ref\""), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
