#include "tourney/statistics/clustering.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tourney {
namespace {

// Rank samples from per-system columns (columns[s][r] = rank of system s in replicate r).
RankSamples FromColumns(const std::vector<std::vector<int>>& columns) {
  const int n = static_cast<int>(columns.size());
  const int replicates = static_cast<int>(columns[0].size());
  RankSamples samples(n, replicates);
  for (int s = 0; s < n; ++s) {
    for (int r = 0; r < replicates; ++r) samples.at(r, s) = columns[s][r];
  }
  return samples;
}

// `count` copies of `value`.
std::vector<int> Repeat(int value, int count) { return std::vector<int>(count, value); }

std::vector<int> Concat(std::initializer_list<std::vector<int>> parts) {
  std::vector<int> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TEST(TrimCount, MinimumReplicatesForTheTrim) {
  // G = 0.95: R = 1 and 2 drop ceil(0.025 R) = 1 at each end, leaving nothing; R = 3 leaves 1.
  EXPECT_FALSE(TrimFits(1, 0.95));
  EXPECT_FALSE(TrimFits(2, 0.95));
  EXPECT_TRUE(TrimFits(3, 0.95));
  EXPECT_EQ(MinimumBootstrapReplicates(0.95), 3);
  EXPECT_EQ(MinimumBootstrapReplicates(0.5), 3);  // ceil(3/4) = 1 <= (3-1)/2 = 1
  // G = 0.1: ceil(0.45 R) <= floor((R-1)/2) fails at R = 18 (9 > 8), holds from 19 on
  // (19: 9 <= 9, 20: 9 <= 9, 21: 10 <= 10, ...).
  EXPECT_FALSE(TrimFits(18, 0.1));
  EXPECT_TRUE(TrimFits(19, 0.1));
  EXPECT_EQ(MinimumBootstrapReplicates(0.1), 19);
  for (int r = 19; r < 2000; ++r) EXPECT_TRUE(TrimFits(r, 0.1)) << r;
}

TEST(TrimCount, DropsCeilOfHalfTheTailMass) {
  EXPECT_EQ(TrimCount(1000, 0.95), 25);  // 1000 * 0.05 / 2 = 25 exactly, despite rounding
  EXPECT_EQ(TrimCount(100, 0.95), 3);    // ceil(2.5)
  EXPECT_EQ(TrimCount(100, 0.96), 2);    // the paper's 100 runs, top and bottom 2
  EXPECT_EQ(TrimCount(1000, 0.99), 5);
  EXPECT_EQ(TrimCount(999, 0.95), 25);  // ceil(24.975)
  EXPECT_EQ(TrimCount(10, 0.95), 1);    // ceil(0.25)
  EXPECT_EQ(TrimCount(1, 0.95), 0);
  EXPECT_EQ(TrimCount(3, 0.01), 1);  // ceil(1.485) = 2, capped at (3 - 1) / 2 = 1
  EXPECT_EQ(TrimCount(1000, 1.0), 0);
}

TEST(RankRange, KeepsTheMiddleOfTheSortedRanks) {
  // 100 replicates, k = 3 at 95%: ranks 1 x2, 2 x1, 3 x94, 4 x1, 9 x2. Dropping the 3 best
  // (1, 1, 2) and the 3 worst (9, 9, 4) leaves 3..3.
  std::vector<int> ranks =
      Concat({Repeat(1, 2), Repeat(2, 1), Repeat(3, 94), Repeat(4, 1), Repeat(9, 2)});
  RankRange range = RankRangeOf(ranks, 0.95);
  EXPECT_EQ(range.lo, 3);
  EXPECT_EQ(range.hi, 3);
  // At 96% only 2 are dropped at each end: 2..4.
  range = RankRangeOf(ranks, 0.96);
  EXPECT_EQ(range.lo, 2);
  EXPECT_EQ(range.hi, 4);
  // Order of the replicates does not matter.
  std::reverse(ranks.begin(), ranks.end());
  range = RankRangeOf(ranks, 0.96);
  EXPECT_EQ(range.lo, 2);
  EXPECT_EQ(range.hi, 4);
}

TEST(RankRange, EmptyAndSingleSample) {
  EXPECT_EQ(RankRangeOf({}, 0.95).lo, 0);
  const std::vector<int> one = {7};
  EXPECT_EQ(RankRangeOf(one, 0.95).lo, 7);
  EXPECT_EQ(RankRangeOf(one, 0.95).hi, 7);
}

TEST(Clusters, ClearSeparationGivesOneClusterPerSystem) {
  // Three systems that always take ranks 1, 2, 3.
  const RankSamples samples = FromColumns({Repeat(1, 40), Repeat(2, 40), Repeat(3, 40)});
  const std::vector<RankRange> ranges = RankRanges(samples, 0.95);
  ASSERT_EQ(ranges.size(), 3u);
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(ranges[s].lo, s + 1);
    EXPECT_EQ(ranges[s].hi, s + 1);
  }
  const std::vector<int> order = {0, 1, 2};
  EXPECT_EQ(ClusterByRankRanges(order, ranges), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(ClusterBoundaries(order, ranges), (std::vector<int>{0, 1}));
}

TEST(Clusters, FullOverlapGivesOneCluster) {
  // Three systems that rotate through ranks 1..3 equally often.
  std::vector<std::vector<int>> columns(3);
  for (int r = 0; r < 30; ++r) {
    for (int s = 0; s < 3; ++s) columns[s].push_back((r + s) % 3 + 1);
  }
  const std::vector<RankRange> ranges = RankRanges(FromColumns(columns), 0.95);
  for (const RankRange& range : ranges) {
    EXPECT_EQ(range.lo, 1);
    EXPECT_EQ(range.hi, 3);
  }
  const std::vector<int> order = {2, 0, 1};
  EXPECT_EQ(ClusterByRankRanges(order, ranges), (std::vector<int>{1, 1, 1}));
  EXPECT_TRUE(ClusterBoundaries(order, ranges).empty());
}

TEST(Clusters, ChainOfPartialOverlapsStaysTogether) {
  // Ranges 1-2, 2-3, 3-4, 5: A overlaps B, B overlaps C, A and C do not; they still form one
  // cluster because no boundary separates all of the top from all of the bottom. D stands
  // alone.
  const std::vector<RankRange> ranges = {{1, 2}, {2, 3}, {3, 4}, {5, 5}};
  const std::vector<int> order = {0, 1, 2, 3};
  EXPECT_EQ(ClusterByRankRanges(order, ranges), (std::vector<int>{1, 1, 1, 2}));
}

TEST(Clusters, PaperTable1) {
  // The official WMT13 fr-en ranges (Sakaguchi et al. 2014, Table 1) give its clusters:
  // 1 | 2-3 2-3 | 4-5 4-5 5-6 | 7 | 8 | 9-10 9-11 10-11 | 12 | 13.
  const std::vector<RankRange> ranges = {{1, 1},   {2, 3},   {2, 3},  {4, 5},  {4, 5},
                                         {5, 6},   {7, 7},   {8, 8},  {9, 10}, {9, 11},
                                         {10, 11}, {12, 12}, {13, 13}};
  const std::vector<int> order = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  EXPECT_EQ(ClusterByRankRanges(order, ranges),
            (std::vector<int>{1, 2, 2, 3, 3, 3, 4, 5, 6, 6, 6, 7, 8}));
}

TEST(Clusters, BoundaryNeedsEverySystemAboveToBeatEverySystemBelow) {
  // Score order A, B, C with ranges A 1-3, B 1-1, C 2-2: after A the worst rank above (3)
  // is not better than the best below (1); after B, max(3, 1) = 3 is not better than 2.
  const std::vector<RankRange> ranges = {{1, 3}, {1, 1}, {2, 2}};
  const std::vector<int> order = {0, 1, 2};
  EXPECT_EQ(ClusterByRankRanges(order, ranges), (std::vector<int>{1, 1, 1}));
  // Order follows `order`, not system ids: ids 2, 0, 1 with ranges 1, 2, 3 at those ids.
  const std::vector<RankRange> by_id = {{2, 2}, {3, 3}, {1, 1}};
  const std::vector<int> order2 = {2, 0, 1};
  EXPECT_EQ(ClusterByRankRanges(order2, by_id), (std::vector<int>{2, 3, 1}));
}

TEST(ScoreIntervals, TrimmedOrderStatistics) {
  // 40 replicates, k = ceil(40 * 0.05 / 2) = 1: second smallest and second largest.
  ScoreSamples scores(1, 40);
  for (int r = 0; r < 40; ++r) scores.at(r, 0) = 0.01 * r;
  const std::vector<ScoreInterval> iv = ScoreIntervals(scores, 0.95);
  EXPECT_DOUBLE_EQ(iv[0].lo, 0.01);
  EXPECT_DOUBLE_EQ(iv[0].hi, 0.38);
}

TEST(RankUpperBounds, CountsSystemsSurelyBetter) {
  // A [0.8, 0.9], B [0.7, 0.85], C [0.5, 0.6], D [0.55, 0.65], E [0.1, 0.2].
  // A: nobody's lower end above 0.9 -> 1. B: A.lo 0.8 < 0.85 -> 1. C: A, B above 0.6 -> 3.
  // D: A, B above 0.65 -> 3. E: everyone above 0.2 -> 5.
  const std::vector<ScoreInterval> iv = {
      {0.8, 0.9}, {0.7, 0.85}, {0.5, 0.6}, {0.55, 0.65}, {0.1, 0.2}};
  EXPECT_EQ(RankUpperBounds(iv), (std::vector<int>{1, 1, 3, 3, 5}));
  // Touching intervals are not "above".
  const std::vector<ScoreInterval> touching = {{0.5, 0.7}, {0.3, 0.5}};
  EXPECT_EQ(RankUpperBounds(touching), (std::vector<int>{1, 1}));
}

}  // namespace
}  // namespace tourney
