// Reading back tourney's score exports (see tourney/ingest/tourney_scores_reader.h).
#include "tourney/ingest/tourney_scores_reader.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/content_tsv.h"

namespace tourney {
namespace tourney_scores_detail {

constexpr const char* kSpansHint = "a JSON list of {start, end, severity, category}";

// Index of `name` in `names`, appended when new.
int32_t Intern(std::string_view name, std::unordered_map<std::string, int32_t>* index,
               std::vector<std::string>* names) {
  auto [it, added] = index->emplace(std::string(name), static_cast<int32_t>(names->size()));
  if (added) names->push_back(it->first);
  return it->second;
}

// An offset of a span: absent (proto3 JSON leaves 0 out) or a non-negative integer.
bool SpanOffset(simdjson::dom::object span, const char* key, int32_t* out) {
  simdjson::dom::element value;
  if (span.at_key(key).get(value)) {
    *out = 0;
    return true;
  }
  int64_t v = 0;
  if (value.get_int64().get(v) || v < 0 || v > INT32_MAX) return false;
  *out = static_cast<int32_t>(v);
  return true;
}

struct ParsedSpan {
  int32_t start = 0;
  int32_t end = 0;
  std::string severity;
  std::string category;
};

// The spans of one error_spans field; an empty string on success, else the problem.
std::string ParseSpans(std::string_view text, simdjson::dom::parser& parser,
                       std::vector<ParsedSpan>* out) {
  if (text.empty() || text == "[]") return {};
  const simdjson::padded_string padded(text);
  simdjson::dom::element root;
  if (auto e = parser.parse(padded).get(root)) {
    return std::string("invalid JSON (") + simdjson::error_message(e) + "): expected " +
           kSpansHint;
  }
  simdjson::dom::array list;
  if (root.get_array().get(list)) return std::string("expected ") + kSpansHint;
  size_t i = 0;
  for (simdjson::dom::element item : list) {
    const std::string at = "span " + std::to_string(i++) + ": ";
    simdjson::dom::object span;
    if (item.get_object().get(span)) return at + "expected an object";
    ParsedSpan s;
    if (!SpanOffset(span, "start", &s.start) || !SpanOffset(span, "end", &s.end)) {
      return at + "'start' and 'end' must be non-negative integers";
    }
    simdjson::dom::element value;
    std::string_view text_value;
    if (span.at_key("severity").get(value) || value.get_string().get(text_value) ||
        text_value.empty()) {
      return at + "'severity' missing or not a non-empty string";
    }
    s.severity = std::string(text_value);
    if (!span.at_key("category").get(value)) {
      if (value.get_string().get(text_value)) return at + "'category' is not a string";
      s.category = std::string(text_value);
    }
    out->push_back(std::move(s));
  }
  return {};
}

}  // namespace tourney_scores_detail

bool LooksLikeTourneyScores(std::string_view text) {
  ContentTsvLines lines(text);
  std::vector<std::string_view> fields;
  if (!lines.Next(&fields)) return false;
  ContentTsvHeader header{fields};
  std::string error;
  for (std::string_view column : {"system", "doc", "seg", "score", "annotator"}) {
    if (header.Find({column}, &error) < 0) return false;
  }
  return error.empty();
}

StatusOr<TourneyScores> ParseTourneyScores(std::string_view text, std::string_view name) {
  using namespace tourney_scores_detail;  // NOLINT: this file's own helpers
  ContentTsvLines lines(text);
  std::vector<std::string_view> fields;
  if (!lines.Next(&fields)) return TsvError(name, 1, "", "empty: expected a header line");
  const ContentTsvHeader header{fields};
  std::string error;
  const int system = header.Find({"system"}, &error);
  const int doc = header.Find({"doc"}, &error);
  const int seg = header.Find({"seg"}, &error);
  const int score = header.Find({"score"}, &error);
  const int annotator = header.Find({"annotator"}, &error);
  const int spans = header.Find({"error_spans"}, &error);
  if (!error.empty()) return TsvError(name, 1, "", error);
  if (Status s = RequireTsvColumns(name,
                                   {{system, "system"},
                                    {doc, "doc"},
                                    {seg, "seg"},
                                    {score, "score"},
                                    {annotator, "annotator"}},
                                   "a score export of tourney campaign scoring-export");
      !s.ok()) {
    return s;
  }
  const size_t columns = header.names.size();
  TourneyScores out;
  DaJudgments& j = out.judgments;
  j.has_raw = true;
  std::unordered_map<std::string, int32_t> systems, annotators, documents, severities,
      categories;
  std::map<std::pair<int32_t, std::string>, int32_t> segments;  // (document, seg) -> 1..
  std::map<std::pair<int32_t, int32_t>, int64_t> seen;          // (system, segment) -> line
  simdjson::dom::parser parser;
  std::vector<std::vector<ParsedSpan>> pending;
  while (lines.Next(&fields)) {
    const int64_t line = lines.line_number();
    if (fields.size() == 1 && fields[0].empty()) continue;  // a blank line
    if (Status s = CheckTsvFieldCount(name, line, fields.size(), columns); !s.ok()) return s;
    for (auto [column, label] : {std::pair{system, "system"}, std::pair{doc, "doc"},
                                 std::pair{seg, "seg"}, std::pair{annotator, "annotator"}}) {
      if (fields[column].empty()) return TsvError(name, line, label, "empty");
    }
    double value = 0.0;
    const std::string_view number = fields[score];
    auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec != std::errc() || ptr != number.data() + number.size() || !std::isfinite(value)) {
      std::string message(1, '\'');
      message.append(number).append("' is not a finite number");
      return TsvError(name, line, "score", message);
    }
    DaJudgment r;
    r.annotator = Intern(fields[annotator], &annotators, &j.annotators);
    r.system = Intern(fields[system], &systems, &j.systems);
    r.document = Intern(fields[doc], &documents, &j.documents);
    auto [it, added] = segments.emplace(
        std::pair{static_cast<int32_t>(r.document), std::string(fields[seg])},
        static_cast<int32_t>(segments.size() + 1));
    r.segment = it->second;
    auto [at, first] = seen.emplace(std::pair{r.system, r.segment}, line);
    if (!first) {
      return TsvError(name, line, "seg",
                      "system '" + std::string(fields[system]) + "' segment '" +
                          std::string(fields[seg]) + "' was scored on line " +
                          std::to_string(at->second) +
                          " already (a campaign scores each item once)");
    }
    r.type = DaItemType::kSystem;
    r.raw = value;
    r.line = line;
    std::vector<ParsedSpan> marked;
    if (spans >= 0) {
      const std::string problem = ParseSpans(fields[spans], parser, &marked);
      if (!problem.empty()) return TsvError(name, line, "error_spans", problem);
    }
    pending.push_back(std::move(marked));
    j.rows.push_back(r);
    ++j.type_counts[static_cast<int>(DaItemType::kSystem)];
  }
  if (j.rows.empty()) return TsvError(name, lines.line_number(), "", "no scores");
  for (size_t row = 0; row < pending.size(); ++row) {
    for (const ParsedSpan& s : pending[row]) {
      ErrorSpan span;
      span.judgment = static_cast<int32_t>(row);
      span.start = s.start;
      span.end = s.end;
      span.severity = Intern(s.severity, &severities, &out.spans.severities);
      if (!s.category.empty()) {
        span.category = Intern(s.category, &categories, &out.spans.categories);
      }
      out.spans.spans.push_back(span);
    }
  }
  return out;
}

}  // namespace tourney
