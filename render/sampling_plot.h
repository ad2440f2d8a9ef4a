// The sampling study's Figure 4 and the scored-segment estimates as SVG
// (tourney/experiments/sampling_study.h, tourney/sampling/system_estimates.h).
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_SAMPLING_PLOT_H_
#define TOURNEY_RENDER_SAMPLING_PLOT_H_

#include <string>
#include <vector>

#include "tourney/experiments/sampling_study.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {

// Absolute error against sample size, one line per method in `methods` (all when empty)
// with error bars of ± one sd over draws (the paper's Figure 4).
std::string SamplingStudySvg(const SamplingStudyResult& study,
                             const std::vector<std::string>& methods, const std::string& title,
                             bool titles = true);

// The estimates with their intervals as a dot plot (one line per system, best first).
std::string SystemEstimatesSvg(const SystemEstimates& estimates, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_SAMPLING_PLOT_H_
