#include "tourney/nbest/staple.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_set>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>  // ScanLine
#endif
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ingest/input_file.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Trims blanks off both ends of a text that has some (the rare case of Trim, kept out of
// line).
[[gnu::noinline]] std::string_view TrimBlanks(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

inline std::string_view Trim(std::string_view s) {
  // Blanks are all below '!': most texts are settled by two comparisons.
  if (s.empty() || (s.front() > ' ' && s.back() > ' ')) return s;
  return TrimBlanks(s);
}

// A decimal number (an optional sign, digits, a point, an exponent) and nothing else.
bool ParseNumber(std::string_view text, double* out) {
  std::string_view t = Trim(text);
  if (!t.empty() && t.front() == '+') {
    t.remove_prefix(1);
    if (!t.empty() && (t.front() == '+' || t.front() == '-')) return false;
  }
  if (t.empty()) return false;
  double v = 0.0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (error != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

// True when `text` is written as a number whose value is not a finite double: inf, -inf,
// nan, infinity (any case, an optional sign) or a decimal beyond the double range (1e999).
// Such a text after a line's last '|' is a score that cannot be used, not part of the
// translation.
bool IsNonFiniteNumber(std::string_view text) {
  std::string_view t = Trim(text);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  if (t.empty() || t.front() == '+') return false;
  double v = 0.0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (end != t.data() + t.size()) return false;
  return error == std::errc::result_out_of_range || (error == std::errc() && !std::isfinite(v));
}

// Appends the run of decimal digits at *p (up to `end`) to *m, advancing *p. *m wraps
// around past 19 digits; the caller rejects those.
void AppendDigits(const char** p, const char* end, uint64_t* m) {
  const char* q = *p;
  uint64_t v = *m;
  for (; q != end && *q >= '0' && *q <= '9'; ++q) v = 10 * v + static_cast<uint64_t>(*q - '0');
  *p = q;
  *m = v;
}

// Eight bytes as one little-endian word: byte i is the i-th character.
uint64_t LoadWord(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

constexpr uint64_t kHighHalves = 0xf0f0f0f0f0f0f0f0ULL;
constexpr uint64_t kZeros = 0x3030303030303030ULL;  // "00000000"

// Nonzero in each byte of `w` that is not '0'..'9' (a byte is a digit when its high half is
// 3, also after adding 6), exact up to the first such byte: a carry only moves upward.
uint64_t NonDigitBytes(uint64_t w) {
  return ((w & kHighHalves) ^ kZeros) | (((w + 0x0606060606060606ULL) & kHighHalves) ^ kZeros);
}

// The number written by eight digit values d0..d7 (byte i holds d_i, 0..9; d0 most
// significant), combined in the word: pairs, then the four pairs by two products.
uint64_t EightDigits(uint64_t d) {
  d = d * 10 + (d >> 8);  // byte 2j: 10 d_2j + d_2j+1
  const uint64_t pairs02 = d & 0x000000ff000000ffULL;
  const uint64_t pairs13 = (d >> 16) & 0x000000ff000000ffULL;
  // High half: pair0 10^6 + pair1 10^4 + pair2 10^2 + pair3 (the low half holds < 10^4).
  return (pairs02 * (100 + (1000000ULL << 32)) + pairs13 * (1 + (10000ULL << 32))) >> 32;
}

// The common spelling of a score or weight, [-]DIGITS[.DIGITS] with at most 15 digits, read
// without from_chars. The digits make an integer m < 10^15 < 2^53 and the point a power
// 10^k, k <= 15 < 23, both exact doubles, so the one rounded division m / 10^k is the
// correctly rounded value from_chars returns (the exact fast path of Clinger 1990). Scores as
// decoders print them (1 to 7 integer digits, a point, 1 to 8 decimals, eight bytes or more)
// are read without a branch per digit: the integer digits from the word at the start, the
// decimals from the word that ends the text. False for any other spelling, which
// ParseNumber then reads.
bool ParseShortDecimal(std::string_view t, double* out) {
  static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  static constexpr uint64_t kIntPow10[] = {1,      10,      100,      1000,     10000,
                                           100000, 1000000, 10000000, 100000000};
  const char* p = t.data();
  const char* const end = p + t.size();
  const bool negative = p != end && *p == '-';
  p += negative;
  if (end - p >= 8) {
    const uint64_t head = LoadWord(p);
    const uint64_t stops = NonDigitBytes(head);
    const int n = stops == 0 ? 8 : std::countr_zero(stops) / 8;  // integer digits
    if (n > 0 && n < 8 && p[n] == '.') {
      const int f = static_cast<int>(end - (p + n + 1));  // decimals
      if (f >= 1 && f <= 8 && n + f <= 15) {
        // The word ending the text, its bytes before the decimals set to '0'.
        const uint64_t keep = ~uint64_t{0} << (8 * (8 - f));
        const uint64_t tail = (LoadWord(end - 8) & keep) | (kZeros & ~keep);
        if (NonDigitBytes(tail) == 0) {
          // The integer digits moved to the top of the word, zeros (digit 0) below them.
          const uint64_t m = EightDigits((head - kZeros) << (8 * (8 - n))) * kIntPow10[f] +
                             EightDigits(tail - kZeros);
          const double v = static_cast<double>(m) / kPow10[f];
          *out = negative ? -v : v;
          return true;
        }
      }
    }
  }
  uint64_t m = 0;
  const char* const first = p;
  AppendDigits(&p, end, &m);
  if (p == first) return false;
  int digits = static_cast<int>(p - first), fraction = 0;
  if (p != end) {
    if (*p != '.') return false;
    const char* const point = ++p;
    AppendDigits(&p, end, &m);
    fraction = static_cast<int>(p - point);
    if (p != end || fraction == 0) return false;
    digits += fraction;
  }
  if (digits > 15) return false;
  const double v = static_cast<double>(m) / kPow10[fraction];
  *out = negative ? -v : v;
  return true;
}

// The end of the line that starts at `pos` (its '\n', or the end of the text), with in
// *last_bar the position of the line's last '|' (npos when it has none): one pass over the
// line, 16 bytes at a time where SSE2 is available and 16 bytes remain.
size_t ScanLine(std::string_view text, size_t pos, size_t* last_bar) {
  size_t bar = std::string_view::npos;
  size_t i = pos;
#ifdef __SSE2__
  const __m128i newlines = _mm_set1_epi8('\n'), bars = _mm_set1_epi8('|');
  for (; i + 16 <= text.size(); i += 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
    const unsigned ends = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, newlines)));
    unsigned found = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, bars)));
    if (ends != 0) {
      found &= (1u << std::countr_zero(ends)) - 1;  // bars before the newline
      if (found != 0) bar = i + 31 - static_cast<size_t>(std::countl_zero(found));
      *last_bar = bar;
      return i + static_cast<size_t>(std::countr_zero(ends));
    }
    if (found != 0) bar = i + 31 - static_cast<size_t>(std::countl_zero(found));
  }
#endif
  for (; i < text.size() && text[i] != '\n'; ++i) {
    if (text[i] == '|') bar = i;
  }
  *last_bar = bar;
  return i;
}

Status Error(const std::string& path, int64_t line, const char* field,
             const std::string& what) {
  return InvalidArgument(path + ":" + std::to_string(line) + ": field '" + field + "': " + what);
}

// The translations of the open block, for the duplicate rule: open addressing (linear
// probing) over the block's translations by their StapleTextHash. A slot is 8 bytes (the
// hash's high half and the entry's number), so that the table of a 1,000-best block stays in
// the first-level cache; it is cleared slot by slot, so that a block costs no allocation once
// the table is large enough.
class SeenTranslations {
 public:
  // True when `t` (of StapleTextHash `hash`) is none of `kept`, the block's translations so
  // far, whose hashes are `hashes`; the caller then appends it to both.
  bool Insert(std::string_view t, uint64_t hash, const std::vector<std::string_view>& kept,
              const std::vector<uint64_t>& hashes) {
    if (4 * (used_.size() + 1) > slots_.size()) Grow(hashes);
    const uint32_t tag = static_cast<uint32_t>(hash >> 32);
    size_t i = hash & (slots_.size() - 1);
    while (slots_[i].entry != 0) {
      if (slots_[i].tag == tag && kept[slots_[i].entry - 1] == t) return false;
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = {tag, static_cast<uint32_t>(kept.size() + 1)};
    used_.push_back(i);
    return true;
  }

  void Clear() {
    for (size_t i : used_) slots_[i] = Slot();
    used_.clear();
  }

 private:
  struct Slot {
    uint32_t tag = 0;
    uint32_t entry = 0;  // 1 + the entry's index in the block; 0: free
  };

  void Grow(const std::vector<uint64_t>& hashes) {
    slots_.assign(std::max<size_t>(256, 2 * slots_.size()), Slot());
    used_.clear();
    for (size_t e = 0; e < hashes.size(); ++e) {
      size_t i = hashes[e] & (slots_.size() - 1);
      while (slots_[i].entry != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = {static_cast<uint32_t>(hashes[e] >> 32), static_cast<uint32_t>(e + 1)};
      used_.push_back(i);
    }
  }

  std::vector<Slot> slots_;
  std::vector<size_t> used_;
};

// The prompt ids seen so far in one file (a file may be parsed in several pieces).
using PromptIds = std::unordered_set<std::string>;

// ForEachStapleBlock over a piece of a file whose first line is line *line; on success
// *line is the number of the line after the piece's last '\n'. `ids` carries the prompt ids
// from piece to piece. A piece ends after a blank line or at the end of the file, so no
// block spans two pieces.
Status ParseStaplePiece(std::string_view text, const std::string& path, StapleKind kind,
                        const std::function<Status(const StapleBlockView&)>& visit,
                        int64_t* dropped_duplicates, int64_t* line_number, PromptIds* ids) {
  SeenTranslations seen;
  StapleBlockView block;
  bool open = false;
  int with_value = 0;
  int64_t header_line = 0;
  const auto close = [&]() -> Status {
    if (!open) return Status::Ok();
    open = false;
    seen.Clear();
    if (with_value != 0 && with_value != static_cast<int>(block.translations.size())) {
      return Error(path, header_line, kind == StapleKind::kGold ? "weight" : "score",
                   "prompt '" + std::string(block.id) + "': some translations have a " +
                       (kind == StapleKind::kGold ? "weight" : "score") + " and some do not");
    }
    if (with_value == 0) block.values.clear();
    return visit(block);
  };
  size_t pos = 0;
  int64_t number = *line_number;
  for (; pos <= text.size(); ++number) {
    size_t last_bar = 0;
    const size_t end = ScanLine(text, pos, &last_bar);
    const std::string_view line = Trim(std::string_view(text.data() + pos, end - pos));
    const bool last = end >= text.size();
    pos = end + 1;
    if (line.empty()) {
      if (Status s = close(); !s.ok()) return s;
      if (last) break;
      continue;
    }
    if (!open) {
      const size_t bar = line.find('|');
      const std::string_view id = Trim(line.substr(0, bar));
      if (id.empty()) return Error(path, number, "id", "a block opens without a prompt id");
      if (!ids->insert(std::string(id)).second) {
        return Error(path, number, "id", "prompt '" + std::string(id) + "' opens a second block");
      }
      block.id = id;
      block.prompt =
          bar != std::string_view::npos ? Trim(line.substr(bar + 1)) : std::string_view();
      block.translations.clear();
      block.hashes.clear();
      block.values.clear();
      open = true;
      with_value = 0;
      header_line = number;
      if (last) break;
      continue;
    }
    std::string_view translation = line;
    double value = 0.0;
    bool has_value = false;
    // The last '|' is no blank, so it lies within the trimmed line.
    if (last_bar != std::string_view::npos) {
      const size_t bar = last_bar - static_cast<size_t>(line.data() - text.data());
      const std::string_view written = line.substr(bar + 1);
      if (ParseShortDecimal(written, &value) || ParseNumber(written, &value)) {
        translation = Trim(std::string_view(line.data(), bar));
        has_value = true;
      } else if (kind == StapleKind::kGold || IsNonFiniteNumber(written)) {
        std::string what(1, '\'');
        what.append(Trim(line.substr(bar + 1)));
        what.append("' is not a finite number within the range of a double");
        return Error(path, number, kind == StapleKind::kGold ? "weight" : "score", what);
      }
    }
    if (kind == StapleKind::kGold) {
      if (!has_value) return Error(path, number, "weight", "missing (TRANSLATION|WEIGHT)");
      if (!(value > 0.0)) return Error(path, number, "weight", "must be positive");
    }
    if (translation.empty()) return Error(path, number, "translation", "empty");
    const uint64_t hash = StapleTextHash(translation);
    if (!seen.Insert(translation, hash, block.translations, block.hashes)) {
      if (kind == StapleKind::kGold) {
        std::string what(1, '\'');
        what.append(translation);
        what.append("' is listed twice for prompt '");
        what.append(block.id);
        what.append("'");
        return Error(path, number, "translation", what);
      }
      ++*dropped_duplicates;
      if (last) break;
      continue;
    }
    block.translations.push_back(translation);
    block.hashes.push_back(hash);
    block.values.push_back(value);
    with_value += has_value;
    if (last) break;
  }
  *line_number = number;
  return close();
}

// The offset just past the last blank line of `text` (empty or blanks only, ended by
// '\n'), or 0 when it has none.
size_t EndOfLastBlankLine(std::string_view text) {
  const auto offset = [&text](const void* p) {
    return static_cast<size_t>(static_cast<const char*>(p) - text.data());
  };
  const void* found = memrchr(text.data(), '\n', text.size());
  while (found != nullptr) {
    const size_t end = offset(found);
    found = memrchr(text.data(), '\n', end);  // the '\n' before this line, if any
    const size_t start = found == nullptr ? 0 : offset(found) + 1;
    if (Trim(text.substr(start, end - start)).empty()) return end + 1;
  }
  return 0;
}

}  // namespace

Status ForEachStapleBlock(std::string_view text, const std::string& path, StapleKind kind,
                          const std::function<Status(const StapleBlockView&)>& visit,
                          int64_t* dropped_duplicates) {
  PromptIds ids;
  int64_t line = 1;
  return ParseStaplePiece(text, path, kind, visit, dropped_duplicates, &line, &ids);
}

Status ForEachStapleBlockInFile(const std::string& path, StapleKind kind,
                                const std::function<Status(const StapleBlockView&)>& visit,
                                int64_t* dropped_duplicates, std::string* buffer) {
  const std::string name = InputDisplayName(path);
  // The file descriptor of a plain file, closed on every return; -1 for anything else.
  struct File {
    int fd = -1;
    ~File() {
      if (fd >= 0) close(fd);
    }
  } file;
  if (path != kStdinPath) {
    file.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file.fd < 0) return IoError(path + ": cannot open: " + std::strerror(errno));
    struct stat st;
    // Not a plain file, or gzip (its magic number, read alone): read whole below.
    char magic[2];
    if (fstat(file.fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        (pread(file.fd, magic, sizeof magic, 0) == 2 && IsGzip(std::string_view(magic, 2)))) {
      close(file.fd);
      file.fd = -1;
    }
  }
  // Pieces of kStaplePieceBytes and more, each ending after a blank line: a piece is parsed
  // right after the read that copied it, from the cache.
  constexpr size_t kStaplePieceBytes = size_t{1} << 20;
  PromptIds ids;
  int64_t line = 1;
  size_t held = 0;  // bytes at the start of *buffer not parsed yet
  bool at_end = file.fd < 0, in_pieces = false;
  while (!at_end) {
    if (buffer->size() < held + kStaplePieceBytes) buffer->resize(held + kStaplePieceBytes);
    const ssize_t got = read(file.fd, buffer->data() + held, kStaplePieceBytes);
    if (got < 0) {
      if (errno == EINTR) continue;
      return IoError(path + ": cannot read: " + std::strerror(errno));
    }
    held += static_cast<size_t>(got);
    at_end = got == 0;
    if (!at_end && held > kMaxInputBytes) {
      return InvalidArgument(name + ": a block of more than " +
                             std::to_string(kMaxInputBytes >> 20) + " MiB");
    }
    const std::string_view text(buffer->data(), held);
    const size_t cut = at_end ? held : EndOfLastBlankLine(text);
    if (cut == 0) continue;  // one block so far: read on
    in_pieces = true;
    if (Status s = ParseStaplePiece(text.substr(0, cut), name, kind, visit, dropped_duplicates,
                                    &line, &ids);
        !s.ok()) {
      return s;
    }
    std::memmove(buffer->data(), buffer->data() + cut, held - cut);
    held -= cut;
  }
  if (in_pieces) return Status::Ok();
  // Standard input, a device or pipe, gzip, or an empty file: the whole text, in one piece.
  if (Status s = ReadInputFile(path, buffer); !s.ok()) return s;
  return ParseStaplePiece(*buffer, name, kind, visit, dropped_duplicates, &line, &ids);
}

StatusOr<StapleFile> ParseStaple(std::string_view text, const std::string& path, StapleKind kind) {
  StapleFile file;
  Status s = ForEachStapleBlock(
      text, path, kind,
      [&file](const StapleBlockView& block) {
        StaplePrompt p;
        p.id = std::string(block.id);
        p.prompt = std::string(block.prompt);
        p.translations.assign(block.translations.begin(), block.translations.end());
        p.values = block.values;
        file.prompts.push_back(std::move(p));
        return Status::Ok();
      },
      &file.dropped_duplicates);
  if (!s.ok()) return s;
  return file;
}

StatusOr<StapleFile> ReadStaple(const std::string& path, StapleKind kind) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseStaple(input.text(), InputDisplayName(path), kind);
}

GeneratedStaple GenerateStaple(const StapleGeneratorOptions& o) {
  GeneratedStaple out;
  out.nbest.resize(static_cast<size_t>(o.systems));
  double harmonic = 0.0;
  for (int k = 1; k <= o.gold_per_prompt; ++k) harmonic += 1.0 / k;
  char number[32];
  for (int p = 0; p < o.prompts; ++p) {
    const std::string id = "prompt_" + std::to_string(p);
    out.gold += id + "|source sentence " + std::to_string(p) + "\n";
    for (int k = 1; k <= o.gold_per_prompt; ++k) {
      std::snprintf(number, sizeof number, "%.9g", 1.0 / k / harmonic);
      out.gold += "valid translation " + std::to_string(p) + " number " + std::to_string(k) +
                  " .|" + number + "\n";
    }
    out.gold += "\n";
  }
  for (int s = 0; s < o.systems; ++s) {
    Rng rng(DeriveSeed(o.seed, static_cast<uint64_t>(s) + 1));
    const double quality = (s + 1.0) / (o.systems + 1.0);
    std::string& text = out.nbest[static_cast<size_t>(s)];
    for (int p = 0; p < o.prompts; ++p) {
      text += "prompt_" + std::to_string(p) + "|source sentence " + std::to_string(p) + "\n";
      int next_valid = 1, next_invalid = 1;
      for (int i = 0; i < o.depth; ++i) {
        const bool valid = next_valid <= o.gold_per_prompt &&
                           rng.Uniform() < quality * std::exp(-3.0 * i / o.depth);
        std::snprintf(number, sizeof number, "%.6f", -0.5 * i - rng.Uniform());
        if (valid) {
          text += "valid translation " + std::to_string(p) + " number " +
                  std::to_string(next_valid++) + " .|" + number + "\n";
        } else {
          text += "a wrong output " + std::to_string(next_invalid++) + " for " + std::to_string(p) +
                  "|" + number + "\n";
        }
      }
      text += "\n";
    }
  }
  return out;
}

}  // namespace tourney
