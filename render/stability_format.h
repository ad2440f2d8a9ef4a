// Rendering a stability study (tourney/statistics/stability.h) for `tourney stability`:
// a table per fraction, JSON (every repeat included), CSV (one row per fraction), LaTeX,
// Markdown, and two line plots against the fraction.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_STABILITY_FORMAT_H_
#define TOURNEY_RENDER_STABILITY_FORMAT_H_

#include <string>

#include "render/leaderboard_format.h"
#include "tourney/statistics/stability.h"

namespace tourney {

// The study in `format` (kWmt is treated as kTable); `input` names the data.
std::string FormatStability(const StabilityResult& result, const std::string& input,
                            OutputFormat format);

// Correlations with the full ranking (tau-b, rho, Pearson Rank; mean +- sd), the share of
// reference separations flipped and lost, and the share of repeats that reproduce the
// clusters, against the fraction of the campaign.
std::string StabilityCorrelationSvg(const StabilityResult& result, const std::string& title);

// The number of clusters (mean +- sd) against the fraction, with the reference's as a line.
std::string StabilityClustersSvg(const StabilityResult& result, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_STABILITY_FORMAT_H_
