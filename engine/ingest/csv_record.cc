#include "ingest/csv_record.h"

#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tourney {

bool SplitCsvLine(std::string_view line, std::vector<std::string_view>* fields,
                  std::vector<std::string>* storage) {
  fields->clear();
  {
    // Unquoted lines (almost all): one pass over the bytes, a field per comma. Fields are
    // short, so a byte loop beats a library search per field.
    const char* const data = line.data();
    const size_t size = line.size();
    size_t start = 0;
    size_t i = 0;
    bool quoted = false;
#if defined(__SSE2__)
    // 16 bytes at a time: a bit mask of the commas, and any quote sends the line to the
    // general path below.
    const __m128i comma = _mm_set1_epi8(',');
    const __m128i quote = _mm_set1_epi8('"');
    for (; i + 16 <= size; i += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      if (_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quote)) != 0) {
        quoted = true;
        break;
      }
      unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, comma)));
      while (mask != 0) {
        const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
        fields->emplace_back(data + start, at - start);
        start = at + 1;
        mask &= mask - 1;
      }
    }
#endif
    for (; !quoted && i < size; ++i) {
      const char c = data[i];
      if (c == ',') {
        fields->emplace_back(data + start, i - start);
        start = i + 1;
      } else if (c == '"') {
        quoted = true;
        break;
      }
    }
    if (!quoted) {
      fields->emplace_back(data + start, size - start);
      return true;
    }
    fields->clear();
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
