#include "render/text_table.h"

#include <algorithm>

#include "render/text_format.h"

namespace tourney {
namespace {

// The cells of a row with `minus` on the numbers.
std::vector<std::string> Signed(const TextTable& t, std::vector<std::string> row,
                                std::string_view minus) {
  for (size_t c = t.left_columns; c < row.size(); ++c) row[c] = WithMinusSign(row[c], minus);
  return row;
}

std::string Padded(const std::string& text, size_t width, bool left) {
  const size_t w = DisplayWidth(text);
  if (w >= width) return text;
  const std::string pad(width - w, ' ');
  return left ? text + pad : pad + text;
}

}  // namespace

std::string RenderTextTable(const TextTable& t, std::string_view minus) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : t.rows) rows.push_back(Signed(t, row, minus));
  std::vector<size_t> width(t.header.size());
  for (size_t c = 0; c < t.header.size(); ++c) {
    width[c] = DisplayWidth(t.header[c]);
    for (const auto& row : rows) {
      if (c < row.size()) width[c] = std::max(width[c], DisplayWidth(row[c]));
    }
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (size_t c = 0; c < cells.size() && c < width.size(); ++c) {
      out += (c > 0 ? "  " : "") + Padded(cells[c], width[c], c < t.left_columns);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  size_t total = 0;
  for (size_t w : width) total += w + 2;
  std::string out = t.caption.empty() ? std::string() : t.caption + "\n";
  out += line(t.header);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i < t.rule_before.size() && t.rule_before[i] && total >= 2) {
      out += std::string(total - 2, '-') + "\n";
    }
    out += line(rows[i]);
  }
  return out;
}

std::string RenderMarkdownTable(const TextTable& t, std::string_view minus) {
  std::string out = t.caption.empty() ? std::string() : "**" + MarkdownCell(t.caption) + "**\n\n";
  out += "|";
  auto add = [&out](const std::string& cell) {
    out += ' ';
    out += MarkdownCell(cell);
    out += " |";
  };
  for (const std::string& h : t.header) add(h);
  out += "\n|";
  for (size_t c = 0; c < t.header.size(); ++c) out += c < t.left_columns ? "---|" : "---:|";
  out += "\n";
  for (const auto& row : t.rows) {
    out += "|";
    for (const std::string& cell : Signed(t, row, minus)) add(cell);
    out += "\n";
  }
  return out;
}

std::string RenderLatexTable(const TextTable& t) {
  std::string out = t.caption.empty() ? std::string() : "% " + t.caption + "\n";
  out += "\\begin{tabular}{";
  for (size_t c = 0; c < t.header.size(); ++c) out += c < t.left_columns ? "l" : "r";
  out += "}\n\\toprule\n";
  auto line = [&](const std::vector<std::string>& cells, bool numbers) {
    std::string text;
    for (size_t c = 0; c < cells.size(); ++c) {
      const std::string cell = LatexEscape(cells[c]);
      text +=
          (c ? " & " : "") + (numbers && c >= t.left_columns ? WithMinusSign(cell, "$-$") : cell);
    }
    return text + " \\\\\n";
  };
  out += line(t.header, false) + "\\midrule\n";
  for (size_t i = 0; i < t.rows.size(); ++i) {
    if (i > 0 && i < t.rule_before.size() && t.rule_before[i]) out += "\\midrule\n";
    out += line(t.rows[i], true);
  }
  return out + "\\bottomrule\n\\end{tabular}\n";
}

std::string RenderCsvTable(const TextTable& t) {
  std::string out = t.caption.empty() ? std::string() : "# " + t.caption + "\n";
  auto line = [&out](const std::vector<std::string>& cells) {
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) out += ',';
      out += CsvField(cells[c]);
    }
    out += "\n";
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
  return out;
}

}  // namespace tourney
