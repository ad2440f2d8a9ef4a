// ScoredSegments: segment-level human scores (MQM, direct assessment) and automatic-metric
// scores of several systems on one test set, as a campaign that annotates only part of the
// test set holds them (Saldías et al. 2022, §2).
//
// Segments are shared by the systems (the same source sentence); each belongs to one
// document. A system's row for a segment carries that system's metric scores and, when the
// segment was annotated, its human score. The reader is tourney/ingest/scored_segment_reader.h;
// the sampling designs and estimators are in tourney/sampling/.
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_SCORED_SEGMENTS_H_
#define TOURNEY_CORE_SCORED_SEGMENTS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tourney {

// The largest magnitude a human score may have when no score range is declared (readers and
// scoring campaigns refuse larger ones): MQM error points, direct-assessment 0-100 and
// z-scores are far inside it, and sums of squares of up to 10^7 such scores stay exact
// enough in doubles for the variance estimates (a score of 1e308 overflowed them).
inline constexpr double kMaxPlausibleScore = 1e6;

// One system's rows, in input order.
struct SystemSegments {
  std::string name;
  std::vector<int> segment;        // index into ScoredSegments::segment_ids, one per row
  std::vector<double> human;       // the human score; 0 where not annotated
  std::vector<uint8_t> annotated;  // 1 where `human` holds a score
  // Metric scores, row-major: metrics[row * num_metrics + m] for the table's metric m.
  std::vector<double> metrics;
  // The metrics this system uses (indices into ScoredSegments::metric_names): the table's
  // metrics minus those constant over this system's rows.
  std::vector<int> active_metrics;

  int size() const { return static_cast<int>(segment.size()); }
  int64_t num_annotated() const {
    int64_t k = 0;
    for (uint8_t a : annotated) k += a;
    return k;
  }
};

struct ScoredSegments {
  std::vector<std::string> metric_names;
  std::vector<std::string> segment_ids;   // distinct segment keys, in order of first appearance
  std::vector<int> segment_document;      // per segment: index into document_ids
  std::vector<std::string> document_ids;  // in order of first appearance
  std::vector<SystemSegments> systems;    // in order of first appearance
  std::vector<std::string> warnings;      // dropped constant metrics, ...
  // The sampling design that chose the segments to annotate, when the table records it (as
  // `tourney sample --format tsv` writes it): per segment, the probability that the design
  // included it (an `inclusion` column), and whether it did (a `sampled` column, 1 or 0).
  // Empty when the table has no such column.
  std::vector<double> segment_inclusion;
  std::vector<uint8_t> segment_sampled;
  // Per segment, its 0-based position in the order the design serves the segments (an
  // `order` column), or empty: a prefix of that order is the design's sample at that size,
  // and the confidence sequences read the scores in it.
  std::vector<int> segment_order;
  // Lines before the header that begin with '#', without the '#' and leading blanks (the
  // design `tourney sample` records: "design=docs-prop n=71 test_set=1418 seed=7 ...").
  std::vector<std::string> notes;

  int num_metrics() const { return static_cast<int>(metric_names.size()); }
};

}  // namespace tourney

#endif  // TOURNEY_CORE_SCORED_SEGMENTS_H_
