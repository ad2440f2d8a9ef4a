#include "campaign_content.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <unordered_set>

#include "tourney/core/degraded_output.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney::cli {

std::vector<int64_t> PairwiseSegmentIds(const CampaignTexts& texts) {
  std::vector<int64_t> ids;
  ids.reserve(texts.segments.size());
  std::unordered_set<int64_t> seen;
  bool numeric = true;
  for (const SegmentTexts& s : texts.segments) {
    const std::string& key = s.key;
    // Decimal digits only, at most 18 of them (no sign, no blanks, fits in int64).
    if (key.empty() || key.size() > 18 ||
        !std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      numeric = false;
      break;
    }
    const int64_t id = std::stoll(key);
    if (!seen.insert(id).second) {
      numeric = false;
      break;
    }
    ids.push_back(id);
  }
  if (numeric) return ids;
  ids.clear();
  for (size_t i = 0; i < texts.segments.size(); ++i) ids.push_back(static_cast<int64_t>(i));
  return ids;
}

v1::CampaignContent ContentProto(const CampaignTexts& texts, const std::vector<std::string>& keys,
                                 const std::vector<size_t>& systems) {
  v1::CampaignContent content;
  content.set_source_language(texts.source_language);
  content.set_target_language(texts.target_language);
  content.set_format(texts.format);
  for (size_t i = 0; i < texts.segments.size(); ++i) {
    const SegmentTexts& s = texts.segments[i];
    v1::SegmentContent* out = content.add_segments();
    out->set_segment(keys[i]);
    out->set_document(s.document);
    out->set_source(s.source);
    for (const std::string& r : s.references) out->add_references(r);
    for (size_t system : systems) {
      if (!s.outputs[system].has_value()) continue;
      v1::SystemOutput* o = out->add_outputs();
      o->set_system(texts.systems[system]);
      o->set_text(*s.outputs[system]);
    }
  }
  return content;
}

Status ApplyPairwiseContent(const CampaignTexts& texts, v1::CampaignConfig* config) {
  std::vector<size_t> systems;
  if (config->systems_size() > 0) {
    std::unordered_map<std::string, size_t> index;
    for (size_t s = 0; s < texts.systems.size(); ++s) index.emplace(texts.systems[s], s);
    for (const std::string& name : config->systems()) {
      auto it = index.find(name);
      if (it == index.end()) {
        return InvalidArgument("system '" + name + "' has no output in the content (it has " +
                               std::to_string(texts.systems.size()) + " systems)");
      }
      systems.push_back(it->second);
    }
  } else {
    for (size_t s = 0; s < texts.systems.size(); ++s) {
      systems.push_back(s);
      config->add_systems(texts.systems[s]);
    }
  }
  for (const SegmentTexts& segment : texts.segments) {
    for (size_t s : systems) {
      if (segment.outputs[s].has_value()) continue;
      int64_t gaps = 0;
      for (const SegmentTexts& t : texts.segments) {
        for (size_t u : systems) gaps += t.outputs[u].has_value() ? 0 : 1;
      }
      return InvalidArgument(
          "system '" + texts.systems[s] + "' has no output for segment '" + segment.key +
          "' (document '" + segment.document + "'; " + std::to_string(gaps) +
          " gaps in all): a pairwise campaign shows every system on every segment. Choose "
          "systems with outputs everywhere (--systems), or create a scoring campaign "
          "(`tourney campaign scoring-create --content`), which takes the outputs present");
    }
  }
  const std::vector<int64_t> ids = PairwiseSegmentIds(texts);
  std::vector<std::string> keys;
  keys.reserve(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    v1::Segment* s = config->add_segments();
    s->set_id(ids[i]);
    s->set_document(texts.segments[i].document);
    keys.push_back(std::to_string(ids[i]));
  }
  *config->mutable_content() = ContentProto(texts, keys, systems);
  return Status::Ok();
}

void ApplyScoringContent(const CampaignTexts& texts, bool add_rows,
                         v1::ScoringCampaignConfig* config) {
  std::vector<std::string> keys;
  keys.reserve(texts.segments.size());
  for (const SegmentTexts& s : texts.segments) keys.push_back(s.key);
  std::vector<size_t> systems;
  for (size_t s = 0; s < texts.systems.size(); ++s) systems.push_back(s);
  *config->mutable_content() = ContentProto(texts, keys, systems);
  if (!add_rows) return;
  for (size_t s = 0; s < texts.systems.size(); ++s) {
    for (const SegmentTexts& segment : texts.segments) {
      if (!segment.outputs[s].has_value()) continue;
      v1::ScoringRow* row = config->add_rows();
      row->set_system(texts.systems[s]);
      row->set_document(segment.document);
      row->set_segment(segment.key);
    }
  }
}

Status ReadGuidelines(const std::string& path, v1::CampaignContent* content) {
  std::string text;
  if (Status s = ReadFileToString(path, &text); !s.ok()) return s;
  if (text.size() > (size_t{64} << 10)) {
    return InvalidArgument(path + ": guidelines of " + std::to_string(text.size()) +
                           " bytes; at most 65536");
  }
  content->set_guidelines(std::move(text));
  return Status::Ok();
}

Status AddDegradedControl(const std::string& name, uint64_t seed, v1::CampaignConfig* config) {
  for (const std::string& s : config->systems()) {
    if (s == name) {
      return InvalidArgument("the degraded control system '" + name +
                             "' is already a system of the campaign");
    }
  }
  v1::CampaignContent* content = config->mutable_content();
  if (content->segments_size() < 2) {
    return InvalidArgument("a degraded control needs the texts of at least two segments");
  }
  std::vector<std::vector<std::string_view>> outputs;
  outputs.reserve(static_cast<size_t>(content->segments_size()));
  for (const v1::SegmentContent& seg : content->segments()) {
    std::vector<std::string_view> mine;
    for (const v1::SystemOutput& o : seg.outputs()) mine.push_back(o.text());
    if (mine.empty()) return InvalidArgument("segment '" + seg.segment() + "' has no output");
    outputs.push_back(std::move(mine));
  }
  const DegradedOutputs bad = DegradeSegments(outputs, seed);
  for (int g = 0; g < content->segments_size(); ++g) {
    v1::SystemOutput* out = content->mutable_segments(g)->add_outputs();
    out->set_system(name);
    out->set_text(bad.text[static_cast<size_t>(g)]);
  }
  config->add_systems(name);
  config->mutable_quality_control()->set_control_system(name);
  return Status::Ok();
}

}  // namespace tourney::cli
