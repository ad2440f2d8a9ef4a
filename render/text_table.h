// A small table of text cells (numbers already formatted) and its renderings: aligned plain
// text, Markdown, LaTeX (booktabs) and CSV. The reports of n-best evaluation, sampling,
// stability and top-k identification share it, so that their columns line up the same way.
//
// The first `left_columns` columns are names, left-aligned; the others are numbers,
// right-aligned, where a leading hyphen becomes the format's minus sign. Plain text pads by
// display columns (text_format.h's DisplayWidth: a true minus sign or "±" takes one column,
// an East Asian wide character two), so a cell never pushes its row out of line.
#ifndef TOURNEY_RENDER_TEXT_TABLE_H_
#define TOURNEY_RENDER_TEXT_TABLE_H_

#include <string>
#include <string_view>
#include <vector>

namespace tourney {

struct TextTable {
  std::string caption;
  std::vector<std::string> header;
  size_t left_columns = 1;
  std::vector<std::vector<std::string>> rows;  // each as long as the header
  std::vector<bool> rule_before;               // a rule above row i (e.g. a new cluster)
};

// The caption, the header and the rows, columns two spaces apart, no trailing spaces;
// rules as lines of '-'. `minus` replaces a number's leading hyphen ("\u2212" by default).
std::string RenderTextTable(const TextTable& table, std::string_view minus = "\u2212");

// **caption**, a blank line, then a pipe table (names ---, numbers ---:).
std::string RenderMarkdownTable(const TextTable& table, std::string_view minus = "\u2212");

// "% caption", then a booktabs tabular (l for names, r for numbers), cells escaped, a
// \midrule for each rule, $-$ for a number's minus sign.
std::string RenderLatexTable(const TextTable& table);

// "# caption", then the header and rows as RFC 4180 CSV (fields quoted when needed).
std::string RenderCsvTable(const TextTable& table);

}  // namespace tourney

#endif  // TOURNEY_RENDER_TEXT_TABLE_H_
