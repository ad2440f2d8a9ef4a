#include "content_index.h"

#include <unordered_map>
#include <utility>

namespace tourney::service {
namespace {

grpc::Status ContentError(std::string message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "content: " + std::move(message));
}

// INVALID_ARGUMENT when `text` is longer than one content text may be.
grpc::Status CheckTextSize(const std::string& text, const std::string& where) {
  if (text.size() <= kMaxContentTextBytes) return grpc::Status::OK;
  return ContentError(where + " is " + std::to_string(text.size()) + " bytes, more than " +
                      std::to_string(kMaxContentTextBytes));
}

}  // namespace

grpc::Status ContentIndex::Build(const v1::CampaignContent& content,
                                 const std::vector<std::string>& systems,
                                 const std::vector<std::string>& segments,
                                 const std::vector<std::pair<int, int>>& items,
                                 size_t max_total_bytes, ContentIndex* index) {
  *index = ContentIndex();
  if (content.segments_size() == 0) return grpc::Status::OK;
  const size_t n = systems.size();
  std::unordered_map<std::string, int> system_of, segment_of;
  for (size_t s = 0; s < n; ++s) system_of.emplace(systems[s], static_cast<int>(s));
  for (size_t g = 0; g < segments.size(); ++g) segment_of.emplace(segments[g], static_cast<int>(g));

  ContentIndex built;
  built.content_ = &content;
  built.num_systems_ = n;
  built.entry_.assign(segments.size(), -1);
  const size_t m = static_cast<size_t>(content.segments_size());
  built.output_.assign(m * n, -1);
  built.previous_.assign(m, -1);
  built.next_.assign(m, -1);
  size_t total = content.guidelines().size();
  grpc::Status size = CheckTextSize(content.guidelines(), "guidelines");
  if (!size.ok()) return size;

  std::unordered_map<std::string, int> last_in_document;
  for (size_t e = 0; e < m; ++e) {
    const v1::SegmentContent& seg = content.segments(static_cast<int>(e));
    const std::string where = "segments[" + std::to_string(e) + "] (segment '" + seg.segment() + "')";
    auto found = segment_of.find(seg.segment());
    if (found == segment_of.end()) {
      return ContentError(where + " is not a segment of the campaign");
    }
    if (built.entry_[static_cast<size_t>(found->second)] >= 0) {
      return ContentError(where + " is listed twice");
    }
    built.entry_[static_cast<size_t>(found->second)] = static_cast<int>(e);
    size = CheckTextSize(seg.source(), where + ".source");
    if (!size.ok()) return size;
    total += seg.source().size();
    for (int r = 0; r < seg.references_size(); ++r) {
      size = CheckTextSize(seg.references(r), where + ".references[" + std::to_string(r) + "]");
      if (!size.ok()) return size;
      total += seg.references(r).size();
    }
    for (int o = 0; o < seg.outputs_size(); ++o) {
      const v1::SystemOutput& out = seg.outputs(o);
      const std::string at = where + ".outputs[" + std::to_string(o) + "]";
      auto system = system_of.find(out.system());
      if (system == system_of.end()) {
        return ContentError(at + ": '" + out.system() + "' is not a system of the campaign");
      }
      int& slot = built.output_[e * n + static_cast<size_t>(system->second)];
      if (slot >= 0) return ContentError(at + ": a second output of '" + out.system() + "'");
      slot = o;
      size = CheckTextSize(out.text(), at + ".text");
      if (!size.ok()) return size;
      total += out.text().size();
    }
    auto [last, first] = last_in_document.try_emplace(seg.document(), static_cast<int>(e));
    if (!first) {
      built.previous_[e] = last->second;
      built.next_[static_cast<size_t>(last->second)] = static_cast<int>(e);
      last->second = static_cast<int>(e);
    }
    if (total > max_total_bytes) {
      return ContentError("more than " + std::to_string(max_total_bytes) +
                          " bytes of text in all, the server's limit");
    }
  }
  // Every served item has its output, and every output is served.
  size_t served = 0;
  for (const auto& [system, segment] : items) {
    const int e = built.entry_[static_cast<size_t>(segment)];
    if (e < 0) {
      return ContentError("segment '" + segments[static_cast<size_t>(segment)] +
                          "' of the campaign has no texts");
    }
    if (built.output_[static_cast<size_t>(e) * n + static_cast<size_t>(system)] < 0) {
      return ContentError("segment '" + segments[static_cast<size_t>(segment)] +
                          "' has no output of system '" + systems[static_cast<size_t>(system)] +
                          "'");
    }
    ++served;
  }
  size_t outputs = 0;
  for (int o : built.output_) outputs += o >= 0 ? 1 : 0;
  if (outputs != served) {
    return ContentError(std::to_string(outputs - served) +
                        " outputs belong to no item of the campaign (a scoring campaign needs "
                        "a row for each output)");
  }
  *index = std::move(built);
  return grpc::Status::OK;
}

void ContentIndex::Fill(int segment, const std::vector<int>& systems,
                        v1::ServedTexts* texts) const {
  if (content_ == nullptr) return;
  const int e = entry_[static_cast<size_t>(segment)];
  const v1::SegmentContent& seg = content_->segments(e);
  texts->set_source(seg.source());
  for (const std::string& r : seg.references()) texts->add_references(r);
  for (int s : systems) {
    const int o = output_[static_cast<size_t>(e) * num_systems_ + static_cast<size_t>(s)];
    texts->add_outputs(seg.outputs(o).text());
  }
  std::vector<int> before;
  for (int p = previous_[static_cast<size_t>(e)];
       p >= 0 && static_cast<int>(before.size()) < kContentContextSegments;
       p = previous_[static_cast<size_t>(p)]) {
    before.push_back(p);
  }
  for (auto it = before.rbegin(); it != before.rend(); ++it) {
    texts->add_context_before(content_->segments(*it).source());
  }
  int added = 0;
  for (int q = next_[static_cast<size_t>(e)]; q >= 0 && added < kContentContextSegments;
       q = next_[static_cast<size_t>(q)], ++added) {
    texts->add_context_after(content_->segments(q).source());
  }
  texts->set_source_language(content_->source_language());
  texts->set_target_language(content_->target_language());
}

const std::string* ContentIndex::Output(int segment, int system) const {
  if (content_ == nullptr || segment < 0 || static_cast<size_t>(segment) >= entry_.size() ||
      system < 0 || static_cast<size_t>(system) >= num_systems_) {
    return nullptr;
  }
  const int e = entry_[static_cast<size_t>(segment)];
  if (e < 0) return nullptr;
  const int o = output_[static_cast<size_t>(e) * num_systems_ + static_cast<size_t>(system)];
  if (o < 0) return nullptr;
  return &content_->segments(e).outputs(o).text();
}

}  // namespace tourney::service
