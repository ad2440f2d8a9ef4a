#include "tourney/experiments/top_k_benchmark.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tourney {
namespace {

TEST(ClopperPearson, MatchesTheClosedFormsAtTheEnds) {
  // 0 of 20: the upper end solves (1 - p)^20 = 0.025, p = 1 - 0.025^(1/20) = 0.168433;
  // 20 of 20: the lower end is 0.025^(1/20) = 0.831567.
  const ShareInterval none = ClopperPearson(0, 20);
  EXPECT_EQ(none.share, 0.0);
  EXPECT_EQ(none.lo, 0.0);
  EXPECT_NEAR(none.hi, 1.0 - std::pow(0.025, 1.0 / 20), 1e-9);
  const ShareInterval all = ClopperPearson(20, 20);
  EXPECT_NEAR(all.lo, std::pow(0.025, 1.0 / 20), 1e-9);
  EXPECT_EQ(all.hi, 1.0);
  // 1 of 2: the lower end solves 1 - (1 - p)^2 = 0.025, p = 1 - sqrt(0.975) = 0.012579.
  EXPECT_NEAR(ClopperPearson(1, 2).lo, 1.0 - std::sqrt(0.975), 1e-9);
  EXPECT_NEAR(ClopperPearson(1, 2).hi, std::sqrt(0.975), 1e-9);
}

TEST(SummarizeTopKRuns, RatiosAreGeometricMeansOfPerSeedRatios) {
  // Uniform 100 and 400, top-k 50 and 100: ratios 0.5 and 0.25, geometric mean
  // sqrt(0.125) = 0.353553; mean judgments 250 and 75.
  std::vector<std::vector<TopKRun>> runs(2, std::vector<TopKRun>(2));
  runs[0][0].judgments = 100;
  runs[0][1].judgments = 400;
  runs[0][1].censored = true;
  runs[1][0].judgments = 50;
  runs[1][0].wrong = true;
  runs[1][1].judgments = 100;
  runs[1][1].within_epsilon = true;
  const auto s = SummarizeTopKRuns({"uniform", "top-k"}, runs);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0].judgments.mean, 250.0);
  EXPECT_DOUBLE_EQ(s[0].ratio.mean, 1.0);
  EXPECT_EQ(s[0].censored, 1);
  EXPECT_DOUBLE_EQ(s[1].judgments.mean, 75.0);
  EXPECT_NEAR(s[1].ratio.mean, std::sqrt(0.125), 1e-12);
  EXPECT_EQ(s[1].wrong.count, 1);
  EXPECT_EQ(s[1].wrong.trials, 2);
  EXPECT_EQ(s[1].within_epsilon, 1);
  EXPECT_EQ(s[1].censored, 0);
  // Seed 1 has a censored uniform run: only seed 0 counts, ratio 0.5.
  EXPECT_EQ(s[1].both_stopped, 1);
  EXPECT_DOUBLE_EQ(s[1].ratio_both_stopped.mean, 0.5);
  EXPECT_EQ(s[0].both_stopped, 1);
}

TEST(RunTopKBenchmark, RejectsBadOptions) {
  TopKBenchmarkOptions o;
  o.seeds = 2;
  o.systems = 4;
  o.k = 4;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o.k = 1;
  o.delta = 1.0;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o.delta = 0.05;
  o.seeds = 1;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o.seeds = 2;
  o.epsilon = 0.6;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o.epsilon = 0.0;
  o.explore = -1;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o.explore = 0.05;
  const Comparisons empty;
  o.pool = &empty;
  o.pool_systems = 3;
  EXPECT_EQ(RunTopKBenchmark(o).status().code(), StatusCode::kInvalidArgument);
}

TEST(RunTopKBenchmark, PoolWithADominantSystemStopsAtTheHandCount) {
  // Three systems; the pool has 40 judgments of each pair: 0 wins all of its, 1 and 2 tie.
  // Three pairs at alpha = 0.05 / 3. A pair of only wins is certified once its lower
  // bound 1 - r_t > 1/2 (top_k_test.cc; an independent bisection on the mixture):
  //   t = 18: lo = 0.483942 -> not yet;
  //   t = 19: lo = 0.511050 -> certified.
  // The top-k selector without exploration serves only (0, 1) and (0, 2), so it stops
  // after exactly 38 judgments on every seed, with the right set.
  Comparisons pool;
  for (int i = 0; i < 40; ++i) {
    pool.Add(0, 1, Outcome::kFirstWins);
    pool.Add(2, 0, Outcome::kSecondWins);
    pool.Add(1, 2, Outcome::kTie);
  }
  TopKBenchmarkOptions o;
  o.pool = &pool;
  o.pool_systems = 3;
  o.k = 1;
  o.seeds = 5;
  o.explore = 0.0;
  o.budget = 120;
  const TopKBenchmark b = *RunTopKBenchmark(o);
  ASSERT_EQ(b.runs.size(), 2u);
  for (const TopKRun& r : b.runs[1]) {
    EXPECT_EQ(r.judgments, 38);
    EXPECT_FALSE(r.censored);
    EXPECT_FALSE(r.wrong);
  }
  // Uniform stops later (it spends a third on (1, 2)), never wrong, and at most after the
  // whole pool (120 judgments); then the ratio is below 1 on every seed.
  for (const TopKRun& r : b.runs[0]) {
    EXPECT_GT(r.judgments, 38);
    EXPECT_FALSE(r.wrong);
  }
  EXPECT_LT(b.summaries[1].ratio.hi, 1.0);
}

TEST(RunTopKBenchmark, WrongStopsStayWithinDelta) {
  // 200 hidden-truth campaigns of 6 systems at delta = 0.1, top-1 and top-2, budget 20,000
  // (some censored). A stop names a wrong set with probability at most delta; allow three
  // binomial sds above it: 0.1 * 200 + 3 sqrt(200 * 0.1 * 0.9) = 32.7.
  for (int k : {1, 2}) {
    TopKBenchmarkOptions o;
    o.systems = 6;
    o.k = k;
    o.delta = 0.1;
    o.seeds = 200;
    o.seed = 42;
    o.budget = 20000;
    const TopKBenchmark b = *RunTopKBenchmark(o);
    for (const TopKModeSummary& s : b.summaries) {
      EXPECT_LE(s.wrong.count, 32) << s.name << " k=" << k;
      EXPECT_LT(s.censored, 200) << s.name << " k=" << k;
    }
    // Results do not depend on the thread count.
    o.threads = 2;
    o.seeds = 20;
    const TopKBenchmark two = *RunTopKBenchmark(o);
    o.threads = 1;
    const TopKBenchmark one = *RunTopKBenchmark(o);
    for (size_t m = 0; m < 2; ++m) {
      for (size_t s = 0; s < 20; ++s) {
        EXPECT_EQ(one.runs[m][s].judgments, two.runs[m][s].judgments);
      }
    }
  }
}

}  // namespace
}  // namespace tourney
