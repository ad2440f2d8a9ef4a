// The WMT DA quality-control filter: an annotator passes when the degraded copies (BAD items)
// of translations they scored get significantly lower scores than the originals (Graham et
// al. 2013, "Continuous Measurement Scales in Human Evaluation of Machine Translation", LAW;
// Graham et al. 2017, NLE 23(1), section 3.1; the WMT17-22 findings' "quality control":
// workers whose original-vs-degraded test gives p < 0.05 are kept).
//
// DESCRIPTION
//   A BAD judgment's original is the same annotator's first SYSTEM judgment of the same
//   system and segment (tourney/core/da_judgments.h; the Appraise reader puts a BAD copy on
//   its original's segment). For each annotator: x = the raw scores of the originals that
//   have a BAD copy, y = the raw scores of those copies (every copy), and the one-sided
//   Wilcoxon rank-sum test of x > y (tourney/protocols/rank_sum_test.h, R's defaults). The
//   annotator passes when p < alpha (0.05). An annotator without such a pair is untested
//   and kept (there is nothing to test); a BAD item without an original is counted apart.
//   Raw scores are used (the test is rank-based, so per-annotator z gives the same p).
//   O(judgments log judgments).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_DA_QUALITY_CONTROL_H_
#define TOURNEY_PROTOCOLS_DA_QUALITY_CONTROL_H_

#include <cstdint>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"

namespace tourney {

struct DaQualityControlOptions {
  double alpha = 0.05;  // an annotator passes when p < alpha
};

// One annotator's test.
struct DaAnnotatorCheck {
  int32_t annotator = 0;  // index into DaJudgments::annotators
  int64_t originals = 0;  // |x|
  int64_t bad_items = 0;  // |y|
  double p_value = 1.0;   // one-sided rank-sum p (1 when untested)
  bool tested = false;
  bool passed = false;  // tested and p < alpha
};

struct DaQualityControl {
  std::vector<DaAnnotatorCheck> annotators;  // per annotator id
  int passed = 0;
  int failed = 0;
  int untested = 0;
  int64_t orphan_bad_items = 0;      // BAD items whose original is missing
  int64_t removed_judgments = 0;     // judgments of failed annotators
  int64_t removed_system_items = 0;  // of those, SYSTEM and REPEAT judgments
};

// The tests of every annotator of `judgments` (which must carry raw scores). InvalidArgument
// when has_raw is false or alpha is outside (0, 1).
StatusOr<DaQualityControl> CheckDaQuality(const DaJudgments& judgments,
                                          const DaQualityControlOptions& options = {});

// `judgments` without the judgments of the annotators that failed (names, ids and z-scores
// kept as they were; type counts recomputed).
DaJudgments KeepPassingAnnotators(const DaJudgments& judgments, const DaQualityControl& qc);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_DA_QUALITY_CONTROL_H_
