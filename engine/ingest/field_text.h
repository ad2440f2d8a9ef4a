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

}  // namespace tourney

#endif  // TOURNEY_INGEST_FIELD_TEXT_H_
