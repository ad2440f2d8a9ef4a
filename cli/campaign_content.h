// A campaign's texts (CampaignTexts, read by content_input.h) in the create requests: the
// conversion to tourney.v1.CampaignContent, and the systems, segments and rows a pairwise or
// scoring campaign takes from them (docs/content.md).
// Thread safety: reentrant.
#ifndef TOURNEY_CLI_CAMPAIGN_CONTENT_H_
#define TOURNEY_CLI_CAMPAIGN_CONTENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/ingest/campaign_texts.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::cli {

// The pairwise ids of the content's segments, in content order: the keys as numbers when
// every key is a distinct non-negative decimal integer, else 0..N-1.
std::vector<int64_t> PairwiseSegmentIds(const CampaignTexts& texts);

// The content as a proto: segment i keyed `keys[i]`, with the outputs of `systems` (indices
// into texts.systems, in that order) that are present.
// REQUIRES: keys.size() == texts.segments.size().
v1::CampaignContent ContentProto(const CampaignTexts& texts, const std::vector<std::string>& keys,
                                 const std::vector<size_t>& systems);

// Fills a pairwise campaign from the content: its systems (config->systems when already
// given, which must all be in the content; else every system of the content), its segments
// (PairwiseSegmentIds, with their documents) and config->content. InvalidArgument when a
// chosen system lacks an output for a segment (naming both; a pairwise campaign shows every
// system on every segment) or a given system is not in the content.
// REQUIRES: config->segments is empty.
Status ApplyPairwiseContent(const CampaignTexts& texts, v1::CampaignConfig* config);

// Reads the guidelines file at `path` into content->guidelines; IoError when it cannot be
// read, InvalidArgument past 64 KiB (tourneyd's limit for one text).
Status ReadGuidelines(const std::string& path, v1::CampaignContent* content);

// Adds a degraded control system named `name` to a pairwise campaign with content: its
// output of each segment is one of the segment's real outputs with a phrase replaced from
// another segment's (DegradeSegments, drawn from `seed`), as WMT's "BAD references". The
// system joins config->systems and becomes the quality-control system. InvalidArgument
// when `name` is already a system, or the campaign has fewer than two segments of content.
Status AddDegradedControl(const std::string& name, uint64_t seed, v1::CampaignConfig* config);

// Sets config->content to the whole content keyed by the segment keys; with `add_rows`, also
// adds one ScoringRow per output present (system, document, segment key), systems in
// content order, each system's segments in content order.
void ApplyScoringContent(const CampaignTexts& texts, bool add_rows,
                         v1::ScoringCampaignConfig* config);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_CAMPAIGN_CONTENT_H_
