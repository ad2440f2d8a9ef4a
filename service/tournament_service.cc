// The service's core: construction, the campaign registry, authentication and start-up
// (replay from the store). The RPCs live in campaign_rpcs.cc (campaign lifecycle),
// judging_rpcs.cc (matches and judgments) and leaderboard_rpcs.cc (reads of the ratings).
#include "tournament_service.h"

#include <algorithm>
#include <vector>

#include "auth.h"
#include "live_campaign.h"

namespace tourney::service {

TournamentService::TournamentService(std::string admin_token, ServiceLimits limits, Store* store,
                                     CommitQueue* queue)
    : admin_sha256_(Sha256(admin_token)), limits_(limits), store_(store), queue_(queue) {}

TournamentService::~TournamentService() = default;

void TournamentService::BeginShutdown() {
  shutting_down_ = true;
  std::shared_lock lock(registry_mu_);
  for (auto& [id, c] : campaigns_) c->NotifyChanged();
}

std::shared_ptr<LiveCampaign> TournamentService::FindCampaign(uint64_t id) const {
  std::shared_lock lock(registry_mu_);
  auto it = campaigns_.find(id);
  return it == campaigns_.end() ? nullptr : it->second;
}

void TournamentService::Register(std::shared_ptr<LiveCampaign> campaign) {
  std::unique_lock lock(registry_mu_);
  by_name_[campaign->config.name()] = campaign->id;
  by_token_[campaign->token_sha256] = campaign->id;
  campaigns_[campaign->id] = std::move(campaign);
}

// ---------------------------------------------------------------------------------------
// Authentication.

grpc::Status TournamentService::Authorize(const CallContext* context, Access access,
                                          uint64_t campaign_id,
                                          std::shared_ptr<LiveCampaign>* campaign,
                                          const std::string* acting_as, bool* shared_token) {
  if (shared_token) *shared_token = false;
  const std::vector<std::string>& authorization = context->authorization();
  if (authorization.empty()) {
    return Error(StatusCode::UNAUTHENTICATED,
                 "missing 'authorization: Bearer <token>' " + context->carrier());
  }
  if (authorization.size() > 1) {
    return Error(StatusCode::UNAUTHENTICATED, "more than one authorization entry");
  }
  auto token = ParseBearer(authorization.front());
  if (!token.ok()) return Error(StatusCode::UNAUTHENTICATED, token.status().message());
  const std::string digest = Sha256(*token);
  const bool admin = ConstantTimeEquals(digest, admin_sha256_);

  std::shared_ptr<LiveCampaign> found = campaign_id ? FindCampaign(campaign_id) : nullptr;
  if (!admin) {
    const bool own_campaign =
        access == Access::kAnnotator && found && ConstantTimeEquals(digest, found->token_sha256);
    if (own_campaign && shared_token) *shared_token = true;
    if (!own_campaign) {
      std::shared_lock lock(registry_mu_);
      if (auto link = CheckLinkLocked(digest, access, campaign_id, acting_as)) {
        if (!link->ok()) return *link;
      } else if (IsScoringTokenLocked(digest)) {
        return Error(StatusCode::PERMISSION_DENIED,
                     "the token is a scoring campaign's annotator token; it is good for "
                     "NextItem and SubmitScore on that campaign only");
      } else if (by_token_.count(digest)) {
        return Error(StatusCode::PERMISSION_DENIED,
                     access == Access::kAdmin
                         ? "this call needs the admin token; an annotator token was given"
                         : "the annotator token is for another campaign");
      } else {
        return Error(StatusCode::UNAUTHENTICATED, "unknown bearer token");
      }
    }
  }
  if (campaign) {
    if (!found) {
      std::shared_lock lock(registry_mu_);
      if (scoring_.count(campaign_id)) {
        return Error(StatusCode::FAILED_PRECONDITION,
                     "campaign " + std::to_string(campaign_id) +
                         " is a scoring campaign: use NextItem, SubmitScore, GetEstimate and "
                         "ExportScores");
      }
      return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(campaign_id));
    }
    *campaign = std::move(found);
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::AuthorizeAdmin(const CallContext* context) {
  return Authorize(context, Access::kAdmin, 0, nullptr);
}

// ---------------------------------------------------------------------------------------
// Start-up.

Status TournamentService::Load() {
  std::unordered_map<uint64_t, std::shared_ptr<LiveCampaign>> loaded;
  Status s = store_->LoadCampaigns([&](StoredCampaign row) -> Status {
    v1::CampaignConfig proto;
    if (!proto.ParseFromString(row.config)) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) +
                                ": stored configuration does not parse");
    }
    auto config = FromProto(proto);
    if (!config.ok()) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) + ": " +
                                config.status().message());
    }
    auto state = CampaignState::Create(std::move(*config));
    if (!state.ok()) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) + ": " +
                                state.status().message());
    }
    if (row.token_sha256.size() != 32) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) +
                                ": malformed token digest");
    }
    loaded[row.id] =
        std::make_shared<LiveCampaign>(row.id, std::move(proto), std::move(row.token_sha256),
                                       row.created_unix_ms, std::move(*state));
    return Status::Ok();
  });
  if (!s.ok()) return s;

  // Events first: the replay leaves out the judgments of the annotators excluded in the end.
  s = store_->LoadEvents([&](StoredEvent row) -> Status {
    auto it = loaded.find(row.campaign_id);
    const std::string where = store_->path() + ": event '" + row.kind + "' of campaign " +
                              std::to_string(row.campaign_id);
    if (it == loaded.end()) return FailedPrecondition(where + ": unknown campaign");
    LiveCampaign& c = *it->second;
    if (row.kind == "close") {
      if (c.closed_unix_ms == 0) c.closed_unix_ms = row.created_unix_ms;
      return Status::Ok();
    }
    if (row.kind == "exclude") {
      c.excluded.insert(row.annotator);
      return Status::Ok();
    }
    if (row.kind == "include") {
      c.excluded.erase(row.annotator);
      return Status::Ok();
    }
    return FailedPrecondition(where + ": unknown event kind");
  });
  if (!s.ok()) return s;
  CampaignRanking ranking;
  s = store_->LoadJudgments([&](StoredJudgment& row) -> Status {
    auto it = loaded.find(row.campaign_id);
    const std::string where = store_->path() + ": judgment " + std::to_string(row.campaign_seq) +
                              " of campaign " + std::to_string(row.campaign_id);
    if (it == loaded.end()) return FailedPrecondition(where + ": unknown campaign");
    LiveCampaign& c = *it->second;
    if (row.campaign_seq != c.committed.load() + 1) {
      return FailedPrecondition(where + ": out of sequence (expected " +
                                std::to_string(c.committed.load() + 1) + ")");
    }
    ranking.systems.assign(row.systems.begin(), row.systems.end());
    ranking.ranks = row.ranks;
    ranking.groups = row.groups;
    ranking.segment = row.segment;
    ranking.document = row.document;
    ranking.annotator = row.annotator;
    ranking.uniform_draw = row.uniform_draw;
    Status v = c.state->ValidateRanking(ranking);
    if (!v.ok()) return FailedPrecondition(where + ": " + v.message());
    c.ApplyLocked(ranking, row.match_id == 0);
    if (row.match_id != 0 && !row.annotator.empty()) {
      // As NextMatch did it: a repeat shows a segment again without a new proposal.
      const auto check = static_cast<QualityCheck>(row.check_kind);
      auto seg = c.state->FindSegment(row.segment);
      if (seg && check != QualityCheck::kRepeat) c.state->MarkSegmentShown(row.annotator, *seg);
      if (seg && check == QualityCheck::kNone) {
        AddRepeatable(c, row.annotator, row.match_id, *seg, ranking.systems);
      }
      if (check == QualityCheck::kRepeat) RemoveRepeatable(c, row.annotator, row.check_ref);
      if (c.config.quality_control().check_fraction() > 0) ++c.check_draws[row.annotator];
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;

  const int64_t now = NowUnixMs();
  s = store_->LoadLeases([&](StoredLease row) -> Status {
    auto it = loaded.find(row.campaign_id);
    if (it == loaded.end()) {
      return FailedPrecondition(store_->path() + ": lease " + std::to_string(row.match_id) +
                                ": unknown campaign");
    }
    LiveCampaign& c = *it->second;
    if (row.expires_unix_ms + c.lease_ms < now) return Status::Ok();  // long expired
    const auto k = static_cast<size_t>(c.state->k());
    const bool valid_systems = row.systems.size() == k &&
                               std::all_of(row.systems.begin(), row.systems.end(), [&](int32_t id) {
                                 return id >= 0 && id < c.state->num_systems();
                               });
    const bool valid_segment = row.segment_index >= 0 && static_cast<size_t>(row.segment_index) <
                                                             c.state->config().segments.size();
    if (!valid_systems || !valid_segment || !ValidAnnotatorName(row.annotator)) {
      return FailedPrecondition(store_->path() + ": lease " + std::to_string(row.match_id) +
                                ": does not fit campaign " + std::to_string(row.campaign_id));
    }
    Lease lease;
    lease.check = static_cast<QualityCheck>(row.check_kind);
    lease.check_ref = row.check_ref;
    lease.uniform_draw = row.uniform_draw;
    lease.selection_probability = row.selection_probability;
    if (lease.check == QualityCheck::kRepeat) {
      RemoveRepeatable(c, row.annotator, row.check_ref);
      auto original = store_->FindJudgmentByMatch(row.check_ref);
      if (!original.ok()) return original.status();
      if (original->has_value()) {
        // The repeat shows the systems in its own order (PlanCheck).
        const std::vector<SystemId> shown(row.systems.begin(), row.systems.end());
        lease.original_ranks =
            RanksInShownOrder((*original)->systems, (*original)->ranks, shown);
      }
    } else {
      c.state->MarkSegmentShown(row.annotator, row.segment_index);
    }
    if (c.config.quality_control().check_fraction() > 0) ++c.check_draws[row.annotator];
    lease.match_id = row.match_id;
    lease.annotator = row.annotator;
    lease.systems.assign(row.systems.begin(), row.systems.end());
    lease.segment_index = row.segment_index;
    lease.expires_unix_ms = row.expires_unix_ms;
    lease.leased_unix_ms = row.expires_unix_ms - c.lease_ms;
    c.annotator_leases[row.annotator].push_back(row.match_id);
    c.leases.emplace(row.match_id, std::move(lease));
    return Status::Ok();
  });
  if (!s.ok()) return s;

  // A closed campaign serves no matches: its open leases are dropped.
  for (auto& [id, c] : loaded) {
    if (c->closed_unix_ms != 0) {
      c->leases.clear();
      c->annotator_leases.clear();
    }
  }

  s = store_->LoadImportKeys([&](StoredImportKey row) -> Status {
    auto it = loaded.find(row.campaign_id);
    ImportRecord record;
    if (it == loaded.end() || row.content_sha256.size() != 32 ||
        !record.response.ParseFromString(row.response)) {
      return FailedPrecondition(store_->path() + ": import key of campaign " +
                                std::to_string(row.campaign_id) + ": malformed row");
    }
    record.content_sha256 = std::move(row.content_sha256);
    it->second->import_keys[row.key] = std::move(record);
    return Status::Ok();
  });
  if (!s.ok()) return s;
  for (auto& [id, c] : loaded) Register(c);
  s = LoadScoring();
  if (!s.ok()) return s;
  return LoadAnnotatorLinks();
}

ServiceGauges TournamentService::Gauges() const {
  ServiceGauges gauges;
  const int64_t now = NowUnixMs();
  std::vector<std::shared_ptr<LiveCampaign>> campaigns;
  {
    std::shared_lock lock(registry_mu_);
    campaigns.reserve(campaigns_.size());
    for (const auto& [id, campaign] : campaigns_) campaigns.push_back(campaign);
  }
  gauges.campaigns = static_cast<int64_t>(campaigns.size());
  for (const auto& campaign : campaigns) {
    std::shared_lock campaign_lock(campaign->mu);
    for (const auto& [match_id, lease] : campaign->leases) {
      if (!lease.submission && lease.expires_unix_ms >= now) ++gauges.open_leases;
    }
  }
  AddScoringGauges(now, &gauges);
  return gauges;
}

}  // namespace tourney::service
