// Campaign lifecycle RPCs: CreateCampaign, ImportRankings, ListCampaigns, GetCampaign,
// ExportJudgments, CloseCampaign.
#include <algorithm>
#include <set>
#include <vector>

#include "auth.h"
#include "live_campaign.h"
#include "tournament_service.h"

namespace tourney::service {

// ---------------------------------------------------------------------------------------
// CreateCampaign.

namespace {

// Why `name` could not go through the campaign's WMT CSV export (ExportJudgments as
// `tourney campaign export` writes it) and come back as the same system from `tourney
// rank`; empty when it can. Checked at creation only: stored campaigns load as they are.
std::string UnexportableSystemName(const std::string& name) {
  if (name == "PLACEHOLDER") return "PLACEHOLDER marks an empty column in a WMT CSV";
  if (name.find('+') != std::string::npos) {
    return "'+' joins the systems that share an output in a WMT CSV";
  }
  if (name.find_first_of(",\"") != std::string::npos) return "it holds a comma or a quote";
  if (name.front() == ' ' || name.back() == ' ') {
    return "it begins or ends with a space (a CSV reader trims it)";
  }
  return {};
}

}  // namespace

grpc::Status IndexCampaignContent(const v1::CampaignConfig& config, const CampaignState& state,
                                  size_t max_total_bytes, ContentIndex* index) {
  if (config.content().segments_size() == 0) {
    *index = ContentIndex();
    return grpc::Status::OK;
  }
  const std::vector<std::string> systems(config.systems().begin(), config.systems().end());
  std::vector<std::string> segments;
  std::vector<std::pair<int, int>> items;
  const auto& stated = state.config().segments;
  segments.reserve(stated.size());
  items.reserve(stated.size() * systems.size());
  for (size_t g = 0; g < stated.size(); ++g) {
    segments.push_back(std::to_string(stated[g].id));
    for (size_t s = 0; s < systems.size(); ++s) {
      items.emplace_back(static_cast<int>(s), static_cast<int>(g));
    }
  }
  return ContentIndex::Build(config.content(), systems, segments, items, max_total_bytes, index);
}

grpc::Status TournamentService::CheckLimit(int64_t count, int64_t limit, const std::string& what) {
  if (count <= limit) return grpc::Status::OK;
  return Error(StatusCode::INVALID_ARGUMENT, "at most " + std::to_string(limit) + " " + what +
                                                 " on this server, got " + std::to_string(count));
}

grpc::Status TournamentService::CheckRoom(const std::string& kind, const std::string& name,
                                          bool name_taken, size_t held) const {
  if (name_taken) {
    return Error(StatusCode::ALREADY_EXISTS, "a " + kind + " named '" + name + "' exists");
  }
  if (static_cast<int>(held) >= limits_.max_campaigns) {
    return Error(StatusCode::RESOURCE_EXHAUSTED, "the server holds its maximum of " +
                                                     std::to_string(limits_.max_campaigns) + " " +
                                                     kind + "s");
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::StoreNewCampaign(const std::string& kind, const std::string& name,
                                                 const google::protobuf::Message& config,
                                                 const CampaignInsert& insert,
                                                 const CampaignCommitted& on_commit,
                                                 v1::CreateCampaignResponse* response) {
  auto token = NewToken();
  if (!token.ok()) return ToGrpc(token.status());
  StoredCampaign row;
  row.name = name;
  config.SerializeToString(&row.config);
  row.token_sha256 = Sha256(*token);
  row.created_unix_ms = NowUnixMs();

  auto id_holder = std::make_shared<uint64_t>(0);
  // Shared so the promise outlives the writer's set_value even if this call returns first.
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [row, insert, id_holder](WriteTransaction& txn, BatchContext&) -> Status {
        auto id = insert(txn, row);
        if (!id.ok()) return id.status();
        *id_holder = *id;
        return Status::Ok();
      },
      [done, row, on_commit, id_holder](const Status& s) {
        if (s.ok()) on_commit(*id_holder, row);
        done->set_value(s);
      }));
  Status s = result.get();
  if (s.code() == tourney::StatusCode::kAlreadyExists) {
    return Error(StatusCode::ALREADY_EXISTS, "a " + kind + " named '" + name + "' exists");
  }
  if (!s.ok()) return ToGrpc(s);
  response->set_campaign_id(*id_holder);
  response->set_annotator_token(*token);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoCreateCampaign(const CallContext* context,
                                                 const v1::CreateCampaignRequest* request,
                                                 v1::CreateCampaignResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  // A campaign created without a stopping rule gets the honest default, written into its
  // stored config; a stored config without one (created before this default) keeps z.
  v1::CampaignConfig proto = request->config();
  if (!proto.has_stopping()) {
    v1::StoppingConfig* stop = proto.mutable_stopping();
    stop->set_rule("anytime");
    stop->set_delta(kDefaultCampaignStopping.delta);
    stop->set_epsilon(kDefaultCampaignStopping.epsilon);
  }
  // Invited annotators only, unless the organiser asks for open enrolment; stored so (a
  // stored campaign without it was created before annotator links and is open).
  if (!v1::Enrolment_IsValid(proto.enrolment())) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "config.enrolment: " + std::to_string(proto.enrolment()) + " is no Enrolment");
  }
  if (proto.enrolment() == v1::ENROLMENT_UNSPECIFIED) proto.set_enrolment(v1::ENROLMENT_INVITED);
  grpc::Status limit =
      CheckLimit(proto.systems_size(), limits_.max_systems, "systems per campaign");
  if (!limit.ok()) return limit;
  for (const std::string& name : proto.systems()) {
    if (name.empty()) continue;  // FromProto names the problem
    const std::string why = UnexportableSystemName(name);
    if (!why.empty()) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "system '" + name + "' cannot be exported as WMT CSV: " + why);
    }
  }
  limit = CheckLimit(proto.segments_size(), limits_.max_segments, "segments per campaign");
  if (!limit.ok()) return limit;
  auto config = FromProto(proto);
  if (!config.ok()) return ToGrpc(config.status());
  grpc::Status qc = ValidateQualityControl(proto);
  if (!qc.ok()) return qc;
  auto state = CampaignState::Create(std::move(*config));
  if (!state.ok()) return ToGrpc(state.status());
  {
    ContentIndex checked;
    grpc::Status content =
        IndexCampaignContent(proto, **state, limits_.max_content_bytes, &checked);
    if (!content.ok()) return content;
  }
  {
    std::shared_lock lock(registry_mu_);
    grpc::Status room =
        CheckRoom("campaign", proto.name(), by_name_.count(proto.name()) > 0, campaigns_.size());
    if (!room.ok()) return room;
  }
  auto state_holder = std::make_shared<std::unique_ptr<CampaignState>>(std::move(*state));
  grpc::Status stored = StoreNewCampaign(
      "campaign", proto.name(), proto,
      [](WriteTransaction& txn, const StoredCampaign& row) { return txn.InsertCampaign(row); },
      [this, proto, state_holder](uint64_t id, const StoredCampaign& row) {
        Register(std::make_shared<LiveCampaign>(id, proto, row.token_sha256, row.created_unix_ms,
                                                std::move(*state_holder)));
      },
      response);
  // Invited only: no shared token is handed out (annotators get links, AddAnnotators).
  if (stored.ok() && proto.enrolment() == v1::ENROLMENT_INVITED) response->clear_annotator_token();
  return stored;
}

// ---------------------------------------------------------------------------------------
// ImportRankings.

grpc::Status TournamentService::DoImportRankings(const CallContext* context,
                                                 const ImportReader& read,
                                                 v1::ImportRankingsResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  constexpr int kMaxReportedRejections = 1000;

  std::shared_ptr<LiveCampaign> campaign;
  std::vector<CampaignRanking> accepted;
  int64_t index = 0, rejected = 0;
  v1::ImportRankingsRequest message;
  std::string key;
  // With a key, a chained SHA-256 over the rankings (each length-prefixed), so the digest
  // names the sequence of rankings whatever the chunking.
  std::string digest;
  auto reject = [&](int64_t i, std::string reason) {
    ++rejected;
    if (response->rejections_size() < kMaxReportedRejections) {
      v1::Rejection* r = response->add_rejections();
      r->set_index(i);
      r->set_reason(std::move(reason));
    }
  };
  grpc::Status read_status;
  while (read(&message, &read_status)) {
    if (!campaign) {
      if (message.campaign_id() == 0) {
        return Error(StatusCode::INVALID_ARGUMENT, "the first message must name the campaign");
      }
      campaign = FindCampaign(message.campaign_id());
      if (!campaign) {
        return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(message.campaign_id()));
      }
      key = message.idempotency_key();
      if (key.size() > 128) {
        return Error(StatusCode::INVALID_ARGUMENT, "idempotency_key must be at most 128 bytes");
      }
    } else if (message.campaign_id() != 0 && message.campaign_id() != campaign->id) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "all messages of an import must name campaign " + std::to_string(campaign->id));
    }
    if (index + message.rankings_size() > limits_.max_import_rankings) {
      return Error(StatusCode::RESOURCE_EXHAUSTED, "an import holds at most " +
                                                       std::to_string(limits_.max_import_rankings) +
                                                       " rankings; nothing was imported");
    }
    std::shared_lock lock(campaign->mu);
    const CampaignState& state = *campaign->state;
    for (const v1::Ranking& r : message.rankings()) {
      const int64_t i = index++;
      if (!key.empty()) {
        const std::string bytes = r.SerializeAsString();
        digest = Sha256(digest + std::to_string(bytes.size()) + ":" + bytes);
      }
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
  if (!read_status.ok()) return read_status;
  if (!campaign) return Error(StatusCode::INVALID_ARGUMENT, "the import named no campaign");
  if (context->IsCancelled()) return Error(StatusCode::CANCELLED, "the import was cancelled");
  if (!key.empty()) digest = Sha256(digest + "end:" + std::to_string(index));

  // A retry of an import made with this key returns the stored response.
  auto replay_keyed = [&](grpc::Status* status) {
    std::shared_lock lock(campaign->mu);
    auto it = campaign->import_keys.find(key);
    if (it == campaign->import_keys.end()) return false;
    if (it->second.content_sha256 != digest) {
      *status = Error(StatusCode::ALREADY_EXISTS,
                      "campaign " + std::to_string(campaign->id) +
                          " already has an import with this idempotency_key and other "
                          "rankings; nothing was imported");
    } else {
      *response = it->second.response;
      *status = grpc::Status::OK;
    }
    return true;
  };
  grpc::Status replayed;
  if (!key.empty() && replay_keyed(&replayed)) return replayed;

  response->set_rejected(rejected);
  if (accepted.empty() && key.empty()) {
    std::shared_lock lock(campaign->mu);
    if (campaign->closed_unix_ms != 0) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "campaign " + std::to_string(campaign->id) + " is closed");
    }
    response->set_campaign_judgments(campaign->committed.load());
    return grpc::Status::OK;
  }
  auto rankings = std::make_shared<std::vector<CampaignRanking>>(std::move(accepted));
  response->set_accepted(static_cast<int64_t>(rankings->size()));
  auto result_response = std::make_shared<v1::ImportRankingsResponse>(*response);
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  {
    // Queued under the lock, so a close queued after this import commits after it, and an
    // import cannot slip in behind a close.
    std::unique_lock lock(campaign->mu);
    if (campaign->closed_unix_ms != 0) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "campaign " + std::to_string(campaign->id) + " is closed");
    }
    queue_->Enqueue(std::make_unique<CallbackOp>(
        [campaign, rankings, key, digest, result_response](WriteTransaction& txn,
                                                           BatchContext& batch) -> Status {
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
          result_response->set_campaign_judgments(campaign->SeqAfter(batch));
          if (key.empty()) return Status::Ok();
          StoredImportKey stored;
          stored.campaign_id = campaign->id;
          stored.key = key;
          stored.content_sha256 = digest;
          result_response->SerializeToString(&stored.response);
          return txn.InsertImportKey(stored);
        },
        [campaign, rankings, key, digest, result_response, done](const Status& s) {
          if (s.ok()) {
            campaign->ApplyCommitted(*rankings);
            if (!key.empty()) {
              std::unique_lock lock(campaign->mu);
              campaign->import_keys[key] = ImportRecord{digest, *result_response};
            }
          }
          done->set_value(s);
        }));
  }
  Status s = result.get();
  if (s.code() == tourney::StatusCode::kAlreadyExists && !key.empty() && replay_keyed(&replayed)) {
    return replayed;  // a concurrent import with the same key committed first
  }
  if (!s.ok()) return ToGrpc(s);
  *response = *result_response;
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// ListCampaigns, GetCampaign, CloseCampaign, ExportJudgments.

namespace {

// A campaign's identity, state and counts; the configuration too when `with_config`.
void FillInfo(const LiveCampaign& c, bool with_config, v1::CampaignInfo* info,
              bool summary = false) {
  std::shared_lock lock(c.mu);
  info->set_campaign_id(c.id);
  info->set_kind(v1::CAMPAIGN_KIND_PAIRWISE);
  info->set_protocol("ranking");
  if (with_config && summary) {
    // Everything but the segments and their texts, which a poller fetched once already.
    v1::CampaignConfig* config = info->mutable_config();
    *config = c.config;
    config->clear_segments();
    config->clear_content();
    for (const std::string& name : c.excluded) info->add_excluded_annotators(name);
  } else if (with_config) {
    *info->mutable_config() = c.config;
    for (const std::string& name : c.excluded) info->add_excluded_annotators(name);
  } else {
    info->mutable_config()->set_name(c.config.name());
  }
  info->set_state(c.closed_unix_ms != 0 ? v1::CAMPAIGN_STATE_CLOSED : v1::CAMPAIGN_STATE_OPEN);
  info->set_created_unix_ms(c.created_unix_ms);
  info->set_closed_unix_ms(c.closed_unix_ms);
  info->set_judgments(c.committed.load());
  info->set_imported_judgments(c.imported);
  info->set_annotators(static_cast<int64_t>(c.annotator_judgments.size()));
  info->set_open_leases(c.closed_unix_ms != 0 ? 0 : c.OpenLeases(NowUnixMs()));
  info->set_systems(c.config.systems_size());
  info->set_segments(c.config.segments_size());
}

}  // namespace

grpc::Status TournamentService::DoListCampaigns(const CallContext* context,
                                                const v1::ListCampaignsRequest* /*request*/,
                                                v1::ListCampaignsResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  std::vector<std::shared_ptr<LiveCampaign>> all;
  {
    std::shared_lock lock(registry_mu_);
    for (const auto& [id, c] : campaigns_) all.push_back(c);
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a->id < b->id; });
  for (const auto& c : all) FillInfo(*c, false, response->add_campaigns());
  // Scoring campaigns' ids are 2^32 and up: after every pairwise one, still by id.
  ListScoring(response);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoGetCampaign(const CallContext* context,
                                              const v1::GetCampaignRequest* request,
                                              v1::CampaignInfo* response) {
  grpc::Status scoring;
  if (GetScoringInfo(context, request->campaign_id(), response, &scoring)) return scoring;
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  FillInfo(*campaign, true, response, request->summary());
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoCloseCampaign(const CallContext* context,
                                                const v1::CloseCampaignRequest* request,
                                                v1::CampaignInfo* response) {
  grpc::Status scoring;
  if (CloseScoring(context, request->campaign_id(), response, &scoring)) return scoring;
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  {
    std::unique_lock lock(campaign->mu);
    if (campaign->closed_unix_ms == 0) {
      // Marked closed before the event commits: calls after this point are refused, and
      // everything queued before it commits before the close.
      StoredEvent event;
      event.campaign_id = campaign->id;
      event.kind = "close";
      event.created_unix_ms = NowUnixMs();
      campaign->closed_unix_ms = event.created_unix_ms;
      queue_->Enqueue(std::make_unique<CallbackOp>(
          [event](WriteTransaction& txn, BatchContext&) { return txn.InsertEvent(event); },
          [campaign, done](const Status& s) {
            if (!s.ok()) {
              std::unique_lock lock(campaign->mu);
              campaign->closed_unix_ms = 0;
            }
            done->set_value(s);
          }));
    } else {
      done->set_value(Status::Ok());  // already closed: nothing to write
    }
  }
  Status s = result.get();
  if (!s.ok()) {
    return Error(StatusCode::UNAVAILABLE, "the close could not be stored: " + s.message());
  }
  FillInfo(*campaign, true, response);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoExportJudgments(const CallContext* context,
                                                  const v1::ExportJudgmentsRequest* request,
                                                  const ExportWriter<v1::ExportedJudgment>& write) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  if (request->after_sequence() < 0 || request->limit() < 0) {
    return Error(StatusCode::INVALID_ARGUMENT, "after_sequence and limit must be >= 0");
  }
  const auto& names = campaign->config.systems();
  std::set<std::string> excluded;
  {
    std::shared_lock lock(campaign->mu);
    excluded = campaign->excluded;
  }
  bool client_gone = false;
  v1::ExportedJudgment out;
  const JudgmentRange range{request->after_sequence(), request->limit()};
  Status s = store_->ScanJudgments(campaign->id, range, [&](StoredJudgment& j) -> Status {
    out.Clear();
    out.set_sequence(j.campaign_seq);
    out.set_match_id(j.match_id);
    out.set_committed_unix_ms(j.committed_unix_ms);
    out.set_leased_unix_ms(j.leased_unix_ms);
    out.set_excluded(excluded.count(j.annotator) > 0);
    out.set_check(CheckKindToProto(j.check_kind));
    out.set_check_passed(j.check_passed);
    out.set_uniform_draw(j.uniform_draw);
    out.set_selection_probability(j.selection_probability);
    v1::Ranking* r = out.mutable_ranking();
    for (size_t i = 0; i < j.systems.size(); ++i) {
      if (j.systems[i] < 0 || j.systems[i] >= names.size() || i >= j.ranks.size()) {
        return FailedPrecondition("judgment " + std::to_string(j.campaign_seq) +
                                  " does not fit its campaign");
      }
      r->add_systems(names[j.systems[i]]);
      r->add_ranks(j.ranks[i]);
    }
    for (uint8_t g : j.groups) r->add_groups(g);
    r->set_segment(j.segment);
    r->set_document(j.document);
    r->set_annotator(j.annotator);
    if (context->IsCancelled() || !write(out)) {
      client_gone = true;
      return Status(tourney::StatusCode::kCancelled, "the export was cancelled");
    }
    return Status::Ok();
  });
  if (client_gone) return Error(StatusCode::CANCELLED, "the export was cancelled");
  if (!s.ok()) return ToGrpc(s);
  return grpc::Status::OK;
}

}  // namespace tourney::service
