// cv-cs, the residual confidence sequence: a first two steps computed by hand from the
// header's formulas, the census, a constant sample, coverage under random and docs-prop
// orders of a small simulated population, and bad input (the order itself: sample_order_test).
#include "tourney/sampling/residual_sequence.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/sampling/sample_order.h"

namespace tourney {
namespace {

// A population of `scores` with one metric `metric` (used as is) and `docs` documents
// (item i in document i % docs).
Population Toy(const std::vector<double>& scores, const std::vector<double>& metric, int docs) {
  Population p;
  p.size = static_cast<int>(scores.size());
  p.x = scores;
  p.known.assign(p.size, 1);
  p.segment.resize(p.size);
  std::iota(p.segment.begin(), p.segment.end(), 0);
  p.num_documents = docs;
  for (int i = 0; i < p.size; ++i) p.document.push_back(i % docs);
  p.metric_bin.assign(p.size, 0);
  p.num_metric_bins = 1;
  p.num_metrics = 1;
  p.metric_names = {"m"};
  p.z = metric;
  p.z_mean = metric;
  p.zz = {1.0};
  return p;
}

TEST(ResidualSequence, FirstTwoStepsByHand) {
  // N = 100 in [0, 10], one document, t* = 1 (C_{t*} = 1). Before the first score f = 5, so
  // a_1 = 3 − 5 + 500/100 = 3; after it the 1-NN prediction is 3 everywhere, so with
  // w_2 = 100/99, a_2 = 5 − 3 + 300/99. Centre A/C = 3.99994949750..., sigma² and the
  // margin as in the header (2 log 20, ρ² = 2 log 20 + log(2 log 20 + 1)): upper
  // 8.18173006754..., lower clipped to what the sample implies, (3 + 5) / 100 = 0.08.
  std::vector<double> scores(100, 0.0), metric(100);
  for (int i = 0; i < 100; ++i) metric[i] = i;
  scores[10] = 3.0;
  scores[20] = 5.0;
  const Population p = Toy(scores, metric, 1);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 10.0;
  o.target_share = 0.01;
  o.document_prior = -1.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok()) << seq.status().message();
  EXPECT_DOUBLE_EQ(seq->lower(), 0.0);
  EXPECT_DOUBLE_EQ(seq->upper(), 10.0);
  ASSERT_TRUE(seq->Add(10, 3.0).ok());
  ASSERT_TRUE(seq->Add(20, 5.0).ok());
  EXPECT_NEAR(seq->estimate(), 3.999949497500126, 1e-12);
  EXPECT_NEAR(seq->lower(), 0.08, 1e-12);
  EXPECT_NEAR(seq->upper(), 8.181730067547438, 1e-9);
}

TEST(ResidualSequence, CensusGivesTheExactMeanWithZeroWidth) {
  const std::vector<double> scores = {0, 1, 4, 2, 0, 7, 3, 3};
  const std::vector<double> metric = {0, 1, 3, 2, 0, 5, 2, 3};
  const Population p = Toy(scores, metric, 3);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 10.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok());
  for (int i : {5, 0, 7, 2, 1, 6, 3}) {
    ASSERT_TRUE(seq->Add(i, scores[i]).ok());
    EXPECT_LT(seq->lower(), seq->upper());
  }
  ASSERT_TRUE(seq->Add(4, scores[4]).ok());
  EXPECT_DOUBLE_EQ(seq->lower(), 20.0 / 8.0);  // (0+1+4+2+0+7+3+3)/8
  EXPECT_DOUBLE_EQ(seq->upper(), 20.0 / 8.0);
  EXPECT_EQ(seq->count(), 8);
  // A ninth score has nowhere to go.
  EXPECT_FALSE(seq->Add(4, 0.0).ok());
}

TEST(ResidualSequence, ConstantSampleNeverGivesZeroWidthBeforeTheCensus) {
  // Every score 0 (as 29% of Human-B's en-de scores are): the interval narrows but keeps a
  // width, at least what the unseen scores could still do... until the last one.
  const int n = 60;
  std::vector<double> metric(n);
  for (int i = 0; i < n; ++i) metric[i] = (i * 7) % 11;
  const Population p = Toy(std::vector<double>(n, 0.0), metric, 4);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 25.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok());
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(seq->Add(i, 0.0).ok());
    if (i + 1 < n) {
      EXPECT_GT(seq->upper() - seq->lower(), 0.0) << "after " << i + 1;
    }
    EXPECT_GE(seq->lower(), 0.0);
  }
  EXPECT_DOUBLE_EQ(seq->upper(), 0.0);
}

// A simulated population: N items in `docs` documents, a metric that predicts the score
// partly, a document effect, skewed scores in [0, 25].
Population Simulated(int n, int docs, uint64_t seed) {
  Rng rng(seed);
  std::vector<double> effect(docs);
  for (double& e : effect) e = 1.5 * rng.Uniform();
  std::vector<double> scores(n), metric(n);
  for (int i = 0; i < n; ++i) {
    const double quality = rng.Uniform();
    metric[i] = quality + 0.5 * rng.Uniform();
    const double noise = -std::log(rng.UniformOpen());  // exponential, mean 1
    scores[i] = std::min(25.0, rng.Uniform() < 0.25 ? 0.0 : 3.0 * quality * noise +
                                                               effect[i % docs]);
  }
  return Toy(scores, metric, docs);
}

// Share of orders whose interval misses the mean at some step (time-uniform), checked at
// every step.
double MissRate(const Population& p, Design design, int orders) {
  const double truth = std::accumulate(p.x.begin(), p.x.end(), 0.0) / p.size;
  int missed = 0;
  for (int r = 0; r < orders; ++r) {
    Rng rng(DeriveSeed(99, static_cast<uint64_t>(r)));
    const std::vector<int> order = ServingOrder(p.document, p.num_documents, design, rng);
    ResidualSequenceOptions o;
    o.lo = 0.0;
    o.hi = 25.0;
    auto seq = ResidualSequence::Make(p, o);
    EXPECT_TRUE(seq.ok());
    bool miss = false;
    for (int i : order) {
      EXPECT_TRUE(seq->Add(i, p.x[i]).ok());
      miss = miss || truth < seq->lower() - 1e-12 || truth > seq->upper() + 1e-12;
    }
    missed += miss;
  }
  return static_cast<double>(missed) / orders;
}

TEST(ResidualSequence, HoldsAtEveryStepOnASimulatedPopulation) {
  // 95% sequences; 300 orders each: a 5% miss rate has a standard error of 1.3%, so 9% is
  // three of them above the level.
  const Population p = Simulated(240, 30, 5);
  EXPECT_LE(MissRate(p, Design::kRandom, 300), 0.09);
  EXPECT_LE(MissRate(p, Design::kDocsProp, 300), 0.09);
}

// Items served and not scored: the sequence skips them and goes on. The skips here are as
// bad as they come, every served item scoring 3 or more among the first 80 (annotators
// avoiding the worst outputs), so the scores seen are biased low; the skipped scores count
// as unknown in [0, 25] and the full test set's mean stays inside at every step.
TEST(ResidualSequence, SkippedItemsCountAsUnknownWithinTheRange) {
  const Population p = Simulated(240, 30, 5);
  const double truth = std::accumulate(p.x.begin(), p.x.end(), 0.0) / p.size;
  int missed = 0, skipped = 0;
  for (int r = 0; r < 200; ++r) {
    Rng rng(DeriveSeed(77, static_cast<uint64_t>(r)));
    const std::vector<int> order = ServingOrder(p.document, p.num_documents, Design::kDocsProp, rng);
    ResidualSequenceOptions o;
    o.lo = 0.0;
    o.hi = 25.0;
    auto seq = ResidualSequence::Make(p, o);
    ASSERT_TRUE(seq.ok());
    bool miss = false;
    for (int k = 0; k < p.size; ++k) {
      const int i = order[k];
      if (k < 80 && p.x[i] >= 3.0) {
        ASSERT_TRUE(seq->Skip(i).ok());
        continue;
      }
      ASSERT_TRUE(seq->Add(i, p.x[i]).ok());
      miss = miss || truth < seq->lower() - 1e-12 || truth > seq->upper() + 1e-12;
    }
    skipped += seq->skipped();
    missed += miss;
  }
  EXPECT_GT(skipped, 200);  // at least one per order
  EXPECT_LE(missed / 200.0, 0.09);
}

TEST(ResidualSequence, EveryItemButASkippedOneIsTheSeenRange) {
  // N = 10 in [0, 10]: item 0 skipped, the other nine scored 1..9 (sum 45). The mean lies in
  // [(45 + 0)/10, (45 + 10)/10] = [4.5, 5.5], and the sequence can say no more.
  std::vector<double> scores(10), metric(10);
  for (int i = 0; i < 10; ++i) {
    scores[i] = i;
    metric[i] = i;
  }
  const Population p = Toy(scores, metric, 1);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 10.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok());
  ASSERT_TRUE(seq->Skip(0).ok());
  EXPECT_FALSE(seq->Skip(0).ok());      // skipped twice
  EXPECT_FALSE(seq->Add(0, 0.0).ok());  // scored after its skip
  for (int i = 1; i < 10; ++i) ASSERT_TRUE(seq->Add(i, scores[i]).ok());
  EXPECT_NEAR(seq->lower(), 4.5, 1e-12);
  EXPECT_NEAR(seq->upper(), 5.5, 1e-12);
  EXPECT_EQ(seq->skipped(), 1);
}

TEST(ResidualSequence, NarrowerThanTheRangeOnceTheMetricPredicts) {
  const Population p = Simulated(400, 40, 8);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 25.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok());
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(seq->Add(i, p.x[i]).ok());
  EXPECT_LT(seq->upper() - seq->lower(), 2.5);  // a tenth of the range after 25%
}

TEST(ResidualSequence, RefusesBadInput) {
  const Population p = Toy({1, 2, 3}, {1, 2, 3}, 1);
  ResidualSequenceOptions o;
  o.lo = 0.0;
  o.hi = 5.0;
  auto seq = ResidualSequence::Make(p, o);
  ASSERT_TRUE(seq.ok());
  EXPECT_FALSE(seq->Add(3, 1.0).ok());   // unknown item
  EXPECT_FALSE(seq->Add(0, 6.0).ok());   // outside the range
  EXPECT_FALSE(seq->Add(0, NAN).ok());
  ASSERT_TRUE(seq->Add(0, 1.0).ok());
  EXPECT_FALSE(seq->Add(0, 1.0).ok());   // already scored
  ResidualSequenceOptions bad = o;
  bad.hi = bad.lo;
  EXPECT_FALSE(ResidualSequence::Make(p, bad).ok());
  bad = o;
  bad.confidence = 1.0;
  EXPECT_FALSE(ResidualSequence::Make(p, bad).ok());
  bad = o;
  bad.target_share = 0.0;
  EXPECT_FALSE(ResidualSequence::Make(p, bad).ok());
  bad = o;
  bad.refit_growth = -0.5;
  EXPECT_FALSE(ResidualSequence::Make(p, bad).ok());
  EXPECT_FALSE(ResidualSequence::Make(Population{}, o).ok());
}

}  // namespace
}  // namespace tourney
