// Judging RPCs: NextMatch (leases) and SubmitJudgment.
#include <algorithm>
#include <vector>

#include "auth.h"
#include "live_campaign.h"
#include "match_items.h"
#include "tournament_service.h"

namespace tourney::service {

// A selector's match whose outputs are all one text compares nothing: it is drawn again, up
// to this many times (then served as one item).
constexpr int kOneItemRedraws = 8;

// ---------------------------------------------------------------------------------------
// NextMatch.

void TournamentService::EnqueueLeasePurge(int64_t before_unix_ms) {
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [before_unix_ms](WriteTransaction& txn, BatchContext&) {
        return txn.DeleteLeasesExpiredBefore(before_unix_ms);
      },
      [](const Status&) {}));
}

grpc::Status TournamentService::DoNextMatch(const CallContext* context,
                                            const v1::NextMatchRequest* request,
                                            v1::NextMatchResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  bool shared_token = false;
  grpc::Status auth = Authorize(context, Access::kAnnotator, request->campaign_id(), &campaign,
                                &request->annotator(), &shared_token);
  if (!auth.ok()) return auth;
  const std::string& annotator = request->annotator();
  // Open enrolment: the shared token's leases are capped per client address too.
  const std::string client = shared_token ? context->peer() : std::string();
  grpc::Status name_ok = CheckAnnotatorName(annotator);
  if (!name_ok.ok()) return name_ok;
  const uint32_t counter = ++match_counter_;
  if (counter == 0) {
    return Error(StatusCode::RESOURCE_EXHAUSTED, "match ids of this server run are exhausted");
  }
  const uint64_t match_id = (store_->boot_epoch() << 32) | counter;
  const int64_t now = NowUnixMs();

  StoredLease row;
  {
    std::unique_lock lock(campaign->mu);
    if (campaign->closed_unix_ms != 0) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "campaign " + std::to_string(campaign->id) + " is closed");
    }
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
    if (!client.empty()) {
      int64_t by_client = 0;
      for (const auto& [id, other] : campaign->leases) {
        by_client += other.client == client && other.expires_unix_ms > now && !other.submission;
      }
      if (by_client >= limits_.max_open_leases_per_client) {
        return Error(StatusCode::RESOURCE_EXHAUSTED,
                     "client " + client + " already holds " + std::to_string(by_client) +
                         " open matches of this campaign under the shared link (the server's "
                         "--max-open-leases-per-client); judge them or let them expire");
      }
    }
    if (campaign->state->SegmentsShown(annotator) == 0 &&
        static_cast<int64_t>(campaign->annotator_leases.size()) >
            limits_.max_annotators_per_campaign) {
      campaign->annotator_leases.erase(annotator);
      return Error(StatusCode::RESOURCE_EXHAUSTED, "the campaign has its maximum of annotators");
    }
    const int64_t cap = campaign->config.quality_control().max_judgments_per_annotator();
    if (cap > 0) {
      auto given = campaign->annotator_judgments.find(annotator);
      const int64_t used = (given == campaign->annotator_judgments.end() ? 0 : given->second) +
                           static_cast<int64_t>(held.size());
      if (used >= cap) {
        return Error(StatusCode::RESOURCE_EXHAUSTED, "annotator '" + annotator +
                                                         "' has reached the campaign's cap of " +
                                                         std::to_string(cap) + " judgments");
      }
    }
    Lease lease;
    lease.match_id = match_id;
    lease.annotator = annotator;
    lease.client = client;
    CheckPlan plan = PlanCheck(*campaign, annotator);
    if (plan.kind == QualityCheck::kRepeat) {
      // The original answer is stored; a lookup failure serves an ordinary match instead.
      auto original = store_->FindJudgmentByMatch(plan.repeat.match_id);
      if (original.ok() && original->has_value()) {
        lease.check = QualityCheck::kRepeat;
        lease.check_ref = plan.repeat.match_id;
        lease.systems = plan.repeat.systems;  // in the repeat's new display order
        lease.original_ranks =
            RanksInShownOrder((*original)->systems, (*original)->ranks, lease.systems);
        lease.segment_index = plan.repeat.segment_index;
      }
    }
    if (lease.check != QualityCheck::kRepeat) {
      // Batch awareness: the system sets of the matches still out with annotators.
      std::vector<std::vector<SystemId>> open;
      for (const auto& [id, other] : campaign->leases) {
        if (other.expires_unix_ms > now && !other.submission) open.push_back(other.systems);
      }
      auto match = campaign->state->ProposeMatch(annotator, open);
      if (!match.ok()) return ToGrpc(match.status());
      for (int redraw = 0;
           redraw < kOneItemRedraws && !campaign->content.empty() &&
           GroupIdenticalOutputs(campaign->content, match->segment_index, match->systems).size() < 2;
           ++redraw) {
        auto again = campaign->state->ProposeMatch(annotator, open);
        if (!again.ok()) break;
        match = std::move(again);
      }
      lease.systems = match->systems;
      lease.segment_index = match->segment_index;
      lease.uniform_draw = match->uniform_draw;
      lease.selection_probability = match->selection_probability;
      if (plan.kind == QualityCheck::kControl) {
        // The control system replaces one of the drawn systems: no longer the draw.
        lease.uniform_draw = false;
        lease.selection_probability = 0.0;
        const SystemId control =
            *campaign->state->FindSystem(campaign->config.quality_control().control_system());
        if (std::find(lease.systems.begin(), lease.systems.end(), control) == lease.systems.end()) {
          lease.systems[plan.control_slot % lease.systems.size()] = control;
        }
        lease.check = QualityCheck::kControl;
      }
    }
    lease.expires_unix_ms = now + campaign->lease_ms;
    lease.leased_unix_ms = now;
    held.push_back(match_id);

    const CampaignState& state = *campaign->state;
    response->set_match_id(match_id);
    // One item per distinct output text (match_items.h).
    const MatchItems items =
        GroupIdenticalOutputs(campaign->content, lease.segment_index, lease.systems);
    std::vector<std::string> names;
    for (SystemId id : lease.systems) names.push_back(state.SystemName(id));
    for (size_t j = 0; j < items.size(); ++j) response->add_systems(ItemName(items, j, names));
    const CampaignSegment& segment = state.config().segments[lease.segment_index];
    response->mutable_segment()->set_id(segment.id);
    response->mutable_segment()->set_document(segment.document);
    response->set_lease_expires_unix_ms(lease.expires_unix_ms);
    response->set_uniform_draw(lease.uniform_draw);
    response->set_selection_probability(lease.selection_probability);
    if (!campaign->content.empty()) {
      std::vector<int> shown;
      for (int i : items.first) shown.push_back(lease.systems[static_cast<size_t>(i)]);
      campaign->content.Fill(lease.segment_index, shown, response->mutable_texts());
    }

    row.match_id = match_id;
    row.campaign_id = campaign->id;
    row.annotator = annotator;
    row.segment_index = lease.segment_index;
    row.systems.assign(lease.systems.begin(), lease.systems.end());
    row.expires_unix_ms = lease.expires_unix_ms;
    row.check_kind = static_cast<int32_t>(lease.check);
    row.check_ref = lease.check_ref;
    row.uniform_draw = lease.uniform_draw;
    row.selection_probability = lease.selection_probability;
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

namespace {

// ALREADY_EXISTS for a submission to an answered match that is not an identical retry of
// the first one (`first_ranks` under `first_key`): says whether the ranks or only the
// idempotency key differ, without repeating the key.
grpc::Status NotARetry(uint64_t match, const std::vector<uint8_t>& first_ranks,
                       const std::string& first_key, const std::vector<uint8_t>& ranks,
                       const std::string& key) {
  const std::string m = "match " + std::to_string(match);
  if (first_ranks != ranks)
    return Error(StatusCode::ALREADY_EXISTS, m + " already has a different answer");
  const std::string same = m + " is already answered with these ranks ";
  if (key.empty()) {
    return Error(StatusCode::ALREADY_EXISTS,
                 same +
                     "under an idempotency key, and this submission has none; a retry "
                     "must repeat the key");
  }
  if (first_key.empty()) {
    return Error(StatusCode::ALREADY_EXISTS,
                 same + "without an idempotency key; a retry must not add one");
  }
  return Error(StatusCode::ALREADY_EXISTS,
               same + "under another idempotency key; a retry must repeat the first key");
}

// Ranks of a campaign with texts before the lease is known: 1..k of them, each in 1..k.
grpc::Status CheckItemRanks(const v1::SubmitJudgmentRequest& request, int k) {
  if (request.ranks().empty() || request.ranks_size() > k) {
    return Error(StatusCode::INVALID_ARGUMENT, "expected one rank per item shown (at most " +
                                                   std::to_string(k) + "), got " +
                                                   std::to_string(request.ranks_size()));
  }
  for (int i = 0; i < request.ranks_size(); ++i) {
    if (request.ranks(i) < 1 || request.ranks(i) > static_cast<uint32_t>(k)) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "rank " + std::to_string(i + 1) + " is " + std::to_string(request.ranks(i)) +
                       ", outside 1.." + std::to_string(k));
    }
  }
  return grpc::Status::OK;
}

// The lease's items against the ranks submitted for them: INVALID_ARGUMENT unless there is
// one rank per item, each in 1..items.
grpc::Status CheckRanksOfItems(const MatchItems& items, const std::vector<uint8_t>& ranks) {
  if (ranks.size() != items.size()) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "expected " + std::to_string(items.size()) + " ranks, one per item shown, got " +
                     std::to_string(ranks.size()));
  }
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i] < 1 || ranks[i] > items.size()) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "rank " + std::to_string(i + 1) + " is " + std::to_string(ranks[i]) +
                       ", outside 1.." + std::to_string(items.size()));
    }
  }
  return grpc::Status::OK;
}

}  // namespace

grpc::Status TournamentService::DoSubmitJudgment(const CallContext* context,
                                                 const v1::SubmitJudgmentRequest* request,
                                                 v1::SubmitJudgmentResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAnnotator, request->campaign_id(), &campaign,
                                &request->annotator());
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  if (request->idempotency_key().size() > 128) {
    return Error(StatusCode::INVALID_ARGUMENT, "idempotency_key must be at most 128 bytes");
  }
  if (campaign->content.empty()) {
    // Ranks are checked against k before anything else (k is fixed for the campaign).
    Status v = campaign->state->ValidateMatchRanks(
        std::span<const uint32_t>(request->ranks().data(), request->ranks().size()));
    if (!v.ok()) return ToGrpc(v);
  } else if (grpc::Status v = CheckItemRanks(*request, campaign->state->k()); !v.ok()) {
    // With texts, a match may show fewer items than k (match_items.h): the count is checked
    // against the lease's items below.
    return v;
  }
  // The ranks as submitted: one per item shown (one per system when no outputs are equal).
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
                     "match " + std::to_string(lease.match_id) + " is leased to another annotator");
      }
      if (lease.submission) {
        if (lease.submission->ranks != ranks ||
            lease.submission->idempotency_key != request->idempotency_key()) {
          return NotARetry(lease.match_id, lease.submission->ranks,
                           lease.submission->idempotency_key, ranks, request->idempotency_key());
        }
        ack = lease.submission->ack;  // an identical retry joins the first submission
      } else if (campaign->closed_unix_ms != 0) {
        return Error(StatusCode::FAILED_PRECONDITION, "campaign " + std::to_string(campaign->id) +
                                                          " is closed; it takes no more judgments");
      } else if (now > lease.expires_unix_ms) {
        return Error(StatusCode::FAILED_PRECONDITION, "the lease of match " +
                                                          std::to_string(lease.match_id) +
                                                          " expired; ask for a new match");
      } else {
        // Each system gets the rank of its item, identical outputs in one group, as the WMT
        // CSV reader reads '+'-joined ids (match_items.h).
        const MatchItems items =
            GroupIdenticalOutputs(campaign->content, lease.segment_index, lease.systems);
        if (grpc::Status v = CheckRanksOfItems(items, ranks); !v.ok()) return v;
        const std::vector<uint8_t> system_ranks = ExpandItemRanks(items, ranks);
        std::vector<uint8_t> groups;
        if (items.collapsed()) groups = items.groups;
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
        const CampaignSegment& segment = campaign->state->config().segments[lease.segment_index];
        row.segment = segment.id;
        row.document = segment.document;
        row.systems.assign(lease.systems.begin(), lease.systems.end());
        row.ranks = system_ranks;
        row.groups = groups;
        row.leased_unix_ms = lease.leased_unix_ms;
        row.check_kind = static_cast<int32_t>(lease.check);
        row.check_ref = lease.check_ref;
        row.check_passed = CheckPasses(*campaign, lease, system_ranks);
        row.uniform_draw = lease.uniform_draw;
        row.selection_probability = lease.selection_probability;
        CampaignRanking ranking;
        ranking.systems = lease.systems;
        ranking.ranks = system_ranks;
        ranking.groups = groups;
        ranking.segment = segment.id;
        ranking.document = segment.document;
        ranking.annotator = lease.annotator;
        ranking.uniform_draw = lease.uniform_draw;
        auto shared_row = std::make_shared<StoredJudgment>(std::move(row));
        queue_->Enqueue(std::make_unique<CallbackOp>(
            [campaign, shared_row](WriteTransaction& txn, BatchContext& batch) -> Status {
              shared_row->campaign_seq = campaign->NextSeq(batch);
              shared_row->committed_unix_ms = batch.now_unix_ms;
              Status s = txn.InsertJudgment(*shared_row);
              if (!s.ok()) return s;
              return txn.DeleteLease(shared_row->match_id);
            },
            [campaign, shared_row, submission, ranking = std::move(ranking),
             segment_index = lease.segment_index](const Status& s) {
              Ack result;
              result.status = s;
              {
                std::unique_lock lock(campaign->mu);
                auto lease = campaign->leases.find(shared_row->match_id);
                if (s.ok()) {
                  campaign->ApplyLocked(ranking, false);
                  if (shared_row->check_kind == 0) {
                    AddRepeatable(*campaign, ranking.annotator, shared_row->match_id, segment_index,
                                  ranking.systems);
                  }
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
      std::shared_lock lock(campaign->mu);
      if (campaign->closed_unix_ms != 0) {
        return Error(StatusCode::FAILED_PRECONDITION, "campaign " + std::to_string(campaign->id) +
                                                          " is closed; it takes no more judgments");
      }
      return Error(StatusCode::NOT_FOUND, "no match " + std::to_string(request->match_id()) +
                                              " in campaign " + std::to_string(campaign->id));
    }
    const StoredJudgment& j = **stored;
    if (j.annotator != request->annotator()) {
      return Error(StatusCode::FAILED_PRECONDITION,
                   "match " + std::to_string(j.match_id) + " was leased to another annotator");
    }
    // Compared as submitted: one rank per item.
    const std::vector<uint8_t> first = ItemRanksOf(j.ranks, j.groups);
    if (first != ranks || j.idempotency_key != request->idempotency_key()) {
      return NotARetry(j.match_id, first, j.idempotency_key, ranks, request->idempotency_key());
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

}  // namespace tourney::service
