// `tourney campaign list|show|export|close` and the import's default idempotency key,
// against an in-process tourneyd.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::BinPath;
using testing::RunCommand;

// "key value" lines -> map.
std::map<std::string, std::string> Fields(const std::string& text) {
  std::map<std::string, std::string> out;
  std::stringstream in(text);
  std::string key, value;
  while (in >> key) {
    std::getline(in, value);
    out[key] = value.empty() ? "" : value.substr(1);
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

class ServiceCliAdmin : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("service_cli_admin");
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data");
    ASSERT_TRUE(server_->ok()) << server_->error();
    admin_ = dir_ + "/admin.token";
    testing::WriteFile(admin_, std::string(testing::kAdminToken) + "\n");
    campaign_ = BinPath("tourney") + " campaign ";
    connect_ =
        " --server 127.0.0.1:" + std::to_string(server_->port()) + " --token-file " + admin_ + " ";
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  testing::CommandResult Verb(const std::string& verb, const std::string& args) {
    return RunCommand(campaign_ + verb + connect_ + args);
  }

  std::string dir_, admin_, campaign_, connect_;
  std::unique_ptr<testing::InProcessServer> server_;
};

// The export, ranked offline by `tourney rank`, is the live Expected Wins board exactly:
// imported rankings (ties, '+'-joined outputs, judges) and served matches alike.
TEST_F(ServiceCliAdmin, ExportedCsvRanksExactlyLikeTheLiveExpectedWinsBoard) {
  const testing::CreatedCampaign c =
      testing::CreateCampaign(server_->stub(), testing::MakeConfig("roundtrip", 5, 30, 3));
  testing::WriteFile(dir_ + "/in.csv",
                     "segmentId,judgeId,system1Id,system2Id,system3Id,system1rank,system2rank,"
                     "system3rank\n"
                     "100,j1,s0,s1+s2,s3,2,1,3\n"
                     "101,j2,s4,s3,s2,1,1,2\n"
                     "102,j1,s1,s0,s4,3,2,1\n");
  auto r = Verb("import", "--campaign " + std::to_string(c.id) + " " + dir_ + "/in.csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Served matches answered by a fixed rule: higher id first, every third match a tie of
  // the first two columns.
  for (int i = 0; i < 30; ++i) {
    const std::string annotator = "a" + std::to_string(i % 3);
    v1::NextMatchResponse m;
    ASSERT_TRUE(testing::NextMatch(server_->stub(), c, annotator, &m).ok());
    std::vector<uint32_t> ranks;
    for (const std::string& s : m.systems()) {
      uint32_t rank = 1;
      for (const std::string& other : m.systems()) rank += other > s ? 1 : 0;
      ranks.push_back(rank);
    }
    if (i % 3 == 0) ranks[1] = ranks[0];
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(testing::Submit(server_->stub(), c, m.match_id(), annotator, ranks, "", &ack).ok());
  }
  const std::string csv = dir_ + "/export.csv";
  r = Verb("export", "--campaign " + std::to_string(c.id) + " --output " + csv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> lines = Lines(testing::ReadFile(csv));
  ASSERT_EQ(lines.size(), 34u);  // header + 3 imported + 30 judged
  EXPECT_EQ(lines[0],
            "sequence,matchId,segmentId,documentId,judgeId,system1Id,system2Id,system3Id,"
            "system1rank,system2rank,system3rank,leasedUnixMs,committedUnixMs,excluded,check,"
            "checkPassed,uniformDraw,selectionProbability");
  // The first imported ranking, '+'-joined column kept (document "doc0" of segment 100 is
  // not in the file, so it stays empty; no lease for an import).
  EXPECT_EQ(lines[1].rfind("1,0,100,,j1,s0,s1+s2,s3,2,1,3,0,", 0), 0u) << lines[1];
  EXPECT_EQ(lines[1].substr(lines[1].size() - 13), ",0,none,0,0,0") << lines[1];
  // Every served match of the uniform selector is a uniform draw of 3 of the 5 systems:
  // probability 1 / C(5, 3) = 1/10, exported with 17 significant digits.
  for (size_t i = 4; i < lines.size(); ++i) {
    const std::string tail = ",1,0.10000000000000001";
    ASSERT_GE(lines[i].size(), tail.size());
    EXPECT_EQ(lines[i].substr(lines[i].size() - tail.size()), tail) << lines[i];
  }

  auto ranked =
      RunCommand(BinPath("tourney") + " rank " + csv + " --model expected-wins --format json");
  ASSERT_EQ(ranked.exit_code, 0) << ranked.err;
  v1::Leaderboard offline;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(ranked.out, &offline).ok()) << ranked.out;
  v1::Leaderboard live;
  ASSERT_TRUE(testing::Leaderboard(server_->stub(), c.id, "expected-wins", &live).ok());
  EXPECT_EQ(offline.rankings(), 33);
  EXPECT_EQ(live.rankings(), 33);
  ASSERT_EQ(offline.entries_size(), live.entries_size());
  for (int i = 0; i < live.entries_size(); ++i) {
    EXPECT_EQ(offline.entries(i).system(), live.entries(i).system()) << i;
    EXPECT_EQ(offline.entries(i).score(), live.entries(i).score()) << i;
    EXPECT_EQ(offline.entries(i).wins(), live.entries(i).wins()) << i;
    EXPECT_EQ(offline.entries(i).losses(), live.entries(i).losses()) << i;
    EXPECT_EQ(offline.entries(i).ties(), live.entries(i).ties()) << i;
  }
}

TEST_F(ServiceCliAdmin, ListShowCloseAndImportOnceWithTheDefaultKey) {
  auto r = Verb("create", "--name alpha --systems A,B,C --segments 4 --k 2 --selector uniform");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string id = Fields(r.out)["campaign_id"];
  testing::WriteFile(dir_ + "/in.csv",
                     "segmentId,judgeId,system1Id,system2Id,system1rank,system2rank\n"
                     "1,j1,A,B,1,2\n"
                     "2,j2,B,C,1,2\n");
  // Run twice: the second run returns the first run's result and imports nothing.
  for (int run = 0; run < 2; ++run) {
    r = Verb("import", "--campaign " + id + " " + dir_ + "/in.csv");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Fields(r.out)["accepted"], "2");
    EXPECT_EQ(Fields(r.out)["campaign_judgments"], "2");
  }
  // --key none: a plain import counts again.
  r = Verb("import", "--key none --campaign " + id + " " + dir_ + "/in.csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Fields(r.out)["campaign_judgments"], "4");

  r = Verb("show", "--campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto shown = Fields(r.out);
  EXPECT_EQ(shown["name"], "alpha");
  EXPECT_EQ(shown["state"], "open");
  EXPECT_EQ(shown["judgments"], "4");
  EXPECT_EQ(shown["imported_judgments"], "4");
  EXPECT_EQ(shown["annotators"], "2");
  EXPECT_EQ(shown["k"], "2");
  EXPECT_EQ(shown["system_names"], "A,B,C");

  r = Verb("list", "");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], id + "\talpha\topen\t4\t2\t0\tpairwise\t-");

  r = Verb("close", "--campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Fields(r.out)["state"], "closed");
  r = Verb("import", "--key none --campaign " + id + " " + dir_ + "/in.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is closed"), std::string::npos) << r.err;
  r = Verb("show", "--campaign 99");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(campaign_ + "export --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("WMT CSV"), std::string::npos);
}

// `campaign show` lists the TrueSkill parameters (defaults filled in: sigma 0.5 and
// draw probability 0.25, tourney/models/trueskill.h), the quality control and the excluded
// annotators; it used to print none of them.
TEST_F(ServiceCliAdmin, ShowListsTrueSkillQualityControlAndExclusions) {
  auto r = Verb("create",
                "--name shown --systems A,B,C --segments 4 --k 2 --beta 0.3 --draw-margin 0.1 "
                "--update free-for-all --check-fraction 0.2 --control-system C "
                "--max-judgments-per-annotator 50 --uniform-floor 0.5 --looks-budget 400");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string id = Fields(r.out)["campaign_id"];
  r = Verb("show", "--campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto shown = Fields(r.out);
  EXPECT_EQ(shown["trueskill_mu"], "0");
  EXPECT_EQ(shown["trueskill_sigma"], "0.5");
  EXPECT_EQ(shown["trueskill_beta"], "0.3");
  EXPECT_EQ(shown["trueskill_tau"], "0");
  EXPECT_EQ(shown["trueskill_draw_margin"], "0.1");
  EXPECT_EQ(shown.count("trueskill_draw_probability"), 0u);
  EXPECT_EQ(shown["trueskill_update"], "free-for-all");
  EXPECT_EQ(shown["qc_check_fraction"], "0.2");
  EXPECT_EQ(shown["qc_control_system"], "C");
  EXPECT_EQ(shown["qc_max_judgments_per_annotator"], "50");
  EXPECT_EQ(shown["uniform_floor"], "0.5");
  EXPECT_EQ(shown["looks"], "4 budget 400");  // a budget alone plans 4 looks
  // Looks without a budget, and a floor out of range (the server's check), are refused.
  EXPECT_EQ(Verb("create", "--name nobudget --systems A,B --segments 2 --k 2 --looks 3").exit_code,
            2);
  EXPECT_NE(
      Verb("create", "--name badfloor --systems A,B --segments 2 --k 2 --uniform-floor 1.5")
          .exit_code,
      0);
  EXPECT_EQ(shown["excluded_annotators"], "none");

  // Defaults, and an exclusion.
  r = Verb("create", "--name plain --systems A,B,C --segments 4 --k 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string plain = Fields(r.out)["campaign_id"];
  testing::WriteFile(dir_ + "/in.csv",
                     "segmentId,judgeId,system1Id,system2Id,system1rank,system2rank\n"
                     "1,ann,A,B,1,2\n"
                     "2,bob,B,C,1,2\n");
  ASSERT_EQ(Verb("import", "--campaign " + plain + " " + dir_ + "/in.csv").exit_code, 0);
  ASSERT_EQ(Verb("exclude", "--campaign " + plain + " --annotator bob").exit_code, 0);
  r = Verb("show", "--campaign " + plain);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  shown = Fields(r.out);
  EXPECT_EQ(shown["trueskill_sigma"], "0.5");
  EXPECT_EQ(shown["trueskill_beta"], "0.25");
  EXPECT_EQ(shown["trueskill_draw_probability"], "0.25");
  EXPECT_EQ(shown["trueskill_update"], "pairwise");
  EXPECT_EQ(shown["qc_check_fraction"], "0");
  EXPECT_EQ(shown["qc_control_system"], "none");
  EXPECT_EQ(shown["qc_max_judgments_per_annotator"], "none");
  EXPECT_EQ(shown["excluded_annotators"], "bob");
  r = Verb("show", "--campaign " + plain + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::CampaignInfo info;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &info).ok()) << r.out;
  ASSERT_EQ(info.excluded_annotators_size(), 1);
  EXPECT_EQ(info.excluded_annotators(0), "bob");
}

// System names the WMT CSV export cannot write (or `tourney rank` would read back as other
// names) are refused at creation; `C+D` used to be accepted and then fail every export.
TEST_F(ServiceCliAdmin, CreateRefusesNamesTheExportCannotWrite) {
  for (const std::string& systems :
       {std::string("A,C+D"), std::string("A,PLACEHOLDER"), std::string("A,'B\"'")}) {
    auto r = Verb("create", "--name bad --segments 2 --k 2 --systems " + systems);
    EXPECT_EQ(r.exit_code, 2) << systems << ": " << r.out;
    EXPECT_NE(r.err.find("cannot be exported as WMT CSV"), std::string::npos) << r.err;
  }
  testing::WriteFile(dir_ + "/systems.txt", "A\n B\n");
  auto r = Verb("create", "--name bad --segments 2 --k 2 --systems-file " + dir_ + "/systems.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("system ' B' cannot be exported as WMT CSV: it begins or ends with a space"),
            std::string::npos)
      << r.err;
  r = Verb("list", "");
  EXPECT_EQ(Lines(r.out).size(), 1u) << r.out;  // the header alone: nothing was created
}

// WMT16 de-en into a campaign created --from the same XML: every ranking is taken, as
// `tourney rank` takes them. The import used to reject one (index 971), whose single output
// is shared by all 10 systems: a judgment without a comparison.
TEST_F(ServiceCliAdmin, AnytimeStoppingAtCreateAndAnytimeLeaderboard) {
  auto r = Verb("create",
                "--name anytime --systems A,B,C --segments 4 --k 3 --stopping anytime --delta 0.1 "
                "--epsilon 0.2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string id = Fields(r.out)["campaign_id"];
  r = Verb("show", "--campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Fields(r.out)["stopping"], "anytime delta 0.1 epsilon 0.2");
  EXPECT_EQ(Fields(r.out)["uniform_floor"], "0.2");  // the default
  EXPECT_EQ(Fields(r.out)["looks"], "none");
  // 100 three-way rankings with every system tied, imported (not uniform draws), so only the
  // per-pair half of the campaign's board reads them, at delta 0.1 / 2: each pair's interval
  // at alpha = 0.05 / 3 is 1/2 +- 0.0870467 = [0.412953, 0.587047] (an independent
  // bisection on the mixture, running_mean_sequence_test.cc), 0.1741 wide: ties within
  // epsilon 0.2, so the stopping rule says settled.
  std::string csv =
      "segmentId,judgeId,system1Id,system2Id,system3Id,system1rank,system2rank,"
      "system3rank\n";
  for (int t = 0; t < 100; ++t) csv += std::to_string(t % 4) + ",j1,A,B,C,1,1,1\n";
  testing::WriteFile(dir_ + "/ties.csv", csv);
  r = Verb("import", "--campaign " + id + " " + dir_ + "/ties.csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = Verb("leaderboard", "--campaign " + id + " --anytime --delta 0.1 --epsilon 0.2 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(",0.500000,,,1,3,1,,200,0,0,200,,0.412953,0.587047\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("# note: anytime-valid at delta 0.1, epsilon 0.2"), std::string::npos);
  EXPECT_NE(r.out.find("settled"), std::string::npos);
  // The live board carries the campaign's anytime stopping rule.
  r = Verb("leaderboard", "--campaign " + id + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"rule\": \"anytime\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"settled\": true"), std::string::npos) << r.out;
  // Usage errors.
  EXPECT_EQ(
      Verb("create", "--name bad --systems A,B --segments 2 --k 2 --stopping sometimes").exit_code,
      2);
  EXPECT_EQ(
      Verb("create", "--name bad --systems A,B --segments 2 --k 2 --stopping z --delta 0.1")
          .exit_code,
      2);
  EXPECT_EQ(Verb("leaderboard", "--campaign " + id + " --epsilon 0.1").exit_code, 2);
}

TEST_F(ServiceCliAdmin, Wmt16DeEnImportsEveryRankingOfItsOwnFile) {
  TOURNEY_REQUIRE_SHARED("data/wmt16/wmt16.xml.gz");
  const std::string xml = testing::SharedPath("data/wmt16/wmt16.xml.gz");
  auto r = Verb("create", "--name de-en --language-pair de-en --from " + xml);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string id = Fields(r.out)["campaign_id"];
  r = Verb("import", "--campaign " + id + " --language-pair de-en " + xml);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The XML holds 1362 de-en ranking-results; 21 rank nothing (no translation, or a rank
  // of -1) and are dropped: 1341 rankings (counted from the XML with a short script).
  EXPECT_EQ(Fields(r.out)["accepted"], "1341") << r.out;
  EXPECT_EQ(Fields(r.out)["rejected"], "0") << r.out;
}

// exclude and stats verbs; the export without excluded annotators ranks like the live
// board, which leaves them out.
TEST_F(ServiceCliAdmin, ExcludeStatsAndExportWithoutExcluded) {
  const testing::CreatedCampaign c =
      testing::CreateCampaign(server_->stub(), testing::MakeConfig("qc-cli", 4, 40, 2));
  for (int i = 0; i < 20; ++i) {
    for (const std::string annotator : {"steady", "noisy"}) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(testing::NextMatch(server_->stub(), c, annotator, &m).ok());
      // steady: the higher id wins; noisy: the first shown wins.
      const bool first_wins = annotator == std::string("noisy") || m.systems(0) > m.systems(1);
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(
          testing::Submit(server_->stub(), c, m.match_id(), annotator,
                          first_wins ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{2, 1},
                          "", &ack)
              .ok());
    }
  }
  const std::string id = std::to_string(c.id);
  auto r = Verb("exclude", "--campaign " + id + " --annotator noisy");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Fields(r.out)["excluded"], "noisy");
  EXPECT_EQ(Fields(r.out)["rated_judgments"], "20");
  // An annotator with no judgments: a usage error, as offline (it used to exit 0).
  auto unknown = Verb("exclude", "--campaign " + id + " --annotator noisey");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("annotator 'noisey' has no judgments in campaign " + id),
            std::string::npos)
      << unknown.err;

  r = Verb("stats", "--campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("annotator\tjudgments\tpassed\tfailed\tpass_rate", 0), 0u);
  // By name: noisy, then steady; no checks configured, so no pass rate.
  EXPECT_EQ(lines[1].rfind("noisy\t20\t0\t0\t-\t", 0), 0u) << lines[1];
  EXPECT_EQ(lines[1].substr(lines[1].size() - 4), "\tyes");
  EXPECT_EQ(lines[2].substr(lines[2].size() - 3), "\tno");

  const std::string all = dir_ + "/all.csv", rated = dir_ + "/rated.csv";
  ASSERT_EQ(Verb("export", "--campaign " + id + " --output " + all).exit_code, 0);
  ASSERT_EQ(Verb("export", "--campaign " + id + " --skip-excluded --output " + rated).exit_code, 0);
  EXPECT_EQ(Lines(testing::ReadFile(all)).size(), 41u);
  EXPECT_EQ(Lines(testing::ReadFile(rated)).size(), 21u);
  auto ranked =
      RunCommand(BinPath("tourney") + " rank " + rated + " --model expected-wins --format json");
  ASSERT_EQ(ranked.exit_code, 0) << ranked.err;
  v1::Leaderboard offline, live;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(ranked.out, &offline).ok());
  ASSERT_TRUE(testing::Leaderboard(server_->stub(), c.id, "expected-wins", &live).ok());
  ASSERT_EQ(offline.entries_size(), live.entries_size());
  EXPECT_EQ(live.rankings(), 20);
  for (int i = 0; i < live.entries_size(); ++i) {
    EXPECT_EQ(offline.entries(i).system(), live.entries(i).system()) << i;
    EXPECT_EQ(offline.entries(i).score(), live.entries(i).score()) << i;
  }
  // steady alone orders by id: s3 first, s0 last.
  EXPECT_EQ(live.entries(0).system(), "s3");
  EXPECT_EQ(live.entries(3).system(), "s0");
}

}  // namespace
}  // namespace tourney
