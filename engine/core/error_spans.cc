// Error spans (see tourney/core/error_spans.h).
#include "tourney/core/error_spans.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>

namespace tourney {
namespace error_spans_detail {

int32_t InternSpanName(const std::string& name, std::unordered_map<std::string, int32_t>* index,
                       std::vector<std::string>* names) {
  auto [it, added] = index->try_emplace(name, static_cast<int32_t>(names->size()));
  if (added) names->push_back(name);
  return it->second;
}

}  // namespace error_spans_detail

std::pair<size_t, size_t> ErrorSpans::OfJudgment(int32_t j) const {
  const auto first = std::lower_bound(spans.begin(), spans.end(), j,
                                      [](const ErrorSpan& s, int32_t v) { return s.judgment < v; });
  const auto last = std::upper_bound(first, spans.end(), j,
                                     [](int32_t v, const ErrorSpan& s) { return v < s.judgment; });
  return {static_cast<size_t>(first - spans.begin()), static_cast<size_t>(last - spans.begin())};
}

MqmErrors MqmErrorsFromSpans(const DaJudgments& judgments, const ErrorSpans& spans) {
  using error_spans_detail::InternSpanName;
  MqmErrors out;
  out.systems = judgments.systems;
  out.raters = judgments.annotators;
  std::unordered_map<std::string, int32_t> documents, categories, severities;
  size_t next = 0;  // spans are sorted by judgment
  for (size_t i = 0; i < judgments.rows.size(); ++i) {
    const DaJudgment& j = judgments.rows[i];
    const int32_t index = static_cast<int32_t>(i);
    while (next < spans.spans.size() && spans.spans[next].judgment < index) ++next;
    if (j.type != DaItemType::kSystem) continue;
    MqmErrorRow row;
    row.system = j.system;
    row.rater = j.annotator;
    row.segment = j.segment;
    row.line = j.line;
    const std::string document =
        j.document >= 0 && static_cast<size_t>(j.document) < judgments.documents.size()
            ? judgments.documents[static_cast<size_t>(j.document)]
            : std::to_string(j.document);
    row.document = InternSpanName(document, &documents, &out.documents);
    size_t k = next;
    for (; k < spans.spans.size() && spans.spans[k].judgment == index; ++k) {
      const ErrorSpan& span = spans.spans[k];
      row.severity = InternSpanName(spans.severities[span.severity], &severities, &out.severities);
      row.category =
          InternSpanName(span.category < 0 ? std::string() : spans.categories[span.category],
                         &categories, &out.categories);
      out.rows.push_back(row);
    }
    if (k == next) {
      row.severity = InternSpanName("No-error", &severities, &out.severities);
      row.category = InternSpanName("No-error", &categories, &out.categories);
      out.rows.push_back(row);
    }
  }
  return out;
}

}  // namespace tourney
