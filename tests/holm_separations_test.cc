// Paired Holm separations: Holm's adjustment by hand, the paired t-test on a hand-made case,
// and the WMT22 cs-en comparison with the official separations.
#include "tourney/protocols/holm_separations.h"

#include <gtest/gtest.h>

#include <iostream>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/wmt_da_reader.h"

namespace tourney {
namespace {

TEST(HolmSeparations, HolmAdjustByHand) {
  // Sorted: 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> 0.06,
  // the running maximum).
  const std::vector<double> adjusted = HolmAdjust({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-15);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[3], 0.02, 1e-15);
  EXPECT_EQ(HolmAdjust({0.5, 0.9}), (std::vector<double>{1.0, 1.0}));
}

DaScores TwoSystems(const std::vector<double>& a, const std::vector<double>& b) {
  DaScores s;
  s.systems = {"A", "B"};
  s.system_begin = {0, static_cast<int64_t>(a.size()),
                    static_cast<int64_t>(a.size() + b.size())};
  s.system_scores.resize(2);
  for (int sys = 0; sys < 2; ++sys) {
    const std::vector<double>& v = sys == 0 ? a : b;
    double sum = 0;
    for (size_t i = 0; i < v.size(); ++i) {
      DaSegmentScore seg;
      seg.system = sys;
      seg.segment = static_cast<int32_t>(i + 1);
      seg.z = v[i];
      seg.judgments = 1;
      s.segments.push_back(seg);
      sum += v[i];
    }
    s.system_scores[sys].segments = static_cast<int64_t>(v.size());
    s.system_scores[sys].z = sum / static_cast<double>(v.size());
  }
  return s;
}

TEST(HolmSeparations, PairedTTestOnSharedSegments) {
  // Differences 1, 2, 3, 2: mean 2, SD sqrt(2/3), t = 2 / (sqrt(2/3) / 2) = 4.898979;
  // two-sided p with 3 df = 0.0162766 (scipy.stats.ttest_rel, computed once).
  const DaScores s = TwoSystems({1, 2, 3, 2}, {0, 0, 0, 0});
  auto r = SeparatePairedHolm(s, {0, 1});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->pairs.size(), 1u);
  EXPECT_EQ(r->pairs[0].shared_segments, 4);
  EXPECT_NEAR(r->pairs[0].mean_difference, 2.0, 1e-15);
  EXPECT_NEAR(r->pairs[0].t, 4.898979485566356, 1e-12);
  EXPECT_NEAR(r->pairs[0].p_value, 0.0162766034594, 1e-9);
  EXPECT_TRUE(r->pairs[0].separated);
  EXPECT_EQ(r->cluster, (std::vector<int>{1, 2}));
  EXPECT_FALSE(SeparatePairedHolm(s, {0, 1}, 0.0).ok());
  EXPECT_FALSE(SeparatePairedHolm(s, {0, 7}).ok());
}

TEST(HolmSeparations, KeepsFewerOfTheOfficialWmt22CsEnSeparations) {
  TOURNEY_REQUIRE_SHARED("data/wmt22-toen-da/ad-csen-good-stnd.csv.gz");
  auto j = ReadWmtDaJudgments(testing::SharedPath("data/wmt22-toen-da/ad-csen-good-stnd.csv.gz"));
  ASSERT_TRUE(j.ok());
  auto s = ComputeDaScores(*j);
  ASSERT_TRUE(s.ok());
  auto official = RankWmtDa(*s);
  ASSERT_TRUE(official.ok());
  auto holm = SeparatePairedHolm(*s, official->order);
  ASSERT_TRUE(holm.ok());
  EXPECT_EQ(holm->pairs.size(), 66u);
  const SeparationSurvival survival = CompareSeparations(*official, *holm);
  EXPECT_EQ(survival.official_wins, 47);  // the WINS column of clusters-cs-en.csv sums to 47
  EXPECT_EQ(survival.official_boundaries, 3);
  EXPECT_LE(survival.surviving_wins, survival.official_wins);
  EXPECT_LE(survival.surviving_boundaries, survival.official_boundaries);
  std::cout << "paired Holm keeps " << survival.surviving_wins << " of "
            << survival.official_wins << " official wins and " << survival.surviving_boundaries
            << " of " << survival.official_boundaries << " boundaries (draws "
            << survival.holm_boundaries << ")\n";
}

}  // namespace
}  // namespace tourney
