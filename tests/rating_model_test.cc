#include "tourney/core/rating_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tourney {
namespace {

// A model that returns fixed ratings, to check what RateChecked lets through.
class FixedModel final : public RatingModel {
 public:
  explicit FixedModel(std::vector<SystemRating> ratings) : ratings_(std::move(ratings)) {}
  std::string name() const override { return "fixed"; }
  StatusOr<RatingResult> Rate(const RatingInput&, uint64_t) const override {
    RatingResult r;
    r.ratings = ratings_;
    return r;
  }

 private:
  std::vector<SystemRating> ratings_;
};

TEST(RateChecked, PassesFiniteRatings) {
  Judgments j;
  j.systems().Intern("a");
  j.systems().Intern("b");
  std::vector<SystemRating> ok(2);
  ok[0].score = 1.5;
  ok[1].sigma = 0.25;
  const FixedModel model(ok);
  RatingInput input{2, &j.comparisons(), &j};
  auto r = RateChecked(model, input, 1);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->ratings[0].score, 1.5);
}

TEST(RateChecked, NonFiniteRatingsAreAnInternalErrorNamingTheSystem) {
  Judgments j;
  j.systems().Intern("a");
  j.systems().Intern("b");
  RatingInput input{2, &j.comparisons(), &j};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    int system;
    double SystemRating::*field;
    const char* name;
    double value;
  } cases[] = {{1, &SystemRating::score, "score", nan},
               {0, &SystemRating::mu, "mu", inf},
               {1, &SystemRating::sigma, "sigma", -nan},
               {0, &SystemRating::r_hat, "r_hat", nan},
               {1, &SystemRating::score_hi, "score_hi", -inf}};
  for (const Case& c : cases) {
    std::vector<SystemRating> ratings(2);
    ratings[static_cast<size_t>(c.system)].*c.field = c.value;
    auto r = RateChecked(FixedModel(ratings), input, 1);
    ASSERT_FALSE(r.ok()) << c.name;
    EXPECT_EQ(r.status().code(), StatusCode::kInternal);
    const std::string expected = std::string("model 'fixed' returned a non-finite ") + c.name +
                                 " for system '" + (c.system == 0 ? "a" : "b") + "'";
    EXPECT_NE(r.status().message().find(expected), std::string::npos) << r.status().message();
  }
}

TEST(RateChecked, WrongNumberOfRatingsIsAnError) {
  Judgments j;
  RatingInput input{3, &j.comparisons(), nullptr};
  auto r = RateChecked(FixedModel(std::vector<SystemRating>(2)), input, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInternal);
  // Without names, systems are numbered.
  std::vector<SystemRating> bad(3);
  bad[2].score = std::numeric_limits<double>::quiet_NaN();
  auto named = RateChecked(FixedModel(bad), input, 1);
  EXPECT_NE(named.status().message().find("for system 2"), std::string::npos);
}

}  // namespace
}  // namespace tourney
