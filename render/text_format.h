// Small text formatters shared by every output of the CLI and the service: grouped
// integers, fixed decimals, true minus signs, and escaping for CSV, JSON, LaTeX, Markdown
// and labels cut to a width. One implementation of each, so that every table, report and
// plot writes numbers the same way.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_TEXT_FORMAT_H_
#define TOURNEY_RENDER_TEXT_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace tourney {

// 1234567 -> "1,234,567"; -1234 -> "-1,234".
std::string WithThousands(int64_t v);

// A count and its noun, singular for one: CountOf(1, "system") -> "1 system",
// CountOf(1418, "system") -> "1,418 systems"; `plural` when not singular + "s".
std::string CountOf(int64_t n, std::string_view singular, std::string_view plural = {});

// printf's "%.*f": Fixed(2.0 / 3.0, 3) -> "0.667".
std::string Fixed(double v, int digits);

// A number for tables: Fixed(v, digits) for ordinary magnitudes, and exponent notation
// with `digits` decimals ("5.000e+307", "1.500e-05") when |v| >= 1e9 or when a non-zero v
// would print as zero. Non-finite values print as "nan" / "inf" (callers refuse them first).
std::string TableNumber(double v, int digits);

// The columns `text` (UTF-8) takes in a terminal: one per code point, two for East Asian
// wide and fullwidth characters (CJK, Hangul, fullwidth forms, most emoji), none for
// combining marks. Invalid bytes count one each.
size_t DisplayWidth(std::string_view text);

// A formatted number with its leading hyphen replaced by `minus` ("\u2212" for HTML and
// plain text, "$-$" for LaTeX); a number that reads as zero ("-0.000") loses its sign.
std::string WithMinusSign(std::string number, std::string_view minus);

// The shortest text that reads back as `v` exactly (0.95, not 0.94999999999999996; an
// exponent for large and small magnitudes); a non-finite v is the caller's business (JSON
// has no NaN).
std::string JsonNumber(double v);

// A JSON string literal: quotes, backslashes and control characters escaped (\u00XX).
std::string JsonQuote(std::string_view text);

// A CSV field, quoted (with doubled quotes) when it holds a comma, a quote or a line break.
std::string CsvField(std::string_view text);

// LaTeX text: _ & % # $ { } escaped, ~ ^ \ as their text commands.
std::string LatexEscape(std::string_view text);

// A Markdown table cell: '|' and '\' escaped, line breaks as spaces.
std::string MarkdownCell(std::string_view text);

// `text` cut to `max_chars` UTF-8 code points, ending in an ellipsis when cut.
std::string Truncate(std::string_view text, int max_chars);

}  // namespace tourney

#endif  // TOURNEY_RENDER_TEXT_FORMAT_H_
