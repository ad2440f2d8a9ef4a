// The without-replacement confidence sequence against its definition (the betting processes
// inverted on a grid), its end point, its coverage under random orders, and bad input.
#include "tourney/sampling/finite_population_sequence.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/sequential/confidence_sequence.h"

namespace tourney {
namespace {

// The two log-capitals log M+ and log M- at hypothesis mu (in [0, 1] units) after the
// observations xs (in [0, 1]), written from the definition: the conditional mean of the
// i-th draw is (N mu - S_{i-1}) / (N - i + 1), and the bets are the predictable plug-in.
struct Capitals {
  double plus = 0.0, minus = 0.0;
};
Capitals LogCapitals(const std::vector<double>& xs, double population, double alpha, double mu) {
  Capitals c;
  double sum = 0.0, squares = 0.0;
  for (size_t k = 0; k < xs.size(); ++k) {
    const double i = static_cast<double>(k + 1);
    const double centre = (0.5 + sum) / i;
    const double spread = (0.25 + squares) / i;
    const double bet =
        std::min(0.5, std::sqrt(2.0 * std::log(2.0 / alpha) / (spread * i * std::log(1.0 + i))));
    const double conditional_mean = (population * mu - sum) / (population - i + 1.0);
    const double penalty = 4.0 * (xs[k] - centre) * (xs[k] - centre) *
                           (-std::log(1.0 - bet) - bet) / 4.0;
    c.plus += bet * (xs[k] - conditional_mean) - penalty;
    c.minus += -bet * (xs[k] - conditional_mean) - penalty;
    sum += xs[k];
    const double after = (0.5 + sum) / (i + 1.0);
    squares += (xs[k] - after) * (xs[k] - after);
  }
  return c;
}

TEST(FinitePopulationSequence, InvertsItsBettingProcesses) {
  // 14 of N = 20 scores in [-25, 0] (MQM, lower is better, negated); alpha = 0.1. At every t
  // the interval is the set of mu where neither capital reached 2/alpha and the sample
  // allows mu, intersected over time: found here on a grid of 200,001 points.
  const double lo = -25.0, hi = 0.0, alpha = 0.1;
  const int population = 20;
  const std::vector<double> scores = {0, -1, 0, -5, -2, 0, 0, -25, -1, 0, -6, 0, -1, -3};
  auto seq = FinitePopulationSequence::Make(population, lo, hi, alpha);
  ASSERT_TRUE(seq.ok()) << seq.status().message();
  EXPECT_EQ(seq->lower(), lo);
  EXPECT_EQ(seq->upper(), hi);
  constexpr int kGrid = 200000;
  std::vector<uint8_t> alive(kGrid + 1, 1);
  std::vector<double> xs;
  double sum = 0.0;
  for (size_t t = 0; t < scores.size(); ++t) {
    ASSERT_TRUE(seq->Add(scores[t]).ok());
    xs.push_back((scores[t] - lo) / (hi - lo));
    sum += xs.back();
    const double seen = static_cast<double>(t + 1);
    double first = -1, last = -1;
    for (int g = 0; g <= kGrid; ++g) {
      const double mu = static_cast<double>(g) / kGrid;
      const Capitals c = LogCapitals(xs, population, alpha, mu);
      const bool allowed = mu >= sum / population - 1e-12 &&
                           mu <= (sum + population - seen) / population + 1e-12;
      alive[g] &= allowed && c.plus < std::log(2.0 / alpha) && c.minus < std::log(2.0 / alpha);
      if (alive[g]) {
        if (first < 0) first = mu;
        last = mu;
      }
    }
    ASSERT_GE(first, 0.0) << "t = " << t + 1;
    const double step = (hi - lo) / kGrid;
    EXPECT_NEAR(seq->lower(), lo + (hi - lo) * first, step) << "t = " << t + 1;
    EXPECT_NEAR(seq->upper(), lo + (hi - lo) * last, step) << "t = " << t + 1;
  }
  EXPECT_EQ(seq->count(), 14);
  // The sample mean: -44 / 14.
  EXPECT_NEAR(seq->mean(), -44.0 / 14.0, 1e-12);
}

TEST(FinitePopulationSequence, EndsAtThePopulationMean) {
  const std::vector<double> scores = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3};  // mean 3.9
  auto seq = FinitePopulationSequence::Make(10, 0.0, 10.0, 0.05);
  ASSERT_TRUE(seq.ok());
  for (double s : scores) ASSERT_TRUE(seq->Add(s).ok());
  EXPECT_NEAR(seq->lower(), 3.9, 1e-12);
  EXPECT_NEAR(seq->upper(), 3.9, 1e-12);
  // Nine of ten seen (sum 36): the last value lies in [0, 10], so the mean in [3.6, 4.6].
  auto nine = FinitePopulationSequence::Make(10, 0.0, 10.0, 0.05);
  for (size_t k = 0; k < 9; ++k) ASSERT_TRUE(nine->Add(scores[k]).ok());
  EXPECT_GE(nine->lower(), 3.6 - 1e-12);
  EXPECT_LE(nine->upper(), 4.6 + 1e-12);
  EXPECT_LE(nine->lower(), 3.9);
  EXPECT_GE(nine->upper(), 3.9);
}

// A skewed population like MQM scores: most segments perfect, a long tail of bad ones.
std::vector<double> SkewedPopulation(int size, uint64_t seed) {
  Rng rng(seed);
  std::vector<double> v(size);
  for (double& x : v) {
    x = rng.Uniform() < 0.55 ? 0.0 : std::min(25.0, -3.0 * std::log(rng.UniformOpen()));
  }
  return v;
}

TEST(FinitePopulationSequence, HoldsTheMeanAtEveryTimeInRandomOrders) {
  // 1,000 random orders of a 300-value population, alpha = 0.1: the share of orders in
  // which the interval misses the mean at any time is at most alpha (in practice far less;
  // a wrong conditional mean or a sign error misses in most orders).
  const std::vector<double> population = SkewedPopulation(300, 7);
  const double truth =
      std::accumulate(population.begin(), population.end(), 0.0) / population.size();
  Rng rng(11);
  int missed = 0;
  std::vector<double> order = population;
  for (int run = 0; run < 1000; ++run) {
    for (size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.UniformInt(k)]);
    auto seq = FinitePopulationSequence::Make(300, 0.0, 25.0, 0.1);
    bool miss = false;
    for (double x : order) {
      ASSERT_TRUE(seq->Add(x).ok());
      // (1e-9: the last interval is the mean itself, up to rounding.)
      miss = miss || truth < seq->lower() - 1e-9 || truth > seq->upper() + 1e-9;
    }
    missed += miss;
    EXPECT_NEAR(seq->lower(), truth, 1e-9);
  }
  EXPECT_LE(missed, 100);
}

TEST(FinitePopulationSequence, NarrowerThanTheInfinitePopulationSequence) {
  // The same observations: with N known, the interval shrinks faster, and at half of the
  // population it is markedly narrower than the i.i.d. sequence's.
  const std::vector<double> population = SkewedPopulation(400, 3);
  auto seq = FinitePopulationSequence::Make(400, 0.0, 25.0, 0.05);
  BoundedMeanSequence iid;
  const double log_term = BoundedMeanSequence::LogTerm(0.05);
  for (int k = 0; k < 200; ++k) {
    ASSERT_TRUE(seq->Add(population[k]).ok());
    iid.Add(population[k] / 25.0, log_term);
  }
  const double finite_width = seq->upper() - seq->lower();
  const double iid_width = 25.0 * (iid.hi() - iid.lo());
  EXPECT_LT(finite_width, 0.9 * iid_width) << finite_width << " vs " << iid_width;
}

TEST(FinitePopulationSequence, RefusesBadInput) {
  EXPECT_FALSE(FinitePopulationSequence::Make(0, 0.0, 1.0, 0.05).ok());
  EXPECT_FALSE(FinitePopulationSequence::Make(5, 1.0, 1.0, 0.05).ok());
  EXPECT_FALSE(FinitePopulationSequence::Make(5, 0.0, NAN, 0.05).ok());
  EXPECT_FALSE(FinitePopulationSequence::Make(5, -1e308, 1e308, 0.05).ok());
  EXPECT_FALSE(FinitePopulationSequence::Make(5, 0.0, 1.0, 0.0).ok());
  EXPECT_FALSE(FinitePopulationSequence::Make(5, 0.0, 1.0, 1.0).ok());
  auto seq = FinitePopulationSequence::Make(2, 0.0, 1.0, 0.05);
  ASSERT_TRUE(seq.ok());
  EXPECT_FALSE(seq->Add(1.5).ok());
  EXPECT_FALSE(seq->Add(NAN).ok());
  EXPECT_EQ(seq->count(), 0);
  EXPECT_TRUE(seq->Add(0.5).ok());
  EXPECT_TRUE(seq->Add(1.0).ok());
  const Status third = seq->Add(0.0);
  EXPECT_FALSE(third.ok());
  EXPECT_EQ(third.message(), "all 2 values of the population have been observed");
  EXPECT_NEAR(seq->lower(), 0.75, 1e-12);
  EXPECT_NEAR(seq->upper(), 0.75, 1e-12);
}

}  // namespace
}  // namespace tourney
