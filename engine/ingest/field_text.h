// Internal to ingest/: small helpers for reading text fields and quoting them in errors,
// shared by the CSV, XML and battle-log readers.
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_FIELD_TEXT_H_
#define TOURNEY_INGEST_FIELD_TEXT_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

// `s` without leading and trailing spaces, tabs and carriage returns (the WMT16 CSVs end
// their lines with \r\r\n).
// Inline: the readers call it several times per row.
inline std::string_view TrimField(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// Calls line(text, number) for every line of `text` that is not blank (JSON Lines: one
// record a line), numbered from 1 as in the file; stops at the first line whose call
// returns a status that is not OK, and returns it.
template <typename LineFn>
Status ForEachNonBlankLine(std::string_view text, LineFn&& line) {
  size_t pos = 0;
  int64_t number = 0;
  while (pos < text.size()) {
    const size_t end = text.find('\n', pos);
    const size_t stop = end == std::string_view::npos ? text.size() : end;
    const std::string_view one = text.substr(pos, stop - pos);
    pos = stop + 1;
    ++number;
    if (TrimField(one).empty()) continue;
    if (Status s = line(one, number); !s.ok()) return s;
  }
  return Status::Ok();
}

// Ids of names that a file repeats thousands of times: a direct-mapped cache keyed by the
// length and the last 8 bytes settles most lookups with one comparison instead of hashing
// the whole name. A slot holds id + 1 (0 = empty). `intern(name)` returns the id (adding
// the name if new), `name_of(id)` the name of an id.
using NameCache = std::array<int32_t, 256>;
template <typename Intern, typename NameOf>
int32_t CachedIntern(NameCache& cache, std::string_view name, Intern intern, NameOf name_of) {
  uint64_t tail = 0;
  const size_t n = std::min<size_t>(name.size(), sizeof tail);
  if (n > 0) std::memcpy(&tail, name.data() + name.size() - n, n);
  int32_t& cached =
      cache[static_cast<size_t>(((tail ^ name.size()) * 0x9E3779B97F4A7C15ULL) >> 56)];
  if (cached > 0 && name_of(cached - 1) == name) return cached - 1;
  const int32_t id = intern(name);
  cached = id + 1;
  return id;
}

// A decimal integer, optionally signed ('+' or '-'), surrounded by blanks at most;
// nullopt for anything else (empty, trailing text, out of range). Inline for the one- and
// two-digit fields without blanks (ranks, most ids) that readers meet several times a row;
// the rest goes to ParseIntFieldInFull.
std::optional<int64_t> ParseIntFieldInFull(std::string_view s);
inline std::optional<int64_t> ParseIntField(std::string_view s) {
  const size_t n = s.size();
  if (n == 1 && static_cast<unsigned char>(s[0] - '0') < 10) return s[0] - '0';
  if (n == 2 && static_cast<unsigned char>(s[0] - '0') < 10 &&
      static_cast<unsigned char>(s[1] - '0') < 10) {
    return (s[0] - '0') * 10 + (s[1] - '0');
  }
  return ParseIntFieldInFull(s);
}

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
