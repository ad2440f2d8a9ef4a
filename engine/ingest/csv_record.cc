#include "ingest/csv_record.h"

#include <algorithm>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tourney {

size_t FindLineEnd(const char* data, size_t size, bool* quoted) {
  size_t i = 0;
  bool seen_quote = false;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i quote = _mm_set1_epi8('"');
  for (; i + 16 <= size; i += 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    const unsigned nl_mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, newline)));
    const unsigned quote_mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quote)));
    if (nl_mask != 0) {
      const unsigned at = static_cast<unsigned>(__builtin_ctz(nl_mask));
      *quoted = seen_quote || (quote_mask & ((1u << at) - 1)) != 0;
      return i + at;
    }
    seen_quote |= quote_mask != 0;
  }
#endif
  for (; i < size && data[i] != '\n'; ++i) seen_quote |= data[i] == '"';
  *quoted = seen_quote;
  return i;
}

TextShape ScanText(std::string_view text) {
  const char* const data = text.data();
  const size_t size = text.size();
  size_t count = 0;
  unsigned char high = 0;
  size_t i = 0;
#if defined(__SSE2__)
  // Per-byte counters (0 - (-1) per match) summed into 64-bit lanes before they can wrap;
  // the bytes OR-ed together show any one with its high bit set.
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  __m128i any = zero;
  while (i + 16 <= size) {
    __m128i counters = zero;
    const size_t blocks = std::min<size_t>((size - i) / 16, 255);
    for (size_t b = 0; b < blocks; ++b, i += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(chunk, newline));
      any = _mm_or_si128(any, chunk);
    }
    const __m128i sums = _mm_sad_epu8(counters, zero);
    count += static_cast<size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
  high = _mm_movemask_epi8(any) != 0 ? 0x80 : 0;
#endif
  for (; i < size; ++i) {
    count += data[i] == '\n';
    high |= static_cast<unsigned char>(data[i]);
  }
  return {count, (high & 0x80) == 0};
}

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
