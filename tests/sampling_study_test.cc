// The paper's protocol on small synthetic tables: method names, the whole test set gives
// no error, results independent of the thread count, wins and bounds bookkeeping.
#include "tourney/experiments/sampling_study.h"

#include <gtest/gtest.h>

#include "sampling_test_util.h"

namespace tourney {
namespace {

TEST(SamplingStudy, ParsesThePapersMethodNames) {
  auto m = ParseStudyMethod("docs-prop+cv-knn");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->design, Design::kDocsProp);
  EXPECT_EQ(m->estimator.kind, EstimatorKind::kCvKnn);
  m = ParseStudyMethod("cv-parchrf++");  // a metric name with '+'
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->design, Design::kRandom);
  EXPECT_EQ(m->estimator.metric, "parchrf++");
  m = ParseStudyMethod("baseline");
  EXPECT_EQ(m->estimator.kind, EstimatorKind::kMean);
  EXPECT_FALSE(ParseStudyMethod("docs-best").ok());
  EXPECT_FALSE(ParseStudyMethod("docs-prop+median").ok());
  const std::vector<std::string> paper = PaperMethods({"chrF", "TER"});
  EXPECT_EQ(paper.front(), "baseline");
  EXPECT_NE(std::find(paper.begin(), paper.end(), "cv-TER"), paper.end());
  EXPECT_EQ(paper.back(), "metrics-prop+cv-knn");
}

TEST(SamplingStudy, TheWholeTestSetHasNoError) {
  const ScoredSegments t = testing::SyntheticScored(2, 20, 6);
  SamplingStudyOptions o;
  o.sizes_pct = {100};
  o.draws = 3;
  o.population.segments_per_bin = 10;
  auto r = RunSamplingStudy(t, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->methods.size(), PaperMethods(t.metric_names).size());
  for (const MethodResult& m : r->methods) {
    EXPECT_NEAR(m.abs_error_all, 0.0, 1e-9) << m.name;
    EXPECT_DOUBLE_EQ(m.win_pct_all, 0.0) << m.name;  // a tie is not a win
  }
}

TEST(SamplingStudy, ResultsDoNotDependOnThreads) {
  const ScoredSegments t = testing::SyntheticScored(3, 25, 9);
  SamplingStudyOptions o;
  o.sizes_pct = {10, 40};
  o.draws = 6;
  o.methods = {"docs-prop", "docs-incr-metrics", "cv-knn", "docs-prop+cv-knn"};
  o.threads = 1;
  auto one = RunSamplingStudy(t, o);
  o.threads = 3;
  auto three = RunSamplingStudy(t, o);
  ASSERT_TRUE(one.ok() && three.ok());
  ASSERT_EQ(one->methods.size(), 5u);  // the baseline is added first
  EXPECT_EQ(one->methods[0].name, "baseline");
  for (size_t k = 0; k < one->methods.size(); ++k) {
    EXPECT_EQ(one->methods[k].abs_error, three->methods[k].abs_error);
    EXPECT_EQ(one->methods[k].win_pct, three->methods[k].win_pct);
  }
  ASSERT_EQ(one->bounds.size(), three->bounds.size());
  for (size_t b = 0; b < one->bounds.size(); ++b) {
    EXPECT_EQ(one->bounds[b].coverage, three->bounds[b].coverage);
    EXPECT_EQ(one->bounds[b].t, three->bounds[b].t);
  }
}

TEST(SamplingStudy, BoundsAreReportedPerSizeForTheBaselineAndTheBoundMethod) {
  const ScoredSegments t = testing::SyntheticScored(2, 20, 2);
  SamplingStudyOptions o;
  o.sizes_pct = {20, 50};
  o.draws = 10;
  o.methods = {"docs-prop+cv-knn"};
  o.fixed_range = 4;
  auto r = RunSamplingStudy(t, o);
  ASSERT_TRUE(r.ok());
  // 2 methods x 6 bounds (hoeffding, hoeffding-r4, bernstein, clt, clt-t, bootstrap-t) x 2
  // sizes, the confidence sequence for the baseline only x 2 sizes, and cv-cs for the bound
  // method only x 2 sizes.
  ASSERT_EQ(r->bounds.size(), 28u);
  int sequences = 0, residual_sequences = 0;
  for (const BoundResult& b : r->bounds) {
    if (b.name == "cv-cs") {
      ++residual_sequences;
      EXPECT_EQ(b.method, "docs-prop+cv-knn");
    }
    if (b.name != "betting-cs") continue;
    ++sequences;
    EXPECT_EQ(b.method, "baseline");
  }
  EXPECT_EQ(sequences, 2);
  EXPECT_EQ(residual_sequences, 2);
  for (const BoundResult& b : r->bounds) {
    EXPECT_GE(b.coverage, 0.0);
    EXPECT_LE(b.coverage, 100.0);
    EXPECT_NEAR(b.width, 2 * b.t, 1e-12);
    // slack = mean(t - |error|) <= t.
    EXPECT_LE(b.slack, b.t + 1e-12);
  }
  // Hoeffding with the true range is never smaller than the error: coverage 100%.
  EXPECT_DOUBLE_EQ(r->bounds[0].coverage, 100.0);
  EXPECT_EQ(r->bounds[0].name, "hoeffding");
  EXPECT_EQ(r->bounds[2].name, "hoeffding-r4");
}

TEST(SamplingStudy, AnnotateUntilToleranceStopsAtTheFirstCheckOrTheWholeTestSet) {
  // 2 systems of N segments, checked every 5 scores. A tolerance no interval can miss
  // stops every run at the first check (5 of N scored); one no interval can meet runs to
  // the whole test set (100%, never early), where every interval is the exact mean.
  const ScoredSegments t = testing::SyntheticScored(2, 20, 6);
  const int n = t.systems[0].size();
  ASSERT_EQ(t.systems[1].size(), n);
  SamplingStudyOptions o;
  o.sizes_pct = {50};
  o.draws = 4;
  o.methods = {"baseline"};
  o.stopping_tolerances = {1e9, 1e-9};
  o.stopping_every = 5;
  auto r = RunSamplingStudy(t, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  // clt, bootstrap-t, betting-cs (random order, mean), bootstrap-t and cv-cs (docs-prop
  // order, cv-knn) x 2 tolerances.
  ASSERT_EQ(r->stopping.size(), 10u);
  const std::string bounds[] = {"clt", "bootstrap-t", "betting-cs", "bootstrap-t", "cv-cs"};
  for (size_t k = 0; k < r->stopping.size(); ++k) {
    const StoppingResult& s = r->stopping[k];
    EXPECT_EQ(s.bound, bounds[k / 2]);
    EXPECT_EQ(s.method, k < 6 ? "baseline" : "docs-prop+cv-knn");
    if (k % 2 == 0) {
      EXPECT_EQ(s.tolerance, 1e9);
      EXPECT_DOUBLE_EQ(s.segments_pct, 100.0 * 5 / n) << s.bound;
      EXPECT_DOUBLE_EQ(s.reached, 100.0) << s.bound;
    } else {
      EXPECT_DOUBLE_EQ(s.segments_pct, 100.0) << s.bound;
      EXPECT_DOUBLE_EQ(s.reached, 0.0) << s.bound;
      EXPECT_DOUBLE_EQ(s.coverage, 100.0) << s.bound;
    }
  }
  o.stopping_tolerances = {0.0};
  EXPECT_FALSE(RunSamplingStudy(t, o).ok());
  o.stopping_tolerances = {0.5};
  o.stopping_every = 0;
  EXPECT_FALSE(RunSamplingStudy(t, o).ok());
}

TEST(SamplingStudy, BadInput) {
  const ScoredSegments t = testing::SyntheticScored(2, 10, 2);
  SamplingStudyOptions o;
  o.draws = 1;
  EXPECT_FALSE(RunSamplingStudy(t, o).ok());
  o.draws = 5;
  o.sizes_pct = {0};
  EXPECT_FALSE(RunSamplingStudy(t, o).ok());
  o.sizes_pct = {10};
  o.methods = {"cv-nometric"};
  EXPECT_FALSE(RunSamplingStudy(t, o).ok());
  // Unannotated segments: the study needs every score.
  o.methods = {};
  EXPECT_FALSE(RunSamplingStudy(testing::SyntheticScored(2, 10, 2, 0.5), o).ok());
}

}  // namespace
}  // namespace tourney
