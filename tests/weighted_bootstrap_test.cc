#include "tourney/statistics/weighted_bootstrap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

// Two systems: a beat b `a_wins` times and lost `b_wins` times, each as its own ranking.
Judgments Record(int a_wins, int b_wins) {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b");
  const SystemId ids[2] = {a, b};
  const uint8_t a_first[2] = {1, 2}, b_first[2] = {2, 1};
  for (int k = 0; k < a_wins; ++k) j.AddRanking(ids, a_first);
  for (int k = 0; k < b_wins; ++k) j.AddRanking(ids, b_first);
  return j;
}

double Sd(const ScoreSamples& s, int system) {
  double mean = 0, ss = 0;
  for (int r = 0; r < s.num_replicates; ++r) mean += s.at(r, system);
  mean /= s.num_replicates;
  for (int r = 0; r < s.num_replicates; ++r) ss += std::pow(s.at(r, system) - mean, 2);
  return std::sqrt(ss / (s.num_replicates - 1));
}

TEST(WeightedBootstrap, SpreadOfAWinShareByTheDeltaMethod) {
  // 60 wins, 40 losses, weights 1: a replicate's theta_a - theta_b = log(A / (100 - A)), A ~
  // Binomial(100, 0.6): sd about 1 / sqrt(100 * 0.6 * 0.4) = 0.204; theta_a is half of it,
  // 400 / ln 10 * 0.102 = 17.7 Elo points. 2,000 replicates: within 8%.
  const Judgments j = Record(60, 40);
  const std::vector<double> ones(100, 1.0);
  BootstrapOptions o;
  o.replicates = 2000;
  o.seed = 4;
  const auto r = WeightedBradleyTerryBootstrap(j, ones, PairwiseModelOptions{}, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->full[0].score - r->full[1].score, 400 * std::log10(1.5), 1e-8);
  const double want = 400 / std::log(10.0) * 0.5 / std::sqrt(100 * 0.6 * 0.4);
  EXPECT_NEAR(Sd(r->scores, 0), want, 0.08 * want);
}

TEST(WeightedBootstrap, ScalingEveryWeightChangesNothing) {
  // The cells and their draws are the same; the fits of a matrix times 10 are the same.
  const Judgments j = Record(30, 20);
  std::vector<double> w(50), w10(50);
  for (int k = 0; k < 50; ++k) w[k] = 1.0 + k % 3, w10[k] = 10.0 * w[k];
  BootstrapOptions o;
  o.replicates = 50;
  const auto a = WeightedBradleyTerryBootstrap(j, w, PairwiseModelOptions{}, o);
  const auto b = WeightedBradleyTerryBootstrap(j, w10, PairwiseModelOptions{}, o);
  ASSERT_TRUE(a.ok() && b.ok());
  for (size_t k = 0; k < a->scores.values.size(); ++k) {
    EXPECT_NEAR(a->scores.values[k], b->scores.values[k], 1e-7);
  }
}

TEST(WeightedBootstrap, SameAtAnyThreadCountAndRefusesRankings) {
  const Judgments j = Record(12, 9);
  std::vector<double> w(21, 0.5);
  w[3] = 2.0;
  BootstrapOptions o;
  o.replicates = 64;
  o.threads = 1;
  const auto one = WeightedBradleyTerryBootstrap(j, w, PairwiseModelOptions{}, o);
  o.threads = 3;
  const auto three = WeightedBradleyTerryBootstrap(j, w, PairwiseModelOptions{}, o);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(one->scores.values, three->scores.values);
  EXPECT_EQ(one->ranks.values, three->ranks.values);
  o.resample = ResampleUnit::kRankings;
  EXPECT_FALSE(WeightedBradleyTerryBootstrap(j, w, PairwiseModelOptions{}, o).ok());
  o.resample = ResampleUnit::kComparisons;
  EXPECT_FALSE(
      WeightedBradleyTerryBootstrap(j, std::vector<double>(20, 1.0), PairwiseModelOptions{}, o)
          .ok());
}

}  // namespace
}  // namespace tourney
