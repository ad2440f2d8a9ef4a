#include "tourney/models/pairwise_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {
namespace {

Comparisons Record(int a_wins, int b_wins, int ties) {
  Comparisons c;
  for (int i = 0; i < a_wins; ++i) c.Add(0, 1, Outcome::kFirstWins);
  for (int i = 0; i < b_wins; ++i) c.Add(1, 0, Outcome::kFirstWins);
  for (int i = 0; i < ties; ++i) c.Add(0, 1, Outcome::kTie);
  return c;
}

RatingResult RateWith(const std::string& name, const Comparisons& c, int n) {
  auto model = MakePairwiseModel(name, PairwiseModelOptions{});
  EXPECT_TRUE(model.ok()) << model.status().message();
  RatingInput input;
  input.num_systems = n;
  input.comparisons = &c;
  auto r = (*model)->Rate(input, 1);
  EXPECT_TRUE(r.ok());
  return *r;
}

TEST(PairwiseModels, EveryNameMakesAModelOfThatName) {
  for (const std::string& name : PairwiseModelNames()) {
    auto model = MakePairwiseModel(name, PairwiseModelOptions{});
    ASSERT_TRUE(model.ok()) << name;
    EXPECT_EQ((*model)->name(), name);
    EXPECT_TRUE(IsPairwiseModelName(name));
  }
  EXPECT_FALSE(MakePairwiseModel("bt", PairwiseModelOptions{}).ok());
  PairwiseModelOptions bad;
  bad.damping = 1.5;
  EXPECT_FALSE(MakePairwiseModel("pagerank", bad).ok());
}

TEST(PairwiseModels, BradleyTerryScoresOnTheArenaEloScale) {
  // Odds 3:1 -> Elo gap 400 log10(3) around 1000; sandwich interval +- z se by hand:
  // se(theta_a) = 0.5 / sqrt(N p (1 - p)) with N = 40, p = 3/4.
  const RatingResult r = RateWith("bradley-terry", Record(30, 10, 0), 2);
  EXPECT_NEAR(r.ratings[0].score - r.ratings[1].score, 400 * std::log10(3.0), 1e-8);
  EXPECT_NEAR(r.ratings[0].score + r.ratings[1].score, 2000.0, 1e-8);
  EXPECT_NEAR(r.ratings[0].mu, std::log(3.0) / 2, 1e-10);
  const double se = 0.5 / std::sqrt(40 * 0.75 * 0.25);
  EXPECT_NEAR(r.ratings[0].sigma, se, 1e-9);
  const double half_width = 1.959963984540054 * se * 400 / std::log(10.0);
  EXPECT_NEAR(r.ratings[0].score_hi - r.ratings[0].score, half_width, 1e-6);
  EXPECT_NEAR(r.ratings[0].score - r.ratings[0].score_lo, half_width, 1e-6);
}

TEST(PairwiseModels, WeightedBradleyTerryWithUnitWeightsIsTheModel) {
  Comparisons c = Record(7, 3, 2);
  c.Add(1, 2, Outcome::kFirstWins);
  c.Add(2, 0, Outcome::kFirstWins);
  c.Add(2, 1, Outcome::kTie);
  const RatingResult want = RateWith("bradley-terry", c, 3);
  const std::vector<double> ones(c.size(), 1.0);
  const auto got = RateWeightedBradleyTerry(3, c, ones, PairwiseModelOptions{});
  ASSERT_TRUE(got.ok()) << got.status().message();
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(got->ratings[i].score, want.ratings[i].score, 1e-9);
    EXPECT_NEAR(got->ratings[i].sigma, want.ratings[i].sigma, 1e-12);
    EXPECT_NEAR(got->ratings[i].score_lo, want.ratings[i].score_lo, 1e-9);
    EXPECT_NEAR(got->ratings[i].score_hi, want.ratings[i].score_hi, 1e-9);
  }
}

TEST(PairwiseModels, WeightedBradleyTerryScoresOfWeightTwoAreADuplicate) {
  // The 3:1 record as a win of weight 2, a win and a loss: the Elo gap of odds 3.
  const std::vector<double> w = {2.0, 1.0, 1.0};
  const auto r = RateWeightedBradleyTerry(2, Record(2, 1, 0), w, PairwiseModelOptions{});
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR(r->ratings[0].score - r->ratings[1].score, 400 * std::log10(3.0), 1e-8);
}

TEST(PairwiseModels, WeightedBradleyTerryRefusesBadWeights) {
  const Comparisons c = Record(2, 1, 0);
  const PairwiseModelOptions o;
  EXPECT_FALSE(RateWeightedBradleyTerry(2, c, std::vector<double>{1.0, 1.0}, o).ok());
  EXPECT_FALSE(RateWeightedBradleyTerry(2, c, std::vector<double>{1.0, -1.0, 1.0}, o).ok());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto r = RateWeightedBradleyTerry(2, c, std::vector<double>{1.0, nan, 1.0}, o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("comparison 2"), std::string::npos) << r.status().message();
  EXPECT_FALSE(RateWeightedBradleyTerry(1, c, std::vector<double>{1.0, 1.0, 1.0}, o).ok());
}

TEST(PairwiseModels, CountScorerAgreesWithRate) {
  Comparisons c = Record(7, 3, 2);
  c.Add(1, 2, Outcome::kFirstWins);
  c.Add(2, 0, Outcome::kFirstWins);
  c.Add(2, 1, Outcome::kTie);
  const PairCounts counts = PairCounts::FromComparisons(3, c);
  for (const std::string& name : PairwiseModelNames()) {
    auto model = MakePairwiseModel(name, PairwiseModelOptions{});
    const CountScorer scorer = CountScorerFor(**model);
    if (name == "elo" || name == "plackett-luce") {
      EXPECT_FALSE(scorer) << name << " needs more than the counts";
      continue;
    }
    ASSERT_TRUE(scorer) << name;
    const std::vector<double> from_counts = scorer(counts);
    const RatingResult r = RateWith(name, c, 3);
    for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(from_counts[i], r.ratings[i].score) << name;
  }
}

TEST(PairwiseModels, BootstrapIsTheSameForAnyThreadCount) {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  const std::vector<std::pair<SystemId, SystemId>> games = {{a, b}, {a, b}, {b, a}, {b, c},
                                                            {c, b}, {a, c}, {c, a}, {a, c}};
  for (auto [x, y] : games) {
    const SystemId s[2] = {x, y};
    const uint8_t r[2] = {1, 2};
    j.AddRanking(s, r);
  }
  auto model = MakePairwiseModel("bradley-terry", PairwiseModelOptions{});
  BootstrapOptions o;
  o.replicates = 200;
  o.seed = 7;
  o.threads = 1;
  auto one = Bootstrap(j, **model, o);
  o.threads = 3;
  auto three = Bootstrap(j, **model, o);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_TRUE(one->count_shortcut);
  for (int s = 0; s < 3; ++s) {
    for (int rep = 0; rep < 200; ++rep) {
      EXPECT_EQ(one->scores.at(rep, s), three->scores.at(rep, s));
    }
  }
}

// No NaN or infinity for any accepted input: random sparse data with systems that never
// win, never lose, never play, all-tie pairs and disconnected groups.
// --model elo --elo-k 1e308 made the ratings overflow to inf, and --tie-weight 1e308 the
// Bradley-Terry sigma: parameters that can overflow are refused when the model is made, and
// the largest accepted ones still give finite ratings.
TEST(PairwiseModels, ParametersThatCouldOverflowAreRefused) {
  auto refused = [](const std::string& name, PairwiseModelOptions o) {
    auto model = MakePairwiseModel(name, o);
    return !model.ok() && model.status().code() == StatusCode::kInvalidArgument;
  };
  PairwiseModelOptions o;
  o.elo.k = 1.0000001e12;
  EXPECT_TRUE(refused("elo", o));
  o = PairwiseModelOptions{};
  o.elo.initial = -1.0000001e12;
  EXPECT_TRUE(refused("elo", o));
  o = PairwiseModelOptions{};
  o.weights.tie = 1.0000001e6;
  EXPECT_TRUE(refused("bradley-terry", o));
  o = PairwiseModelOptions{};
  o.weights.win = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(refused("counting", o));

  // 40 wins, 10 losses and 20 ties between two systems, with the largest accepted values.
  const Comparisons c = Record(40, 10, 20);
  RatingInput input;
  input.num_systems = 2;
  input.comparisons = &c;
  PairwiseModelOptions largest;
  largest.elo.k = kMaxEloParameter;
  largest.elo.initial = -kMaxEloParameter;
  largest.weights.tie = kMaxWinWeight;
  largest.weights.win = kMaxWinWeight;
  for (const std::string& name : PairwiseModelNames()) {
    auto model = MakePairwiseModel(name, largest);
    ASSERT_TRUE(model.ok()) << name << ": " << model.status().message();
    auto r = RateChecked(**model, input, 1);
    EXPECT_TRUE(r.ok()) << name << ": " << r.status().message();
  }
}

TEST(PairwiseModels, EveryModelStaysFiniteOnDegenerateData) {
  Rng rng(17);
  for (int iter = 0; iter < 300; ++iter) {
    const int n = 1 + static_cast<int>(rng.UniformInt(6));
    Judgments j;
    for (int i = 0; i < n; ++i) j.systems().Intern(std::string("s") + std::to_string(i));
    const int rankings = static_cast<int>(rng.UniformInt(8));
    for (int r = 0; r < rankings && n >= 2; ++r) {
      const int k = 2 + static_cast<int>(rng.UniformInt(std::min(n, 4) - 1));
      std::vector<SystemId> systems;
      while (static_cast<int>(systems.size()) < k) {
        const SystemId s = static_cast<SystemId>(rng.UniformInt(n));
        if (std::find(systems.begin(), systems.end(), s) == systems.end()) systems.push_back(s);
      }
      std::vector<uint8_t> ranks(k);
      for (uint8_t& x : ranks) x = static_cast<uint8_t>(1 + rng.UniformInt(iter % 3 == 0 ? 1 : k));
      j.AddRanking(systems, ranks);
    }
    RatingInput input;
    input.num_systems = n;
    input.comparisons = &j.comparisons();
    input.judgments = &j;
    for (const std::string& name : PairwiseModelNames()) {
      auto model = MakePairwiseModel(name, PairwiseModelOptions{});
      auto r = (*model)->Rate(input, 1);
      ASSERT_TRUE(r.ok()) << name;
      ASSERT_EQ(r->ratings.size(), static_cast<size_t>(n)) << name;
      for (const SystemRating& s : r->ratings) {
        ASSERT_TRUE(std::isfinite(s.score) && std::isfinite(s.mu) && std::isfinite(s.sigma) &&
                    std::isfinite(s.score_lo) && std::isfinite(s.score_hi))
            << name << " iteration " << iter;
      }
    }
  }
}

// Counting, eigen and PageRank add up raw counts: on a design where one pair meets far more
// often they rank by volume, and say so. Three systems; a beats b 60 times in 120, and c
// meets each of them 10 times, winning half: per-system totals a 130, b 130, c 20, a spread
// of 110 over both 13 (10% of 130) and 34.2 (3 sqrt(130)). A round robin of 40 comparisons
// per pair (totals 80 each) is balanced: no warning, and none from the rate-based models.
TEST(PairwiseModels, VolumeModelsWarnOnUnbalancedDesigns) {
  Comparisons unbalanced;
  for (int i = 0; i < 60; ++i) unbalanced.Add(0, 1, Outcome::kFirstWins);
  for (int i = 0; i < 60; ++i) unbalanced.Add(1, 0, Outcome::kFirstWins);
  for (int other : {0, 1}) {
    for (int i = 0; i < 5; ++i) unbalanced.Add(2, other, Outcome::kFirstWins);
    for (int i = 0; i < 5; ++i) unbalanced.Add(other, 2, Outcome::kFirstWins);
  }
  Comparisons balanced;
  for (int a = 0; a < 3; ++a) {
    for (int b = a + 1; b < 3; ++b) {
      for (int i = 0; i < 40; ++i)
        balanced.Add(i % 3 == 0 ? b : a, i % 3 == 0 ? a : b, Outcome::kFirstWins);
    }
  }
  for (const std::string name : {"counting", "eigen", "pagerank"}) {
    const RatingResult r = RateWith(name, unbalanced, 3);
    bool warned = false;
    for (const std::string& w : r.warnings) {
      if (w.find("compared unequally often (20 to 130 comparisons per system)") !=
          std::string::npos) {
        warned = w.rfind(name + ": ", 0) == 0;
      }
    }
    EXPECT_TRUE(warned) << name;
    for (const std::string& w : RateWith(name, balanced, 3).warnings) {
      EXPECT_EQ(w.find("unequally"), std::string::npos) << name << ": " << w;
    }
  }
  for (const std::string name : {"bradley-terry", "average-win-rate"}) {
    for (const std::string& w : RateWith(name, unbalanced, 3).warnings) {
      EXPECT_EQ(w.find("unequally"), std::string::npos) << name << ": " << w;
    }
  }
}

}  // namespace
}  // namespace tourney
