// Appraise's segment-level score exports (see tourney/ingest/appraise_scores_reader.h).
#include "tourney/ingest/appraise_scores_reader.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/csv_record.h"
#include "ingest/field_text.h"
#include "ingest/input_file.h"
#include "tourney/core/system_registry.h"

namespace tourney {
namespace appraise_scores_detail {

// Column positions of one layout (-1: the layout has no such column).
struct AppraiseColumns {
  int fields;
  int document;  // documentID / DocumentID
  int is_document;
  int spans;
  const char* names[12];
};

constexpr AppraiseColumns kSegmentDaColumns = {
    9,
    -1,
    -1,
    -1,
    {"username", "system", "itemId", "itemType", "srcLang", "trgLang", "score", "timeStart",
     "timeEnd"}};
constexpr AppraiseColumns kDaSqmColumns = {
    11,
    7,
    8,
    -1,
    {"UserID", "SystemID", "SegmentID", "Type", "SourceLanguage", "TargetLanguage", "Score",
     "DocumentID", "IsDocument?", "StartTime", "EndTime"}};
constexpr AppraiseColumns kErrorSpanColumns = {
    12,
    7,
    8,
    9,
    {"user", "system", "itemID", "itemType", "srcLang", "tgtLang", "score", "documentID",
     "isDocument", "error_spans", "startTime", "endTime"}};

const AppraiseColumns* ColumnsOf(size_t fields) {
  switch (fields) {
    case 9:
      return &kSegmentDaColumns;
    case 11:
      return &kDaSqmColumns;
    case 12:
      return &kErrorSpanColumns;
    default:
      return nullptr;
  }
}

std::optional<double> ParseAppraiseNumber(std::string_view s) {
  s = TrimField(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<DaItemType> ParseAppraiseItemType(std::string_view s) {
  s = TrimField(s);
  if (s == "TGT") return DaItemType::kSystem;
  if (s == "BAD") return DaItemType::kBadReference;
  if (s == "REF") return DaItemType::kReference;
  return std::nullopt;
}

int32_t InternAppraiseName(std::string_view name, std::unordered_map<std::string, int32_t>* index,
                           std::vector<std::string>* names) {
  auto [it, added] = index->try_emplace(std::string(name), static_cast<int32_t>(names->size()));
  if (added) names->emplace_back(name);
  return it->second;
}

// A span as read, before its judgment's index is known.
struct PendingSpan {
  int32_t start = -1;
  int32_t end = -1;
  std::string severity;
  std::string category;
};

// One row as read.
struct PendingRow {
  int32_t annotator = 0;
  int32_t system = 0;
  int64_t item = 0;         // itemId / SegmentID / itemID
  std::string document_id;  // as written ("" in the 9-field layout)
  DaItemType type = DaItemType::kSystem;
  double score = 0.0;
  int64_t line = 0;
  int32_t pair = 0;       // index into AppraiseScores::language_pairs
  double end_time = 0.0;  // endTime (12 fields); -inf when not a number
  int32_t segment = 0;    // set once every row is read
  std::vector<PendingSpan> spans;
};

// True when a 12-field documentID names the system after its first '#' ("doc#ONLINE-W",
// "doc#ONLINE-W#bad1": the ESA paper's campaign, whose itemIDs are batch places) rather than
// only markers ("doc", "doc#bad": WMT24, whose itemIDs are the test set's segment numbers).
bool NamesSystemAfterHash(std::string_view document_id) {
  const size_t hash = document_id.find('#');
  if (hash == std::string_view::npos) return false;
  return document_id.substr(hash + 1).rfind("bad", 0) != 0;
}

// WMT24's filler documents: copies used to complete a batch, not judgments of their own.
bool IsFillerDocument(std::string_view document_id) {
  return document_id.find("#incomplete") != std::string_view::npos ||
         document_id.find("#dup") != std::string_view::npos;
}

// An offset of a span: a non-negative integer, or -1 for "missing" or null.
bool SpanOffset(simdjson::dom::element value, int32_t* out) {
  int64_t v = 0;
  if (value.is_null()) {
    *out = -1;
    return true;
  }
  std::string_view text;
  if (!value.get_string().get(text)) {
    *out = -1;
    return text == "missing";
  }
  if (value.get_int64().get(v) || v < 0 || v > INT32_MAX) return false;
  *out = static_cast<int32_t>(v);
  return true;
}

// The error_spans JSON list into *spans; an empty string on success, else the problem.
std::string ParseSpanList(std::string_view text, simdjson::dom::parser& parser,
                          std::vector<PendingSpan>* spans) {
  text = TrimField(text);
  if (text.empty() || text == "[]") return {};
  const simdjson::padded_string padded(text);
  simdjson::dom::element root;
  if (auto e = parser.parse(padded).get(root)) {
    return std::string("invalid JSON: ") + simdjson::error_message(e);
  }
  simdjson::dom::array list;
  if (root.get_array().get(list)) return "expected a JSON list of spans";
  size_t i = 0;
  for (simdjson::dom::element item : list) {
    const std::string at = "span " + std::to_string(i++) + ": ";
    simdjson::dom::object span;
    if (item.get_object().get(span)) return at + "expected an object";
    PendingSpan out;
    simdjson::dom::element value;
    for (const char* key : {"start_i", "end_i"}) {
      if (span.at_key(key).get(value)) return at + "'" + key + "' missing";
      if (!SpanOffset(value, key[0] == 's' ? &out.start : &out.end)) {
        return at + "'" + key + "' is not an offset (a non-negative integer or \"missing\")";
      }
    }
    std::string_view severity;
    if (span.at_key("severity").get(value) || value.get_string().get(severity) ||
        severity.empty()) {
      return at + "'severity' missing or not a non-empty string";
    }
    out.severity = std::string(severity);
    if (!span.at_key("error_type").get(value) && !value.is_null()) {
      std::string_view part;
      simdjson::dom::array parts;
      if (!value.get_string().get(part)) {
        out.category = std::string(part);
      } else if (!value.get_array().get(parts)) {
        for (simdjson::dom::element p : parts) {
          if (p.is_null()) continue;
          if (p.get_string().get(part)) return at + "'error_type' holds a non-string";
          if (!out.category.empty()) out.category += '/';
          out.category.append(part);
        }
      } else {
        return at + "'error_type' is not null, a string or a list of strings";
      }
    }
    spans->push_back(std::move(out));
  }
  return {};
}

}  // namespace appraise_scores_detail

bool LooksLikeAppraiseScores(std::string_view head) {
  using namespace appraise_scores_detail;  // NOLINT: this file's own helpers
  CsvRecordReader records(head);
  std::string_view line;
  while (records.Next(&line)) {
    if (TrimField(line).empty()) continue;
    std::vector<std::string_view> fields;
    std::vector<std::string> storage;
    if (!SplitCsvLine(line, &fields, &storage) || ColumnsOf(fields.size()) == nullptr) {
      return false;
    }
    return ParseAppraiseItemType(fields[3]).has_value() &&
           ParseAppraiseNumber(fields[6]).has_value();
  }
  return false;
}

StatusOr<AppraiseScores> ParseAppraiseScores(std::string_view text, std::string_view name,
                                             AppraiseLayout layout) {
  using namespace appraise_scores_detail;  // NOLINT: this file's own helpers
  const std::string file(name);
  auto at = [&](int64_t line) { return file + ":" + std::to_string(line) + ": "; };
  AppraiseScores result;
  const AppraiseColumns* cols =
      layout == AppraiseLayout::kAuto ? nullptr : ColumnsOf(static_cast<size_t>(layout));
  std::unordered_map<std::string, int32_t> system_index, annotator_index, pair_index;
  std::vector<PendingRow> rows;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  simdjson::dom::parser parser;
  CsvRecordReader records(text);
  std::string_view line;
  while (records.Next(&line)) {
    const int64_t line_number = records.line_number();
    if (TrimField(line).empty()) continue;
    if (!SplitCsvLine(line, &fields, &storage)) {
      return InvalidArgument(at(line_number) + "unterminated quote or text after a closing quote");
    }
    if (cols == nullptr) {
      cols = ColumnsOf(fields.size());
      if (cols == nullptr) {
        return InvalidArgument(at(line_number) + std::to_string(fields.size()) +
                               " fields: an Appraise score export has 9 (WMT22 DA), 11 (WMT23 "
                               "DA+SQM) or 12 (ESA/MQM) fields");
      }
    }
    if (static_cast<int>(fields.size()) != cols->fields) {
      return InvalidArgument(at(line_number) + std::to_string(fields.size()) +
                             " fields, expected " + std::to_string(cols->fields));
    }
    auto field_error = [&](int c, const std::string& what) {
      return InvalidArgument(at(line_number) + "field '" + cols->names[c] + "': " + what);
    };
    for (int c : {0, 1}) {
      const std::string_view v = TrimField(fields[c]);
      if (v.empty()) return field_error(c, "blank");
      if (!IsValidUtf8(v)) return field_error(c, InvalidUtf8Message(v));
    }
    const std::string_view system = TrimField(fields[1]);
    if (std::string problem = SystemNameProblem(system); !problem.empty()) {
      return field_error(1, "system " + QuotedValue(system) + " " + problem);
    }
    if (cols->is_document >= 0) {
      const std::string_view d = TrimField(fields[cols->is_document]);
      if (d == "True") {
        ++result.document_rows_skipped;
        continue;
      }
      if (d != "False")
        return field_error(cols->is_document, QuotedValue(d) + " is not True or False");
    }
    PendingRow row;
    row.line = line_number;
    const auto item = ParseIntField(fields[2]);
    if (!item || *item < 0) {
      return field_error(2, QuotedValue(fields[2]) +
                                " is not an item number (a non-negative "
                                "integer)");
    }
    row.item = *item;
    const auto type = ParseAppraiseItemType(fields[3]);
    if (!type) return field_error(3, QuotedValue(fields[3]) + " is not TGT, BAD or REF");
    row.type = *type;
    const auto score = ParseAppraiseNumber(fields[6]);
    if (!score) return field_error(6, QuotedValue(fields[6]) + " is not a finite number");
    row.score = *score;
    if (cols->document >= 0) {
      const std::string_view d = TrimField(fields[cols->document]);
      if (d.empty()) return field_error(cols->document, "blank");
      if (!IsValidUtf8(d)) return field_error(cols->document, InvalidUtf8Message(d));
      row.document_id = std::string(d);
      if (d.find("#bad") != std::string_view::npos) row.type = DaItemType::kBadReference;
      if (cols->spans >= 0 && d == system && system.find("tutorial") != std::string_view::npos) {
        ++result.tutorial_rows_skipped;
        continue;
      }
      if (cols->spans >= 0 && d == "canary") {
        ++result.canary_rows_skipped;
        continue;
      }
      if (cols->spans >= 0 && IsFillerDocument(d)) {
        ++result.filler_rows_skipped;
        continue;
      }
    }
    if (cols->spans >= 0) {
      const auto end = ParseAppraiseNumber(fields[11]);
      row.end_time = end ? *end : -std::numeric_limits<double>::infinity();
    }
    if (cols->spans >= 0) {
      const std::string problem = ParseSpanList(fields[cols->spans], parser, &row.spans);
      if (!problem.empty()) return field_error(cols->spans, problem);
    }
    std::string pair(TrimField(fields[4]));
    pair += '-';
    pair.append(TrimField(fields[5]));
    row.pair = InternAppraiseName(pair, &pair_index, &result.language_pairs);
    row.annotator =
        InternAppraiseName(TrimField(fields[0]), &annotator_index, &result.judgments.annotators);
    row.system = InternAppraiseName(system, &system_index, &result.judgments.systems);
    rows.push_back(std::move(row));
  }
  if (cols == nullptr) return InvalidArgument(file + ": empty input (no rows)");
  result.layout = static_cast<AppraiseLayout>(cols->fields);

  // The 12-field layout: the first itemID of each (annotator, documentID).
  std::map<std::pair<int32_t, std::string>, int64_t> first_item;
  if (result.layout == AppraiseLayout::kErrorSpans) {
    for (const PendingRow& r : rows) {
      auto [it, added] = first_item.try_emplace({r.annotator, r.document_id}, r.item);
      if (!added) it->second = std::min(it->second, r.item);
    }
  }
  DaJudgments& out = result.judgments;
  std::unordered_map<std::string, int32_t> document_index, segment_index;
  std::vector<std::string> segment_keys;
  std::vector<int32_t> documents(rows.size(), 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    PendingRow& r = rows[i];
    if (result.layout == AppraiseLayout::kSegmentDa) {
      r.segment = static_cast<int32_t>(std::min<int64_t>(r.item, INT32_MAX));
      continue;
    }
    const std::string document = r.document_id.substr(0, r.document_id.find('#'));
    documents[i] = InternAppraiseName(document, &document_index, &out.documents);
    // The segment within its language pair: (document, place in the document) where itemIDs
    // are batch places, (document, itemID) where they are segment numbers (WMT23 DA+SQM's
    // SegmentID, WMT24's itemID).
    int64_t place = r.item;
    if (result.layout == AppraiseLayout::kErrorSpans && NamesSystemAfterHash(r.document_id)) {
      place = r.item - first_item[{r.annotator, r.document_id}] + 1;
    }
    std::string key = std::to_string(r.pair);
    key += '\0';
    key += document;
    key += '\0';
    key += std::to_string(place);
    r.segment = 1 + InternAppraiseName(key, &segment_index, &segment_keys);
    if (static_cast<size_t>(r.segment) > result.segment_pairs.size()) {
      result.segment_pairs.resize(static_cast<size_t>(r.segment), r.pair);
    }
  }
  // A resubmitted TGT item: the 12-field layout (WMT24's rule) keeps the latest submission of
  // each (annotator, system, segment), by endTime, the later row on a tie; the DA layouts
  // keep both, the second as a REPEAT.
  std::vector<bool> replaced(rows.size(), false);
  if (result.layout == AppraiseLayout::kErrorSpans) {
    std::map<std::tuple<int32_t, int32_t, int32_t>, size_t> latest;
    for (size_t i = 0; i < rows.size(); ++i) {
      const PendingRow& r = rows[i];
      if (r.type != DaItemType::kSystem) continue;
      auto [it, added] = latest.try_emplace({r.annotator, r.system, r.segment}, i);
      if (added) continue;
      if (r.end_time >= rows[it->second].end_time) {
        replaced[it->second] = true;
        it->second = i;
      } else {
        replaced[i] = true;
      }
      ++result.resubmissions_replaced;
    }
  }
  std::map<std::tuple<int32_t, int32_t, int32_t>, int> seen;  // TGT judgments so far
  std::unordered_map<std::string, int32_t> severity_index, category_index;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (replaced[i]) continue;
    const PendingRow& r = rows[i];
    DaJudgment j;
    j.annotator = r.annotator;
    j.system = r.system;
    j.type = r.type;
    j.raw = r.score;
    j.line = r.line;
    j.segment = r.segment;
    j.document = documents[i];
    if (j.type == DaItemType::kSystem && seen[{j.annotator, j.system, j.segment}]++ > 0) {
      j.type = DaItemType::kRepeat;
    }
    const int32_t index = static_cast<int32_t>(out.rows.size());
    for (const PendingSpan& s : r.spans) {
      ErrorSpan span;
      span.judgment = index;
      span.start = s.start;
      span.end = s.end;
      span.severity = InternAppraiseName(s.severity, &severity_index, &result.spans.severities);
      if (!s.category.empty()) {
        span.category = InternAppraiseName(s.category, &category_index, &result.spans.categories);
      }
      result.spans.spans.push_back(span);
    }
    ++out.type_counts[static_cast<int>(j.type)];
    out.rows.push_back(j);
  }
  if (out.type_counts[0] + out.type_counts[1] == 0) {
    return InvalidArgument(file + ": no system (TGT) items");
  }
  out.has_raw = true;
  if (result.document_rows_skipped > 0) {
    out.warnings.push_back(file + ": " + std::to_string(result.document_rows_skipped) +
                           " document-level rows (isDocument True) were skipped");
  }
  if (result.canary_rows_skipped > 0) {
    out.warnings.push_back(file + ": " + std::to_string(result.canary_rows_skipped) +
                           " canary rows (documentID 'canary') were skipped");
  }
  if (result.filler_rows_skipped > 0) {
    out.warnings.push_back(file + ": " + std::to_string(result.filler_rows_skipped) +
                           " rows of filler documents (documentID with '#incomplete' or "
                           "'#dup', copies that complete a batch) were skipped");
  }
  if (result.resubmissions_replaced > 0) {
    out.warnings.push_back(file + ": " + std::to_string(result.resubmissions_replaced) +
                           " resubmitted items were replaced by the annotator's latest "
                           "submission (by endTime)");
  }
  if (result.language_pairs.size() > 1) {
    std::string list;
    for (const std::string& p : result.language_pairs) list += (list.empty() ? "" : ", ") + p;
    out.warnings.push_back(file + ": the export holds " +
                           std::to_string(result.language_pairs.size()) +
                           " language pairs (" + list +
                           "); a system's score pools them: split the file by pair for "
                           "per-pair boards");
  }
  if (result.tutorial_rows_skipped > 0) {
    out.warnings.push_back(file + ": " + std::to_string(result.tutorial_rows_skipped) +
                           " tutorial items (system named as its document, with 'tutorial') "
                           "were skipped");
  }
  return result;
}

StatusOr<AppraiseScores> ReadAppraiseScores(const std::string& path, AppraiseLayout layout) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseAppraiseScores(input.text(), InputDisplayName(path), layout);
}

}  // namespace tourney
