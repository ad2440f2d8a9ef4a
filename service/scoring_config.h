// Internal to tourneyd: the engine configuration of a scoring campaign from its
// tourney.v1.ScoringCampaignConfig (scoring_rpcs.cc). The rows become a scored-segment table
// through the engine's reader (tourney/ingest/scored_segment_reader.h), so a table passed
// over gRPC is checked exactly as `tourney estimate` checks a file.
// Thread safety: reentrant.
#ifndef TOURNEY_SERVICE_SCORING_CONFIG_H_
#define TOURNEY_SERVICE_SCORING_CONFIG_H_

#include "tourney/core/status.h"
#include "tourney/campaigns/contrastive_campaign.h"
#include "tourney/campaigns/scoring_campaign.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::service {

// The engine configuration `proto` describes, with the documented defaults filled in.
// InvalidArgument naming the field (or the row, as config.rows[i]) for: an empty or
// over-long name, a name with control characters, a row whose number of metric values
// differs from metric_names, a value that is not finite, reserved or repeated metric names,
// a (system, segment) pair given twice, a segment under two documents, a tolerance <= 0,
// a lease over 86400 s, bootstrap_replicates outside 10..max_bootstrap_replicates, and
// everything ValidateScoringCampaignConfig refuses.
StatusOr<ScoringCampaignConfig> ScoringConfigFromProto(const v1::ScoringCampaignConfig& proto,
                                                       int max_bootstrap_replicates);

// A contrastive campaign's engine configuration (proto.screen_size >= 2), from `proto` and
// the scoring configuration ScoringConfigFromProto made of it (its table, lease, seed).
// InvalidArgument naming the field: a screen_size above the systems, a field that does not
// apply (tolerance, bound, design, estimator, normalization, lower_is_better, metrics,
// human scores in the rows), the mqm protocol, an unknown assignment, an attention_rate
// outside [0, 0.5]. Scores lie in [score_min, score_max], default 0-100.
StatusOr<ContrastiveCampaignConfig> ContrastiveConfigFromProto(
    const v1::ScoringCampaignConfig& proto, const ScoringCampaignConfig& scoring);

// Names of systems, documents, segments, metrics and campaigns: 1..128 bytes, no ASCII
// control characters.
bool ValidScoringName(const std::string& name);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_SCORING_CONFIG_H_
