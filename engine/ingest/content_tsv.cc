#include "ingest/content_tsv.h"

#include <cstring>

#include "ingest/field_text.h"

namespace tourney {

ContentTsvLines::ContentTsvLines(std::string_view text) : text_(text) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 BOM
}

bool ContentTsvLines::Next(std::vector<std::string_view>* fields) {
  if (pos_ >= text_.size()) return false;
  size_t end = text_.find('\n', pos_);
  if (end == std::string_view::npos) end = text_.size();
  std::string_view line = text_.substr(pos_, end - pos_);
  pos_ = end + 1;
  ++line_;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  fields->clear();
  size_t begin = 0;
  while (true) {
    const size_t tab = line.find('\t', begin);
    if (tab == std::string_view::npos) {
      fields->push_back(line.substr(begin));
      break;
    }
    fields->push_back(line.substr(begin, tab - begin));
    begin = tab + 1;
  }
  return true;
}

int ContentTsvHeader::Find(std::initializer_list<std::string_view> aliases,
                           std::string* error) const {
  for (std::string_view alias : aliases) {
    const int c = FindHeaderColumn(names, alias, error);
    if (c >= 0) return c;
  }
  return -1;
}

Status TsvError(std::string_view name, int64_t line, std::string_view column,
                std::string_view message) {
  std::string m = std::string(name) + ":" + std::to_string(line) + ": ";
  if (!column.empty()) {
    m += "column '";
    m += column;
    m += "': ";
  }
  return InvalidArgument(m + std::string(message));
}

Status RequireTsvColumns(std::string_view name,
                         std::initializer_list<std::pair<int, const char*>> required,
                         std::string_view hint) {
  for (const auto& [col, column] : required) {
    if (col < 0) {
      return TsvError(name, 1, "",
                      std::string("the header has no column '") + column + "' (" +
                          std::string(hint) + ")");
    }
  }
  return Status::Ok();
}

Status CheckTsvFieldCount(std::string_view name, int64_t line, size_t found, size_t expected) {
  if (found == expected) return Status::Ok();
  return TsvError(name, line, "",
                  "expected " + std::to_string(expected) +
                      " tab-separated fields as in the header, found " + std::to_string(found));
}

}  // namespace tourney
