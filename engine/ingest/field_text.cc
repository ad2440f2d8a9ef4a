#include "ingest/field_text.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tourney {

std::optional<int64_t> ParseIntFieldInFull(std::string_view s) {
  s = TrimField(s);
  if (s.empty()) return std::nullopt;
  if (s.size() <= 2 && static_cast<unsigned char>(s[0] - '0') < 10) {
    // One or two digits (ranks, most ids): the value from_chars would give.
    const int d0 = s[0] - '0';
    if (s.size() == 1) return d0;
    if (static_cast<unsigned char>(s[1] - '0') < 10) return d0 * 10 + (s[1] - '0');
    return std::nullopt;
  }
  const char* first = s.data();
  if (*first == '+') ++first;
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string QuotedValue(std::string_view v, size_t max_chars) {
  std::string out = "'";
  if (v.size() > max_chars) {
    out.append(v.substr(0, max_chars > 3 ? max_chars - 3 : 0));
    out.append("...");
  } else {
    out.append(v);
  }
  out.push_back('\'');
  return out;
}

size_t FirstInvalidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    // ASCII eight bytes at a time: names are mostly ASCII.
    while (i + 8 <= n) {
      uint64_t word;
      std::memcpy(&word, p + i, 8);
      if ((word & 0x8080808080808080ULL) != 0) break;
      i += 8;
    }
    if (i >= n) break;
    const unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;  // overlong
      if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    if (i + len > n) return i;
    if (p[i + 1] < lo || p[i + 1] > hi) return i;
    for (size_t k = 2; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return n;
}

bool IsValidUtf8(std::string_view s) { return FirstInvalidUtf8(s) == s.size(); }

std::string InvalidUtf8Message(std::string_view s) {
  static const char kHex[] = "0123456789ABCDEF";
  const size_t bad = FirstInvalidUtf8(s);
  std::string shown;
  const size_t limit = std::min<size_t>(s.size(), 40);
  for (size_t i = 0; i < limit; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      shown.push_back(static_cast<char>(c));
    } else {
      shown += "\\x";
      shown.push_back(kHex[c >> 4]);
      shown.push_back(kHex[c & 15]);
    }
  }
  if (limit < s.size()) shown += "...";
  std::string out = "'" + shown + "' is not valid UTF-8";
  if (bad < s.size()) {
    const auto c = static_cast<unsigned char>(s[bad]);
    out += " (byte 0x";
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
    out += " at offset " + std::to_string(bad) + ")";
  }
  return out;
}

int FindHeaderColumn(const std::vector<std::string_view>& header, std::string_view col,
                     std::string* duplicate) {
  int found = -1;
  for (size_t i = 0; i < header.size(); ++i) {
    if (TrimField(header[i]) != col) continue;
    if (found >= 0) {
      if (duplicate->empty()) {
        *duplicate = "field '" + std::string(col) + "': column '" + std::string(col) +
                     "' appears twice (columns " + std::to_string(found + 1) + " and " +
                     std::to_string(i + 1) + ")";
      }
      break;
    }
    found = static_cast<int>(i);
  }
  return found;
}

}  // namespace tourney
