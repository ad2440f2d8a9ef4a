// Scoring campaign RPCs that read: GetEstimate (the estimates and the board; a contrastive
// campaign's is in screen_rpcs.cc) and ExportScores. The state they read is
// LiveScoringCampaign's (live_scoring_campaign.h); the intervals are computed without its lock.
#include <algorithm>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "live_campaign.h"
#include "live_scoring_campaign.h"
#include "tournament_service.h"
#include "tourney/campaigns/annotator_standardization.h"

namespace tourney::service {
namespace {

// A campaign with a ±t target and an interval that holds at data-dependent times (cv-cs,
// betting-cs) stops serving the systems whose estimate has reached the target, and serves
// them again should it leave it (docs/replay.md: the goal's allocation). Bootstrap-t and the
// fixed-size bounds keep serving every system: their intervals hold at a size fixed in
// advance only.
void AllocateToUnreached(LiveScoringCampaign& c, const std::vector<ScoringSystemEstimate>& estimates) {
  const ScoringCampaignConfig& config = c.engine->config();
  if (!(config.tolerance > 0.0) ||
      (config.bound != BoundKind::kCvCs && config.bound != BoundKind::kBettingCs)) {
    return;
  }
  std::unique_lock lock(c.mu);
  for (size_t s = 0; s < estimates.size(); ++s) {
    c.engine->SetServing(static_cast<int>(s), !(estimates[s].estimated && estimates[s].within_tolerance));
  }
}

}  // namespace

void TournamentService::SetEstimateHookForTesting(std::function<void()> hook) {
  std::lock_guard<std::mutex> lock(estimate_hook_mu_);
  estimate_hook_ =
      hook ? std::make_shared<const std::function<void()>>(std::move(hook)) : nullptr;
}

grpc::Status TournamentService::DoGetEstimate(const CallContext* context,
                                              const v1::GetEstimateRequest* request,
                                              v1::GetEstimateResponse* response) {
  std::shared_ptr<LiveScoringCampaign> c;
  grpc::Status auth = AuthorizeScoring(context, Access::kAdmin, request->campaign_id(), &c);
  if (!auth.ok()) return auth;
  if (c->contrastive()) return ScreenEstimate(*context, *c, response);
  // The intervals (bootstrap-t) take long: an estimate waits for one of the slots that
  // bootstrapped leaderboards use too (--max-concurrent-fits), copies what it needs under the
  // lock, then computes without it, so that SubmitScore never waits for it.
  grpc::Status admitted = WaitForFitSlot(*context);
  if (!admitted.ok()) return admitted;
  FitSlotRelease slot{this};
  ScoringSnapshot snapshot;
  int64_t scores = 0, items = 0, items_scored = 0;
  bool closed = false;
  const bool standardized = c->proto.normalization() == "annotator-z";
  std::vector<std::string> standardization_warnings;
  {
    std::shared_lock lock(c->mu);
    snapshot = c->engine->Snapshot();
    if (standardized) {
      std::vector<std::string> annotators;
      annotators.reserve(c->committed.size());
      for (const auto& m : c->committed) annotators.push_back(m.annotator);
      Status z = StandardizeSnapshot(*c->engine, c->engine->scores(), annotators, &snapshot,
                                     &standardization_warnings);
      if (!z.ok()) return ToGrpc(z);
    }
    scores = static_cast<int64_t>(c->committed.size());
    items = c->engine->num_items();
    items_scored = c->engine->num_scored();
    closed = c->closed_unix_ms != 0;
  }
  std::shared_ptr<const std::function<void()>> hook;
  {
    std::lock_guard<std::mutex> lock(estimate_hook_mu_);
    hook = estimate_hook_;
  }
  if (hook) (*hook)();
  // Without the lock; abandoned between systems once the caller has gone.
  auto estimates =
      c->engine->EstimateFrom(snapshot, [this, context] { return Abandoned(*context); });
  if (!estimates.ok()) {
    if (estimates.status().code() == tourney::StatusCode::kCancelled) {
      return AbandonedStatus(*context, "the estimate was computed");
    }
    return ToGrpc(estimates.status());
  }
  if (Abandoned(*context)) return AbandonedStatus(*context, "the estimate was computed");
  auto board = c->engine->BoardFrom(snapshot, *estimates);
  if (!board.ok()) return ToGrpc(board.status());
  AllocateToUnreached(*c, *estimates);
  for (const ScoringSystemEstimate& e : *estimates) {
    v1::SystemScoreEstimate* out = response->add_systems();
    out->set_system(e.name);
    out->set_scored(e.scored);
    out->set_segments(e.segments);
    out->set_estimated(e.estimated);
    out->set_value(e.value);
    out->set_lo(e.lo);
    out->set_hi(e.hi);
    out->set_half_width(e.half_width);
    out->set_target_reached(e.within_tolerance);
    out->set_segments_needed(e.segments_needed);
    out->set_more_needed(e.more_needed);
    out->set_note(e.note);
  }
  for (size_t i = 0; i < board->order.size(); ++i) {
    v1::SystemScoreEstimate* out = response->mutable_systems(board->order[i]);
    out->set_rank(static_cast<int32_t>(i) + 1);
    out->set_cluster(board->cluster[i]);
  }
  for (const ScoringPair& d : board->pairs) {
    v1::ScorePairDifference* out = response->add_pairs();
    out->set_better(d.better);
    out->set_worse(d.worse);
    out->set_difference(d.difference);
    out->set_lo(d.lo);
    out->set_hi(d.hi);
    out->set_paired(d.paired);
    out->set_estimated(d.estimated);
    out->set_separated(d.separated);
  }
  for (const std::string& w : standardization_warnings) response->add_warnings(w);
  for (const std::string& w : board->warnings) response->add_warnings(w);
  if (standardized) response->set_normalization("annotator-z");
  response->set_ranked(board->ranked);
  response->set_board_note(board->note);
  response->set_lower_is_better(c->engine->config().lower_is_better);
  response->set_closed(closed);
  response->set_scores(scores);
  response->set_items(items);
  response->set_items_scored(items_scored);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoExportScores(const CallContext* context,
                                               const v1::ExportScoresRequest* request,
                                               const ExportWriter<v1::ExportedScore>& write) {
  std::shared_ptr<LiveScoringCampaign> c;
  grpc::Status auth = AuthorizeScoring(context, Access::kAdmin, request->campaign_id(), &c);
  if (!auth.ok()) return auth;
  if (request->after_sequence() < 0 || request->limit() < 0) {
    return Error(StatusCode::INVALID_ARGUMENT, "after_sequence and limit must be >= 0");
  }
  std::vector<v1::ExportedScore> rows;
  {
    std::shared_lock lock(c->mu);
    const ScoredSegments& t = c->engine->config().table;
    const std::vector<ItemScore>& scores = c->engine->scores();
    // Sequence i + 1 is scores[i]: the cursor's range of indices.
    const size_t first =
        std::min(scores.size(), static_cast<size_t>(request->after_sequence()));
    const size_t last = request->limit() > 0
                            ? std::min(scores.size(), first + static_cast<size_t>(request->limit()))
                            : scores.size();
    rows.reserve(last - first);
    for (size_t i = first; i < last; ++i) {
      v1::ExportedScore& row = rows.emplace_back();
      row.set_sequence(static_cast<int64_t>(i) + 1);
      row.set_system(t.systems[scores[i].item.system].name);
      row.set_segment(t.segment_ids[scores[i].item.segment]);
      row.set_document(t.document_ids[t.segment_document[scores[i].item.segment]]);
      row.set_score(scores[i].score);
      row.set_annotator(c->committed[i].annotator);
      row.set_idempotency_key(c->committed[i].key);
      row.set_committed_unix_ms(c->committed[i].committed_unix_ms);
      if (c->committed[i].touched >= 0) row.set_touched(c->committed[i].touched == 1);
      if (!c->committed[i].error_spans.empty()) {
        v1::ErrorSpans list;
        if (list.ParseFromString(c->committed[i].error_spans)) {
          *row.mutable_error_spans() = list.spans();
        }
      }
    }
  }
  for (const v1::ExportedScore& row : rows) {
    if (context->IsCancelled() || !write(row)) {
      return Error(StatusCode::CANCELLED, "the export was cancelled");
    }
  }
  return grpc::Status::OK;
}

}  // namespace tourney::service
