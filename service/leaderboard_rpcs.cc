// Reads of the ratings: GetLeaderboard, GetPairCounts, WatchLeaderboard.
#include <algorithm>
#include <cmath>
#include <vector>

#include "auth.h"
#include "live_campaign.h"
#include "proto/leaderboard_proto.h"
#include "tournament_service.h"
#include "tourney/core/defaults.h"
#include "render/rank_plot.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney::service {

// ---------------------------------------------------------------------------------------
// Leaderboards.

bool TournamentService::Abandoned(const CallContext& context) const {
  return shutting_down_ || context.IsCancelled() ||
         context.deadline() <= std::chrono::system_clock::now();
}

grpc::Status TournamentService::AbandonedStatus(const CallContext& context,
                                                const std::string& what) const {
  if (shutting_down_) return Error(StatusCode::UNAVAILABLE, "the server is shutting down");
  return context.deadline() <= std::chrono::system_clock::now()
             ? Error(StatusCode::DEADLINE_EXCEEDED, "the deadline passed before " + what)
             : Error(StatusCode::CANCELLED, "the call was cancelled");
}

grpc::Status TournamentService::WaitForFitSlot(const CallContext& context) {
  std::unique_lock lock(fits_mu_);
  while (fits_running_ >= limits_.max_concurrent_fits) {
    if (Abandoned(context)) return AbandonedStatus(context, "a computing slot was free");
    fits_cv_.wait_for(lock, std::chrono::milliseconds(10));
  }
  ++fits_running_;
  return grpc::Status::OK;
}

void TournamentService::ReleaseFitSlot() {
  std::lock_guard lock(fits_mu_);
  --fits_running_;
  fits_cv_.notify_one();
}

grpc::Status TournamentService::ComputeBoard(const CallContext& context, LiveCampaign& campaign,
                                             const v1::GetLeaderboardRequest& request,
                                             v1::Leaderboard* board) {
  LeaderboardQuery query;
  query.model = request.model();
  query.replicates = request.bootstrap_replicates();
  query.confidence = request.confidence() == 0.0 ? kDefaultConfidence : request.confidence();
  query.seed = request.seed();
  if (query.replicates < 0 || query.replicates > limits_.max_bootstrap_replicates) {
    return Error(
        StatusCode::INVALID_ARGUMENT,
        "bootstrap_replicates must be in 0.." + std::to_string(limits_.max_bootstrap_replicates));
  }
  if (!(query.confidence > 0.0 && query.confidence < 1.0)) {
    return Error(StatusCode::INVALID_ARGUMENT, "confidence must be in (0, 1)");
  }
  if (request.anytime()) {
    const double delta = request.delta() == 0.0 ? 0.05 : request.delta();
    if (!(std::isfinite(delta) && delta > 0.0 && delta < 1.0)) {
      return Error(StatusCode::INVALID_ARGUMENT, "delta must be in (0, 1)");
    }
    if (!(std::isfinite(request.epsilon()) && request.epsilon() >= 0.0 &&
          request.epsilon() <= 1.0)) {
      return Error(StatusCode::INVALID_ARGUMENT, "epsilon must be in [0, 1]");
    }
    if (!query.model.empty() && query.model != kAnytimeModel &&
        query.model != kCombinedAnytimeModel) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "anytime leaderboards are Expected Wins with ties as half wins: model '' or '" +
                       std::string(kCombinedAnytimeModel) + "' (the campaign's board) or '" +
                       std::string(kAnytimeModel) + "' (its per-pair half), got '" +
                       query.model + "'");
    }
    if (query.replicates != 0) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "anytime leaderboards take no bootstrap replicates");
    }
    query.anytime = AnytimeOptions{delta, request.epsilon()};
    // O(comparisons) from the snapshot: within the campaign lock for the copy only.
    CampaignSnapshot snapshot;
    {
      std::shared_lock lock(campaign.mu);
      snapshot = campaign.state->Snapshot();
    }
    auto result = ComputeLeaderboard(snapshot, query);
    if (!result.ok()) return ToGrpc(result.status());
    *board = ToProto(*result);
    return grpc::Status::OK;
  } else if (request.delta() != 0.0 || request.epsilon() != 0.0) {
    return Error(StatusCode::INVALID_ARGUMENT, "delta and epsilon go with anytime");
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
  grpc::Status admitted = WaitForFitSlot(context);
  if (!admitted.ok()) return admitted;
  FitSlotRelease slot{this};
  {
    std::shared_lock lock(campaign.mu);
    snapshot = campaign.state->Snapshot();
  }
  query.cancelled = [this, &context] { return Abandoned(context); };
  auto result = ComputeLeaderboard(snapshot, query);
  if (!result.ok()) {
    if (result.status().code() == tourney::StatusCode::kCancelled) {
      return AbandonedStatus(context, "the leaderboard was computed");
    }
    return ToGrpc(result.status());
  }
  *board = ToProto(*result);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoGetLeaderboard(const CallContext* context,
                                                 const v1::GetLeaderboardRequest* request,
                                                 v1::Leaderboard* response) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  return ComputeBoard(*context, *campaign, *request, response);
}

grpc::Status TournamentService::DoGetRankPlot(const CallContext* context,
                                              const v1::GetRankPlotRequest* request,
                                              std::string* svg) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth = Authorize(context, Access::kAdmin, request->campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  // `tourney cluster`'s defaults: Expected Wins, 1000 replicates, seed 1, 95%.
  const std::string name = request->model().empty() ? "expected-wins" : request->model();
  const int replicates = request->bootstrap_replicates() == 0 ? 1000 : request->bootstrap_replicates();
  const double confidence = request->confidence() == 0.0 ? kDefaultConfidence : request->confidence();
  if (replicates < 1 || replicates > limits_.max_bootstrap_replicates) {
    return Error(
        StatusCode::INVALID_ARGUMENT,
        "bootstrap_replicates must be in 1.." + std::to_string(limits_.max_bootstrap_replicates));
  }
  if (!(confidence > 0.0 && confidence < 1.0)) {
    return Error(StatusCode::INVALID_ARGUMENT, "confidence must be in (0, 1)");
  }
  if (name == "hopkins-may") {
    return Error(StatusCode::INVALID_ARGUMENT,
                 "hopkins-may is not bootstrapped by the server (use `tourney cluster` offline)");
  }
  grpc::Status admitted = WaitForFitSlot(*context);
  if (!admitted.ok()) return admitted;
  FitSlotRelease slot{this};
  CampaignSnapshot snapshot;
  {
    std::shared_lock lock(campaign->mu);
    snapshot = campaign->state->Snapshot();
  }
  auto model = MakeCampaignModel(name, snapshot.rating);
  if (!model.ok()) return ToGrpc(model.status());
  const Judgments& judgments = snapshot.judgments;
  if (judgments.comparisons().size() == 0) {
    return Error(StatusCode::FAILED_PRECONDITION,
                 "the campaign has no judgments yet: the rank plot comes with the first one");
  }
  BootstrapOptions options;
  options.replicates = replicates;
  options.confidence = confidence;
  options.seed = request->seed() == 0 ? 1 : request->seed();
  options.threads = 1;  // a dashboard's figure must not take the annotators' cores
  options.cancelled = [this, context] { return Abandoned(*context); };
  auto result = Bootstrap(judgments, **model, options);
  if (!result.ok()) {
    if (result.status().code() == tourney::StatusCode::kCancelled) {
      return AbandonedStatus(*context, "the rank plot was drawn");
    }
    return ToGrpc(result.status());
  }
  const Leaderboard board = BuildClusteredLeaderboard(judgments, *result);
  const RankPlotOptions plot =
      ClusterRankPlotOptions(judgments, *result, RankWhiskers::kConfidence, true);
  *svg = RankBoxPlotSvg(RankPlotSystems(board, judgments, *result), plot);
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoGetPairCounts(const CallContext* context,
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

grpc::Status TournamentService::DoWatchLeaderboard(const CallContext* context,
                                                   const v1::WatchLeaderboardRequest* request,
                                                   const BoardWriter& write) {
  std::shared_ptr<LiveCampaign> campaign;
  grpc::Status auth =
      Authorize(context, Access::kAdmin, request->leaderboard().campaign_id(), &campaign);
  if (!auth.ok()) return auth;
  if (request->every_judgments() < 1) {
    return Error(StatusCode::INVALID_ARGUMENT, "every_judgments must be >= 1");
  }
  if (++watchers_ > limits_.max_watchers) {
    --watchers_;
    return Error(StatusCode::RESOURCE_EXHAUSTED, "the server serves at most " +
                                                     std::to_string(limits_.max_watchers) +
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
    if (!write(board)) break;
    const int64_t target = seen + request->every_judgments();
    std::unique_lock lock(campaign->notify_mu);
    while (campaign->committed.load() < target && !context->IsCancelled() && !shutting_down_) {
      campaign->changed.wait_for(lock, std::chrono::milliseconds(200));
    }
  }
  if (shutting_down_) return Error(StatusCode::UNAVAILABLE, "the server is shutting down");
  return grpc::Status::OK;
}

}  // namespace tourney::service
