// Sampling designs: sizes, strata allocations, determinism from the seed, and equal
// inclusion probabilities of the proportional designs.
#include "tourney/sampling/design.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "sampling_test_util.h"
#include "tourney/sampling/allocation.h"

namespace tourney {
namespace {

Population Pop(int documents = 20, uint64_t seed = 4) {
  const ScoredSegments t = testing::SyntheticScored(1, documents, seed);
  return *MakePopulation(t, 0, PopulationOptions{10});
}

TEST(Design, EveryDesignDrawsNDistinctItemsDeterministically) {
  const Population p = Pop();
  for (const char* name : {"random", "docs-prop", "docs-opt", "metrics-prop", "metrics-opt",
                           "docs-incr-human", "docs-incr-metrics"}) {
    auto d = ParseDesign(name);
    ASSERT_TRUE(d.ok()) << name;
    EXPECT_EQ(DesignName(*d), name);
    for (int n : {1, 7, p.size / 2, p.size}) {
      Rng a(11), b(11);
      auto s1 = DrawSample(p, *d, n, a);
      auto s2 = DrawSample(p, *d, n, b);
      ASSERT_TRUE(s1.ok()) << name << " " << s1.status().message();
      EXPECT_EQ(s1->items, s2->items) << name;
      ASSERT_EQ(static_cast<int>(s1->items.size()), n) << name;
      EXPECT_EQ(std::set<int>(s1->items.begin(), s1->items.end()).size(), s1->items.size());
      for (int i : s1->items) ASSERT_TRUE(i >= 0 && i < p.size);
    }
  }
  EXPECT_EQ(*ParseDesign("baseline"), Design::kRandom);
  EXPECT_FALSE(ParseDesign("cluster").ok());
}

TEST(Design, DocsPropAllocatesTheRoundedProportionalShares) {
  const Population p = Pop();
  const int n = p.size / 3;
  Rng rng(5);
  auto s = DrawSample(p, Design::kDocsProp, n, rng);
  ASSERT_TRUE(s.ok());
  std::vector<int> big(p.num_documents, 0), got(p.num_documents, 0);
  for (int i = 0; i < p.size; ++i) ++big[p.document[i]];
  for (int i : s->items) ++got[p.document[i]];
  // Each document gets the floor or the ceiling of n·N_l/N (unbiased systematic rounding).
  for (int l = 0; l < p.num_documents; ++l) {
    const double ideal = double(n) * big[l] / p.size;
    EXPECT_GE(got[l], static_cast<int>(std::floor(ideal + 1e-9))) << l;
    EXPECT_LE(got[l], static_cast<int>(std::ceil(ideal - 1e-9))) << l;
  }
}

TEST(Design, ProportionalDesignsIncludeEveryItemAboutEquallyOften) {
  // Inclusion probability n/N for random; for docs-prop the unbiased rounding makes it
  // exactly n/N too (each document's expected size is its ideal n·N_l/N); before, largest
  // remainder rounding gave floor or ceil of n·N_l/N over N_l. Checked over 4000 draws, at
  // a quarter of the test set and at a twentieth, where most documents' share is below
  // one segment.
  const Population p = Pop(8, 9);
  for (const int n : {p.size / 4, std::max(1, p.size / 20)}) {
    std::vector<int> hits(p.size, 0);
    Rng rng(21);
    for (int r = 0; r < 4000; ++r) {
      const auto sample = DrawSample(p, Design::kDocsProp, n, rng);
      ASSERT_TRUE(sample.ok());
      for (size_t k = 0; k < sample->items.size(); ++k) {
        ++hits[sample->items[k]];
        EXPECT_DOUBLE_EQ(sample->inclusion[k], double(n) / p.size);
      }
    }
    // Binomial(4000, π <= 0.25): sd <= 0.0069; 5 sd.
    for (int i = 0; i < p.size; ++i) EXPECT_NEAR(hits[i] / 4000.0, double(n) / p.size, 0.035) << i;
  }
  const int n = p.size / 4;
  for (Design d : {Design::kRandom, Design::kDocsProp}) {
    std::vector<int> hits(p.size, 0);
    Rng rng(21);
    for (int r = 0; r < 4000; ++r) {
      const auto sample = DrawSample(p, d, n, rng);
      ASSERT_TRUE(sample.ok());
      for (int i : sample->items) ++hits[i];
    }
    std::vector<int> big(p.num_documents, 0);
    for (int i = 0; i < p.size; ++i) ++big[p.document[i]];
    for (int i = 0; i < p.size; ++i) {
      const double share = hits[i] / 4000.0;
      if (d == Design::kRandom) {
        EXPECT_NEAR(share, double(n) / p.size, 0.035) << i;
      } else {
        const double ideal = double(n) * big[p.document[i]] / p.size;
        EXPECT_GE(share, std::floor(ideal) / big[p.document[i]] - 0.035) << i;
        EXPECT_LE(share, std::ceil(ideal) / big[p.document[i]] + 0.035) << i;
      }
    }
  }
}

TEST(Design, StrataOfTheDesigns) {
  EXPECT_EQ(DesignStrata(Design::kRandom), Strata::kNone);
  EXPECT_EQ(DesignStrata(Design::kDocsIncrHuman), Strata::kDocuments);
  EXPECT_EQ(DesignStrata(Design::kMetricsProp), Strata::kMetricBins);
  const Population p = Pop();
  // Metric bins of about 10 segments each.
  EXPECT_EQ(p.num_metric_bins, static_cast<int>(std::lround(p.size / 10.0)));
}

TEST(Design, BadInput) {
  const Population p = Pop();
  Rng rng(1);
  EXPECT_FALSE(DrawSample(p, Design::kRandom, 0, rng).ok());
  EXPECT_FALSE(DrawSample(p, Design::kDocsProp, p.size + 1, rng).ok());
  // Incremental designs need every score (a simulation).
  const ScoredSegments partial = testing::SyntheticScored(1, 10, 3, 0.5);
  const Population q = *MakePopulation(partial, 0);
  EXPECT_FALSE(DrawSample(q, Design::kDocsIncrHuman, 5, rng).ok());
}

// InclusionProbabilities is what DrawSample records, and the optimal designs never give a
// stratum probability 0 (a one-segment document has no spread of its own).
TEST(Design, InclusionProbabilitiesOfTheFixedDesigns) {
  const Population p = Pop();
  const int n = p.size / 5;
  for (Design d : {Design::kRandom, Design::kDocsProp, Design::kDocsOpt, Design::kMetricsProp,
                   Design::kMetricsOpt}) {
    auto pi = InclusionProbabilities(p, d, n);
    ASSERT_TRUE(pi.ok()) << DesignName(d);
    double sum = 0.0;
    for (double v : *pi) {
      EXPECT_GT(v, 0.0) << DesignName(d);
      EXPECT_LE(v, 1.0) << DesignName(d);
      sum += v;
    }
    EXPECT_NEAR(sum, n, 1e-9) << DesignName(d);  // Σ π_i = n for a fixed-size design
    Rng rng(3);
    auto s = DrawSample(p, d, n, rng);
    ASSERT_TRUE(s.ok());
    for (size_t k = 0; k < s->items.size(); ++k) {
      EXPECT_DOUBLE_EQ(s->inclusion[k], (*pi)[s->items[k]]) << DesignName(d);
    }
  }
  EXPECT_FALSE(InclusionProbabilities(p, Design::kDocsIncrHuman, n).ok());
  EXPECT_FALSE(InclusionProbabilities(p, Design::kRandom, 0).ok());
}

}  // namespace
}  // namespace tourney
