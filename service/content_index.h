// Internal to tourneyd: a campaign's texts (CampaignContent), checked against the campaign
// and indexed so that NextMatch and NextItem can return them (ServedTexts). Not part of any
// public surface.
#ifndef TOURNEY_SERVICE_CONTENT_INDEX_H_
#define TOURNEY_SERVICE_CONTENT_INDEX_H_

#include <cstddef>
#include <string>
#include <vector>

#include <grpcpp/support/status.h>

#include "tourney/v1/content.pb.h"

namespace tourney::service {

// Largest single text (source, reference, output, guidelines) a campaign may hold.
inline constexpr size_t kMaxContentTextBytes = 64 << 10;
// Sources of this many segments before and after the served one go with it as context.
inline constexpr int kContentContextSegments = 2;

// An index from a campaign's segments and systems to its content. Holds a pointer into the
// CampaignContent it was built from, which must outlive it and never change (the live
// campaign's stored configuration).
class ContentIndex {
 public:
  // An index of no content: Fill does nothing.
  ContentIndex() = default;

  // Checks `content` against the campaign's systems and segment keys (pairwise campaigns:
  // decimal Segment.id; scoring campaigns: ScoringRow.segment) and indexes it. `items`
  // lists the (system, segment) pairs the campaign serves, as indices into `systems` and
  // `segments`; each of them needs an output, and every output must be one of them (no
  // text is held that can never be served). Empty content (no segments) is no content.
  // INVALID_ARGUMENT naming the segment, system and field otherwise, or past
  // `max_total_bytes` of text.
  static grpc::Status Build(const v1::CampaignContent& content,
                            const std::vector<std::string>& systems,
                            const std::vector<std::string>& segments,
                            const std::vector<std::pair<int, int>>& items,
                            size_t max_total_bytes, ContentIndex* index);

  bool empty() const { return content_ == nullptr; }

  // The texts of campaign segment `segment` for `systems` (indices into the systems given
  // to Build), outputs in that order. REQUIRES: each (system, segment) was one of `items`.
  void Fill(int segment, const std::vector<int>& systems, v1::ServedTexts* texts) const;

  // The output of `system` for campaign segment `segment`; nullptr without content or when
  // the pair has none.
  const std::string* Output(int segment, int system) const;

 private:
  const v1::CampaignContent* content_ = nullptr;
  std::vector<int> entry_;               // campaign segment -> content segment
  std::vector<int> output_;              // content segment * systems + system -> output, or -1
  std::vector<int> previous_, next_;     // content segment -> neighbour in its document, or -1
  size_t num_systems_ = 0;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_CONTENT_INDEX_H_
