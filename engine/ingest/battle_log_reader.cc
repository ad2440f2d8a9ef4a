#include "tourney/ingest/battle_log_reader.h"

#include <simdjson.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>

#include "ingest/csv_record.h"
#include "ingest/field_text.h"
#include "tourney/core/system_registry.h"
#include "ingest/input_file.h"

namespace tourney {
namespace {

constexpr size_t kBlockSize = size_t{4} << 20;

// One battle as read from a row, before interning. The views live as long as the row.
struct RawBattle {
  std::string_view model_a, model_b, winner;
  std::optional<std::string_view> judge;
  std::vector<double> covariates;  // one per requested covariate
  std::vector<char> has_covariate;
};

// Validates raw battles and appends them to the log; keeps the counters and warnings.
class BattleSink {
 public:
  BattleSink(std::string_view name, const BattleLogOptions& options, BattleLog* log,
             BattleLogReport* report)
      : name_(name), options_(options), log_(log), report_(report) {
    if (log_->size() == 0 && log_->covariate_names.empty()) {
      log_->covariate_names = options.covariates;
    }
  }

  std::string Where(int64_t line) const {
    return std::string(name_) + ":" + std::to_string(line) + ": ";
  }

  // A row-level error: fails the read, or becomes a warning under skip_invalid.
  Status RowError(int64_t line, const std::string& message) {
    Status s = InvalidArgument(Where(line) + message);
    if (!options_.skip_invalid) return s;
    ++report_->skipped;
    if (report_->warnings.size() < options_.max_warnings) report_->warnings.push_back(s.message());
    return Status::Ok();
  }

  RawBattle& Fresh() {
    raw_.model_a = raw_.model_b = raw_.winner = {};
    raw_.judge.reset();
    raw_.covariates.assign(options_.covariates.size(), 0.0);
    raw_.has_covariate.assign(options_.covariates.size(), 0);
    return raw_;
  }

  // Index of `key` among the covariates, or -1.
  int CovariateIndex(std::string_view key) const {
    for (size_t k = 0; k < options_.covariates.size(); ++k) {
      if (options_.covariates[k] == key) return static_cast<int>(k);
    }
    return -1;
  }

  void BeginRow() {
    ++report_->rows;
    ++rows_;
  }

  Status Commit(int64_t line, bool csv) {
    const RawBattle& r = raw_;
    const char* a_field = csv ? "left" : "model_a";
    const char* b_field = csv ? "right" : "model_b";
    if (r.model_a.empty())
      return RowError(line, std::string("field '") + a_field + "': missing or empty");
    if (r.model_b.empty())
      return RowError(line, std::string("field '") + b_field + "': missing or empty");
    for (const auto& [name, field, side] :
         {std::tuple{&r.model_a, a_field, 0}, std::tuple{&r.model_b, b_field, 1}}) {
      if (KnownValid(*name, side)) continue;
      if (!IsValidUtf8(*name)) {
        return RowError(line, std::string("field '") + field + "': " + InvalidUtf8Message(*name));
      }
      if (std::string problem = SystemNameProblem(*name); !problem.empty()) {
        return RowError(line, std::string("field '") + field + "': system " + QuotedValue(*name) +
                                  " " + problem);
      }
    }
    if (r.judge.has_value() && !IsValidUtf8(*r.judge)) {
      return RowError(line, "field 'judge': " + InvalidUtf8Message(*r.judge));
    }
    if (r.model_a == r.model_b) {
      return RowError(line, std::string("field '") + b_field + "': " + QuotedValue(r.model_b, 63) +
                                " is the same system as " + a_field);
    }
    Outcome outcome;
    bool both_bad = false;
    if (r.winner == "model_a" || r.winner == "left") {
      outcome = Outcome::kFirstWins;
    } else if (r.winner == "model_b" || r.winner == "right") {
      outcome = Outcome::kSecondWins;
    } else if (r.winner == "tie") {
      outcome = Outcome::kTie;
    } else if (r.winner == "tie (bothbad)") {
      outcome = Outcome::kTie;
      both_bad = true;
    } else {
      return RowError(line, "field 'winner': " +
                                (r.winner.empty() ? std::string("missing or empty")
                                                  : QuotedValue(r.winner, 63) + " is not one of " +
                                                        (csv ? "left, right, tie"
                                                             : "model_a, model_b, tie, "
                                                               "tie (bothbad)")));
    }
    for (size_t k = 0; k < options_.covariates.size(); ++k) {
      if (!r.has_covariate[k]) {
        return RowError(line, "field '" + options_.covariates[k] + "': missing covariate");
      }
    }
    log_->ties_both_bad += both_bad ? 1 : 0;
    const SystemId a = Intern(r.model_a, 0);  // a before b: ids in order of appearance
    const SystemId b = Intern(r.model_b, 1);
    log_->battles.Add(a, b, outcome);
    log_->covariates.insert(log_->covariates.end(), r.covariates.begin(), r.covariates.end());
    if (r.judge.has_value() || !log_->judge.empty()) {
      if (log_->judge.empty()) log_->judge.assign(log_->size() - 1, -1);
      log_->judge.push_back(r.judge.has_value() ? log_->judges.Intern(*r.judge) : -1);
    }
    return Status::Ok();
  }

  RawBattle& raw() { return raw_; }
  const BattleLogOptions& options() const { return options_; }
  // Battles seen in this file (valid or not).
  int64_t rows() const { return rows_; }

 private:
  // True when `name` is the name last interned on `side` (so already checked).
  bool KnownValid(std::string_view name, int side) const {
    return cache_id_[side] >= 0 && cache_name_[side] == name;
  }

  // Interning with a one-entry cache per side: logs often repeat a model on consecutive rows.
  SystemId Intern(std::string_view name, int side) {
    if (cache_id_[side] >= 0 && cache_name_[side] == name) return cache_id_[side];
    const SystemId id = log_->systems.Intern(name);
    cache_name_[side].assign(name);
    cache_id_[side] = id;
    return id;
  }

  std::string_view name_;
  const BattleLogOptions& options_;
  BattleLog* log_;
  BattleLogReport* report_;
  RawBattle raw_;
  int64_t rows_ = 0;
  // Copies, not views: the registry's strings move when its vector grows.
  std::string cache_name_[2];
  SystemId cache_id_[2] = {-1, -1};
};

// ---- JSON -------------------------------------------------------------------------------

namespace ondemand = simdjson::ondemand;

// True when nothing but white space follows the parsed value.
bool AtEnd(ondemand::document& doc) { return doc.current_location().error() != simdjson::SUCCESS; }

std::string JsonError(simdjson::error_code e) {
  return std::string("invalid JSON: ") + simdjson::error_message(e);
}

// Reads one battle object into sink.raw(). Returns a message on error (empty when fine).
std::string ReadBattleObject(ondemand::object object, BattleSink& sink) {
  RawBattle& raw = sink.Fresh();
  for (auto field_result : object) {
    ondemand::field field;
    if (auto e = std::move(field_result).get(field)) return JsonError(e);
    std::string_view key;
    if (auto e = field.unescaped_key().get(key)) return JsonError(e);
    ondemand::value value = field.value();
    std::string_view* target = nullptr;
    if (key == "model_a") target = &raw.model_a;
    if (key == "model_b") target = &raw.model_b;
    if (key == "winner") target = &raw.winner;
    if (target != nullptr) {
      if (value.get_string().get(*target)) {
        return "field '" + std::string(key) + "': not a string";
      }
      continue;
    }
    if (key == "judge" || key == "annotator") {
      ondemand::json_type type;
      if (auto e = value.type().get(type)) return JsonError(e);
      std::string_view judge;
      if (type == ondemand::json_type::string) {
        if (value.get_string().get(judge)) return "field '" + std::string(key) + "': bad string";
      } else if (type == ondemand::json_type::number) {
        judge = value.raw_json_token();
        while (!judge.empty() && (judge.back() == ' ' || judge.back() == '\t' ||
                                  judge.back() == '\r' || judge.back() == '\n')) {
          judge.remove_suffix(1);
        }
      } else if (type != ondemand::json_type::null) {
        return "field '" + std::string(key) + "': not a string or number";
      }
      if (!judge.empty()) raw.judge = judge;
      continue;
    }
    const int k = sink.CovariateIndex(key);
    if (k >= 0) {
      double x;
      if (value.get_double().get(x) || !std::isfinite(x)) {
        return "field '" + std::string(key) + "': not a finite number";
      }
      raw.covariates[k] = x;
      raw.has_covariate[k] = 1;
    }
  }
  return {};
}

// A JSONL line held in a buffer with at least SIMDJSON_PADDING readable bytes after it.
Status ParseJsonLine(ondemand::parser& parser, const char* data, size_t size, size_t capacity,
                     int64_t line, BattleSink& sink) {
  size_t b = 0;
  while (b < size && (data[b] == ' ' || data[b] == '\t' || data[b] == '\r')) ++b;
  if (b == size) return Status::Ok();  // blank line
  ondemand::document doc;
  sink.BeginRow();
  if (auto e = parser.iterate(data, size, capacity).get(doc)) {
    return sink.RowError(line, JsonError(e));
  }
  ondemand::object object;
  if (auto e = doc.get_object().get(object)) return sink.RowError(line, JsonError(e));
  std::string message = ReadBattleObject(object, sink);
  if (message.empty() && !AtEnd(doc)) message = "invalid JSON: trailing content after the object";
  if (!message.empty()) return sink.RowError(line, message);
  return sink.Commit(line, false);
}

// The array's elements, each an object; line numbers counted up to each element's start.
Status ParseJsonArray(std::string_view text, std::string_view name, BattleSink& sink) {
  simdjson::padded_string padded(text);
  ondemand::parser parser;
  ondemand::document doc;
  const std::string where = std::string(name) + ": ";
  if (const size_t bad = FirstInvalidUtf8(text); bad < text.size()) {
    // simdjson refuses the whole document at once; name the line and the column.
    const std::string_view before = text.substr(0, bad);
    const int64_t line = 1 + std::count(before.begin(), before.end(), '\n');
    const size_t line_start = before.find_last_of('\n') + 1;  // 0 on the first line
    return InvalidArgument(sink.Where(line) + "invalid JSON: the text is not valid UTF-8 (column " +
                           std::to_string(bad - line_start + 1) + ")");
  }
  if (auto e = parser.iterate(padded).get(doc)) return InvalidArgument(where + JsonError(e));
  ondemand::array array;
  if (auto e = doc.get_array().get(array)) return InvalidArgument(where + JsonError(e));
  const char* base = padded.data();
  const char* counted = base;
  int64_t line = 1;
  for (auto element : array) {
    ondemand::value value;
    if (auto e = element.get(value)) return InvalidArgument(where + JsonError(e));
    const std::string_view token = value.raw_json_token();
    if (token.data() >= counted && token.data() <= base + padded.size()) {
      line += std::count(counted, token.data(), '\n');
      counted = token.data();
    }
    sink.BeginRow();
    ondemand::object object;
    if (auto e = value.get_object().get(object)) {
      // A non-object element is a row error; a syntax error is fatal below.
      if (e != simdjson::INCORRECT_TYPE) return InvalidArgument(sink.Where(line) + JsonError(e));
      if (Status s = sink.RowError(line, "array element is not an object"); !s.ok()) return s;
      continue;
    }
    const std::string message = ReadBattleObject(object, sink);
    if (!message.empty()) {
      if (message.rfind("invalid JSON", 0) == 0) {
        return InvalidArgument(sink.Where(line) + message);
      }
      if (Status s = sink.RowError(line, message); !s.ok()) return s;
      continue;
    }
    if (Status s = sink.Commit(line, false); !s.ok()) return s;
  }
  if (!AtEnd(doc)) return InvalidArgument(where + "invalid JSON: trailing content after the array");
  if (sink.rows() == 0) {
    // As an empty file: an empty array holds no battles.
    return InvalidArgument(where + "no battles: the JSON array is empty");
  }
  return Status::Ok();
}

// ---- CSV --------------------------------------------------------------------------------

// One CSV record of a battle log: the shared lexer (RFC 4180 quoting), after a trailing
// '\r' of a CRLF line. Returns false on a stray quote.
bool SplitBattleLogLine(std::string_view line, std::vector<std::string_view>* fields,
                        std::vector<std::string>* storage) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return SplitCsvLine(line, fields, storage);
}

struct CsvColumns {
  int left = -1, right = -1, winner = -1, judge = -1;
  std::vector<int> covariates;  // column of each covariate
  size_t width = 0;
};

Status ParseCsvHeader(std::string_view line, std::string_view name, const BattleLogOptions& options,
                      CsvColumns* columns) {
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  const std::string where = std::string(name) + ":1: ";
  if (!SplitBattleLogLine(line, &fields, &storage))
    return InvalidArgument(where + "malformed CSV header");
  columns->width = fields.size();
  columns->covariates.assign(options.covariates.size(), -1);
  // A role named by two columns (twice the same name, or both 'left' and 'model_a') is an
  // error: the second column would otherwise be ignored silently.
  std::string duplicate;
  auto claim = [&](int* slot, size_t c, const char* role) {
    if (*slot >= 0) {
      if (duplicate.empty()) {
        duplicate = "field '" + std::string(fields[c]) + "': columns " + std::to_string(*slot + 1) +
                    " ('" + std::string(fields[static_cast<size_t>(*slot)]) + "') and " +
                    std::to_string(c + 1) + " ('" + std::string(fields[c]) + "') both name the " +
                    role;
      }
      return;
    }
    *slot = static_cast<int>(c);
  };
  for (size_t c = 0; c < fields.size(); ++c) {
    const std::string_view f = fields[c];
    if (f == "left" || f == "model_a") claim(&columns->left, c, "first system");
    if (f == "right" || f == "model_b") claim(&columns->right, c, "second system");
    if (f == "winner") claim(&columns->winner, c, "winner");
    if (f == "judge" || f == "annotator" || f == "worker") claim(&columns->judge, c, "judge");
    for (size_t k = 0; k < options.covariates.size(); ++k) {
      if (f == options.covariates[k]) claim(&columns->covariates[k], c, "covariate");
    }
  }
  if (!duplicate.empty()) return InvalidArgument(where + duplicate);
  if (columns->left < 0 || columns->right < 0 || columns->winner < 0) {
    return InvalidArgument(where +
                           "header must name 'left' (or 'model_a'), 'right' (or 'model_b') and "
                           "'winner' columns");
  }
  for (size_t k = 0; k < options.covariates.size(); ++k) {
    if (columns->covariates[k] < 0) {
      return InvalidArgument(where + "no column '" + options.covariates[k] + "' for the covariate");
    }
  }
  return Status::Ok();
}

Status ParseCsvRow(std::string_view line, int64_t line_no, const CsvColumns& columns,
                   BattleSink& sink, std::vector<std::string_view>& fields,
                   std::vector<std::string>& storage) {
  if (line.empty() || line == "\r") return Status::Ok();
  sink.BeginRow();
  if (!SplitBattleLogLine(line, &fields, &storage))
    return sink.RowError(line_no, "malformed CSV quoting");
  if (fields.size() != columns.width) {
    return sink.RowError(line_no, "expected " + std::to_string(columns.width) + " fields, found " +
                                      std::to_string(fields.size()));
  }
  RawBattle& raw = sink.Fresh();
  raw.model_a = fields[columns.left];
  raw.model_b = fields[columns.right];
  raw.winner = fields[columns.winner];
  if (columns.judge >= 0 && !fields[columns.judge].empty()) raw.judge = fields[columns.judge];
  for (size_t k = 0; k < columns.covariates.size(); ++k) {
    const std::string_view text = fields[columns.covariates[k]];
    const std::string copy(text);
    char* end = nullptr;
    const double x = copy.empty() ? 0.0 : std::strtod(copy.c_str(), &end);
    if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(x)) {
      return sink.RowError(line_no, "field '" + sink.options().covariates[k] +
                                        "': " + QuotedValue(text, 63) + " is not a finite number");
    }
    raw.covariates[k] = x;
    raw.has_covariate[k] = 1;
  }
  return sink.Commit(line_no, true);
}

// ---- Line-oriented formats: JSONL and CSV -----------------------------------------------

// Feeds complete lines of a stream to the JSONL or CSV row parser.
class LineParser {
 public:
  LineParser(std::string_view name, BattleLogFormat format, const BattleLogOptions& options,
             BattleSink& sink)
      : name_(name), format_(format), options_(options), sink_(sink) {}

  // Parses every complete line of data[0, size); returns the number of bytes consumed (up to
  // and including the last newline; everything when `last`). `capacity` >= size +
  // SIMDJSON_PADDING bytes are readable from data.
  Status Consume(const char* data, size_t size, size_t capacity, bool last, size_t* consumed) {
    size_t begin = 0;
    while (begin < size) {
      const void* nl = std::memchr(data + begin, '\n', size - begin);
      size_t end;
      if (nl == nullptr) {
        if (!last) break;
        end = size;
      } else {
        end = static_cast<size_t>(static_cast<const char*>(nl) - data);
      }
      ++line_;
      if (Status s = Line(data + begin, end - begin, capacity - begin); !s.ok()) return s;
      begin = nl == nullptr ? size : end + 1;
    }
    *consumed = begin;
    return Status::Ok();
  }

  Status Finish() {
    if (format_ == BattleLogFormat::kCsv && !header_seen_) {
      return InvalidArgument(std::string(name_) + ": empty file (no battles and no CSV header)");
    }
    if (sink_.rows() == 0) {
      // As an empty file: a header alone (or blank lines) holds no battles.
      return InvalidArgument(std::string(name_) + (format_ == BattleLogFormat::kCsv
                                                       ? ": no battles: the file holds only its "
                                                         "CSV header (line " +
                                                             std::to_string(header_line_) + ")"
                                                       : ": empty file (no battles)"));
    }
    return Status::Ok();
  }

 private:
  Status Line(const char* data, size_t size, size_t capacity) {
    if (format_ == BattleLogFormat::kJsonl) {
      return ParseJsonLine(parser_, data, size, capacity, line_, sink_);
    }
    const std::string_view line(data, size);
    if (!header_seen_) {
      if (line.empty() || line == "\r") return Status::Ok();
      header_seen_ = true;
      header_line_ = line_;
      return ParseCsvHeader(line, name_, options_, &columns_);
    }
    return ParseCsvRow(line, line_, columns_, sink_, fields_, storage_);
  }

  std::string_view name_;
  BattleLogFormat format_;
  const BattleLogOptions& options_;
  BattleSink& sink_;
  ondemand::parser parser_;
  int64_t line_ = 0;
  bool header_seen_ = false;
  int64_t header_line_ = 0;
  CsvColumns columns_;
  std::vector<std::string_view> fields_;
  std::vector<std::string> storage_;
};

BattleLogFormat Detect(std::string_view head) {
  size_t i = 0;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // UTF-8 byte order mark
  while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i]))) ++i;
  if (i < head.size() && head[i] == '[') return BattleLogFormat::kJsonArray;
  if (i < head.size() && head[i] == '{') return BattleLogFormat::kJsonl;
  return BattleLogFormat::kCsv;
}

std::string_view StripBom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

}  // namespace

Status ParseBattleLog(std::string_view text, std::string_view name, const BattleLogOptions& options,
                      BattleLog* log, BattleLogReport* report) {
  if (Status s = CheckBattleLogCovariates(options.covariates); !s.ok()) return s;
  text = StripBom(text);
  BattleSink sink(name, options, log, report);
  const BattleLogFormat format =
      options.format == BattleLogFormat::kAuto ? Detect(text) : options.format;
  if (format == BattleLogFormat::kJsonArray) return ParseJsonArray(text, name, sink);
  std::string buffer(text);
  buffer.append(simdjson::SIMDJSON_PADDING, '\0');
  LineParser parser(name, format, options, sink);
  size_t consumed = 0;
  if (Status s = parser.Consume(buffer.data(), text.size(), buffer.size(), true, &consumed);
      !s.ok()) {
    return s;
  }
  return parser.Finish();
}

Status ReadBattleLogFile(const std::string& path, const BattleLogOptions& options, BattleLog* log,
                         BattleLogReport* report) {
  if (Status s = CheckBattleLogCovariates(options.covariates); !s.ok()) return s;
  if (path == kStdinPath) {  // standard input, gzip or not, is read whole
    std::string text;
    if (Status s = ReadInputFile(path, &text); !s.ok()) return s;
    return ParseBattleLog(text, InputDisplayName(path), options, log, report);
  }
  std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return IoError(path + ": cannot open (" + std::strerror(errno) + ")");
  // The block buffer: a carried partial line, then a fresh block, then simdjson's padding.
  std::vector<char> buffer(kBlockSize + simdjson::SIMDJSON_PADDING);
  size_t filled = std::fread(buffer.data(), 1, kBlockSize, file.get());
  if (std::ferror(file.get())) return IoError(path + ": read error");
  std::string_view head(buffer.data(), filled);
  if (IsGzip(head)) {  // a gzip file is decompressed whole (input_file.h)
    file.reset();
    std::string text;
    if (Status s = ReadInputFile(path, &text); !s.ok()) return s;
    return ParseBattleLog(text, path, options, log, report);
  }
  size_t skip = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  const BattleLogFormat format =
      options.format == BattleLogFormat::kAuto ? Detect(head) : options.format;
  if (format == BattleLogFormat::kJsonArray) {
    std::string text(buffer.data(), filled);
    while (true) {
      const size_t got = std::fread(buffer.data(), 1, kBlockSize, file.get());
      if (got == 0) break;
      text.append(buffer.data(), got);
    }
    if (std::ferror(file.get())) return IoError(path + ": read error");
    return ParseBattleLog(text, path, options, log, report);
  }
  BattleSink sink(path, options, log, report);
  LineParser parser(path, format, options, sink);
  bool eof = filled < kBlockSize;
  size_t start = skip;
  while (true) {
    std::fill(buffer.begin() + filled, buffer.begin() + filled + simdjson::SIMDJSON_PADDING, '\0');
    size_t consumed = 0;
    if (Status s = parser.Consume(buffer.data() + start, filled - start, buffer.size() - start, eof,
                                  &consumed);
        !s.ok()) {
      return s;
    }
    if (eof) break;
    // Move the partial line to the front and read the next block after it.
    const size_t rest = filled - start - consumed;
    std::memmove(buffer.data(), buffer.data() + start + consumed, rest);
    if (rest + kBlockSize + simdjson::SIMDJSON_PADDING > buffer.size()) {
      buffer.resize(rest + kBlockSize + simdjson::SIMDJSON_PADDING);  // a line longer than a block
    }
    const size_t got = std::fread(buffer.data() + rest, 1, kBlockSize, file.get());
    if (std::ferror(file.get())) return IoError(path + ": read error");
    filled = rest + got;
    start = 0;
    eof = got < kBlockSize;
  }
  return parser.Finish();
}

bool IsBattleLogFile(const std::string& path) {
  if (path == kStdinPath) return false;  // cannot be looked at without consuming it
  // A plain file's head with one read; zlib's buffers and inflate state only for gzip.
  std::string head = ReadFileHead(path, 4096);
  if (head.empty()) return false;
  if (!IsGzip(head)) return LooksLikeBattleLog(head);
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) return false;
  head.assign(4096, '\0');
  const int got = gzread(file, head.data(), static_cast<unsigned>(head.size()));
  gzclose(file);
  if (got <= 0) return false;
  head.resize(static_cast<size_t>(got));
  return LooksLikeBattleLog(head);
}

bool LooksLikeBattleLog(std::string_view head) {
  head = StripBom(head);
  const BattleLogFormat format = Detect(head);
  if (format != BattleLogFormat::kCsv) return true;
  const size_t nl = head.find('\n');
  const std::string_view header = head.substr(0, nl);
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  if (!SplitBattleLogLine(header, &fields, &storage)) return false;
  bool winner = false, left = false;
  for (std::string_view f : fields) {
    winner |= f == "winner";
    left |= f == "left" || f == "model_a";
  }
  return winner && left;
}

}  // namespace tourney
