// SubmittedSpan: one error span as an annotator submits it with a score in a live scoring
// campaign (ESA and MQM): where it is, how severe, and (MQM) of which category. Spans read
// from platform exports, beside their judgments, are core/error_spans.h.
//
// Offsets count UTF-16 code units of the output text, as JavaScript's string indices do:
// the annotator page, Appraise (`start_i`, `end_i`) and Pearmut all record spans that way.
// A span covers [start, end).
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_SUBMITTED_SPAN_H_
#define TOURNEY_CORE_SUBMITTED_SPAN_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace tourney {

struct SubmittedSpan {
  int32_t start = 0;     // first UTF-16 code unit of the span
  int32_t end = 0;       // one past its last
  std::string severity;  // "minor", "major", ... (as the protocol names them)
  std::string category;  // MQM: "Accuracy/Mistranslation", ...; ESA: empty

  bool operator==(const SubmittedSpan&) const = default;
};

// The length of `text` (UTF-8) in UTF-16 code units: 1 per code point below U+10000, 2
// above. Bytes that are not valid UTF-8 count 1 each.
int64_t Utf16Length(std::string_view text);

}  // namespace tourney

#endif  // TOURNEY_CORE_SUBMITTED_SPAN_H_
