// Direct-assessment scores: per-annotator z-normalisation, and segment and system scores,
// raw and z, as the WMT organisers compute them (WMT17-22; Graham et al. 2017, "Can machine
// translation systems be evaluated by the crowd alone?", NLE 23(1), section 4; Kocmi et al.
// 2022, WMT22 findings, section 3.3).
//
// DESCRIPTION
//   z-normalisation: a judgment's z = (raw - mean_a) / sd_a, with mean_a and sd_a (sample SD,
//   n - 1) over every judgment of its annotator a, quality-control items included.
//   Segment score of (system, segment): the mean over its SYSTEM and REPEAT judgments (REF and
//   BAD_REF items are quality control and left out), raw and z; N = those judgments.
//   System score: the mean of the system's segment scores (not of its judgments), raw and z;
//   N = its segments, N.ALL = its judgments.
//   These reproduce the organisers' `ad-seg-scores-*.csv` and `ad-sys-scores-*.csv`.
//   O(judgments + segments log segments).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_DA_SCORES_H_
#define TOURNEY_PROTOCOLS_DA_SCORES_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// The z-scores of `raw`, judgment i by annotator annotator[i] (ids 0..num_annotators-1).
// InvalidArgument when the spans differ in length, an id is out of range, an annotator has
// fewer than two judgments or scores every item alike (SD 0: z undefined), naming the
// annotator id.
StatusOr<std::vector<double>> StandardizePerAnnotator(std::span<const double> raw,
                                                      std::span<const int32_t> annotator,
                                                      int num_annotators);

// Sets the z of every judgment of *judgments from its raw score (StandardizePerAnnotator over
// all of the annotator's judgments, quality-control items included), for inputs that hold
// raw scores only (Appraise exports). An annotator whose z is undefined (one judgment, or one
// score for everything) keeps z = 0 and is named in a warning. InvalidArgument when the
// judgments carry no raw scores.
Status StandardizeDaJudgments(DaJudgments* judgments);

// One (system, segment) pair.
struct DaSegmentScore {
  int32_t system = 0;   // index into DaJudgments::systems
  int32_t segment = 0;  // the segment number as read (`sid`)
  double raw = 0.0;     // mean raw score; 0 when the judgments carry none
  double z = 0.0;       // mean z-score
  int judgments = 0;    // SYSTEM and REPEAT judgments of the pair (N)
};

// One system.
struct DaSystemScore {
  double raw = 0.0;        // mean of the segment raw scores; 0 without raw scores
  double z = 0.0;          // mean of the segment z-scores
  int64_t segments = 0;    // N
  int64_t judgments = 0;   // N.ALL
};

struct DaScores {
  std::vector<std::string> systems;
  bool has_raw = false;
  // Sorted by system id, then segment.
  std::vector<DaSegmentScore> segments;
  // Per system id: the first index of its run in `segments` (size num_systems + 1).
  std::vector<int64_t> system_begin;
  std::vector<DaSystemScore> system_scores;  // per system id
  int64_t quality_control_items = 0;         // REF and BAD_REF judgments left out
  // Systems that appear only in quality-control items (segments 0, scores 0), ...
  std::vector<std::string> warnings;

  int num_systems() const { return static_cast<int>(systems.size()); }
  // The z-scores of system s's segments, in segment order.
  std::vector<double> SegmentZ(int s) const;
};

// The segment and system scores of `judgments` (see DESCRIPTION). A system without SYSTEM or
// REPEAT judgments keeps 0 segments and a warning; the protocols leave it out.
StatusOr<DaScores> ComputeDaScores(const DaJudgments& judgments);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_DA_SCORES_H_
