// Rank plot: each system's bootstrap rank distribution as a box plot (Sakaguchi, Post &
// Van Durme 2014, Figures 9 and 10).
//
// Systems run left to right in leaderboard (score) order; the vertical axis is the rank, 1
// at the top. Box = lower to upper quartile of the system's bootstrap ranks, bar = median,
// diamond = mean; whiskers span either the full range of ranks (as in the paper's figures)
// or the confidence rank range, and the legend says which. Dashed vertical lines separate
// clusters, and alternate clusters are shaded. Names are drawn at 45 degrees with column
// widths that keep neighbouring labels apart; hovering a box shows the full system name,
// score and range. The output is a self-contained SVG (svg_plot.h).
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_RANK_PLOT_H_
#define TOURNEY_RENDER_RANK_PLOT_H_

#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/clustering.h"

namespace tourney {

// One box of the plot.
struct RankPlotSystem {
  std::string label;       // name under the box (a short name)
  std::string full_name;   // shown on hover
  double score = 0.0;      // shown on hover
  std::vector<int> ranks;  // the system's rank in each bootstrap replicate
  RankRange range;         // confidence rank range
  int cluster = 0;         // 1 = top; 0 = unclustered
};

enum class RankWhiskers {
  kFullRange,   // min to max rank over all replicates (paper Figure 9; crosses cluster lines)
  kConfidence,  // the confidence rank range (RankRange; default: agrees with the clusters)
};

struct RankPlotOptions {
  std::string title = "Bootstrap rank distributions";
  std::string subtitle;  // e.g. model and data; empty = none
  RankWhiskers whiskers = RankWhiskers::kConfidence;
  double confidence = 0.95;  // named in the legend for kConfidence
  int max_label_chars = 32;  // longer labels are cut with an ellipsis
  // The explanatory caption under the plot (kept in the SVG <desc> either way); off for a
  // paper that writes its own.
  bool caption = true;
};

// Box statistics of one system's ranks (type-7 quantiles, as R and NumPy default).
struct RankBoxStats {
  double q1 = 0.0;
  double median = 0.0;
  double q3 = 0.0;
  double mean = 0.0;
  int min = 0;
  int max = 0;
};

// Quartiles, median, mean and extremes of `ranks`; all zero when empty.
RankBoxStats ComputeRankBoxStats(const std::vector<int>& ranks);

// The SVG document. `systems` are drawn in the given order (best first).
std::string RankBoxPlotSvg(const std::vector<RankPlotSystem>& systems,
                           const RankPlotOptions& options);

// The boxes of a clustered leaderboard: entries in board order, labels from
// ShortSystemNames, ranks from the bootstrap samples.
// REQUIRES: board = BuildClusteredLeaderboard(judgments, result).
std::vector<RankPlotSystem> RankPlotSystems(const Leaderboard& board,
                                            const Judgments& judgments,
                                            const BootstrapResult& result);

// The options `tourney cluster --plot` draws with: the title names the model, the subtitle
// the comparisons, replicates (or reruns), resampling unit and seed; the result's
// confidence. With `titles` false, no title, subtitle or caption.
RankPlotOptions ClusterRankPlotOptions(const Judgments& judgments, const BootstrapResult& result,
                                       RankWhiskers whiskers, bool titles);

}  // namespace tourney

#endif  // TOURNEY_RENDER_RANK_PLOT_H_
