// SampleSegments: the segments `tourney sample` (and tourney.sample) chooses, their inclusion
// probabilities and serving order, and the design line a table records.
#include "tourney/sampling/segment_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/sampling/sample_order.h"

namespace tourney {
namespace {

// Systems A and B on segments 0..9 of documents d0 (0-3), d1 (4-9); B lacks segment 9.
ScoredSegments TwoSystems() {
  std::string text = "system\tdoc\tseg\tmqm\tm\n";
  for (const char* system : {"A", "B"}) {
    for (int i = 0; i < 10; ++i) {
      if (std::string(system) == "B" && i == 9) continue;
      text += std::string(system) + "\td" + (i < 4 ? "0" : "1") + "\t" + std::to_string(i) +
              "\t\t0." + std::to_string(i) + "5\n";
    }
  }
  auto table = ParseScoredSegments(text, "two", {});
  EXPECT_TRUE(table.ok()) << table.status().message();
  return *table;
}

TEST(SegmentSample, RandomTakesTheFirstNOfTheServingOrderWithProbabilityNOverN) {
  const ScoredSegments table = TwoSystems();
  SegmentSampleOptions o;
  o.design = Design::kRandom;
  o.n = 3;
  o.seed = 11;
  auto sample = SampleSegments(table, o);
  ASSERT_TRUE(sample.ok()) << sample.status().message();
  EXPECT_EQ(sample->test_set, 10);
  ASSERT_EQ(sample->segments.size(), 3u);
  EXPECT_TRUE(std::is_sorted(sample->segments.begin(), sample->segments.end()));
  // The drawn segments are the first three the campaign with this seed serves.
  const std::vector<int> order = DrawOrder(table, Design::kRandom, 11);
  std::vector<int> first(order.begin(), order.begin() + 3);
  std::sort(first.begin(), first.end());
  EXPECT_EQ(sample->segments, first);
  for (int g = 0; g < 10; ++g) {
    EXPECT_DOUBLE_EQ(sample->inclusion[g], 0.3);  // n/N = 3/10
    EXPECT_EQ(sample->order[g], std::find(order.begin(), order.end(), g) - order.begin());
    EXPECT_EQ(sample->sampled[g],
              std::count(first.begin(), first.end(), g) == 1 ? 1 : 0);
  }
}

TEST(SegmentSample, PctRoundsToTheNearestSegmentAndSystemsLackingSegmentsWarn) {
  const ScoredSegments table = TwoSystems();
  SegmentSampleOptions o;
  o.design = Design::kDocsProp;
  o.pct = 25;            // 2.5 of 10 segments: 3
  o.design_system = 1;  // B: 9 segments, so 2.25: 2
  auto sample = SampleSegments(table, o);
  ASSERT_TRUE(sample.ok()) << sample.status().message();
  EXPECT_EQ(sample->n, 2);
  EXPECT_EQ(sample->test_set, 9);
  EXPECT_EQ(sample->inclusion[9], 0.0);  // B lacks segment 9: never drawn
  ASSERT_EQ(sample->warnings.size(), 1u);
  EXPECT_NE(sample->warnings[0].find("system 'A' has 1 segments"), std::string::npos);
  o.design_system = 0;
  EXPECT_EQ(SampleSegments(table, o)->n, 3);
}

TEST(SegmentSample, RefusesIncrementalDesignsAndSizesOutsideTheTestSet) {
  const ScoredSegments table = TwoSystems();
  SegmentSampleOptions o;
  o.n = 11;
  EXPECT_EQ(SampleSegments(table, o).status().message(), "n: 1..10");
  o.n = 0;
  o.pct = 0;
  EXPECT_FALSE(SampleSegments(table, o).ok());
  o.n = 2;
  o.design = Design::kDocsIncrHuman;
  EXPECT_FALSE(SampleSegments(table, o).ok());
}

TEST(SegmentSample, MetricDesignsDrawWithoutAServingOrder) {
  const ScoredSegments table = TwoSystems();
  SegmentSampleOptions o;
  o.design = Design::kMetricsProp;
  o.n = 4;
  auto sample = SampleSegments(table, o);
  ASSERT_TRUE(sample.ok()) << sample.status().message();
  EXPECT_TRUE(sample->order.empty());
  EXPECT_EQ(sample->segments.size(), 4u);
  double total = 0.0;
  for (double pi : sample->inclusion) total += pi;
  EXPECT_NEAR(total, 4.0, 1e-12);  // inclusion probabilities sum to n
}

TEST(SegmentSample, TheRecordedDesignLineReadsBack) {
  ScoredSegments table = TwoSystems();
  SegmentSampleOptions o;
  o.n = 2;
  o.seed = 7;
  o.design_system = 1;
  auto sample = SampleSegments(table, o);
  ASSERT_TRUE(sample.ok());
  const std::string note = RecordedDesignNote(table, *sample);
  EXPECT_EQ(note, "# tourney sample: design=docs-prop n=2 test_set=9 seed=7 system=B");
  table.notes = {note.substr(2)};
  const RecordedDesign recorded = ReadRecordedDesign(table);
  EXPECT_EQ(recorded.design, "docs-prop");
  EXPECT_EQ(recorded.system, "B");
}

}  // namespace
}  // namespace tourney
