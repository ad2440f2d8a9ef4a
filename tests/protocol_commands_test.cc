// `tourney cluster --protocol wmt-da` and `tourney rank --protocol mqm` through the built
// binary: the pinned JSON fields (system, score, raw, cluster; system, score) against the
// organisers' files and the MQM data README, gzip and stdin, the text report, and errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::SharedPath;

constexpr char kDaDir[] = "data/wmt22-toen-da/";

TEST(ProtocolCommands, WmtDaJsonHasThePinnedFieldsWithTheOfficialValues) {
  TOURNEY_REQUIRE_SHARED(std::string(kDaDir) + "ad-csen-good-stnd.csv.gz");
  const std::string dir = SharedPath(kDaDir);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + dir +
                            "ad-csen-good-stnd.csv.gz --protocol wmt-da --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* field : {"\"system\"", "\"score\"", "\"raw\"", "\"cluster\""}) {
    EXPECT_NE(r.out.find(field), std::string::npos) << field;
  }
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "wmt-da");
  ASSERT_EQ(board->entries.size(), 12u);
  // ad-sys-scores-cs-en.csv: RAW.SCR Z.SCR N SYS N.ALL.
  std::map<std::string, std::pair<double, double>> official;
  std::istringstream sys(testing::ReadFile(dir + "ad-sys-scores-cs-en.csv"));
  std::string line;
  std::getline(sys, line);
  while (std::getline(sys, line)) {
    std::istringstream f(line);
    double raw = 0, z = 0;
    int64_t n = 0;
    std::string name;
    if (f >> raw >> z >> n >> name) official[name] = {raw, z};
  }
  // clusters-cs-en.csv, official order: a new CLUSTER_START starts a cluster.
  std::vector<std::pair<std::string, int>> clusters;
  std::istringstream cl(testing::ReadFile(dir + "clusters-cs-en.csv"));
  std::getline(cl, line);
  std::string last_start;
  int cluster = 0;
  while (std::getline(cl, line)) {
    std::istringstream f(line);
    std::string src, trg, wins, total, start, end, eoc, name;
    if (!(f >> src >> trg >> wins >> total >> start >> end >> eoc >> name)) continue;
    if (start != last_start) ++cluster;
    last_start = start;
    clusters.emplace_back(name, cluster);
  }
  ASSERT_EQ(clusters.size(), 12u);
  for (size_t i = 0; i < 12; ++i) {
    const LeaderboardEntry& e = board->entries[i];
    EXPECT_EQ(e.system, clusters[i].first);
    ASSERT_TRUE(e.cluster.has_value());
    EXPECT_EQ(*e.cluster, clusters[i].second) << e.system;
    ASSERT_TRUE(e.raw.has_value());
    EXPECT_NEAR(e.score, official[e.system].second, 1e-6) << e.system;
    EXPECT_NEAR(*e.raw, official[e.system].first, 1e-6) << e.system;
  }
}

// N13 (issue 45): the JSON carried less than the other formats: the table's and the CSV's
// segments and judgments per system were missing. They are the organisers' N and N.ALL
// (ad-sys-scores-cs-en.csv), in the leaderboard JSON the other protocols print.
TEST(ProtocolCommands, WmtDaJsonCarriesTheSegmentsAndJudgmentsOfTheOtherFormats) {
  TOURNEY_REQUIRE_SHARED(std::string(kDaDir) + "ad-csen-good-stnd.csv.gz");
  const std::string dir = SharedPath(kDaDir);
  std::map<std::string, std::pair<int64_t, int64_t>> official;  // N, N.ALL
  std::istringstream sys(testing::ReadFile(dir + "ad-sys-scores-cs-en.csv"));
  std::string line;
  std::getline(sys, line);
  while (std::getline(sys, line)) {
    std::istringstream f(line);
    double raw = 0, z = 0;
    int64_t n = 0, all = 0;
    std::string name;
    if (f >> raw >> z >> n >> name >> all) official[name] = {n, all};
  }
  ASSERT_EQ(official.size(), 12u);
  for (const char* protocol : {"wmt-da", "wmt-da-holm"}) {
    const auto r = RunCommand(BinPath("tourney") + " cluster " + dir +
                              "ad-csen-good-stnd.csv.gz --protocol " + protocol +
                              " --format json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto board = ParseLeaderboardJson(r.out);
    ASSERT_TRUE(board.ok()) << board.status().message();
    ASSERT_EQ(board->entries.size(), 12u);
    for (const LeaderboardEntry& e : board->entries) {
      ASSERT_TRUE(e.segments.has_value()) << protocol << " " << e.system;
      ASSERT_TRUE(e.judgments.has_value()) << protocol << " " << e.system;
      EXPECT_EQ(*e.segments, official[e.system].first) << e.system;
      EXPECT_EQ(*e.judgments, official[e.system].second) << e.system;
    }
  }
}

TEST(ProtocolCommands, WmtDaReadsStdinWithExplicitMomentsAndPrintsBothSections) {
  TOURNEY_REQUIRE_SHARED(std::string(kDaDir) + "ad-csen-good-stnd.csv.gz");
  const std::string dir = SharedPath(kDaDir);
  const auto r = RunCommand("zcat " + dir + "ad-csen-good-stnd.csv.gz | " + BinPath("tourney") +
                            " cluster - --protocol wmt-da --da-moments " + dir +
                            "ad-csen-trk-mean-sd.txt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("WMT DA, the official WMT20-22 protocol: 12 systems, 20,094 scored "
                       "judgments (17,663 SYSTEM, 2,431 REPEAT) by 156 annotators; 4,976 "
                       "quality-control items (2,483 REF, 2,493 BAD_REF) left out"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Holm-corrected over 66 pairs"), std::string::npos);
  EXPECT_NE(r.out.find("official separations that survive the paired Holm test"),
            std::string::npos);
  // Without moments: no raw field.
  const auto bare = RunCommand("zcat " + dir + "ad-csen-good-stnd.csv.gz | " +
                               BinPath("tourney") + " cluster - --protocol wmt-da --format json");
  ASSERT_EQ(bare.exit_code, 0) << bare.err;
  EXPECT_EQ(bare.out.find("\"raw\""), std::string::npos);
  const auto holm = RunCommand(BinPath("tourney") + " cluster " + dir +
                               "ad-csen-good-stnd.csv.gz --protocol wmt-da-holm --format json");
  ASSERT_EQ(holm.exit_code, 0) << holm.err;
  auto board = ParseLeaderboardJson(holm.out);
  ASSERT_TRUE(board.ok());
  EXPECT_EQ(board->model, "wmt-da-holm");
}

TEST(ProtocolCommands, MqmJsonScoresEqualTheReadmeTableLowestFirst) {
  TOURNEY_REQUIRE_SHARED("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz");
  const auto r = RunCommand(BinPath("tourney") + " rank " +
                            SharedPath("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz") +
                            " --protocol mqm --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "mqm");
  ASSERT_EQ(board->entries.size(), 14u);
  // The data README's table, best (lowest) first.
  const std::vector<std::pair<std::string, double>> readme = {
      {"ref", 0.9115},           {"Facebook-AI", 1.0560},   {"Online-W", 1.1225},
      {"VolcTrans-AT", 1.2410},  {"metricsystem3", 1.4357}, {"VolcTrans-GLAT", 1.4943},
      {"HuaweiTSC", 1.4975},     {"metricsystem1", 1.6293}, {"metricsystem2", 1.6936},
      {"metricsystem5", 1.7161}, {"UEdin", 1.7716},         {"metricsystem4", 1.7760},
      {"eTranslation", 1.9688},  {"Nemo", 2.1408}};
  for (size_t i = 0; i < readme.size(); ++i) {
    EXPECT_EQ(board->entries[i].system, readme[i].first);
    EXPECT_NEAR(board->entries[i].score, readme[i].second, 0.5e-4);
  }
  // Heavier Major errors change the scores.
  const auto heavy = RunCommand(BinPath("tourney") + " rank " +
                                SharedPath("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz") +
                                " --protocol mqm --mqm-weights Major:10,Minor:1,No-error:0");
  ASSERT_EQ(heavy.exit_code, 0) << heavy.err;
  EXPECT_NE(heavy.out.find("MQM"), std::string::npos);
}

TEST(ProtocolCommands, RefusesFlagsThatDoNotApply) {
  const std::string dir = testing::TempDir("protocol_commands");
  testing::WriteFile(dir + "/da.csv", "WorkerId sys_id sid rid type score\nW\tA\t1\t1\tSYSTEM\t0\n");
  auto r = RunCommand(BinPath("tourney") + " cluster " + dir +
                      "/da.csv --protocol wmt-da --model trueskill");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'--model' does not apply to --protocol wmt-da"), std::string::npos)
      << r.err;
  r = RunCommand(BinPath("tourney") + " rank " + dir + "/da.csv --protocol nope");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(BinPath("tourney") + " rank " + dir + "/da.csv --protocol mqm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("field 'system'"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

// --plot: the head-to-head heat map's cells are -log10 of the official rank-sum p-values,
// checked against the organisers' adwilcox-csen.csv (row better than column; their 0.12 is a
// filler for p >= 0.12, which is at most 0.9 on the figure's scale).
TEST(ProtocolCommands, WmtDaPlotShowsTheOfficialPValues) {
  TOURNEY_REQUIRE_SHARED(std::string(kDaDir) + "ad-csen-good-stnd.csv.gz");
  const std::string dir = SharedPath(kDaDir);
  const std::string svg = testing::TempDir("protocol-plot") + "/h2h.svg";
  const auto r = RunCommand(BinPath("tourney") + " cluster " + dir +
                            "ad-csen-good-stnd.csv.gz --protocol wmt-da --plot " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string figure = testing::ReadFile(svg);
  std::istringstream table(testing::ReadFile(dir + "adwilcox-csen.csv"));
  std::string line;
  std::getline(table, line);
  std::vector<std::string> columns;
  {
    std::istringstream names(line);
    for (std::string name; names >> name;) columns.push_back(name);
  }
  int checked = 0;
  while (std::getline(table, line)) {
    std::istringstream f(line);
    std::string row;
    f >> row;
    for (const std::string& column : columns) {
      double p = 0;
      if (!(f >> p)) break;
      if (row == column || p == 0.12) continue;
      const double evidence = p > 0 ? std::min(10.0, -std::log10(p)) : 10.0;
      char text[32];
      std::snprintf(text, sizeof text, ": %.1f (", evidence);
      const std::string title = "<title>" + row + " vs " + column + text;
      EXPECT_NE(figure.find(title), std::string::npos) << title;
      ++checked;
    }
  }
  EXPECT_GE(checked, 40);  // the file gives 47 p-values below its filler
}

}  // namespace
}  // namespace tourney
