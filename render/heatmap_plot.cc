#include "render/heatmap_plot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

#include "render/line_plot.h"
#include "render/svg_plot.h"
#include "render/text_format.h"

namespace tourney {
namespace {

using plot_colours::kInk;
using plot_colours::kMuted;

using plot_type::kMinus;
using plot_type::kSin45;
using plot_type::kSmallFont;
using plot_type::kTitleFont;

constexpr double kSubtitleFont = 12.0;
constexpr int kMaxLabelChars = 28;
constexpr int kMaxLabelledSystems = 20;

constexpr const char* kNoData = "#e5e7eb";

// ColorBrewer "Blues", without its near-white first class so that the lowest value still
// reads as a colour against the white page and the blank diagonal.
constexpr std::array<std::array<int, 3>, 8> kRamp = {{{0xde, 0xeb, 0xf7},
                                                      {0xc6, 0xdb, 0xef},
                                                      {0x9e, 0xca, 0xe1},
                                                      {0x6b, 0xae, 0xd6},
                                                      {0x42, 0x92, 0xc6},
                                                      {0x21, 0x71, 0xb5},
                                                      {0x08, 0x51, 0x9c},
                                                      {0x08, 0x30, 0x6b}}};

struct Rgb {
  double r, g, b;
};

Rgb RampColour(double t) {
  if (!(t > 0.0)) t = 0.0;  // also NaN
  if (t > 1.0) t = 1.0;
  const double pos = t * (kRamp.size() - 1);
  const size_t k = std::min(static_cast<size_t>(pos), kRamp.size() - 2);
  const double f = pos - static_cast<double>(k);
  auto mix = [&](int c) { return kRamp[k][c] + f * (kRamp[k + 1][c] - kRamp[k][c]); };
  return {mix(0), mix(1), mix(2)};
}

std::string Hex(const Rgb& c) {
  char buf[8];
  auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 255.0))); };
  std::snprintf(buf, sizeof(buf), "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buf;
}

// WCAG relative luminance of an sRGB colour given in 0..255.
double Luminance(const Rgb& c) {
  auto lin = [](double v) {
    v /= 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

// A cell's printed value: fixed decimals, U+2212 for negatives, never "-0".
std::string CellText(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, std::fabs(v));
  std::string s = buf;
  bool zero = true;
  for (char c : s) zero &= (c == '0' || c == '.');
  return (v < 0.0 && !zero ? kMinus : "") + s;
}


}  // namespace

std::string HeatmapColour(double t) { return Hex(RampColour(t)); }

std::string HeatmapSvg(const std::vector<std::string>& names, const std::vector<double>& values,
                       const HeatmapOptions& options) {
  const size_t n = names.size();
  const int decimals = std::clamp(options.value_decimals, 0, 10);
  std::string note;
  if (n == 0) {
    note = "no systems";
  } else if (values.size() != n * n) {
    note = "no data: " + std::to_string(values.size()) + " values for " + std::to_string(n) +
           " x " + std::to_string(n) + " cells";
  }
  const bool shaped = note.empty();
  auto coloured = [&](size_t i, size_t j) { return i != j || !options.diagonal_blank; };

  // Scale range over the finite values that get a colour.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  bool has_missing = false;
  if (shaped) {
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (!coloured(i, j)) continue;
        const double v = values[i * n + j];
        if (!std::isfinite(v)) {
          has_missing = true;
          continue;
        }
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  const bool has_scale = std::isfinite(lo);
  if (shaped && !has_scale)
    note = n == 1 && options.diagonal_blank ? "one system: no pairs" : "no finite values";
  auto scale_t = [&](double v) { return hi > lo ? (v - lo) / (hi - lo) : 0.5; };

  // Labels and cell geometry. Rotated column names stay apart when cell * sin(45) exceeds
  // the font size by a little, so the font shrinks with very small cells.
  std::vector<std::string> labels;
  double label_w = 0.0;
  const double cell = n == 0 ? 40.0 : std::clamp(520.0 / static_cast<double>(n), 12.0, 44.0);
  const double label_font = std::min(12.0, cell * kSin45 - 2.0);
  for (const std::string& name : names) {
    labels.push_back(Truncate(name, kMaxLabelChars));
    label_w = std::max(label_w, EstimateTextWidth(labels.back(), label_font));
  }
  const double map_w = cell * static_cast<double>(n);
  const double map_h = map_w;

  // Legend: value ticks inside [lo, hi].
  std::vector<double> legend_ticks;
  double tick_step = 1.0;
  if (has_scale) {
    const std::vector<double> ticks = RoundTicks(lo, hi, 5, false);
    tick_step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1.0;
    for (double t : ticks) {
      if (t >= lo - 1e-9 * std::fabs(tick_step) && t <= hi + 1e-9 * std::fabs(tick_step)) {
        legend_ticks.push_back(t);
      }
    }
    if (legend_ticks.size() < 2) {
      legend_ticks = {lo};
      if (hi > lo) legend_ticks.push_back(hi);
      tick_step = std::pow(10.0, -decimals);
    }
  }
  double tick_w = 0.0;
  for (double t : legend_ticks) {
    tick_w = std::max(tick_w, EstimateTextWidth(FormatTick(t, tick_step), kSmallFont));
  }
  const double caption_w = EstimateTextWidth(options.value_label, kSmallFont);
  const double bar_h = std::max({std::min(map_h, 260.0), caption_w + 12.0, 120.0});

  // Horizontal layout: row names | map | bar, ticks, caption.
  const double margin = 16.0;
  double left = margin + label_w + 8.0;
  // The first column's name hangs down-left from its cell; keep it on the canvas.
  if (n > 0) {
    const double first_extent = (EstimateTextWidth(labels[0], label_font) + label_font) * kSin45;
    left = std::max(left, margin + first_extent - cell / 2.0);
  }
  const double legend_x = left + map_w + 28.0;
  // Bar (14), tick and gap (6), tick labels, gap (8), caption read bottom to top (one line).
  const double caption_x = legend_x + 20.0 + tick_w + 8.0 + kSmallFont;
  const double legend_w = has_scale ? caption_x + 4.0 - legend_x : 0.0;
  double width = std::max(legend_x + legend_w + margin, 420.0);

  // Vertical layout: title, subtitle, map, column names.
  const double text_w = width - 2.0 * margin;
  const std::vector<std::string> title_lines = WrapText(options.title, kTitleFont, text_w);
  const std::vector<std::string> subtitle_lines = WrapText(options.subtitle, kSubtitleFont, text_w);
  double y = 8.0;
  std::vector<std::pair<double, std::string>> heading;
  for (const std::string& line : title_lines) heading.push_back({y += 20.0, line});
  for (const std::string& line : subtitle_lines) heading.push_back({y += 17.0, line});
  const double map_top = y + 20.0;
  const double map_bottom = map_top + map_h;
  const double columns_extent = (label_w + label_font) * kSin45 + 10.0;
  double height = std::max(map_bottom + columns_extent, map_top + bar_h + 20.0);
  const bool show_missing = has_missing && has_scale;
  if (show_missing) height = std::max(height, map_top + bar_h + 48.0);
  height += margin;

  SvgDocument svg(width, height);
  svg.SetTitle(options.title);
  if (!options.subtitle.empty()) svg.SetDescription(options.subtitle);
  for (size_t k = 0; k < heading.size(); ++k) {
    const bool is_title = k < title_lines.size();
    svg.Text(margin, heading[k].first, heading[k].second,
             is_title ? SvgTextStyle{.size = kTitleFont, .bold = true, .fill = kInk}
                      : SvgTextStyle{.size = kSubtitleFont, .fill = kMuted});
  }

  if (!shaped) {
    svg.Text(
        width / 2.0, map_top + 30.0, note,
        SvgTextStyle{.size = 13.0, .anchor = TextAnchor::kMiddle, .italic = true, .fill = kMuted});
    return svg.Finish();
  }

  // Cells.
  const bool label_cells = n <= static_cast<size_t>(kMaxLabelledSystems) && has_scale;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      const double x = left + cell * static_cast<double>(j);
      const double cy = map_top + cell * static_cast<double>(i);
      const double v = values[i * n + j];
      const bool blank = !coloured(i, j);
      const bool missing = !blank && (!std::isfinite(v) || !has_scale);
      std::string tooltip = names[i] + " vs " + names[j] + ": ";
      if (blank) {
        tooltip += "(same system)";
      } else if (missing) {
        tooltip += "no data";
      } else {
        tooltip += CellText(v, decimals);
        if (!options.value_label.empty()) tooltip += " (" + options.value_label + ")";
      }
      svg.BeginGroup(tooltip, "cell");
      if (blank) {
        svg.Rect(x, cy, cell, cell, SvgStyle::Stroke("#ffffff").WithFill("#ffffff"));
        svg.Line(x + 3.0, cy + 3.0, x + cell - 3.0, cy + cell - 3.0,
                 SvgStyle::Stroke("#d1d5db", 1.0));
      } else if (missing) {
        svg.Rect(x, cy, cell, cell, SvgStyle::Stroke("#ffffff").WithFill(kNoData));
      } else {
        const Rgb colour = RampColour(scale_t(v));
        svg.Rect(x, cy, cell, cell, SvgStyle::Stroke("#ffffff").WithFill(Hex(colour)));
        if (label_cells) {
          const std::string text = CellText(v, decimals);
          double font = std::min(11.0, cell * 0.36);
          while (font > 7.0 && EstimateTextWidth(text, font) > cell - 5.0) font -= 0.5;
          if (EstimateTextWidth(text, font) <= cell - 5.0) {
            svg.Text(x + cell / 2.0, cy + cell / 2.0, text,
                     SvgTextStyle{.size = font,
                                  .anchor = TextAnchor::kMiddle,
                                  .fill = Luminance(colour) < 0.36 ? "#ffffff" : kInk,
                                  .center_vertically = true});
          }
        }
      }
      svg.EndGroup();
    }
  }

  // Row names (right-aligned against the map) and column names (45 degrees, below).
  for (size_t i = 0; i < n; ++i) {
    const double mid = map_top + cell * (static_cast<double>(i) + 0.5);
    svg.BeginGroup(names[i]);
    svg.Text(left - 6.0, mid, labels[i],
             SvgTextStyle{.size = label_font,
                          .anchor = TextAnchor::kEnd,
                          .fill = kInk,
                          .center_vertically = true});
    svg.EndGroup();
  }
  for (size_t j = 0; j < n; ++j) {
    const double mid = left + cell * (static_cast<double>(j) + 0.5);
    svg.BeginGroup(names[j]);
    svg.Text(mid + label_font * 0.35, map_bottom + 8.0, labels[j],
             SvgTextStyle{
                 .size = label_font, .anchor = TextAnchor::kEnd, .rotate = -45.0, .fill = kInk});
    svg.EndGroup();
  }

  if (!has_scale) {
    svg.Text(left + map_w / 2.0, map_top + map_h / 2.0, note,
             SvgTextStyle{.size = 13.0,
                          .anchor = TextAnchor::kMiddle,
                          .italic = true,
                          .fill = kMuted,
                          .center_vertically = true});
    return svg.Finish();
  }

  // Legend bar: the maximum at the top, drawn as thin bands of the ramp. Each band reaches
  // down to the bottom of the bar and the next one covers it, so no seams show between them.
  constexpr int kBands = 64;
  svg.BeginGroup({}, "legend");
  const double band_h = bar_h / kBands;
  for (int b = 0; b < kBands; ++b) {
    const double t = 1.0 - (b + 0.5) / kBands;
    svg.Rect(legend_x, map_top + b * band_h, 14.0, bar_h - b * band_h,
             SvgStyle::Fill(Hex(RampColour(t))));
  }
  svg.Rect(legend_x, map_top, 14.0, bar_h, SvgStyle::Stroke("#9ca3af", 0.8));
  for (double t : legend_ticks) {
    const double ty = map_top + (1.0 - scale_t(t)) * bar_h;
    svg.Line(legend_x + 14.0, ty, legend_x + 18.0, ty, SvgStyle::Stroke(kInk, 0.8));
    svg.Text(legend_x + 21.0, ty, FormatTick(t, tick_step),
             SvgTextStyle{.size = kSmallFont, .fill = kInk, .center_vertically = true});
  }
  if (!options.value_label.empty()) {
    svg.Text(caption_x, map_top + bar_h / 2.0, options.value_label,
             SvgTextStyle{
                 .size = kSmallFont, .anchor = TextAnchor::kMiddle, .rotate = -90.0, .fill = kInk});
  }
  if (show_missing) {
    svg.Rect(legend_x, map_top + bar_h + 16.0, 14.0, 14.0,
             SvgStyle::Stroke("#9ca3af", 0.8).WithFill(kNoData));
    svg.Text(legend_x + 20.0, map_top + bar_h + 23.0, "no data",
             SvgTextStyle{.size = kSmallFont, .fill = kInk, .center_vertically = true});
  }
  svg.EndGroup();
  return svg.Finish();
}

}  // namespace tourney
