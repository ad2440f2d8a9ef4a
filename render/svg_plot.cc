#include "render/svg_plot.h"

#include <charconv>
#include <cmath>

#include "render/text_format.h"

namespace tourney {

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is not valid.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  size_t len = 0;
  unsigned int min_code = 0;
  unsigned int code = 0;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) {
    len = 2, min_code = 0x80, code = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, min_code = 0x800, code = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, min_code = 0x10000, code = c & 0x07;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    const unsigned char cc = static_cast<unsigned char>(text[i + k]);
    if ((cc & 0xC0) != 0x80) return 0;
    code = (code << 6) | (cc & 0x3F);
  }
  if (code < min_code || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

std::string XmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t len = Utf8SequenceLength(text, i);
    if (len == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
      ++i;
      continue;
    }
    if (len > 1) {
      out.append(text.substr(i, len));
      i += len;
      continue;
    }
    const char c = text[i++];
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters other than tab and newlines are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::vector<std::string> WrapText(std::string_view text, double font_size, double max_width) {
  std::vector<std::string> lines;
  std::string line;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j == i) break;
    const std::string_view word = text.substr(i, j - i);
    const std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
    if (!line.empty() && EstimateTextWidth(candidate, font_size) > max_width) {
      lines.push_back(line);
      line = std::string(word);
    } else {
      line = candidate;
    }
    i = j;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string SvgNumber(double value) {
  if (!std::isfinite(value)) return "0";
  // std::to_chars ignores the locale: always a '.' decimal separator.
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::fixed, 2);
  std::string s = ec == std::errc() ? std::string(buf, end) : std::string("0");
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

double EstimateTextWidth(std::string_view text, double font_size) {
  // Advance widths in em of DejaVu Sans, what "Helvetica, Arial, sans-serif" falls back to
  // on a Linux system without those fonts (rsvg-convert, browsers): the widest of the three,
  // so that a text measured here fits wherever it is drawn.
  double em = 0.0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const unsigned char c = static_cast<unsigned char>(ch);
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    if (c >= 0x80) {
      // Two display columns (CJK, fullwidth) are about a full em.
      size_t end = i + 1;
      while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
      em += DisplayWidth(text.substr(i, end - i)) >= 2 ? 1.0 : 0.7;
    } else if (std::string_view("iljI.,:;' ").find(ch) != std::string_view::npos) {
      em += 0.34;
    } else if (std::string_view("ft()[]r").find(ch) != std::string_view::npos) {
      em += 0.42;
    } else if (std::string_view("mwMW@%").find(ch) != std::string_view::npos) {
      em += 1.0;
    } else if (std::string_view("+<=>~#&^").find(ch) != std::string_view::npos) {
      em += 0.84;
    } else if (c >= 'A' && c <= 'Z') {
      em += 0.8;
    } else {
      em += 0.64;  // digits 0.636, the widest lowercase 0.635
    }
  }
  return em * font_size;
}

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {
  Rect(0, 0, width, height, SvgStyle::Fill("#ffffff"));
}

void SvgDocument::Indent() { body_.append(static_cast<size_t>(2 * (depth_ + 1)), ' '); }

std::string SvgDocument::StyleAttributes(const SvgStyle& style) {
  std::string out =
      " fill=\"" + XmlEscape(style.fill) + "\" stroke=\"" + XmlEscape(style.stroke) + "\"";
  if (style.stroke != "none") out += " stroke-width=\"" + SvgNumber(style.stroke_width) + "\"";
  if (!style.dash.empty()) out += " stroke-dasharray=\"" + XmlEscape(style.dash) + "\"";
  if (style.opacity < 1.0) out += " opacity=\"" + SvgNumber(style.opacity) + "\"";
  if (style.fill_opacity < 1.0) {
    out += " fill-opacity=\"" + SvgNumber(style.fill_opacity) + "\"";
  }
  return out;
}

void SvgDocument::Rect(double x, double y, double w, double h, const SvgStyle& style) {
  Indent();
  body_ += "<rect x=\"" + SvgNumber(x) + "\" y=\"" + SvgNumber(y) + "\" width=\"" +
           SvgNumber(std::max(w, 0.0)) + "\" height=\"" + SvgNumber(std::max(h, 0.0)) + "\"" +
           StyleAttributes(style) + "/>\n";
}

void SvgDocument::Line(double x1, double y1, double x2, double y2, const SvgStyle& style) {
  Indent();
  body_ += "<line x1=\"" + SvgNumber(x1) + "\" y1=\"" + SvgNumber(y1) + "\" x2=\"" + SvgNumber(x2) +
           "\" y2=\"" + SvgNumber(y2) + "\"" + StyleAttributes(style) + "/>\n";
}

void SvgDocument::Circle(double cx, double cy, double r, const SvgStyle& style) {
  Indent();
  body_ += "<circle cx=\"" + SvgNumber(cx) + "\" cy=\"" + SvgNumber(cy) + "\" r=\"" + SvgNumber(r) +
           "\"" + StyleAttributes(style) + "/>\n";
}

namespace {

std::string Points(const std::vector<std::pair<double, double>>& points) {
  std::string out;
  for (const auto& [x, y] : points) {
    if (!out.empty()) out += ' ';
    out += SvgNumber(x) + "," + SvgNumber(y);
  }
  return out;
}

}  // namespace

void SvgDocument::Polyline(const std::vector<std::pair<double, double>>& points,
                           const SvgStyle& style) {
  Indent();
  body_ += "<polyline points=\"" + Points(points) + "\"" + StyleAttributes(style) + "/>\n";
}

void SvgDocument::Polygon(const std::vector<std::pair<double, double>>& points,
                          const SvgStyle& style) {
  Indent();
  body_ += "<polygon points=\"" + Points(points) + "\"" + StyleAttributes(style) + "/>\n";
}

void SvgDocument::Text(double x, double y, std::string_view text, const SvgTextStyle& style) {
  Indent();
  body_ += "<text x=\"" + SvgNumber(x) + "\" y=\"" + SvgNumber(y) + "\" font-size=\"" +
           SvgNumber(style.size) + "\" font-family=\"" +
           (style.monospace ? "monospace" : "Helvetica, Arial, sans-serif") + "\" fill=\"" +
           XmlEscape(style.fill) + "\"";
  if (style.anchor == TextAnchor::kMiddle) body_ += " text-anchor=\"middle\"";
  if (style.anchor == TextAnchor::kEnd) body_ += " text-anchor=\"end\"";
  if (style.bold) body_ += " font-weight=\"bold\"";
  if (style.italic) body_ += " font-style=\"italic\"";
  if (style.center_vertically) body_ += " dominant-baseline=\"central\"";
  if (style.rotate != 0.0) {
    body_ += " transform=\"rotate(" + SvgNumber(style.rotate) + " " + SvgNumber(x) + " " +
             SvgNumber(y) + ")\"";
  }
  body_ += ">" + XmlEscape(text) + "</text>\n";
}

void SvgDocument::BeginGroup(std::string_view tooltip, std::string_view css_class) {
  Indent();
  body_ += "<g";
  if (!css_class.empty()) body_ += " class=\"" + XmlEscape(css_class) + "\"";
  body_ += ">\n";
  ++depth_;
  if (!tooltip.empty()) {
    Indent();
    body_ += "<title>" + XmlEscape(tooltip) + "</title>\n";
  }
}

void SvgDocument::EndGroup() {
  if (depth_ == 0) return;
  --depth_;
  Indent();
  body_ += "</g>\n";
}

std::string SvgDocument::Finish() const {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + SvgNumber(width_) + "\" height=\"" +
         SvgNumber(height_) + "\" viewBox=\"0 0 " + SvgNumber(width_) + " " + SvgNumber(height_) +
         "\">\n";
  if (!title_.empty()) out += "  <title>" + XmlEscape(title_) + "</title>\n";
  if (!description_.empty()) out += "  <desc>" + XmlEscape(description_) + "</desc>\n";
  out += body_;
  for (int d = depth_; d > 0; --d) out.append(static_cast<size_t>(2 * d), ' ') += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace tourney
