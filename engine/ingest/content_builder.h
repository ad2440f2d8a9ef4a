// Internal to ingest/: assembling a CampaignTexts from the items an importer meets, in any
// order. It merges the items of one segment (the same segment served in several tasks or
// batches), refuses a segment whose source, document, reference or a system's output differs
// between two places (naming both), and orders the result: documents in first-seen order,
// segments in document order, systems in first-seen order, gaps explicit.
// Thread safety: one builder per import.
#ifndef TOURNEY_INGEST_CONTENT_BUILDER_H_
#define TOURNEY_INGEST_CONTENT_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tourney/core/status.h"
#include "tourney/ingest/campaign_texts.h"

namespace tourney {

class ContentBuilder {
 public:
  explicit ContentBuilder(std::string format);
  ContentBuilder(const ContentBuilder&) = delete;
  ContentBuilder& operator=(const ContentBuilder&) = delete;

  // Finds or adds the segment `identity` (unique over the whole input; the importer decides
  // what identifies a segment) and returns its index. A new segment takes `key`, or, when
  // `key` is empty, "DOCUMENT#N" with N its 1-based place among its document's segments.
  // `order` sorts segments within their document (default: first seen). `where` names the
  // place in the input ("esa.json: data[0][1][2]") for later messages. InvalidArgument when
  // the segment was met before with another document or source, naming both places.
  StatusOr<size_t> Segment(std::string_view identity, std::string_view key,
                           std::string_view document, std::string_view source,
                           std::optional<int64_t> order, std::string_view where);

  // Records `system`'s output for segment `segment`. The same text again is merged (counted
  // in skipped().repeated_outputs); another text is InvalidArgument naming both places.
  Status AddOutput(size_t segment, std::string_view system, std::string_view text,
                   std::string_view where);

  // Sets segment `segment`'s reference (the formats read give one). The same text again is
  // fine; another text is InvalidArgument naming both places.
  Status SetReference(size_t segment, std::string_view text, std::string_view where);

  // Names a system (first-seen order) even before it has an output.
  void DeclareSystem(std::string_view system);

  ContentSkips& skipped() { return texts_.skipped; }
  void SetLanguages(std::string source, std::string target);
  size_t num_segments() const { return segments_.size(); }

  // The content. InvalidArgument when two segments share a key or nothing was read.
  StatusOr<CampaignTexts> Finish(std::string_view name) &&;

 private:
  struct PendingSegment {
    SegmentTexts texts;
    std::string where;
    std::vector<std::string> output_where;  // by system index, empty = no output yet
    std::string reference_where;
    int64_t order = 0;
  };
  size_t SystemIndex(std::string_view system);

  CampaignTexts texts_;
  std::vector<PendingSegment> segments_;
  std::unordered_map<std::string, size_t> by_identity_;
  std::unordered_map<std::string, size_t> system_index_;
  std::unordered_map<std::string, int64_t> per_document_;   // segments so far per document
  std::unordered_map<std::string, int64_t> document_rank_;  // first-seen order
};

}  // namespace tourney

#endif  // TOURNEY_INGEST_CONTENT_BUILDER_H_
