// Live quality control of annotators: which matches are checks, their outcomes, the
// per-annotator statistics (computed by the engine, annotator_quality.h) and the exclusion
// of annotators from the ratings. docs/service.md, "Quality control", has the semantics.
#include <algorithm>
#include <cmath>

#include "auth.h"
#include "live_campaign.h"
#include "live_scoring_campaign.h"
#include "tournament_service.h"
#include "tourney/core/random.h"

namespace tourney::service {
namespace {

// Salt of the check streams, so they differ from the match streams of the same seed.
constexpr uint64_t kCheckSalt = 0x51c0'c4ec'6b5a'1e7dull;

v1::QualityCheckKind ToProto(int32_t kind) {
  switch (static_cast<QualityCheck>(kind)) {
    case QualityCheck::kRepeat:
      return v1::QUALITY_CHECK_REPEAT;
    case QualityCheck::kControl:
      return v1::QUALITY_CHECK_CONTROL;
    default:
      return v1::QUALITY_CHECK_NONE;
  }
}

}  // namespace

grpc::Status ValidateQualityControl(const v1::CampaignConfig& config) {
  const v1::QualityControlConfig& qc = config.quality_control();
  if (!(qc.check_fraction() >= 0.0 && qc.check_fraction() <= 0.5)) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "quality_control.check_fraction must be in [0, 0.5]");
  }
  if (!qc.control_system().empty() && std::find(config.systems().begin(), config.systems().end(),
                                                qc.control_system()) == config.systems().end()) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "quality_control.control_system must be one of the campaign's systems");
  }
  if (qc.max_judgments_per_annotator() < 0) {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "quality_control.max_judgments_per_annotator must be >= 0 (0: no cap)");
  }
  return grpc::Status::OK;
}

CheckPlan PlanCheck(LiveCampaign& c, const std::string& annotator) {
  CheckPlan plan;
  const v1::QualityControlConfig& qc = c.config.quality_control();
  if (qc.check_fraction() <= 0.0) return plan;
  uint64_t& draws = c.check_draws[annotator];
  Rng rng(DeriveSeed(DeriveSeed(c.config.seed() ^ kCheckSalt, Fnv1a64(annotator)), draws++));
  if (rng.Uniform() >= qc.check_fraction()) return plan;
  auto it = c.repeatable.find(annotator);
  const bool can_repeat = it != c.repeatable.end() && !it->second.empty();
  const bool can_control = !qc.control_system().empty();
  if (!can_repeat && !can_control) return plan;
  // Both possible: each half of the time.
  const bool repeat = can_repeat && (!can_control || rng.UniformInt(2) == 0);
  if (repeat) {
    std::vector<RepeatableItem>& items = it->second;
    const size_t pick = rng.UniformInt(items.size());
    plan.kind = QualityCheck::kRepeat;
    plan.repeat = std::move(items[pick]);
    items[pick] = std::move(items.back());
    items.pop_back();
    // A new display order (k >= 2 distinct systems, so one exists): Fisher-Yates from this
    // draw's generator, again while it equals the first showing.
    std::vector<SystemId>& order = plan.repeat.systems;
    const std::vector<SystemId> first = order;
    while (order.size() >= 2 && order == first) {
      for (size_t i = order.size() - 1; i > 0; --i) {
        std::swap(order[i], order[rng.UniformInt(static_cast<uint64_t>(i) + 1)]);
      }
    }
  } else {
    plan.kind = QualityCheck::kControl;
    plan.control_slot = rng.UniformInt(static_cast<uint64_t>(c.state->k()));
  }
  return plan;
}

std::vector<uint8_t> RanksInShownOrder(std::span<const int32_t> original_systems,
                                       std::span<const uint8_t> original_ranks,
                                       std::span<const SystemId> shown) {
  std::vector<uint8_t> ranks;
  if (original_systems.size() != original_ranks.size()) return ranks;
  for (SystemId id : shown) {
    const auto at = std::find(original_systems.begin(), original_systems.end(), id);
    if (at == original_systems.end()) return {};
    ranks.push_back(original_ranks[static_cast<size_t>(at - original_systems.begin())]);
  }
  return ranks;
}

bool CheckPasses(const LiveCampaign& c, const Lease& lease, const std::vector<uint8_t>& ranks) {
  switch (lease.check) {
    case QualityCheck::kRepeat:
      return lease.original_ranks.size() == ranks.size() &&
             RepeatCheckPasses(lease.original_ranks, ranks);
    case QualityCheck::kControl: {
      const auto control = c.state->FindSystem(c.config.quality_control().control_system());
      const auto at = std::find(lease.systems.begin(), lease.systems.end(), control.value_or(-1));
      return at != lease.systems.end() &&
             ControlCheckPasses(ranks, static_cast<size_t>(at - lease.systems.begin()));
    }
    default:
      return true;
  }
}

void AddRepeatable(LiveCampaign& c, const std::string& annotator, uint64_t match_id,
                   int32_t segment_index, const std::vector<SystemId>& systems) {
  if (c.config.quality_control().check_fraction() <= 0.0) return;
  c.repeatable[annotator].push_back(RepeatableItem{match_id, segment_index, systems});
}

void RemoveRepeatable(LiveCampaign& c, const std::string& annotator, uint64_t match_id) {
  auto it = c.repeatable.find(annotator);
  if (it == c.repeatable.end()) return;
  std::erase_if(it->second, [&](const RepeatableItem& r) { return r.match_id == match_id; });
}

Status TournamentService::RebuildRatings(LiveCampaign& c) {
  auto config = FromProto(c.config);
  if (!config.ok()) return config.status();
  auto state = CampaignState::Create(std::move(*config));
  if (!state.ok()) return state.status();
  const int64_t upto = c.committed.load();
  CampaignRanking ranking;
  Status s = store_->ScanJudgments(c.id, [&](StoredJudgment& row) -> Status {
    if (row.campaign_seq > upto) return Status::Ok();  // applied later by its own commit
    ranking.systems.assign(row.systems.begin(), row.systems.end());
    ranking.ranks = row.ranks;
    ranking.groups = row.groups;
    ranking.segment = row.segment;
    ranking.document = row.document;
    ranking.annotator = row.annotator;
    if (row.match_id != 0 && !row.annotator.empty() &&
        row.check_kind != static_cast<int32_t>(QualityCheck::kRepeat)) {
      if (auto seg = (*state)->FindSegment(row.segment)) {
        (*state)->MarkSegmentShown(row.annotator, *seg);
      }
    }
    if (!c.excluded.count(row.annotator)) (*state)->ApplyRanking(ranking);
    return Status::Ok();
  });
  if (!s.ok()) return s;
  std::vector<const Lease*> open;
  for (const auto& [id, lease] : c.leases) {
    if (lease.check != QualityCheck::kRepeat) open.push_back(&lease);
  }
  std::sort(open.begin(), open.end(),
            [](const Lease* a, const Lease* b) { return a->match_id < b->match_id; });
  for (const Lease* lease : open)
    (*state)->MarkSegmentShown(lease->annotator, lease->segment_index);
  c.state = std::move(*state);
  return Status::Ok();
}

namespace {

// Every annotator's quality record, from the campaign's stored judgments.
StatusOr<std::vector<AnnotatorQuality>> StoredAnnotatorQuality(Store& store,
                                                               const LiveCampaign& campaign) {
  Judgments judgments;
  for (const std::string& name : campaign.config.systems()) judgments.systems().Intern(name);
  std::vector<JudgmentQuality> quality;
  std::vector<SystemId> systems;
  Status s = store.ScanJudgments(campaign.id, [&](StoredJudgment& row) -> Status {
    systems.assign(row.systems.begin(), row.systems.end());
    const int32_t judge = row.annotator.empty() ? -1 : judgments.InternJudge(row.annotator);
    judgments.AddRanking(systems, row.ranks, row.groups, row.segment, judge);
    quality.push_back(JudgmentQuality{static_cast<QualityCheck>(row.check_kind), row.check_passed,
                                      row.leased_unix_ms, row.committed_unix_ms});
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return ComputeAnnotatorQuality(judgments, quality);
}

// AnnotatorProgress.completion_code: the decision's initial, a dash, and the first four
// bytes of SHA-256 over the campaign's token digest, id, annotator, decision and count.
std::string CompletionCode(const std::string& token_sha256, uint64_t campaign,
                           const std::string& annotator, const std::string& decision,
                           int64_t judgments) {
  const std::string digest =
      Sha256(token_sha256 + "\n" + std::to_string(campaign) + "\n" + annotator + "\n" + decision +
             "\n" + std::to_string(judgments));
  static constexpr char kHex[] = "0123456789abcdef";
  std::string code(1, static_cast<char>(decision[0] - 'a' + 'A'));
  code += '-';
  for (size_t i = 0; i < 4; ++i) {
    const auto b = static_cast<unsigned char>(digest[i]);
    code += kHex[b >> 4];
    code += kHex[b & 15];
  }
  return code;
}

}  // namespace

grpc::Status TournamentService::DoGetAnnotatorStats(const CallContext* context,
                                                    const v1::GetAnnotatorStatsRequest* request,
                                                    v1::AnnotatorStatsResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  auto stats = StoredAnnotatorQuality(*store_, *campaign);
  if (!stats.ok()) return ToGrpc(stats.status());
  std::shared_lock lock(campaign->mu);
  for (const AnnotatorQuality& a : *stats) {
    v1::AnnotatorStats* out = response->add_annotators();
    out->set_annotator(a.annotator);
    out->set_judgments(a.judgments);
    out->set_checks_passed(a.checks_passed);
    out->set_checks_failed(a.checks_failed);
    if (a.pass_rate) out->set_pass_rate(*a.pass_rate);
    if (a.intra_kappa) out->set_intra_kappa(*a.intra_kappa);
    out->set_intra_pairs(a.intra.comparable);
    if (a.inter_kappa) out->set_inter_kappa(*a.inter_kappa);
    out->set_inter_pairs(a.inter.comparable);
    if (a.mean_seconds_per_judgment) {
      out->set_mean_seconds_per_judgment(*a.mean_seconds_per_judgment);
    }
    out->set_timed_judgments(a.timed_judgments);
    out->set_excluded(campaign->excluded.count(a.annotator) > 0);
    out->set_control_checks(a.control_checks);
    out->set_control_passed(a.control_passed);
    out->set_decision(AnnotatorDecisionName(a.decision));
    out->set_decided_after(a.decided_after);
    out->set_completion_code(CompletionCode(campaign->token_sha256, campaign->id, a.annotator,
                                            out->decision(), a.judgments));
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoGetAnnotatorProgress(
    const CallContext* context, const v1::GetAnnotatorProgressRequest* request,
    v1::AnnotatorProgress* response) {
  if (request->campaign_id() >= kScoringCampaignIdBase) {
    std::shared_ptr<LiveScoringCampaign> c;
    grpc::Status auth = AuthorizeScoring(context, Access::kAnnotator, request->campaign_id(), &c,
                                         nullptr, &request->annotator());
    if (!auth.ok()) return auth;
    grpc::Status name_ok = CheckAnnotatorName(request->annotator());
    if (!name_ok.ok()) return name_ok;
    std::shared_lock lock(c->mu);
    int64_t scores = 0;
    AnnotatorDecision decision = AnnotatorDecision::kUndecided;
    if (c->contrastive()) {
      // Screens stored; the decision from the attention checks, in commit order.
      const int k = c->screens->config().options.k;
      double llr = 0.0;
      for (const v1::ExportedScreen& r : c->screen_records) {
        if (r.annotator() != request->annotator()) continue;
        ++scores;
        if (!r.degraded_system().empty() && decision == AnnotatorDecision::kUndecided) {
          decision = AddCheckToDecision(r.attention_passed(), k, &llr);
        }
      }
      response->set_outputs_per_screen(k);
    } else {
      auto it = c->annotator_scores.find(request->annotator());
      scores = it == c->annotator_scores.end() ? 0 : it->second;
      response->set_outputs_per_screen(1);
    }
    response->set_judgments(scores);
    response->set_guidelines(c->proto.content().guidelines());
    response->set_campaign_name(c->proto.name());
    response->set_protocol(ScoringProtocolLabel(c->proto.protocol()));
    response->set_done(c->closed_unix_ms != 0);
    response->set_decision(AnnotatorDecisionName(decision));
    if (scores > 0) {
      response->set_completion_code(CompletionCode(c->token_sha256, c->id, request->annotator(),
                                                   response->decision(), scores));
    }
    return grpc::Status::OK;
  }
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAnnotator, request->campaign_id(), &campaign,
                                &request->annotator());
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  auto stats = StoredAnnotatorQuality(*store_, *campaign);
  if (!stats.ok()) return ToGrpc(stats.status());
  const int64_t cap = campaign->config.quality_control().max_judgments_per_annotator();
  response->set_max_judgments(cap);
  response->set_guidelines(campaign->config.content().guidelines());
  response->set_campaign_name(campaign->config.name());
  response->set_protocol("ranking");
  response->set_outputs_per_screen(campaign->config.k());
  response->set_decision(AnnotatorDecisionName(AnnotatorDecision::kUndecided));
  for (const AnnotatorQuality& a : *stats) {
    if (a.annotator != request->annotator()) continue;
    response->set_judgments(a.judgments);
    response->set_decision(AnnotatorDecisionName(a.decision));
    response->set_completion_code(CompletionCode(campaign->token_sha256, campaign->id,
                                                 a.annotator, response->decision(), a.judgments));
  }
  std::shared_lock lock(campaign->mu);
  response->set_done(campaign->closed_unix_ms != 0 || (cap > 0 && response->judgments() >= cap));
  if (cap > 0) response->set_screens_left(std::max<int64_t>(0, cap - response->judgments()));
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoExcludeAnnotator(const CallContext* context,
                                                   const v1::ExcludeAnnotatorRequest* request,
                                                   v1::ExcludeAnnotatorResponse* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  const std::string& annotator = request->annotator();
  if (annotator.empty() || annotator.size() > kMaxAnnotatorBytes) {
    return Error(StatusCode::INVALID_ARGUMENT, "annotator must be 1..128 bytes");
  }
  const bool include = request->include();
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  {
    // Allowed on closed campaigns too: it changes which judgments are rated, not the data.
    std::unique_lock lock(campaign->mu);
    if (!include && campaign->excluded.count(annotator) == 0 &&
        campaign->annotator_judgments.count(annotator) == 0) {
      // As offline (--exclude-annotators): excluding a name that judged nothing is most
      // likely a typo, and would change nothing.
      return Error(StatusCode::NOT_FOUND, "annotator '" + annotator +
                                              "' has no judgments in campaign " +
                                              std::to_string(campaign->id));
    }
    if ((campaign->excluded.count(annotator) != 0) == !include) {
      done->set_value(Status::Ok());  // already as asked: nothing to store
    } else {
      StoredEvent event;
      event.campaign_id = campaign->id;
      event.kind = include ? "include" : "exclude";
      event.annotator = annotator;
      event.created_unix_ms = NowUnixMs();
      // Applied on the writer thread after the commit: every judgment committed before the
      // event has been applied then, and later ones see the new set.
      queue_->Enqueue(std::make_unique<CallbackOp>(
          [event](WriteTransaction& txn, BatchContext&) { return txn.InsertEvent(event); },
          [this, campaign, annotator, include, done](const Status& s) {
            if (!s.ok()) {
              done->set_value(s);
              return;
            }
            Status rebuilt;
            {
              std::unique_lock lock(campaign->mu);
              if (include) {
                campaign->excluded.erase(annotator);
              } else {
                campaign->excluded.insert(annotator);
              }
              rebuilt = RebuildRatings(*campaign);
            }
            campaign->NotifyChanged();
            done->set_value(rebuilt);
          }));
    }
  }
  Status s = result.get();
  if (!s.ok()) {
    return Error(StatusCode::UNAVAILABLE, "the exclusion could not be applied: " + s.message());
  }
  std::shared_lock lock(campaign->mu);
  for (const std::string& name : campaign->excluded) response->add_excluded_annotators(name);
  response->set_rated_judgments(campaign->state->num_judgments());
  return grpc::Status::OK;
}

v1::QualityCheckKind CheckKindToProto(int32_t kind) { return ToProto(kind); }

}  // namespace tourney::service
