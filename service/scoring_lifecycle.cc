// Scoring campaigns' lifecycle in tourneyd: CloseCampaign of a scoring campaign (stored as
// a `close` event in scoring_events) and the start-up replay of every scoring campaign, its
// scores and its events.
#include <future>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "live_scoring_campaign.h"
#include "scoring_config.h"
#include "tournament_service.h"

namespace tourney::service {

bool TournamentService::CloseScoring(const CallContext* context, uint64_t id,
                                     v1::CampaignInfo* info, grpc::Status* status) {
  {
    std::shared_lock lock(registry_mu_);
    if (scoring_.count(id) == 0) return false;
  }
  std::shared_ptr<LiveScoringCampaign> c;
  *status = AuthorizeScoring(context, Access::kAdmin, id, &c);
  if (!status->ok()) return true;
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  {
    std::unique_lock lock(c->mu);
    if (c->closed_unix_ms == 0) {
      // As a pairwise close: marked before the event is queued, so that nothing is served
      // or accepted after this point and every score queued before commits before it.
      StoredEvent event;
      event.campaign_id = c->id;
      event.kind = "close";
      event.created_unix_ms = NowUnixMs();
      c->closed_unix_ms = event.created_unix_ms;
      c->engine->Close();
      if (c->contrastive()) c->screens->Close();
      queue_->Enqueue(std::make_unique<CallbackOp>(
          [event](WriteTransaction& txn, BatchContext&) { return txn.InsertScoringEvent(event); },
          [c, done](const Status& s) {
            if (!s.ok()) {
              std::unique_lock lock(c->mu);
              c->closed_unix_ms = 0;
              c->engine->Reopen();
              if (c->contrastive()) c->screens->Reopen();
            }
            done->set_value(s);
          }));
    } else {
      done->set_value(Status::Ok());  // already closed: nothing to write
    }
  }
  Status s = result.get();
  if (!s.ok()) {
    *status = Error(StatusCode::UNAVAILABLE, "the close could not be stored: " + s.message());
    return true;
  }
  FillScoringInfo(*c, NowUnixMs(), info);
  *status = grpc::Status::OK;
  return true;
}

// ---------------------------------------------------------------------------------------
// Start-up.

Status TournamentService::LoadScoring() {
  struct Loading {
    StoredCampaign row;
    v1::ScoringCampaignConfig proto;
    ScoringCampaignConfig config;
    std::vector<ItemScore> scores;
    std::vector<StoredScore> meta;
    std::vector<StoredScreen> screens;
  };
  std::unordered_map<uint64_t, Loading> loading;
  std::vector<uint64_t> order;
  Status s = store_->LoadScoringCampaigns([&](StoredCampaign row) -> Status {
    const std::string where = store_->path() + ": scoring campaign " + std::to_string(row.id);
    Loading l;
    if (!l.proto.ParseFromString(row.config)) {
      return FailedPrecondition(where + ": stored configuration does not parse");
    }
    // Stored before the lease cap existed: the server's limit, as at creation.
    if (l.proto.max_leases_per_annotator() == 0) {
      l.proto.set_max_leases_per_annotator(static_cast<uint32_t>(limits_.max_leases_per_annotator));
    }
    if (row.token_sha256.size() != 32)
      return FailedPrecondition(where + ": malformed token digest");
    // The stored configuration passed the server's limits when it was created.
    auto config = ScoringConfigFromProto(l.proto, 1000000);
    if (!config.ok()) return FailedPrecondition(where + ": " + config.status().message());
    l.config = std::move(*config);
    l.row = std::move(row);
    order.push_back(l.row.id);
    loading.emplace(l.row.id, std::move(l));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  s = store_->LoadScores([&](StoredScore row) -> Status {
    auto it = loading.find(row.campaign_id);
    if (it == loading.end()) {
      return FailedPrecondition(store_->path() + ": score of scoring campaign " +
                                std::to_string(row.campaign_id) + ": unknown campaign");
    }
    it->second.scores.push_back({{row.system, row.segment}, row.score});
    it->second.meta.push_back(std::move(row));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  s = store_->LoadScreens([&](StoredScreen row) -> Status {
    auto it = loading.find(row.campaign_id);
    if (it == loading.end()) {
      return FailedPrecondition(store_->path() + ": screen of scoring campaign " +
                                std::to_string(row.campaign_id) + ": unknown campaign");
    }
    it->second.screens.push_back(std::move(row));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  std::unordered_map<uint64_t, int64_t> closed;
  s = store_->LoadScoringEvents([&](StoredEvent row) -> Status {
    const std::string where = store_->path() + ": event '" + row.kind + "' of scoring campaign " +
                              std::to_string(row.campaign_id);
    if (loading.count(row.campaign_id) == 0)
      return FailedPrecondition(where + ": unknown campaign");
    if (row.kind != "close") return FailedPrecondition(where + ": unknown event kind");
    closed.emplace(row.campaign_id, row.created_unix_ms);  // the first close counts
    return Status::Ok();
  });
  if (!s.ok()) return s;
  for (uint64_t id : order) {
    Loading& l = loading.at(id);
    const std::string where = store_->path() + ": scoring campaign " + std::to_string(id);
    std::unique_ptr<ContrastiveCampaign> screens;
    if (l.proto.screen_size() >= 2) {
      auto contrastive = ContrastiveConfigFromProto(l.proto, l.config);
      if (!contrastive.ok()) return FailedPrecondition(where + ": " + contrastive.status().message());
      auto made = ContrastiveCampaign::Create(std::move(*contrastive));
      if (!made.ok()) return FailedPrecondition(where + ": " + made.status().message());
      screens = std::move(*made);
    } else if (!l.screens.empty()) {
      return FailedPrecondition(where + ": screens stored for a campaign without screens");
    }
    auto engine = ScoringCampaign::Replay(std::move(l.config), l.scores);
    if (!engine.ok()) return FailedPrecondition(where + ": " + engine.status().message());
    if ((*engine)->scores().size() != l.scores.size()) {
      return FailedPrecondition(where + ": a stored score repeats another");
    }
    auto live = std::make_shared<LiveScoringCampaign>(id, std::move(l.proto), l.row.token_sha256,
                                                      l.row.created_unix_ms, std::move(*engine));
    for (StoredScore& m : l.meta) {
      live->RecordCommitted({m.system, m.segment}, std::move(m.annotator),
                            std::move(m.idempotency_key), m.committed_unix_ms,
                            std::move(m.error_spans), m.touched);
    }
    live->screens = std::move(screens);
    for (const StoredScreen& row : l.screens) {
      if (Status applied = ApplyStoredScreen(*live, row); !applied.ok()) {
        return FailedPrecondition(where + ": " + applied.message());
      }
    }
    if (auto it = closed.find(id); it != closed.end()) {
      live->closed_unix_ms = it->second;
      live->engine->Close();
      if (live->contrastive()) live->screens->Close();
    }
    std::unique_lock lock(registry_mu_);
    scoring_by_name_[l.row.name] = id;
    scoring_by_token_[l.row.token_sha256] = id;
    scoring_[id] = std::move(live);
  }
  return Status::Ok();
}

}  // namespace tourney::service
