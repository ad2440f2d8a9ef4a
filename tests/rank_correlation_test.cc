#include "tourney/statistics/rank_correlation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

TEST(RankCorrelation, AverageRanksShareTies) {
  const std::vector<double> v = {10, 20, 20, 5};
  EXPECT_EQ(AverageRanks(v), (std::vector<double>{2, 3.5, 3.5, 1}));
}

TEST(RankCorrelation, KendallTauBByHand) {
  // One discordant pair of six: (6 - 2 * 1) / 6 = 2/3.
  EXPECT_DOUBLE_EQ(*KendallTauB(std::vector<double>{1, 2, 3, 4}, std::vector<double>{1, 3, 2, 4}),
                   2.0 / 3.0);
  // x = {1,2,2,3}, y = {1,2,3,3}: pairs (0,1) (0,2) (0,3) (1,3) concordant, (1,2) tied in
  // x, (2,3) tied in y: 4 / sqrt(5 * 5) = 0.8.
  EXPECT_DOUBLE_EQ(*KendallTauB(std::vector<double>{1, 2, 2, 3}, std::vector<double>{1, 2, 3, 3}),
                   0.8);
}

TEST(RankCorrelation, SpearmanRhoByHand) {
  // Average ranks {1, 2.5, 2.5, 4} and {1, 2, 3.5, 3.5}, both with mean 2.5: deviations
  // {-1.5, 0, 0, 1.5} and {-1.5, -0.5, 1, 1}; sxy = 2.25 + 1.5 = 3.75, sxx = syy = 4.5.
  EXPECT_DOUBLE_EQ(*SpearmanRho(std::vector<double>{1, 2, 2, 3}, std::vector<double>{1, 2, 3, 3}),
                   3.75 / 4.5);
}

TEST(RankCorrelation, PearsonRByHand) {
  // Means 2 and 13/3; deviations {-1, 0, 1} and {-7/3, -1/3, 8/3}: sxy = 5, sxx = 2,
  // syy = 114/9, r = 5 / sqrt(228/9) = 15 / sqrt(228).
  EXPECT_NEAR(*PearsonR(std::vector<double>{1, 2, 3}, std::vector<double>{2, 4, 7}),
              15.0 / std::sqrt(228.0), 1e-15);
}

TEST(RankCorrelation, PearsonRankByHandSwapOfTheTopTwoOfFive) {
  // The fixture's "top-swap", by hand. x~ = {1, 3/4, 1/2, 1/4, 0}; y~ in x's order =
  // {3/4, 1, 1/2, 1/4, 0}.
  //   r_2 = (1/4)(-1/4) / (1/16) = -1, weight 3/4
  //   r_3: differences (1/2, 1/4), (1/4, 1/2): (1/8 + 1/8) / (5/16) = 4/5, weight 1/2
  //   r_4: (3/4, 1/2), (1/2, 3/4), (1/4, 1/4): (13/16) / (14/16) = 13/14, weight 1/4
  //   r_5 has weight 0.
  //   PR = (-3/4 + 2/5 + 13/56) / (3/2) = (-33/280) / (3/2) = -11/140.
  EXPECT_NEAR(*PearsonRank(std::vector<double>{0.9, 0.7, 0.5, 0.3, 0.1},
                           std::vector<double>{0.7, 0.9, 0.5, 0.3, 0.1}),
              -11.0 / 140.0, 1e-15);
}

TEST(RankCorrelation, PearsonRankByHandSwapAtTheBottom) {
  // Reference x = {4, 3, 2, 1}, y swaps the last two: y = {4, 3, 1, 2}.
  // x~ = {1, 2/3, 1/3, 0}, y~ = {1, 2/3, 0, 1/3}.
  //   r_2 = 1, weight 2/3
  //   r_3: differences (2/3, 1), (1/3, 2/3): (8/9) / sqrt(5/9 * 13/9) = 8 / sqrt(65),
  //        weight 1/3
  //   r_4 has weight 0; the weights sum to 1.
  const double expected = 2.0 / 3.0 + 8.0 / (3.0 * std::sqrt(65.0));
  EXPECT_NEAR(*PearsonRank(std::vector<double>{4, 3, 2, 1}, std::vector<double>{4, 3, 1, 2}),
              expected, 1e-15);
}

TEST(RankCorrelation, PearsonRankWeighsTheHead) {
  // The same swap at the top: y = {3, 4, 2, 1}, y~ = {2/3, 1, 1/3, 0}.
  //   r_2 = -1, weight 2/3
  //   r_3: (2/3, 1/3), (1/3, 2/3): (4/9) / (5/9) = 0.8, weight 1/3
  //   PR = -2/3 + 0.8/3 = -0.4.
  const std::vector<double> x = {4, 3, 2, 1};
  const std::vector<double> top = {3, 4, 2, 1}, bottom = {4, 3, 1, 2};
  EXPECT_NEAR(*PearsonRank(x, top), -0.4, 1e-15);
  // Pearson's r cannot tell the two swaps apart; Pearson Rank can.
  EXPECT_DOUBLE_EQ(*PearsonR(x, top), *PearsonR(x, bottom));
  EXPECT_LT(*PearsonRank(x, top), *PearsonRank(x, bottom));
}

TEST(RankCorrelation, PearsonRankIsGapSensitive) {
  // Both y swap the items at positions 2 and 3 of the reference. In the first they are
  // 0.1 apart (5.1 and 5), in the second 4.9 apart (9.9 and 5). Both lists span 9.
  //   small gap, x = {10, 5.1, 5, 1}, y = {10, 5, 5.1, 1}:
  //     x~ = {1, 4.1/9, 4/9, 0}, y~ = {1, 4/9, 4.1/9, 0}
  //     r_2 = 1 (weight 4.1/9), r_3 = (24.5 - 0.01) / sqrt(25.01 * 24.02) (weight 4/9)
  //   large gap, x = {10, 9.9, 5, 1}, y = {10, 5, 9.9, 1}:
  //     x~ = {1, 8.9/9, 4/9, 0}, y~ = {1, 4/9, 8.9/9, 0}
  //     r_2 = 1 (weight 8.9/9), r_3 = (0.5 - 24.01) / sqrt(49.01 * 24.02) (weight 4/9)
  const double small_gap = (4.1 + 4.0 * 24.49 / std::sqrt(25.01 * 24.02)) / 8.1;
  const double large_gap = (8.9 - 4.0 * 23.51 / std::sqrt(49.01 * 24.02)) / 12.9;
  EXPECT_NEAR(*PearsonRank(std::vector<double>{10, 5.1, 5, 1}, std::vector<double>{10, 5, 5.1, 1}),
              small_gap, 1e-12);
  EXPECT_NEAR(*PearsonRank(std::vector<double>{10, 9.9, 5, 1}, std::vector<double>{10, 5, 9.9, 1}),
              large_gap, 1e-12);
  EXPECT_GT(small_gap, large_gap + 0.5);
}

// Reads values.json line by line: each case is one line holding "x": [...], "y": [...] and
// "pr": a number or null.
std::vector<double> JsonArrayAfter(const std::string& line, const std::string& key) {
  const size_t at = line.find("\"" + key + "\": [");
  std::vector<double> out;
  if (at == std::string::npos) return out;
  std::istringstream in(line.substr(line.find('[', at) + 1));
  double v;
  char sep;
  while (in >> v) {
    out.push_back(v);
    if (!(in >> sep) || sep == ']') break;
  }
  return out;
}

TEST(RankCorrelation, PearsonRankEqualsTheAuthorsCodeOnTheFixture) {
  TOURNEY_REQUIRE_SHARED("fixtures/pearson-rank/values.json");
  std::istringstream json(
      testing::ReadFile(testing::SharedPath("fixtures/pearson-rank/values.json")));
  int cases = 0, defined = 0;
  for (std::string line; std::getline(json, line);) {
    const size_t id_at = line.find("\"id\": \"");
    if (id_at == std::string::npos) continue;
    const std::string id = line.substr(id_at + 7, line.find('"', id_at + 7) - id_at - 7);
    const std::vector<double> x = JsonArrayAfter(line, "x"), y = JsonArrayAfter(line, "y");
    ASSERT_EQ(x.size(), y.size()) << id;
    ASSERT_GE(x.size(), 2u) << id;
    const std::string pr = line.substr(line.find("\"pr\": ") + 6);
    const auto got = PearsonRank(x, y);
    ++cases;
    if (pr.rfind("null", 0) == 0) {
      EXPECT_FALSE(got.ok()) << id << " gave " << *got;
    } else {
      ASSERT_TRUE(got.ok()) << id << ": " << got.status().message();
      EXPECT_NEAR(*got, std::stod(pr), 1e-12) << id;
      ++defined;
    }
  }
  EXPECT_EQ(cases, 17);
  EXPECT_EQ(defined, 13);
}

TEST(RankCorrelation, PearsonRankNamesWhyItIsUndefined) {
  const auto message = [](std::vector<double> x, std::vector<double> y) {
    const auto v = PearsonRank(x, y);
    return v.ok() ? std::string("ok") : std::string(v.status().message());
  };
  EXPECT_NE(message({0.2, 0.2, 0.2}, {0.1, 0.2, 0.3}).find("reference scoring is constant"),
            std::string::npos);
  EXPECT_NE(message({0.4, 0.3, 0.2, 0.1}, {0.2, 0.2, 0.2, 0.2}).find("compared scoring is constant"),
            std::string::npos);
  EXPECT_NE(message({0.5, 0.5, 0.3, 0.1}, {0.4, 0.3, 0.2, 0.1}).find("two highest"),
            std::string::npos);
  // Items 1 and 2 tie in y: item 2's denominator is zero.
  EXPECT_NE(message({0.4, 0.3, 0.2, 0.1}, {0.3, 0.3, 0.2, 0.1}).find("item 2"),
            std::string::npos);
  // An item i > 2 whose items above all tie with it in y needs items 1 and 2 to tie, so
  // item 2 is always the one named. Here items 1-3 tie in y.
  EXPECT_NE(message({0.4, 0.3, 0.2, 0.1}, {0.3, 0.3, 0.3, 0.1}).find("item 2"),
            std::string::npos);
  // Item 3 ties with one item above it only: defined.
  EXPECT_EQ(message({0.4, 0.3, 0.2, 0.1}, {0.5, 0.3, 0.5, 0.1}), "ok");
  EXPECT_NE(message({0.9, 0.1}, {0.5, 0.2}).find("weights sum to zero"), std::string::npos);
  EXPECT_NE(message({0.9, 0.1, 0.1}, {0.5, 0.2, 0.3}).find("weights sum to zero"),
            std::string::npos);
}

TEST(RankCorrelation, IdentityAndReversal) {
  const std::vector<double> x = {5, 1, 4, 2, 3}, rev = {1, 5, 2, 4, 3};
  for (auto fn : {KendallTauB, SpearmanRho, PearsonR, PearsonRank}) {
    EXPECT_DOUBLE_EQ(*fn(x, x), 1.0);
    EXPECT_DOUBLE_EQ(*fn(x, rev), -1.0);
  }
}

TEST(RankCorrelation, UndefinedCasesAreErrorsNotNaN) {
  const std::vector<double> constant = {1, 1, 1}, x = {1, 2, 3};
  for (auto fn : {KendallTauB, SpearmanRho, PearsonR, PearsonRank}) {
    EXPECT_FALSE(fn(constant, x).ok());
    EXPECT_FALSE(fn(x, constant).ok());
    EXPECT_FALSE(fn(std::vector<double>{1}, std::vector<double>{1}).ok());
    EXPECT_FALSE(fn(x, std::vector<double>{1, 2}).ok());
    EXPECT_FALSE(fn(x, std::vector<double>{1, NAN, 2}).ok());
  }
}

TEST(RankCorrelation, RankBiasedOverlapByHand) {
  // A = a b c, B = b a c, p = 0.5: agreements A_1 = 0, A_2 = 1, A_3 = 1;
  // RBO = 1 * 0.5^3 + (0.5 / 0.5) * (0 + 0.25 + 0.125) = 0.5.
  EXPECT_DOUBLE_EQ(*RankBiasedOverlap(std::vector<int>{0, 1, 2}, std::vector<int>{1, 0, 2}, 0.5),
                   0.5);
  // A = a b c d, B = d c b a, p = 0.9: A_1 = 0, A_2 = 0, A_3 = 2/3, A_4 = 1;
  // RBO = 0.9^4 + (0.1 / 0.9) (2/3 * 0.729 + 0.6561).
  EXPECT_NEAR(*RankBiasedOverlap(std::vector<int>{0, 1, 2, 3}, std::vector<int>{3, 2, 1, 0}, 0.9),
              0.6561 + 0.1 / 0.9 * (2.0 / 3.0 * 0.729 + 0.6561), 1e-15);
  EXPECT_DOUBLE_EQ(*RankBiasedOverlap(std::vector<int>{2, 0, 1}, std::vector<int>{2, 0, 1}, 0.9),
                   1.0);
  EXPECT_FALSE(RankBiasedOverlap(std::vector<int>{0, 0}, std::vector<int>{0, 1}, 0.9).ok());
  EXPECT_FALSE(RankBiasedOverlap(std::vector<int>{0, 1}, std::vector<int>{0, 1}, 1.0).ok());
}

// Random scorings with many ties, checked against scipy.stats (Kendall's tau-b, Spearman,
// Pearson) and against direct Python transcriptions of the Pearson Rank (the fixture
// README's definition) and RBO definitions
// (set intersections per depth rather than the incremental overlap count).
TEST(RankCorrelation, AgreesWithScipyOnRandomInputsWithTies) {
  const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (testing::RunCommand(std::string(python) + " -c 'import scipy.stats'").exit_code != 0) {
    GTEST_SKIP() << "python3-scipy absent (tools/setup.sh installs it)";
  }
  const std::string dir = testing::TempDir("rank_correlation");
  Rng rng(2020);
  std::ostringstream input;
  input.precision(17);
  std::vector<std::vector<double>> xs, ys;
  for (int t = 0; t < 60; ++t) {
    const int n = 2 + static_cast<int>(rng.UniformInt(30));
    const int levels = 2 + static_cast<int>(rng.UniformInt(6));  // few levels: many ties
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i) {
      x[i] = static_cast<double>(rng.UniformInt(levels)) + (t % 2 ? 0.0 : rng.Uniform());
      y[i] = static_cast<double>(rng.UniformInt(levels)) * 0.5 + (t % 3 ? 0.0 : rng.Uniform());
    }
    for (double v : x) input << v << ' ';
    input << '\n';
    for (double v : y) input << v << ' ';
    input << '\n';
    xs.push_back(x);
    ys.push_back(y);
  }
  testing::WriteFile(dir + "/in.txt", input.str());
  testing::WriteFile(dir + "/check.py", R"PY(
import math, sys
from scipy import stats
lines = open(sys.argv[1]).read().split('\n')
def nan(v):
    return 'nan' if v != v else repr(float(v))
def pearson_rank(x, y):
    # Gao, Bagdouri & Oard as the fixture's README defines it.
    if max(x) == min(x) or max(y) == min(y):
        return float('nan')
    order = sorted(range(len(x)), key=lambda i: -x[i])
    xs = [(x[i] - min(x)) / (max(x) - min(x)) for i in order]
    ys = [(y[i] - min(y)) / (max(y) - min(y)) for i in order]
    num = den = 0.0
    for i in range(1, len(order)):
        sxy = sum((xs[j] - xs[i]) * (ys[j] - ys[i]) for j in range(i))
        sxx = sum((xs[j] - xs[i]) ** 2 for j in range(i))
        syy = sum((ys[j] - ys[i]) ** 2 for j in range(i))
        if sxx == 0 or syy == 0:
            return float('nan')
        num += xs[i] * sxy / math.sqrt(sxx * syy)
        den += xs[i]
    return num / den if den > 0 else float('nan')
def rbo(a, b, p):
    k = len(a)
    agree = [len(set(a[:d]) & set(b[:d])) / d for d in range(1, k + 1)]
    return agree[-1] * p ** k + (1 - p) / p * sum(agree[d - 1] * p ** d for d in range(1, k + 1))
for t in range(0, len(lines) - 1, 2):
    x = [float(v) for v in lines[t].split()]
    y = [float(v) for v in lines[t + 1].split()]
    a = sorted(range(len(x)), key=lambda i: (-x[i], i))
    b = sorted(range(len(y)), key=lambda i: (-y[i], i))
    print(nan(stats.kendalltau(x, y).statistic), nan(stats.spearmanr(x, y).statistic),
          nan(stats.pearsonr(x, y).statistic) if len(set(x)) > 1 and len(set(y)) > 1 else 'nan',
          nan(pearson_rank(x, y)), nan(rbo(a, b, 0.9)))
)PY");
  const auto run =
      testing::RunCommand(std::string(python) + " " + dir + "/check.py " + dir + "/in.txt");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream lines(run.out);
  int checked = 0;
  for (size_t t = 0; t < xs.size(); ++t) {
    std::string tau, rho, r, rp, overlap;
    ASSERT_TRUE(lines >> tau >> rho >> r >> rp >> overlap) << "line " << t;
    const auto expect = [&](const StatusOr<double>& got, const std::string& want,
                            const char* what) {
      if (want == "nan") {
        EXPECT_FALSE(got.ok()) << what << " case " << t;
        return;
      }
      ASSERT_TRUE(got.ok()) << what << " case " << t << ": " << got.status().message();
      EXPECT_NEAR(*got, std::stod(want), 1e-12) << what << " case " << t;
      ++checked;
    };
    expect(KendallTauB(xs[t], ys[t]), tau, "tau-b");
    expect(SpearmanRho(xs[t], ys[t]), rho, "rho");
    expect(PearsonR(xs[t], ys[t]), r, "r");
    expect(PearsonRank(xs[t], ys[t]), rp, "pearson rank");
    // Positions in the descending orders, ties by index (as the Python side sorts).
    const size_t n = xs[t].size();
    std::vector<int> pa(n), pb(n);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (xs[t][j] > xs[t][i] || (xs[t][j] == xs[t][i] && j < i)) ++pa[i];
        if (ys[t][j] > ys[t][i] || (ys[t][j] == ys[t][i] && j < i)) ++pb[i];
      }
    }
    expect(RankBiasedOverlap(pa, pb, 0.9), overlap, "rbo");
  }
  EXPECT_GT(checked, 250);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
