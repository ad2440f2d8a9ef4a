// ESA scores: Error Span Annotation (Kocmi, Zouhar et al. 2024, "Error Span Annotation: A
// Balanced Approach for Human Evaluation of Machine Translation", WMT; the WMT24 findings,
// Kocmi et al. 2024, section 3) asks for the error spans first and then a 0-100 score of the
// segment. The official WMT24 ranking uses the scores as given (no z-normalisation).
//
// DESCRIPTION
//   WMT24's rule (the organisers' humeval/tools.py load_data and calculate_clusters.py):
//   TGT items only; the canary and filler documents ('#incomplete', '#dup') out, and of a
//   resubmitted item the annotator's latest submission alone (both done by the reader,
//   ingest/appraise_scores_reader.h, which counts them); segment score of (system, segment)
//   = the mean raw ESA score over its annotators; BAD and REF items are quality control and
//   left out (counted in DaScores::quality_control_items). System score = the mean of its
//   segment scores (the organisers' micro average: their published table macro-averages
//   over domains, which an Appraise export does not name). This is ComputeDaScores (tourney/protocols/da_scores.h) on the raw scale: the
//   result's `z` fields hold the raw ESA scores as well, so that the rank-sum clusters
//   (wmt_da_clusters.h) and the paired Holm test (holm_separations.h) run on ESA points.
//   Clusters: the WMT20-22 rule (one-sided Wilcoxon rank-sum tests of segment scores at
//   p < 0.05, a boundary where every system above beats every system below) on the ESA
//   segment scores. This is not WMT24's own clustering (domain macro-average, per-domain
//   signed-rank tests): that rule is tourney/protocols/wmt24_esa_rule.h.
//   O(judgments + segments log segments).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_ESA_SCORES_H_
#define TOURNEY_PROTOCOLS_ESA_SCORES_H_

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"
#include "tourney/protocols/da_scores.h"

namespace tourney {

// The ESA scores of `judgments` (see DESCRIPTION). InvalidArgument when the judgments carry
// no raw scores (has_raw false) or hold no system item.
StatusOr<DaScores> ComputeEsaScores(const DaJudgments& judgments);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_ESA_SCORES_H_
