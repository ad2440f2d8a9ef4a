// Internal to ingest/: small helpers for reading text fields and quoting them in errors,
// shared by the CSV, XML and battle-log readers.
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_FIELD_TEXT_H_
#define TOURNEY_INGEST_FIELD_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tourney {

// `s` without leading and trailing spaces, tabs and carriage returns (the WMT16 CSVs end
// their lines with \r\r\n).
std::string_view TrimField(std::string_view s);

// A decimal integer, optionally signed ('+' or '-'), surrounded by blanks at most;
// nullopt for anything else (empty, trailing text, out of range).
std::optional<int64_t> ParseIntField(std::string_view s);

// `v` in single quotes for an error message; longer than `max_chars` bytes, its first
// max_chars - 3 bytes and "...".
std::string QuotedValue(std::string_view v, size_t max_chars = 40);

// True when `s` is well-formed UTF-8 (no overlong forms, surrogates or code points above
// U+10FFFF).
bool IsValidUtf8(std::string_view s);

// Offset of the first byte of `s` that does not begin a well-formed UTF-8 sequence, or
// s.size() when `s` is valid.
size_t FirstInvalidUtf8(std::string_view s);

// The message for a name that is not UTF-8: "'A\xFF' is not valid UTF-8 (byte 0xFF at
// offset 1)", bytes outside printable ASCII written as \xHH.
std::string InvalidUtf8Message(std::string_view s);

// Index of the header column named `col` (blanks trimmed), or -1. When it is named twice, sets
// *duplicate (if still empty) to "field 'col': column 'col' appears twice (columns i and j)":
// a second column of the same name would otherwise be ignored silently.
int FindHeaderColumn(const std::vector<std::string_view>& header, std::string_view col,
                     std::string* duplicate);

}  // namespace tourney

#endif  // TOURNEY_INGEST_FIELD_TEXT_H_
