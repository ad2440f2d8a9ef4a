// Line plot: one or more series of (x, y) points drawn as lines with markers, as in the
// paper's Figure 8 (number of clusters against the amount of training data, one line per
// model; Sakaguchi, Post & Van Durme 2014, §6) or held-out accuracy against training size.
//
// Each series gets its own colour (Tableau 10, cycled) and marker shape (circle, square,
// triangle, diamond, cycled), so lines stay apart in grey print and for colour-blind
// readers. The legend sits in rows under the title. Axes run over round-number ticks
// (RoundTicks) that enclose every finite point; whole-number x values print with thousands
// separators. Points whose x or y is not finite are skipped. Hovering a marker shows the
// series name and the point. The output is a self-contained SVG (svg_plot.h): one
// <polyline> per series that has at least one finite point.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_LINE_PLOT_H_
#define TOURNEY_RENDER_LINE_PLOT_H_

#include <limits>
#include <string>
#include <vector>

namespace tourney {

// One line. Points are (x[i], y[i]) for i < min(x.size(), y.size()), drawn in that order.
struct LineSeries {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;
  // Optional error bars: point i gets a vertical bar from y_lo[i] to y_hi[i] when both
  // vectors cover it and the values are finite (e.g. mean +- sd over repeats).
  std::vector<double> y_lo;
  std::vector<double> y_hi;
};

struct LinePlotOptions {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool integer_y = false;  // ticks at whole numbers only (counts such as clusters)
  // Logarithmic x axis (base 2), ticked at the data's x values: for amounts that double
  // (1,000, 2,000, 4,000, ...). Points with x <= 0 are skipped.
  bool log_x = false;
  // The y axis spans at least this much (centred on the data), so that a small spread is
  // not magnified to fill the plot; 0 = fit the data.
  double min_y_span = 0.0;
  // When finite, the y range asked of the ticks stops here (1 for correlations): a span
  // widened past it by min_y_span is moved down instead. Data above it still widen it.
  double max_y = std::numeric_limits<double>::quiet_NaN();
  // Series that share points are drawn side by side (offset horizontally by a few pixels
  // each) so that none hides another.
  bool dodge = true;
  // Join each series' points with a line (false: markers and error bars only, for points
  // that are not a sequence, such as systems).
  bool connect = true;
  // When not empty: x ticks at 1, 2, ..., size(), each labelled by its text (slanted;
  // system names), instead of numbers.
  std::vector<std::string> x_tick_labels = {};
};

// The SVG document. An empty `series`, or series without a finite point, give the axes
// and a "no data" note.
std::string LinePlotSvg(const std::vector<LineSeries>& series, const LinePlotOptions& options);

// Round-number ticks covering [lo, hi]: a step of 1, 2, 2.5 or 5 times a power of ten
// chosen so that about `target` ticks (at least 2) span the range, the first tick at or
// below lo and the last at or above hi, every tick a whole multiple of the step. With
// `integers`, the step is a whole number (1, 2, 5, 10, 20, 25, 50, ...), so every tick is
// a whole number. lo == hi gives a range around the value; non-finite or reversed bounds
// are treated as [0, 1].
std::vector<double> RoundTicks(double lo, double hi, int target, bool integers);

// A tick label: the value with as many decimals as `step` needs (none for whole steps),
// thousands separators on the integer part ("25,000"), negative values with a minus sign
// (U+2212), zero never signed.
std::string FormatTick(double value, double step);

}  // namespace tourney

#endif  // TOURNEY_RENDER_LINE_PLOT_H_
