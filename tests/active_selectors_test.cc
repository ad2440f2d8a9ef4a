// Active match selectors (active_selectors.h): invariants and hand-computed probabilities.
#include "tourney/selection/active_selectors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tourney {
namespace {

const char* const kActive[] = {"frontier", "racing", "lucb",           "info-gain",
                               "thompson", "arena",  "active-ranking", "boundary"};

std::unique_ptr<MatchSelector> Make(const std::string& name) {
  auto s = MakeActiveSelector(name, ActiveSelectorOptions());
  EXPECT_TRUE(s.ok()) << s.status().message();
  return std::move(*s);
}

std::vector<Rating> Spread(int n) {
  std::vector<Rating> r;
  for (int i = 0; i < n; ++i) r.push_back({0.37 * i - 0.02 * (i % 4), 0.05 + 0.03 * (i % 5)});
  return r;
}

// Share of each unordered pair over `draws` two-system selections.
std::map<std::pair<int, int>, double> PairShares(const MatchSelector& s, const SelectionState& st,
                                                 uint64_t seed, int draws) {
  Rng rng(seed);
  std::map<std::pair<int, int>, double> shares;
  SystemId m[2];
  for (int i = 0; i < draws; ++i) {
    EXPECT_TRUE(s.Select(st, rng, m).ok());
    shares[{std::min(m[0], m[1]), std::max(m[0], m[1])}] += 1.0 / draws;
  }
  return shares;
}

// 5 binomial sds of a share p over `draws` draws.
double Tolerance(double p, int draws) { return 5.0 * std::sqrt(p * (1.0 - p) / draws) + 1e-9; }

TEST(ActiveSelectors, FactoryNamesAndOptions) {
  for (const char* name : kActive) {
    EXPECT_EQ(Make(name)->name(), name);
    EXPECT_EQ((*MakeMatchSelector(name))->name(), name);
  }
  EXPECT_EQ((*MakeMatchSelector("paper"))->name(), "trueskill");
  EXPECT_FALSE(MakeActiveSelector("uniform", {}).ok());
  ActiveSelectorOptions bad;
  bad.explore = 0.0;
  EXPECT_EQ(MakeRacingSelector(bad).status().code(), StatusCode::kInvalidArgument);
  bad = ActiveSelectorOptions();
  bad.z = -1;
  EXPECT_FALSE(MakeRacingSelector(bad).ok());
  bad = ActiveSelectorOptions();
  bad.beta = 0;
  EXPECT_FALSE(MakeInfoGainSelector(bad).ok());
}

TEST(ActiveSelectors, ValidDistinctMatchesWithinAllowedPairs) {
  const std::vector<Rating> ratings = Spread(9);
  // A ring plus chords: not complete.
  std::vector<std::pair<SystemId, SystemId>> edges;
  for (int i = 0; i < 9; ++i) edges.emplace_back(i, (i + 1) % 9);
  edges.emplace_back(0, 4);
  const PairSet ring = PairSet::FromPairs(9, edges);
  PairCounts counts(9);
  counts.Add(0, 1, Outcome::kFirstWins, 5);
  for (const char* name : kActive) {
    auto s = Make(name);
    Rng rng(3);
    for (int i = 0; i < 2000; ++i) {
      const size_t size = 2 + i % 4;
      std::vector<SystemId> m(size, -1);
      ASSERT_TRUE(s->Select({ratings, nullptr, &counts}, rng, m).ok()) << name;
      std::set<SystemId> distinct(m.begin(), m.end());
      EXPECT_EQ(distinct.size(), size) << name;
      for (SystemId id : m) EXPECT_TRUE(id >= 0 && id < 9) << name;
      SystemId pair[2];
      ASSERT_TRUE(s->Select({ratings, &ring, &counts}, rng, pair).ok()) << name;
      EXPECT_TRUE(ring.Contains(pair[0], pair[1])) << name << " " << pair[0] << "," << pair[1];
    }
    std::vector<SystemId> too_big(10);
    EXPECT_EQ(s->Select({ratings}, rng, too_big).code(), StatusCode::kInvalidArgument);
    std::vector<SystemId> too_small(1);
    EXPECT_EQ(s->Select({ratings}, rng, too_small).code(), StatusCode::kInvalidArgument);
  }
}

TEST(ActiveSelectors, SameSeedSameMatches) {
  const std::vector<Rating> ratings = Spread(12);
  for (const char* name : kActive) {
    auto s = Make(name);
    auto run = [&](uint64_t seed) {
      Rng rng(seed);
      std::vector<SystemId> all;
      for (int i = 0; i < 300; ++i) {
        std::vector<SystemId> m(2 + i % 3);
        EXPECT_TRUE(s->Select({ratings}, rng, m).ok());
        all.insert(all.end(), m.begin(), m.end());
      }
      return all;
    };
    EXPECT_EQ(run(7), run(7)) << name;
    EXPECT_NE(run(7), run(8)) << name;
  }
}

// No starvation: every pair has probability >= explore / #pairs by the contract, so over
// 20,000 draws each of the 45 pairs is expected >= 44 times even when the policy focuses.
TEST(ActiveSelectors, EveryPairKeepsTheExplorationFloor) {
  std::vector<Rating> ratings;
  for (int i = 0; i < 10; ++i) ratings.push_back({3.0 * i, 0.01});
  ratings[5].mu = ratings[4].mu + 0.001;  // one open boundary, everything else settled
  const int draws = 20000;
  const double floor = 0.1 / 45.0;
  for (const char* name : kActive) {
    const auto shares = PairShares(*Make(name), {ratings}, 11, draws);
    for (int a = 0; a < 10; ++a) {
      for (int b = a + 1; b < 10; ++b) {
        const auto it = shares.find({a, b});
        const double share = it == shares.end() ? 0.0 : it->second;
        EXPECT_GE(share, floor - Tolerance(floor, draws)) << name << " " << a << "," << b;
      }
    }
  }
}

// Racing: only the boundary between mu 2 and 2.05 overlaps (gap 0.05 < 1.96 * sqrt(0.02)
// = 0.277; the others have gaps >= 1 > 0.277), so it is served with probability
// 0.9 + 0.1 / 10 and every other pair with 0.1 / 10.
TEST(ActiveSelectors, RacingServesTheOpenBoundary) {
  const std::vector<Rating> ratings = {{0, 0.1}, {2.05, 0.1}, {1, 0.1}, {5, 0.1}, {2, 0.1}};
  const int draws = 40000;
  const auto shares = PairShares(*Make("racing"), {ratings}, 5, draws);
  for (int a = 0; a < 5; ++a) {
    for (int b = a + 1; b < 5; ++b) {
      const double expected = (a == 1 && b == 4) ? 0.91 : 0.01;
      const auto it = shares.find({a, b});
      EXPECT_NEAR(it == shares.end() ? 0.0 : it->second, expected, Tolerance(expected, draws))
          << a << "," << b;
    }
  }
}

// Frontier, by hand. Four systems, mu 4, 3, 2.9, 0 (ids 0..3), sigma 0.5 each and no
// covariance, so every pair's difference has variance 0.5:
//   cut 0 ({0} | {1, 2, 3}): the least separated pair is {0, 1}, z = 1 / sqrt(0.5) = 1.4142;
//   cut 1 ({0, 1} | {2, 3}): {1, 2}, z = 0.1 / sqrt(0.5) = 0.14142;
//   cut 2 ({0, 1, 2} | {3}): {2, 3}, z = 2.9 / sqrt(0.5) = 4.10 >= 2.5: closed.
// Values exp(-(z - 1.5)^2 / 2) * max(z, 0.5) * 0.5: 0.704510 and 0.0993444 (shares 0.876415
// and 0.123585). With spread 0.2 a cut is served with 0.1 + 0.8 * share: 0.801132 and
// 0.198868; with exploration 0.1 over 6 pairs, {0, 1} 0.9 * 0.801132 + 1/60 = 0.737685,
// {1, 2} 0.195648 and every other pair 1/60.
TEST(ActiveSelectors, FrontierServesTheCutsByTheirValue) {
  const std::vector<Rating> ratings = {{4, 0.5}, {3, 0.5}, {2.9, 0.5}, {0, 0.5}};
  const int draws = 60000;
  const auto shares = PairShares(*Make("frontier"), {ratings}, 21, draws);
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) {
      const double expected = (a == 0 && b == 1)   ? 0.737685
                              : (a == 1 && b == 2) ? 0.195648
                                                   : 1.0 / 60.0;
      const auto it = shares.find({a, b});
      EXPECT_NEAR(it == shares.end() ? 0.0 : it->second, expected, Tolerance(expected, draws))
          << a << "," << b;
    }
  }
}

// Frontier reads the joint covariance when it is given. mu 1, 0, -1 (ids 0..2), marginal
// variances 0.25 and cov(0, 1) = 0.2: var(theta0 - theta1) = 0.25 + 0.25 - 0.4 = 0.1, so
// cut 0 has z = 1 / sqrt(0.1) = 3.16 >= 2.5 (closed) and only cut 1 is open (its least
// separated pair {1, 2}: var 0.5, z = 1.41; {0, 2} has z = 2.83): {1, 2} is served with
// 0.9 + 0.1 / 3. Without the covariance both cuts have z = 1.41 and the same value:
// {0, 1} and {1, 2} get 0.45 + 0.1 / 3 each.
TEST(ActiveSelectors, FrontierUsesTheJointCovariance) {
  const std::vector<Rating> ratings = {{1, 0.5}, {0, 0.5}, {-1, 0.5}};
  const std::vector<double> cov = {0.25, 0.2, 0.0, 0.2, 0.25, 0.0, 0.0, 0.0, 0.25};
  const int draws = 40000;
  const auto joint = PairShares(*Make("frontier"), {ratings, nullptr, nullptr, cov}, 4, draws);
  EXPECT_NEAR(joint.at({1, 2}), 0.9 + 0.1 / 3, Tolerance(0.933, draws));
  EXPECT_NEAR(joint.at({0, 1}), 0.1 / 3, Tolerance(0.033, draws));
  const auto alone = PairShares(*Make("frontier"), {ratings}, 4, draws);
  EXPECT_NEAR(alone.at({0, 1}), 0.45 + 0.1 / 3, Tolerance(0.483, draws));
  EXPECT_NEAR(alone.at({1, 2}), 0.45 + 0.1 / 3, Tolerance(0.483, draws));
}

// Frontier warms up with uniform matches: until 0.5 * #pairs comparisons are counted
// (3 of the 6 pairs of 4 systems) every pair is served with 1/6, whatever the ratings.
TEST(ActiveSelectors, FrontierWarmsUpUniformly) {
  const std::vector<Rating> ratings = {{4, 0.5}, {3, 0.5}, {2.9, 0.5}, {0, 0.5}};
  PairCounts counts(4);
  counts.Add(0, 1, Outcome::kFirstWins, 2);
  const int draws = 30000;
  const auto warm = PairShares(*Make("frontier"), {ratings, nullptr, &counts}, 8, draws);
  for (const auto& [pair, share] : warm) {
    EXPECT_NEAR(share, 1.0 / 6, Tolerance(1.0 / 6, draws)) << pair.first << "," << pair.second;
  }
  counts.Add(2, 3, Outcome::kTie);  // 3 comparisons: warm-up over
  const auto after = PairShares(*Make("frontier"), {ratings, nullptr, &counts}, 8, draws);
  EXPECT_NEAR(after.at({0, 1}), 0.737685, Tolerance(0.737685, draws));
  ActiveSelectorOptions bad;
  bad.warmup = -1;
  EXPECT_FALSE(MakeFrontierSelector(bad).ok());
  bad = ActiveSelectorOptions();
  bad.frontier_spread = 1.5;
  EXPECT_FALSE(MakeFrontierSelector(bad).ok());
}

// LUCB tests every pair, not just neighbours: here too only {1, 4} overlaps (every other
// pair is at least 0.95 apart > 0.277), so it gets 0.9 + 0.1 / 10.
TEST(ActiveSelectors, LucbServesTheOverlappingPair) {
  const std::vector<Rating> ratings = {{0, 0.1}, {2.05, 0.1}, {1, 0.1}, {5, 0.1}, {2, 0.1}};
  const int draws = 40000;
  const auto shares = PairShares(*Make("lucb"), {ratings}, 15, draws);
  EXPECT_NEAR(shares.at({1, 4}), 0.91, Tolerance(0.91, draws));
}

// LUCB differs from racing when overlapping systems are not rank neighbours: mu 0, 0.1,
// 0.2 with sd 0.1 (1.96 * sqrt(0.02) = 0.277 > 0.2): all three pairs overlap and LUCB
// serves each with 0.9 / 3 + 0.1 / 3; racing only the neighbours {0,1} and {1,2}.
TEST(ActiveSelectors, LucbIncludesNonNeighbours) {
  const std::vector<Rating> ratings = {{0, 0.1}, {0.1, 0.1}, {0.2, 0.1}};
  const int draws = 30000;
  const auto lucb = PairShares(*Make("lucb"), {ratings}, 16, draws);
  const auto racing = PairShares(*Make("racing"), {ratings}, 16, draws);
  EXPECT_NEAR(lucb.at({0, 2}), 1.0 / 3, Tolerance(1.0 / 3, draws));
  EXPECT_NEAR(racing.at({0, 2}), 0.1 / 3, Tolerance(0.1 / 3, draws));
}

// Racing with every boundary settled serves uniform pairs (1/10 each).
TEST(ActiveSelectors, RacingWithNothingOpenIsUniform) {
  const std::vector<Rating> ratings = {{0, 0.1}, {1, 0.1}, {2, 0.1}, {3, 0.1}, {4, 0.1}};
  const int draws = 40000;
  const auto shares = PairShares(*Make("racing"), {ratings}, 6, draws);
  ASSERT_EQ(shares.size(), 10u);
  for (const auto& [pair, share] : shares) EXPECT_NEAR(share, 0.1, Tolerance(0.1, draws));
}

// Thompson: systems 0 and 1 share mu 0 (sd 1), system 2 is at mu 10 (sd 1). The drawn gap
// of the boundary (0, 1) is N(0, 2) and of (2, 0) is N(10, 2): the first is smaller except
// with negligible probability, so {0, 1} is served with probability 0.9 + 0.1 / 3.
TEST(ActiveSelectors, ThompsonServesTheLeastCertainBoundary) {
  const std::vector<Rating> ratings = {{0, 1}, {0, 1}, {10, 1}};
  const int draws = 30000;
  const auto shares = PairShares(*Make("thompson"), {ratings}, 9, draws);
  const double expected = 0.9 + 0.1 / 3;
  EXPECT_NEAR(shares.at({0, 1}), expected, Tolerance(expected, draws));
}

// Info gain: two uncertain equal systems against a certain distant one. A game between the
// two uncertain systems is a coin flip that informs both; against the distant system with
// sd 0.01 only one side can learn, and the outcome is nearly certain. So {0, 1} is the
// argmax, served with probability 0.9 + 0.1 / 3.
TEST(ActiveSelectors, InfoGainServesTheMostInformativePair) {
  const std::vector<Rating> ratings = {{0, 0.5}, {0, 0.5}, {3, 0.01}};
  const int draws = 30000;
  const auto shares = PairShares(*Make("info-gain"), {ratings}, 10, draws);
  const double expected = 0.9 + 0.1 / 3;
  EXPECT_NEAR(shares.at({0, 1}), expected, Tolerance(expected, draws));
}

// Arena: P(pair) = 0.9 w / sum(w) + 0.1 / 3 with w = sqrt(V)(1/sqrt(n+1) - 1/sqrt(n+2)),
// V equal for all pairs here; counts 0, 2 and 7.
TEST(ActiveSelectors, ArenaBalancesCounts) {
  const std::vector<Rating> ratings = {{0, 0.3}, {0.5, 0.3}, {1, 0.3}};
  PairCounts counts(3);
  counts.Add(0, 2, Outcome::kTie, 2);
  counts.Add(1, 2, Outcome::kFirstWins, 7);
  auto w = [](double n) { return 1.0 / std::sqrt(n + 1) - 1.0 / std::sqrt(n + 2); };
  const double total = w(0) + w(2) + w(7);
  const int draws = 40000;
  const auto shares = PairShares(*Make("arena"), {ratings, nullptr, &counts}, 12, draws);
  const std::map<std::pair<int, int>, double> expected = {{{0, 1}, 0.9 * w(0) / total + 0.1 / 3},
                                                          {{0, 2}, 0.9 * w(2) / total + 0.1 / 3},
                                                          {{1, 2}, 0.9 * w(7) / total + 0.1 / 3}};
  for (const auto& [pair, p] : expected) {
    EXPECT_NEAR(shares.at(pair), p, Tolerance(p, draws)) << pair.first << "," << pair.second;
  }
}

// Larger matches are a window of the ranking around the chosen pair.
TEST(ActiveSelectors, LargerMatchesAreAWindowAroundThePair) {
  std::vector<Rating> ratings;
  for (int i = 0; i < 12; ++i) ratings.push_back({1.0 * i, 0.01});
  ratings[7].mu = 6.001;  // the only open boundary: systems 6 and 7
  ActiveSelectorOptions o;
  o.explore = 1e-9;
  auto racing = MakeRacingSelector(o);
  ASSERT_TRUE(racing.ok());
  Rng rng(1);
  std::vector<SystemId> m(4);
  ASSERT_TRUE((*racing)->Select({ratings}, rng, m).ok());
  std::set<SystemId> got(m.begin(), m.end());
  // Midpoint 6.0005: the next closest are 5 (1.0005 away) and 8 (1.9995 away).
  EXPECT_EQ(got, (std::set<SystemId>{5, 6, 7, 8}));
}

}  // namespace
}  // namespace tourney
