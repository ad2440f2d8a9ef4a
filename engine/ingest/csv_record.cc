#include "ingest/csv_record.h"

#include <utility>

namespace tourney {

bool SplitCsvLine(std::string_view line, std::vector<std::string_view>* fields,
               std::vector<std::string>* storage) {
  fields->clear();
  if (line.find('"') == std::string_view::npos) {
    size_t start = 0;
    while (true) {
      const size_t comma = line.find(',', start);
      if (comma == std::string_view::npos) {
        fields->push_back(line.substr(start));
        return true;
      }
      fields->push_back(line.substr(start, comma - start));
      start = comma + 1;
    }
  }
  storage->clear();
  storage->reserve(line.size());  // keeps string_views into it stable below
  size_t i = 0;
  std::vector<std::pair<size_t, bool>> pending;  // (index into storage or line offset, quoted)
  std::vector<std::pair<size_t, size_t>> plain;
  while (true) {
    if (i < line.size() && line[i] == '"') {
      std::string value;
      ++i;
      bool closed = false;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            value.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        value.push_back(line[i++]);
      }
      if (!closed) return false;
      // Allow spaces between the closing quote and the comma.
      while (i < line.size() && line[i] != ',') {
        if (line[i] != ' ' && line[i] != '\t') return false;
        ++i;
      }
      storage->push_back(std::move(value));
      pending.emplace_back(storage->size() - 1, true);
    } else {
      const size_t comma = line.find(',', i);
      const size_t end = comma == std::string_view::npos ? line.size() : comma;
      plain.emplace_back(i, end - i);
      pending.emplace_back(plain.size() - 1, false);
      i = end;
    }
    if (i >= line.size()) break;
    ++i;  // skip the comma
    if (i == line.size()) {
      plain.emplace_back(i, 0);
      pending.emplace_back(plain.size() - 1, false);
      break;
    }
  }
  for (const auto& [idx, quoted] : pending) {
    if (quoted) {
      fields->push_back((*storage)[idx]);
    } else {
      fields->push_back(line.substr(plain[idx].first, plain[idx].second));
    }
  }
  return true;
}

}  // namespace tourney
