// SvgDocument: a small builder for self-contained SVG figures (rank box plots now; heat maps
// and line plots later).
//
// Shapes are appended in drawing order; every attribute value and text node is XML-escaped,
// so system names can contain <, &, quotes or non-ASCII text. The document declares its
// size and a viewBox (it scales in any browser), uses only generic font families (no web
// fonts, no scripts, no external references) and prints numbers with a fixed '.' decimal
// separator whatever the locale.
// Thread safety: an SvgDocument is not thread-safe; the free functions are reentrant.
#ifndef TOURNEY_RENDER_SVG_PLOT_H_
#define TOURNEY_RENDER_SVG_PLOT_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tourney {

// Escapes &, <, >, " and ' for use in XML text and attribute values. Control characters
// become spaces and bytes that are not valid UTF-8 become U+FFFD, so the result is always
// well-formed XML text.
std::string XmlEscape(std::string_view text);

// A number for an SVG attribute: at most 2 decimals, no trailing zeros, never "-0".
std::string SvgNumber(double value);

// Approximate rendered width of `text` in a sans-serif font of `font_size` px (layout
// estimate from DejaVu Sans, the widest fallback of the figures' font list: narrow and wide
// glyphs weighted, East Asian wide characters a full em).
double EstimateTextWidth(std::string_view text, double font_size);

// Splits `text` at spaces into lines no wider than max_width (by EstimateTextWidth); a
// single word wider than that gets a line of its own.
std::vector<std::string> WrapText(std::string_view text, double font_size, double max_width);

// Stroke and fill of a shape. Colours are CSS colour strings ("#1f77b4", "none"). Build
// with the chainable helpers: SvgStyle::Stroke("#333", 1.5).WithDash("6 4"),
// SvgStyle::Fill("#eee"), SvgStyle::Stroke("#333").WithFill("#4e79a7", 0.45).
struct SvgStyle {
  std::string stroke = "none";
  std::string fill = "none";
  double stroke_width = 1.0;
  std::string dash;           // stroke-dasharray, e.g. "6 4"; empty = solid
  double opacity = 1.0;       // applies to fill and stroke
  double fill_opacity = 1.0;  // applies to the fill only

  static SvgStyle Stroke(std::string_view colour, double width = 1.0) {
    return SvgStyle().WithStroke(colour, width);
  }
  static SvgStyle Fill(std::string_view colour, double fill_opacity = 1.0) {
    return SvgStyle().WithFill(colour, fill_opacity);
  }
  SvgStyle& WithStroke(std::string_view colour, double width = 1.0) {
    stroke = colour;
    stroke_width = width;
    return *this;
  }
  SvgStyle& WithFill(std::string_view colour, double opacity_of_fill = 1.0) {
    fill = colour;
    fill_opacity = opacity_of_fill;
    return *this;
  }
  SvgStyle& WithDash(std::string_view pattern) {
    dash = pattern;
    return *this;
  }
  SvgStyle& WithOpacity(double value) {
    opacity = value;
    return *this;
  }
};

// The colours every tourney figure shares, so plots on one report page match.
namespace plot_colours {
// Tableau 10: distinct, colour-blind-friendly hues for series and clusters (cycled).
inline constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                           "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
inline constexpr const char* kInk = "#1f2937";    // titles, labels
inline constexpr const char* kMuted = "#6b7280";  // subtitles, captions
inline constexpr const char* kGrid = "#e5e7eb";   // grid lines
inline constexpr const char* kAxis = "#9ca3af";   // axis lines
}  // namespace plot_colours

// The type sizes (px) and glyphs every figure shares.
namespace plot_type {
inline constexpr double kTitleFont = 16.0;
inline constexpr double kSmallFont = 11.0;  // tick and cell labels
inline constexpr double kSin45 = 0.70710678118654752;  // labels slanted at 45 degrees
inline constexpr char kMinus[] = "\xE2\x88\x92";  // U+2212 MINUS SIGN for negative numbers
}  // namespace plot_type

enum class TextAnchor { kStart, kMiddle, kEnd };

struct SvgTextStyle {
  double size = 12.0;  // font size in px
  TextAnchor anchor = TextAnchor::kStart;
  double rotate = 0.0;  // degrees, clockwise, about the text's anchor point
  bool bold = false;
  bool italic = false;
  std::string fill = "#222";
  bool monospace = false;          // monospace instead of sans-serif
  bool center_vertically = false;  // dominant-baseline: central
};

class SvgDocument {
 public:
  // A width x height (px) canvas with a white background.
  SvgDocument(double width, double height);

  double width() const { return width_; }
  double height() const { return height_; }

  // Document title (<title>, shown as the browser tab name) and description (<desc>).
  void SetTitle(std::string_view title) { title_ = title; }
  void SetDescription(std::string_view description) { description_ = description; }

  void Rect(double x, double y, double w, double h, const SvgStyle& style);
  void Line(double x1, double y1, double x2, double y2, const SvgStyle& style);
  void Circle(double cx, double cy, double r, const SvgStyle& style);
  void Polyline(const std::vector<std::pair<double, double>>& points, const SvgStyle& style);
  void Polygon(const std::vector<std::pair<double, double>>& points, const SvgStyle& style);
  void Text(double x, double y, std::string_view text, const SvgTextStyle& style);

  // Groups: everything between BeginGroup and EndGroup; `tooltip`, when not empty, becomes
  // the group's <title> (shown on hover). `css_class` is an optional class attribute.
  // REQUIRES: calls balanced.
  void BeginGroup(std::string_view tooltip = {}, std::string_view css_class = {});
  void EndGroup();

  // The complete SVG document (XML declaration included). Open groups are closed.
  std::string Finish() const;

 private:
  static std::string StyleAttributes(const SvgStyle& style);
  void Indent();

  const double width_;
  const double height_;
  std::string title_;
  std::string description_;
  std::string body_;
  int depth_ = 0;
};

}  // namespace tourney

#endif  // TOURNEY_RENDER_SVG_PLOT_H_
