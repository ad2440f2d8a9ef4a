// Per-system estimates, paired differences and clusters on hand-worked tables.
#include "tourney/sampling/system_estimates.h"

#include <gtest/gtest.h>

#include "sampling_test_util.h"

namespace tourney {
namespace {

// Three systems on four segments in two documents; segment 3 is not annotated for anyone.
// A scores 0, 1, 2 (mean 1), B 4, 5, 6 (mean 5), C 4, 5, 7 (mean 16/3).
constexpr const char* kTable =
    "system\tdoc\tseg\tmqm\tm\n"
    "A\td1\t0\t0\t0.5\nA\td1\t1\t1\t1.5\nA\td2\t2\t2\t2.5\nA\td2\t3\tNone\t3.5\n"
    "B\td1\t0\t4\t0.25\nB\td1\t1\t5\t1.25\nB\td2\t2\t6\t2.25\nB\td2\t3\tNone\t3.25\n"
    "C\td1\t0\t4\t0.75\nC\td1\t1\t5\t1.75\nC\td2\t2\t7\t2.75\nC\td2\t3\tNone\t3.75\n";

SystemEstimatesOptions MeanOptions() {
  SystemEstimatesOptions o;
  o.design = Design::kRandom;
  o.estimator = EstimatorSpec{};
  o.bound = BoundKind::kClt;
  o.lower_is_better = true;
  return o;
}

TEST(SystemEstimates, MeansIntervalsAndOrder) {
  auto t = ParseScoredSegments(kTable, "t", {});
  ASSERT_TRUE(t.ok());
  auto r = EstimateSystems(*t, MeanOptions());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->systems.size(), 3u);
  // Lower is better: A (1), B (5), C (16/3).
  EXPECT_EQ(r->systems[0].name, "A");
  EXPECT_EQ(r->systems[1].name, "B");
  EXPECT_EQ(r->systems[2].name, "C");
  EXPECT_DOUBLE_EQ(r->systems[0].estimate.value, 1.0);
  // A: s² = 1, n = 3 of N = 4: v = (1 - 3/4)·1/3 = 1/12; t = 1.959964·sqrt(1/12) = 0.565793.
  EXPECT_NEAR(r->systems[0].half_width, 0.565793, 1e-6);
  EXPECT_NEAR(r->systems[0].lo, 1.0 - 0.565793, 1e-6);
  EXPECT_EQ(r->systems[0].annotated, 3);
  EXPECT_EQ(r->systems[0].segments, 4);
}

TEST(SystemEstimates, PairedDifferencesMakeTheClusters) {
  auto t = ParseScoredSegments(kTable, "t", {});
  auto r = EstimateSystems(*t, MeanOptions());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->pairs.size(), 2u);  // rank neighbours
  // A - B = -4 on every segment: no spread, separated.
  EXPECT_DOUBLE_EQ(r->pairs[0].difference, -4.0);
  EXPECT_TRUE(r->pairs[0].separated);
  // B - C = 0, 0, -1: mean -1/3, s² = 1/3, v = (1/4)(1/3)/3 = 1/36, t = 1.96/6 = 0.3267:
  // the interval [-0.66, -0.007] excludes 0 (barely).
  EXPECT_NEAR(r->pairs[1].difference, -1.0 / 3, 1e-12);
  EXPECT_NEAR(r->pairs[1].hi, -1.0 / 3 + 1.959964 / 6, 1e-6);
  EXPECT_TRUE(r->pairs[1].separated);
  EXPECT_EQ(r->board.entries[0].cluster, 1);
  EXPECT_EQ(r->board.entries[1].cluster, 2);
  EXPECT_EQ(r->board.entries[2].cluster, 3);
  // At 99%, z = 2.5758: B - C's interval reaches -1/3 + 2.5758/6 = 0.096 > 0.
  SystemEstimatesOptions o = MeanOptions();
  o.confidence = 0.99;
  o.all_pairs = true;
  r = EstimateSystems(*t, o);
  ASSERT_EQ(r->pairs.size(), 3u);
  EXPECT_FALSE(r->pairs[2].separated);  // pairs in order (A,B), (A,C), (B,C)
  EXPECT_EQ(r->board.entries[2].cluster, 2);
}

TEST(SystemEstimates, Tolerance) {
  auto t = ParseScoredSegments(kTable, "t", {});
  SystemEstimatesOptions o = MeanOptions();
  o.tolerance = 0.6;
  auto r = EstimateSystems(*t, o);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->systems[0].within_tolerance);  // A: ±0.566
  EXPECT_EQ(r->systems[0].segments_needed, 3);
}

TEST(SystemEstimates, BadInput) {
  auto t = ParseScoredSegments("system\tdoc\tseg\tmqm\tm\nA\td\t0\t1\t0.5\nA\td\t1\tNone\t1.5\n",
                               "t", {});
  ASSERT_TRUE(t.ok());
  auto r = EstimateSystems(*t, MeanOptions());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("1 annotated segments"), std::string::npos);
  SystemEstimatesOptions o = MeanOptions();
  o.confidence = 1.0;
  EXPECT_FALSE(EstimateSystems(testing::SyntheticScored(2, 5, 1), o).ok());
}

TEST(SystemEstimates, DefaultsRunOnAPartlyAnnotatedTable) {
  const ScoredSegments t = testing::SyntheticScored(4, 40, 3, 0.4);
  auto r = EstimateSystems(t, SystemEstimatesOptions{});
  ASSERT_TRUE(r.ok()) << r.status().message();
  for (const SystemEstimate& s : r->systems) {
    EXPECT_LE(s.lo, s.estimate.value);
    EXPECT_GE(s.hi, s.estimate.value);
  }
  EXPECT_EQ(r->board.model, "docs-prop+cv-knn");
  // The same with 3 threads, every pair.
  SystemEstimatesOptions o;
  o.all_pairs = true;
  auto one = EstimateSystems(t, o);
  o.threads = 3;
  auto three = EstimateSystems(t, o);
  ASSERT_TRUE(one.ok() && three.ok());
  ASSERT_EQ(one->pairs.size(), 6u);
  for (size_t k = 0; k < one->pairs.size(); ++k) {
    EXPECT_EQ(one->pairs[k].lo, three->pairs[k].lo);
    EXPECT_EQ(one->pairs[k].hi, three->pairs[k].hi);
  }
  for (size_t k = 0; k < one->systems.size(); ++k) {
    EXPECT_EQ(one->systems[k].lo, three->systems[k].lo);
  }
}

}  // namespace
}  // namespace tourney
