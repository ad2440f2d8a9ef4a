// The assignment rules of scored screens (tourney/selection/screen_assignment.h): subset
// probabilities by hand for each rule and phase, that they sum to 1, and that the draws
// follow them (20,000 draws per rule against SubsetProbability).
#include "tourney/selection/screen_assignment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace tourney {
namespace {

// Every k-subset of n systems, sorted.
std::vector<std::vector<int>> Subsets(int n, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> pick(k);
  for (int i = 0; i < k; ++i) pick[i] = i;
  while (true) {
    out.push_back(pick);
    int i = k - 1;
    while (i >= 0 && pick[i] == n - k + i) --i;
    if (i < 0) break;
    ++pick[i];
    for (int j = i + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
  }
  return out;
}

// A tally past any warm-up of `per` answers: one screen per (a, b) pair, `per` times, with
// system s scoring base[s] (+ a little per repetition).
ScreenTally PastWarmUp(const std::vector<double>& base, int per) {
  ScreenTally t(static_cast<int>(base.size()));
  for (int r = 0; r < per; ++r) {
    for (int a = 0; a < static_cast<int>(base.size()); ++a) {
      for (int b = a + 1; b < static_cast<int>(base.size()); ++b) {
        t.Add({{a, base[a] + (r % 3), 0}, {b, base[b], 0}});
      }
    }
  }
  return t;
}

TEST(ScreenAssignment, NamesParseBothWays) {
  for (const char* name : {"uniform", "wmt26", "adaptive"}) {
    auto rule = ParseScreenAssignment(name);
    ASSERT_TRUE(rule.ok());
    EXPECT_STREQ(ScreenAssignmentName(*rule), name);
  }
  EXPECT_EQ(ParseScreenAssignment("dynamic").status().message(),
            "assignment 'dynamic': expected uniform, wmt26 or adaptive");
  EXPECT_EQ(Choose(5, 3), 10.0);
  EXPECT_EQ(Choose(3, 4), 0.0);
}

TEST(ScreenAssignment, TallyMeansAndTStatisticByHand) {
  ScreenTally t(3);
  t.Add({{0, 70, 0}, {1, 60, 0}, {2, 50, 0}});
  t.Add({{1, 80, 0}, {0, 74, 0}});
  EXPECT_EQ(t.answers(0), 2);
  EXPECT_DOUBLE_EQ(t.mean(0), 72.0);
  EXPECT_DOUBLE_EQ(t.mean(1), 70.0);
  EXPECT_EQ(t.shared(0, 1), 2);
  EXPECT_EQ(t.shared(1, 2), 1);
  // d(0 - 1) = 10, -6: mean 2, sd sqrt(128), t = 2 / (sqrt(128) / sqrt(2)) = 0.25.
  EXPECT_DOUBLE_EQ(t.mean_difference(0, 1), 2.0);
  EXPECT_DOUBLE_EQ(t.mean_difference(1, 0), -2.0);
  EXPECT_NEAR(t.t_statistic(0, 1), 0.25, 1e-12);
  EXPECT_NEAR(t.t_statistic(1, 0), -0.25, 1e-12);
  EXPECT_EQ(t.t_statistic(1, 2), 0.0);  // one screen
}

TEST(ScreenAssignment, WeightedSubsetProbabilityByHand) {
  // Weights 1, 1, 2, pairs: {0,1} = 1/4*1/3 + 1/4*1/3 = 1/6; {0,2} = 1/4*2/3 + 2/4*1/2 = 5/12.
  const std::vector<double> w = {1, 1, 2};
  EXPECT_NEAR(WeightedSubsetProbability(w, {0, 1}), 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(WeightedSubsetProbability(w, {2, 0}), 5.0 / 12.0, 1e-15);
  EXPECT_NEAR(WeightedSubsetProbability(w, {0, 1, 2}), 1.0, 1e-15);
  // Equal weights: every 3-subset of 6 has probability 1 / C(6, 3) = 1/20.
  EXPECT_NEAR(WeightedSubsetProbability(std::vector<double>(6, 0.3), {1, 3, 5}), 0.05, 1e-15);
}

TEST(ScreenAssignment, UniformIsOneOverChoose) {
  ScreenTally t(5);
  AssignmentOptions o;  // k = 3
  EXPECT_DOUBLE_EQ(SubsetProbability(ScreenAssignment::kUniform, t, o, {4, 0, 2}), 0.1);
}

TEST(ScreenAssignment, WarmUpByHand) {
  // Five systems, coldstart 2: systems 0 and 1 have one answer each, 2..4 have two.
  ScreenTally t(5);
  t.Add({{0, 50, 0}, {2, 50, 0}, {3, 50, 0}});
  t.Add({{1, 50, 0}, {2, 50, 0}, {4, 50, 0}});
  t.Add({{3, 50, 0}, {4, 50, 0}});
  AssignmentOptions o;
  o.coldstart = 2;
  // |L| = 2 < k = 3: both of L and one of the other three.
  for (ScreenAssignment rule : {ScreenAssignment::kWmt26, ScreenAssignment::kAdaptive}) {
    EXPECT_NEAR(SubsetProbability(rule, t, o, {0, 1, 3}), 1.0 / 3.0, 1e-15);
    EXPECT_EQ(SubsetProbability(rule, t, o, {0, 2, 3}), 0.0);
  }
  // |L| >= k: coldstart 3 puts all five below; uniform over C(5, 3).
  o.coldstart = 3;
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kWmt26, t, o, {0, 2, 3}), 0.1, 1e-15);
}

TEST(ScreenAssignment, Wmt26RankWeightsByHand) {
  // Means 80 > 70 > 60 (systems 0, 1, 2), k = 2: weights 1, 1/sqrt 2, 1/sqrt 3.
  const ScreenTally t = PastWarmUp({80, 70, 60}, 20);
  AssignmentOptions o;
  o.k = 2;
  const double w0 = 1, w1 = 1 / std::sqrt(2.0), w2 = 1 / std::sqrt(3.0), W = w0 + w1 + w2;
  const double p01 = w0 / W * w1 / (W - w0) + w1 / W * w0 / (W - w1);
  const double p12 = w1 / W * w2 / (W - w1) + w2 / W * w1 / (W - w2);
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kWmt26, t, o, {1, 0}), p01, 1e-15);
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kWmt26, t, o, {1, 2}), p12, 1e-15);
}

TEST(ScreenAssignment, AdaptiveMixtureByHand) {
  // Four systems, k = 2, explore 0.5. Pair (0, 1): 4 shared screens with d = 1, 3, 1, 3:
  // mean 2, sd sqrt(4/3), t = 2 / (sqrt(4/3) / 2) = 2 sqrt 3, z^2 = 12,
  // u = (0.1 + 12 exp(-12/8)) / sqrt 5. Pair (2, 3): one screen, z = 0, u = 0.1 / sqrt 2.
  // Every other pair never shared a screen: u = 0.1.
  ScreenTally t(4);
  t.Add({{0, 51, 0}, {1, 50, 0}});
  t.Add({{0, 53, 0}, {1, 50, 0}});
  t.Add({{0, 51, 0}, {1, 50, 0}});
  t.Add({{0, 53, 0}, {1, 50, 0}});
  t.Add({{2, 40, 0}, {3, 30, 0}});  // shares a screen: pair (2, 3) has n = 1, t = 0
  AssignmentOptions o;
  o.k = 2;
  o.coldstart = 1;
  o.explore = 0.5;
  const double u01 = (0.1 + 12.0 * std::exp(-1.5)) / std::sqrt(5.0);
  const double u23 = 0.1 / std::sqrt(2.0);
  const double total = u01 + u23 + 0.4;  // (0,2) (0,3) (1,2) (1,3): u = 0.1
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kAdaptive, t, o, {0, 1}),
              0.5 / 6 + 0.5 * u01 / total, 1e-15);
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kAdaptive, t, o, {3, 2}),
              0.5 / 6 + 0.5 * u23 / total, 1e-15);
  EXPECT_NEAR(SubsetProbability(ScreenAssignment::kAdaptive, t, o, {1, 3}),
              0.5 / 6 + 0.5 * 0.1 / total, 1e-15);
}

TEST(ScreenAssignment, ProbabilitiesSumToOneAndDrawsFollowThem) {
  const ScreenTally past = PastWarmUp({75, 72, 70, 64, 50, 49}, 4);
  ScreenTally warm(6);
  warm.Add({{0, 50, 0}, {1, 60, 0}, {2, 70, 0}});
  for (ScreenAssignment rule :
       {ScreenAssignment::kUniform, ScreenAssignment::kWmt26, ScreenAssignment::kAdaptive}) {
    for (const ScreenTally* tally : std::vector<const ScreenTally*>{&past, &warm}) {
      AssignmentOptions o;  // k = 3, coldstart 20 (the warm tally is in its warm-up)
      if (tally == &past) o.coldstart = 4;
      const auto subsets = Subsets(6, 3);
      double sum = 0.0;
      for (const auto& s : subsets) sum += SubsetProbability(rule, *tally, o, s);
      EXPECT_NEAR(sum, 1.0, 1e-12) << ScreenAssignmentName(rule);
      std::map<std::vector<int>, int> seen;
      Rng rng(17);
      const int draws = 20000;
      for (int i = 0; i < draws; ++i) {
        std::vector<int> d = DrawScreenSystems(rule, *tally, o, rng);
        ASSERT_EQ(d.size(), 3u);
        std::sort(d.begin(), d.end());
        ASSERT_TRUE(std::adjacent_find(d.begin(), d.end()) == d.end());
        ++seen[d];
      }
      for (const auto& s : subsets) {
        const double p = SubsetProbability(rule, *tally, o, s);
        const double sd = std::sqrt(draws * p * (1 - p));
        EXPECT_NEAR(seen[s], draws * p, 4.5 * sd + 1) << ScreenAssignmentName(rule);
      }
    }
  }
}

TEST(ScreenAssignment, OptionsAreChecked) {
  AssignmentOptions o;
  o.k = 5;
  EXPECT_FALSE(CheckAssignmentOptions(o, 4).ok());
  o.k = 1;
  EXPECT_FALSE(CheckAssignmentOptions(o, 4).ok());
  o.k = 2;
  o.explore = 0.0;
  EXPECT_EQ(CheckAssignmentOptions(o, 4).message(), "explore: must be in (0, 1]");
  o.explore = 1.0;
  EXPECT_TRUE(CheckAssignmentOptions(o, 4).ok());
}

}  // namespace
}  // namespace tourney
