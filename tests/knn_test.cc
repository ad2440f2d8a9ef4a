// k-NN regression: a hand-worked case, and the neighbour lists agree with the direct
// computation.
#include "tourney/sampling/knn.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "sampling_test_util.h"

namespace tourney {
namespace {

TEST(Knn, HandWorkedOneMetric) {
  // Metric 1.5, 2.5, 3.5, 10.5 (standardising keeps the order and ratios of distances); scores
  // 0, 3, 6, 9; sample {0, 1, 3}, k = 2. Item 2 (metric 3): nearest sampled are items 1
  // (distance 1) and 0 (2): (3 + 0)/2 = 1.5. Item 3: itself and item 1: (9 + 3)/2 = 6.
  auto t = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\tm\nA\td\t0\t0\t1.5\nA\td\t1\t3\t2.5\nA\td\t2\t6\t3.5\n"
      "A\td\t3\t9\t10.5\n",
      "k", {});
  ASSERT_TRUE(t.ok());
  const Population p = *MakePopulation(*t, 0);
  const std::vector<double> f = KnnPredict(p, {0, 1, 3}, 2);
  EXPECT_DOUBLE_EQ(f[0], 1.5);  // items 0 and 1
  EXPECT_DOUBLE_EQ(f[1], 1.5);
  EXPECT_DOUBLE_EQ(f[2], 1.5);
  EXPECT_DOUBLE_EQ(f[3], 6.0);
  // k larger than the sample: the sample mean (0 + 3 + 9)/3 = 4 everywhere.
  for (double v : KnnPredict(p, {0, 1, 3}, 25)) EXPECT_DOUBLE_EQ(v, 4.0);
}

TEST(Knn, NeighbourListsAgreeWithTheDirectComputation) {
  const ScoredSegments t = testing::SyntheticScored(1, 60, 8);
  const Population p = *MakePopulation(t, 0);
  const NeighbourLists lists(p);
  Rng rng(2);
  for (int n : {3, 20, 60, p.size / 2, p.size}) {
    std::vector<int> all(p.size);
    for (int i = 0; i < p.size; ++i) all[i] = i;
    for (int k = 0; k < n; ++k) std::swap(all[k], all[k + rng.UniformInt(p.size - k)]);
    std::vector<int> sample(all.begin(), all.begin() + n);
    std::vector<uint8_t> in(p.size, 0);
    for (int i : sample) in[i] = 1;
    std::vector<double> walked;
    lists.Predict(in, n, 25, &walked);
    const std::vector<double> direct = KnnPredict(p, sample, 25);
    for (int i = 0; i < p.size; ++i) ASSERT_NEAR(walked[i], direct[i], 1e-9) << n << " " << i;
  }
}

// The k nearest by a full sort of (squared distance, index): the definition, written apart
// from both implementations.
std::vector<double> SortedReference(const Population& p, const std::vector<int>& sample, int k) {
  const int kk = std::min<int>(k, static_cast<int>(sample.size()));
  std::vector<double> out(p.size);
  for (int i = 0; i < p.size; ++i) {
    std::vector<std::pair<double, int>> by;
    for (int j : sample) {
      double d = 0.0;
      for (int m = 0; m < p.num_metrics; ++m)
        d += (p.Z(i, m) - p.Z(j, m)) * (p.Z(i, m) - p.Z(j, m));
      by.emplace_back(d, j);
    }
    std::sort(by.begin(), by.end());
    double s = 0.0;
    for (int t = 0; t < kk; ++t) s += p.x[by[t].second];
    out[i] = s / kk;
  }
  return out;
}

TEST(Knn, TiesGoToTheLowerIndexInEveryPath) {
  // 300 items on 9 distinct metric points (three metrics), so that distances tie exactly
  // and often; scores differ per item, so a tie broken the wrong way changes the mean.
  // Sample sizes from 2 to 300 and k = 1, 7, 25 cover the bitset selection, the walk, the
  // direct computation's candidate buffer and the every-sampled-item case.
  Rng rng(11);
  double points[9][3];
  for (auto& point : points) {
    for (double& v : point) v = rng.Uniform();
  }
  std::string text = "system\tdoc\tseg\tmqm\ta\tb\tc\n";
  for (int i = 0; i < 300; ++i) {
    const double* v = points[rng.UniformInt(9)];
    text += "S\td" + std::to_string(i / 10) + "\t" + std::to_string(i) + "\t" +
            std::to_string(i % 17) + "\t" + std::to_string(v[0]) + "\t" + std::to_string(v[1]) +
            "\t" + std::to_string(v[2]) + "\n";
  }
  auto t = ParseScoredSegments(text, "ties", {});
  ASSERT_TRUE(t.ok()) << t.status().message();
  const Population p = *MakePopulation(*t, 0);
  const NeighbourLists lists(p);
  for (int n : {2, 9, 26, 40, 61, 90, 150, 299, 300}) {
    std::vector<int> all(p.size);
    for (int i = 0; i < p.size; ++i) all[i] = i;
    for (int k = 0; k < n; ++k) std::swap(all[k], all[k + rng.UniformInt(p.size - k)]);
    const std::vector<int> sample(all.begin(), all.begin() + n);
    std::vector<uint8_t> in(p.size, 0);
    for (int i : sample) in[i] = 1;
    for (int k : {1, 7, 25}) {
      const std::vector<double> expected = SortedReference(p, sample, k);
      std::vector<double> walked;
      lists.Predict(in, n, k, &walked);
      const std::vector<double> direct = KnnPredict(p, sample, k);
      for (int i = 0; i < p.size; ++i) {
        ASSERT_NEAR(walked[i], expected[i], 1e-12) << "n " << n << " k " << k << " item " << i;
        ASSERT_NEAR(direct[i], expected[i], 1e-12) << "n " << n << " k " << k << " item " << i;
      }
    }
  }
}

}  // namespace
}  // namespace tourney
