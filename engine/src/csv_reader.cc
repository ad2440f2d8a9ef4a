#include "tourney/csv_reader.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>

namespace tourney {
namespace {

constexpr int kMaxSystemColumns = 5;
constexpr std::string_view kPlaceholder = "PLACEHOLDER";

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Quotes a value for an error message, shortening very long ones.
std::string Quoted(std::string_view v) {
  std::string out = "'";
  if (v.size() > 40) {
    out.append(v.substr(0, 37));
    out.append("...");
  } else {
    out.append(v);
  }
  out.push_back('\'');
  return out;
}

// Splits one CSV line into fields. Fields may be wrapped in double quotes, with "" for a
// literal quote; `storage` holds unescaped copies of quoted fields. Returns false on an
// unterminated quote.
bool SplitLine(std::string_view line, std::vector<std::string_view>* fields,
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

// Iterates the lines of a text, tracking 1-based line numbers.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 BOM
  }
  bool Next(std::string_view* line) {
    if (pos_ >= text_.size()) return false;
    const char* base = text_.data() + pos_;
    const void* nl = std::memchr(base, '\n', text_.size() - pos_);
    size_t len = nl ? static_cast<const char*>(nl) - base : text_.size() - pos_;
    pos_ += len + (nl ? 1 : 0);
    if (len > 0 && base[len - 1] == '\r') --len;
    *line = std::string_view(base, len);
    ++line_number_;
    return true;
  }
  int64_t line_number() const { return line_number_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int64_t line_number_ = 0;
};

bool IsBlankLine(std::string_view line) { return Trim(line).empty(); }

std::optional<int64_t> ParseInt(std::string_view s) {
  s = Trim(s);
  if (s.empty()) return std::nullopt;
  int64_t v = 0;
  const char* first = s.data();
  if (*first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

class Parser {
 public:
  Parser(std::string_view name, const ReadOptions& options, Judgments* judgments,
         ReadReport* report)
      : name_(name), options_(options), judgments_(judgments), report_(report) {}

  Status Parse(std::string_view text);

 private:
  std::string Where(int64_t line) const {
    return std::string(name_) + ":" + std::to_string(line) + ": ";
  }
  std::string Where(int64_t line, std::string_view field) const {
    return Where(line) + "field '" + std::string(field) + "': ";
  }
  // Records a row error: fatal unless skip_invalid.
  Status RowError(std::string message) {
    if (!options_.skip_invalid) return InvalidArgument(std::move(message));
    ++judgments_->skipped_invalid;
    if (report_->warnings.size() < options_.max_warnings) {
      report_->warnings.push_back(std::move(message));
    }
    return Status::Ok();
  }

  Status ParseWmtHeader(const std::vector<std::string_view>& header, int64_t line);
  Status ParsePairwiseHeader(const std::vector<std::string_view>& header, int64_t line);
  // Returns a non-empty message when the row is invalid.
  std::string ParseWmtRow(const std::vector<std::string_view>& f, int64_t line);
  std::string ParsePairwiseRow(const std::vector<std::string_view>& f, int64_t line);

  const std::string_view name_;
  const ReadOptions& options_;
  Judgments* const judgments_;
  ReadReport* const report_;

  InputFormat format_ = InputFormat::kAuto;
  size_t num_fields_ = 0;
  // WMT columns.
  int k_ = 0;
  std::array<int, kMaxSystemColumns> id_col_{};
  std::array<int, kMaxSystemColumns> rank_col_{};
  std::array<std::string, kMaxSystemColumns> id_names_, rank_names_;
  int segment_col_ = -1, judge_col_ = -1, document_col_ = -1;
  // Pairwise columns.
  int a_col_ = 0, b_col_ = 1, outcome_col_ = 2;

  // Scratch buffers reused across rows.
  std::vector<SystemId> row_systems_;
};

Status Parser::ParseWmtHeader(const std::vector<std::string_view>& header, int64_t line) {
  auto find = [&](std::string_view col) -> int {
    for (size_t i = 0; i < header.size(); ++i) {
      if (Trim(header[i]) == col) return static_cast<int>(i);
    }
    return -1;
  };
  k_ = 0;
  for (int i = 1; i <= kMaxSystemColumns; ++i) {
    const std::string id = "system" + std::to_string(i) + "Id";
    const std::string rank = "system" + std::to_string(i) + "rank";
    const int id_col = find(id), rank_col = find(rank);
    if (id_col < 0 && rank_col < 0) break;
    if (id_col < 0) return InvalidArgument(Where(line) + "missing column '" + id + "'");
    if (rank_col < 0) return InvalidArgument(Where(line) + "missing column '" + rank + "'");
    id_col_[k_] = id_col;
    id_names_[k_] = id;
    rank_names_[k_] = rank;
    rank_col_[k_] = rank_col;
    ++k_;
  }
  if (k_ < 2) {
    return InvalidArgument(Where(line) + "missing column '" +
                           (k_ == 0 ? std::string("system1Id") : std::string("system2Id")) +
                           "' (a WMT ranking file needs 2 to 5 systemNId/systemNrank columns)");
  }
  if (find("system6Id") >= 0) {
    return InvalidArgument(Where(line) + "field 'system6Id': at most 5 systems per ranking");
  }
  segment_col_ = find("segmentId");
  judge_col_ = find("judgeId");
  document_col_ = find("documentId");
  num_fields_ = header.size();
  return Status::Ok();
}

Status Parser::ParsePairwiseHeader(const std::vector<std::string_view>& header, int64_t line) {
  auto find = [&](std::string_view col) -> int {
    for (size_t i = 0; i < header.size(); ++i) {
      if (Trim(header[i]) == col) return static_cast<int>(i);
    }
    return -1;
  };
  for (std::string_view col : {"system_a", "system_b", "outcome"}) {
    if (find(col) < 0) {
      return InvalidArgument(Where(line) + "missing column '" + std::string(col) + "'");
    }
  }
  a_col_ = find("system_a");
  b_col_ = find("system_b");
  outcome_col_ = find("outcome");
  num_fields_ = header.size();
  return Status::Ok();
}

std::string Parser::ParseWmtRow(const std::vector<std::string_view>& f, int64_t line) {
  // Validate the whole row before interning anything, so a skipped row adds no systems.
  std::array<std::string_view, 4 * kMaxSystemColumns> names;
  std::array<uint8_t, 4 * kMaxSystemColumns> ranks{}, groups{};
  size_t n = 0;
  bool blank = false;
  for (int c = 0; c < k_; ++c) {
    const std::string_view id = Trim(f[static_cast<size_t>(id_col_[c])]);
    const std::string_view rank_text = Trim(f[static_cast<size_t>(rank_col_[c])]);
    const std::string& id_field = id_names_[c];
    if (id.empty()) return Where(line, id_field) + "empty system id";
    if (id == kPlaceholder) continue;

    const std::string& rank_field = rank_names_[c];
    int rank = 0;
    if (rank_text.empty()) {
      blank = true;
    } else {
      const std::optional<int64_t> r = ParseInt(rank_text);
      if (!r) return Where(line, rank_field) + "rank " + Quoted(rank_text) + " is not an integer";
      if (*r == -1) {
        blank = true;
      } else if (*r < 1 || *r > k_) {
        return Where(line, rank_field) + "rank " + Quoted(rank_text) + " is outside 1.." +
               std::to_string(k_);
      } else {
        rank = static_cast<int>(*r);
      }
    }
    // Expand '+'-joined ids.
    size_t start = 0;
    while (true) {
      const size_t plus = id.find('+', start);
      const std::string_view part =
          Trim(id.substr(start, plus == std::string_view::npos ? id.npos : plus - start));
      if (part.empty()) return Where(line, id_field) + "empty system id in " + Quoted(id);
      if (part != kPlaceholder) {
        for (size_t i = 0; i < n; ++i) {
          if (names[i] == part) {
            return Where(line, id_field) + "system " + Quoted(part) +
                   " appears twice in one ranking";
          }
        }
        if (n == names.size()) {
          return Where(line, id_field) + "too many '+'-joined systems in one ranking";
        }
        names[n] = part;
        ranks[n] = static_cast<uint8_t>(rank);
        groups[n] = static_cast<uint8_t>(c);
        ++n;
      }
      if (plus == std::string_view::npos) break;
      start = plus + 1;
    }
  }
  if (blank) {
    ++judgments_->dropped_blank;
    return {};
  }
  if (n < 2) return {};  // nothing to compare (placeholders only)
  row_systems_.clear();
  for (size_t i = 0; i < n; ++i) row_systems_.push_back(judgments_->systems().Intern(names[i]));
  int64_t segment = -1;
  if (segment_col_ >= 0) {
    if (auto s = ParseInt(f[static_cast<size_t>(segment_col_)])) segment = *s;
  }
  int32_t judge = -1, document = -1;
  if (judge_col_ >= 0) {
    const std::string_view j = Trim(f[static_cast<size_t>(judge_col_)]);
    if (!j.empty()) judge = judgments_->InternJudge(j);
  }
  if (document_col_ >= 0) {
    const std::string_view d = Trim(f[static_cast<size_t>(document_col_)]);
    if (!d.empty() && d != "-1") document = judgments_->InternDocument(d);
  }
  judgments_->AddRanking(row_systems_, std::span<const uint8_t>(ranks.data(), n),
                         std::span<const uint8_t>(groups.data(), n), segment, judge, document);
  return {};
}

std::string Parser::ParsePairwiseRow(const std::vector<std::string_view>& f, int64_t line) {
  const std::string_view a = Trim(f[static_cast<size_t>(a_col_)]);
  const std::string_view b = Trim(f[static_cast<size_t>(b_col_)]);
  const std::string_view o = Trim(f[static_cast<size_t>(outcome_col_)]);
  if (a.empty()) return Where(line, "system_a") + "empty system id";
  if (b.empty()) return Where(line, "system_b") + "empty system id";
  if (a == b) return Where(line, "system_b") + "system " + Quoted(b) + " is compared with itself";
  uint8_t ranks[2];
  if (o == "a") {
    ranks[0] = 1, ranks[1] = 2;
  } else if (o == "b") {
    ranks[0] = 2, ranks[1] = 1;
  } else if (o == "tie") {
    ranks[0] = 1, ranks[1] = 1;
  } else {
    return Where(line, "outcome") + "outcome " + Quoted(o) + " is not one of a, b, tie";
  }
  const SystemId ids[2] = {judgments_->systems().Intern(a), judgments_->systems().Intern(b)};
  judgments_->AddRanking(ids, ranks);
  return {};
}

Status Parser::Parse(std::string_view text) {
  LineReader lines(text);
  std::string_view line;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;

  // Header: the first non-blank line.
  bool have_header = false;
  format_ = options_.format;
  while (lines.Next(&line)) {
    if (IsBlankLine(line)) continue;
    if (!SplitLine(line, &fields, &storage)) {
      return InvalidArgument(Where(lines.line_number()) + "unterminated quote in header");
    }
    const bool looks_wmt = line.find("system1Id") != std::string_view::npos ||
                           line.find("system1rank") != std::string_view::npos;
    const bool looks_pairwise = Trim(fields[0]) == "system_a";
    if (format_ == InputFormat::kAuto) {
      if (looks_wmt) {
        format_ = InputFormat::kWmt;
      } else if (looks_pairwise) {
        format_ = InputFormat::kPairwise;
      } else {
        return InvalidArgument(
            Where(lines.line_number()) +
            "unrecognised header: expected a WMT ranking header (srclang,...,system1Id,...,"
            "system1rank,...) or 'system_a,system_b,outcome'");
      }
    }
    if (format_ == InputFormat::kWmt) {
      Status s = ParseWmtHeader(fields, lines.line_number());
      if (!s.ok()) return s;
      have_header = true;
    } else if (looks_pairwise) {
      Status s = ParsePairwiseHeader(fields, lines.line_number());
      if (!s.ok()) return s;
      have_header = true;
    } else {
      num_fields_ = 3;  // headerless pairwise file: this line is data
    }
    break;
  }
  if (format_ == InputFormat::kAuto) {
    return InvalidArgument(std::string(name_) + ": empty file (no header line)");
  }

  bool pending_first = format_ == InputFormat::kPairwise && !have_header && !line.empty();
  while (pending_first || lines.Next(&line)) {
    const bool reuse = pending_first;
    pending_first = false;
    if (!reuse && IsBlankLine(line)) continue;
    ++report_->rows;
    const int64_t ln = lines.line_number();
    if (!reuse && !SplitLine(line, &fields, &storage)) {
      Status s = RowError(Where(ln) + "unterminated quote");
      if (!s.ok()) return s;
      continue;
    }
    if (fields.size() != num_fields_) {
      Status s = RowError(Where(ln) + "expected " + std::to_string(num_fields_) +
                          " fields, found " + std::to_string(fields.size()));
      if (!s.ok()) return s;
      continue;
    }
    std::string error = format_ == InputFormat::kWmt ? ParseWmtRow(fields, ln)
                                                     : ParsePairwiseRow(fields, ln);
    if (!error.empty()) {
      Status s = RowError(std::move(error));
      if (!s.ok()) return s;
    }
  }
  return Status::Ok();
}

}  // namespace

Status ParseJudgments(std::string_view text, std::string_view name, const ReadOptions& options,
                      Judgments* judgments, ReadReport* report) {
  ReadReport local;
  Parser parser(name, options, judgments, report ? report : &local);
  return parser.Parse(text);
}

Status ReadFileToString(const std::string& path, std::string* contents) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return IoError(path + ": cannot open: " + std::strerror(errno));
  }
  contents->clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) contents->append(buf, n);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) return IoError(path + ": cannot read: " + std::strerror(err));
  return Status::Ok();
}

Status ReadJudgmentsFile(const std::string& path, const ReadOptions& options,
                         Judgments* judgments, ReadReport* report) {
  std::string contents;
  Status s = ReadFileToString(path, &contents);
  if (!s.ok()) return s;
  return ParseJudgments(contents, path, options, judgments, report);
}

}  // namespace tourney

