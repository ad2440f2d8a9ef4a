// Estimators of the test-set mean on tiny populations worked by hand, and unbiasedness by
// exhaustive enumeration of every sample.
#include "tourney/sampling/estimator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "tourney/ingest/scored_segment_reader.h"

namespace tourney {
namespace {

// Four segments, x = 0, 2, 4, 10 (mean 4), one metric y = 1, 2, 3, 4 and a second one;
// documents d1 = {0, 1}, d2 = {2, 3}.
Population Tiny(const std::string& y2 = "0.5,0.25,1.5,0.125") {
  std::string text = "system\tdoc\tseg\tmqm\ty\ty2\n";
  const double x[] = {0, 2, 4, 10};
  std::vector<std::string> second;
  size_t start = 0;
  while (true) {
    size_t c = y2.find(',', start);
    second.push_back(y2.substr(start, c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  for (int i = 0; i < 4; ++i) {
    text += "A\td" + std::to_string(1 + i / 2) + "\t" + std::to_string(i) + "\t" +
            std::to_string(x[i]) + "\t" + std::to_string(i + 1) + ".5\t" + second[i] + "\n";
  }
  ScoredSegmentReadOptions o;
  o.metric_columns = {"y", "y2"};
  auto t = ParseScoredSegments(text, "tiny", o);
  EXPECT_TRUE(t.ok()) << t.status().message();
  auto p = MakePopulation(*t, 0);
  EXPECT_TRUE(p.ok());
  return *p;
}

Sample Of(std::vector<int> items, Strata strata = Strata::kNone) {
  Sample s;
  s.items = std::move(items);
  s.strata = strata;
  return s;
}

EstimatorSpec Spec(const std::string& name) { return *ParseEstimator(name); }

// The small-sample rules lifted, so that a fit on 2-3 items can be worked by hand.
EstimatorSpec ByHand(EstimatorSpec spec) {
  spec.knn_scores_per_neighbour = 1;
  spec.knn_min_k = 1;
  spec.scores_per_metric = 0;
  return spec;
}

// 200 segments in 20 documents, one metric m_i = i/8
// and scores x_i = (i·7) mod 11 + (i mod 3 == 0 ? 9 : 0): a skewed, nonlinear function of
// the metric.
Population Larger() {
  std::string text = "system\tdoc\tseg\tmqm\tm\n";
  for (int i = 0; i < 200; ++i) {
    const int x = (i * 7) % 11 + (i % 3 == 0 ? 9 : 0);
    text += "A\td" + std::to_string(i / 10) + "\t" + std::to_string(i) + "\t" +
            std::to_string(x) + "\t" + std::to_string(i / 8.0) + "\n";
  }
  auto t = ParseScoredSegments(text, "larger", {});
  EXPECT_TRUE(t.ok()) << t.status().message();
  return *MakePopulation(*t, 0);
}

TEST(Estimator, SampleMeanAndItsFinitePopulationVariance) {
  const Population p = Tiny();
  // Sample {2, 3}: mean (4 + 10)/2 = 7; s² = ((4-7)² + (10-7)²)/1 = 18;
  // v = (1 - 2/4)·18/2 = 4.5.
  auto e = EstimateMean(p, Of({2, 3}), Spec("mean"));
  ASSERT_TRUE(e.ok());
  EXPECT_DOUBLE_EQ(e->value, 7.0);
  EXPECT_NEAR(e->variance, 4.5, 1e-12);
  EXPECT_EQ(e->n, 2);
  EXPECT_EQ(e->population, 4);
}

TEST(Estimator, ControlVariateWithOneMetricByHand) {
  const Population p = Tiny();
  // y = 1.5, 2.5, 3.5, 4.5 standardised: mean 3, sd sqrt(1.25), z = (y - 3)/sqrt(1.25):
  // z_2 = 1/sqrt(5), z_3 = 3/sqrt(5). Sample {2, 3}: x̄ = 7, z̄ = 2/sqrt(5);
  // β = mean((x - x̄)(z - z̄)) = ((-3)(-1/sqrt 5) + (3)(1/sqrt 5))/2 = 3/sqrt(5);
  // µ̂ = 7 - (3/sqrt 5)(2/sqrt 5) = 7 - 6/5 = 5.8.
  auto e = EstimateMean(p, Of({2, 3}), Spec("cv-y"));
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_NEAR(e->value, 5.8, 1e-12);
  // Residuals x - βz: 4 - 3/5 = 3.4 and 10 - 9/5 = 8.2; mean 5.8, s² = 2·2.4²/1 = 11.52;
  // v = (1 - 1/2)·11.52/2 = 2.88.
  EXPECT_NEAR(e->variance, 2.88, 1e-12);
}

TEST(Estimator, MultiWithOneMetricEqualsTheScalarControlVariate) {
  // y2 = 2·y: two perfectly correlated metrics; eq. 4 (minimum-norm) gives eq. 3.
  const Population p = Tiny("3,5,7,9");
  auto scalar = EstimateMean(p, Of({0, 3}), Spec("cv-y"));
  auto multi = EstimateMean(p, Of({0, 3}), ByHand(Spec("cv-multi")));
  auto mean = EstimateMean(p, Of({0, 3}), Spec("cv-mean"));
  ASSERT_TRUE(scalar.ok() && multi.ok() && mean.ok());
  EXPECT_NEAR(multi->value, scalar->value, 1e-9);
  EXPECT_NEAR(mean->value, scalar->value, 1e-9);
}

TEST(Estimator, StratifiedMeanIsEquationOne) {
  const Population p = Tiny();
  // d1 = {0, 1} (x 0, 2), d2 = {2, 3} (x 4, 10); sample {1, 2}: (2/4)·2 + (2/4)·4 = 3.
  auto e = EstimateMean(p, Of({1, 2}, Strata::kDocuments), Spec("mean"));
  ASSERT_TRUE(e.ok());
  EXPECT_DOUBLE_EQ(e->value, 3.0);
  // Sample {0, 1, 3}: d1's mean 1 and d2's 10: 0.5·1 + 0.5·10 = 5.5 (the plain mean is 4).
  e = EstimateMean(p, Of({0, 1, 3}, Strata::kDocuments), Spec("mean"));
  EXPECT_DOUBLE_EQ(e->value, 5.5);
}

TEST(Estimator, EmptyStrataAreLeftOutOfTheWeights) {
  const Population p = Tiny();
  // Only d2 sampled: its mean (4 + 10)/2 = 7 stands for the test set.
  auto e = EstimateMean(p, Of({2, 3}, Strata::kDocuments), Spec("mean"));
  ASSERT_TRUE(e.ok());
  EXPECT_DOUBLE_EQ(e->value, 7.0);
}

// Every subset of size n of {0..N-1}.
void ForEachSubset(int n_total, int n, const std::function<void(const std::vector<int>&)>& fn) {
  std::vector<int> pick;
  std::function<void(int)> rec = [&](int from) {
    if (static_cast<int>(pick.size()) == n) {
      fn(pick);
      return;
    }
    for (int i = from; i < n_total; ++i) {
      pick.push_back(i);
      rec(i + 1);
      pick.pop_back();
    }
  };
  rec(0);
}

TEST(Estimator, SampleMeanAndVarianceEstimateAreUnbiasedOverEverySample) {
  // N = 6 (two documents of 3), every sample of n = 3: E(x̄) = µ and E(v̂) = Var(x̄)
  // = σ²/n·(N - n)/(N - 1) exactly (simple random sampling).
  std::string text = "system\tdoc\tseg\tmqm\tm\n";
  const double x[] = {0, 1, 1, 3, 7, 12};
  for (int i = 0; i < 6; ++i) {
    text += "A\td" + std::to_string(i / 3) + "\t" + std::to_string(i) + "\t" +
            std::to_string(x[i]) + "\t" + std::to_string(0.5 + i * i) + ".25\n";
  }
  auto t = ParseScoredSegments(text, "six", {});
  ASSERT_TRUE(t.ok());
  const Population p = *MakePopulation(*t, 0);
  const double mu = 24.0 / 6;
  double sigma2 = 0.0;
  for (double v : x) sigma2 += (v - mu) * (v - mu) / 6;
  const double var_mean = sigma2 / 3 * (6 - 3) / (6 - 1.0);
  double sum = 0.0, sum_sq = 0.0, sum_v = 0.0;
  int count = 0;
  ForEachSubset(6, 3, [&](const std::vector<int>& s) {
    auto e = EstimateMean(p, Of(s), Spec("mean"));
    sum += e->value;
    sum_sq += (e->value - mu) * (e->value - mu);
    sum_v += e->variance;
    ++count;
  });
  ASSERT_EQ(count, 20);
  EXPECT_NEAR(sum / count, mu, 1e-12);
  EXPECT_NEAR(sum_sq / count, var_mean, 1e-12);
  EXPECT_NEAR(sum_v / count, var_mean, 1e-12);
  // Stratified by document, 2 from d0 and 1 from d1 would not be proportional; take 2 + 2
  // of N_l = 3 each (9 samples): the stratified mean is unbiased.
  double strat = 0.0;
  int strat_count = 0;
  ForEachSubset(3, 2, [&](const std::vector<int>& a) {
    ForEachSubset(3, 2, [&](const std::vector<int>& b) {
      auto e =
          EstimateMean(p, Of({a[0], a[1], 3 + b[0], 3 + b[1]}, Strata::kDocuments), Spec("mean"));
      strat += e->value;
      ++strat_count;
    });
  });
  EXPECT_NEAR(strat / strat_count, mu, 1e-12);
}

TEST(Estimator, KnnControlVariateWithTheWholeTestSetIsExact) {
  const Population p = Tiny();
  // n = N: every Z̄ over the sample is the test-set mean 0, so every estimator is µ.
  for (const char* name : {"mean", "cv-y", "cv-mean", "cv-multi", "cv-knn"}) {
    auto e = EstimateMean(p, Of({0, 1, 2, 3}), Spec(name));
    ASSERT_TRUE(e.ok()) << name;
    EXPECT_NEAR(e->value, 4.0, 1e-12) << name;
    EXPECT_NEAR(e->variance, 0.0, 1e-12) << name;
  }
}

TEST(Estimator, KnnControlVariateByHand) {
  // One metric 1.5, 2.5, 3.5, 10.5, scores 0, 3, 6, 9; sample {0, 1, 3}, k = 2.
  // Predictions (knn_test): 1.5, 1.5, 1.5, 6. A sampled item's prediction is replaced by
  // its leave-one-out one, (2·f - x)/1: item 0: 3, item 1: 0, item 3: 12 - 9 = 3; item 2
  // keeps 1.5. So g = 3, 0, 1.5, 3: mean 1.875, deviations 1.125, -1.875, -0.375, 1.125,
  // population variance 6.1875/4 = 1.546875 = σ². z = deviation/σ.
  // x̄ = (0 + 3 + 9)/3 = 4; z̄ = (1.125 - 1.875 + 1.125)/3/σ = 0.125/σ;
  // β = mean((x - x̄)(z - z̄)) = [(-4)(1.125) + (-1)(-1.875) + 5·1.125]/3/σ = 1/σ;
  // µ̂ = 4 - β·z̄ = 4 - 0.125/σ² = 4 - 8/99.
  auto t = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\tm\nA\td\t0\t0\t1.5\nA\td\t1\t3\t2.5\nA\td\t2\t6\t3.5\n"
      "A\td\t3\t9\t10.5\n",
      "k", {});
  ASSERT_TRUE(t.ok());
  const Population p = *MakePopulation(*t, 0);
  const EstimatorSpec spec = ByHand({EstimatorKind::kCvKnn, "", 2});
  auto e = EstimateMean(p, Of({0, 1, 3}), spec);
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_NEAR(e->value, 4.0 - 8.0 / 99, 1e-12);
  // Residuals x - β·z = x - deviation/σ²: 0 - 8/11, 3 + 40/33, 9 - 8/11 = -24/33, 139/33,
  // 273/33; their deviations from the mean: -460/99, 29/99, 431/99; s² = (460² + 29² +
  // 431²)/99²/(3 − 1 − 1) (one degree of freedom for β) = 398202/9801; v = (1 - 3/4)·s²/3
  // = 199101/58806.
  EXPECT_NEAR(e->variance, 199101.0 / 58806, 1e-12);
  // The same through neighbour lists.
  const NeighbourLists lists(p);
  auto walked = EstimateMean(p, Of({0, 1, 3}), spec, &lists);
  ASSERT_TRUE(walked.ok());
  EXPECT_NEAR(walked->value, e->value, 1e-12);
  EXPECT_NEAR(walked->variance, e->variance, 1e-12);
}

TEST(Estimator, MultiWithTwoOrthogonalMetricsByHand) {
  // Scores 0, 2, 4, 10; metric a = 2.5, 2.5, 0.5, 0.5 (z = 1, 1, -1, -1) and b = 1.25, 0.25,
  // 1.25, 0.25 (z = 1, -1, 1, -1): E(ZZᵀ) over the test set is the identity, so eq. 4's β
  // is the sample covariances. Sample {0, 1, 2}: x̄ = 2, z̄ = (1/3, 1/3);
  // cov_a = [(-2)(2/3) + 0 + 2(-4/3)]/3 = -4/3, cov_b = [(-2)(2/3) + 0 + 2(2/3)]/3 = 0;
  // µ̂ = 2 - (-4/3)(1/3) - 0 = 22/9, as the scalar control variate with a alone.
  std::string text = "system\tdoc\tseg\tmqm\ta\tb\n";
  const char* rows[] = {"0\t2.5\t1.25", "2\t2.5\t0.25", "4\t0.5\t1.25", "10\t0.5\t0.25"};
  for (int i = 0; i < 4; ++i) {
    text += "A\td\t";
    text += std::to_string(i);
    text += '\t';
    text += rows[i];
    text += '\n';
  }
  ScoredSegmentReadOptions o;
  o.metric_columns = {"a", "b"};
  auto t = ParseScoredSegments(text, "ortho", o);
  ASSERT_TRUE(t.ok()) << t.status().message();
  const Population p = *MakePopulation(*t, 0);
  auto multi = EstimateMean(p, Of({0, 1, 2}), ByHand(Spec("cv-multi")));
  auto scalar = EstimateMean(p, Of({0, 1, 2}), Spec("cv-a"));
  ASSERT_TRUE(multi.ok() && scalar.ok());
  EXPECT_NEAR(multi->value, 22.0 / 9, 1e-12);
  EXPECT_NEAR(scalar->value, 22.0 / 9, 1e-12);
}

TEST(Estimator, BadInput) {
  const Population p = Tiny();
  EXPECT_FALSE(EstimateMean(p, Of({}), Spec("mean")).ok());
  EXPECT_FALSE(EstimateMean(p, Of({7}), Spec("mean")).ok());
  EXPECT_FALSE(EstimateMean(p, Of({0, 1}), Spec("cv-bleu")).ok());
  EXPECT_FALSE(ParseEstimator("median").ok());
  EXPECT_EQ(EstimatorName(Spec("cv-y")), "cv-y");
}

TEST(Estimator, SmallSampleKIsChosenFromTheSampleSizeAlone) {
  // k = min(25, n/4), and the mean (0) below k = 5: the rule of the header.
  const EstimatorSpec spec = Spec("cv-knn");
  EXPECT_EQ(SampleKnnK(spec, 100), 25);
  EXPECT_EQ(SampleKnnK(spec, 400), 25);
  EXPECT_EQ(SampleKnnK(spec, 28), 7);
  EXPECT_EQ(SampleKnnK(spec, 20), 5);
  EXPECT_EQ(SampleKnnK(spec, 19), 0);
  EXPECT_EQ(SampleKnnK(spec, 14), 0);
}

TEST(Estimator, KnnOnFewerScoresThanItsKIsTheMean) {
  // 14 of 200 segments (7%), k = 25: every prediction used to be the sample mean and each
  // sampled item's leave-one-out prediction a mirror of its own score, which made the
  // residuals about N/n times the scores' spread. Now the estimate is the plain mean: the
  // same value and variance as `mean` (by hand: (1 − 14/200)·s²/14).
  const Population p = Larger();
  std::vector<int> items;
  for (int i = 0; i < 14; ++i) items.push_back(i * 13 + 5);
  auto knn = EstimateMean(p, Of(items), Spec("cv-knn"));
  auto mean = EstimateMean(p, Of(items), Spec("mean"));
  ASSERT_TRUE(knn.ok() && mean.ok());
  double sum = 0.0, ss = 0.0;
  for (int i : items) sum += p.x[i];
  for (int i : items) ss += (p.x[i] - sum / 14) * (p.x[i] - sum / 14);
  EXPECT_NEAR(mean->value, sum / 14, 1e-12);
  EXPECT_NEAR(mean->variance, (1.0 - 14.0 / 200) * ss / 13 / 14, 1e-12);
  EXPECT_NEAR(knn->value, mean->value, 1e-12);
  EXPECT_NEAR(knn->variance, mean->variance, 1e-12);
  EXPECT_EQ(knn->knn_k, 0);
  // On 40 scores it fits, with k = 10: the same estimate as k = 10 asked for.
  items.clear();
  for (int i = 0; i < 40; ++i) items.push_back(i * 5 + 2);
  auto fitted = EstimateMean(p, Of(items), Spec("cv-knn"));
  ASSERT_TRUE(fitted.ok());
  EXPECT_EQ(fitted->knn_k, 10);
  EXPECT_NE(fitted->value, EstimateMean(p, Of(items), Spec("mean"))->value);
  EstimatorSpec ten = ByHand({EstimatorKind::kCvKnn, "", 10});
  auto explicit_ten = EstimateMean(p, Of(items), ten);
  ASSERT_TRUE(explicit_ten.ok());
  EXPECT_NEAR(explicit_ten->value, fitted->value, 1e-12);
}

TEST(Estimator, MultiNeedsTenScoresPerMetricAndCountsItsCoefficients) {
  // Two metrics: below 20 scores cv-multi is the mean.
  const Population p = Tiny();
  auto multi = EstimateMean(p, Of({0, 1, 3}), Spec("cv-multi"));
  auto mean = EstimateMean(p, Of({0, 1, 3}), Spec("mean"));
  ASSERT_TRUE(multi.ok() && mean.ok());
  EXPECT_DOUBLE_EQ(multi->value, mean->value);
  EXPECT_DOUBLE_EQ(multi->variance, mean->variance);
  // A scalar control variate loses one degree of freedom: the hand example of
  // ControlVariateWithOneMetricByHand on three items {1, 2, 3}: x = 2, 4, 10, z = (y − 3)/
  // sqrt(1.25) for y = 2.5, 3.5, 4.5, i.e. −0.4472136, 0.4472136, 1.3416408; x̄ = 16/3,
  // z̄ = 0.4472136; β = mean((x − x̄)(z − z̄)) = (−10/3·−0.8944272 + 0 + 14/3·0.8944272)/3
  // = 2.3851391; residuals x − βz = 3.0666667, 2.9333333, 6.8; their deviations from
  // their mean 4.2666667: −1.2, −1.3333333, 2.5333333; Σ² = 9.6355556; s² = Σ²/(3 − 1 − 1)
  // = 9.6355556 (Σ²/2 before); v = (1 − 3/4)·s²/3 = 0.8029630.
  auto one = EstimateMean(p, Of({1, 2, 3}), Spec("cv-y"));
  ASSERT_TRUE(one.ok());
  EXPECT_NEAR(one->variance, 0.8029630, 1e-6);
}

}  // namespace
}  // namespace tourney
