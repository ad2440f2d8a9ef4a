// Internal to ingest/: the CSV lexer shared by the judgment and battle-log readers.
// Records are lines, except that a quoted field may span lines (RFC 4180).
// Thread safety: a CsvRecordReader is not thread-safe; SplitCsvLine is reentrant.
#ifndef TOURNEY_INGEST_CSV_RECORD_H_
#define TOURNEY_INGEST_CSV_RECORD_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tourney {

// Splits one CSV line into fields. Fields may be wrapped in double quotes, with "" for a
// literal quote; `storage` holds unescaped copies of the quoted fields, every one of them
// (the views of quoted fields point into `storage`, the others into `line`: a caller tells
// them apart by address). Returns false on an unterminated quote or text after a
// closing quote.
bool SplitCsvLine(std::string_view line, std::vector<std::string_view>* fields,
                  std::vector<std::string>* storage);

// Iterates the records of a text: lines, except that a quoted field may hold line breaks
// (RFC 4180), so a line with an open quote continues on the next. line_number() is the
// 1-based line where the current record starts.
// The offset of the first '\n' in data[0, size) (size if none); *quoted says whether a '"'
// comes before it. One pass for both, 16 bytes at a time where SSE2 is available.
size_t FindLineEnd(const char* data, size_t size, bool* quoted);

// How many '\n' bytes `text` holds, and whether every byte is ASCII (then every field of
// it is valid UTF-8).
struct TextShape {
  size_t newlines = 0;
  bool ascii = true;
};
TextShape ScanText(std::string_view text);

class CsvRecordReader {
 public:
  explicit CsvRecordReader(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 BOM
  }
  bool Next(std::string_view* line) {
    std::string_view first;
    if (!NextLine(&first)) return false;
    start_line_ = line_number_;
    if (!line_quoted_ || !OpenQuote(first)) {
      *line = first;
      return true;
    }
    // Join the lines of one record. A quote still open at the end of the text was never a
    // multi-line field: the first line alone is the record (and its parser reports the
    // quote), and reading resumes on the next line.
    const size_t resume_pos = pos_;
    const int64_t resume_line = line_number_;
    record_.assign(first);
    std::string_view more;
    while (OpenQuote(record_) && NextLine(&more)) {
      record_ += '\n';
      record_.append(more);
    }
    if (OpenQuote(record_)) {
      pos_ = resume_pos;
      line_number_ = resume_line;
      *line = first;
      return true;
    }
    *line = record_;
    return true;
  }
  int64_t line_number() const { return start_line_; }

 private:
  static bool OpenQuote(std::string_view s) {
    if (s.empty() || std::memchr(s.data(), '"', s.size()) == nullptr) return false;
    size_t quotes = 0;
    for (char c : s) quotes += c == '"';
    return quotes % 2 == 1;
  }
  bool NextLine(std::string_view* line) {
    if (pos_ >= text_.size()) return false;
    const char* base = text_.data() + pos_;
    const size_t rest = text_.size() - pos_;
    size_t len = FindLineEnd(base, rest, &line_quoted_);
    pos_ += len + (len < rest ? 1 : 0);
    if (len > 0 && base[len - 1] == '\r') --len;
    *line = std::string_view(base, len);
    ++line_number_;
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int64_t line_number_ = 0;
  int64_t start_line_ = 0;
  bool line_quoted_ = false;  // the line NextLine returned last holds a '"'
  std::string record_;
};

}  // namespace tourney

#endif  // TOURNEY_INGEST_CSV_RECORD_H_
