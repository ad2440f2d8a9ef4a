// Heat map: a square system-versus-system matrix drawn as coloured cells, as in the paper's
// Figures 5-7 (share of pairwise judgments between each pair of systems; Sakaguchi, Post &
// Van Durme 2014, §5), and for win rates or comparison counts.
//
// Rows run top to bottom and columns left to right in the order of `names`; row names sit
// left of the map, column names under it at 45 degrees with a cell width that keeps
// neighbouring names apart. Names longer than 28 characters are cut with an ellipsis (the
// full name shows on hover). The colour scale is sequential, light to dark blue: the
// smallest finite value drawn gets #deebf7 and the largest #08306b, with values between
// interpolated through the ColorBrewer "Blues" ramp; a vertical legend bar with round-number
// ticks and the value label stands right of the map. Cells show their value when there are
// at most 20 systems and the number fits, in white on dark cells. Non-finite values are
// drawn as grey "no data" cells (named in the legend); the diagonal, when blank, is white
// with a thin slash. Hovering a cell shows "row vs column: value". The output is a
// self-contained SVG (svg_plot.h) with one <g class="cell"> holding one <rect> per cell.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_HEATMAP_PLOT_H_
#define TOURNEY_RENDER_HEATMAP_PLOT_H_

#include <string>
#include <vector>

namespace tourney {

struct HeatmapOptions {
  std::string title;           // drawn above the map
  std::string subtitle;        // smaller second line; may be empty
  std::string value_label;     // legend caption, e.g. "share of selected pairs (%)"
  int value_decimals = 0;      // digits printed in cells (cells are labelled when n <= 20)
  bool diagonal_blank = true;  // draw the diagonal as empty (systems never meet themselves)
};

// The SVG document. `values` is n*n row-major (values[i * n + j] is row i, column j) for
// n = names.size(). The colour scale runs from the minimum to the maximum finite
// off-diagonal value (diagonal values join the scale when diagonal_blank is false). Empty
// `names`, a `values` of the wrong size, or no finite value to colour give a map without
// colours and a note saying why.
std::string HeatmapSvg(const std::vector<std::string>& names, const std::vector<double>& values,
                       const HeatmapOptions& options);

// The colour of scale position t in [0, 1] (clamped; NaN as 0) as "#rrggbb": #deebf7 at 0,
// #08306b at 1.
std::string HeatmapColour(double t);

}  // namespace tourney

#endif  // TOURNEY_RENDER_HEATMAP_PLOT_H_
