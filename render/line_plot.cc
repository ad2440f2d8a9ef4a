#include "render/line_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

#include "render/svg_plot.h"
#include "render/text_format.h"

namespace tourney {
namespace {

using plot_colours::kAxis;
using plot_colours::kGrid;
using plot_colours::kInk;
using plot_colours::kMuted;
using plot_colours::kPalette;

using plot_type::kMinus;
using plot_type::kSmallFont;
using plot_type::kTitleFont;

constexpr double kLegendFont = 12.0;
constexpr double kAxisTitleFont = 12.0;

enum class Marker { kCircle, kSquare, kTriangle, kDiamond };
constexpr Marker kMarkers[] = {Marker::kCircle, Marker::kSquare, Marker::kTriangle,
                               Marker::kDiamond};

void DrawMarker(SvgDocument& svg, Marker marker, double x, double y, const std::string& colour) {
  const SvgStyle style = SvgStyle::Stroke("#ffffff", 1.2).WithFill(colour);
  switch (marker) {
    case Marker::kCircle:
      svg.Circle(x, y, 4.2, style);
      break;
    case Marker::kSquare:
      svg.Rect(x - 3.8, y - 3.8, 7.6, 7.6, style);
      break;
    case Marker::kTriangle:
      svg.Polygon({{x, y - 5.0}, {x + 4.8, y + 3.6}, {x - 4.8, y + 3.6}}, style);
      break;
    case Marker::kDiamond:
      svg.Polygon({{x, y - 5.2}, {x + 5.2, y}, {x, y + 5.2}, {x - 5.2, y}}, style);
      break;
  }
}

// Decimals needed to print multiples of `step` exactly (0 for whole steps), at most 10.
int DecimalsFor(double step) {
  step = std::fabs(step);
  if (!std::isfinite(step) || step == 0.0) return 0;
  for (int d = 0; d <= 10; ++d) {
    const double scaled = step * std::pow(10.0, d);
    if (std::fabs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled)) return d;
  }
  return 10;
}

}  // namespace

namespace {

// A data value for a tooltip: whole numbers as such, others with up to 4 decimals.
std::string PointLabel(double v) {
  if (v == std::round(v)) return FormatTick(v, 1.0);
  std::string s = FormatTick(v, 0.0001);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

std::vector<double> RoundTicks(double lo, double hi, int target, bool integers) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) lo = 0.0, hi = 1.0;
  // A span below 1e-12 of the values (rounding noise, e.g. 1 and 1 - 2^-53) counts as one
  // value: a step that small would put the tick indices beyond exact doubles.
  if (hi - lo <= 1e-12 * std::max(std::fabs(lo), std::fabs(hi))) {
    lo = hi = (lo + hi) / 2.0;
    const double pad = integers ? 1.0 : (lo == 0.0 ? 1.0 : std::fabs(lo) * 0.1);
    lo -= pad;
    hi += pad;
  }
  target = std::max(target, 2);
  const double raw = (hi - lo) / (target - 1);
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  if (integers) magnitude = std::max(magnitude, 1.0);
  double step = 10.0 * magnitude;
  for (const double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    const double candidate = m * magnitude;
    if (integers && candidate != std::round(candidate)) continue;
    if (candidate >= raw * (1.0 - 1e-9)) {
      step = candidate;
      break;
    }
  }
  const double first = std::floor(lo / step + 1e-9);
  const double last = std::ceil(hi / step - 1e-9);
  std::vector<double> ticks;
  for (double k = first; k <= last + 0.5; k += 1.0) {
    const double v = k * step;
    ticks.push_back(v == 0.0 ? 0.0 : v);  // no -0
  }
  return ticks;
}

std::string FormatTick(double value, double step) {
  if (!std::isfinite(value)) return "";
  const int decimals = DecimalsFor(step);
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, std::fabs(value));
  std::string digits = buf;
  bool zero = true;
  for (char c : digits) zero &= (c == '0' || c == '.');
  // Thousands separators on the integer part.
  const size_t point = digits.find('.');
  const std::string int_part = digits.substr(0, point);
  const std::string frac_part = point == std::string::npos ? "" : digits.substr(point);
  std::string grouped;
  for (size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) grouped += ',';
    grouped += int_part[i];
  }
  return (value < 0.0 && !zero ? kMinus : "") + grouped + frac_part;
}

std::string LinePlotSvg(const std::vector<LineSeries>& series, const LinePlotOptions& options) {
  // Finite points of each series, and the data range.
  std::vector<std::vector<std::pair<double, double>>> points(series.size());
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
  double y_lo = x_lo, y_hi = -x_lo;
  bool x_whole = true;
  for (size_t s = 0; s < series.size(); ++s) {
    const size_t m = std::min(series[s].x.size(), series[s].y.size());
    for (size_t i = 0; i < m; ++i) {
      const double x = series[s].x[i], y = series[s].y[i];
      if (!std::isfinite(x) || !std::isfinite(y)) continue;
      if (options.log_x && x <= 0.0) continue;
      points[s].push_back({x, y});
      x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
      y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
      x_whole &= x == std::round(x);
      if (i < series[s].y_lo.size() && i < series[s].y_hi.size() &&
          std::isfinite(series[s].y_lo[i]) && std::isfinite(series[s].y_hi[i])) {
        y_lo = std::min(y_lo, series[s].y_lo[i]);
        y_hi = std::max(y_hi, series[s].y_hi[i]);
      }
    }
  }
  const double data_y_hi = y_hi;
  const bool has_data = std::isfinite(x_lo);
  if (!has_data) x_lo = 0.0, x_hi = 1.0, y_lo = 0.0, y_hi = 1.0;
  if (has_data && options.min_y_span > 0.0 && y_hi - y_lo < options.min_y_span) {
    const double mid = (y_lo + y_hi) / 2.0;
    y_lo = mid - options.min_y_span / 2.0;
    y_hi = mid + options.min_y_span / 2.0;
  }
  if (has_data && std::isfinite(options.max_y) && y_hi > options.max_y) {
    const double shift = std::min(y_hi - options.max_y, std::max(0.0, y_hi - data_y_hi));
    y_lo -= shift;
    y_hi -= shift;
  }
  // Log axis: positions in log2 units, ticks at the distinct data x values.
  auto xt = [&](double v) { return options.log_x ? std::log2(v) : v; };
  std::vector<double> x_ticks;
  if (options.log_x && has_data) {
    for (const auto& pts : points) {
      for (const auto& p : pts) x_ticks.push_back(p.first);
    }
    std::sort(x_ticks.begin(), x_ticks.end());
    x_ticks.erase(std::unique(x_ticks.begin(), x_ticks.end()), x_ticks.end());
    if (x_ticks.size() == 1) x_ticks = {x_ticks[0] / 2.0, x_ticks[0], x_ticks[0] * 2.0};
  } else if (!options.x_tick_labels.empty()) {
    for (size_t k = 0; k < options.x_tick_labels.size(); ++k) {
      x_ticks.push_back(static_cast<double>(k + 1));
    }
    if (x_ticks.size() == 1) x_ticks = {0.0, 1.0, 2.0};
  } else {
    x_ticks = RoundTicks(x_lo, x_hi, 7, has_data && x_whole);
  }
  const std::vector<double> y_ticks = RoundTicks(y_lo, y_hi, 7, options.integer_y);
  const double x_step = options.log_x ? 1.0 : x_ticks[1] - x_ticks[0];
  const double y_step = y_ticks[1] - y_ticks[0];
  std::vector<std::string> y_labels;
  double y_label_w = 0.0;
  for (double t : y_ticks) {
    y_labels.push_back(FormatTick(t, y_step));
    y_label_w = std::max(y_label_w, EstimateTextWidth(y_labels.back(), kSmallFont));
  }

  const double width = 720.0;
  std::vector<std::string> title_lines = WrapText(options.title, kTitleFont, width - 32.0);
  double y = 12.0;
  std::vector<double> title_ys;
  for (size_t k = 0; k < title_lines.size(); ++k) title_ys.push_back(y += 20.0);
  y += title_lines.empty() ? 8.0 : 14.0;

  // Legend rows.
  std::vector<std::string> names;
  std::vector<std::pair<double, double>> legend_pos;
  double lx = 16.0, ly = y + 8.0;
  for (const LineSeries& s : series) {
    names.push_back(Truncate(s.name, 48));
    const double item_w = 30.0 + EstimateTextWidth(names.back(), kLegendFont) + 20.0;
    if (lx + item_w > width - 16.0 && lx > 16.0) lx = 16.0, ly += 20.0;
    legend_pos.push_back({lx, ly});
    lx += item_w;
  }
  if (!series.empty()) y = ly + 18.0;

  const double plot_left = 16.0 + (options.y_label.empty() ? 0.0 : 22.0) + y_label_w + 10.0;
  const double plot_right = width - 28.0;
  const double plot_top = y + 8.0;
  const double plot_h = 300.0;
  const double plot_bottom = plot_top + plot_h;
  // Slanted tick labels take the room of their longest label below the axis.
  double label_room = 0.0;
  std::vector<std::string> tick_texts;
  for (const std::string& t : options.x_tick_labels) {
    tick_texts.push_back(Truncate(t, 24));
    label_room = std::max(label_room, 0.6 * EstimateTextWidth(tick_texts.back(), kSmallFont));
  }
  const double axis_title_y = plot_bottom + 40.0 + label_room;
  const double height = plot_bottom + label_room + (options.x_label.empty() ? 30.0 : 52.0);
  // The axes reach a little past the outer ticks so that markers on them stay clear of the
  // axis lines.
  const double x_pad = 0.03 * (xt(x_ticks.back()) - xt(x_ticks.front()));
  const double y_pad = 0.04 * (y_ticks.back() - y_ticks.front());
  const double x_min = xt(x_ticks.front()) - x_pad, x_max = xt(x_ticks.back()) + x_pad;
  const double y_min = y_ticks.front() - y_pad, y_max = y_ticks.back() + y_pad;
  auto px = [&](double v) {
    return plot_left + (xt(v) - x_min) / (x_max - x_min) * (plot_right - plot_left);
  };
  // Horizontal offset of series s when dodging: 6 px apart, centred.
  auto dodge = [&](size_t s) {
    return options.dodge && series.size() > 1
               ? (static_cast<double>(s) - (static_cast<double>(series.size()) - 1.0) / 2.0) * 6.0
               : 0.0;
  };
  auto py = [&](double v) { return plot_bottom - (v - y_min) / (y_max - y_min) * plot_h; };

  SvgDocument svg(width, height);
  svg.SetTitle(options.title);
  for (size_t k = 0; k < title_lines.size(); ++k) {
    svg.Text(16.0, title_ys[k], title_lines[k],
             SvgTextStyle{.size = kTitleFont, .bold = true, .fill = kInk});
  }

  // Grid, ticks and axis labels.
  for (size_t k = 0; k < y_ticks.size(); ++k) {
    const double ty = py(y_ticks[k]);
    svg.Line(plot_left, ty, plot_right, ty, SvgStyle::Stroke(kGrid));
    svg.Text(plot_left - 8.0, ty, y_labels[k],
             SvgTextStyle{.size = kSmallFont,
                          .anchor = TextAnchor::kEnd,
                          .fill = kInk,
                          .center_vertically = true});
  }
  for (size_t k = 0; k < x_ticks.size(); ++k) {
    const double t = x_ticks[k];
    const double tx = px(t);
    svg.Line(tx, plot_top, tx, plot_bottom, SvgStyle::Stroke(kGrid));
    svg.Line(tx, plot_bottom, tx, plot_bottom + 5.0, SvgStyle::Stroke(kAxis));
    if (!tick_texts.empty()) {
      const size_t at = static_cast<size_t>(std::lround(t)) - 1;
      if (t >= 1.0 && at < tick_texts.size()) {
        svg.Text(tx + 3.0, plot_bottom + 14.0, tick_texts[at],
                 SvgTextStyle{
                     .size = kSmallFont, .anchor = TextAnchor::kEnd, .rotate = -35.0, .fill = kInk});
      }
      continue;
    }
    svg.Text(tx, plot_bottom + 18.0, FormatTick(t, x_step),
             SvgTextStyle{.size = kSmallFont, .anchor = TextAnchor::kMiddle, .fill = kInk});
  }
  svg.Line(plot_left, plot_bottom, plot_right, plot_bottom, SvgStyle::Stroke(kAxis));
  svg.Line(plot_left, plot_top, plot_left, plot_bottom, SvgStyle::Stroke(kAxis));
  if (!options.x_label.empty()) {
    svg.Text((plot_left + plot_right) / 2.0, axis_title_y, options.x_label,
             SvgTextStyle{.size = kAxisTitleFont, .anchor = TextAnchor::kMiddle, .fill = kInk});
  }
  if (!options.y_label.empty()) {
    svg.Text(24.0, (plot_top + plot_bottom) / 2.0, options.y_label,
             SvgTextStyle{
                 .size = kAxisTitleFont, .anchor = TextAnchor::kMiddle, .rotate = -90.0, .fill = kInk});
  }
  if (!has_data) {
    svg.Text((plot_left + plot_right) / 2.0, (plot_top + plot_bottom) / 2.0, "no data",
             SvgTextStyle{.size = 14.0,
                          .anchor = TextAnchor::kMiddle,
                          .italic = true,
                          .fill = kMuted,
                          .center_vertically = true});
  }

  // Series: the line first, then its markers (each with a tooltip) on top.
  for (size_t s = 0; s < series.size(); ++s) {
    const std::string colour = kPalette[s % std::size(kPalette)];
    const Marker marker = kMarkers[s % std::size(kMarkers)];
    svg.BeginGroup({}, "series");
    if (!points[s].empty()) {
      const double dx = dodge(s);
      std::vector<std::pair<double, double>> line;
      for (const auto& [x, v] : points[s]) line.push_back({px(x) + dx, py(v)});
      if (options.connect) svg.Polyline(line, SvgStyle::Stroke(colour, 2.0));
      // Error bars with caps, under the markers.
      const LineSeries& in = series[s];
      for (size_t i = 0; i < std::min(in.x.size(), in.y.size()); ++i) {
        if (i >= in.y_lo.size() || i >= in.y_hi.size()) break;
        if (!std::isfinite(in.x[i]) || !std::isfinite(in.y[i]) || !std::isfinite(in.y_lo[i]) ||
            !std::isfinite(in.y_hi[i]) || (options.log_x && in.x[i] <= 0.0)) {
          continue;
        }
        const double bx = px(in.x[i]) + dx, top = py(in.y_hi[i]), bottom = py(in.y_lo[i]);
        svg.Line(bx, top, bx, bottom, SvgStyle::Stroke(colour, 1.2));
        svg.Line(bx - 4.0, top, bx + 4.0, top, SvgStyle::Stroke(colour, 1.2));
        svg.Line(bx - 4.0, bottom, bx + 4.0, bottom, SvgStyle::Stroke(colour, 1.2));
      }
      for (const auto& [x, v] : points[s]) {
        svg.BeginGroup(series[s].name + "\n" + (options.x_label.empty() ? "x" : options.x_label) +
                       ": " + PointLabel(x) + "\n" +
                       (options.y_label.empty() ? "y" : options.y_label) + ": " + PointLabel(v));
        DrawMarker(svg, marker, px(x) + dx, py(v), colour);
        svg.EndGroup();
      }
    }
    svg.EndGroup();
    // Legend entry: a short line with the marker, then the name.
    const auto [gx, gy] = legend_pos[s];
    svg.Line(gx, gy, gx + 24.0, gy, SvgStyle::Stroke(colour, 2.0));
    DrawMarker(svg, marker, gx + 12.0, gy, colour);
    svg.Text(gx + 30.0, gy, names[s],
             SvgTextStyle{.size = kLegendFont, .fill = kInk, .center_vertically = true});
  }
  return svg.Finish();
}

}  // namespace tourney
