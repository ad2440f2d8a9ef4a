// Rendering a comparison of two rankings (tourney/statistics/ranking_comparison.h) for
// `tourney compare`: an aligned table, JSON (keys kendall_tau_b, spearman_rho, pearson_r,
// pearson_rank, rbo; null when undefined), CSV (measure,value rows), LaTeX and Markdown.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_RANKING_COMPARISON_FORMAT_H_
#define TOURNEY_RENDER_RANKING_COMPARISON_FORMAT_H_

#include <string>

#include "render/leaderboard_format.h"
#include "tourney/statistics/ranking_comparison.h"

namespace tourney {

// What the two rankings are (file names) and how many systems each holds.
struct ComparedRankings {
  std::string a;
  std::string b;
  size_t systems_a = 0;
  size_t systems_b = 0;
};

// The comparison in `format` (kWmt is treated as kTable).
std::string FormatRankingComparison(const RankingComparison& comparison,
                                    const ComparedRankings& inputs, OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_RANKING_COMPARISON_FORMAT_H_
