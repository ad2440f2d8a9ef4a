// Scoring campaign RPCs (direct assessment, MQM) that write: CreateScoringCampaign, NextItem,
// SubmitScore (GetEstimate and ExportScores are in scoring_read_rpcs.cc, CloseCampaign of a
// scoring campaign and the start-up replay in scoring_lifecycle.cc, the screens of a
// contrastive campaign in screen_rpcs.cc). The statistics are the
// engine's ScoringCampaign (tourney/campaigns/scoring_campaign.h); this file authenticates,
// validates, stores every score through the commit queue before acknowledging it, and
// applies committed scores to the engine in commit order on the writer thread.
#include <algorithm>
#include <cmath>
#include <future>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "auth.h"
#include "live_campaign.h"
#include "live_scoring_campaign.h"
#include "scoring_config.h"
#include "tournament_service.h"
#include "tourney/core/submitted_span.h"
#include "tourney/campaigns/annotator_standardization.h"
#include "tourney/protocols/scoring_protocol.h"

namespace tourney::service {

// What a scoring campaign's annotators do, as CampaignInfo.protocol names it: the stored
// protocol, "plain" when none was given.
std::string ScoringProtocolLabel(const std::string& protocol) {
  return protocol.empty() ? std::string("plain") : protocol;
}

namespace {

grpc::Status ContrastiveOnly(const LiveScoringCampaign& c) {
  return Error(StatusCode::FAILED_PRECONDITION,
               "scoring campaign " + std::to_string(c.id) + " is contrastive (" +
                   std::to_string(c.screens->config().options.k) +
                   " outputs per screen): use NextScreen and SubmitScreen");
}

}  // namespace

// A scoring campaign's CampaignInfo (kind SCORING).
void FillScoringInfo(const LiveScoringCampaign& c, int64_t now, v1::CampaignInfo* info) {
  info->set_campaign_id(c.id);
  info->set_kind(v1::CAMPAIGN_KIND_SCORING);
  info->mutable_config()->set_name(c.proto.name());
  info->set_protocol(ScoringProtocolLabel(c.proto.protocol()));
  info->set_created_unix_ms(c.created_unix_ms);
  std::shared_lock lock(c.mu);
  info->set_state(c.closed_unix_ms != 0 ? v1::CAMPAIGN_STATE_CLOSED : v1::CAMPAIGN_STATE_OPEN);
  info->set_closed_unix_ms(c.closed_unix_ms);
  const ScoredSegments& t = c.engine->config().table;
  info->set_screen_size(c.contrastive() ? c.screens->config().options.k : 1);
  if (c.contrastive()) {
    info->set_judgments(static_cast<int64_t>(c.screen_records.size()));
    info->set_annotators(static_cast<int64_t>(c.screens_by_annotator.size()));
    info->set_open_leases(c.closed_unix_ms != 0 ? 0 : c.screens->OpenScreens(now));
  } else {
    info->set_judgments(static_cast<int64_t>(c.committed.size()));
    info->set_annotators(static_cast<int64_t>(c.annotator_scores.size()));
    info->set_open_leases(c.closed_unix_ms != 0 ? 0 : c.engine->OpenLeases(now));
  }
  info->set_systems(static_cast<int32_t>(t.systems.size()));
  info->set_segments(static_cast<int64_t>(t.segment_ids.size()));
  info->set_items(c.engine->num_items());
  info->set_items_scored(c.engine->num_scored());
}

std::vector<std::shared_ptr<LiveScoringCampaign>> TournamentService::ScoringCampaigns() const {
  std::vector<std::shared_ptr<LiveScoringCampaign>> all;
  std::shared_lock lock(registry_mu_);
  for (const auto& [id, c] : scoring_) all.push_back(c);
  return all;
}

void TournamentService::ListScoring(v1::ListCampaignsResponse* response) const {
  std::vector<std::shared_ptr<LiveScoringCampaign>> all = ScoringCampaigns();
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a->id < b->id; });
  const int64_t now = NowUnixMs();
  for (const auto& c : all) FillScoringInfo(*c, now, response->add_campaigns());
}

void TournamentService::AddScoringGauges(int64_t now_unix_ms, ServiceGauges* gauges) const {
  const std::vector<std::shared_ptr<LiveScoringCampaign>> all = ScoringCampaigns();
  gauges->scoring_campaigns = static_cast<int64_t>(all.size());
  for (const auto& c : all) {
    std::shared_lock lock(c->mu);
    gauges->scoring_open_leases += c->engine->OpenLeases(now_unix_ms);
    gauges->scoring_items += c->engine->num_items();
    gauges->scoring_items_scored += c->engine->num_scored();
  }
}

bool TournamentService::GetScoringInfo(const CallContext* context, uint64_t id,
                                       v1::CampaignInfo* info, grpc::Status* status) {
  {
    std::shared_lock lock(registry_mu_);
    if (scoring_.count(id) == 0) return false;
  }
  std::shared_ptr<LiveScoringCampaign> c;
  *status = AuthorizeScoring(context, Access::kAdmin, id, &c);
  if (status->ok()) FillScoringInfo(*c, NowUnixMs(), info);
  return true;
}

bool TournamentService::IsScoringTokenLocked(const std::string& digest) const {
  return scoring_by_token_.count(digest) != 0;
}

grpc::Status TournamentService::AuthorizeScoring(const CallContext* context,
                                                 Access access, uint64_t campaign_id,
                                                 std::shared_ptr<LiveScoringCampaign>* campaign,
                                                 bool* is_admin, const std::string* acting_as,
                                                 bool* shared_token) {
  if (shared_token) *shared_token = false;
  if (context->authorization().size() != 1) {
    return AuthorizeAdmin(context);  // the same errors as every other call
  }
  auto token = ParseBearer(context->authorization().front());
  if (!token.ok()) return Error(StatusCode::UNAUTHENTICATED, token.status().message());
  const std::string digest = Sha256(*token);
  const bool admin = ConstantTimeEquals(digest, admin_sha256_);
  std::shared_lock lock(registry_mu_);
  auto it = scoring_.find(campaign_id);
  std::shared_ptr<LiveScoringCampaign> found = it == scoring_.end() ? nullptr : it->second;
  if (!admin) {
    const bool own =
        access == Access::kAnnotator && found && ConstantTimeEquals(digest, found->token_sha256);
    if (own && shared_token) *shared_token = true;
    if (!own) {
      if (auto link = CheckLinkLocked(digest, access, campaign_id, acting_as)) {
        if (!link->ok()) return *link;
      } else if (scoring_by_token_.count(digest) || by_token_.count(digest)) {
        return Error(StatusCode::PERMISSION_DENIED,
                     access == Access::kAdmin
                         ? "this call needs the admin token; an annotator token was given"
                         : "the annotator token is for another campaign");
      } else {
        return Error(StatusCode::UNAUTHENTICATED, "unknown bearer token");
      }
    }
  }
  if (!found) {
    if (campaigns_.count(campaign_id)) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "campaign " + std::to_string(campaign_id) +
                       " is a pairwise campaign: use NextMatch, SubmitJudgment and "
                       "GetLeaderboard");
    }
    return Error(StatusCode::NOT_FOUND, "no scoring campaign " + std::to_string(campaign_id));
  }
  *campaign = std::move(found);
  if (is_admin) *is_admin = admin;
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// CreateScoringCampaign.

grpc::Status IndexScoringContent(const v1::ScoringCampaignConfig& proto,
                                 const ScoredSegments& table, size_t max_total_bytes,
                                 ContentIndex* index) {
  if (proto.content().segments_size() == 0) {
    *index = ContentIndex();
    return grpc::Status::OK;
  }
  std::vector<std::string> systems;
  std::vector<std::pair<int, int>> items;
  for (size_t s = 0; s < table.systems.size(); ++s) {
    systems.push_back(table.systems[s].name);
    for (int g : table.systems[s].segment) items.emplace_back(static_cast<int>(s), g);
  }
  return ContentIndex::Build(proto.content(), systems, table.segment_ids, items, max_total_bytes,
                             index);
}

grpc::Status TournamentService::DoCreateScoringCampaign(
    const CallContext* context, const v1::CreateScoringCampaignRequest* request,
    v1::CreateCampaignResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  // The lease cap's default is the server's limit, written into the stored configuration
  // so that a restart with another limit keeps the campaign's.
  v1::ScoringCampaignConfig proto = request->config();
  const auto max_leases = static_cast<uint32_t>(limits_.max_leases_per_annotator);
  if (proto.max_leases_per_annotator() > max_leases) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "config.max_leases_per_annotator: at most " + std::to_string(max_leases) +
                     " on this server (0: " + std::to_string(max_leases) + "), got " +
                     std::to_string(proto.max_leases_per_annotator()));
  }
  if (proto.max_leases_per_annotator() == 0) proto.set_max_leases_per_annotator(max_leases);
  // As CreateCampaign: invited annotators only unless open enrolment is asked for.
  if (!v1::Enrolment_IsValid(proto.enrolment())) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "config.enrolment: " + std::to_string(proto.enrolment()) + " is no Enrolment");
  }
  if (proto.enrolment() == v1::ENROLMENT_UNSPECIFIED) proto.set_enrolment(v1::ENROLMENT_INVITED);
  grpc::Status limit =
      CheckLimit(proto.rows_size(), limits_.max_segments, "rows per scoring campaign");
  if (!limit.ok()) return limit;
  auto config = ScoringConfigFromProto(proto, limits_.max_bootstrap_replicates);
  if (!config.ok()) return ToGrpc(config.status());
  limit = CheckLimit(static_cast<int64_t>(config->table.systems.size()), limits_.max_systems,
                     "systems per campaign");
  if (!limit.ok()) return limit;
  // A contrastive campaign (screen_size >= 2) is served by its own engine; the scoring
  // engine keeps the table, its content and the campaign's identity.
  auto screens_holder = std::make_shared<std::unique_ptr<ContrastiveCampaign>>();
  if (proto.screen_size() < 2) {
    const char* screens_only = !proto.assignment().empty()    ? "assignment"
                               : proto.attention_rate() != 0  ? "attention_rate"
                               : proto.has_coldstart()        ? "coldstart"
                               : !proto.screen_unit().empty() ? "screen_unit"
                                                              : nullptr;
    if (screens_only != nullptr) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   std::string("config.") + screens_only +
                       ": applies to contrastive campaigns only (screen_size >= 2)");
    }
  }
  if (proto.screen_size() >= 2) {
    auto contrastive = ContrastiveConfigFromProto(proto, *config);
    if (!contrastive.ok()) return ToGrpc(contrastive.status());
    if (contrastive->attention_rate > 0 && proto.content().segments_size() == 0) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "config.attention_rate: attention checks need the campaign's texts "
                   "(config.content)");
    }
    auto made = ContrastiveCampaign::Create(std::move(*contrastive));
    if (!made.ok()) return ToGrpc(made.status());
    *screens_holder = std::move(*made);
  }
  auto engine = ScoringCampaign::Create(std::move(*config));
  if (!engine.ok()) return ToGrpc(engine.status());
  {
    ContentIndex checked;
    grpc::Status content = IndexScoringContent(proto, (*engine)->config().table,
                                               limits_.max_content_bytes, &checked);
    if (!content.ok()) return content;
  }
  {
    std::shared_lock lock(registry_mu_);
    grpc::Status room = CheckRoom("scoring campaign", proto.name(),
                                  scoring_by_name_.count(proto.name()) > 0, scoring_.size());
    if (!room.ok()) return room;
  }
  auto engine_holder = std::make_shared<std::unique_ptr<ScoringCampaign>>(std::move(*engine));
  grpc::Status stored = StoreNewCampaign(
      "scoring campaign", proto.name(), proto,
      [](WriteTransaction& txn, const StoredCampaign& row) {
        return txn.InsertScoringCampaign(row);
      },
      [this, proto, engine_holder, screens_holder](uint64_t id, const StoredCampaign& row) {
        auto live = std::make_shared<LiveScoringCampaign>(
            id, proto, row.token_sha256, row.created_unix_ms, std::move(*engine_holder));
        live->screens = std::move(*screens_holder);
        std::unique_lock lock(registry_mu_);
        scoring_by_name_[proto.name()] = live->id;
        scoring_by_token_[live->token_sha256] = live->id;
        scoring_[live->id] = std::move(live);
      },
      response);
  if (stored.ok() && proto.enrolment() == v1::ENROLMENT_INVITED) response->clear_annotator_token();
  return stored;
}

// ---------------------------------------------------------------------------------------
// NextItem.

grpc::Status TournamentService::DoNextItem(const CallContext* context,
                                           const v1::NextItemRequest* request,
                                           v1::NextItemResponse* response) {
  std::shared_ptr<LiveScoringCampaign> c;
  bool shared_token = false;
  grpc::Status auth = AuthorizeScoring(context, Access::kAnnotator, request->campaign_id(), &c,
                                       nullptr, &request->annotator(), &shared_token);
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  if (c->contrastive()) return ContrastiveOnly(*c);
  const int64_t now = NowUnixMs();
  // Open enrolment: the shared token's leases are capped per client address too.
  const std::string client = shared_token ? context->peer() : std::string();
  std::unique_lock lock(c->mu);
  if (c->closed_unix_ms != 0) {
    return Error(StatusCode::FAILED_PRECONDITION, "scoring campaign " + std::to_string(c->id) +
                                                      " is closed: no more items are served");
  }
  // As NextMatch: an annotator at the cap gets RESOURCE_EXHAUSTED until a lease ends.
  const int held = c->engine->LeasesOf(request->annotator(), now);
  if (held >= c->max_leases_per_annotator) {
    return Error(StatusCode::RESOURCE_EXHAUSTED,
                 "annotator '" + request->annotator() + "' already holds " + std::to_string(held) +
                     " open items (the campaign's max_leases_per_annotator); score them or "
                     "let them expire");
  }
  if (!client.empty()) {
    std::vector<std::pair<int64_t, int64_t>>& mine = c->client_leases[client];
    std::erase_if(mine, [&](const std::pair<int64_t, int64_t>& lease) {
      return lease.second <= now || c->by_item.count(lease.first) || c->pending.count(lease.first);
    });
    if (static_cast<int64_t>(mine.size()) >= limits_.max_open_leases_per_client) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "client " + client + " already holds " + std::to_string(mine.size()) +
                       " open items of this campaign under the shared link (the server's "
                       "--max-open-leases-per-client); score them or let them expire");
    }
  }
  // An item whose score is being committed (its lease may have lapsed meanwhile) is not
  // served: the score will be applied in a moment.
  auto proposed = c->engine->ProposeItem(request->annotator(), now, [&c](const ScoringItem& item) {
    return c->pending.count(c->ItemKey(item)) > 0;
  });
  if (!proposed.ok()) return ToGrpc(proposed.status());
  const ScoredSegments& t = c->engine->config().table;
  const ScoringItem& item = proposed->item;
  response->set_system(t.systems[item.system].name);
  response->set_segment(t.segment_ids[item.segment]);
  response->set_document(t.document_ids[t.segment_document[item.segment]]);
  response->set_item_id(static_cast<uint64_t>(c->ItemKey(item)) + 1);
  response->set_lease_expires_unix_ms(proposed->lease_expires_ms);
  response->set_position(proposed->position);
  if (!client.empty()) {
    c->client_leases[client].emplace_back(c->ItemKey(item), proposed->lease_expires_ms);
  }
  if (!c->content.empty()) {
    c->content.Fill(item.segment, {item.system}, response->mutable_texts());
  }
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// SubmitScore.

grpc::Status TournamentService::DoSubmitScore(const CallContext* context,
                                              const v1::SubmitScoreRequest* request,
                                              v1::SubmitScoreResponse* response) {
  std::shared_ptr<LiveScoringCampaign> c;
  bool admin = false;
  grpc::Status auth = AuthorizeScoring(context, Access::kAnnotator, request->campaign_id(), &c,
                                       &admin, &request->annotator());
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  if (c->contrastive()) return ContrastiveOnly(*c);
  if (request->idempotency_key().size() > 128) {
    return Error(StatusCode::INVALID_ARGUMENT, "idempotency_key must be at most 128 bytes");
  }
  if (!std::isfinite(request->score())) {
    return Error(StatusCode::INVALID_ARGUMENT, "score: not finite");
  }
  auto sys = c->system_index.find(request->system());
  if (sys == c->system_index.end()) {
    return Error(
        StatusCode::INVALID_ARGUMENT,
        "system '" + request->system() + "' is not in scoring campaign " + std::to_string(c->id));
  }
  auto seg = c->segment_index.find(request->segment());
  if (seg == c->segment_index.end()) {
    return Error(
        StatusCode::INVALID_ARGUMENT,
        "segment '" + request->segment() + "' is not in scoring campaign " + std::to_string(c->id));
  }
  // The protocol's checks of the score and its spans (stored configuration: valid).
  auto parsed_protocol = ParseScoringProtocol(c->proto.protocol());
  const ScoringProtocol protocol =
      parsed_protocol.ok() ? *parsed_protocol : ScoringProtocol::kPlain;
  std::vector<SubmittedSpan> spans;
  spans.reserve(static_cast<size_t>(request->error_spans_size()));
  for (const v1::ErrorSpan& s : request->error_spans()) {
    spans.push_back({s.start(), s.end(), s.severity(), s.category()});
  }
  const std::string* output = c->content.Output(seg->second, sys->second);
  auto stored = CheckProtocolScore(protocol, request->score(), spans,
                                   output != nullptr ? Utf16Length(*output) : -1);
  if (!stored.ok()) return ToGrpc(stored.status());
  std::string error_spans;
  if (request->error_spans_size() > 0) {
    v1::ErrorSpans list;
    *list.mutable_spans() = request->error_spans();
    list.SerializeToString(&error_spans);
  }
  const int32_t touched = request->has_touched() ? (request->touched() ? 1 : 0) : -1;
  const ItemScore score{{sys->second, seg->second}, *stored};
  const int64_t item_key = c->ItemKey(score.item);
  const std::string& key = request->idempotency_key();
  std::shared_future<Ack> ack;
  {
    std::unique_lock lock(c->mu);
    const std::string where =
        "system '" + request->system() + "' segment '" + request->segment() + "'";
    auto committed = c->by_item.find(item_key);
    if (committed != c->by_item.end()) {
      // Only the annotator who scored the item gets its acknowledgment (its own sequence).
      const int64_t index = committed->second;
      if (c->committed[index].annotator != request->annotator()) {
        return Error(StatusCode::FAILED_PRECONDITION,
                     where + " was scored by another annotator, not '" + request->annotator() +
                         "' (only the annotator NextItem served it to may score it)");
      }
      if (c->engine->scores()[index].score != score.score ||
          c->committed[index].error_spans != error_spans ||
          c->committed[index].touched != touched) {
        return Error(StatusCode::ALREADY_EXISTS,
                     where + " already holds another score, other error spans or another "
                             "'touched' flag");
      }
      response->set_sequence(index + 1);
      response->set_committed_unix_ms(c->committed[index].committed_unix_ms);
      return grpc::Status::OK;
    }
    auto pending = c->pending.find(item_key);
    if (pending != c->pending.end()) {
      if (pending->second.annotator != request->annotator()) {
        return Error(
            StatusCode::FAILED_PRECONDITION,
            where + " is being scored by another annotator, not '" + request->annotator() + "'");
      }
      if (pending->second.score != score.score || pending->second.error_spans != error_spans ||
          pending->second.touched != touched) {
        return Error(StatusCode::ALREADY_EXISTS, "system '" + request->system() + "' segment '" +
                                                     request->segment() +
                                                     "' is being committed with another score "
                                                     "or other error spans");
      }
      ack = pending->second.ack;
    } else {
      if (!key.empty() && (c->by_key.count(key) || c->pending_keys.count(key))) {
        return Error(StatusCode::ALREADY_EXISTS,
                     "idempotency key '" + key + "' was used for another score");
      }
      Status valid = c->engine->ValidateScore(score);
      // The annotator token scores only what it holds (an item scored in the table is held
      // by nobody: FAILED_PRECONDITION before ALREADY_EXISTS); the admin token imports a
      // score collected elsewhere (not for betting-cs, whose sequence takes served items).
      if (!admin && (valid.ok() || valid.code() == tourney::StatusCode::kAlreadyExists)) {
        if (Status held = c->engine->CheckHolder(score.item, request->annotator()); !held.ok()) {
          valid = held;
        }
      }
      if (valid.ok() && admin) valid = c->engine->CheckImport(score.item);
      if (!valid.ok()) return ToGrpc(valid);
      if (c->engine->ScoreOf(score.item) != nullptr) {
        // Admin: scored in the campaign's table with this very score, nothing to store.
        response->set_sequence(0);
        response->set_committed_unix_ms(0);
        return grpc::Status::OK;
      }
      auto promise = std::make_shared<std::promise<Ack>>();
      ack = promise->get_future().share();
      c->pending[item_key] = {score.score, key, request->annotator(), error_spans, ack, touched};
      if (!key.empty()) c->pending_keys[key] = item_key;
      StoredScore row;
      row.campaign_id = c->id;
      row.system = score.item.system;
      row.segment = score.item.segment;
      row.score = score.score;
      row.annotator = request->annotator();
      row.idempotency_key = key;
      row.error_spans = error_spans;
      row.touched = touched;
      auto committed_ms = std::make_shared<int64_t>(0);
      queue_->Enqueue(std::make_unique<CallbackOp>(
          [row, committed_ms](WriteTransaction& txn, BatchContext& batch) -> Status {
            StoredScore stamped = row;
            stamped.committed_unix_ms = batch.now_unix_ms;
            *committed_ms = batch.now_unix_ms;
            return txn.InsertScore(stamped);
          },
          [c, row, score, item_key, committed_ms, promise](const Status& s) {
            Ack result;
            {
              std::unique_lock lock(c->mu);
              c->pending.erase(item_key);
              if (!row.idempotency_key.empty()) c->pending_keys.erase(row.idempotency_key);
              if (s.ok()) {
                auto applied = c->engine->ApplyScore(score);
                if (applied.ok() && *applied) {
                  c->RecordCommitted(score.item, row.annotator, row.idempotency_key, *committed_ms,
                                     row.error_spans, row.touched);
                  result.sequence = static_cast<int64_t>(c->committed.size());
                  result.committed_unix_ms = *committed_ms;
                } else {
                  result.status = Internal(
                      "a committed score did not apply: " +
                      (applied.ok() ? std::string("a repeat") : applied.status().message()));
                }
              } else {
                result.status = s;
              }
            }
            promise->set_value(std::move(result));
          }));
    }
  }
  const Ack& result = ack.get();
  if (!result.status.ok()) {
    if (result.status.code() == tourney::StatusCode::kIoError) {
      return Error(StatusCode::UNAVAILABLE,
                   "the score could not be stored: " + result.status.message());
    }
    return ToGrpc(result.status);
  }
  response->set_sequence(result.sequence);
  response->set_committed_unix_ms(result.committed_unix_ms);
  return grpc::Status::OK;
}

}  // namespace tourney::service
