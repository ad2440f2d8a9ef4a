#include "tourney/statistics/stability.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

// `n` rankings of systems a, b, c ranked 1, 2, 3 (a always best), segment i / 2 (two
// rankings per segment) when `segments`, no segment id otherwise.
Judgments Ordered(int n, bool segments) {
  Judgments j;
  const SystemId a = j.systems().Intern("a"), b = j.systems().Intern("b"),
                 c = j.systems().Intern("c");
  const std::vector<SystemId> ids = {a, b, c};
  const std::vector<uint8_t> ranks = {1, 2, 3};
  for (int i = 0; i < n; ++i) j.AddRanking(ids, ranks, {}, segments ? i / 2 : -1);
  return j;
}

// Rankings of 5 systems with random ranks (1..5, ties possible) and segment ids.
Judgments Noisy(int n, uint64_t seed) {
  Judgments j;
  std::vector<SystemId> ids;
  for (const char* s : {"s1", "s2", "s3", "s4", "s5"}) ids.push_back(j.systems().Intern(s));
  Rng rng(seed);
  for (int i = 0; i < n; ++i) {
    std::vector<uint8_t> ranks;
    // System k tends to rank k + 1: quality order s1 > ... > s5 with noise.
    for (int k = 0; k < 5; ++k) {
      ranks.push_back(static_cast<uint8_t>(std::min<uint64_t>(5, 1 + (k + rng.UniformInt(4)) / 2)));
    }
    j.AddRanking(ids, ranks, {}, i / 3);
  }
  return j;
}

TEST(Stability, UnitsAreRankingsOrSegments) {
  SubsampleUnit resolved;
  const Judgments with = Ordered(6, true), without = Ordered(6, false);
  auto segs = SubsampleUnits(with, SubsampleUnit::kAuto, &resolved);
  ASSERT_TRUE(segs.ok());
  EXPECT_EQ(resolved, SubsampleUnit::kSegments);
  EXPECT_EQ(*segs, (std::vector<std::vector<size_t>>{{0, 1}, {2, 3}, {4, 5}}));
  auto rows = SubsampleUnits(without, SubsampleUnit::kAuto, &resolved);
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(resolved, SubsampleUnit::kRankings);
  EXPECT_EQ(rows->size(), 6u);
  EXPECT_FALSE(SubsampleUnits(without, SubsampleUnit::kSegments, &resolved).ok());
}

TEST(Stability, DrawUnitsTakesDistinctUnitsInOrder) {
  const std::vector<std::vector<size_t>> units = {{0, 1}, {2}, {3, 4}, {5}, {6, 7}};
  const std::vector<size_t> drawn = DrawUnits(units, 3, 42);
  EXPECT_TRUE(std::is_sorted(drawn.begin(), drawn.end()));
  EXPECT_EQ(std::set<size_t>(drawn.begin(), drawn.end()).size(), drawn.size());
  // Whole units only: ranking 0 comes with 1, 3 with 4, 6 with 7.
  const std::set<size_t> got(drawn.begin(), drawn.end());
  EXPECT_EQ(got.count(0), got.count(1));
  EXPECT_EQ(got.count(3), got.count(4));
  EXPECT_EQ(got.count(6), got.count(7));
  EXPECT_EQ(DrawUnits(units, 3, 42), drawn);
  EXPECT_EQ(DrawUnits(units, 5, 7).size(), 8u);
}

TEST(Stability, DeterministicCampaignReproducesAtEveryFraction) {
  // a beats b beats c in every ranking: Expected Wins gives 1, 0.5, 0 on any non-empty
  // subsample and on every bootstrap replicate, so every rank range is a single rank:
  // three clusters, tau = 1, nothing flipped or lost, all repeats reproduce.
  const Judgments j = Ordered(40, true);
  const auto model_ptr = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  const RatingModel& model = *model_ptr;
  StabilityOptions o;
  o.fractions = {0.5, 0.1, 1.0};
  o.repeats = 3;
  o.bootstrap.replicates = 50;
  auto r = RunStability(j, model, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->unit, SubsampleUnit::kSegments);
  EXPECT_EQ(r->total_units, 20);
  EXPECT_EQ(r->reference_clusters, 3);
  EXPECT_EQ(r->reference_separations, 3);
  ASSERT_EQ(r->points.size(), 3u);
  EXPECT_DOUBLE_EQ(r->points[0].fraction, 0.1);
  EXPECT_EQ(r->points[0].units, 2);   // round(0.1 * 20)
  EXPECT_EQ(r->points[1].units, 10);  // round(0.5 * 20)
  for (const StabilityPoint& p : r->points) {
    EXPECT_DOUBLE_EQ(p.kendall_tau_b.mean, 1.0);
    EXPECT_DOUBLE_EQ(p.clusters.mean, 3.0);
    EXPECT_DOUBLE_EQ(p.flipped_share.mean, 0.0);
    EXPECT_DOUBLE_EQ(p.reproduced_share, 1.0);
    for (const StabilityRepeat& rep : p.repeats) EXPECT_EQ(rep.rankings, 2 * rep.units);
  }
  ASSERT_TRUE(r->smallest_reproducing_fraction.has_value());
  EXPECT_DOUBLE_EQ(*r->smallest_reproducing_fraction, 0.1);
}

TEST(Stability, SameSeedSameResultForAnyThreadCount) {
  const Judgments j = Noisy(150, 3);
  const auto model_ptr = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  const RatingModel& model = *model_ptr;
  StabilityOptions o;
  o.fractions = {0.2, 0.6};
  o.repeats = 4;
  o.bootstrap.replicates = 100;
  o.seed = 9;
  o.threads = 1;
  auto one = RunStability(j, model, o);
  o.threads = 3;
  auto three = RunStability(j, model, o);
  ASSERT_TRUE(one.ok() && three.ok());
  for (size_t p = 0; p < one->points.size(); ++p) {
    for (size_t k = 0; k < one->points[p].repeats.size(); ++k) {
      const StabilityRepeat &x = one->points[p].repeats[k], &y = three->points[p].repeats[k];
      EXPECT_EQ(x.kendall_tau_b, y.kendall_tau_b);
      EXPECT_EQ(x.clusters, y.clusters);
      EXPECT_EQ(x.flipped, y.flipped);
      EXPECT_EQ(x.lost, y.lost);
      EXPECT_EQ(x.added, y.added);
    }
  }
  // The share of flips and losses is a share of the reference separations.
  for (const StabilityPoint& p : one->points) {
    for (const StabilityRepeat& rep : p.repeats) {
      EXPECT_LE(rep.flipped + rep.lost, one->reference_separations);
    }
  }
}

TEST(Stability, RejectsBadOptions) {
  const Judgments j = Ordered(4, false);
  const auto model_ptr = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  const RatingModel& model = *model_ptr;
  StabilityOptions o;
  o.bootstrap.replicates = 10;
  o.fractions = {0.0};
  EXPECT_FALSE(RunStability(j, model, o).ok());
  o.fractions = {1.5};
  EXPECT_FALSE(RunStability(j, model, o).ok());
  o.fractions = {0.5};
  o.repeats = 0;
  EXPECT_FALSE(RunStability(j, model, o).ok());
  o.repeats = 1;
  o.unit = SubsampleUnit::kSegments;
  EXPECT_FALSE(RunStability(j, model, o).ok());
  EXPECT_FALSE(RunStability(Judgments(), model, StabilityOptions()).ok());
}

}  // namespace
}  // namespace tourney
