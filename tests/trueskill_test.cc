// TrueSkill updates (trueskill.h): the reference fixture, hand-derived values, properties.
#include "tourney/models/trueskill.h"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;

TrueSkill MakeEnv(double beta, double draw_probability = 0.25, double tau = 0.0) {
  TrueSkillOptions o;
  o.beta = beta;
  o.draw_probability = draw_probability;
  o.tau = tau;
  auto env = TrueSkill::Create(o);
  EXPECT_TRUE(env.ok()) << env.status().message();
  return *env;
}

const Value& Field(const Struct& s, const std::string& name) {
  static const Value kMissing;
  auto it = s.fields().find(name);
  EXPECT_NE(it, s.fields().end()) << "fixture field '" << name << "' missing";
  return it == s.fields().end() ? kMissing : it->second;
}

Rating RatingOf(const Struct& s) {
  return {Field(s, "mu").number_value(), Field(s, "sigma").number_value()};
}

class TrueSkillFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    TOURNEY_REQUIRE_SHARED("fixtures/trueskill/expected.json");
    TOURNEY_REQUIRE_SHARED("fixtures/trueskill/small.csv");
    const std::string json = testing::ReadFile(testing::SharedPath("fixtures/trueskill/expected.json"));
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &fixture_).ok());
    ASSERT_TRUE(ReadJudgmentsFile(testing::SharedPath("fixtures/trueskill/small.csv"),
                                  ReadOptions(), &judgments_, nullptr)
                    .ok());
  }

  Struct fixture_;
  Judgments judgments_;
};

TEST_F(TrueSkillFixture, SequentialGamesMatchTheReferenceLibrary) {
  const auto& cases = Field(fixture_, "cases").list_value().values();
  ASSERT_EQ(cases.size(), 4);
  for (const Value& c : cases) {
    const Struct& spec = c.struct_value();
    const std::string mode = Field(spec, "mode").string_value();
    const double beta = Field(spec, "beta").number_value();
    SCOPED_TRACE(mode + " beta " + std::to_string(beta));
    TrueSkillModelOptions options;
    options.selection = TrueSkillModelOptions::Selection::kNone;
    options.mode = mode == "ffa" ? TrueSkillModelOptions::Mode::kFreeForAll
                                 : TrueSkillModelOptions::Mode::kPairwise;
    options.beta = beta;
    auto model = MakeTrueSkillModel(options);
    ASSERT_TRUE(model.ok()) << model.status().message();
    RatingInput input{judgments_.num_systems(), &judgments_.comparisons(), &judgments_};
    auto result = (*model)->Rate(input, 1);
    ASSERT_TRUE(result.ok()) << result.status().message();
    const double tolerance = mode == "ffa" ? 1e-4 : 1e-6;
    const Struct& final_ratings = Field(spec, "final").struct_value();
    ASSERT_EQ(final_ratings.fields().size(), 7u);
    for (const auto& [name, value] : final_ratings.fields()) {
      const auto id = judgments_.systems().Find(name);
      ASSERT_TRUE(id.has_value()) << name;
      const Rating expected = RatingOf(value.struct_value());
      EXPECT_NEAR(result->ratings[*id].mu, expected.mu, tolerance) << name;
      EXPECT_NEAR(result->ratings[*id].sigma, expected.sigma, tolerance) << name;
      EXPECT_EQ(result->ratings[*id].score, result->ratings[*id].mu);
    }
  }
}

TEST_F(TrueSkillFixture, SingleGamesAtExtremeGapsMatchTheReferenceLibrary) {
  const auto& games = Field(fixture_, "single_games").list_value().values();
  ASSERT_GE(games.size(), 7);
  for (const Value& g : games) {
    const Struct& spec = g.struct_value();
    const TrueSkill env =
        MakeEnv(Field(spec, "beta").number_value(), Field(spec, "draw_probability").number_value());
    const Rating a0 = RatingOf(Field(spec, "a").struct_value());
    const Rating b0 = RatingOf(Field(spec, "b").struct_value());
    Rating a = a0, b = b0;
    const std::string outcome = Field(spec, "outcome").string_value();
    SCOPED_TRACE(outcome + " a.mu " + std::to_string(a.mu) + " b.mu " + std::to_string(b.mu));
    env.Rate(outcome == "tie" ? Outcome::kTie : Outcome::kFirstWins, &a, &b);
    const Rating a_after = RatingOf(Field(spec, "a_after").struct_value());
    const Rating b_after = RatingOf(Field(spec, "b_after").struct_value());
    // The reference library evaluates Phi with an erfc approximation of 1.2e-7 relative
    // error; w = v (v + x) amplifies it by ~x^2 in the far tail, so at |t/c| ~ 22 (the
    // -6 vs 6 game) its sigma is 1.1e-6 off the exact value, which
    // ExactValuesAtExtremeGaps checks to 1e-12. There the fixture is met to 2e-6.
    const double c = std::sqrt(2 * env.options().beta * env.options().beta + a0.sigma * a0.sigma +
                               b0.sigma * b0.sigma);
    const double sigma_tolerance = std::fabs(a0.mu - b0.mu) / c > 20 ? 2e-6 : 1e-6;
    EXPECT_NEAR(a.mu, a_after.mu, 1e-6);
    EXPECT_NEAR(a.sigma, a_after.sigma, sigma_tolerance);
    EXPECT_NEAR(b.mu, b_after.mu, 1e-6);
    EXPECT_NEAR(b.sigma, b_after.sigma, sigma_tolerance);
  }
}

// The fixture's extreme games evaluated from the paper's formulas with mpmath at 40 digits
// (eps = Phi^-1(0.625) sqrt(2) 0.25 = 0.11265602750608905236).
TEST(TrueSkillUpdate, ExactValuesAtExtremeGaps) {
  const TrueSkill env = MakeEnv(0.25);
  EXPECT_NEAR(env.draw_margin(), 0.11265602750608905236, 1e-16);
  struct Case {
    Rating a, b, a_after;
  };
  const Case cases[] = {
      {{-6, 0.3}, {6, 0.3}, {-2.418373962704466, 0.25198641739146986}},
      {{-3, 0.5}, {3, 0.5}, {-0.51530490025013944, 0.38926193299545976}},
      {{3, 0.5}, {-3, 0.5}, {3.0000000000001144, 0.49999999999973054}},
  };
  for (const Case& k : cases) {
    Rating a = k.a, b = k.b;
    env.Rate(Outcome::kFirstWins, &a, &b);
    EXPECT_NEAR(a.mu, k.a_after.mu, 1e-12);
    EXPECT_NEAR(a.sigma, k.a_after.sigma, 1e-12);
    EXPECT_NEAR(b.mu, -k.a_after.mu, 1e-12);
    EXPECT_NEAR(b.sigma, k.a_after.sigma, 1e-12);
  }
}

TEST(TrueSkillCorrections, DrawCorrectionMatchesHighPrecisionValues) {
  struct Case {
    double t, e, v, w;
  };
  const Case cases[] = {
      {0, 0.3, 0.0, 0.9703584480119783311},
      {0.5, 0.3, -0.4852009173784096333, 0.97048842637359924963},
      {-2, 0.1, 1.9933598610891453892, 0.99669750686177744486},
      {10, 0.14, -9.9419924808779202113, 0.99540958408809924716},
      {50, 0.3, -49.720104465734256548, 0.99959613653780134166},
      {1000, 0.3, -999.70100029808823595, 0.99999899940573704727},
      {3, 1e-6, -2.999999999999, 0.99999999999966666667},
      {50, 1e-3, -49.999983336112671065, 0.9999996668333115999},
      {0.2, 5, -3.4251986151701914816e-6, 0.000021802005216761047267},
      {40, 40, -0.79788456080286535588, 0.63661977236758134308},
      {2, 1e-4, -1.99999999333333336, 0.99999999666666669778},
      {3.2, 0.3, -3.1103960339120131957, 0.97502157513184253452},
      {3.4, 0.3, -3.3054515975038675343, 0.97553637636209535002},
      {-7, 2, 5.1865039671242979604, 0.96730356538893564162},
  };
  for (const Case& c : cases) {
    const TruncationCorrection k = DrawCorrection(c.t, c.e);
    EXPECT_NEAR(k.v, c.v, 1e-11 * std::max(1.0, std::fabs(c.v))) << c.t << " " << c.e;
    EXPECT_NEAR(k.w, c.w, 1e-11) << c.t << " " << c.e;
  }
}

TEST(TrueSkillCorrections, WinCorrectionIsTheInverseMillsRatioShiftedByTheMargin) {
  // v_win(t, e) = lambda(t - e); lambda(-1) and lambda(-50) from mpmath.
  EXPECT_NEAR(WinCorrection(-0.75, 0.25).v, 1.5251352761609812091, 1e-13);
  EXPECT_NEAR(WinCorrection(-49.5, 0.5).v, 50.019984031905639809, 1e-12);
  EXPECT_NEAR(WinCorrection(-49.5, 0.5).w, 0.99960095681319610045, 1e-14);
}

TEST(TrueSkillCorrections, DrawMarginFromProbabilityFollowsHerbrich) {
  // Phi^-1(0.625) = 0.31863936396437516302 (mpmath).
  EXPECT_NEAR(DrawMarginFromProbability(0.25, 2, 0.25), 0.31863936396437516302 * std::sqrt(2.0) * 0.25,
              1e-15);
  EXPECT_NEAR(DrawMarginFromProbability(0.25, 10, 2.0), 0.31863936396437516302 * std::sqrt(10.0) * 2.0,
              1e-14);
  EXPECT_EQ(DrawMarginFromProbability(0.0, 2, 1.0), 0.0);
}

// Ratings on a grid from close to 1e3 c apart, both orders, several sigmas.
std::vector<std::pair<Rating, Rating>> RatingGrid(double beta) {
  std::vector<std::pair<Rating, Rating>> grid;
  for (double sa : {0.01, 0.3, 0.5, 2.0}) {
    for (double sb : {0.02, 0.5, 1.5}) {
      const double c = std::sqrt(2 * beta * beta + sa * sa + sb * sb);
      for (double gap : {0.0, 0.1, 1.0, 5.0, 12.0, 50.0, 1e3, 1e6}) {
        grid.push_back({{gap * c / 2, sa}, {-gap * c / 2, sb}});
        grid.push_back({{-gap * c / 2, sa}, {gap * c / 2, sb}});
      }
    }
  }
  return grid;
}

bool Finite(const Rating& r) { return std::isfinite(r.mu) && std::isfinite(r.sigma); }

TEST(TrueSkillUpdate, WinnerNeverFallsAndNoSigmaGrowsWithoutDynamics) {
  for (double beta : {0.25, 2.0}) {
    const TrueSkill env = MakeEnv(beta);
    for (const auto& [a0, b0] : RatingGrid(beta)) {
      Rating a = a0, b = b0;
      env.Rate(Outcome::kFirstWins, &a, &b);
      EXPECT_GE(a.mu, a0.mu);
      EXPECT_LE(b.mu, b0.mu);
      EXPECT_LE(a.sigma, a0.sigma);
      EXPECT_LE(b.sigma, b0.sigma);
      Rating c = a0, d = b0;
      env.Rate(Outcome::kTie, &c, &d);
      EXPECT_LE(c.sigma, a0.sigma);
      EXPECT_LE(d.sigma, b0.sigma);
    }
  }
}

TEST(TrueSkillUpdate, SwappingThePlayersMirrorsTheUpdate) {
  const TrueSkill env = MakeEnv(0.25);
  for (const auto& [a0, b0] : RatingGrid(0.25)) {
    for (Outcome o : {Outcome::kFirstWins, Outcome::kSecondWins, Outcome::kTie}) {
      Rating a = a0, b = b0;
      env.Rate(o, &a, &b);
      const Outcome mirrored = o == Outcome::kFirstWins    ? Outcome::kSecondWins
                               : o == Outcome::kSecondWins ? Outcome::kFirstWins
                                                           : Outcome::kTie;
      Rating b2 = b0, a2 = a0;
      env.Rate(mirrored, &b2, &a2);
      EXPECT_EQ(a.mu, a2.mu);
      EXPECT_EQ(a.sigma, a2.sigma);
      EXPECT_EQ(b.mu, b2.mu);
      EXPECT_EQ(b.sigma, b2.sigma);
    }
    // Reflecting the means through 0 reflects the result of a tie.
    Rating a = a0, b = b0, ra{-a0.mu, a0.sigma}, rb{-b0.mu, b0.sigma};
    env.Rate(Outcome::kTie, &a, &b);
    env.Rate(Outcome::kTie, &ra, &rb);
    EXPECT_EQ(a.mu, -ra.mu);
    EXPECT_EQ(b.sigma, rb.sigma);
  }
}

TEST(TrueSkillUpdate, TieBetweenEqualRatingsLeavesMeansUnchanged) {
  for (double beta : {0.25, 2.0}) {
    const TrueSkill env = MakeEnv(beta);
    for (double mu : {0.0, 1.5, -3.0}) {
      for (double sigma : {0.1, 0.5, 3.0}) {
        Rating a{mu, sigma}, b{mu, sigma};
        env.Rate(Outcome::kTie, &a, &b);
        EXPECT_EQ(a.mu, mu);
        EXPECT_EQ(b.mu, mu);
        EXPECT_LT(a.sigma, sigma);
      }
    }
  }
}

TEST(TrueSkillUpdate, ExtremeGapsGiveFiniteSensibleUpdates) {
  const TrueSkill env = MakeEnv(0.25);
  const double c = std::sqrt(2 * 0.25 * 0.25 + 0.5 * 0.5 + 0.5 * 0.5);
  for (double z : {50.0, 1e3, 1e8, 1e300}) {
    for (Outcome o : {Outcome::kFirstWins, Outcome::kSecondWins, Outcome::kTie}) {
      Rating a{z * c / 2, 0.5}, b{-z * c / 2, 0.5};
      env.Rate(o, &a, &b);
      EXPECT_TRUE(Finite(a) && Finite(b)) << z;
      EXPECT_GT(a.sigma, 0.0);
      EXPECT_GT(b.sigma, 0.0);
    }
  }
  // An upset at t/c = -50: the mean difference moves by s^2/c * v with v ~ 50.02 each side.
  Rating a{-25 * c, 0.5}, b{25 * c, 0.5};
  env.Rate(Outcome::kFirstWins, &a, &b);
  const double e = env.draw_margin() / c;
  const double v = WinCorrection(-50.0, e).v;
  EXPECT_NEAR(a.mu, -25 * c + 0.25 / c * v, 1e-12);
  EXPECT_GT(v, 50.0);
}

TEST(TrueSkillFreeForAll, TwoPlayersMatchTheClosedForm) {
  for (double beta : {0.25, 2.0}) {
    const TrueSkill env = MakeEnv(beta);
    for (const auto& [a0, b0] : RatingGrid(beta)) {
      if (std::fabs(a0.mu) > 1e5) continue;
      for (Outcome o : {Outcome::kFirstWins, Outcome::kSecondWins, Outcome::kTie}) {
        Rating a = a0, b = b0;
        env.Rate(o, &a, &b);
        std::vector<Rating> players = {a0, b0};
        const std::vector<int> ranks = {o == Outcome::kSecondWins ? 2 : 1,
                                        o == Outcome::kFirstWins ? 2 : 1};
        ASSERT_TRUE(env.RateFreeForAll(players, ranks).ok());
        const double scale = std::max(1.0, std::fabs(a0.mu));
        EXPECT_NEAR(players[0].mu, a.mu, 1e-12 * scale);
        EXPECT_NEAR(players[1].mu, b.mu, 1e-12 * scale);
        // Ties 50 c apart subtract w ~ 0.9996 from 1 on both paths: ~1e-12 apart.
        EXPECT_NEAR(players[0].sigma, a.sigma, 1e-10);
        EXPECT_NEAR(players[1].sigma, b.sigma, 1e-10);
      }
    }
  }
}

TEST(TrueSkillFreeForAll, FiveWayGameWithTiesAndExtremeGapsStaysFinite) {
  const TrueSkill env = MakeEnv(0.25);
  std::vector<Rating> players = {{-40, 0.5}, {0, 0.5}, {40, 0.01}, {1e4, 0.3}, {3, 2}};
  const std::vector<int> ranks = {1, 2, 2, 5, 1};
  int sweeps = 0;
  ASSERT_TRUE(env.RateFreeForAll(players, ranks, &sweeps).ok());
  EXPECT_GE(sweeps, 1);
  EXPECT_LE(sweeps, 200);
  for (const Rating& r : players) EXPECT_TRUE(Finite(r));
  // The winner at -40 moved up, the loser at 1e4 moved down.
  EXPECT_GT(players[0].mu, -40);
  EXPECT_LT(players[3].mu, 1e4);
}

TEST(TrueSkillFreeForAll, RejectsMismatchedRanks) {
  const TrueSkill env = MakeEnv(0.25);
  std::vector<Rating> players(3, Rating{0, 0.5});
  const std::vector<int> ranks = {1, 2};
  EXPECT_EQ(env.RateFreeForAll(players, ranks).code(), StatusCode::kInvalidArgument);
  std::vector<Rating> one(1, Rating{0, 0.5});
  const std::vector<int> rank1 = {1};
  EXPECT_TRUE(env.RateFreeForAll(one, rank1).ok());
  EXPECT_EQ(one[0].mu, 0.0);
}

TEST(TrueSkillOptions, CreateRejectsOutOfRangeParameters) {
  auto bad = [](auto mutate) {
    TrueSkillOptions o;
    mutate(o);
    return TrueSkill::Create(o).status().code();
  };
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.beta = 0; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.sigma = -1; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.tau = -0.1; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.draw_probability = 1.0; }),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.draw_margin = -0.5; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.mu = NAN; }), StatusCode::kInvalidArgument);
  // Finite but huge: 2 beta^2 overflows for beta = 1e154, and every update would be NaN.
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.beta = 1e154; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.sigma = 1e200; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.tau = 1e13; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.mu = -1e13; }), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad([](TrueSkillOptions& o) { o.draw_margin = 1e300; }), StatusCode::kInvalidArgument);
  EXPECT_NE(TrueSkill::Create([] {
              TrueSkillOptions o;
              o.beta = 1e154;
              return o;
            }())
                .status()
                .message()
                .find("beta (1e+154) must be a positive number, at most 1e+12"),
            std::string::npos);
  TrueSkillOptions given;
  given.draw_margin = 0.125;
  EXPECT_EQ(TrueSkill::Create(given)->draw_margin(), 0.125);
}

// At the largest accepted parameters every update stays finite.
TEST(TrueSkillOptions, LargestAcceptedParametersGiveFiniteUpdates) {
  TrueSkillOptions o;
  o.mu = kMaxTrueSkillParameter;
  o.sigma = kMaxTrueSkillParameter;
  o.beta = kMaxTrueSkillParameter;
  o.tau = kMaxTrueSkillParameter;
  o.draw_margin = kMaxTrueSkillParameter;
  auto env = TrueSkill::Create(o);
  ASSERT_TRUE(env.ok()) << env.status().message();
  Rating a{o.mu, o.sigma}, b{-o.mu, o.sigma};
  for (int game = 0; game < 1000; ++game) {
    env->Rate(game % 3 == 0 ? Outcome::kTie : Outcome::kFirstWins, &a, &b);
  }
  EXPECT_TRUE(std::isfinite(a.mu) && std::isfinite(a.sigma) && a.sigma > 0) << a.mu;
  EXPECT_TRUE(std::isfinite(b.mu) && std::isfinite(b.sigma) && b.sigma > 0) << b.mu;
}

TEST(TrueSkillQuality, PaperDrawProbabilities) {
  // p_draw = sqrt(2 beta^2 / c^2) exp(-(mu_a - mu_b)^2 / (2 c^2)); by hand for beta = 0.25,
  // sigmas 0.5 and 0.25: c^2 = 0.125 + 0.25 + 0.0625 = 0.4375.
  const double c2 = 0.4375;
  EXPECT_NEAR(DrawProbability({1.0, 0.5}, {0.5, 0.25}, 0.25),
              std::sqrt(0.125 / c2) * std::exp(-0.25 / (2 * c2)), 1e-15);
  EXPECT_NEAR(DrawProbability({0, 0.5}, {0, 0.5}, 0.25), std::sqrt(0.125 / 0.625), 1e-15);
  EXPECT_DOUBLE_EQ(ModifiedDrawProbability(1.0, 0.5), std::exp(-0.5));
  EXPECT_DOUBLE_EQ(ModifiedDrawProbability(-2.0, 1.0), std::exp(-3.0));
  EXPECT_EQ(ModifiedDrawProbability(3.0, 3.0), 1.0);
}

}  // namespace
}  // namespace tourney
