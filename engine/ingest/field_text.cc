#include "ingest/field_text.h"

#include <charconv>

namespace tourney {

std::string_view TrimField(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::optional<int64_t> ParseIntField(std::string_view s) {
  s = TrimField(s);
  if (s.empty()) return std::nullopt;
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

}  // namespace tourney
