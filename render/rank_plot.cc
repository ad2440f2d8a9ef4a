#include "render/rank_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "render/system_names.h"
#include "render/svg_plot.h"
#include "render/text_format.h"

namespace tourney {
namespace {

using plot_colours::kGrid;
using plot_colours::kInk;
using plot_colours::kMuted;
using plot_colours::kPalette;

constexpr double kLabelFont = 12.0;
using plot_type::kSin45;
using plot_type::kSmallFont;
using plot_type::kTitleFont;


// Type-7 quantile of sorted values.
double Quantile(const std::vector<int>& sorted, double q) {
  const double h = (static_cast<double>(sorted.size()) - 1.0) * q;
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}


std::string ColourOf(int cluster) {
  const int k = std::max(cluster, 1) - 1;
  return kPalette[k % static_cast<int>(std::size(kPalette))];
}

// Small legend glyphs, each drawn in a 16 x 16 cell with its top-left at (x, y).
enum class Glyph { kBox, kMedian, kMean, kWhisker, kBoundary };

void DrawGlyph(SvgDocument& svg, Glyph glyph, double x, double y) {
  const SvgStyle ink = SvgStyle::Stroke(kInk, 1.2);
  switch (glyph) {
    case Glyph::kBox:
      svg.Rect(x + 3, y + 2, 10, 12, SvgStyle::Stroke(kInk).WithFill(kPalette[0], 0.45));
      break;
    case Glyph::kMedian:
      svg.Line(x + 1, y + 8, x + 15, y + 8, SvgStyle::Stroke(kInk, 2.2));
      break;
    case Glyph::kMean:
      svg.Polygon({{x + 8, y + 3.5}, {x + 12.5, y + 8}, {x + 8, y + 12.5}, {x + 3.5, y + 8}},
                  SvgStyle::Stroke(kInk, 1.2).WithFill("#ffffff"));
      break;
    case Glyph::kWhisker:
      svg.Line(x + 8, y + 1, x + 8, y + 15, ink);
      svg.Line(x + 4, y + 1, x + 12, y + 1, ink);
      svg.Line(x + 4, y + 15, x + 12, y + 15, ink);
      break;
    case Glyph::kBoundary:
      svg.Line(x + 8, y, x + 8, y + 16, SvgStyle::Stroke("#4b5563", 1.4).WithDash("4 3"));
      break;
  }
}

}  // namespace

RankBoxStats ComputeRankBoxStats(const std::vector<int>& ranks) {
  RankBoxStats s;
  if (ranks.empty()) return s;
  std::vector<int> sorted = ranks;
  std::sort(sorted.begin(), sorted.end());
  s.q1 = Quantile(sorted, 0.25);
  s.median = Quantile(sorted, 0.5);
  s.q3 = Quantile(sorted, 0.75);
  s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
  s.min = sorted.front();
  s.max = sorted.back();
  return s;
}

std::string RankBoxPlotSvg(const std::vector<RankPlotSystem>& systems,
                           const RankPlotOptions& options) {
  const int n = static_cast<int>(systems.size());
  int max_rank = std::max(n, 1);
  size_t replicates = 0;
  std::vector<RankBoxStats> stats;
  std::vector<std::string> labels;
  double max_label_width = 0.0;
  bool clustered = false;
  for (const RankPlotSystem& s : systems) {
    stats.push_back(ComputeRankBoxStats(s.ranks));
    max_rank = std::max({max_rank, stats.back().max, s.range.hi});
    replicates = std::max(replicates, s.ranks.size());
    labels.push_back(Truncate(s.label, std::max(options.max_label_chars, 4)));
    max_label_width = std::max(max_label_width, EstimateTextWidth(labels.back(), kLabelFont));
    clustered |= s.cluster != 0;
  }

  // Horizontal layout. Rotated labels sit col_w * sin(45) apart measured across their
  // baselines, so col_w >= 24 keeps 12 px labels from touching.
  double col_w = std::clamp(720.0 / std::max(n, 1), 24.0, 64.0);
  double left = 64.0;
  for (int i = 0; i < n; ++i) {
    const double extent = (EstimateTextWidth(labels[i], kLabelFont) + kLabelFont) * kSin45;
    left = std::max(left, extent - (i + 0.5) * col_w + 12.0);
  }
  const double right = 24.0;
  const double min_width = 600.0;
  if (left + n * col_w + right < min_width && n > 0) {
    col_w = std::min(64.0, (min_width - left - right) / n);
  }
  const double plot_w = n * col_w;
  const double width = std::max(min_width, left + plot_w + right);
  // Centre the plot when the minimum width leaves room.
  left += (width - (left + plot_w + right)) / 2.0;

  // Vertical layout: title, subtitle, legend, cluster numbers, plot, labels, caption.
  // Without a title the figure starts with the legend (a paper's caption replaces both).
  double y = options.title.empty() ? 0.0 : 28.0;
  const double title_y = y;
  y += options.subtitle.empty() ? 0.0 : 20.0;
  const double subtitle_y = y;
  y += options.title.empty() && options.subtitle.empty() ? 16.0 : 26.0;

  const std::string whisker_text =
      options.whiskers == RankWhiskers::kFullRange
          ? "whiskers: full range"
          : "whiskers: " + Fixed(100.0 * options.confidence, 0) + "% rank range";
  struct LegendItem {
    Glyph glyph;
    std::string text;
  };
  std::vector<LegendItem> legend = {{Glyph::kBox, "quartiles (25th-75th percentile)"},
                                    {Glyph::kMedian, "median"},
                                    {Glyph::kMean, "mean"},
                                    {Glyph::kWhisker, whisker_text}};
  bool has_boundary = false;
  for (int i = 0; i + 1 < n; ++i) has_boundary |= systems[i].cluster != systems[i + 1].cluster;
  if (clustered && has_boundary) legend.push_back({Glyph::kBoundary, "cluster boundary"});
  // Lay the legend out in rows that fit the width.
  std::vector<std::pair<double, double>> legend_pos;
  double lx = 16.0;
  double ly = y;
  for (const LegendItem& item : legend) {
    const double item_w = 20.0 + EstimateTextWidth(item.text, kSmallFont) + 18.0;
    if (lx + item_w > width - 16.0 && lx > 16.0) {
      lx = 16.0;
      ly += 20.0;
    }
    legend_pos.push_back({lx, ly});
    lx += item_w;
  }
  y = ly + 20.0 + (clustered ? 22.0 : 8.0);

  const double plot_top = y;
  const double unit = std::clamp(400.0 / max_rank, 5.0, 30.0);
  const double plot_h = unit * max_rank;
  const double plot_bottom = plot_top + plot_h;
  const double label_top = plot_bottom + 10.0;
  const double label_h = (max_label_width + kLabelFont) * kSin45 + 8.0;

  const int trim = TrimCount(static_cast<int>(replicates), options.confidence);
  const std::string caption =
      "Box: lower to upper quartile of each system's rank over " +
      WithThousands(static_cast<int64_t>(replicates)) +
      " bootstrap replicates; bar: median; diamond: mean; " +
      (options.whiskers == RankWhiskers::kFullRange
           ? std::string("whiskers: full range of ranks (best to worst replicate).")
           : "whiskers: " + Fixed(100.0 * options.confidence, 0) + "% rank range (the " +
                 std::to_string(trim) + " best and " + std::to_string(trim) +
                 " worst ranks dropped).") +
      (clustered ? " Systems in score order; dashed lines separate clusters whose rank ranges "
                   "do not overlap (numbers above the plot)."
                 : " Systems in score order.");
  const std::vector<std::string> caption_lines =
      options.caption ? WrapText(caption, kSmallFont, width - 32.0) : std::vector<std::string>();
  const double caption_top = label_top + label_h + 12.0;
  const double height = caption_top + 16.0 * static_cast<double>(caption_lines.size()) + 8.0;

  auto rank_y = [&](double rank) { return plot_top + (rank - 0.5) * unit; };
  auto col_x = [&](int i) { return left + (i + 0.5) * col_w; };

  SvgDocument svg(width, height);
  svg.SetTitle(options.title);
  svg.SetDescription(caption);

  if (!options.title.empty())
    svg.Text(16, title_y, options.title,
             SvgTextStyle{.size = kTitleFont, .bold = true, .fill = kInk});
  if (!options.subtitle.empty()) {
    svg.Text(16, subtitle_y, options.subtitle, SvgTextStyle{.size = 12.0, .fill = kMuted});
  }
  for (size_t k = 0; k < legend.size(); ++k) {
    DrawGlyph(svg, legend[k].glyph, legend_pos[k].first, legend_pos[k].second - 4.0);
    svg.Text(legend_pos[k].first + 20.0, legend_pos[k].second + 4.0, legend[k].text,
             SvgTextStyle{.size = kSmallFont, .fill = kInk, .center_vertically = true});
  }

  // Cluster bands (alternate clusters shaded) and their numbers.
  if (clustered) {
    svg.Text(left - 8.0, plot_top - 9.0, "cluster",
             SvgTextStyle{.size = kSmallFont, .anchor = TextAnchor::kEnd, .fill = kMuted});
    for (int begin = 0; begin < n;) {
      int end = begin + 1;
      while (end < n && systems[end].cluster == systems[begin].cluster) ++end;
      const double x0 = left + begin * col_w, x1 = left + end * col_w;
      if (systems[begin].cluster % 2 == 0) {
        svg.Rect(x0, plot_top, x1 - x0, plot_h, SvgStyle::Fill("#f3f4f6"));
      }
      svg.Text(
          (x0 + x1) / 2.0, plot_top - 9.0, std::to_string(systems[begin].cluster),
          SvgTextStyle{
              .size = kSmallFont, .anchor = TextAnchor::kMiddle, .bold = true, .fill = kMuted});
      begin = end;
    }
  }

  // Rank grid and axis.
  const int tick_step = max_rank <= 30 ? 1 : max_rank <= 60 ? 5 : 10;
  for (int r = 1; r <= max_rank; ++r) {
    if (r != 1 && r % tick_step != 0) continue;
    svg.Line(left, rank_y(r), left + plot_w, rank_y(r), SvgStyle::Stroke(kGrid));
    svg.Line(left - 5.0, rank_y(r), left, rank_y(r), SvgStyle::Stroke(kInk));
    svg.Text(left - 8.0, rank_y(r), std::to_string(r),
             SvgTextStyle{.size = kSmallFont,
                          .anchor = TextAnchor::kEnd,
                          .fill = kInk,
                          .center_vertically = true});
  }
  svg.Rect(left, plot_top, plot_w, plot_h, SvgStyle::Stroke("#9ca3af"));
  svg.Text(left - 38.0, (plot_top + plot_bottom) / 2.0, "rank (1 = best)",
           SvgTextStyle{
               .size = kSmallFont, .anchor = TextAnchor::kMiddle, .rotate = -90.0, .fill = kInk});

  // Cluster boundaries.
  for (int i = 0; i + 1 < n; ++i) {
    if (!clustered || systems[i].cluster == systems[i + 1].cluster) continue;
    const double x = left + (i + 1) * col_w;
    svg.Line(x, plot_top - 2.0, x, plot_bottom + 4.0,
             SvgStyle::Stroke("#4b5563", 1.4).WithDash("6 4"));
  }

  // Boxes.
  const double box_w = std::min(col_w * 0.56, 30.0);
  const double cap_w = box_w * 0.6;
  for (int i = 0; i < n; ++i) {
    const RankPlotSystem& s = systems[i];
    const RankBoxStats& b = stats[i];
    const double x = col_x(i);
    const double lo = options.whiskers == RankWhiskers::kFullRange ? b.min : s.range.lo;
    const double hi = options.whiskers == RankWhiskers::kFullRange ? b.max : s.range.hi;
    const std::string tooltip =
        s.full_name + "\nscore " + Fixed(s.score, 3) + "\n" + Fixed(100.0 * options.confidence, 0) +
        "% rank range " + std::to_string(s.range.lo) +
        (s.range.hi != s.range.lo ? "-" + std::to_string(s.range.hi) : "") +
        (s.cluster ? ", cluster " + std::to_string(s.cluster) : "") + "\nquartiles " +
        Fixed(b.q1, 2) + "-" + Fixed(b.q3, 2) + ", median " + Fixed(b.median, 1) + ", mean " +
        Fixed(b.mean, 2) + "\nranks seen " + std::to_string(b.min) + "-" + std::to_string(b.max);
    svg.BeginGroup(tooltip, "system");
    if (!s.ranks.empty()) {
      const SvgStyle whisker = SvgStyle::Stroke(kInk, 1.2);
      // Whiskers reach from the box to the range ends (the box itself may extend past a
      // confidence range only in degenerate cases; never draw backwards).
      if (lo < b.q1) svg.Line(x, rank_y(lo), x, rank_y(b.q1), whisker);
      if (hi > b.q3) svg.Line(x, rank_y(b.q3), x, rank_y(hi), whisker);
      svg.Line(x - cap_w / 2, rank_y(lo), x + cap_w / 2, rank_y(lo), whisker);
      svg.Line(x - cap_w / 2, rank_y(hi), x + cap_w / 2, rank_y(hi), whisker);
      // A box at least 6 px tall so that a system whose quartiles coincide still shows
      // its colour around the median bar.
      double top = rank_y(b.q1), bottom = rank_y(b.q3);
      if (bottom - top < 6.0) {
        const double mid = (top + bottom) / 2.0;
        top = mid - 3.0;
        bottom = mid + 3.0;
      }
      svg.Rect(x - box_w / 2, top, box_w, bottom - top,
               SvgStyle::Stroke(kInk).WithFill(ColourOf(s.cluster), 0.45));
      svg.Line(x - box_w / 2, rank_y(b.median), x + box_w / 2, rank_y(b.median),
               SvgStyle::Stroke(kInk, 2.2));
      const double my = rank_y(b.mean), d = std::min(4.0, box_w / 4);
      svg.Polygon({{x, my - d}, {x + d, my}, {x, my + d}, {x - d, my}},
                  SvgStyle::Stroke(kInk, 1.1).WithFill("#ffffff"));
    }
    // The name, hanging down-left from the column at 45 degrees.
    svg.Line(x, plot_bottom, x, plot_bottom + 4.0, SvgStyle::Stroke(kInk));
    svg.Text(x + kLabelFont * 0.35, label_top, labels[i],
             SvgTextStyle{
                 .size = kLabelFont, .anchor = TextAnchor::kEnd, .rotate = -45.0, .fill = kInk});
    svg.EndGroup();
  }

  for (size_t k = 0; k < caption_lines.size(); ++k) {
    svg.Text(16.0, caption_top + 16.0 * static_cast<double>(k) + 11.0, caption_lines[k],
             SvgTextStyle{.size = kSmallFont, .italic = false, .fill = kMuted});
  }
  return svg.Finish();
}

std::vector<RankPlotSystem> RankPlotSystems(const Leaderboard& board, const Judgments& judgments,
                                            const BootstrapResult& result) {
  std::vector<std::string> full;
  for (const LeaderboardEntry& e : board.entries) full.push_back(e.system);
  const std::vector<std::string> shorts = ShortSystemNames(full);
  const std::vector<int> order = LeaderboardOrder(board, judgments);
  std::vector<RankPlotSystem> out;
  for (size_t i = 0; i < board.entries.size(); ++i) {
    const LeaderboardEntry& e = board.entries[i];
    RankPlotSystem s;
    s.label = shorts[i];
    s.full_name = e.system;
    s.score = e.score;
    s.ranks = result.ranks.Column(order[i]);
    s.range = {e.rank_lo, e.rank_hi};
    s.cluster = e.cluster.value_or(0);
    out.push_back(std::move(s));
  }
  return out;
}

RankPlotOptions ClusterRankPlotOptions(const Judgments& judgments, const BootstrapResult& result,
                                       RankWhiskers whiskers, bool titles) {
  RankPlotOptions plot;
  plot.title = "Bootstrap rank distributions: " + ModelDisplayName(result.model);
  plot.subtitle =
      WithThousands(static_cast<int64_t>(judgments.comparisons().size())) +
      " pairwise comparisons, " + WithThousands(result.replicates) +
      (result.self_sampling ? " reruns with fresh seeds"
                            : " replicates resampling " + ResampleUnitName(result.resample)) +
      ", seed " + std::to_string(result.seed);
  plot.whiskers = whiskers;
  plot.confidence = result.confidence;
  if (!titles) {
    plot.title.clear();
    plot.subtitle.clear();
    plot.caption = false;
  }
  return plot;
}

}  // namespace tourney
