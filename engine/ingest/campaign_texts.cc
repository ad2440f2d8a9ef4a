#include "tourney/ingest/campaign_texts.h"

#include <string_view>
#include <unordered_set>

namespace tourney {

int64_t CampaignTexts::NumDocuments() const {
  std::unordered_set<std::string_view> documents;
  for (const SegmentTexts& s : segments) documents.insert(s.document);
  return static_cast<int64_t>(documents.size());
}

int64_t CampaignTexts::NumOutputs() const {
  int64_t n = 0;
  for (const SegmentTexts& s : segments) {
    for (const auto& o : s.outputs) n += o.has_value() ? 1 : 0;
  }
  return n;
}

int64_t CampaignTexts::NumGaps() const {
  return static_cast<int64_t>(segments.size() * systems.size()) - NumOutputs();
}

}  // namespace tourney
