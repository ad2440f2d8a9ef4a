// Tests of `tourney report` through the built binary.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/v1/leaderboard.pb.h"
#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::CheckXml;
using ::tourney::testing::ReadFile;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

int Count(const std::string& haystack, const std::string& needle) {
  int count = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

// Writes a simulated campaign (systems sys01..sysNN) as WMT CSV.
std::string Simulated(const std::string& dir, const std::string& name, int rankings, int seed) {
  const std::string path = dir + "/" + name;
  const auto r = RunCommand(BinPath("tourney") + " simulate-campaign --systems 7 --rankings " +
                            std::to_string(rankings) + " --seed " + std::to_string(seed));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  WriteFile(path, r.out);
  return path;
}

// The files in `dir`, names only.
std::vector<std::string> Listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Checks that every inline <svg> is closed and is well-formed XML on its own.
void ExpectWellFormedSvgs(const std::string& html, int at_least) {
  EXPECT_EQ(Count(html, "<svg "), Count(html, "</svg>"));
  EXPECT_GE(Count(html, "<svg "), at_least);
  for (size_t at = html.find("<svg "); at != std::string::npos; at = html.find("<svg ", at + 1)) {
    const size_t end = html.find("</svg>", at);
    ASSERT_NE(end, std::string::npos);
    const auto check = CheckXml(html.substr(at, end + 6 - at));
    EXPECT_TRUE(check.ok) << check.error;
  }
}

void ExpectSelfContained(const std::string& html) {
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
}

TEST(ReportCommand, WritesEverySectionForASimulatedCampaign) {
  const std::string dir = TempDir("report");
  const std::string train = Simulated(dir, "train.csv", 800, 5);
  const std::string test = Simulated(dir, "test.csv", 300, 6);
  const std::string out = dir + "/report.html";
  const auto r =
      RunCommand(BinPath("tourney") + " report " + train + " --test " + test + " --out " + out +
                 " --bootstrap 40 --repeats 1 --sizes 200,400,100000 --seed 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(std::filesystem::exists(out));
  const std::string html = ReadFile(out);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("</html>"), std::string::npos);
  for (const char* section :
       {"id=\"data\"", "id=\"overview\"", "id=\"model-expected-wins\"", "id=\"model-hopkins-may\"",
        "id=\"model-trueskill\"", "id=\"heatmaps\"", "id=\"evaluation\""}) {
    EXPECT_NE(html.find(section), std::string::npos) << section;
  }
  // The data summary: 7 systems, 800 5-way rankings = 8,000 comparisons.
  EXPECT_NE(html.find("<td>Systems</td><td>7</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>Rankings</td><td>800 "), std::string::npos);
  EXPECT_NE(html.find("<td>Pairwise comparisons</td><td>8,000 "), std::string::npos);
  // Leaderboards grouped by cluster, three rank plots, two heat maps, two line plots.
  EXPECT_EQ(Count(html, "<table class=\"leaderboard\">"), 3);
  EXPECT_GE(Count(html, "<tbody class=\"cluster"), 3);
  EXPECT_EQ(Count(html, "Bootstrap rank distributions: "), 3 * 2);  // <title> and heading
  EXPECT_NE(html.find("Comparisons per system pair"), std::string::npos);
  EXPECT_NE(html.find("Win rate of the row system against the column system"), std::string::npos);
  EXPECT_EQ(Count(html, "<g class=\"cell\">"), 2 * 7 * 7);
  // Evaluation: the sizes that fit, the one that does not, the repeats, the parameters.
  EXPECT_NE(html.find("Accuracy (higher is better)"), std::string::npos);
  EXPECT_NE(html.find("Perplexity (lower is better"), std::string::npos);
  EXPECT_NE(html.find("left out: 100,000"), std::string::npos);
  EXPECT_NE(html.find("This report uses 1 repeat per training size"), std::string::npos);
  EXPECT_NE(html.find("Held-out accuracy"), std::string::npos);
  EXPECT_NE(html.find("<dt>seed</dt><dd>3 "), std::string::npos);
  EXPECT_NE(html.find("40 replicates, 95% rank ranges"), std::string::npos);
  ExpectWellFormedSvgs(html, 3 + 2 + 2);
  ExpectSelfContained(html);
  // Only the page is left in the directory: no temporary file.
  EXPECT_EQ(Listing(dir), (std::vector<std::string>{"report.html", "test.csv", "train.csv"}));
  std::filesystem::remove_all(dir);
}

TEST(ReportCommand, SameSeedSamePageForAnyThreadCount) {
  const std::string dir = TempDir("report_threads");
  const std::string train = Simulated(dir, "train.csv", 400, 8);
  std::string pages[2];
  for (int t = 1; t <= 2; ++t) {
    const std::string out = dir + "/t" + std::to_string(t) + ".html";
    const auto r = RunCommand(BinPath("tourney") + " report " + train + " --out " + out +
                              " --bootstrap 30 --seed 11 --threads " + std::to_string(t));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    pages[t - 1] = ReadFile(out);
  }
  // The header echoes the command line (and so the thread count); everything after it is
  // computed and must agree.
  const size_t a = pages[0].find("<section id=\"data\">");
  const size_t b = pages[1].find("<section id=\"data\">");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  EXPECT_EQ(pages[0].substr(a), pages[1].substr(b));
  // Without --test the evaluation section says how to get it.
  EXPECT_NE(pages[0].find("Not computed: run <code>tourney report</code> with "
                          "<code>--test FILE</code>"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ReportCommand, AnytimeAddsItsLeaderboard) {
  // Three systems tied in every pairwise row, 100 rows per pair: each score 1/2 with bounds
  // 1/2 +- 0.0870 = [0.413, 0.587] (an independent bisection, running_mean_sequence_test),
  // one cluster, rank ranges 1-3, not settled at epsilon 0.
  const std::string dir = TempDir("report_anytime");
  std::string csv = "system_a,system_b,outcome\n";
  for (int t = 0; t < 100; ++t) csv += "a,b,tie\nb,c,tie\nc,a,tie\n";
  const std::string input = dir + "/ties.csv";
  WriteFile(input, csv);
  const std::string out = dir + "/page.html";
  const std::string base = BinPath("tourney") + " report " + input + " --out " + out +
                           " --models expected-wins --bootstrap 20";
  auto r = RunCommand(base + " --anytime --anytime-board pairwise --delta 0.05");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = ReadFile(out);
  EXPECT_NE(page.find("<section id=\"anytime\">"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"#anytime\">"), std::string::npos);
  EXPECT_NE(page.find("&delta; = 0.05, &epsilon; = 0"), std::string::npos);
  EXPECT_NE(page.find("1 clusters; 0 of 2 boundaries separated; not settled"), std::string::npos);
  EXPECT_NE(page.find("[0.413, 0.587]"), std::string::npos);  // 1/2 +- 0.0870 (cluster_command_test)
  const size_t at = page.find("<section id=\"anytime\">");
  ASSERT_NE(at, std::string::npos);
  const std::string section = page.substr(at, page.find("</section>", at) - at);
  EXPECT_EQ(Count(section,
                  "<td class=\"num\">1\xE2\x80\x93"
                  "3</td>"),
            3)
      << section;
  // The promise and why there are fewer clusters, in the words of the other formats: the
  // per-pair board holds under any selection, the pooled one (the default) for a design
  // fixed in advance.
  const std::string fewer =
      " holds for one look at a sample size fixed in advance; this board&apos;s 95% holds at "
      "every look, so it separates fewer systems.";
  EXPECT_NE(section.find("Every separation shown holds with probability &gt;= 0.95 at every "
                         "number of judgments, under any match selection, so"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("Why fewer clusters than a bootstrap board: a bootstrap board"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find(fewer), std::string::npos) << section;
  r = RunCommand(base + " --anytime");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string pooled = ReadFile(out);
  EXPECT_NE(pooled.find("at every number of judgments, for judgments assigned by a design fixed "
                        "in advance (an adaptive campaign: --anytime-board pairwise)"),
            std::string::npos);
  EXPECT_NE(pooled.find(fewer), std::string::npos);
  // Without --anytime there is no such section; --delta alone is a usage error.
  r = RunCommand(base);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFile(out).find("<section id=\"anytime\">"), std::string::npos);
  EXPECT_EQ(RunCommand(base + " --delta 0.1").exit_code, 2);
  std::filesystem::remove_all(dir);
}

TEST(ReportCommand, EscapesSystemNames) {
  const std::string dir = TempDir("report_escape");
  const std::string input = dir + "/pairs.csv";
  std::string csv = "system_a,system_b,outcome\n";
  const std::vector<std::string> names = {"a<b>", "Tom & Jerry", "x'y"};
  for (int rep = 0; rep < 30; ++rep) {
    for (size_t i = 0; i < names.size(); ++i) {
      for (size_t j = i + 1; j < names.size(); ++j) {
        csv += names[i] + "," + names[j] + "," +
               (rep % 3 == 0   ? "b"
                : rep % 3 == 1 ? "a"
                               : "tie") +
               "\n";
      }
    }
  }
  WriteFile(input, csv);
  const std::string out = dir + "/report.html";
  const auto r = RunCommand(BinPath("tourney") + " report " + input + " --out " + out +
                            " --bootstrap 20 --models expected-wins,trueskill");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = ReadFile(out);
  EXPECT_EQ(html.find("a<b>"), std::string::npos);
  EXPECT_EQ(html.find("Tom & Jerry"), std::string::npos);
  EXPECT_NE(html.find("a&lt;b&gt;"), std::string::npos);
  EXPECT_NE(html.find("Tom &amp; Jerry"), std::string::npos);
  EXPECT_NE(html.find("x&apos;y"), std::string::npos);
  EXPECT_EQ(html.find("id=\"model-hopkins-may\""), std::string::npos);
  ExpectWellFormedSvgs(html, 2 + 2);
  ExpectSelfContained(html);
  std::filesystem::remove_all(dir);
}

TEST(ReportCommand, BadInputExitsTwoAndWritesNothing) {
  const std::string dir = TempDir("report_bad");
  const std::string good = Simulated(dir, "good.csv", 100, 2);
  const std::string broken = dir + "/broken.csv";
  WriteFile(broken,
            "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Number,system1Id,"
            "system2Number,system2Id,system1rank,system2rank\n"
            "fr,en,1,d,1,j,1,s1,2,s2,1,9\n");
  const std::string out = dir + "/report.html";
  const std::string tourney = BinPath("tourney") + " report ";
  const std::vector<std::string> bad = {
      tourney + dir + "/missing.csv --out " + out,
      tourney + broken + " --out " + out,
      tourney + good + " --test " + dir + "/missing.csv --out " + out,
      tourney + good + " --test " + broken + " --out " + out,
      tourney + good,  // no --out
      tourney + good + " --out " + dir + "/no/such/dir/report.html",
      tourney + good + " --out " + dir,  // a directory
      tourney + good + " --out " + out + " --models expected-wins,nonsense",
      tourney + good + " --out " + out + " --bootstrap 0",
      tourney + good + " --out " + out + " --sizes 10,x",
      tourney + good + " --out " + out + " --no-such-flag",
  };
  for (const std::string& command : bad) {
    const auto r = RunCommand(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << command;
    EXPECT_FALSE(std::filesystem::exists(out)) << command;
  }
  EXPECT_EQ(Listing(dir), (std::vector<std::string>{"broken.csv", "good.csv"}));
  // A failed run leaves an existing page as it was.
  WriteFile(out, "previous page");
  const auto r = RunCommand(tourney + broken + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(ReadFile(out), "previous page");
  std::filesystem::remove_all(dir);
}

TEST(ReportCommand, Wmt13FrenchEnglishTable1) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/test.csv");
  const std::string dir = TempDir("report_wmt13");
  const std::string out = dir + "/report.html";
  const auto r =
      RunCommand(BinPath("tourney") + " report " +
                 ::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv") + " --test " +
                 ::tourney::testing::SharedPath("data/wmt13-fr-en/test.csv") + " --out " + out +
                 " --models expected-wins,trueskill --bootstrap 20 --repeats 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = ReadFile(out);
  // The paper's Table 1 (Expected Wins): UEDIN-HEAFIELD first with 0.638, SHEF-WPROA last
  // with 0.322.
  const size_t ew = html.find("id=\"model-expected-wins\"");
  ASSERT_NE(ew, std::string::npos);
  const size_t first = html.find("uedin-heafield-unconstrained</td>", ew);
  ASSERT_NE(first, std::string::npos);
  const size_t row = html.rfind("<tr>", first);
  EXPECT_NE(html.substr(row, first - row).find(">0.638<"), std::string::npos);
  const size_t last = html.find("Shef-wproa</td>", ew);
  ASSERT_NE(last, std::string::npos);
  const size_t last_row = html.rfind("<tr>", last);
  EXPECT_NE(html.substr(last_row, last - last_row).find(">0.322<"), std::string::npos);
  EXPECT_NE(html.find("<td>Systems</td><td>13</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>Pairwise comparisons</td><td>99,960 "), std::string::npos);
  EXPECT_EQ(Count(html, "<g class=\"cell\">"), 2 * 13 * 13);
  ExpectWellFormedSvgs(html, 2 + 2 + 2);
  ExpectSelfContained(html);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// Three rankings of one segment by two annotators, ann twice (worked by hand in
// agreement_test.cc): inter pA 1/3, pE 57/162, kappa -3/105.
TEST(ReportCommand, AgreementSectionHasTheHandComputedKappa) {
  const std::string dir = ::tourney::testing::TempDir("report_agreement");
  const std::string csv = dir + "/a.csv", out = dir + "/r.html";
  ::tourney::testing::WriteFile(
      csv,
      "srclang,trglang,srcIndex,segmentId,judgeId,system1Id,system2Id,system3Id,"
      "system1rank,system2rank,system3rank\n"
      "deu,eng,1,1,ann,A,B,C,1,2,2\n"
      "deu,eng,1,1,bob,A,B,C,2,1,2\n"
      "deu,eng,1,1,ann,A,B,C,1,2,3\n");
  const auto r =
      ::tourney::testing::RunCommand(::tourney::testing::BinPath("tourney") + " report " + csv +
                                     " --out " + out + " --bootstrap 20 --models expected-wins");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = ::tourney::testing::ReadFile(out);
  EXPECT_NE(html.find("<section id=\"agreement\">"), std::string::npos);
  EXPECT_NE(
      html.find("<td>inter-annotator</td><td>0.333</td><td>0.352</td><td>\xE2\x88\x92\x30.029</td>"
                "<td>3 / 9</td><td>2 / 9</td>"),
      std::string::npos);
  EXPECT_NE(html.find("<td>intra-annotator</td><td>0.667</td><td>0.375</td><td>0.467</td>"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// Every row of the report's leaderboard is the one `tourney cluster --format json` computes
// with the same replicates and seed: score (3 decimals), rank range and cluster boundaries.
TEST(ReportCommand, LeaderboardNumbersEqualCluster) {
  const std::string dir = ::tourney::testing::TempDir("report_numbers");
  const auto sim = ::tourney::testing::RunCommand(::tourney::testing::BinPath("tourney") +
                                                  " simulate-campaign --systems 6 --rankings 500 "
                                                  "--seed 8");
  ASSERT_EQ(sim.exit_code, 0);
  const std::string csv = dir + "/sim.csv", html = dir + "/r.html";
  ::tourney::testing::WriteFile(csv, sim.out);
  const std::string common = " --bootstrap 200 --seed 3";
  auto r =
      ::tourney::testing::RunCommand(::tourney::testing::BinPath("tourney") + " report " + csv +
                                     " --out " + html + " --models expected-wins" + common);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = ::tourney::testing::RunCommand(::tourney::testing::BinPath("tourney") +
                                                   " cluster " + csv + " --format json" + common);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json.out, &board).ok());
  // The Expected Wins section (the overview table before it lists the systems too).
  const std::string full_page = ::tourney::testing::ReadFile(html);
  const size_t section = full_page.find("<section id=\"model-expected-wins\"");
  ASSERT_NE(section, std::string::npos);
  const std::string page =
      full_page.substr(section, full_page.find("</section>", section) - section);
  ASSERT_EQ(board.entries_size(), 6);
  for (const auto& e : board.entries()) {
    // The system's row: <tr><td class="rank">..</td><td class="num">SCORE</td>
    // <td class="num">RANGE</td><td class="system" title="NAME">
    const size_t at = page.find("<td class=\"system\" title=\"" + e.system() + "\">");
    ASSERT_NE(at, std::string::npos) << e.system();
    const size_t row = page.rfind("<tr>", at);
    const std::string cells = page.substr(row, at - row);
    char score[32];
    std::snprintf(score, sizeof(score), "%.3f", e.score());
    EXPECT_NE(cells.find("<td class=\"num\">" + std::string(score) + "</td>"), std::string::npos)
        << e.system() << ": " << cells;
    const std::string range =
        e.rank_lo() == e.rank_hi()
            ? std::to_string(e.rank_lo())
            : std::to_string(e.rank_lo()) + "\xE2\x80\x93" + std::to_string(e.rank_hi());
    EXPECT_NE(cells.find("<td class=\"num\">" + range + "</td>"), std::string::npos)
        << e.system() << ": " << cells;
    // The system sits in the report's tbody for its cluster.
    const size_t body = page.rfind("<tbody class=\"cluster", at);
    ASSERT_NE(body, std::string::npos);
    EXPECT_NE(page.substr(body, 60).find("title=\"cluster " + std::to_string(e.cluster()) + "\""),
              std::string::npos)
        << e.system();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
