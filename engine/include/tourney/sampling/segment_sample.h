// Which segments of a test set to annotate: the sample of `tourney sample` (and of
// tourney.sample in Python), with the design recorded as `tourney estimate` reads it back.
//
// DESCRIPTION
//   The population is the design system's segments (population.h: the metric designs bin
//   and allocate by that system's metrics). random and docs-prop take the first n segments
//   of the order a scoring campaign with the same seed serves (sample_order.h, DrawOrder),
//   so that a confidence sequence can read the scores in that order later; the other fixed
//   designs (docs-opt, metrics-prop, metrics-opt) draw n segments at once (design.h,
//   DrawSample) from Rng(seed). Every segment's inclusion probability is the design's for
//   n (design.h, InclusionProbabilities); a segment the design system lacks has 0 and is
//   never drawn. Every system gets the same segments, so paired differences use them all.
//   O(N log N) for N segments.
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_SEGMENT_SAMPLE_H_
#define TOURNEY_SAMPLING_SEGMENT_SAMPLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/population.h"

namespace tourney {

struct SegmentSampleOptions {
  Design design = Design::kDocsProp;  // a fixed design (the incremental ones are refused)
  int n = 0;                          // segments to annotate; 0: from `pct`
  double pct = 0.0;                   // when n is 0: this % of the test set (0, 100], rounded
  uint64_t seed = 1;
  int design_system = 0;  // index into table.systems: whose metrics the metric designs read
  PopulationOptions population;
};

struct SegmentSample {
  Design design = Design::kDocsProp;
  int n = 0;         // segments drawn
  int test_set = 0;  // the design system's segments (the population's size)
  uint64_t seed = 1;
  int design_system = 0;
  // Indices into table.segment_ids of the drawn segments, in increasing order.
  std::vector<int> segments;
  // Per table segment: the design's inclusion probability for n (0 for a segment the design
  // system lacks), and 1 when drawn.
  std::vector<double> inclusion;
  std::vector<uint8_t> sampled;
  // Per table segment: its 0-based position in the serving order (random and docs-prop);
  // empty for the designs that are not served in order.
  std::vector<int> order;
  // Systems with segments the design system lacks (never drawn, left out of their estimate).
  std::vector<std::string> warnings;
};

// InvalidArgument for an incremental design, a design system out of range, n outside
// 1..test set, or (n = 0) pct outside (0, 100].
StatusOr<SegmentSample> SampleSegments(const ScoredSegments& table,
                                       const SegmentSampleOptions& options);

// The design a table records in its notes, as `tourney sample --format tsv` writes them
// ("tourney sample: design=docs-prop n=71 test_set=1418 seed=7 system=Human-B.0"): the
// design and system names, empty when the table records none.
struct RecordedDesign {
  std::string design;
  std::string system;
};
RecordedDesign ReadRecordedDesign(const ScoredSegments& table);

// The first line of a table that records `sample` (without the line break), which
// ReadRecordedDesign reads back.
std::string RecordedDesignNote(const ScoredSegments& table, const SegmentSample& sample);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_SEGMENT_SAMPLE_H_
