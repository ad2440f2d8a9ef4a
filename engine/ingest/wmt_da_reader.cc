// The WMT organisers' DA files (see tourney/ingest/wmt_da_reader.h).
#include "tourney/ingest/wmt_da_reader.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/field_text.h"
#include "ingest/input_file.h"
#include "tourney/core/system_registry.h"

namespace tourney {
namespace wmt_da_reading {

// The next line of `text` from *pos (without its '\n' and a trailing '\r'); false at the end.
bool NextDaLine(std::string_view text, size_t* pos, std::string_view* line) {
  if (*pos >= text.size()) return false;
  const size_t end = text.find('\n', *pos);
  const size_t stop = end == std::string_view::npos ? text.size() : end;
  *line = text.substr(*pos, stop - *pos);
  if (!line->empty() && line->back() == '\r') line->remove_suffix(1);
  *pos = end == std::string_view::npos ? text.size() : end + 1;
  return true;
}

// Fields separated by tabs, or by runs of spaces when the line holds no tab.
void SplitDaFields(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  if (line.find('\t') != std::string_view::npos) {
    size_t start = 0;
    while (true) {
      const size_t tab = line.find('\t', start);
      fields->push_back(TrimField(line.substr(start, tab - start)));
      if (tab == std::string_view::npos) return;
      start = tab + 1;
    }
  }
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\r')) ++i;
    if (i == line.size()) break;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\r') ++i;
    fields->push_back(line.substr(start, i - start));
  }
}

// A finite decimal number with blanks around it at most.
std::optional<double> ParseDaNumber(std::string_view s) {
  s = TrimField(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A name as R's write.table quotes it ("HuaweiTSC.1", with "" for a quote inside) unquoted;
// any other name as it is.
std::string_view UnquoteDaName(std::string_view name, std::string* storage) {
  if (name.size() < 2 || name.front() != '"' || name.back() != '"') return name;
  name = name.substr(1, name.size() - 2);
  if (name.find('"') == std::string_view::npos) return name;
  storage->clear();
  for (size_t i = 0; i < name.size(); ++i) {
    storage->push_back(name[i]);
    if (name[i] == '"' && i + 1 < name.size() && name[i + 1] == '"') ++i;
  }
  return *storage;
}

int32_t InternDaName(std::string_view name, std::unordered_map<std::string, int32_t>* index,
                     std::vector<std::string>* names) {
  auto [it, added] = index->try_emplace(std::string(name), static_cast<int32_t>(names->size()));
  if (added) names->emplace_back(name);
  return it->second;
}

}  // namespace wmt_da_reading

StatusOr<DaJudgments> ParseWmtDaJudgments(std::string_view text, std::string_view name) {
  using namespace wmt_da_reading;  // NOLINT: this file's own helpers
  const std::string file(name);
  auto at = [&](int64_t line) { return file + ":" + std::to_string(line) + ": "; };
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  size_t pos = 0;
  int64_t line_number = 0;
  std::string_view line;
  bool have_header = false;
  while (NextDaLine(text, &pos, &line)) {
    ++line_number;
    if (!TrimField(line).empty()) {
      have_header = true;
      break;
    }
  }
  if (!have_header) return InvalidArgument(file + ": empty input (no header line)");
  std::vector<std::string_view> header;
  SplitDaFields(line, &header);
  const int64_t header_line = line_number;
  std::string duplicate;
  struct Column {
    const char* name;
    int index;
  };
  Column cols[] = {{"WorkerId", -1}, {"sys_id", -1}, {"sid", -1},
                   {"rid", -1},      {"type", -1},   {"score", -1}};
  for (Column& c : cols) {
    c.index = FindHeaderColumn(header, c.name, &duplicate);
    if (!duplicate.empty()) return InvalidArgument(at(header_line) + duplicate);
    if (c.index < 0) {
      return InvalidArgument(at(header_line) + "field '" + c.name +
                             "': no such column in the header (a WMT DA file has WorkerId, "
                             "sys_id, sid, rid, type and score)");
    }
  }
  const int worker_col = cols[0].index, system_col = cols[1].index, sid_col = cols[2].index,
            rid_col = cols[3].index, type_col = cols[4].index, score_col = cols[5].index;

  DaJudgments out;
  std::unordered_map<std::string, int32_t> system_index;
  std::unordered_map<std::string, int32_t> annotator_index;
  std::vector<std::string_view> fields;
  std::string system_storage, worker_storage;
  int64_t missing_scores = 0;
  // Segment ids: the sid itself while every sid is a non-negative integer (WMT20-22 news);
  // otherwise (WMT21's Wikipedia sets: "bn-hi-0-71-1000434.1_1") every sid numbered 1.. in
  // order of first appearance, which `sid_order` keeps for the end.
  std::unordered_map<std::string, int32_t> sid_index;
  std::vector<std::string> sid_names;
  std::vector<int32_t> sid_order;
  bool numeric_sids = true;
  auto field_error = [&](int c, const std::string& what) {
    return InvalidArgument(at(line_number) + "field '" + std::string(header[c]) + "': " + what);
  };
  while (NextDaLine(text, &pos, &line)) {
    ++line_number;
    if (TrimField(line).empty()) continue;
    SplitDaFields(line, &fields);
    if (fields.size() != header.size()) {
      return InvalidArgument(at(line_number) + std::to_string(fields.size()) +
                             " fields, the header has " + std::to_string(header.size()));
    }
    // R's write.table quotes names: "HuaweiTSC.1" is the system HuaweiTSC.1.
    fields[worker_col] = UnquoteDaName(fields[worker_col], &worker_storage);
    fields[system_col] = UnquoteDaName(fields[system_col], &system_storage);
    for (int c : {worker_col, system_col}) {
      if (fields[c].empty()) return field_error(c, "blank");
      if (!IsValidUtf8(fields[c])) return field_error(c, InvalidUtf8Message(fields[c]));
    }
    if (std::string problem = SystemNameProblem(fields[system_col]); !problem.empty()) {
      return field_error(system_col, "system " + QuotedValue(fields[system_col]) + " " + problem);
    }
    DaJudgment j;
    j.line = line_number;
    const std::string_view sid_text = TrimField(fields[sid_col]);
    if (sid_text.empty() || sid_text == "NA") {
      return field_error(sid_col, QuotedValue(fields[sid_col]) +
                                      " names no segment (a segment number or id)");
    }
    if (!IsValidUtf8(sid_text)) return field_error(sid_col, InvalidUtf8Message(sid_text));
    const auto sid = ParseIntField(sid_text);
    if (!sid || *sid < 0 || *sid > INT32_MAX) numeric_sids = false;
    if (sid_names.size() >= static_cast<size_t>(INT32_MAX) - 1 &&
        sid_index.find(std::string(sid_text)) == sid_index.end()) {
      return field_error(sid_col, "more than 2^31 - 2 distinct segments");
    }
    // rid, the chunk of the HIT: an integer, or NA where the release has none (WMT21's
    // Wikipedia sets); the scores do not need it.
    const std::string_view rid_text = TrimField(fields[rid_col]);
    const auto rid = ParseIntField(rid_text);
    if (!rid && rid_text != "NA") {
      return field_error(rid_col, QuotedValue(fields[rid_col]) +
                                      " is not a document chunk number (an integer or NA)");
    }
    const auto type = ParseDaItemType(fields[type_col]);
    if (!type) {
      return field_error(type_col, QuotedValue(fields[type_col]) +
                                       " is not an item type (SYSTEM, REPEAT, REF or BAD_REF)");
    }
    if (TrimField(fields[score_col]) == "NA") {  // R's missing value: nothing to score
      ++missing_scores;
      continue;
    }
    const auto z = ParseDaNumber(fields[score_col]);
    if (!z) {
      return field_error(score_col, QuotedValue(fields[score_col]) + " is not a finite number");
    }
    if (std::abs(*z) > kMaxDaZScore) {
      return field_error(score_col, "z-score " + QuotedValue(fields[score_col]) +
                                        " is beyond +-1000 (kMaxDaZScore): one annotator's "
                                        "z-scores stay within +-(n-1)/sqrt(n) of n judgments");
    }
    j.segment = numeric_sids ? static_cast<int32_t>(*sid) : 0;
    sid_order.push_back(1 + InternDaName(sid_text, &sid_index, &sid_names));
    j.document = rid ? *rid : -1;
    j.type = *type;
    j.z = *z;
    j.system = InternDaName(fields[system_col], &system_index, &out.systems);
    j.annotator = InternDaName(fields[worker_col], &annotator_index, &out.annotators);
    ++out.type_counts[static_cast<int>(j.type)];
    out.rows.push_back(j);
  }
  if (out.type_counts[0] + out.type_counts[1] == 0) {
    return InvalidArgument(file + ": no SYSTEM or REPEAT judgments after the header");
  }
  if (!numeric_sids) {
    for (size_t i = 0; i < out.rows.size(); ++i) out.rows[i].segment = sid_order[i];
  }
  if (missing_scores > 0) {
    out.warnings.push_back(file + ": " + std::to_string(missing_scores) +
                           " judgments with score NA were skipped");
  }
  return out;
}

StatusOr<std::vector<AnnotatorMoments>> ParseDaAnnotatorMoments(std::string_view text,
                                                                std::string_view name) {
  using namespace wmt_da_reading;  // NOLINT: this file's own helpers
  const std::string file(name);
  std::vector<AnnotatorMoments> out;
  size_t pos = 0;
  int64_t line_number = 0;
  std::string_view line;
  int slot = 0;  // 0: next line names an annotator; 1: the mean; 2: the SD
  while (NextDaLine(text, &pos, &line)) {
    ++line_number;
    std::string_view value = TrimField(line);
    if (value.empty()) continue;
    const std::string at = file + ":" + std::to_string(line_number) + ": ";
    // R prints a vector of length one as "[1] value".
    if (value.substr(0, 3) != "[1]") {
      return InvalidArgument(at + "expected an R print line '[1] ...', found " +
                             QuotedValue(value));
    }
    value = TrimField(value.substr(3));
    if (slot == 0) {
      if (value.size() < 2 || value.front() != '"' || value.back() != '"') {
        return InvalidArgument(at + "field 'annotator': expected a quoted annotator id, found " +
                               QuotedValue(value));
      }
      AnnotatorMoments m;
      m.annotator = std::string(value.substr(1, value.size() - 2));
      if (m.annotator.empty() || !IsValidUtf8(m.annotator)) {
        return InvalidArgument(at + "field 'annotator': blank or not UTF-8");
      }
      out.push_back(std::move(m));
    } else {
      const char* field = slot == 1 ? "mean" : "sd";
      double v = std::nan("");
      if (value != "NA") {
        const auto parsed = ParseDaNumber(value);
        if (!parsed) {
          return InvalidArgument(at + "field '" + field + "': " + QuotedValue(value) +
                                 " is not a finite number or NA");
        }
        v = *parsed;
      }
      (slot == 1 ? out.back().mean : out.back().sd) = v;
    }
    slot = (slot + 1) % 3;
  }
  if (slot != 0) {
    return InvalidArgument(file + ": ends inside an annotator's entry (three lines each: id, "
                                  "mean, sd)");
  }
  if (out.empty()) return InvalidArgument(file + ": no annotators");
  return out;
}

Status AttachRawScores(const std::vector<AnnotatorMoments>& moments, bool round_raw,
                       DaJudgments* judgments) {
  std::unordered_map<std::string_view, const AnnotatorMoments*> by_name;
  for (const AnnotatorMoments& m : moments) by_name.emplace(m.annotator, &m);
  std::vector<const AnnotatorMoments*> of_annotator(judgments->annotators.size(), nullptr);
  for (size_t a = 0; a < judgments->annotators.size(); ++a) {
    auto it = by_name.find(judgments->annotators[a]);
    if (it == by_name.end()) {
      return InvalidArgument("annotator " + QuotedValue(judgments->annotators[a]) +
                             " has no mean and SD in the moments file");
    }
    if (!std::isfinite(it->second->mean) || !(it->second->sd >= 0.0)) {
      return InvalidArgument("annotator " + QuotedValue(judgments->annotators[a]) +
                             " has no usable mean and SD in the moments file (NA)");
    }
    of_annotator[a] = it->second;
  }
  for (DaJudgment& j : judgments->rows) {
    const AnnotatorMoments& m = *of_annotator[j.annotator];
    const double raw = j.z * m.sd + m.mean;
    j.raw = round_raw ? std::nearbyint(raw) : raw;
  }
  judgments->has_raw = true;
  return Status::Ok();
}

std::string DaMomentsPathBeside(const std::string& judgments_path) {
  if (judgments_path == kStdinPath) return {};
  std::string base = judgments_path;
  if (base.size() > 3 && base.compare(base.size() - 3, 3, ".gz") == 0) base.resize(base.size() - 3);
  static constexpr std::string_view kSuffix = "-good-stnd.csv";
  if (base.size() <= kSuffix.size() ||
      base.compare(base.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0) {
    return {};
  }
  base.resize(base.size() - kSuffix.size());
  std::string moments = base + "-trk-mean-sd.txt";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(moments, ec)) return {};
  return moments;
}

StatusOr<DaJudgments> ReadWmtDaJudgments(const std::string& path,
                                         const WmtDaReadOptions& options) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseWmtDaJudgmentsOf(input.text(), path, options);
}

StatusOr<DaJudgments> ParseWmtDaJudgmentsOf(std::string_view text, const std::string& path,
                                            const WmtDaReadOptions& options) {
  auto judgments = ParseWmtDaJudgments(text, InputDisplayName(path));
  if (!judgments.ok()) return judgments.status();
  std::string moments_path = options.moments_path;
  if (moments_path.empty()) moments_path = DaMomentsPathBeside(path);
  if (moments_path.empty() || moments_path == "none") return judgments;
  std::string contents;
  if (Status s = ReadInputFile(moments_path, &contents); !s.ok()) return s;
  auto moments = ParseDaAnnotatorMoments(contents, InputDisplayName(moments_path));
  if (!moments.ok()) return moments.status();
  if (Status s = AttachRawScores(*moments, options.round_raw, &*judgments); !s.ok()) {
    const std::string message = InputDisplayName(moments_path) + ": " + s.message();
    // A moments file found beside the judgments is a convenience: without usable moments
    // the z-scores still stand, so the raw scores are left out with a warning.
    if (!options.moments_path.empty()) return Status(s.code(), message);
    judgments->warnings.push_back(message + "; no raw scores");
  }
  return judgments;
}

}  // namespace tourney
