#include "ingest/content_builder.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "ingest/field_text.h"

namespace tourney {

ContentBuilder::ContentBuilder(std::string format) { texts_.format = std::move(format); }

void ContentBuilder::SetLanguages(std::string source, std::string target) {
  texts_.source_language = std::move(source);
  texts_.target_language = std::move(target);
}

size_t ContentBuilder::SystemIndex(std::string_view system) {
  auto [it, inserted] = system_index_.try_emplace(std::string(system), texts_.systems.size());
  if (inserted) texts_.systems.emplace_back(system);
  return it->second;
}

void ContentBuilder::DeclareSystem(std::string_view system) { SystemIndex(system); }

StatusOr<size_t> ContentBuilder::Segment(std::string_view identity, std::string_view key,
                                         std::string_view document, std::string_view source,
                                         std::optional<int64_t> order, std::string_view where) {
  auto [it, inserted] = by_identity_.try_emplace(std::string(identity), segments_.size());
  if (!inserted) {
    const PendingSegment& seen = segments_[it->second];
    if (seen.texts.document != document) {
      return InvalidArgument(std::string(where) + ": segment '" + seen.texts.key +
                             "' is in document " + QuotedValue(document) + " here but in " +
                             QuotedValue(seen.texts.document) + " at " + seen.where);
    }
    if (seen.texts.source != source) {
      return InvalidArgument(std::string(where) + ": segment '" + seen.texts.key +
                             "': the source text differs from the one at " + seen.where);
    }
    return it->second;
  }
  PendingSegment p;
  const int64_t n = ++per_document_[std::string(document)];
  document_rank_.try_emplace(std::string(document), static_cast<int64_t>(document_rank_.size()));
  p.texts.key = key.empty() ? std::string(document) + "#" + std::to_string(n) : std::string(key);
  p.texts.document = document;
  p.texts.source = source;
  p.where = where;
  p.order = order.value_or(static_cast<int64_t>(segments_.size()));
  segments_.push_back(std::move(p));
  return segments_.size() - 1;
}

Status ContentBuilder::AddOutput(size_t segment, std::string_view system, std::string_view text,
                                 std::string_view where) {
  const size_t s = SystemIndex(system);
  PendingSegment& p = segments_[segment];
  if (p.texts.outputs.size() <= s) {
    p.texts.outputs.resize(s + 1);
    p.output_where.resize(s + 1);
  }
  if (p.texts.outputs[s].has_value()) {
    if (*p.texts.outputs[s] != text) {
      return InvalidArgument(std::string(where) + ": system " + QuotedValue(system) +
                             ", segment '" + p.texts.key +
                             "': the output differs from the one at " + p.output_where[s]);
    }
    ++texts_.skipped.repeated_outputs;
    return Status::Ok();
  }
  p.texts.outputs[s] = std::string(text);
  p.output_where[s] = where;
  return Status::Ok();
}

Status ContentBuilder::SetReference(size_t segment, std::string_view text, std::string_view where) {
  PendingSegment& p = segments_[segment];
  if (p.texts.references.empty()) {
    p.texts.references.emplace_back(text);
    p.reference_where = where;
    return Status::Ok();
  }
  if (p.texts.references.front() != text) {
    return InvalidArgument(std::string(where) + ": segment '" + p.texts.key +
                           "': the reference differs from the one at " + p.reference_where);
  }
  return Status::Ok();
}

StatusOr<CampaignTexts> ContentBuilder::Finish(std::string_view name) && {
  if (segments_.empty()) {
    return InvalidArgument(std::string(name) + ": no segments: the input holds no items");
  }
  std::unordered_map<std::string_view, size_t> keys;
  for (size_t i = 0; i < segments_.size(); ++i) {
    auto [it, inserted] = keys.try_emplace(segments_[i].texts.key, i);
    if (!inserted) {
      return InvalidArgument(segments_[i].where + ": segment key '" + segments_[i].texts.key +
                             "' is taken by another segment at " + segments_[it->second].where);
    }
  }
  std::vector<size_t> order(segments_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const int64_t da = document_rank_[segments_[a].texts.document];
    const int64_t db = document_rank_[segments_[b].texts.document];
    if (da != db) return da < db;
    return segments_[a].order < segments_[b].order;
  });
  texts_.segments.reserve(segments_.size());
  for (size_t i : order) {
    SegmentTexts& t = segments_[i].texts;
    t.outputs.resize(texts_.systems.size());
    texts_.segments.push_back(std::move(t));
  }
  return std::move(texts_);
}

}  // namespace tourney
