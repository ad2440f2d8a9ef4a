// ESA scores (see tourney/protocols/esa_scores.h).
#include "tourney/protocols/esa_scores.h"

namespace tourney {

StatusOr<DaScores> ComputeEsaScores(const DaJudgments& judgments) {
  if (!judgments.has_raw) {
    return InvalidArgument("ESA scores need the raw 0-100 scores; the judgments carry none");
  }
  auto scores = ComputeDaScores(judgments);
  if (!scores.ok()) return scores.status();
  for (DaSegmentScore& s : scores->segments) s.z = s.raw;
  for (DaSystemScore& s : scores->system_scores) s.z = s.raw;
  return scores;
}

}  // namespace tourney
