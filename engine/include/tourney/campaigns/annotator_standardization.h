// Per-annotator standardisation of a scoring campaign's scores (WMT DA: Graham et al. 2017,
// NLE 23(1); WMT20-22 findings): each score becomes z = (x − mean_a) / sd_a with its
// annotator's mean and sample SD (n − 1) over all of the annotator's scores in the campaign
// (as protocols/da_scores.h standardises DA judgments), so that a lenient and a strict
// annotator weigh alike. Estimates and the board are then in z units.
//
// Scores that came with the campaign's table have no annotator; they are standardised
// together, as one annotator. An annotator with fewer than 2 scores, or who gave every item
// the same score (SD 0), has no z yet: their scores are left out of the estimate (the item
// counts as unscored there) until they score more, and a warning counts them.
//
// The standardised scores depend on every score the annotator gives, later ones included,
// so they are not a fixed function of each item: the confidence sequences (cv-cs,
// betting-cs) and the range bounds (hoeffding, bernstein), whose validity needs scores in a
// range declared in advance, are refused with it. The fixed-sample bounds (clt, clt-t,
// bootstrap-t) stand as for any estimate at a size fixed in advance.
// Thread safety: reentrant.
#ifndef TOURNEY_CAMPAIGNS_ANNOTATOR_STANDARDIZATION_H_
#define TOURNEY_CAMPAIGNS_ANNOTATOR_STANDARDIZATION_H_

#include <span>
#include <string>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/campaigns/scoring_campaign.h"

namespace tourney {

// OK when `bound` may be used with per-annotator standardisation (clt, clt-t, bootstrap-t);
// InvalidArgument saying why not otherwise.
Status CheckStandardizedBound(BoundKind bound);

// Replaces the scores in `snapshot` (ScoringCampaign::Snapshot of `campaign`, which must be
// taken with `scores` = campaign.scores() and `annotators` its scores' annotators, in the
// same order) by their per-annotator z-scores, leaving out the scores of annotators without
// a z (see above) and counting them in `warnings`. InvalidArgument when the lengths differ
// or the snapshot is not of this campaign.
Status StandardizeSnapshot(const ScoringCampaign& campaign, std::span<const ItemScore> scores,
                           std::span<const std::string> annotators, ScoringSnapshot* snapshot,
                           std::vector<std::string>* warnings);

}  // namespace tourney

#endif  // TOURNEY_CAMPAIGNS_ANNOTATOR_STANDARDIZATION_H_
