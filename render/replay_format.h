// Rendering a campaign replay (tourney/experiments/campaign_replay.h): the policies'
// figures as an aligned table, JSON, CSV or Markdown, and the separations against the
// items used as a line plot.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_REPLAY_FORMAT_H_
#define TOURNEY_RENDER_REPLAY_FORMAT_H_

#include <string>

#include "render/leaderboard_format.h"
#include "tourney/experiments/campaign_replay.h"

namespace tourney {

// JSON: {"goal", "replays", "seed", "items", "score_min", "score_max", "epsilon",
// "full_separations", "systems": [{"system", "full_score"}], "policies": [{"name",
// "items_pct", "items_pct_sd", "items_pct_min", "items_pct_max", "coverage_pct",
// "wrong_pct", "separations", "separations_sd", "reached_pct", "fixed_separations",
// "fixed_wrong_pct", "system_coverage_pct": [...], "system_scored_pct": [...],
// "separations_curve": [{"items_pct", "separations"}]}]}. Table, CSV and Markdown: one row
// per policy. LaTeX and wmt are refused by the caller (InvalidArgument from
// ReplayFormatSupported).
std::string FormatCampaignReplay(const CampaignReplayResult& result, OutputFormat format);
Status ReplayFormatSupported(OutputFormat format);

// "tolerance=0.25", "settled (ε = 0.25)", "top-1 (ε = 0.25)".
std::string ReplayGoalText(const CampaignReplayResult& result);

// Mean separated boundaries against % of the items used, one line per policy (SVG).
std::string ReplayPlotSvg(const CampaignReplayResult& result, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_REPLAY_FORMAT_H_
