// Rendering the sampling study (tourney/experiments/sampling_study.h) and scored-segment
// estimates (tourney/sampling/system_estimates.h): aligned tables, JSON, CSV, LaTeX
// (booktabs) and Markdown; their plots are in render/sampling_plot.h.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_SAMPLING_FORMAT_H_
#define TOURNEY_RENDER_SAMPLING_FORMAT_H_

#include <string>
#include <vector>

#include "render/leaderboard_format.h"
#include "render/sampling_plot.h"
#include "tourney/experiments/sampling_study.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {

// The study in `format` (kWmt is not offered). Table, CSV, LaTeX and Markdown give three
// tables: the methods aggregated over sizes (the paper's Tables 1–4: abs error, sdev,
// win %), the absolute error per size (Figure 4's numbers) and the bounds per size
// (Table 5: cal, slack, t, width). JSON: {"methods": [{"name", "abs_error", "sdev",
// "win_pct", "bias", "per_size": [...]}], "bounds": [{"name", "method", "size_pct",
// "coverage", "slack", "t", "width"}], ...}; the baseline's win_pct is null.
std::string FormatSamplingStudy(const SamplingStudyResult& study, OutputFormat format,
                                const std::string& title);

// Per-system estimates with intervals, rank and cluster, then the paired differences
// (table, CSV, LaTeX, Markdown; warnings after them), or one JSON object {"leaderboard":
// the tourney.v1.Leaderboard JSON of the clustered board, "systems": [...], "pairs": [...]}.
std::string FormatSystemEstimates(const SystemEstimates& estimates, OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_SAMPLING_FORMAT_H_
