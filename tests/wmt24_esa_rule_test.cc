// WMT24's ESA rule, both revisions: the domain of a documentID, the scipy signed-rank tests
// and the Stouffer combination against values worked out by hand (and Python's
// statistics.NormalDist, scipy's documented example), and the board of the hand-made wave
// (tests/data/wmt24_esa/README.md) against the means and p-values worked out by hand and,
// when python3 is present, against the independent reference.py.
#include "tourney/protocols/wmt24_esa_rule.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/appraise_scores_reader.h"

namespace tourney {
namespace {

std::string FixturePath() {
  return std::string(TOURNEY_SOURCE_DIR) + "/tests/data/wmt24_esa/wave.csv";
}

int IdOf(const DaJudgments& j, const std::string& name) {
  for (size_t i = 0; i < j.systems.size(); ++i) {
    if (j.systems[i] == name) return static_cast<int>(i);
  }
  return -1;
}

TEST(Wmt24EsaRule, DomainIsTheDocumentIdPartAfterTheLanguage) {
  // documentIDs as the WMT24 waves and txt/documents/*.docs write them.
  EXPECT_EQ(Wmt24DomainOfDocument("test-en-news_scotsman.87458"), "news");
  EXPECT_EQ(Wmt24DomainOfDocument("test-cs-official_official01"), "official");
  EXPECT_EQ(Wmt24DomainOfDocument("test-en-speech_-uigLE6EI1g_000"), "speech");
  EXPECT_EQ(Wmt24DomainOfDocument("test-en-literary_forever_snow_chunk_2_words_986"),
            "literary");
  EXPECT_EQ(Wmt24DomainOfDocument("test-en-social_112140958167999904#incomplete"), "social");
  EXPECT_EQ(Wmt24DomainOfDocument("canary"), "other");
  EXPECT_EQ(Wmt24DomainOfDocument("doc1"), "other");
  EXPECT_EQ(Wmt24DomainOfDocument("test-en_news"), "other");
  EXPECT_EQ(Wmt24DomainOfDocument("test-en-_x"), "other");
}

TEST(Wmt24EsaRule, NormalQuantileMatchesTabulatedValues) {
  // Python's statistics.NormalDist().inv_cdf (Wichura's AS241).
  EXPECT_NEAR(StandardNormalQuantile(0.975), 1.9599639845400536, 1e-14);
  EXPECT_NEAR(StandardNormalQuantile(0.05), -1.6448536269514726, 1e-14);
  EXPECT_NEAR(StandardNormalQuantile(0.3), -0.5244005127080407, 1e-14);
  EXPECT_NEAR(StandardNormalQuantile(1e-10), -6.361340902404056, 1e-12);
  EXPECT_NEAR(StandardNormalQuantile(1 - 1e-12), 7.0344869100478356, 1e-6);  // 1 - 1e-12 inexact
  EXPECT_EQ(StandardNormalQuantile(0.5), 0.0);
  EXPECT_EQ(StandardNormalQuantile(0.0), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(StandardNormalQuantile(1.0), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(StandardNormalQuantile(1.5)));
}

TEST(Wmt24EsaRule, SignedRankTestIsScipysExactTestWithoutZeros) {
  // [1, 2, 3]: W+ = 6, the top of 8 sign patterns: p = 2 * 1/8.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankTwoSidedLikeScipy({1, 2, 3}), 0.25);
  // [1, -2, 3, 4, 5]: W+ = 13; patterns with W+ >= 13 = those with W- <= 2: 3 of 32.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankTwoSidedLikeScipy({1, -2, 3, 4, 5}), 6.0 / 32.0);
  // scipy.stats.wilcoxon's documented example: statistic 24, p = 0.041259765625.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankTwoSidedLikeScipy(
                       {6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75}),
                   0.041259765625);
  // Ties, no zero: [-2, 5, 1, 2, 3, -2]: ranks 3, 6, 1, 3, 5, 3, W+ = 15; P(W+ >= 15) =
  // P(W+ <= 6) = 14/64, P(W+ <= 15) = 54/64: p = 28/64.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankTwoSidedLikeScipy({-2, 5, 1, 2, 3, -2}), 0.4375);
  // One difference: p = 1.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankTwoSidedLikeScipy({4}), 1.0);
  // One-sided ("greater"): P(W+ >= floor(w)).
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy({1, 2, 3}), 0.125);
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy({-2, 5, 1, 2, 3, -2}), 14.0 / 64);
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy({-1, 5, -1, 4}), 5.0 / 16);
  // scipy's documented example with alternative="greater": p = 0.0206298828125.
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy(
                       {6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75}),
                   0.0206298828125);
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy({4}), 0.5);
  EXPECT_DOUBLE_EQ(WilcoxonSignedRankGreaterLikeScipy({-4}), 1.0);
}

TEST(Wmt24EsaRule, SignedRankTestIsTheNormalApproximationWithZerosOrBeyondFifty) {
  // [2, 0, 2, 2, 1, 2]: the zero dropped, m = 5, W+ = 15, mean 7.5, variance (330 - 30/2) /
  // 24 = 12.5 (one tie group of 4): p = 2 Phi(-7.5 / sqrt(12.5)) (NormalDist).
  EXPECT_NEAR(WilcoxonSignedRankTwoSidedLikeScipy({2, 0, 2, 2, 1, 2}), 0.03389485352468935,
              1e-15);
  // 51 differences 1..51, every third negative (no zero, no tie): reference.py.
  std::vector<double> d;
  for (int i = 1; i <= 51; ++i) d.push_back(i % 3 != 0 ? i : -i);
  EXPECT_NEAR(WilcoxonSignedRankTwoSidedLikeScipy(d), 0.05585218203558473, 1e-14);
  // 60 differences with ties: (i % 7 + 1), negative when i % 4 == 0: reference.py.
  std::vector<double> tied;
  for (int i = 0; i < 60; ++i) tied.push_back((i % 7 + 1) * (i % 4 != 0 ? 1 : -1));
  EXPECT_NEAR(WilcoxonSignedRankTwoSidedLikeScipy(tied), 0.0005090590148033591, 1e-15);
  // One-sided: 1 - Phi(7.5 / sqrt(12.5)); the 51 differences and their negatives.
  EXPECT_NEAR(WilcoxonSignedRankGreaterLikeScipy({2, 0, 2, 2, 1, 2}), 0.016947426762344675,
              1e-15);
  EXPECT_NEAR(WilcoxonSignedRankGreaterLikeScipy(d), 0.027926091017792365, 1e-14);
  for (double& x : d) x = -x;
  EXPECT_NEAR(WilcoxonSignedRankGreaterLikeScipy(d), 0.9720739089822077, 1e-14);
  EXPECT_TRUE(std::isnan(WilcoxonSignedRankTwoSidedLikeScipy({})));
  EXPECT_TRUE(std::isnan(WilcoxonSignedRankTwoSidedLikeScipy({0, 0})));
}

TEST(Wmt24EsaRule, StoufferCombinationLosesTheDirection) {
  // 1 - Phi((2 Phi^-1(0.96875) + Phi^-1(0.875)) / sqrt(3)) (NormalDist).
  EXPECT_NEAR(CombinePValuesLikeWmt24({0.03125, 0.03125, 0.125}), 0.0024384669830617156, 1e-15);
  // The quirk: news says A > B at p = 0.03125, social says B > A at p = 0.03125; the two-sided
  // p-values carry no direction, so the combination is as strong as if both agreed.
  EXPECT_NEAR(CombinePValuesLikeWmt24({0.03125, 0.03125}),
              1 - 0.5 * std::erfc(-2 * StandardNormalQuantile(0.96875) / std::sqrt(2.0) /
                                  std::sqrt(2.0)),
              1e-15);
  EXPECT_LT(CombinePValuesLikeWmt24({0.03125, 0.03125}), 0.01);
  EXPECT_DOUBLE_EQ(CombinePValuesLikeWmt24({0.5, 0.5}), 0.5);
  // A domain with p = 1 gives Phi^-1(0) = -inf: p = 1 whatever the others.
  EXPECT_DOUBLE_EQ(CombinePValuesLikeWmt24({1.0, 0.001}), 1.0);
  EXPECT_TRUE(std::isnan(CombinePValuesLikeWmt24({})));
}

class Wmt24EsaFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    auto read = ReadAppraiseScores(FixturePath());
    ASSERT_TRUE(read.ok()) << read.status().message();
    judgments_ = read->judgments;
  }
  DaJudgments judgments_;
};

TEST_F(Wmt24EsaFixture, ScoresAreDomainMacroAveragesOfItemMeans) {
  auto board = RankLikeWmt24Esa(judgments_);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->domains, (std::vector<std::string>{"news", "social", "speech"}));
  const int a = IdOf(judgments_, "A"), b = IdOf(judgments_, "B");
  const int c = IdOf(judgments_, "C"), d = IdOf(judgments_, "D");
  // By hand (README): A news (90+85+88+92+80+95)/6 (the resubmitted 50 replaced by 90, the
  // filler row left out), social 449/6, speech 257/4; macro (530/6 + 449/6 + 257/4) / 3.
  EXPECT_NEAR(board->domain_score[a][0], 530.0 / 6, 1e-12);
  EXPECT_NEAR(board->domain_score[a][1], 449.0 / 6, 1e-12);
  EXPECT_NEAR(board->domain_score[a][2], 257.0 / 4, 1e-12);
  EXPECT_NEAR(board->score[a], (530.0 / 6 + 449.0 / 6 + 257.0 / 4) / 3, 1e-12);
  EXPECT_NEAR(board->micro[a], 1236.0 / 16, 1e-12);
  // B's social item 7: two annotators, 70 and 74: 72. Social (72+70+79+70+75+76)/6.
  EXPECT_NEAR(board->domain_score[b][1], 442.0 / 6, 1e-12);
  EXPECT_NEAR(board->score[b], 223.0 / 3, 1e-12);
  EXPECT_EQ(board->annotations[b], 17);
  EXPECT_EQ(board->items[b], 16);
  // C: the BAD copy (5) left out.
  EXPECT_NEAR(board->score[c], (422.0 / 6 + 329.0 / 6 + 177.0 / 4) / 3, 1e-12);
  // D has no social item: macro over two domains (88.5 + 57.5) / 2 = 73, micro 761 / 10.
  EXPECT_TRUE(std::isnan(board->domain_score[d][1]));
  EXPECT_DOUBLE_EQ(board->score[d], 73.0);
  EXPECT_DOUBLE_EQ(board->micro[d], 76.1);
  EXPECT_EQ(board->order, (std::vector<int>{a, b, d, c}));
  EXPECT_NEAR(board->annotations_per_system, 59.0 / 4, 1e-12);
}

TEST_F(Wmt24EsaFixture, PublishedRevisionTestsOneSidedAndWinsByTheTest) {
  auto board = RankLikeWmt24Esa(judgments_);
  ASSERT_TRUE(board.ok()) << board.status().message();
  const int n = judgments_.num_systems();
  const int a = IdOf(judgments_, "A"), b = IdOf(judgments_, "B");
  const int c = IdOf(judgments_, "C"), d = IdOf(judgments_, "D");
  auto p = [&](int x, int y) { return board->p_value[static_cast<size_t>(x) * n + y]; };
  // A above B: news [2, 0, 2, 2, 1, 2] (normal approximation, 1 - Phi(7.5 / sqrt(12.5))),
  // social [-2, 5, 1, 2, 3, -2] exact 14/64, speech [-1, 5, -1, 4] exact 5/16.
  EXPECT_NEAR(p(a, b), CombinePValuesLikeWmt24({0.016947426762344675, 14.0 / 64, 5.0 / 16}),
              1e-15);
  EXPECT_NEAR(p(a, b), 0.025279299124227772, 1e-15);  // reference.py
  EXPECT_GT(p(b, a), 0.98);
  // A above C: every difference positive: news 1/64, social (six ties) 1/64, speech 1/16.
  EXPECT_NEAR(p(a, c), CombinePValuesLikeWmt24({1.0 / 64, 1.0 / 64, 1.0 / 16}), 1e-15);
  // C above D: every difference negative: news and speech p = 1: Phi^-1(0) = -inf, p = 1.
  EXPECT_DOUBLE_EQ(p(c, d), 1.0);
  // Ranks: A beats B and C (1-2); B loses to A, beats C (2-3); D beats C only and nobody
  // beats D (p(A, D) = 0.17): 1-3 from third place; C 4-4.
  EXPECT_EQ(board->rank_top[a], 1);
  EXPECT_EQ(board->rank_bottom[a], 2);
  EXPECT_EQ(board->rank_top[b], 2);
  EXPECT_EQ(board->rank_bottom[b], 3);
  EXPECT_EQ(board->rank_top[d], 1);
  EXPECT_EQ(board->rank_bottom[d], 3);
  EXPECT_EQ(board->rank_top[c], 4);
  EXPECT_EQ(board->rank_bottom[c], 4);
  // Clusters: positions 1, 2, 3 stay within the cutoffs 1, 2, 3; C's position 4 passes 3.
  EXPECT_EQ(board->cluster[a], 1);
  EXPECT_EQ(board->cluster[b], 1);
  EXPECT_EQ(board->cluster[d], 1);
  EXPECT_EQ(board->cluster[c], 2);
  EXPECT_EQ(board->num_clusters, 2);
}

TEST_F(Wmt24EsaFixture, RepositoryRevisionTestsTwoSidedAndLosesTheDirection) {
  Wmt24EsaOptions options;
  options.revision = Wmt24EsaRevision::kRepository;
  auto board = RankLikeWmt24Esa(judgments_, options);
  ASSERT_TRUE(board.ok()) << board.status().message();
  const int n = judgments_.num_systems();
  const int a = IdOf(judgments_, "A"), b = IdOf(judgments_, "B");
  const int c = IdOf(judgments_, "C"), d = IdOf(judgments_, "D");
  auto p = [&](int x, int y) { return board->p_value[static_cast<size_t>(x) * n + y]; };
  // A vs C: every difference positive; news 6 distinct (p = 2/64), social six 20s (ties:
  // W+ = 21, p = 2/64), speech 4 (p = 2/16): the combination of the Stouffer test above.
  EXPECT_NEAR(p(a, c), 0.0024384669830617156, 1e-15);
  EXPECT_EQ(p(a, c), p(c, a));
  // D vs C: news 2/64 and speech 2/16 (D has no social item).
  EXPECT_NEAR(p(d, c), CombinePValuesLikeWmt24({2.0 / 64, 2.0 / 16}), 1e-15);
  EXPECT_NEAR(p(d, c), 0.016562284102413782, 1e-15);
  // A vs D: news differences [2, -5, -4, 6, -4, 4], W+ = 10 of mean 10.5: p = 1, so the
  // combination is 1 whatever speech (p = 2/16) says.
  EXPECT_DOUBLE_EQ(p(a, d), 1.0);
  // A vs B: news [2, 0, 2, 2, 1, 2] (normal approximation, 0.0339), social 0.4375, speech
  // [-1, 5, -1, 4] exact with ties: W+ = 7, 2 * 5/16.
  EXPECT_NEAR(p(a, b),
              CombinePValuesLikeWmt24({0.03389485352468935, 0.4375, 10.0 / 16}), 1e-14);
  // Ranks: A, B and D each beat C only (1-3); C loses to all three (4-4).
  for (int s : {a, b, d}) {
    EXPECT_EQ(board->wins[s], 1);
    EXPECT_EQ(board->losses[s], 0);
    EXPECT_EQ(board->rank_top[s], 1);
    EXPECT_EQ(board->rank_bottom[s], 3);
    EXPECT_EQ(board->cluster[s], 1);
  }
  EXPECT_EQ(board->rank_top[c], 4);
  EXPECT_EQ(board->rank_bottom[c], 4);
  EXPECT_EQ(board->cluster[c], 2);
  EXPECT_EQ(board->num_clusters, 2);
}

TEST(Wmt24EsaRule, EqualTopScoresStartThePublishedClustersAtTwo) {
  // X [80, 90] and Y [90, 80] on two news items: both 85, positions 1.5 and 1.5; the first
  // (X, by name) is past the starting cutoff 1, so the first cluster is numbered 2.
  // p(X, Y) = p(Y, X): differences [-10, 10], W+ = 1.5, P(W+ >= 1) = 3/4.
  DaJudgments j;
  j.systems = {"Y", "X"};
  j.annotators = {"u"};
  j.documents = {"test-en-news_a"};
  j.has_raw = true;
  auto add = [&](int system, int segment, double raw) {
    DaJudgment r;
    r.system = system;
    r.segment = segment;
    r.raw = raw;
    j.rows.push_back(r);
  };
  add(1, 1, 80);
  add(1, 2, 90);
  add(0, 1, 90);
  add(0, 2, 80);
  auto board = RankLikeWmt24Esa(j);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->order, (std::vector<int>{1, 0}));
  EXPECT_NEAR(board->p_value[0 * 2 + 1], 0.75, 1e-15);
  EXPECT_NEAR(board->p_value[1 * 2 + 0], 0.75, 1e-15);
  EXPECT_EQ(board->cluster[1], 2);
  EXPECT_EQ(board->cluster[0], 2);
  EXPECT_EQ(board->rank_top[0], 1);
  EXPECT_EQ(board->rank_bottom[0], 2);
}

TEST_F(Wmt24EsaFixture, MicroAverageIsTheScriptsMicroFlag) {
  Wmt24EsaOptions options;
  options.macro = false;
  auto board = RankLikeWmt24Esa(judgments_, options);
  ASSERT_TRUE(board.ok()) << board.status().message();
  const int a = IdOf(judgments_, "A"), b = IdOf(judgments_, "B");
  const int c = IdOf(judgments_, "C"), d = IdOf(judgments_, "D");
  // Item means pooled: D (76.1) now above B (1213/16 = 75.8125).
  EXPECT_DOUBLE_EQ(board->score[d], 76.1);
  EXPECT_DOUBLE_EQ(board->score[b], 1213.0 / 16);
  EXPECT_EQ(board->order, (std::vector<int>{a, d, b, c}));
  // One test on D's 10 shared items with C, all positive and two tied (19, 19): W+ = 55 of
  // 55, exact: one-sided 1 / 1024.
  const int n = judgments_.num_systems();
  EXPECT_DOUBLE_EQ(board->p_value[static_cast<size_t>(d) * n + c], 1.0 / 1024);
}

TEST_F(Wmt24EsaFixture, AgreesWithTheIndependentPythonReference) {
  if (std::system("python3 -c 'import statistics' > /dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 not found: reference.py not run";
  }
  for (const char* revision : {"published", "repository"}) {
    SCOPED_TRACE(revision);
    const auto run = testing::RunCommand("python3 " + std::string(TOURNEY_SOURCE_DIR) +
                                         "/tests/data/wmt24_esa/reference.py " + FixturePath() +
                                         " " + revision);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    Wmt24EsaOptions options;
    if (std::string(revision) == "repository") options.revision = Wmt24EsaRevision::kRepository;
    auto board = RankLikeWmt24Esa(judgments_, options);
    ASSERT_TRUE(board.ok()) << board.status().message();
    const int n = judgments_.num_systems();
    std::istringstream lines(run.out);
    std::string line;
    size_t position = 0;
    int checked = 0;
    while (std::getline(lines, line)) {
      std::istringstream in(line);
      std::string kind;
      in >> kind;
      if (kind == "system") {
        std::string name;
        double score = 0, micro = 0;
        int64_t items = 0;
        in >> name >> score >> micro >> items;
        ASSERT_LT(position, board->order.size());
        const int s = board->order[position++];
        EXPECT_EQ(judgments_.systems[s], name);
        EXPECT_NEAR(board->score[s], score, 1e-12) << name;
        EXPECT_NEAR(board->micro[s], micro, 1e-12) << name;
        EXPECT_EQ(board->items[s], items) << name;
        ++checked;
      } else if (kind == "pvalue") {
        std::string x, y, value;
        in >> x >> y >> value;
        const double expected = value == "nan" ? std::nan("") : std::stod(value);
        const double got = board->p_value[static_cast<size_t>(IdOf(judgments_, x)) * n +
                                          IdOf(judgments_, y)];
        EXPECT_NEAR(got, expected, 1e-13 + 1e-12 * expected) << x << " " << y;
        ++checked;
      } else if (kind == "rank") {
        std::string name;
        int top = 0, bottom = 0, wins = 0, losses = 0, cluster = 0;
        in >> name >> top >> bottom >> wins >> losses >> cluster;
        const int s = IdOf(judgments_, name);
        EXPECT_EQ(board->rank_top[s], top) << name;
        EXPECT_EQ(board->rank_bottom[s], bottom) << name;
        EXPECT_EQ(board->wins[s], wins) << name;
        EXPECT_EQ(board->losses[s], losses) << name;
        EXPECT_EQ(board->cluster[s], cluster) << name;
        ++checked;
      }
    }
    EXPECT_EQ(checked, 4 + 12 + 4);
  }
}

TEST(Wmt24EsaRule, RefusesScoresWithoutRawValuesAndABadAlpha) {
  DaJudgments j;
  j.systems = {"A"};
  j.annotators = {"u"};
  j.rows.push_back(DaJudgment{});
  EXPECT_FALSE(RankLikeWmt24Esa(j).ok());
  j.has_raw = true;
  Wmt24EsaOptions options;
  options.alpha = 1.0;
  EXPECT_FALSE(RankLikeWmt24Esa(j, options).ok());
  // One system, one item, document "other": a board of one.
  auto board = RankLikeWmt24Esa(j);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->order, (std::vector<int>{0}));
  EXPECT_EQ(board->cluster[0], 1);
  EXPECT_EQ(board->domains, (std::vector<std::string>{"other"}));
}

}  // namespace
}  // namespace tourney
