// The selection benchmark (selection_benchmark.h): statistics against hand-computed values,
// the Bradley-Terry scorer against closed forms, and small end-to-end runs.
#include "tourney/experiments/selection_benchmark.h"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "render/selection_benchmark_format.h"

namespace tourney {
namespace {

TEST(SelectionBenchmark, MeanIntervalIsStudentT) {
  const std::vector<double> v = {1, 2, 3, 4};
  const SeedInterval s = MeanInterval(v);
  // sd = sqrt(5/3) = 1.290994; t(0.975, 3) = 3.182446; half = 3.182446 * 1.290994 / 2.
  EXPECT_NEAR(s.mean, 2.5, 1e-12);
  EXPECT_NEAR(s.hi - s.mean, 2.054260, 1e-5);
  EXPECT_NEAR(s.mean - s.lo, 2.054260, 1e-5);
  const std::vector<double> one = {7};
  EXPECT_EQ(MeanInterval(one).lo, 7);
}

TEST(SelectionBenchmark, RatioIntervalIsGeometricOnLogs) {
  const std::vector<double> num = {2, 8}, den = {1, 2};
  const SeedInterval r = RatioInterval(num, den);
  // Ratios 2 and 4: logs ln2 and 2 ln2; mean 1.5 ln2; sd ln2 / sqrt(2); t(0.975, 1) =
  // 12.706205; half = 12.706205 * (ln2 / sqrt 2) / sqrt 2 = 6.353102 ln2.
  EXPECT_NEAR(r.mean, std::pow(2.0, 1.5), 1e-9);
  EXPECT_NEAR(std::log(r.hi), (1.5 + 6.353102) * std::log(2.0), 1e-5);
  EXPECT_NEAR(std::log(r.lo), (1.5 - 6.353102) * std::log(2.0), 1e-5);
}

TEST(SelectionBenchmark, KendallTauByHand) {
  const std::vector<double> x = {1, 2, 3}, y = {1, 3, 2};
  EXPECT_NEAR(KendallTau(x, y), 1.0 / 3.0, 1e-12);  // 2 concordant, 1 discordant of 3
  const std::vector<double> z = {3, 2, 1};
  EXPECT_NEAR(KendallTau(x, z), -1.0, 1e-12);
}

TEST(SelectionBenchmark, SummaryByHand) {
  std::vector<std::vector<SelectionRun>> runs(2, std::vector<SelectionRun>(2));
  runs[0][0].to_clusters = 1000;
  runs[0][1].to_clusters = 2000;
  runs[1][0].to_clusters = 500;
  runs[1][1].to_clusters = 2000;
  for (auto& sel : runs) {
    for (auto& r : sel) {
      r.to_tau = 100;
      r.clusters = {1, 3};
      r.tau = {0.5, 1.0};
    }
  }
  runs[1][0].clusters_censored = true;
  // Wrong-separation shares: uniform 0.1 and 0.3, x 0.2 and 0.2; paired differences 0.1
  // and -0.1, mean 0, sd sqrt(0.02), t(0.975, 1) = 12.7062047.
  runs[0][0].wrong_separation = 0.1;
  runs[0][1].wrong_separation = 0.3;
  runs[1][0].wrong_separation = 0.2;
  runs[1][1].wrong_separation = 0.2;
  const auto s = SummarizeSelectionRuns({"uniform", "x"}, runs, 2, 0);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_NEAR(s[1].to_clusters.mean, 1250, 1e-9);
  EXPECT_NEAR(s[1].clusters_ratio.mean, std::sqrt(0.5), 1e-12);  // ratios 0.5 and 1
  EXPECT_NEAR(s[0].clusters_ratio.mean, 1.0, 1e-12);
  EXPECT_EQ(s[1].clusters_censored, 1);
  EXPECT_NEAR(s[1].final_clusters.mean, 3, 1e-12);
  EXPECT_NEAR(s[1].tau_curve[0].mean, 0.5, 1e-12);
  EXPECT_NEAR(s[1].wrong_separation.mean, 0.2, 1e-12);
  EXPECT_NEAR(s[1].wrong_separation_excess.mean, 0.0, 1e-12);
  EXPECT_NEAR(s[1].wrong_separation_excess.hi, 12.7062047 * std::sqrt(0.02) / std::sqrt(2.0), 1e-6);
  EXPECT_NEAR(s[0].wrong_separation_excess.hi, 0.0, 1e-12);  // uniform against itself
}

// The anytime half of the summary: wrong flags uniform {0, 1}, x {1, 1}: shares 0.5 and 1,
// paired differences {1, 0} (mean 0.5); to stop uniform {1000, 2000}, x {500, 2000}
// (censored): mean 1250, ratio sqrt(0.5 * 1); separations x {2, 4}: mean 3.
TEST(SelectionBenchmark, AnytimeSummaryByHand) {
  std::vector<std::vector<SelectionRun>> runs(2, std::vector<SelectionRun>(2));
  runs[0][1].anytime_wrong = true;
  runs[1][0].anytime_wrong = true;
  runs[1][1].anytime_wrong = true;
  runs[0][0].to_stop = 1000;
  runs[0][1].to_stop = 2000;
  runs[1][0].to_stop = 500;
  runs[1][1].to_stop = 2000;
  runs[1][1].stop_censored = true;
  runs[1][0].anytime_separations = 2;
  runs[1][1].anytime_separations = 4;
  for (auto& sel : runs) {
    for (auto& r : sel) {
      r.to_clusters = r.to_tau = 100;
    }
  }
  const auto s = SummarizeSelectionRuns({"uniform", "x"}, runs, 0, 0);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_NEAR(s[0].anytime_wrong.mean, 0.5, 1e-12);
  EXPECT_NEAR(s[1].anytime_wrong.mean, 1.0, 1e-12);
  EXPECT_EQ(s[0].anytime_wrong_runs, 1);
  EXPECT_EQ(s[1].anytime_wrong_runs, 2);
  EXPECT_NEAR(s[1].anytime_wrong_excess.mean, 0.5, 1e-12);
  EXPECT_NEAR(s[1].to_stop.mean, 1250, 1e-9);
  EXPECT_NEAR(s[1].stop_ratio.mean, std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(s[0].stop_ratio.mean, 1.0, 1e-12);
  EXPECT_EQ(s[1].stop_censored, 1);
  EXPECT_NEAR(s[1].anytime_separations.mean, 3.0, 1e-12);
}

// Hand-built summaries: order 2, 0, 1 with truth 0 > 1 > 2 (truth 3, 2, 1).
TEST(SelectionBenchmark, AnytimeWrongSeparationByHand) {
  const std::vector<double> truth = {3, 2, 1};
  AnytimeSummary s;
  s.order = {2, 0, 1};
  s.boundaries.resize(2);
  EXPECT_FALSE(AnytimeWrongSeparation(s, truth));  // nothing separated
  s.boundaries[1].separated = true;                // {2, 0} above {1}: 1 (truth 2) > 2 (1)
  EXPECT_TRUE(AnytimeWrongSeparation(s, truth));
  s.order = {0, 2, 1};  // {0, 2} above {1}: still 1 above 2
  EXPECT_TRUE(AnytimeWrongSeparation(s, truth));
  s.boundaries[1].separated = false;
  s.boundaries[0].separated = true;  // {0} above {2, 1}: right
  EXPECT_FALSE(AnytimeWrongSeparation(s, truth));
}

// A trace whose judgments contradict the truth (truth 0 > 1 > 2; every judgment says
// 1 > 0 > 2): a single judgment per pair cannot certify anything (after one observation
// the half-width is 9.07 > 1 at alpha = 0.05 / 3, running_mean_sequence.h), so no
// flag then; after 200 rounds the board certifies 1 above 0, a wrong separation. A trace
// that agrees with the truth is never flagged, and settled_at is the first prefix of the
// trace after which a leaderboard fed that prefix is settled.
TEST(SelectionBenchmark, AnytimeTrackerFlagsAWrongSeparationOnAHandBuiltTrace) {
  const std::vector<double> truth = {1.0, 0.0, -1.0};
  auto wrong = AnytimeTracker::Create(truth, {0.05, 0.0});
  auto right = AnytimeTracker::Create(truth, {0.05, 0.0});
  ASSERT_TRUE(wrong.ok() && right.ok());
  // The campaign's board (none of these judgments a uniform draw: its per-pair half).
  CombinedAnytimeLeaderboard reference = *CombinedAnytimeLeaderboard::Create(3, 2, {0.05, 0.0});
  int64_t expected_settled = 0;
  for (int round = 0; round < 200; ++round) {
    wrong->Add(1, 0, Outcome::kFirstWins);
    wrong->Add(1, 2, Outcome::kFirstWins);
    wrong->Add(0, 2, Outcome::kFirstWins);
    for (const auto& [a, b] : {std::pair{0, 1}, {1, 2}, {0, 2}}) {
      right->Add(a, b, Outcome::kFirstWins);
      reference.AddPair(a, b, Outcome::kFirstWins, false);
      if (expected_settled == 0 && reference.Summarize().settled) {
        expected_settled = reference.comparisons();
      }
    }
    if (round == 0) {
      EXPECT_FALSE(wrong->wrong_separation());
    }
  }
  EXPECT_TRUE(wrong->wrong_separation());
  EXPECT_TRUE(wrong->CertifiedWrong());
  EXPECT_EQ(wrong->summary().order, (std::vector<SystemId>{1, 0, 2}));
  EXPECT_FALSE(right->wrong_separation());
  EXPECT_FALSE(right->CertifiedWrong());
  EXPECT_EQ(right->judgments(), 600);
  ASSERT_GT(expected_settled, 0);
  EXPECT_EQ(right->settled_at(), expected_settled);
  EXPECT_EQ(right->summary().separations, 2);
  // The per-pair board alone at the full delta sees the same order.
  EXPECT_EQ(right->pairwise_summary().separations, 2);
  EXPECT_FALSE(right->pairwise_wrong_separation());
  EXPECT_TRUE(wrong->pairwise_wrong_separation());
  // A horizon reaches the pooled half's design (the draws per system its bets are tuned for).
  auto tuned = AnytimeTracker::Create(truth, {0.05, 0.0}, 1, 50);
  ASSERT_TRUE(tuned.ok());
  EXPECT_EQ(tuned->combined().pooled().design().rankings[2], 50);
  EXPECT_EQ(right->combined().pooled().design().rankings[2], 0);
  EXPECT_FALSE(AnytimeTracker::Create(truth, {0.05, 0.0}, 1, -1).ok());
  EXPECT_FALSE(AnytimeTracker::Create({1.0}, {}).ok());
  EXPECT_FALSE(AnytimeTracker::Create(truth, {}, 0).ok());
  // Summarized every 7 judgments: the stop is seen at the first multiple of 7 at or after
  // the exact one, and nothing is summarized in between.
  auto coarse = AnytimeTracker::Create(truth, {0.05, 0.0}, 7);
  ASSERT_TRUE(coarse.ok());
  for (int round = 0; round < 200; ++round) {
    for (const auto& [a, b] : {std::pair{0, 1}, {1, 2}, {0, 2}}) {
      coarse->Add(a, b, Outcome::kFirstWins);
      if (coarse->judgments() % 7 != 0) {
        EXPECT_EQ(coarse->summary().comparisons, coarse->judgments() / 7 * 7);
      }
    }
  }
  EXPECT_EQ(coarse->settled_at(), (expected_settled + 6) / 7 * 7);
}

SelectionBenchmarkOptions Small() {
  SelectionBenchmarkOptions o;
  o.selectors = {"uniform", "racing", "trueskill"};
  o.seeds = 3;
  o.systems = 5;
  o.budget = 1200;
  o.checkpoint_every = 200;
  o.draws = 100;
  o.tau_at = {600};
  o.looks = 3;  // at 400, 800 and 1200 judgments
  return o;
}

// Planned looks: K = 3 equal looks at O'Brien-Fleming-type spending of 5%; the critical
// values of that design (gsDesign's sfLDOF, two-sided, equal looks) are 3.7103, 2.5114 and
// 1.9930, so the looks' nominal confidences are 1 - 2 (1 - Phi(c)): 0.999793, 0.987976 and
// 0.953740 (within 1e-4: the critical values are rounded). Under "uniform" every judgment is a uniform draw; with a floor of 0 no judgment
// of another selector is.
TEST(SelectionBenchmark, PlannedLooksAndTheUniformFloor) {
  SelectionBenchmarkOptions o = Small();
  o.selectors = {"uniform", "racing"};
  o.uniform_floor = 0.0;
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(b->looks, (std::vector<int64_t>{400, 800, 1200}));
  ASSERT_EQ(b->look_confidence.size(), 3u);
  EXPECT_NEAR(b->look_confidence[0], 0.999793, 1e-4);
  EXPECT_NEAR(b->look_confidence[1], 0.987976, 1e-4);
  EXPECT_NEAR(b->look_confidence[2], 0.953740, 1e-4);
  for (const SelectionRun& r : b->runs[0]) {
    EXPECT_EQ(r.uniform_draws, 1200);
    ASSERT_EQ(r.look_separations.size(), 3u);
    EXPECT_EQ(r.anytime_curve.size(), 6u);
    EXPECT_EQ(r.pairwise_curve.size(), 6u);
  }
  for (const SelectionRun& r : b->runs[1]) EXPECT_EQ(r.uniform_draws, 0);
  // A floor of 1/2: about half of racing's 1,200 judgments per run are uniform draws
  // (binomial sd 17; three runs within 5 sds of 600 each).
  o.uniform_floor = 0.5;
  b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok());
  for (const SelectionRun& r : b->runs[1]) EXPECT_NEAR(r.uniform_draws, 600, 87);
  // Four looks over 1,200 judgments with checkpoints every 200: at 400 (not 300), 600, 1,000
  // (not 900) and 1,200.
  o.looks = 4;
  b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->looks, (std::vector<int64_t>{400, 600, 1000, 1200}));
  o.looks = 3;
  o.uniform_floor = 1.5;
  EXPECT_FALSE(RunSelectionBenchmark(o).ok());
}

// The measurements agree with the traces they summarise, recomputed here.
TEST(SelectionBenchmark, RunsAreConsistentWithTheirTraces) {
  SelectionBenchmarkOptions o = Small();
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  ASSERT_EQ(b->checkpoints.size(), 6u);
  EXPECT_EQ(b->options.reference_at, 600);
  for (size_t sel = 0; sel < 3; ++sel) {
    for (size_t s = 0; s < 3; ++s) {
      const SelectionRun& r = b->runs[sel][s];
      ASSERT_EQ(r.clusters.size(), 6u);
      EXPECT_EQ(r.reference_clusters, b->runs[0][s].clusters[2]);  // uniform at 600
      int64_t expected = o.budget;
      for (size_t k = 6; k-- > 0 && r.clusters[k] >= r.reference_clusters;) {
        expected = static_cast<int64_t>(k + 1) * 200;
      }
      EXPECT_EQ(r.to_clusters, expected);
      EXPECT_EQ(r.clusters_censored, r.clusters.back() < r.reference_clusters);
      int64_t to_tau = o.budget;
      for (size_t k = 6; k-- > 0 && r.tau[k] >= 0.9;) to_tau = static_cast<int64_t>(k + 1) * 200;
      EXPECT_EQ(r.to_tau, to_tau);
      EXPECT_EQ(r.tau_at[0], r.tau[2]);
      EXPECT_GE(r.coverage, 0.0);
      EXPECT_LE(r.coverage, 1.0);
      // The anytime stop: within the budget, the budget exactly when censored.
      EXPECT_GE(r.to_stop, 1);
      EXPECT_LE(r.to_stop, o.budget);
      if (r.stop_censored) {
        EXPECT_EQ(r.to_stop, o.budget);
      }
      EXPECT_GE(r.anytime_separations, 0);
      EXPECT_LE(r.anytime_separations, 4);
    }
  }
}

TEST(SelectionBenchmark, DeterministicWhateverTheThreads) {
  SelectionBenchmarkOptions o = Small();
  o.threads = 1;
  auto a = RunSelectionBenchmark(o);
  o.threads = 3;
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(SelectionBenchmarkJson(*a, "t"), SelectionBenchmarkJson(*b, "t"));
  o.seed = 2;
  auto c = RunSelectionBenchmark(o);
  EXPECT_NE(SelectionBenchmarkJson(*a, "t"), SelectionBenchmarkJson(*c, "t"));
}

// Widely spaced qualities (sd 5 against noise sd 1.58): every order is found quickly and
// the separated clusters are right.
TEST(SelectionBenchmark, EasyCampaignsAreSolved) {
  SelectionBenchmarkOptions o = Small();
  o.quality_sd = 5.0;
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok());
  for (const SelectorSummary& s : b->summaries) {
    EXPECT_LE(s.to_tau.mean, 1200) << s.name;
    EXPECT_GE(s.tau_curve.back().mean, 0.9) << s.name;
  }
}

// The same easy campaigns under the anytime scoring with the anytime selectors: a system
// that wins nearly always needs about 25 judgments per pair to be certified (half-width
// ~ 2 log(2 / alpha) / t with alpha = 0.005, i.e. 12 / t < 1/2), far below 1,200 / 10
// pairs, so no run may separate wrongly and most runs stop before the budget.
TEST(SelectionBenchmark, EasyCampaignsStopUnderTheAnytimeBoard) {
  SelectionBenchmarkOptions o = Small();
  o.selectors = {"uniform", "active-ranking", "boundary"};
  o.quality_sd = 5.0;
  o.seeds = 4;
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  for (const SelectorSummary& s : b->summaries) {
    EXPECT_EQ(s.anytime_wrong_runs, 0) << s.name;
    EXPECT_LT(s.to_stop.mean, 1200) << s.name;
    EXPECT_GE(s.anytime_separations.mean, 2.0) << s.name;
  }
}

// Pool replay: a pool where system 0 always beats 1 and 1 always beats 2 (and 0 beats 2):
// the truth is that order and tau reaches 1.
TEST(SelectionBenchmark, PoolReplay) {
  Comparisons pool;
  for (int i = 0; i < 30; ++i) {
    pool.Add(0, 1, Outcome::kFirstWins);
    pool.Add(2, 1, Outcome::kSecondWins);
    pool.Add(0, 2, i % 3 == 0 ? Outcome::kTie : Outcome::kFirstWins);
  }
  SelectionBenchmarkOptions o = Small();
  o.pool = &pool;
  o.pool_systems = 3;
  o.pool_with_replacement = true;
  auto b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  for (const SelectorSummary& s : b->summaries) EXPECT_EQ(s.tau_curve.back().mean, 1.0) << s.name;
  // Without replacement the budget may not exceed the 90 pooled comparisons ...
  o.pool_with_replacement = false;
  EXPECT_EQ(RunSelectionBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  // ... and a budget of exactly 90 uses every comparison once: every run reaches its last
  // checkpoint (a pair is never served beyond its 30 comparisons), and the last fit is the
  // full-pool fit, whose order is the truth (tau 1).
  o.budget = 90;
  o.checkpoint_every = 30;
  o.reference_at = 60;
  o.tau_at = {};
  b = RunSelectionBenchmark(o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  for (size_t sel = 0; sel < b->runs.size(); ++sel) {
    for (const SelectionRun& r : b->runs[sel]) {
      EXPECT_EQ(r.clusters.size(), 3u) << b->summaries[sel].name;
      EXPECT_EQ(r.tau.back(), 1.0) << b->summaries[sel].name;
    }
  }
}

TEST(SelectionBenchmark, RejectsBadOptions) {
  SelectionBenchmarkOptions o = Small();
  o.selectors = {"uniform", "nope"};
  EXPECT_EQ(RunSelectionBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o = Small();
  o.seeds = 1;
  EXPECT_FALSE(RunSelectionBenchmark(o).ok());
  o = Small();
  o.budget = 1100;
  EXPECT_FALSE(RunSelectionBenchmark(o).ok());
  o = Small();
  o.tau_at = {300};
  EXPECT_FALSE(RunSelectionBenchmark(o).ok());
  o = Small();
  o.anytime.delta = 0.0;
  EXPECT_EQ(RunSelectionBenchmark(o).status().code(), StatusCode::kInvalidArgument);
  o = Small();
  o.anytime.epsilon = 1.5;
  EXPECT_FALSE(RunSelectionBenchmark(o).ok());
}

}  // namespace
}  // namespace tourney
