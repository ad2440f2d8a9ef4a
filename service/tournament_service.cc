#include "tournament_service.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <vector>

#include "auth.h"
#include "convert.h"
#include "proto/leaderboard_proto.h"
#include "tourney/core/defaults.h"
#include "tourney/selection/campaign.h"

namespace tourney::service {

using grpc::StatusCode;

namespace {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

grpc::Status Error(StatusCode code, std::string message) {
  return grpc::Status(code, std::move(message));
}

// Annotator names: 1..128 bytes of [A-Za-z0-9._@:-].
bool ValidAnnotatorName(const std::string& a) {
  if (a.empty() || a.size() > kMaxAnnotatorBytes) return false;
  return std::all_of(a.begin(), a.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '@' || c == ':' || c == '-';
  });
}

// What a committed submission returns; also what an identical retry returns.
struct Ack {
  Status status;
  int64_t sequence = 0;
  int64_t committed_unix_ms = 0;
};

// A write op made of two callbacks.
class CallbackOp final : public WriteOp {
 public:
  CallbackOp(std::function<Status(WriteTransaction&, BatchContext&)> write,
             std::function<void(const Status&)> done)
      : write_(std::move(write)), done_(std::move(done)) {}
  Status Write(WriteTransaction& txn, BatchContext& batch) override { return write_(txn, batch); }
  void Done(const Status& status) override { done_(status); }

 private:
  std::function<Status(WriteTransaction&, BatchContext&)> write_;
  std::function<void(const Status&)> done_;
};

}  // namespace

// A submission being committed: shared by the call that made it and identical retries.
struct Submission {
  std::vector<uint8_t> ranks;
  std::string idempotency_key;
  std::promise<Ack> promise;
  std::shared_future<Ack> ack = promise.get_future().share();
};

// A match leased to an annotator.
struct Lease {
  uint64_t match_id = 0;
  std::string annotator;
  std::vector<SystemId> systems;
  int32_t segment_index = 0;
  int64_t expires_unix_ms = 0;
  std::shared_ptr<Submission> submission;  // set while a submission is being committed
};

// One campaign's live state. Its lock guards `state` and the lease tables.
class LiveCampaign {
 public:
  LiveCampaign(uint64_t id, v1::CampaignConfig config, std::string token_sha256,
               std::unique_ptr<CampaignState> state)
      : id(id),
        config(std::move(config)),
        token_sha256(std::move(token_sha256)),
        lease_ms(LeaseMillis(this->config)),
        state(std::move(state)) {}

  const uint64_t id;
  const v1::CampaignConfig config;
  const std::string token_sha256;
  const int64_t lease_ms;

  mutable std::shared_mutex mu;
  std::unique_ptr<CampaignState> state;                                    // guarded by mu
  std::unordered_map<uint64_t, Lease> leases;                              // guarded by mu
  std::unordered_map<std::string, std::vector<uint64_t>> annotator_leases;  // guarded by mu
  int64_t last_sweep_unix_ms = 0;                                          // guarded by mu

  // Judgments applied to `state`; written only by the commit queue's writer thread.
  std::atomic<int64_t> committed{0};

  // Notified after judgments are applied (WatchLeaderboard waits on it).
  std::mutex notify_mu;
  std::condition_variable changed;

  void NotifyChanged() {
    std::lock_guard<std::mutex> lock(notify_mu);
    changed.notify_all();
  }

  // Next campaign_seq for a row in `batch`.
  int64_t NextSeq(BatchContext& batch) {
    auto [it, inserted] = batch.next_seq.try_emplace(id, committed.load() + 1);
    return it->second++;
  }

  // Applies committed rankings in order, a chunk per lock hold: each judgment is applied
  // whole under the exclusive lock.
  void ApplyCommitted(const std::vector<CampaignRanking>& rankings) {
    constexpr size_t kChunk = 4096;
    for (size_t begin = 0; begin < rankings.size(); begin += kChunk) {
      std::unique_lock lock(mu);
      const size_t end = std::min(rankings.size(), begin + kChunk);
      for (size_t i = begin; i < end; ++i) state->ApplyRanking(rankings[i]);
      committed.fetch_add(static_cast<int64_t>(end - begin));
    }
    NotifyChanged();
  }
};

TournamentService::TournamentService(std::string admin_token, ServiceLimits limits,
                                     Store* store, CommitQueue* queue)
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

grpc::Status TournamentService::Authorize(const grpc::ServerContext* context, Access access,
                                          uint64_t campaign_id,
                                          std::shared_ptr<LiveCampaign>* campaign) {
  const auto& metadata = context->client_metadata();
  const auto range = metadata.equal_range("authorization");
  if (range.first == range.second) {
    return Error(StatusCode::UNAUTHENTICATED, "missing 'authorization: Bearer <token>' metadata");
  }
  if (std::next(range.first) != range.second) {
    return Error(StatusCode::UNAUTHENTICATED, "more than one authorization entry");
  }
  auto token = ParseBearer(std::string_view(range.first->second.data(),
                                            range.first->second.size()));
  if (!token.ok()) return Error(StatusCode::UNAUTHENTICATED, token.status().message());
  const std::string digest = Sha256(*token);
  const bool admin = ConstantTimeEquals(digest, admin_sha256_);

  std::shared_ptr<LiveCampaign> found = campaign_id ? FindCampaign(campaign_id) : nullptr;
  if (!admin) {
    const bool own_campaign =
        access == Access::kAnnotator && found && ConstantTimeEquals(digest, found->token_sha256);
    if (!own_campaign) {
      std::shared_lock lock(registry_mu_);
      if (by_token_.count(digest)) {
        return Error(StatusCode::PERMISSION_DENIED,
                     access == Access::kAdmin
                         ? "this call needs the admin token; an annotator token was given"
                         : "the annotator token is for another campaign");
      }
      return Error(StatusCode::UNAUTHENTICATED, "unknown bearer token");
    }
  }
  if (campaign) {
    if (!found) {
      return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(campaign_id));
    }
    *campaign = std::move(found);
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::AuthorizeAdmin(const grpc::ServerContext* context) {
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
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) +
                                ": " + config.status().message());
    }
    auto state = CampaignState::Create(std::move(*config));
    if (!state.ok()) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) +
                                ": " + state.status().message());
    }
    if (row.token_sha256.size() != 32) {
      return FailedPrecondition(store_->path() + ": campaign " + std::to_string(row.id) +
                                ": malformed token digest");
    }
    loaded[row.id] = std::make_shared<LiveCampaign>(row.id, std::move(proto),
                                                    std::move(row.token_sha256),
                                                    std::move(*state));
    return Status::Ok();
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
    Status v = c.state->ValidateRanking(ranking);
    if (!v.ok()) return FailedPrecondition(where + ": " + v.message());
    c.state->ApplyRanking(ranking);
    c.committed.fetch_add(1);
    if (row.match_id != 0 && !row.annotator.empty()) {
      if (auto seg = c.state->FindSegment(row.segment)) {
        c.state->MarkSegmentShown(row.annotator, *seg);
      }
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
    const bool valid_systems =
        row.systems.size() == k &&
        std::all_of(row.systems.begin(), row.systems.end(),
                    [&](int32_t id) { return id >= 0 && id < c.state->num_systems(); });
    const bool valid_segment =
        row.segment_index >= 0 &&
        static_cast<size_t>(row.segment_index) < c.state->config().segments.size();
    if (!valid_systems || !valid_segment || !ValidAnnotatorName(row.annotator)) {
      return FailedPrecondition(store_->path() + ": lease " + std::to_string(row.match_id) +
                                ": does not fit campaign " + std::to_string(row.campaign_id));
    }
    c.state->MarkSegmentShown(row.annotator, row.segment_index);
    Lease lease;
    lease.match_id = row.match_id;
    lease.annotator = row.annotator;
    lease.systems.assign(row.systems.begin(), row.systems.end());
    lease.segment_index = row.segment_index;
    lease.expires_unix_ms = row.expires_unix_ms;
    c.annotator_leases[row.annotator].push_back(row.match_id);
    c.leases.emplace(row.match_id, std::move(lease));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  for (auto& [id, c] : loaded) Register(c);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------
// CreateCampaign.

grpc::Status TournamentService::CreateCampaign(grpc::ServerContext* context,
                                               const v1::CreateCampaignRequest* request,
                                               v1::CreateCampaignResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  const v1::CampaignConfig& proto = request->config();
  if (proto.systems_size() > limits_.max_systems) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "at most " + std::to_string(limits_.max_systems) +
                     " systems per campaign on this server, got " +
                     std::to_string(proto.systems_size()));
  }
  if (proto.segments_size() > limits_.max_segments) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "at most " + std::to_string(limits_.max_segments) +
                     " segments per campaign on this server, got " +
                     std::to_string(proto.segments_size()));
  }
  auto config = FromProto(proto);
  if (!config.ok()) return ToGrpc(config.status());
  auto state = CampaignState::Create(std::move(*config));
  if (!state.ok()) return ToGrpc(state.status());
  {
    std::shared_lock lock(registry_mu_);
    if (by_name_.count(proto.name())) {
      return Error(StatusCode::ALREADY_EXISTS, "a campaign named '" + proto.name() + "' exists");
    }
    if (static_cast<int>(campaigns_.size()) >= limits_.max_campaigns) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "the server holds its maximum of " + std::to_string(limits_.max_campaigns) +
                       " campaigns");
    }
  }
  auto token = NewToken();
  if (!token.ok()) return ToGrpc(token.status());

  StoredCampaign row;
  row.name = proto.name();
  proto.SerializeToString(&row.config);
  row.token_sha256 = Sha256(*token);
  row.created_unix_ms = NowUnixMs();

  auto state_holder = std::make_shared<std::unique_ptr<CampaignState>>(std::move(*state));
  auto id_holder = std::make_shared<uint64_t>(0);
  // Shared so the promise outlives the writer's set_value even if this call returns first.
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [row, id_holder](WriteTransaction& txn, BatchContext&) -> Status {
        auto id = txn.InsertCampaign(row);
        if (!id.ok()) return id.status();
        *id_holder = *id;
        return Status::Ok();
      },
      [this, done, proto, row, id_holder, state_holder](const Status& s) {
        if (s.ok()) {
          Register(std::make_shared<LiveCampaign>(*id_holder, proto, row.token_sha256,
                                                  std::move(*state_holder)));
        }
        done->set_value(s);
      }));
  Status s = result.get();
  if (s.code() == tourney::StatusCode::kAlreadyExists) {
    return Error(grpc::StatusCode::ALREADY_EXISTS,
                 "a campaign named '" + proto.name() + "' exists");
  }
  if (!s.ok()) return ToGrpc(s);
  response->set_campaign_id(*id_holder);
  response->set_annotator_token(*token);
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// ImportRankings.

grpc::Status TournamentService::ImportRankings(
    grpc::ServerContext* context, grpc::ServerReader<v1::ImportRankingsRequest>* reader,
    v1::ImportRankingsResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  constexpr int kMaxReportedRejections = 1000;

  std::shared_ptr<LiveCampaign> campaign;
  std::vector<CampaignRanking> accepted;
  int64_t index = 0, rejected = 0;
  v1::ImportRankingsRequest message;
  auto reject = [&](int64_t i, std::string reason) {
    ++rejected;
    if (response->rejections_size() < kMaxReportedRejections) {
      v1::Rejection* r = response->add_rejections();
      r->set_index(i);
      r->set_reason(std::move(reason));
    }
  };
  while (reader->Read(&message)) {
    if (!campaign) {
      if (message.campaign_id() == 0) {
        return Error(StatusCode::INVALID_ARGUMENT, "the first message must name the campaign");
      }
      campaign = FindCampaign(message.campaign_id());
      if (!campaign) {
        return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(message.campaign_id()));
      }
    } else if (message.campaign_id() != 0 && message.campaign_id() != campaign->id) {
      return Error(StatusCode::INVALID_ARGUMENT, "all messages of an import must name campaign " +
                                                     std::to_string(campaign->id));
    }
    if (index + message.rankings_size() > limits_.max_import_rankings) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "an import holds at most " + std::to_string(limits_.max_import_rankings) +
                       " rankings; nothing was imported");
    }
    std::shared_lock lock(campaign->mu);
    const CampaignState& state = *campaign->state;
    for (const v1::Ranking& r : message.rankings()) {
      const int64_t i = index++;
      if (r.systems_size() < 2 || r.systems_size() > kMaxRankingEntries) {
        reject(i, "a ranking needs 2.." + std::to_string(kMaxRankingEntries) + " systems");
        continue;
      }
      CampaignRanking ranking;
      std::string problem;
      for (const std::string& name : r.systems()) {
        auto id = state.FindSystem(name);
        if (!id) {
          problem = "system '" + name.substr(0, 256) + "' is not in the campaign";
          break;
        }
        ranking.systems.push_back(*id);
      }
      if (problem.empty()) {
        for (uint32_t rank : r.ranks()) {
          if (rank > static_cast<uint32_t>(kMaxRankingEntries)) {
            problem = "rank " + std::to_string(rank) + " is out of range";
            break;
          }
          ranking.ranks.push_back(static_cast<uint8_t>(rank));
        }
      }
      if (problem.empty()) {
        for (uint32_t g : r.groups()) {
          if (g >= static_cast<uint32_t>(kMaxRankingEntries)) {
            problem = "group " + std::to_string(g) + " is out of range";
            break;
          }
          ranking.groups.push_back(static_cast<uint8_t>(g));
        }
      }
      if (!problem.empty()) {
        reject(i, problem);
        continue;
      }
      ranking.segment = r.segment();
      ranking.document = r.document();
      ranking.annotator = r.annotator();
      Status v = state.ValidateRanking(ranking);
      if (!v.ok()) {
        reject(i, v.message());
        continue;
      }
      accepted.push_back(std::move(ranking));
    }
  }
  if (!campaign) return Error(StatusCode::INVALID_ARGUMENT, "the import named no campaign");
  if (context->IsCancelled()) return Error(StatusCode::CANCELLED, "the import was cancelled");

  if (!accepted.empty()) {
    auto rankings = std::make_shared<std::vector<CampaignRanking>>(std::move(accepted));
    auto done = std::make_shared<std::promise<Status>>();
    std::future<Status> result = done->get_future();
    queue_->Enqueue(std::make_unique<CallbackOp>(
        [campaign, rankings](WriteTransaction& txn, BatchContext& batch) -> Status {
          StoredJudgment row;
          for (const CampaignRanking& r : *rankings) {
            row.campaign_id = campaign->id;
            row.campaign_seq = campaign->NextSeq(batch);
            row.annotator = r.annotator;
            row.segment = r.segment;
            row.document = r.document;
            row.systems.assign(r.systems.begin(), r.systems.end());
            row.ranks = r.ranks;
            row.groups = r.groups;
            row.committed_unix_ms = batch.now_unix_ms;
            Status s = txn.InsertJudgment(row);
            if (!s.ok()) return s;
          }
          return Status::Ok();
        },
        [campaign, rankings, done](const Status& s) {
          if (s.ok()) campaign->ApplyCommitted(*rankings);
          done->set_value(s);
        }));
    Status s = result.get();
    if (!s.ok()) return ToGrpc(s);
    response->set_accepted(static_cast<int64_t>(rankings->size()));
  }
  response->set_rejected(rejected);
  response->set_campaign_judgments(campaign->committed.load());
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// NextMatch.

void TournamentService::EnqueueLeasePurge(int64_t before_unix_ms) {
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [before_unix_ms](WriteTransaction& txn, BatchContext&) {
        return txn.DeleteLeasesExpiredBefore(before_unix_ms);
      },
      [](const Status&) {}));
}

grpc::Status TournamentService::NextMatch(grpc::ServerContext* context,
                                          const v1::NextMatchRequest* request,
                                          v1::NextMatchResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAnnotator, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  const std::string& annotator = request->annotator();
  if (!ValidAnnotatorName(annotator)) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "annotator must be 1..128 characters of [A-Za-z0-9._@:-]");
  }
  const uint32_t counter = ++match_counter_;
  if (counter == 0) {
    return Error(StatusCode::RESOURCE_EXHAUSTED, "match ids of this server run are exhausted");
  }
  const uint64_t match_id = (store_->boot_epoch() << 32) | counter;
  const int64_t now = NowUnixMs();

  StoredLease row;
  {
    std::unique_lock lock(campaign->mu);
    // Forget leases that expired more than one lease length ago (late submissions in
    // between still learn that the lease expired), at most once a second.
    if (now - campaign->last_sweep_unix_ms >= 1000) {
      campaign->last_sweep_unix_ms = now;
      const int64_t horizon = now - campaign->lease_ms;
      bool purged = false;
      for (auto it = campaign->leases.begin(); it != campaign->leases.end();) {
        if (it->second.expires_unix_ms < horizon && !it->second.submission) {
          it = campaign->leases.erase(it);
          purged = true;
        } else {
          ++it;
        }
      }
      if (purged) EnqueueLeasePurge(horizon);
    }
    std::vector<uint64_t>& held = campaign->annotator_leases[annotator];
    std::erase_if(held, [&](uint64_t id) {
      auto it = campaign->leases.find(id);
      return it == campaign->leases.end() ||
             (it->second.expires_unix_ms <= now && !it->second.submission);
    });
    if (static_cast<int>(held.size()) >= limits_.max_leases_per_annotator) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "annotator '" + annotator + "' already holds " + std::to_string(held.size()) +
                       " open matches; judge them or let them expire");
    }
    if (campaign->state->SegmentsShown(annotator) == 0 &&
        static_cast<int64_t>(campaign->annotator_leases.size()) >
            limits_.max_annotators_per_campaign) {
      campaign->annotator_leases.erase(annotator);
      return Error(StatusCode::RESOURCE_EXHAUSTED, "the campaign has its maximum of annotators");
    }
    // Batch awareness: the system sets of the matches still out with annotators.
    std::vector<std::vector<SystemId>> open;
    for (const auto& [id, other] : campaign->leases) {
      if (other.expires_unix_ms > now && !other.submission) open.push_back(other.systems);
    }
    auto match = campaign->state->ProposeMatch(annotator, open);
    if (!match.ok()) return ToGrpc(match.status());
    Lease lease;
    lease.match_id = match_id;
    lease.annotator = annotator;
    lease.systems = match->systems;
    lease.segment_index = match->segment_index;
    lease.expires_unix_ms = now + campaign->lease_ms;
    held.push_back(match_id);

    const CampaignState& state = *campaign->state;
    response->set_match_id(match_id);
    for (SystemId id : lease.systems) response->add_systems(state.SystemName(id));
    const CampaignSegment& segment = state.config().segments[lease.segment_index];
    response->mutable_segment()->set_id(segment.id);
    response->mutable_segment()->set_document(segment.document);
    response->set_lease_expires_unix_ms(lease.expires_unix_ms);

    row.match_id = match_id;
    row.campaign_id = campaign->id;
    row.annotator = annotator;
    row.segment_index = lease.segment_index;
    row.systems.assign(lease.systems.begin(), lease.systems.end());
    row.expires_unix_ms = lease.expires_unix_ms;
    campaign->leases.emplace(match_id, std::move(lease));
  }
  // The lease row is written with the next batch; nobody waits for it. A crash before it
  // commits only loses the lease (the submission then finds no match).
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [row = std::move(row)](WriteTransaction& txn, BatchContext&) { return txn.InsertLease(row); },
      [](const Status&) {}));
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// SubmitJudgment.

grpc::Status TournamentService::SubmitJudgment(grpc::ServerContext* context,
                                               const v1::SubmitJudgmentRequest* request,
                                               v1::SubmitJudgmentResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAnnotator, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  if (!ValidAnnotatorName(request->annotator())) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "annotator must be 1..128 characters of [A-Za-z0-9._@:-]");
  }
  if (request->idempotency_key().size() > 128) {
    return Error(StatusCode::INVALID_ARGUMENT, "idempotency_key must be at most 128 bytes");
  }
  {
    // Ranks are checked against k before anything else (k is fixed for the campaign).
    Status v = campaign->state->ValidateMatchRanks(
        std::span<const uint32_t>(request->ranks().data(), request->ranks().size()));
    if (!v.ok()) return ToGrpc(v);
  }
  std::vector<uint8_t> ranks(request->ranks().begin(), request->ranks().end());
  const int64_t now = NowUnixMs();

  std::shared_future<Ack> ack;
  {
    std::unique_lock lock(campaign->mu);
    auto it = campaign->leases.find(request->match_id());
    if (it != campaign->leases.end()) {
      Lease& lease = it->second;
      if (lease.annotator != request->annotator()) {
        return Error(StatusCode::FAILED_PRECONDITION,
                     "match " + std::to_string(lease.match_id) +
                         " is leased to another annotator");
      }
      if (lease.submission) {
        if (lease.submission->ranks != ranks ||
            lease.submission->idempotency_key != request->idempotency_key()) {
          return Error(StatusCode::ALREADY_EXISTS,
                       "match " + std::to_string(lease.match_id) +
                           " already has a different answer");
        }
        ack = lease.submission->ack;  // an identical retry joins the first submission
      } else if (now > lease.expires_unix_ms) {
        return Error(StatusCode::FAILED_PRECONDITION,
                     "the lease of match " + std::to_string(lease.match_id) +
                         " expired; ask for a new match");
      } else {
        auto submission = std::make_shared<Submission>();
        submission->ranks = ranks;
        submission->idempotency_key = request->idempotency_key();
        lease.submission = submission;
        ack = submission->ack;

        StoredJudgment row;
        row.campaign_id = campaign->id;
        row.match_id = lease.match_id;
        row.idempotency_key = request->idempotency_key();
        row.annotator = lease.annotator;
        const CampaignSegment& segment =
            campaign->state->config().segments[lease.segment_index];
        row.segment = segment.id;
        row.document = segment.document;
        row.systems.assign(lease.systems.begin(), lease.systems.end());
        row.ranks = ranks;
        CampaignRanking ranking;
        ranking.systems = lease.systems;
        ranking.ranks = ranks;
        ranking.segment = segment.id;
        ranking.document = segment.document;
        ranking.annotator = lease.annotator;
        auto shared_row = std::make_shared<StoredJudgment>(std::move(row));
        queue_->Enqueue(std::make_unique<CallbackOp>(
            [campaign, shared_row](WriteTransaction& txn, BatchContext& batch) -> Status {
              shared_row->campaign_seq = campaign->NextSeq(batch);
              shared_row->committed_unix_ms = batch.now_unix_ms;
              Status s = txn.InsertJudgment(*shared_row);
              if (!s.ok()) return s;
              return txn.DeleteLease(shared_row->match_id);
            },
            [campaign, shared_row, submission,
             ranking = std::move(ranking)](const Status& s) {
              Ack result;
              result.status = s;
              {
                std::unique_lock lock(campaign->mu);
                auto lease = campaign->leases.find(shared_row->match_id);
                if (s.ok()) {
                  campaign->state->ApplyRanking(ranking);
                  campaign->committed.fetch_add(1);
                  if (lease != campaign->leases.end()) campaign->leases.erase(lease);
                  result.sequence = shared_row->campaign_seq;
                  result.committed_unix_ms = shared_row->committed_unix_ms;
                } else if (lease != campaign->leases.end()) {
                  lease->second.submission.reset();  // the match can be answered again
                }
              }
              if (s.ok()) campaign->NotifyChanged();
              submission->promise.set_value(std::move(result));
            }));
      }
    }
  }
  if (!ack.valid()) {
    // No lease in memory: the match was judged (possibly before a restart), or never existed.
    auto stored = store_->FindJudgmentByMatch(request->match_id());
    if (!stored.ok()) return ToGrpc(stored.status());
    if (!stored->has_value() || (*stored)->campaign_id != campaign->id) {
      return Error(StatusCode::NOT_FOUND, "no match " + std::to_string(request->match_id()) +
                                              " in campaign " + std::to_string(campaign->id));
    }
    const StoredJudgment& j = **stored;
    if (j.annotator != request->annotator()) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "match " + std::to_string(j.match_id) + " was leased to another annotator");
    }
    if (j.ranks != ranks || j.idempotency_key != request->idempotency_key()) {
      return Error(StatusCode::ALREADY_EXISTS,
                   "match " + std::to_string(j.match_id) + " already has a different answer");
    }
    response->set_sequence(j.campaign_seq);
    response->set_committed_unix_ms(j.committed_unix_ms);
    return grpc::Status::OK;
  }
  const Ack& result = ack.get();
  if (!result.status.ok()) {
    return Error(StatusCode::UNAVAILABLE,
                 "the judgment could not be stored: " + result.status.message());
  }
  response->set_sequence(result.sequence);
  response->set_committed_unix_ms(result.committed_unix_ms);
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// Leaderboards.

grpc::Status TournamentService::ComputeBoard(const grpc::ServerContext& context,
                                             LiveCampaign& campaign,
                                             const v1::GetLeaderboardRequest& request,
                                             v1::Leaderboard* board) {
  LeaderboardQuery query;
  query.model = request.model();
  query.replicates = request.bootstrap_replicates();
  query.confidence = request.confidence() == 0.0 ? kDefaultConfidence : request.confidence();
  query.seed = request.seed();
  if (query.replicates < 0 || query.replicates > limits_.max_bootstrap_replicates) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "bootstrap_replicates must be in 0.." +
                     std::to_string(limits_.max_bootstrap_replicates));
  }
  if (!(query.confidence > 0.0 && query.confidence < 1.0)) {
    return Error(StatusCode::INVALID_ARGUMENT, "confidence must be in (0, 1)");
  }
  CampaignSnapshot snapshot;
  {
    std::shared_lock lock(campaign.mu);
    const std::string live = campaign.state->live_model();
    if (query.model.empty()) query.model = live;
    if (query.model == live && query.replicates == 0) {
      *board = ToProto(campaign.state->LiveLeaderboard());
      return grpc::Status::OK;
    }
    if (query.model != live) {
      auto model = MakeCampaignModel(query.model, campaign.state->config().rating);
      if (!model.ok()) return ToGrpc(model.status());
    }
  }
  // Costly: wait for a slot, then copy the data and fit outside the campaign lock. A call
  // its client abandoned (cancelled, or past its deadline) gives up its place or its slot,
  // and so does every call once the server shuts down.
  auto abandoned = [this, &context] {
    return shutting_down_ || context.IsCancelled() ||
           context.deadline() <= std::chrono::system_clock::now();
  };
  auto abandoned_status = [this, &context] {
    if (shutting_down_) return Error(StatusCode::UNAVAILABLE, "the server is shutting down");
    return context.deadline() <= std::chrono::system_clock::now()
               ? Error(StatusCode::DEADLINE_EXCEEDED,
                       "the deadline passed before the leaderboard was computed")
               : Error(StatusCode::CANCELLED, "the call was cancelled");
  };
  {
    std::unique_lock lock(fits_mu_);
    while (fits_running_ >= limits_.max_concurrent_fits) {
      if (abandoned()) return abandoned_status();
      fits_cv_.wait_for(lock, std::chrono::milliseconds(10));
    }
    ++fits_running_;
  }
  struct Slot {
    TournamentService* service;
    ~Slot() {
      std::lock_guard lock(service->fits_mu_);
      --service->fits_running_;
      service->fits_cv_.notify_one();
    }
  } slot{this};
  {
    std::shared_lock lock(campaign.mu);
    snapshot = campaign.state->Snapshot();
  }
  query.cancelled = abandoned;
  auto result = ComputeLeaderboard(snapshot, query);
  if (!result.ok()) {
    if (result.status().code() == tourney::StatusCode::kCancelled) return abandoned_status();
    return ToGrpc(result.status());
  }
  *board = ToProto(*result);
  return grpc::Status::OK;
}

grpc::Status TournamentService::GetLeaderboard(grpc::ServerContext* context,
                                               const v1::GetLeaderboardRequest* request,
                                               v1::Leaderboard* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  return ComputeBoard(*context, *campaign, *request, response);
}

grpc::Status TournamentService::GetPairCounts(grpc::ServerContext* context,
                                              const v1::GetPairCountsRequest* request,
                                              v1::PairCountsMatrix* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  std::shared_lock lock(campaign->mu);
  const CampaignState& state = *campaign->state;
  const PairCounts& counts = state.pair_counts();
  const int n = state.num_systems();
  for (int i = 0; i < n; ++i) response->add_systems(state.SystemName(i));
  response->mutable_wins()->Reserve(n * n);
  response->mutable_ties()->Reserve(n * n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      response->add_wins(counts.wins(i, j));
      response->add_ties(counts.ties(i, j));
    }
  }
  response->set_rankings(state.num_judgments());
  response->set_comparisons(static_cast<int64_t>(state.judgments().comparisons().size()));
  return grpc::Status::OK;
}

grpc::Status TournamentService::WatchLeaderboard(grpc::ServerContext* context,
                                                 const v1::WatchLeaderboardRequest* request,
                                                 grpc::ServerWriter<v1::Leaderboard>* writer) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth =
      Authorize(context, Access::kAdmin, request->leaderboard().campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  if (request->every_judgments() < 1) {
    return Error(StatusCode::INVALID_ARGUMENT, "every_judgments must be >= 1");
  }
  if (++watchers_ > limits_.max_watchers) {
    --watchers_;
    return Error(StatusCode::RESOURCE_EXHAUSTED,
                 "the server serves at most " + std::to_string(limits_.max_watchers) +
                     " leaderboard watchers");
  }
  struct Release {
    std::atomic<int>* n;
    ~Release() { --*n; }
  } release{&watchers_};

  while (!context->IsCancelled() && !shutting_down_) {
    const int64_t seen = campaign->committed.load();
    v1::Leaderboard board;
    grpc::Status s = ComputeBoard(*context, *campaign, request->leaderboard(), &board);
    if (!s.ok()) return s;
    if (!writer->Write(board)) break;
    const int64_t target = seen + request->every_judgments();
    std::unique_lock lock(campaign->notify_mu);
    while (campaign->committed.load() < target && !context->IsCancelled() && !shutting_down_) {
      campaign->changed.wait_for(lock, std::chrono::milliseconds(200));
    }
  }
  if (shutting_down_) return Error(StatusCode::UNAVAILABLE, "the server is shutting down");
  return grpc::Status::OK;
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
  return gauges;
}

}  // namespace tourney::service
