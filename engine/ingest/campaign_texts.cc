#include "tourney/ingest/campaign_texts.h"

#include <cctype>
#include <cstddef>
#include <string>
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

std::vector<ReferenceCopy> FindReferenceCopies(const CampaignTexts& texts, double min_share) {
  std::vector<ReferenceCopy> copies;
  for (size_t system = 0; system < texts.systems.size(); ++system) {
    ReferenceCopy c;
    c.system = system;
    for (const SegmentTexts& s : texts.segments) {
      if (s.references.empty() || system >= s.outputs.size() || !s.outputs[system]) continue;
      ++c.compared;
      const std::string& output = *s.outputs[system];
      for (const std::string& reference : s.references) {
        if (reference == output) {
          ++c.equal;
          break;
        }
      }
    }
    if (c.compared > 0 &&
        static_cast<double>(c.equal) > min_share * static_cast<double>(c.compared)) {
      copies.push_back(c);
    }
  }
  return copies;
}

namespace {

// True when `text` holds an opening tag of an HTML element that embeds or lays out content.
bool HoldsMarkupElement(std::string_view text) {
  static constexpr std::string_view kElements[] = {
      "iframe", "video", "audio", "img",  "object", "embed", "svg", "source", "picture",
      "canvas", "track", "div",   "span", "table",  "br",    "p",   "a",      "script"};
  for (size_t at = text.find('<'); at != std::string_view::npos; at = text.find('<', at + 1)) {
    size_t end = at + 1;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    if (end == at + 1 || end >= text.size()) continue;
    const char after = text[end];
    if (after != ' ' && after != '>' && after != '/' && after != '\t' && after != '\n') continue;
    std::string name(text.substr(at + 1, end - at - 1));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view element : kElements) {
      if (name == element) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<size_t> FindMarkupSources(const CampaignTexts& texts) {
  std::vector<size_t> found;
  for (size_t i = 0; i < texts.segments.size(); ++i) {
    if (HoldsMarkupElement(texts.segments[i].source)) found.push_back(i);
  }
  return found;
}

void RemoveSystem(size_t system, CampaignTexts* texts) {
  texts->systems.erase(texts->systems.begin() + static_cast<std::ptrdiff_t>(system));
  for (SegmentTexts& s : texts->segments) {
    if (system < s.outputs.size()) {
      s.outputs.erase(s.outputs.begin() + static_cast<std::ptrdiff_t>(system));
    }
  }
}

}  // namespace tourney
