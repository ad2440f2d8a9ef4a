// Internal to tourneyd: the live state of one scoring campaign, shared by scoring_rpcs.cc
// and scoring_lifecycle.cc. Not part of any public surface.
#ifndef TOURNEY_SERVICE_LIVE_SCORING_CAMPAIGN_H_
#define TOURNEY_SERVICE_LIVE_SCORING_CAMPAIGN_H_

#include <cstdint>
#include <future>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "live_campaign.h"
#include "tourney/campaigns/contrastive_campaign.h"
#include "tourney/campaigns/scoring_campaign.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::service {

// Checks a scoring campaign's content (an output for every row, no output without one)
// and indexes it; INVALID_ARGUMENT naming what is wrong.
grpc::Status IndexScoringContent(const v1::ScoringCampaignConfig& proto,
                                 const ScoredSegments& table, size_t max_total_bytes,
                                 ContentIndex* index);

// The live state of one scoring campaign. The engine and the maps are guarded by `mu`:
// NextItem and the application of committed scores take it exclusively, exports and
// listings share it, and estimates share it only to copy the engine's state (the intervals
// are computed after it is released).
class LiveScoringCampaign {
 public:
  LiveScoringCampaign(uint64_t id, v1::ScoringCampaignConfig proto, std::string token_sha256,
                      int64_t created_unix_ms, std::unique_ptr<ScoringCampaign> campaign)
      : id(id),
        proto(std::move(proto)),
        token_sha256(std::move(token_sha256)),
        created_unix_ms(created_unix_ms),
        max_leases_per_annotator(static_cast<int>(this->proto.max_leases_per_annotator())),
        engine(std::move(campaign)) {
    const ScoredSegments& t = engine->config().table;
    for (size_t s = 0; s < t.systems.size(); ++s) system_index[t.systems[s].name] = int(s);
    for (size_t g = 0; g < t.segment_ids.size(); ++g) segment_index[t.segment_ids[g]] = int(g);
    num_segments = static_cast<int64_t>(t.segment_ids.size());
    // Checked when the campaign was created; a stored campaign loads as it is.
    (void)IndexScoringContent(this->proto, t, SIZE_MAX, &content);
  }

  int64_t ItemKey(const ScoringItem& item) const {
    return item.system * num_segments + item.segment;
  }

  // Records the metadata of a score the engine just applied (log position = index).
  // `error_spans` is the serialized tourney.v1.ErrorSpans (empty without spans).
  // `touched` is StoredScore::touched (1 set, 0 untouched, -1 not said).
  void RecordCommitted(const ScoringItem& item, std::string annotator, std::string key,
                       int64_t committed_unix_ms, std::string error_spans, int32_t touched) {
    const auto index = static_cast<int64_t>(committed.size());
    by_item[ItemKey(item)] = index;
    if (!key.empty()) by_key[key] = index;
    ++annotator_scores[annotator];
    committed.push_back({committed_unix_ms, std::move(annotator), std::move(key),
                         std::move(error_spans), touched});
  }

  const uint64_t id;
  const v1::ScoringCampaignConfig proto;
  const std::string token_sha256;
  const int64_t created_unix_ms;
  // Items one annotator may hold leased (the stored configuration's, filled in at creation).
  const int max_leases_per_annotator;
  std::unordered_map<std::string, int> system_index;
  std::unordered_map<std::string, int> segment_index;
  int64_t num_segments = 0;
  // The campaign's texts (proto.content), indexed for NextItem; empty without them.
  ContentIndex content;

  struct Committed {
    int64_t committed_unix_ms = 0;
    std::string annotator;
    std::string key;
    std::string error_spans;  // serialized tourney.v1.ErrorSpans; empty without spans
    int32_t touched = -1;     // StoredScore::touched
  };
  struct Pending {
    double score = 0.0;
    std::string key;
    std::string annotator;
    std::string error_spans;
    std::shared_future<Ack> ack;
    int32_t touched = -1;
  };
  mutable std::shared_mutex mu;
  // Set once. Its state by mu, but for EstimateFrom, which reads only a snapshot and the
  // configuration (never changed) and runs without the lock.
  std::unique_ptr<ScoringCampaign> engine;
  std::vector<Committed> committed;                           // by mu; parallel to engine->scores()
  std::unordered_map<int64_t, int64_t> by_item;               // item -> index, by mu
  std::unordered_map<std::string, int64_t> by_key;            // key -> index, by mu
  std::unordered_map<int64_t, Pending> pending;               // items being committed, by mu
  std::unordered_map<std::string, int64_t> pending_keys;      // key -> item, by mu
  std::unordered_map<std::string, int64_t> annotator_scores;  // committed, by mu
  // Open enrolment: the items leased through the shared token, per client address, as
  // (item key, lease expiry in Unix ms); pruned as they expire or are scored. By mu.
  std::unordered_map<std::string, std::vector<std::pair<int64_t, int64_t>>> client_leases;
  // When the campaign was closed (Unix ms); 0 while open. By mu; the engine is closed too.
  int64_t closed_unix_ms = 0;

  // Contrastive campaigns (screen_size >= 2; screen_rpcs.cc): the engine that serves the
  // screens (set once, before the campaign is registered; its state by mu), the stored
  // screens in commit order (parallel to screens->applied()), and the screens being
  // committed with the serialized answers they carry and their acknowledgment.
  bool contrastive() const { return screens != nullptr; }
  std::unique_ptr<ContrastiveCampaign> screens;
  bool epoch_set = false;                              // by mu: SetEpoch was called
  std::vector<v1::ExportedScreen> screen_records;      // by mu
  struct PendingScreen {
    std::string answers;  // the request's answers, serialized: a repeat carries the same
    std::string annotator;
    std::shared_future<Ack> ack;
  };
  std::unordered_map<std::string, PendingScreen> pending_screens;  // by screen id, by mu
  std::unordered_map<std::string, int64_t> screens_by_annotator;   // stored, by mu
  // Open enrolment: the screens served through the shared token, per client address, as
  // (screen id, lease expiry in Unix ms); pruned as they expire or are stored. By mu.
  std::unordered_map<std::string, std::vector<std::pair<std::string, int64_t>>> client_screens;
};

// A scoring campaign's CampaignInfo (kind SCORING) at `now` (Unix ms); takes c.mu shared.
void FillScoringInfo(const LiveScoringCampaign& c, int64_t now, v1::CampaignInfo* info);
// Applies a stored screen of a contrastive campaign at start-up (screen_rpcs.cc);
// FailedPrecondition naming the screen when it does not fit the campaign.
struct StoredScreen;
Status ApplyStoredScreen(LiveScoringCampaign& c, const StoredScreen& row);
// What a scoring campaign's annotators do, as CampaignInfo.protocol names it: `protocol`
// (ScoringCampaignConfig.protocol), or "plain" when it is empty.
std::string ScoringProtocolLabel(const std::string& protocol);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_LIVE_SCORING_CAMPAIGN_H_
