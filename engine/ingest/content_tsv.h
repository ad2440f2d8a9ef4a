// Internal to ingest/: the tab-separated tables of the content importers (the MQM TSV and the
// plain table). Fields are split at tabs with no quoting (the Google MQM files hold '"' in
// their texts), a line ends at "\n" or "\r\n", and a field is kept byte for byte.
// Thread safety: a ContentTsvLines is not thread-safe.
#ifndef TOURNEY_INGEST_CONTENT_TSV_H_
#define TOURNEY_INGEST_CONTENT_TSV_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

class ContentTsvLines {
 public:
  explicit ContentTsvLines(std::string_view text);
  // The next line's fields (false at the end). line_number() is its 1-based number.
  bool Next(std::vector<std::string_view>* fields);
  int64_t line_number() const { return line_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int64_t line_ = 0;
};

// The columns a content table names in its header: their indices (-1 when absent).
struct ContentTsvHeader {
  std::vector<std::string_view> names;
  // Index of the first of `aliases` the header holds, or -1. Sets *error (if empty) when a
  // name appears twice.
  int Find(std::initializer_list<std::string_view> aliases, std::string* error) const;
};

// "NAME:LINE: column 'COLUMN': MESSAGE" (without the column part when `column` is empty).
Status TsvError(std::string_view name, int64_t line, std::string_view column,
                std::string_view message);

// TsvError on line 1 for the first column of `required` whose index is -1: "the header has
// no column 'NAME' (HINT)". OK when every one is present.
Status RequireTsvColumns(std::string_view name,
                         std::initializer_list<std::pair<int, const char*>> required,
                         std::string_view hint);

// TsvError on `line` unless a row of `found` fields matches a header of `expected`.
Status CheckTsvFieldCount(std::string_view name, int64_t line, size_t found, size_t expected);

}  // namespace tourney

#endif  // TOURNEY_INGEST_CONTENT_TSV_H_
