// Pearmut's annotation log (see tourney/ingest/pearmut_log_reader.h).
#include "tourney/ingest/pearmut_log_reader.h"

#include <simdjson.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/field_text.h"
#include "ingest/input_file.h"
#include "tourney/core/system_registry.h"

namespace tourney {
namespace pearmut_log_detail {

using simdjson::dom::element;

int32_t InternLogName(std::string_view name, std::unordered_map<std::string, int32_t>* index,
                      std::vector<std::string>* names) {
  auto [it, added] = index->try_emplace(std::string(name), static_cast<int32_t>(names->size()));
  if (added) names->emplace_back(name);
  return it->second;
}

// A span offset: a non-negative integer, or -1 when null, absent or not a number.
int32_t LogSpanOffset(simdjson::dom::object span, const char* key) {
  int64_t v = 0;
  if (span.at_key(key).get_int64().get(v) || v < 0 || v > INT32_MAX) return -1;
  return static_cast<int32_t>(v);
}

class LogParser {
 public:
  explicit LogParser(std::string_view name) : file_(name) {}

  Status Line(std::string_view line, int64_t number) {
    line_ = number;
    const simdjson::padded_string padded(line);
    element root;
    if (auto e = parser_.parse(padded).get(root)) {
      return Error("", std::string("invalid JSON: ") + simdjson::error_message(e));
    }
    simdjson::dom::object entry;
    if (root.get_object().get(entry)) return Error("", "expected a JSON object");
    ++out_.entries;
    element items, annotations;
    if (entry.at_key("item").get(items) || entry.at_key("annotation").get(annotations)) {
      ++out_.skipped_entries;
      return Status::Ok();
    }
    std::string_view user;
    if (entry.at_key("user_id").get_string().get(user) || TrimField(user).empty() ||
        !IsValidUtf8(user)) {
      return Error("user_id", "missing, blank, not a string or not UTF-8");
    }
    const int32_t annotator = InternLogName(user, &annotator_index_, &out_.scores.annotators);
    std::vector<element> item_list, annotation_list;
    if (!Elements(items, &item_list) || !Elements(annotations, &annotation_list)) {
      return Error("item", "'item' and 'annotation' must be objects or lists of objects");
    }
    if (item_list.size() != annotation_list.size()) {
      return Error("annotation", std::to_string(annotation_list.size()) +
                                     " annotations for " + std::to_string(item_list.size()) +
                                     " items");
    }
    for (size_t i = 0; i < item_list.size(); ++i) {
      if (Status s = Item(item_list[i], annotation_list[i], annotator, i); !s.ok()) return s;
    }
    return Status::Ok();
  }

  StatusOr<PearmutLog> Finish() && {
    if (out_.scores.scores.empty()) return InvalidArgument(file_ + ": no scores in the log");
    DropReplacedJudgments();
    out_.judgments.systems = out_.scores.models;
    out_.judgments.annotators = out_.scores.annotators;
    out_.judgments.has_raw = true;
    if (out_.skipped_entries > 0) {
      out_.judgments.warnings.push_back(file_ + ": " + std::to_string(out_.skipped_entries) +
                                        " lines without 'item' and 'annotation' were skipped");
    }
    return std::move(out_);
  }

 private:
  Status Error(const std::string& field, const std::string& what) const {
    std::string m = file_ + ":" + std::to_string(line_) + ": ";
    if (!field.empty()) m += "field '" + field + "': ";
    return InvalidArgument(m + what);
  }

  // A resubmission replaces the same user's earlier score of the model on the item (the
  // front end's "go back and change"): only the last judgment of each (user, model, item)
  // stays, with its spans.
  void DropReplacedJudgments() {
    std::vector<DaJudgment>& rows = out_.judgments.rows;
    std::vector<unsigned char> keep(rows.size(), 0);
    std::unordered_map<uint64_t, bool> seen;
    for (size_t i = rows.size(); i-- > 0;) {
      const uint64_t key = (static_cast<uint64_t>(rows[i].annotator) << 42) ^
                           (static_cast<uint64_t>(rows[i].system) << 21) ^
                           static_cast<uint64_t>(rows[i].segment);
      keep[i] = seen.emplace(key, true).second;
    }
    std::vector<int32_t> index(rows.size(), -1);
    std::vector<DaJudgment> kept;
    out_.judgments.type_counts = {};
    for (size_t i = 0; i < rows.size(); ++i) {
      if (!keep[i]) continue;
      index[i] = static_cast<int32_t>(kept.size());
      ++out_.judgments.type_counts[static_cast<int>(rows[i].type)];
      kept.push_back(rows[i]);
    }
    replaced_ = static_cast<int64_t>(rows.size() - kept.size());
    rows = std::move(kept);
    std::vector<ErrorSpan> spans;
    for (ErrorSpan span : out_.spans.spans) {
      if (index[span.judgment] < 0) continue;
      span.judgment = index[span.judgment];
      spans.push_back(span);
    }
    out_.spans.spans = std::move(spans);
    if (replaced_ > 0) {
      out_.judgments.warnings.push_back(file_ + ": " + std::to_string(replaced_) +
                                        " scores replaced by the same user's later resubmission");
    }
  }

  static bool Elements(element value, std::vector<element>* out) {
    simdjson::dom::array list;
    if (!value.get_array().get(list)) {
      for (element e : list) {
        if (!e.is_object()) return false;
        out->push_back(e);
      }
      return true;
    }
    if (!value.is_object()) return false;
    out->push_back(value);
    return true;
  }

  Status Item(element item_value, element annotation_value, int32_t annotator, size_t i) {
    const simdjson::dom::object item = item_value.get_object().value_unsafe();  // checked
    std::string identity;
    bool validation = false;
    std::string_view doc_id;
    for (simdjson::dom::key_value_pair kv : item) {
      if (kv.key == "tgt") continue;
      if (kv.key == "validation") validation = true;
      if (kv.key == "doc_id" && kv.value.get_string().get(doc_id)) doc_id = {};
      identity.append(kv.key);
      identity += '\x1f';
      identity += simdjson::minify(kv.value);
      identity += '\x1e';
    }
    const int32_t id = InternLogName(identity, &item_index_, &item_keys_);
    out_.scores.num_items = static_cast<int32_t>(item_keys_.size());
    const int32_t document = InternLogName(doc_id, &document_index_, &out_.judgments.documents);
    const std::string where = "annotation[" + std::to_string(i) + "]";
    const simdjson::dom::object annotation = annotation_value.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair kv : annotation) {
      const std::string field = where + "." + std::string(kv.key);
      simdjson::dom::object model_annotation;
      if (kv.value.get_object().get(model_annotation)) return Error(field, "expected an object");
      if (std::string problem = SystemNameProblem(kv.key); !problem.empty() || kv.key.empty()) {
        return Error(field, "model " + QuotedValue(kv.key) + " " +
                                (problem.empty() ? std::string("is blank") : problem));
      }
      element score_value;
      if (model_annotation.at_key("score").get(score_value) || score_value.is_null()) continue;
      double score = 0.0;
      if (score_value.get_double().get(score) || !std::isfinite(score)) {
        return Error(field + ".score", "not a finite number");
      }
      PlatformScore s;
      s.annotator = annotator;
      s.model = InternLogName(kv.key, &model_index_, &out_.scores.models);
      s.item = id;
      s.score = score;
      s.validation = validation;
      s.line = line_;
      out_.scores.scores.push_back(s);
      if (validation) {
        ++out_.validation_scores;
        continue;
      }
      if (Status st = Spans(model_annotation, field); !st.ok()) return st;
      DaJudgment j;
      j.annotator = annotator;
      j.system = s.model;
      j.segment = id + 1;
      j.document = document;
      j.raw = score;
      j.line = line_;
      ++out_.judgments.type_counts[static_cast<int>(j.type)];
      out_.judgments.rows.push_back(j);
    }
    return Status::Ok();
  }

  // The error spans of the judgment about to be added.
  Status Spans(simdjson::dom::object model_annotation, const std::string& field) {
    simdjson::dom::array spans;
    element value;
    if (model_annotation.at_key("error_spans").get(value) || value.is_null()) return Status::Ok();
    if (value.get_array().get(spans)) return Error(field + ".error_spans", "expected a list");
    const int32_t judgment = static_cast<int32_t>(out_.judgments.rows.size());
    for (element e : spans) {
      simdjson::dom::object span;
      std::string_view severity, category;
      if (e.get_object().get(span) || span.at_key("severity").get_string().get(severity) ||
          severity.empty()) {
        return Error(field + ".error_spans", "a span without a severity");
      }
      ErrorSpan out;
      out.judgment = judgment;
      out.start = LogSpanOffset(span, "start_i");
      out.end = LogSpanOffset(span, "end_i");
      out.severity = InternLogName(severity, &severity_index_, &out_.spans.severities);
      if (!span.at_key("category").get_string().get(category) && !category.empty()) {
        out.category = InternLogName(category, &category_index_, &out_.spans.categories);
      }
      out_.spans.spans.push_back(out);
    }
    return Status::Ok();
  }

  const std::string file_;
  int64_t line_ = 0;
  int64_t replaced_ = 0;
  simdjson::dom::parser parser_;
  PearmutLog out_;
  std::vector<std::string> item_keys_;
  std::unordered_map<std::string, int32_t> annotator_index_, model_index_, item_index_,
      document_index_, severity_index_, category_index_;
};

}  // namespace pearmut_log_detail

bool LooksLikePearmutLog(std::string_view head) {
  const size_t start = head.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || head[start] != '{') return false;
  const std::string_view first = head.substr(start, head.find('\n', start) - start);
  return first.find("\"annotation\"") != std::string_view::npos;
}

StatusOr<PearmutLog> ParsePearmutLog(std::string_view text, std::string_view name) {
  pearmut_log_detail::LogParser parser(name);
  if (Status s = ForEachNonBlankLine(
          text, [&](std::string_view line, int64_t number) { return parser.Line(line, number); });
      !s.ok()) {
    return s;
  }
  return std::move(parser).Finish();
}

StatusOr<PearmutLog> ReadPearmutLog(const std::string& path) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParsePearmutLog(input.text(), InputDisplayName(path));
}

}  // namespace tourney
