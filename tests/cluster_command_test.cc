// Tests of `tourney cluster` through the built binary.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "xml_check.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::CheckXml;
using ::tourney::testing::ReadFile;
using ::tourney::testing::RunCommand;
using ::tourney::testing::TempDir;

// A small simulated campaign written to a temporary file (works without ../shared).
std::string SimulatedCsv(const std::string& dir) {
  const std::string path = dir + "/sim.csv";
  const auto r =
      RunCommand(BinPath("tourney") + " simulate-campaign --systems 7 --rankings 800 --seed 5");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  ::tourney::testing::WriteFile(path, r.out);
  return path;
}

TEST(ClusterCommand, SameSeedSameJsonWithOneOrTwoThreads) {
  const std::string dir = TempDir("cluster");
  std::vector<std::string> inputs = {SimulatedCsv(dir)};
  if (::tourney::testing::SharedFileExists("data/wmt13-fr-en/train.csv")) {
    inputs.push_back(::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv"));
  }
  for (const std::string& input : inputs) {
    for (const char* extra : {"", " --resample rankings", " --no-count-shortcut"}) {
      const std::string base = BinPath("tourney") + " cluster " + input +
                               " --bootstrap 300 --seed 9 --format json" + extra;
      const auto one = RunCommand(base + " --threads 1");
      const auto two = RunCommand(base + " --threads 2");
      ASSERT_EQ(one.exit_code, 0) << one.err;
      ASSERT_EQ(two.exit_code, 0) << two.err;
      EXPECT_EQ(one.out, two.out) << input << extra;
      EXPECT_FALSE(one.out.empty());
      EXPECT_NE(one.out.find("\"bootstrap_replicates\": 300"), std::string::npos);
      EXPECT_NE(one.out.find("\"rank_upper_bound\""), std::string::npos);
      EXPECT_NE(one.out.find("\"cluster\": 1"), std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, Wmt16ProtocolTakesTheRankingsUnitAsAVariant) {
  // --protocol wmt16 resamples comparisons; --resample rankings draws whole rankings instead
  // (once refused as a contradiction). With the same seed the replicates must then differ:
  // if the flag were ignored, the two outputs would be byte-identical.
  const std::string dir = TempDir("cluster_wmt16_unit");
  const std::string base = BinPath("tourney") + " cluster " + SimulatedCsv(dir) +
                           " --protocol wmt16 --bootstrap 40 --seed 3 --format json";
  const auto comparisons = RunCommand(base);
  const auto rankings = RunCommand(base + " --resample rankings");
  ASSERT_EQ(comparisons.exit_code, 0) << comparisons.err;
  ASSERT_EQ(rankings.exit_code, 0) << rankings.err;
  EXPECT_NE(rankings.out.find("\"bootstrap_replicates\": 40"), std::string::npos);
  EXPECT_NE(comparisons.out, rankings.out);
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, Wmt15ProtocolIsTrueSkillRerunOnTheFullData) {
  // --protocol wmt15 = --model trueskill --expand-identical (TrueSkill selects its own data,
  // so without --protocol wmt16 each replicate is a rerun on the full data with its own
  // seed): the same output byte for byte, and not the output of wmt16's resampling.
  const std::string dir = TempDir("cluster_wmt15");
  std::vector<std::string> inputs = {SimulatedCsv(dir)};
  if (::tourney::testing::SharedFileExists("data/wmt13-fr-en/train.csv")) {
    inputs.push_back(::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv"));
  }
  for (const std::string& input : inputs) {
    const std::string cluster = BinPath("tourney") + " cluster " + input;
    const std::string tail = " --bootstrap 40 --seed 3 --format json";
    const auto wmt15 = RunCommand(cluster + " --protocol wmt15" + tail);
    const auto explicit_flags =
        RunCommand(cluster + " --model trueskill --expand-identical" + tail);
    const auto wmt16 = RunCommand(cluster + " --protocol wmt16" + tail);
    const auto other_seed =
        RunCommand(cluster + " --protocol wmt15 --bootstrap 40 --seed 4 --format json");
    ASSERT_EQ(wmt15.exit_code, 0) << wmt15.err;
    ASSERT_EQ(explicit_flags.exit_code, 0) << explicit_flags.err;
    ASSERT_EQ(wmt16.exit_code, 0) << wmt16.err;
    ASSERT_EQ(other_seed.exit_code, 0) << other_seed.err;
    EXPECT_EQ(wmt15.out, explicit_flags.out) << input;
    EXPECT_NE(wmt15.out, wmt16.out) << input;
    EXPECT_NE(wmt15.out, other_seed.out) << input;
    EXPECT_NE(wmt15.out.find("\"model\": \"trueskill\""), std::string::npos) << wmt15.out;
    EXPECT_NE(wmt15.out.find("\"bootstrap_replicates\": 40"), std::string::npos);
  }
  // N10 (issue 45): nothing is resampled, so the titles say reruns, not "bootstrap
  // replicates"; the JSON says so too, and wmt16's resampling board does not.
  {
    const std::string cluster = BinPath("tourney") + " cluster " + inputs.front() +
                                " --bootstrap 40 --seed 3 --protocol ";
    const auto table = RunCommand(cluster + "wmt15");
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("40 reruns with fresh seeds (nothing resampled), 95% rank ranges"),
              std::string::npos)
        << table.out;
    EXPECT_EQ(table.out.find("bootstrap replicates"), std::string::npos) << table.out;
    const auto wmt = RunCommand(cluster + "wmt15 --format wmt");
    EXPECT_NE(wmt.out.find("40 reruns with fresh seeds"), std::string::npos) << wmt.out;
    const auto json = RunCommand(cluster + "wmt15 --format json");
    EXPECT_NE(json.out.find("\"replicates_are_reruns\": true"), std::string::npos);
    const auto resampled = RunCommand(cluster + "wmt16");
    EXPECT_NE(resampled.out.find("40 bootstrap replicates, 95% rank ranges"), std::string::npos)
        << resampled.out;
    EXPECT_EQ(RunCommand(cluster + "wmt16 --format json").out.find("replicates_are_reruns"),
              std::string::npos);
  }
  // The default is 1,000 runs, as the organisers' loop.
  const auto runs = RunCommand(BinPath("tourney") + " cluster " + inputs.front() +
                               " --protocol wmt15 --seed 1 --format json");
  ASSERT_EQ(runs.exit_code, 0) << runs.err;
  EXPECT_NE(runs.out.find("\"bootstrap_replicates\": 1000"), std::string::npos);
  // Nothing is resampled, so --resample is refused, as is another model.
  for (const char* flags : {" --resample rankings", " --resample comparisons",
                            " --model expected-wins"}) {
    const auto r = RunCommand(BinPath("tourney") + " cluster " + inputs.front() +
                              " --protocol wmt15" + flags);
    EXPECT_EQ(r.exit_code, 2) << flags;
    EXPECT_TRUE(r.out.empty()) << flags;
    EXPECT_NE(r.err.find("--protocol wmt15"), std::string::npos) << r.err;
  }
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, Wmt15ProtocolPrintsTheOrganisersLayout) {
  TOURNEY_REQUIRE_SHARED("data/wmt16/csv/wmt16.deu-eng.csv");
  const auto r = RunCommand(BinPath("tourney") + " cluster " +
                            ::tourney::testing::SharedPath("data/wmt16/csv/wmt16.deu-eng.csv") +
                            " --protocol wmt15 --bootstrap 100 --seed 1 --format wmt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // A first '#' line naming the board, then NAME MU (LO, HI) per system, '+' lines between
  // clusters; de-en has 10 systems.
  // WMT15's runs resample nothing: reruns, not bootstrap replicates (issue 45, N10).
  EXPECT_EQ(r.out.rfind("# tourney cluster: TrueSkill, 100 reruns with fresh seeds (nothing "
                        "resampled), seed 1, 95% rank ranges\n",
                        0),
            0u)
      << r.out;
  const std::regex system_line(R"(^\S+ -?[0-9]+\.[0-9]+ \([0-9]+\.0, [0-9]+\.0\)$)");
  const std::regex rule_line(R"(^\++$)");
  std::istringstream lines(r.out.substr(r.out.find('\n') + 1));
  int systems = 0, rules = 0;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, system_line)) {
      ++systems;
    } else if (std::regex_match(line, rule_line)) {
      ++rules;
    } else {
      ADD_FAILURE() << "unexpected line: " << line;
    }
  }
  EXPECT_EQ(systems, 10);
  EXPECT_GE(rules, 1);
  EXPECT_LT(rules, systems);
}

TEST(ClusterCommand, OutputDirThatIsAFileIsNamedAsSuch) {
  // Audit defect 39: a file given as --output-dir was reported as "does not exist".
  const std::string dir = TempDir("cluster_output_dir");
  const std::string input = SimulatedCsv(dir);
  ::tourney::testing::WriteFile(dir + "/afile", "x\n");
  const auto file = RunCommand(BinPath("tourney") + " cluster " + input +
                               " --language-pair all --bootstrap 20 --output-dir " + dir +
                               "/afile");
  EXPECT_EQ(file.exit_code, 2);
  EXPECT_TRUE(file.out.empty());
  EXPECT_NE(file.err.find("'" + dir + "/afile' exists and is not a directory"),
            std::string::npos)
      << file.err;
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, TableReadsLikePaperTable1) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  const auto r = RunCommand(BinPath("tourney") + " cluster " +
                            ::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Header with the paper's columns, ranges, clusters separated by rules.
  EXPECT_NE(r.out.find("#  score  range  system"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1,000 bootstrap replicates, 95% rank ranges"), std::string::npos);
  EXPECT_NE(r.out.find("----"), std::string::npos);
  EXPECT_NE(r.out.find("uedin-heafield-unconstrained"), std::string::npos);
}

TEST(ClusterCommand, EveryFormatRenders) {
  const std::string dir = TempDir("cluster_formats");
  const std::string input = SimulatedCsv(dir);
  const std::string base = BinPath("tourney") + " cluster " + input + " --bootstrap 100";
  auto latex = RunCommand(base + " --format latex");
  ASSERT_EQ(latex.exit_code, 0) << latex.err;
  EXPECT_NE(latex.out.find("\\begin{tabular}"), std::string::npos);
  EXPECT_NE(latex.out.find("\\bottomrule"), std::string::npos);
  EXPECT_NE(latex.out.find("100 bootstrap replicates"), std::string::npos);
  auto csv = RunCommand(base + " --format csv");
  ASSERT_EQ(csv.exit_code, 0);
  EXPECT_EQ(csv.out.rfind("rank,system,score,", 0), 0u);
  EXPECT_NE(csv.out.find(",rank_lo,rank_hi,cluster,rank_upper_bound,"), std::string::npos);
  auto md = RunCommand(base + " --format markdown");
  ASSERT_EQ(md.exit_code, 0);
  EXPECT_NE(md.out.find("| range | cluster |"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, WritesAWellFormedPlot) {
  const std::string dir = TempDir("cluster_plot");
  const std::string input = SimulatedCsv(dir);
  const std::string svg_path = dir + "/ranks.svg";
  const auto r = RunCommand(BinPath("tourney") + " cluster " + input +
                            " --bootstrap 200 --whiskers confidence --plot " + svg_path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string svg = ReadFile(svg_path);
  const auto check = CheckXml(svg);
  ASSERT_TRUE(check.ok) << check.error;
  size_t boxes = 0;
  for (size_t at = svg.find("<g class=\"system\">"); at != std::string::npos;
       at = svg.find("<g class=\"system\">", at + 1)) {
    ++boxes;
  }
  EXPECT_EQ(boxes, 7u);
  EXPECT_NE(svg.find("whiskers: 95% rank range"), std::string::npos);
  // An unwritable plot path is an error, and nothing is printed.
  const auto bad = RunCommand(BinPath("tourney") + " cluster " + input + " --bootstrap 10 --plot " +
                              dir + "/no/such/dir/x.svg");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(bad.out.empty());
  // Refused before any work, and the directory is not created.
  EXPECT_NE(bad.err.find("option '--plot': directory '" + dir + "/no/such/dir' does not exist"),
            std::string::npos)
      << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/no"));
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, EveryModelPlugsIn) {
  // Models come from MakeModelFromFlags, so each model's own flags work here too.
  const std::string dir = TempDir("cluster_models");
  const std::string input = SimulatedCsv(dir);
  for (const char* model :
       {"expected-wins-ties", "trueskill", "trueskill --selection uniform --budget 2000",
        "hopkins-may --iterations 40 --burn-in 10"}) {
    const std::string base =
        BinPath("tourney") + " cluster " + input + " --bootstrap 6 --format json --model " + model;
    const auto one = RunCommand(base + " --threads 1");
    const auto two = RunCommand(base + " --threads 2");
    ASSERT_EQ(one.exit_code, 0) << model << ": " << one.err;
    EXPECT_EQ(one.out, two.out) << model;
    EXPECT_NE(one.out.find("\"bootstrap_replicates\": 6"), std::string::npos) << model;
  }
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, RejectsBadOptions) {
  const std::string dir = TempDir("cluster_bad");
  const std::string input = SimulatedCsv(dir);
  const std::string base = BinPath("tourney") + " cluster " + input;
  for (const char* flags :
       {" --confidence 1.5", " --confidence 0", " --bootstrap 0", " --bootstrap x", " --threads -2",
        " --resample segments", " --whiskers both", " --model nope", " --format yaml",
        " --no-such-flag"}) {
    const auto r = RunCommand(base + std::string(flags));
    EXPECT_EQ(r.exit_code, 2) << flags << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << flags;
    EXPECT_NE(r.err.find("tourney cluster"), std::string::npos) << flags;
  }
  EXPECT_EQ(RunCommand(BinPath("tourney") + " cluster").exit_code, 2);
  const auto help = RunCommand(BinPath("tourney") + " cluster --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--bootstrap R"), std::string::npos);
  EXPECT_NE(help.out.find("--plot FILE"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The default of a flag as `COMMAND --help` prints it: "--flag X ... (default: V)".
std::string HelpDefault(const std::string& command, const std::string& flag) {
  const auto r = ::tourney::testing::RunCommand(
      "COLUMNS=160 " + ::tourney::testing::BinPath("tourney") + " " + command + " --help");
  const size_t at = r.out.find("  --" + flag + " ");
  if (at == std::string::npos) return "";
  const size_t end = r.out.find("\n  --", at + 1);  // the next option
  const size_t def = r.out.rfind("(default: ", end);
  if (def == std::string::npos || def < at) return "";
  return r.out.substr(def + 10, r.out.find(')', def) - def - 10);
}

TEST(ClusterCommand, ReportAndClusterShareTheirDefaults) {
  for (const char* flag : {"bootstrap", "confidence", "seed"}) {
    EXPECT_EQ(HelpDefault("report", flag), HelpDefault("cluster", flag)) << flag;
  }
  EXPECT_EQ(HelpDefault("cluster", "bootstrap"), "1000");  // WMT13 and the paper, section 6
}

TEST(ClusterCommand, PlotWhiskersAreTheRankRangesByDefault) {
  // Full-range whiskers cross the cluster lines; the default draws the confidence ranges
  // that the clusters come from.
  const std::string dir = ::tourney::testing::TempDir("whiskers");
  const std::string input = SimulatedCsv(dir);
  const auto r =
      ::tourney::testing::RunCommand(::tourney::testing::BinPath("tourney") + " cluster " + input +
                                     " --bootstrap 100 --plot " + dir + "/ranks.svg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string svg = ::tourney::testing::ReadFile(dir + "/ranks.svg");
  EXPECT_NE(svg.find("whiskers: 95% rank range"), std::string::npos);
  EXPECT_EQ(svg.find("whiskers: full range"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(ClusterCommand, PlotsAsPdfAndWithoutTitles) {
  const std::string dir = ::tourney::testing::TempDir("plot_pdf");
  const std::string input = SimulatedCsv(dir);
  const std::string base =
      ::tourney::testing::BinPath("tourney") + " cluster " + input + " --bootstrap 50 --plot ";
  auto r = ::tourney::testing::RunCommand(base + dir + "/ranks.svg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(::tourney::testing::ReadFile(dir + "/ranks.svg").find(">Bootstrap rank distributions"),
            std::string::npos);
  r = ::tourney::testing::RunCommand(base + dir + "/bare.svg --plot-no-title");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string bare = ::tourney::testing::ReadFile(dir + "/bare.svg");
  EXPECT_EQ(bare.find(">Bootstrap rank distributions"), std::string::npos);
  // The caption stays in <desc> but is no longer drawn: one occurrence instead of two.
  auto count = [](const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(::tourney::testing::ReadFile(dir + "/ranks.svg"), "Box: lower to upper"), 2);
  EXPECT_EQ(count(bare, "Box: lower to upper"), 1);
  // PDF through rsvg-convert (Debian librsvg2-bin, installed by tools/setup.sh).
  r = ::tourney::testing::RunCommand(base + dir + "/ranks.pdf");
  if (r.exit_code != 0 && r.err.find("librsvg2-bin") != std::string::npos) {
    GTEST_SKIP() << "rsvg-convert absent: " << r.err;
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(::tourney::testing::ReadFile(dir + "/ranks.pdf").substr(0, 5), "%PDF-");
  // Without the converter: a clear error, exit 2, no file, nothing on stdout.
  r = ::tourney::testing::RunCommand("PATH=/nonexistent " + base + dir + "/none.pdf");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("needs rsvg-convert (Debian package librsvg2-bin)"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/none.pdf"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// --language-pair all --format csv: one table with a language_pair column and one header,
// not a header per pair.
TEST(ClusterCommand, AllPairsCsvIsOneTableWithALanguagePairColumn) {
  const std::string dir = ::tourney::testing::TempDir("cluster_csv");
  std::string text =
      "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,"
      "rankingID\n";
  for (int i = 0; i < 12; ++i) {
    const std::string id = std::to_string(i);
    text += "deu,eng," + id + "," + id + ",j1,A,1,B," + (i % 4 ? "2" : "1") + ",d" + id + "\n";
    text += "ces,eng," + id + "," + id + ",j2,C,1,D," + (i % 3 ? "2" : "1") + ",c" + id + "\n";
  }
  const std::string input = dir + "/pairs.csv";
  ::tourney::testing::WriteFile(input, text);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + input +
                            " --language-pair all --bootstrap 20 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("language_pair,rank,system,score,", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("rank,system", 20), std::string::npos) << r.out;  // one header
  EXPECT_NE(r.out.find("\nde-en,1,A,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ncs-en,1,C,"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

// 100 ties for each of the three pairs of a, b, c as pairwise CSV.
std::string TiesCsv(const std::string& dir) {
  std::string csv = "system_a,system_b,outcome\n";
  for (int t = 0; t < 100; ++t) csv += "a,b,tie\nb,c,tie\nc,a,tie\n";
  const std::string path = dir + "/ties.csv";
  ::tourney::testing::WriteFile(path, csv);
  return path;
}

TEST(ClusterCommand, AnytimeOnlyTiesInEveryFormat) {
  // Each pair: 100 ties at alpha = 0.05 / 3, variance process 0: 1/2 +- 0.0870467 =
  // [0.412953, 0.587047] (an independent bisection on the mixture,
  // running_mean_sequence_test.cc); every Borda interval the same; nothing certified: one
  // cluster, rank ranges 1-3. The intervals are 0.1741 wide: a tie within epsilon 0.2, so
  // the board is settled.
  const std::string dir = TempDir("cluster_anytime");
  const std::string base = BinPath("tourney") + " cluster " + TiesCsv(dir) +
                           " --anytime --anytime-board pairwise --delta 0.05 --epsilon 0.2 "
                           "--format ";
  const auto csv = RunCommand(base + "csv");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find("1,a,0.500000,,,1,3,1,,200,0,0,200,,0.412953,0.587047\n"),
            std::string::npos)
      << csv.out;
  EXPECT_NE(csv.out.find("3,c,0.500000,,,1,3,1,"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("# note: anytime-valid at delta 0.05, epsilon 0.2"), std::string::npos)
      << csv.out;
  const auto json = RunCommand(base + "json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  for (const char* field :
       {"\"model\": \"expected-wins-anytime\"", "\"rule\": \"anytime\"", "\"delta\": 0.05",
        "\"epsilon\": 0.2", "\"settled\": true", "\"tie_within_epsilon\": true",
        "\"confidence\": 0.95", "\"rank_hi\": 3"}) {
    EXPECT_NE(json.out.find(field), std::string::npos) << field << "\n" << json.out;
  }
  const auto table = RunCommand(base + "table");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("anytime-valid at delta 0.05, epsilon 0.2"), std::string::npos);
  EXPECT_NE(table.out.find("0 of 2 boundaries separated, 2 ties within epsilon, settled"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("1-3"), std::string::npos) << table.out;
  const auto latex = RunCommand(base + "latex");
  ASSERT_EQ(latex.exit_code, 0) << latex.err;
  EXPECT_NE(latex.out.find("anytime-valid at delta 0.05"), std::string::npos) << latex.out;
  EXPECT_NE(latex.out.find("1--3"), std::string::npos) << latex.out;
  const auto markdown = RunCommand(base + "markdown");
  ASSERT_EQ(markdown.exit_code, 0) << markdown.err;
  EXPECT_NE(markdown.out.find("| 1-3 | 1 |"), std::string::npos) << markdown.out;
  EXPECT_NE(markdown.out.find("anytime-valid at delta 0.05"), std::string::npos);
  // Epsilon 0.1 is narrower than the intervals: not settled.
  const auto open = RunCommand(BinPath("tourney") + " cluster " + dir +
                               "/ties.csv --anytime --anytime-board pairwise --epsilon 0.1 "
                               "--format json");
  ASSERT_EQ(open.exit_code, 0) << open.err;
  EXPECT_NE(open.out.find("\"settled\": false"), std::string::npos) << open.out;
  std::filesystem::remove_all(dir);
}

TEST(ClusterCommand, AnytimePooledByDefaultOnOnlyTies) {
  // The pooled board (the default): each system is in 200 two-way rankings and meets each
  // other in 100, so q = 1/2, every weight 1 / (2 q) = 1 and M = 1; every observation is
  // 1/2. Its sequence at alpha = 0.05 / 3 has variance process 0 after 200 observations,
  // the radius of 100 ties halved: 1/2 +- 0.0435234 = [0.456477, 0.543523] (an independent
  // bisection on the mixture), narrower than the per-pair board's [0.412953, 0.587047] on
  // the same data.
  const std::string dir = TempDir("cluster_anytime_pooled");
  const std::string ties = TiesCsv(dir);
  const std::string expect = "1,a,0.500000,,,1,3,1,,200,0,0,200,,0.456477,0.543523\n";
  const auto csv = RunCommand(BinPath("tourney") + " cluster " + ties + " --anytime --format csv");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find(expect), std::string::npos) << expect << csv.out;
  const auto json =
      RunCommand(BinPath("tourney") + " cluster " + ties + " --anytime --format json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"model\": \"expected-wins-anytime-pooled\""), std::string::npos);
  const auto bad = RunCommand(BinPath("tourney") + " cluster " + ties +
                              " --anytime --anytime-board both");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("'--anytime-board': 'both' is neither pooled nor pairwise"),
            std::string::npos)
      << bad.err;
  const auto alone = RunCommand(BinPath("tourney") + " cluster " + ties +
                                " --anytime-board pairwise");
  EXPECT_EQ(alone.exit_code, 2);
  std::filesystem::remove_all(dir);
}

// WMT13 fr-en (9,996 five-way rankings): the pooled board separates 1 of the 12 boundaries
// at delta 0.05 where the per-pair board separates none. An independent implementation
// (a Python script of the same definition, written apart from this code: the design, the
// observations, the variance process and a bisection on the mixture) gave the same
// bounds: uedin-heafield-unconstrained 0.6105912 [0.5872790, 0.6339034], Shef-wproa last
// at 0.3482597 [0.3239390, 0.3725805].
TEST(ClusterCommand, AnytimePooledOnWmtThirteenFrenchEnglish) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  const std::string data = ::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv");
  const auto pooled = RunCommand(BinPath("tourney") + " cluster " + data + " --anytime");
  ASSERT_EQ(pooled.exit_code, 0) << pooled.err;
  EXPECT_NE(pooled.out.find("1 of 12 boundaries separated"), std::string::npos) << pooled.out;
  const auto csv =
      RunCommand(BinPath("tourney") + " cluster " + data + " --anytime --format csv");
  EXPECT_NE(csv.out.find("1,newstest2013.fr-en.uedin-heafield-unconstrained.2755,0.610591,,,"),
            std::string::npos)
      << csv.out;
  EXPECT_NE(csv.out.find(",0.587279,0.633903\n"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("13,newstest2013.fr-en.Shef-wproa.2780,0.348260,"), std::string::npos);
  EXPECT_NE(csv.out.find(",0.323939,0.372581\n"), std::string::npos) << csv.out;
  const auto pairwise = RunCommand(BinPath("tourney") + " cluster " + data +
                                   " --anytime --anytime-board pairwise");
  EXPECT_NE(pairwise.out.find("0 of 12 boundaries separated"), std::string::npos);
}

TEST(ClusterCommand, AnytimeRefusesBootstrapFlagsAndOtherModels) {
  const std::string dir = TempDir("cluster_anytime_usage");
  const std::string input = TiesCsv(dir);
  const std::string cluster = BinPath("tourney") + " cluster " + input;
  for (const char* flags :
       {" --anytime --bootstrap 100", " --anytime --confidence 0.9", " --anytime --model trueskill",
        " --anytime --protocol wmt16", " --anytime --resample rankings", " --anytime --plot x.svg",
        " --delta 0.1", " --epsilon 0.1", " --anytime --delta 0", " --anytime --delta 1",
        " --anytime --epsilon -0.1", " --anytime --epsilon 1.5", " --anytime --delta nan"}) {
    const auto r = RunCommand(cluster + flags);
    EXPECT_EQ(r.exit_code, 2) << flags << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << flags;
    EXPECT_NE(r.err.find("tourney cluster: option '--"), std::string::npos) << r.err;
  }
  // --model expected-wins is the anytime board's own family: accepted.
  EXPECT_EQ(RunCommand(cluster + " --anytime --model expected-wins").exit_code, 0);
  std::filesystem::remove_all(dir);
}

// Planned looks on WMT13 fr-en (9,996 rankings). Four equal looks over the input: the last
// look's level is 1 - 2 (1 - Phi(2.014)) = 0.956 (the published O'Brien-Fleming-type
// boundary, group_sequential_test), and its board keeps the fixed-sample board's 9
// clusters. A --looks-budget of 20,000 puts look 1 at 5,000 judgments, level 1 - 2 (1 - Phi(4.333))
// = 0.999985, and the board says it is provisional. An input short of look 1, --looks-budget
// without --looks and --looks with --anytime are usage errors.
TEST(ClusterCommand, PlannedLooksOnWmtThirteenFrenchEnglish) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  const std::string cluster = BinPath("tourney") + " cluster " +
                              ::tourney::testing::SharedPath("data/wmt13-fr-en/train.csv");
  auto last = RunCommand(cluster + " --looks 4 --format json");
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_NE(last.out.find("\"confidence\": 0.95599"), std::string::npos) << last.out.substr(0, 400);
  EXPECT_NE(last.out.find("planned look 4 of 4 (budget 9,996 judgments)"), std::string::npos);
  EXPECT_NE(last.out.find("\"cluster\": 9"), std::string::npos);
  EXPECT_EQ(last.out.find("\"cluster\": 10"), std::string::npos);
  auto first = RunCommand(cluster + " --looks 4 --looks-budget 20000 --format json");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("\"judgments\": \"5000\""), std::string::npos)
      << first.out.substr(0, 400);
  EXPECT_NE(first.out.find("\"confidence\": 0.99998"), std::string::npos);
  EXPECT_NE(first.out.find("provisional between looks: 4,996 later judgments are not shown "
                           "until look 2 at 10,000"),
            std::string::npos);
  // N12 (issue 45): the title gives the look's level to six digits as the note does (it
  // said "100% rank ranges" for look 1's 99.9985%, and 96% for look 4's 95.59996%).
  auto titled = RunCommand(cluster + " --looks 4 --looks-budget 20000 --bootstrap 100");
  ASSERT_EQ(titled.exit_code, 0) << titled.err;
  EXPECT_NE(titled.out.find(" bootstrap replicates, 99.9985% rank ranges"), std::string::npos)
      << titled.out.substr(0, 400);
  auto titled_last = RunCommand(cluster + " --looks 4 --bootstrap 100");
  EXPECT_NE(titled_last.out.find(" bootstrap replicates, 95.6% rank ranges"), std::string::npos)
      << titled_last.out.substr(0, 400);
  for (const char* flags : {" --looks 4 --looks-budget 50000", " --looks-budget 100", " --looks 0",
                            " --looks 4 --anytime"}) {
    const auto r = RunCommand(cluster + flags);
    EXPECT_EQ(r.exit_code, 2) << flags << ": " << r.err;
  }
  EXPECT_NE(RunCommand(cluster + " --looks 4 --looks-budget 50000")
                .err.find("no planned look reached yet: look 1 of 4 comes at 12,500 judgments"),
            std::string::npos);
}

}  // namespace
}  // namespace tourney
