#include "render/leaderboard_format.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "proto/leaderboard_proto.h"
#include "render/text_format.h"
#include "tourney/sequential/anytime_board.h"

namespace tourney {
namespace {

Judgments TwoComponents() {
  Judgments j;
  const SystemId a = j.systems().Intern("pre.alpha.12"), b = j.systems().Intern("pre.beta.7"),
                 c = j.systems().Intern("pre.gamma"), d = j.systems().Intern("pre.delta");
  const std::vector<uint8_t> r12 = {1, 2};
  j.AddRanking(std::vector<SystemId>{a, b}, r12);
  j.AddRanking(std::vector<SystemId>{c, d}, r12);
  return j;
}

TEST(LeaderboardFormat, JsonHasOriginalNamesAndZerosButNoInapplicableFields) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  const std::string json =
      FormatLeaderboard(BuildLeaderboard("expected-wins", j, r), OutputFormat::kJson);
  EXPECT_NE(json.find("\"rank\": 1"), std::string::npos);
  EXPECT_NE(json.find("\"score\": 0"), std::string::npos);  // a real zero stays
  // Expected Wins has no mu, sigma, R-hat, cluster or interval, and without a bootstrap no
  // rank range (the CSV leaves those columns empty): absent, not 0 and not the rank again.
  for (const char* field : {"\"mu\"", "\"sigma\"", "\"r_hat\"", "\"cluster\"", "\"score_lo\"",
                            "\"score_hi\"", "\"rank_upper_bound\"", "\"rank_lo\"",
                            "\"rank_hi\""}) {
    EXPECT_EQ(json.find(field), std::string::npos) << field << "\n" << json;
  }
  // A Gaussian model's board has them, zeros included.
  std::vector<SystemRating> g(4);
  for (SystemRating& x : g) x.sigma = 0.5;
  const std::string gaussian =
      FormatLeaderboard(BuildLeaderboard("trueskill", j, g), OutputFormat::kJson);
  EXPECT_NE(gaussian.find("\"mu\": 0"), std::string::npos) << gaussian;
  EXPECT_NE(gaussian.find("\"sigma\": 0.5"), std::string::npos) << gaussian;
  EXPECT_NE(json.find("\"system\": \"pre.alpha.12\""), std::string::npos);
  auto parsed = ParseLeaderboardJson(json);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  ASSERT_EQ(parsed->entries.size(), 4u);
  for (const LeaderboardEntry& e : parsed->entries) {  // read back as the rank, as built
    EXPECT_EQ(e.rank_lo, e.rank);
    EXPECT_EQ(e.rank_hi, e.rank);
  }
}

TEST(LeaderboardFormat, TableWarnsAboutDisconnectedGroups) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  const std::string t =
      FormatLeaderboard(BuildLeaderboard("expected-wins", j, r), OutputFormat::kTable);
  EXPECT_NE(t.find("2 components"), std::string::npos);
  EXPECT_NE(t.find("group 1: alpha beta"), std::string::npos);
  EXPECT_NE(t.find("group 2: gamma delta"), std::string::npos);
}

TEST(LeaderboardFormat, CsvQuotesAndLatexEscapes) {
  Judgments j;
  const std::vector<uint8_t> r12 = {1, 2};
  j.AddRanking(std::vector<SystemId>{j.systems().Intern("a,b"), j.systems().Intern("c_d")}, r12);
  std::vector<SystemRating> r(2);
  r[0].score = 1;
  const Leaderboard b = BuildLeaderboard("expected-wins", j, r);
  EXPECT_NE(FormatLeaderboard(b, OutputFormat::kCsv).find("1,\"a,b\",1.000000"), std::string::npos);
  EXPECT_NE(FormatLeaderboard(b, OutputFormat::kLatex).find("c\\_d"), std::string::npos);
}

TEST(LeaderboardFormat, ClusteredTableGroupsRows) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  for (int i = 0; i < 4; ++i) r[i].score = 1.0 - 0.1 * i;
  Leaderboard b = BuildLeaderboard("expected-wins", j, r);
  const int clusters[] = {1, 1, 2, 2};
  for (int i = 0; i < 4; ++i) b.entries[i].cluster = clusters[i];
  b.entries[1].rank_lo = 1;
  b.entries[1].rank_hi = 2;
  const std::string t = FormatLeaderboard(b, OutputFormat::kTable);
  EXPECT_NE(t.find("1-2"), std::string::npos);
  EXPECT_NE(t.find("\n---"), std::string::npos);  // rule between clusters
}

TEST(ShortSystemNames, DropsSharedPrefixAndSubmissionNumber) {
  const auto s = ShortSystemNames({"newstest2013.fr-en.KIT_primary.2658",
                                   "newstest2013.fr-en.online-A", "newstest2013.fr-en.JHU.2684"});
  EXPECT_EQ(s[0], "KIT_primary");
  EXPECT_EQ(s[1], "online-A");
  EXPECT_EQ(s[2], "JHU");
}

TEST(ShortSystemNames, KeepsFullNamesWhenShorteningCollides) {
  // Dropping the prefix would leave bare numbers; dropping the numbers would merge them.
  const auto s = ShortSystemNames({"x.sys.1", "x.sys.2"});
  EXPECT_EQ(s[0], "x.sys.1");
  EXPECT_EQ(s[1], "x.sys.2");
}

TEST(ParseOutputFormat, RejectsUnknown) {
  EXPECT_TRUE(ParseOutputFormat("latex").ok());
  EXPECT_FALSE(ParseOutputFormat("xml").ok());
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(LeaderboardFormat, WmtLayoutMatchesTheOrganisersResultFiles) {
  Leaderboard board;
  board.model = "expected-wins";
  board.bootstrap_replicates = 1000;
  board.seed = 1;
  board.confidence = 0.95;
  const struct {
    const char* system;
    double score;
    int lo, hi, cluster;
  } rows[] = {{"sys.A", 0.8172, 1, 1, 1},
              {"sys.B", 0.04449, 2, 5, 2},
              {"sys.C", -0.0001, 2, 6, 2},
              {"sys.D", -0.06999, 7, 7, 3}};
  for (const auto& r : rows) {
    LeaderboardEntry& e = board.entries.emplace_back();
    e.system = r.system;
    e.score = r.score;
    e.rank_lo = r.lo;
    e.rank_hi = r.hi;
    e.cluster = r.cluster;
  }
  // A first '#' line names the model and the board (readers of the layout skip it); after
  // it, as in results/wmt16.*.txt: Python floats rounded to 3 decimals, "0.0" for zero.
  const std::string wmt = FormatLeaderboard(board, OutputFormat::kWmt);
  const size_t body = wmt.find('\n') + 1;
  EXPECT_EQ(wmt.substr(0, body),
            "# tourney cluster: Expected Wins, 1,000 bootstrap replicates, seed 1, 95% rank "
            "ranges\n");
  EXPECT_EQ(wmt.substr(body),
            "sys.A 0.817 (1.0, 1.0)\n"
            "++++++++++\n"
            "sys.B 0.044 (2.0, 5.0)\n"
            "sys.C 0.0 (2.0, 6.0)\n"
            "++++++++++\n"
            "sys.D -0.07 (7.0, 7.0)\n");
  EXPECT_EQ(*ParseOutputFormat("wmt"), OutputFormat::kWmt);
  // An anytime board names itself, pooled or pairwise, with its delta and epsilon.
  Stopping& stop = board.stopping.emplace();
  stop.rule = "anytime";
  stop.delta = 0.05;
  stop.epsilon = 0.03;
  for (const char* model : {"expected-wins-anytime-pooled", "expected-wins-anytime"}) {
    board.model = model;
    const std::string any = FormatLeaderboard(board, OutputFormat::kWmt);
    EXPECT_EQ(any.substr(0, any.find('\n') + 1),
              std::string("# tourney cluster: Expected Wins, anytime-valid ") +
                  (board.model == "expected-wins-anytime" ? "pairwise" : "pooled") +
                  " board, delta 0.05, epsilon 0.03, rank ranges of certified separations\n");
    EXPECT_EQ(any.substr(any.find('\n') + 1), wmt.substr(body));
  }
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

Leaderboard TwoSystemBoard(const std::string& model, double second_score) {
  Leaderboard board;
  board.model = model;
  board.judgments = 10;
  board.connected = true;
  for (auto [name, score] : {std::pair<std::string, double>{"a|b", 0.5},
                             std::pair<std::string, double>{"c", second_score}}) {
    LeaderboardEntry& e = board.entries.emplace_back();
    e.system = name;
    e.score = score;
    e.rank = static_cast<int>(board.entries.size());
  }
  return board;
}

TEST(LeaderboardFormat, WarningsReachEveryFormat) {
  Leaderboard board = TwoSystemBoard("hopkins-may", 0.25);
  board.warnings.push_back("sampler did not converge");
  board.connected = false;
  board.components = {{"a|b"}, {"c"}};
  const std::string csv = FormatLeaderboard(board, OutputFormat::kCsv);
  EXPECT_NE(csv.find("\n# warning: sampler did not converge\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("# warning: the comparison graph has 2 components"), std::string::npos);
  const std::string latex = FormatLeaderboard(board, OutputFormat::kLatex);
  EXPECT_NE(latex.find("\n% warning: sampler did not converge\n"), std::string::npos) << latex;
  const std::string md = FormatLeaderboard(board, OutputFormat::kMarkdown);
  EXPECT_NE(md.find("> **warning:** sampler did not converge"), std::string::npos) << md;
  const std::string table = FormatLeaderboard(board, OutputFormat::kTable);
  EXPECT_NE(table.find("warning: sampler did not converge"), std::string::npos);
}

TEST(LeaderboardFormat, MarkdownEscapesPipes) {
  const std::string md =
      FormatLeaderboard(TwoSystemBoard("expected-wins", 0.25), OutputFormat::kMarkdown);
  EXPECT_NE(md.find("| a\\|b |"), std::string::npos) << md;
  EXPECT_EQ(md.find("| a|b |"), std::string::npos) << md;
}

TEST(LeaderboardFormat, LatexUsesMinusSignsAndDistinctLabels) {
  const std::string one =
      FormatLeaderboard(TwoSystemBoard("trueskill", -0.121), OutputFormat::kLatex);
  EXPECT_NE(one.find("& $-$0.121 &"), std::string::npos) << one;
  EXPECT_EQ(one.find("-0.121"), std::string::npos) << one;
  const std::string two =
      FormatLeaderboard(TwoSystemBoard("trueskill", -0.3), OutputFormat::kLatex);
  const std::string other_model =
      FormatLeaderboard(TwoSystemBoard("expected-wins", -0.121), OutputFormat::kLatex);
  auto label = [](const std::string& tex) {
    const size_t at = tex.find("\\label{");
    return tex.substr(at, tex.find('}', at) - at);
  };
  EXPECT_EQ(label(one).rfind("\\label{tab:trueskill-", 0), 0u) << label(one);
  EXPECT_NE(label(one), label(two));
  EXPECT_NE(label(one), label(other_model));
  EXPECT_EQ(label(one),
            label(FormatLeaderboard(TwoSystemBoard("trueskill", -0.121), OutputFormat::kLatex)));
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(LeaderboardFormat, CsvCarriesTheScoreInterval) {
  Leaderboard board = TwoSystemBoard("expected-wins", 0.25);
  board.entries[0].score_lo = 0.4;
  board.entries[0].score_hi = 0.625;
  const std::string csv = FormatLeaderboard(board, OutputFormat::kCsv);
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_EQ(header.substr(header.size() - 18), ",score_lo,score_hi") << header;
  EXPECT_NE(csv.find(",0.400000,0.625000\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",c,0.250000,"), std::string::npos) << csv;
  // Without an interval the cells are empty, not 0.
  const std::string second = csv.substr(csv.find(",c,"));
  EXPECT_EQ(second.substr(second.find('\n') - 2, 3), ",,\n") << second;
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

TEST(LeaderboardFormat, HugeAndTinyValuesUseExponentNotation) {
  // A table cell of 5e307 in %.3f is 308 digits wide; in exponent notation it is 10.
  Leaderboard board = TwoSystemBoard("bradley-terry", 5e62);
  board.entries[0].score = 5e307;
  board.entries[1].sigma = 4e-5;
  board.entries[0].sigma = 1.0;
  const std::string table = FormatLeaderboard(board, OutputFormat::kTable);
  EXPECT_NE(table.find("5.000e+307"), std::string::npos) << table;
  EXPECT_NE(table.find("5.000e+62"), std::string::npos) << table;
  EXPECT_NE(table.find("4.000e-05"), std::string::npos) << table;
  EXPECT_EQ(table.find("00000000000"), std::string::npos) << table;
  for (OutputFormat f : {OutputFormat::kCsv, OutputFormat::kMarkdown, OutputFormat::kLatex}) {
    const std::string out = FormatLeaderboard(board, f);
    EXPECT_EQ(out.find("00000000000"), std::string::npos) << out;
    EXPECT_NE(out.find("e+307"), std::string::npos) << out;
  }
}

TEST(LeaderboardFormat, CsvLeavesInapplicableFieldsEmpty) {
  // Expected Wins without a bootstrap: no mu, sigma, rank range, cluster, upper bound,
  // r_hat or interval. rank,system,score,... with 13 empty-or-count cells.
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  r[0].score = 1.0;
  const std::string csv =
      FormatLeaderboard(BuildLeaderboard("expected-wins", j, r), OutputFormat::kCsv);
  const size_t row = csv.find('\n') + 1;
  // pre.alpha.12 won its only comparison: 1 comparison, 1 win, 0 losses, 0 ties.
  EXPECT_EQ(csv.substr(row, csv.find('\n', row) - row), "1,pre.alpha.12,1.000000,,,,,,,1,1,0,0,,,")
      << csv;
  // With a bootstrap the range and cluster are there.
  Leaderboard clustered = BuildLeaderboard("expected-wins", j, r);
  clustered.bootstrap_replicates = 100;
  clustered.confidence = 0.95;
  for (auto& e : clustered.entries) e.cluster = 1;
  clustered.entries[0].rank_hi = 2;
  const std::string c = FormatLeaderboard(clustered, OutputFormat::kCsv);
  EXPECT_NE(c.find("1,pre.alpha.12,1.000000,,,1,2,1,,1,1,0,0,,,"), std::string::npos) << c;
}

TEST(LeaderboardFormat, CsvWithALanguagePairColumn) {
  const Leaderboard board = TwoSystemBoard("expected-wins", 0.25);
  const std::string pair = "de-en";
  const std::string csv = FormatLeaderboardCsv(board, &pair);
  EXPECT_EQ(csv.rfind("language_pair,rank,system,", 0), 0u) << csv;
  EXPECT_NE(csv.find("\nde-en,2,c,0.250000,"), std::string::npos) << csv;
}

TEST(LeaderboardFormat, TableAlignsWideCharactersByColumns) {
  // "日本" is 6 bytes but 4 columns; "abcd" 4 columns: the comparisons column must start at
  // the same column on both rows, i.e. after the same number of display columns.
  Leaderboard board = TwoSystemBoard("expected-wins", 0.25);
  board.entries[0].system = "\xE6\x97\xA5\xE6\x9C\xAC";
  board.entries[1].system = "abcd";
  board.entries[0].comparisons = board.entries[1].comparisons = 7;
  const std::string table = FormatLeaderboard(board, OutputFormat::kTable);
  std::vector<std::string> lines;
  for (size_t at = 0; at < table.size();) {
    const size_t end = table.find('\n', at);
    lines.push_back(table.substr(at, end - at));
    at = end + 1;
  }
  ASSERT_GE(lines.size(), 4u);
  // Display width of each data row up to the trailing count: equal.
  EXPECT_EQ(DisplayWidth(lines[2]), DisplayWidth(lines[3])) << table;
  EXPECT_NE(lines[2].size(), lines[3].size());  // while the byte lengths differ
}

TEST(LeaderboardFormat, StyleControlCoefficientInEveryFormat) {
  Leaderboard board = TwoSystemBoard("bradley-terry", 0.25);
  board.confidence = 0.95;
  board.covariate_effects.push_back({"len_diff", 0.25, 0.0125, 0.2255, 0.2745});
  const std::string expected =
      "style control: len_diff coefficient 0.2500 (se 0.0125, 95% interval 0.2255..0.2745) "
      "log-odds per unit";
  EXPECT_NE(FormatLeaderboard(board, OutputFormat::kTable).find(expected), std::string::npos);
  EXPECT_NE(FormatLeaderboard(board, OutputFormat::kCsv).find("# " + expected + "\n"),
            std::string::npos);
  EXPECT_NE(FormatLeaderboard(board, OutputFormat::kMarkdown)
                .find("> **style control:** len_diff coefficient 0.2500"),
            std::string::npos)
      << FormatLeaderboard(board, OutputFormat::kMarkdown);
  const std::string latex = FormatLeaderboard(board, OutputFormat::kLatex);
  EXPECT_NE(latex.find("style control: len\\_diff coefficient 0.2500"), std::string::npos) << latex;
}

TEST(LeaderboardFormat, TitlesUseModelNamesAndNoRedundantRankings) {
  Leaderboard board = TwoSystemBoard("bradley-terry", 0.25);
  board.comparisons = 200000;
  board.rankings = 200000;  // a battle log: one "ranking" per battle
  const std::string table = FormatLeaderboard(board, OutputFormat::kTable);
  EXPECT_EQ(table.rfind("Bradley-Terry: 200,000 pairwise comparisons\n", 0), 0u) << table;
  board.rankings = 20000;  // 5-way rankings: 10 comparisons each
  EXPECT_EQ(FormatLeaderboard(board, OutputFormat::kTable)
                .rfind("Bradley-Terry: 200,000 pairwise comparisons from 20,000 rankings\n", 0),
            0u);
  EXPECT_EQ(ModelDisplayName("trueskill"), "TrueSkill");
  EXPECT_EQ(ModelDisplayName("rao-kupper"), "Bradley-Terry with Rao-Kupper ties");
  EXPECT_EQ(ModelDisplayName("no-such-model"), "no-such-model");
}

// A live campaign's top-k goal (rule "top-k") is stated in every text format, with the
// set, delta, epsilon and whether it is settled; JSON keeps it in the stopping message.
TEST(LeaderboardFormat, TopKGoalIsStatedInEveryTextFormat) {
  const Judgments j = TwoComponents();
  std::vector<SystemRating> r(4);
  Leaderboard board = BuildLeaderboard("expected-wins", j, r);
  Stopping& stop = board.stopping.emplace();
  stop.rule = "top-k";
  stop.delta = 0.05;
  stop.epsilon = 0.02;
  stop.top = {"pre.gamma", "pre.alpha.12"};
  const std::string open =
      "top-2 goal at delta 0.05, epsilon 0.02 (judgments in input order): current top 2 "
      "pre.gamma, pre.alpha.12, not settled";
  for (OutputFormat f :
       {OutputFormat::kTable, OutputFormat::kMarkdown, OutputFormat::kCsv, OutputFormat::kLatex}) {
    EXPECT_NE(FormatLeaderboard(board, f).find(open), std::string::npos)
        << FormatLeaderboard(board, f);
  }
  stop.settled = true;
  const std::string table = FormatLeaderboard(board, OutputFormat::kTable);
  EXPECT_NE(table.find("): identified top 2 pre.gamma, pre.alpha.12, settled"), std::string::npos)
      << table;
  // Identified only within epsilon: the text says so, in every text format.
  stop.top_within_epsilon = true;
  for (OutputFormat f :
       {OutputFormat::kTable, OutputFormat::kMarkdown, OutputFormat::kCsv, OutputFormat::kLatex}) {
    EXPECT_NE(FormatLeaderboard(board, f).find(
                  "): identified top 2 within epsilon 0.02: pre.gamma, pre.alpha.12, settled"),
              std::string::npos)
        << FormatLeaderboard(board, f);
  }
  EXPECT_NE(FormatLeaderboard(board, OutputFormat::kJson).find("\"top_within_epsilon\": true"),
            std::string::npos);
  const std::string json = FormatLeaderboard(board, OutputFormat::kJson);
  EXPECT_NE(json.find("\"rule\": \"top-k\""), std::string::npos) << json;
  // Without a stopping rule no goal line appears.
  board.stopping.reset();
  EXPECT_EQ(FormatLeaderboard(board, OutputFormat::kTable).find("goal at delta"),
            std::string::npos);
}

// An anytime board states its promise, and why it has fewer clusters than a bootstrap
// board, in the table and in the notes of CSV, Markdown and LaTeX; the table lists the
// boundaries not separated with the pair that blocks each, at most 12.
TEST(LeaderboardFormat, AnytimeBoardExplainsItself) {
  // 20 systems s00..s19, every pair tied once, in id order: nothing is certified (a pair of
  // one tie is 1/2 +- 1), so all 19 boundaries are open, each blocked by the pair furthest
  // apart: s00 and s19 (equal scores keep the id order).
  Judgments j;
  std::vector<SystemId> ids;
  for (int i = 0; i < 20; ++i) {
    ids.push_back(j.systems().Intern(std::string(i < 10 ? "s0" : "s") + std::to_string(i)));
  }
  const std::vector<uint8_t> tie = {1, 1};
  for (int a = 0; a < 20; ++a) {
    for (int b = a + 1; b < 20; ++b) j.AddRanking(std::vector<SystemId>{ids[a], ids[b]}, tie);
  }
  auto board = BuildAnytimeLeaderboard(j, AnytimeOptions{0.05, 0.0});
  ASSERT_TRUE(board.ok()) << board.status().message();
  const std::string promise =
      "every separation shown holds with probability >= 0.95 at every number of judgments, "
      "under any match selection";
  const std::string fewer =
      "why fewer clusters than a bootstrap board: a bootstrap board's 95% holds for one look "
      "at a sample size fixed in advance; this board's 95% holds at every look, so it "
      "separates fewer systems";
  EXPECT_EQ(AnytimePromise(*board), promise);
  EXPECT_EQ(AnytimeFewerClusters(*board), fewer);
  const std::string table = FormatLeaderboard(*board, OutputFormat::kTable);
  EXPECT_NE(table.find("; " + promise + "\n"), std::string::npos) << table;
  EXPECT_NE(table.find("\nnote: " + fewer + "\n"), std::string::npos) << table;
  const std::string csv = FormatLeaderboard(*board, OutputFormat::kCsv);
  EXPECT_NE(csv.find("# note: anytime-valid at delta 0.05"), std::string::npos) << csv;
  EXPECT_NE(csv.find(promise + "\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n# note: " + fewer + "\n"), std::string::npos) << csv;
  const std::string md = FormatLeaderboard(*board, OutputFormat::kMarkdown);
  EXPECT_NE(md.find(promise + "\n"), std::string::npos) << md;
  EXPECT_NE(md.find("> **note:** " + fewer + "\n"), std::string::npos) << md;
  const std::string latex = FormatLeaderboard(*board, OutputFormat::kLatex);
  EXPECT_NE(latex.find("\\caption{"), std::string::npos);
  EXPECT_NE(latex.find(promise + ", clusters separated by rules; " + LatexEscape(fewer) + ".}"),
            std::string::npos)
      << latex;
  EXPECT_NE(latex.find("% note: " + fewer + "\n"), std::string::npos) << latex;

  // The open boundaries: the first 12, then a count of the other 7.
  for (int r = 0; r < 12; ++r) {
    char line[80];
    std::snprintf(line, sizeof(line), "\nopen: s%02d | s%02d (blocked by s00 vs s19)\n", r,
                  r + 1);
    EXPECT_NE(table.find(line), std::string::npos) << line << table;
  }
  EXPECT_EQ(table.find("open: s12 | s13"), std::string::npos) << table;
  EXPECT_NE(table.find("\nopen: s11 | s12 (blocked by s00 vs s19)\n... and 7 more not "
                       "separated\n"),
            std::string::npos)
      << table;
  // The JSON carries the pair on every boundary, and no z or estimate.
  const std::string json = FormatLeaderboard(*board, OutputFormat::kJson);
  EXPECT_NE(json.find("\"blocking_lower\": \"s19\""), std::string::npos);
  EXPECT_EQ(json.find("\"z\""), std::string::npos);
  EXPECT_EQ(json.find("\"more_judgments\""), std::string::npos);
}

}  // namespace
}  // namespace tourney
