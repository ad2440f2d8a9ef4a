// DA scores: per-annotator z-normalisation by hand, segment and system means by hand, and
// the WMT22 cs-en release against the organisers' own ad-seg-scores and ad-sys-scores files.
#include "tourney/protocols/da_scores.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/wmt_da_reader.h"

namespace tourney {
namespace {

TEST(DaScores, StandardizesJudgmentsFromRawScoresIncludingQualityControl) {
  DaJudgments j;
  j.systems = {"A"};
  j.annotators = {"u1", "u2", "u3"};
  j.has_raw = true;
  auto add = [&](int32_t annotator, double raw, DaItemType type) {
    DaJudgment row;
    row.annotator = annotator;
    row.raw = raw;
    row.type = type;
    j.rows.push_back(row);
  };
  // u1: 10, 30, 50 (a BAD item among them): mean 30, sample SD 20, z = -1, 0, 1.
  add(0, 10, DaItemType::kSystem);
  add(0, 30, DaItemType::kSystem);
  add(0, 50, DaItemType::kBadReference);
  // u2: 40, 60: mean 50, SD sqrt(200), z = -/+ 10 / sqrt(200). u3: one judgment: z 0, a warning.
  add(1, 40, DaItemType::kSystem);
  add(1, 60, DaItemType::kReference);
  add(2, 70, DaItemType::kSystem);
  ASSERT_TRUE(StandardizeDaJudgments(&j).ok());
  EXPECT_DOUBLE_EQ(j.rows[0].z, -1.0);
  EXPECT_DOUBLE_EQ(j.rows[1].z, 0.0);
  EXPECT_DOUBLE_EQ(j.rows[2].z, 1.0);
  EXPECT_NEAR(j.rows[3].z, -10.0 / std::sqrt(200.0), 1e-12);
  EXPECT_NEAR(j.rows[4].z, 10.0 / std::sqrt(200.0), 1e-12);
  EXPECT_EQ(j.rows[5].z, 0.0);
  ASSERT_EQ(j.warnings.size(), 1u);
  EXPECT_NE(j.warnings[0].find("'u3' has one judgment"), std::string::npos);
  j.has_raw = false;
  EXPECT_FALSE(StandardizeDaJudgments(&j).ok());
}

TEST(DaScores, StandardizesPerAnnotatorWithTheSampleSd) {
  // Annotator 0: 50, 70, 90 -> mean 70, SD sqrt(800 / 2) = 20. Annotator 1: 10, 20 -> mean
  // 15, SD sqrt(50).
  const std::vector<double> raw = {50, 10, 70, 20, 90};
  const std::vector<int32_t> who = {0, 1, 0, 1, 0};
  auto z = StandardizePerAnnotator(raw, who, 2);
  ASSERT_TRUE(z.ok()) << z.status().message();
  EXPECT_NEAR((*z)[0], -1.0, 1e-15);
  EXPECT_NEAR((*z)[2], 0.0, 1e-15);
  EXPECT_NEAR((*z)[4], 1.0, 1e-15);
  EXPECT_NEAR((*z)[1], -5.0 / std::sqrt(50.0), 1e-15);
  EXPECT_NEAR((*z)[3], 5.0 / std::sqrt(50.0), 1e-15);
  EXPECT_FALSE(StandardizePerAnnotator(std::vector<double>{1, 1}, std::vector<int32_t>{0, 0}, 1).ok());
  EXPECT_FALSE(StandardizePerAnnotator(std::vector<double>{1}, std::vector<int32_t>{0}, 1).ok());
  EXPECT_FALSE(StandardizePerAnnotator(std::vector<double>{1, 2}, std::vector<int32_t>{0, 3}, 1).ok());
}

TEST(DaScores, SegmentMeansThenSystemMeansWithoutQualityControl) {
  DaJudgments j;
  j.systems = {"A", "B"};
  j.annotators = {"w"};
  j.has_raw = true;
  auto add = [&](int system, int segment, DaItemType type, double z, double raw) {
    DaJudgment r;
    r.system = system;
    r.segment = segment;
    r.type = type;
    r.z = z;
    r.raw = raw;
    j.rows.push_back(r);
  };
  add(0, 1, DaItemType::kSystem, 1.0, 80);
  add(0, 1, DaItemType::kRepeat, 0.0, 70);
  add(0, 2, DaItemType::kSystem, -1.0, 40);
  add(0, 2, DaItemType::kReference, 9.0, 100);    // quality control: left out
  add(1, 1, DaItemType::kBadReference, -9.0, 0);  // quality control: left out
  add(1, 1, DaItemType::kSystem, 0.5, 60);
  auto s = ComputeDaScores(j);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->segments.size(), 3u);
  // A on segment 1: (1 + 0) / 2 = 0.5, raw 75; on segment 2: -1, raw 40.
  EXPECT_DOUBLE_EQ(s->segments[0].z, 0.5);
  EXPECT_DOUBLE_EQ(s->segments[0].raw, 75.0);
  EXPECT_EQ(s->segments[0].judgments, 2);
  // A's system score is the mean of its segment scores, not of its three judgments.
  EXPECT_DOUBLE_EQ(s->system_scores[0].z, -0.25);
  EXPECT_DOUBLE_EQ(s->system_scores[0].raw, 57.5);
  EXPECT_EQ(s->system_scores[0].segments, 2);
  EXPECT_EQ(s->system_scores[0].judgments, 3);
  EXPECT_DOUBLE_EQ(s->system_scores[1].z, 0.5);
  EXPECT_EQ(s->quality_control_items, 2);
  EXPECT_EQ(s->SegmentZ(0), (std::vector<double>{0.5, -1.0}));
}

// The organisers' files, read as text: numbers independent of the code under test.
struct OfficialSegment {
  double raw, z;
  int n;
};

TEST(DaScores, ReproducesTheWmt22CsEnSegmentAndSystemScores) {
  TOURNEY_REQUIRE_SHARED("data/wmt22-toen-da/ad-seg-scores-cs-en.csv");
  const std::string dir = testing::SharedPath("data/wmt22-toen-da/");
  auto j = ReadWmtDaJudgments(dir + "ad-csen-good-stnd.csv.gz");
  ASSERT_TRUE(j.ok()) << j.status().message();
  ASSERT_TRUE(j->has_raw);
  auto s = ComputeDaScores(*j);
  ASSERT_TRUE(s.ok()) << s.status().message();

  std::map<std::pair<std::string, int>, OfficialSegment> official;
  std::istringstream seg_file(testing::ReadFile(dir + "ad-seg-scores-cs-en.csv"));
  std::string line;
  std::getline(seg_file, line);  // SYS SID RAW.SCR Z.SCR N
  while (std::getline(seg_file, line)) {
    std::istringstream fields(line);
    std::string sys;
    int sid = 0;
    OfficialSegment o{};
    if (fields >> sys >> sid >> o.raw >> o.z >> o.n) official[{sys, sid}] = o;
  }
  ASSERT_EQ(official.size(), 16008u);
  ASSERT_EQ(s->segments.size(), official.size());
  int checked = 0;
  for (const DaSegmentScore& seg : s->segments) {
    auto it = official.find({s->systems[seg.system], seg.segment});
    ASSERT_NE(it, official.end()) << s->systems[seg.system] << " " << seg.segment;
    ASSERT_NEAR(seg.z, it->second.z, 1e-6) << it->first.first << " " << seg.segment;
    ASSERT_NEAR(seg.raw, it->second.raw, 1e-6) << it->first.first << " " << seg.segment;
    ASSERT_EQ(seg.judgments, it->second.n);
    ++checked;
  }
  EXPECT_EQ(checked, 16008);

  std::istringstream sys_file(testing::ReadFile(dir + "ad-sys-scores-cs-en.csv"));
  std::getline(sys_file, line);  // RAW.SCR Z.SCR N SYS N.ALL
  int systems = 0;
  while (std::getline(sys_file, line)) {
    std::istringstream fields(line);
    double raw = 0, z = 0;
    int64_t n = 0, n_all = 0;
    std::string sys;
    if (!(fields >> raw >> z >> n >> sys >> n_all)) continue;
    const auto at = std::find(s->systems.begin(), s->systems.end(), sys);
    ASSERT_NE(at, s->systems.end()) << sys;
    const DaSystemScore& mine = s->system_scores[at - s->systems.begin()];
    EXPECT_NEAR(mine.z, z, 1e-6) << sys;
    EXPECT_NEAR(mine.raw, raw, 1e-6) << sys;
    EXPECT_EQ(mine.segments, n) << sys;
    EXPECT_EQ(mine.judgments, n_all) << sys;
    ++systems;
  }
  EXPECT_EQ(systems, 12);
  EXPECT_EQ(s->quality_control_items, 2483 + 2493);
}

}  // namespace
}  // namespace tourney
