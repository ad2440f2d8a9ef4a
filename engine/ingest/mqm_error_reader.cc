// Google's MQM per-error TSV (see tourney/ingest/mqm_error_reader.h).
#include "tourney/ingest/mqm_error_reader.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "ingest/field_text.h"
#include "ingest/input_file.h"
#include "tourney/core/system_registry.h"

namespace tourney {
namespace mqm_error_reading {

// The next line from *pos, without '\n' and a trailing '\r'; false at the end.
bool NextMqmLine(std::string_view text, size_t* pos, std::string_view* line) {
  if (*pos >= text.size()) return false;
  const size_t end = text.find('\n', *pos);
  const size_t stop = end == std::string_view::npos ? text.size() : end;
  *line = text.substr(*pos, stop - *pos);
  if (!line->empty() && line->back() == '\r') line->remove_suffix(1);
  *pos = end == std::string_view::npos ? text.size() : end + 1;
  return true;
}

// Tab-separated fields, taken literally (QUOTE_NONE); names are trimmed by the caller.
void SplitMqmFields(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  size_t start = 0;
  while (true) {
    const size_t tab = line.find('\t', start);
    fields->push_back(line.substr(start, tab - start));
    if (tab == std::string_view::npos) return;
    start = tab + 1;
  }
}

// Interns `name` into one of MqmErrors' name lists.
class MqmNameIndex {
 public:
  explicit MqmNameIndex(std::vector<std::string>* names) : names_(names) {}
  int32_t Intern(std::string_view name) {
    auto [it, added] = index_.try_emplace(std::string(name), static_cast<int32_t>(names_->size()));
    if (added) names_->emplace_back(name);
    return it->second;
  }

 private:
  std::vector<std::string>* const names_;
  std::unordered_map<std::string, int32_t> index_;
};

}  // namespace mqm_error_reading

StatusOr<MqmErrors> ParseMqmErrors(std::string_view text, std::string_view name) {
  using namespace mqm_error_reading;  // NOLINT: this file's own helpers
  const std::string file(name);
  auto at = [&](int64_t line) { return file + ":" + std::to_string(line) + ": "; };
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  size_t pos = 0;
  int64_t line_number = 0;
  std::string_view line;
  bool have_header = false;
  while (NextMqmLine(text, &pos, &line)) {
    ++line_number;
    if (!TrimField(line).empty()) {
      have_header = true;
      break;
    }
  }
  if (!have_header) return InvalidArgument(file + ": empty input (no header line)");
  std::vector<std::string_view> header;
  SplitMqmFields(line, &header);
  for (std::string_view& h : header) h = TrimField(h);
  const int64_t header_line = line_number;
  // The columns used, in MqmErrorRow's order of names.
  static constexpr const char* kColumns[] = {"system",   "doc",      "rater",
                                             "category", "severity", "seg_id"};
  int col[6];
  std::string duplicate;
  for (int c = 0; c < 6; ++c) {
    col[c] = FindHeaderColumn(header, kColumns[c], &duplicate);
    if (!duplicate.empty()) return InvalidArgument(at(header_line) + duplicate);
    if (col[c] < 0) {
      return InvalidArgument(at(header_line) + "field '" + kColumns[c] +
                             "': no such column in the header (an MQM error TSV has system, "
                             "doc, seg_id, rater, category and severity)");
    }
  }
  MqmErrors out;
  MqmNameIndex systems(&out.systems), documents(&out.documents), raters(&out.raters),
      categories(&out.categories), severities(&out.severities);
  MqmNameIndex* index[5] = {&systems, &documents, &raters, &categories, &severities};
  std::vector<std::string_view> fields;
  while (NextMqmLine(text, &pos, &line)) {
    ++line_number;
    if (TrimField(line).empty()) continue;
    SplitMqmFields(line, &fields);
    if (fields.size() != header.size()) {
      return InvalidArgument(at(line_number) + std::to_string(fields.size()) +
                             " fields, the header has " + std::to_string(header.size()) +
                             " (the file is read without quoting: a text may not hold a tab "
                             "or a line break)");
    }
    auto field_error = [&](int c, const std::string& what) {
      return InvalidArgument(at(line_number) + "field '" + kColumns[c] + "': " + what);
    };
    int32_t ids[5];
    for (int c = 0; c < 5; ++c) {
      const std::string_view v = TrimField(fields[col[c]]);
      if (v.empty()) return field_error(c, "blank");
      if (!IsValidUtf8(v)) return field_error(c, InvalidUtf8Message(v));
      ids[c] = index[c]->Intern(v);
    }
    if (std::string problem = SystemNameProblem(out.systems[ids[0]]); !problem.empty()) {
      return field_error(0, "system " + QuotedValue(out.systems[ids[0]]) + " " + problem);
    }
    const auto segment = ParseIntField(fields[col[5]]);
    if (!segment) {
      return field_error(5, QuotedValue(fields[col[5]]) + " is not a segment number (an integer)");
    }
    MqmErrorRow row;
    row.system = ids[0];
    row.document = ids[1];
    row.rater = ids[2];
    row.category = ids[3];
    row.severity = ids[4];
    row.segment = *segment;
    row.line = line_number;
    out.rows.push_back(row);
  }
  if (out.rows.empty()) return InvalidArgument(file + ": no error rows after the header");
  return out;
}

StatusOr<MqmErrors> ReadMqmErrors(const std::string& path) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseMqmErrors(input.text(), InputDisplayName(path));
}

}  // namespace tourney
