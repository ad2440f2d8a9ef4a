// Rendering a stability study (tourney/statistics/stability.h) for `tourney stability`:
// a table per fraction, JSON (every repeat included), CSV (one row per fraction), LaTeX,
// Markdown; its two line plots are in render/stability_plot.h.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_STABILITY_FORMAT_H_
#define TOURNEY_RENDER_STABILITY_FORMAT_H_

#include <string>

#include "render/leaderboard_format.h"
#include "render/stability_plot.h"
#include "tourney/statistics/stability.h"

namespace tourney {

// The study in `format` (kWmt is treated as kTable); `input` names the data.
std::string FormatStability(const StabilityResult& result, const std::string& input,
                            OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_STABILITY_FORMAT_H_
