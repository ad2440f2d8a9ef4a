// The match-selection protocol (selection_protocol.h).
#include "tourney/selection/selection_protocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "tourney/experiments/simulate.h"

namespace tourney {
namespace {

TrueSkill Env(double beta = 0.25) {
  TrueSkillOptions o;
  o.beta = beta;
  return *TrueSkill::Create(o);
}

// A small campaign: 0 beats 1 and 2 beats 1, 3-4 tie, 5 never plays; 0-2 and 1-3 have no data.
Comparisons SmallCampaign() {
  Comparisons c;
  for (int i = 0; i < 5; ++i) {
    c.Add(0, 1, Outcome::kFirstWins);
    c.Add(1, 2, Outcome::kSecondWins);
    c.Add(3, 4, Outcome::kTie);
    c.Add(2, 3, Outcome::kFirstWins);
  }
  return c;
}

TEST(SelectionProtocol, RecordsEverySelectionWithADrawnComparisonOfThatPair) {
  const Comparisons comparisons = SmallCampaign();
  for (const auto& selector : {MakeTrueSkillSelector(), MakeUniformSelector()}) {
    std::vector<SelectionStep> record;
    int64_t observed = 0;
    const SelectionObserver observer = [&](const SelectionStep& step, std::span<const Rating> r) {
      EXPECT_EQ(step.step, observed);
      EXPECT_EQ(r.size(), 6u);
      ++observed;
    };
    SelectionProtocolOptions options;
    options.budget = 500;
    options.record = &record;
    options.observer = &observer;
    auto ratings = RunSelectionProtocol(Env(), *selector, 6, comparisons, options, 42);
    ASSERT_TRUE(ratings.ok()) << ratings.status().message();
    ASSERT_EQ(record.size(), 500u);
    EXPECT_EQ(observed, 500);
    for (const SelectionStep& s : record) {
      const SystemId a = comparisons.first[s.comparison], b = comparisons.second[s.comparison];
      EXPECT_EQ(std::minmax(a, b), std::minmax(s.first, s.second));
    }
    // System 5 has no data: it keeps the prior.
    EXPECT_EQ((*ratings)[5].mu, 0.0);
    EXPECT_EQ((*ratings)[5].sigma, 0.5);
    // 0 and 2 beat 1.
    EXPECT_GT((*ratings)[0].mu, (*ratings)[1].mu);
    EXPECT_GT((*ratings)[2].mu, (*ratings)[1].mu);
  }
}

TEST(SelectionProtocol, DeterministicForASeed) {
  const Comparisons comparisons = SmallCampaign();
  const auto selector = MakeTrueSkillSelector();
  auto run = [&](uint64_t seed) {
    std::vector<SelectionStep> record;
    SelectionProtocolOptions options;
    options.record = &record;
    auto r = RunSelectionProtocol(Env(), *selector, 6, comparisons, options, seed);
    EXPECT_TRUE(r.ok());
    std::vector<double> out;
    for (const Rating& x : *r) out.insert(out.end(), {x.mu, x.sigma});
    for (const SelectionStep& s : record) out.push_back(s.comparison);
    return out;
  };
  EXPECT_EQ(run(3), run(3));
  EXPECT_NE(run(3), run(4));
}

TEST(SelectionProtocol, DefaultBudgetIsOneSelectionPerComparison) {
  const Comparisons comparisons = SmallCampaign();
  std::vector<SelectionStep> record;
  SelectionProtocolOptions options;
  options.record = &record;
  ASSERT_TRUE(RunSelectionProtocol(Env(), *MakeUniformSelector(), 6, comparisons, options, 1).ok());
  EXPECT_EQ(record.size(), comparisons.size());
}

TEST(SelectionProtocol, RejectsBadInput) {
  const auto selector = MakeTrueSkillSelector();
  SelectionProtocolOptions options;
  EXPECT_EQ(RunSelectionProtocol(Env(), *selector, 3, Comparisons(), options, 1).status().code(),
            StatusCode::kInvalidArgument);
  Comparisons outside;
  outside.Add(0, 7, Outcome::kTie);
  EXPECT_EQ(RunSelectionProtocol(Env(), *selector, 3, outside, options, 1).status().code(),
            StatusCode::kInvalidArgument);
  Comparisons self;
  self.Add(1, 1, Outcome::kTie);
  EXPECT_EQ(RunSelectionProtocol(Env(), *selector, 3, self, options, 1).status().code(),
            StatusCode::kInvalidArgument);
  options.budget = -1;
  EXPECT_EQ(RunSelectionProtocol(Env(), *selector, 6, SmallCampaign(), options, 1).status().code(),
            StatusCode::kInvalidArgument);
}

// Paper §5: late in the run TrueSkill asks mostly for close matches, while uniform selection
// stays spread out. Measured as the mean gap of hidden quality ranks of the selected pairs.
TEST(SelectionProtocol, TrueSkillConcentratesLateSelectionsOnCloseMatches) {
  CampaignOptions campaign;
  campaign.systems = 13;
  campaign.rankings = 4000;
  campaign.seed = 5;
  auto sim = SimulateCampaign(campaign);
  ASSERT_TRUE(sim.ok());
  const Comparisons& comparisons = sim->judgments.comparisons();
  const int n = sim->judgments.num_systems();
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return sim->quality[a] > sim->quality[b]; });
  std::vector<int> true_rank(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) true_rank[order[r]] = r;

  auto late_gap = [&](const MatchSelector& selector, double beta) {
    std::vector<SelectionStep> record;
    SelectionProtocolOptions options;
    options.record = &record;
    EXPECT_TRUE(RunSelectionProtocol(Env(beta), selector, n, comparisons, options, 1).ok());
    double gap = 0;
    const size_t from = record.size() * 4 / 5;
    for (size_t i = from; i < record.size(); ++i) {
      gap += std::abs(true_rank[record[i].first] - true_rank[record[i].second]);
    }
    return gap / static_cast<double>(record.size() - from);
  };
  const double paper_beta = 0.5 * static_cast<double>(comparisons.size()) / 40.0;
  const double uniform_gap = late_gap(*MakeUniformSelector(), paper_beta);
  // Uniform pairs of 13 ranks are (13 + 1) / 3 = 4.67 apart on average.
  EXPECT_NEAR(uniform_gap, 14.0 / 3.0, 0.15);
  const double paper_gap = late_gap(*MakeTrueSkillSelector(), paper_beta);
  std::printf("mean rank gap of the last 20%%: uniform %.3f, trueskill %.3f\n", uniform_gap,
              paper_gap);
  // The paper's beta keeps the means within ~1 of each other, so p_hat_draw only varies
  // between e^-1 and 1: a mild but clear shift towards close matches.
  EXPECT_LT(paper_gap, 0.95 * uniform_gap);
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The draw without a record reads per-pair outcome thresholds; with a record it reads the
// pool. Both must give the same run, and a recorded comparison's outcome is the one rated.
TEST(SelectionProtocol, SameRunWithOrWithoutARecord) {
  CampaignOptions o;
  o.systems = 6;
  o.rankings = 400;
  o.seed = 5;
  const Judgments judgments = std::move(SimulateCampaign(o)->judgments);
  const Comparisons& c = judgments.comparisons();
  for (const auto& selector : {MakeTrueSkillSelector(), MakeUniformSelector()}) {
    SelectionProtocolOptions plain;
    plain.budget = 3000;
    SelectionProtocolOptions recorded = plain;
    std::vector<SelectionStep> record;
    recorded.record = &record;
    auto a = RunSelectionProtocol(Env(), *selector, 6, c, plain, 11);
    auto b = RunSelectionProtocol(Env(), *selector, 6, c, recorded, 11);
    ASSERT_TRUE(a.ok() && b.ok());
    for (int s = 0; s < 6; ++s) {
      EXPECT_EQ((*a)[s].mu, (*b)[s].mu);
      EXPECT_EQ((*a)[s].sigma, (*b)[s].sigma);
    }
    // Replaying the recorded comparisons in order gives the same ratings.
    const TrueSkill env = Env();
    std::vector<Rating> replay(6, env.InitialRating());
    for (const SelectionStep& step : record) {
      const size_t i = step.comparison;
      env.Rate(c.outcome[i], &replay[static_cast<size_t>(c.first[i])],
               &replay[static_cast<size_t>(c.second[i])]);
    }
    for (int s = 0; s < 6; ++s) EXPECT_NEAR(replay[s].mu, (*b)[s].mu, 1e-12);
  }
}

// Active ranking sees the protocol's anytime leaderboard: in a pool where system 0 wins
// every comparison and 1, 2, 3 only tie each other, 0 is certified on top after a few
// hundred draws (a stream of ones has half-width about 2 log(2 / alpha) / t, alpha =
// 0.05 / 6, so t ~ 30 draws per pair suffice; while 0 is active each of its pairs gets
// (1/4 + 3/4 * 1/3) / 3 = 1/6 of the draws, so ~180 selections), and from then on it is
// never the anchor: none after 500. Without the board every system would anchor about a
// quarter of the time.
TEST(SelectionProtocol, ActiveRankingReadsTheAnytimeBoard) {
  Comparisons pool;
  for (int i = 0; i < 10; ++i) {
    for (SystemId j = 1; j < 4; ++j) pool.Add(0, j, Outcome::kFirstWins);
    pool.Add(1, 2, Outcome::kTie);
    pool.Add(1, 3, Outcome::kTie);
    pool.Add(2, 3, Outcome::kTie);
  }
  auto ar = MakeMatchSelector("active-ranking");
  ASSERT_TRUE(ar.ok());
  std::vector<SelectionStep> record;
  SelectionProtocolOptions o;
  o.budget = 3000;
  o.record = &record;
  o.anytime = {0.05, 0.0};
  ASSERT_TRUE(RunSelectionProtocol(Env(), **ar, 4, pool, o, 5).ok());
  ASSERT_EQ(record.size(), 3000u);
  int early = 0, late = 0;
  for (const SelectionStep& s : record) (s.step < 500 ? early : late) += s.first == 0;
  EXPECT_GT(early, 0);
  EXPECT_EQ(late, 0);
}

}  // namespace
}  // namespace tourney
