// A stability study (tourney/statistics/stability.h) as two line plots against the
// fraction of the campaign, as `tourney stability --plot` and `--plot-clusters` draw them.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_STABILITY_PLOT_H_
#define TOURNEY_RENDER_STABILITY_PLOT_H_

#include <string>

#include "tourney/statistics/stability.h"

namespace tourney {

// Correlations with the full ranking (tau-b, rho, Pearson Rank; mean +- sd), the share of
// reference separations flipped and lost, and the share of repeats that reproduce the
// clusters, against the fraction of the campaign.
std::string StabilityCorrelationSvg(const StabilityResult& result, const std::string& title);

// The number of clusters (mean +- sd) against the fraction, with the reference's as a line.
std::string StabilityClustersSvg(const StabilityResult& result, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_STABILITY_PLOT_H_
