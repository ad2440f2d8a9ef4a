// TournamentService: the tourney.v1.Tournament gRPC service (proto/tourney/v1/tournament.proto).
//
// A thin layer: it authenticates, validates and translates requests, keeps the match leases,
// and calls the engine's CampaignState for everything statistical. Each campaign has one
// reader/writer lock: NextMatch and the application of committed judgments take it
// exclusively, leaderboard reads share it, so a reader never sees a half-applied judgment.
// Judgments are applied only by the CommitQueue's writer thread, after their commit, in
// commit order; a restart replays them in the same order (Load()).
// Two transports share one core: every RPC's logic is one typed body (the Do* methods),
// which the gRPC methods and the HTTP/JSON API (http_api.h) call with a CallContext.
// Thread safety: every RPC may run concurrently with every other.
#ifndef TOURNEY_SERVICE_TOURNAMENT_SERVICE_H_
#define TOURNEY_SERVICE_TOURNAMENT_SERVICE_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "call_context.h"
#include "call_executor.h"
#include "commit_queue.h"
#include "metrics.h"
#include "storage.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::service {

// Limits on what clients may ask for. Defaults in-class.
struct ServiceLimits {
  int max_systems = 1000;                 // systems per campaign (<= 1000)
  int64_t max_segments = 1000000;         // segments per campaign (<= 1,000,000)
  int64_t max_import_rankings = 1000000;  // rankings per ImportRankings stream
  int max_campaigns = 10000;              // campaigns per server
  int max_leases_per_annotator = 16;      // unexpired, unjudged leases per annotator
  // Open enrolment only: unexpired, unjudged leases that calls with a campaign's shared
  // token from one client address may hold, whatever names they use.
  int max_open_leases_per_client = 64;
  int max_annotators_per_campaign = 100000;
  int max_bootstrap_replicates = 10000;  // GetLeaderboard / WatchLeaderboard
  int max_watchers = 64;                 // concurrent WatchLeaderboard streams
  size_t max_content_bytes = size_t{256} << 20;  // text a campaign holds (CampaignContent)
  int max_concurrent_fits = 2;           // leaderboards fitted or bootstrapped, and scoring
                                         // estimates, at once; further ones wait their turn
};

class LiveCampaign;
class LiveScoringCampaign;

// The generated service with the methods whose requests carry strings taken raw.
using TournamentBase = v1::Tournament::WithRawCallbackMethod_CreateCampaign<
    v1::Tournament::WithRawCallbackMethod_ImportRankings<
        v1::Tournament::WithRawCallbackMethod_NextMatch<
            v1::Tournament::WithRawCallbackMethod_SubmitJudgment<
                v1::Tournament::WithRawCallbackMethod_GetLeaderboard<
                    v1::Tournament::WithRawCallbackMethod_ExcludeAnnotator<
                        v1::Tournament::WithRawCallbackMethod_WatchLeaderboard<
                            v1::Tournament::WithRawCallbackMethod_CreateScoringCampaign<
                                v1::Tournament::WithRawCallbackMethod_NextItem<
                                    v1::Tournament::WithRawCallbackMethod_SubmitScore<
                                        v1::Tournament::WithRawCallbackMethod_GetAnnotatorProgress<
                                            v1::Tournament::WithRawCallbackMethod_NextScreen<
                                                v1::Tournament::WithRawCallbackMethod_SubmitScreen<
                                                    v1::Tournament::Service>>>>>>>>>>>>>;

class TournamentService final : public TournamentBase {
 public:
  // `store` and `queue` must outlive the service. `admin_token` is the bearer token of
  // campaign-changing calls.
  TournamentService(std::string admin_token, ServiceLimits limits, Store* store,
                    CommitQueue* queue);
  // Holds every campaign's live state.
  TournamentService(const TournamentService&) = delete;
  TournamentService& operator=(const TournamentService&) = delete;
  ~TournamentService() override;

  // Rebuilds every campaign from the store: configurations, then the judgments replayed
  // in commit order, then the outstanding leases. Call once, before serving.
  // FailedPrecondition naming the row when stored data does not fit its campaign.
  Status Load();

  // Ends WatchLeaderboard streams soon; call before shutting the gRPC server down.
  void BeginShutdown();

  // Tests only: called by GetEstimate after it has copied the campaign's state and released
  // its lock, before computing. May be replaced (or removed with nullptr) while calls are
  // served: a call that has begun runs the hook it took, which it keeps alive until it returns.
  void SetEstimateHookForTesting(std::function<void()> hook);

  // Campaigns served and leases neither judged nor expired, for monitoring. Takes the
  // registry lock and each campaign's lock, shared and briefly.
  ServiceGauges Gauges() const;

  // --- The service core: one typed body per RPC, whichever transport carried the call ---
  // The gRPC methods below (raw_calls.cc) and the HTTP/JSON API (http_api.h) both call
  // these. Each authorizes the caller from `context` (the bearer token, checked against the
  // campaign the request names), validates the request, does the work and answers with the
  // status codes tournament.proto documents for the RPC; *response is filled only on OK.
  // They may block (a group commit, a fit slot): call them from a thread that may wait.
  // REQUIRES: `context`, `request` and `response` outlive the call.

  // Who may make a call: the admin token only, or an annotator token (of the campaign the
  // request names; the admin token is accepted too).
  enum class Access { kAdmin, kAnnotator };
  // Before a request is parsed: the token must be the admin token (kAdmin) or any token
  // the server knows (kAnnotator; the body then checks it against the campaign).
  // UNAUTHENTICATED or PERMISSION_DENIED otherwise.
  grpc::Status Authenticate(const CallContext* context, Access access);

  grpc::Status DoCreateCampaign(const CallContext* context,
                                const v1::CreateCampaignRequest* request,
                                v1::CreateCampaignResponse* response);
  grpc::Status DoNextMatch(const CallContext* context, const v1::NextMatchRequest* request,
                           v1::NextMatchResponse* response);
  grpc::Status DoSubmitJudgment(const CallContext* context,
                                const v1::SubmitJudgmentRequest* request,
                                v1::SubmitJudgmentResponse* response);
  grpc::Status DoGetLeaderboard(const CallContext* context,
                                const v1::GetLeaderboardRequest* request,
                                v1::Leaderboard* response);
  grpc::Status DoGetPairCounts(const CallContext* context, const v1::GetPairCountsRequest* request,
                               v1::PairCountsMatrix* response);
  // The SVG `tourney cluster --plot` draws for the campaign's judgments (render/rank_plot.h):
  // a bootstrap of `request->model()` on one thread, within a fit slot. INVALID_ARGUMENT for
  // an unknown model, "hopkins-may" or parameters out of range; FAILED_PRECONDITION before
  // the first judgment. HTTP only (GET …/rankPlot).
  grpc::Status DoGetRankPlot(const CallContext* context, const v1::GetRankPlotRequest* request,
                             std::string* svg);
  grpc::Status DoListCampaigns(const CallContext* context, const v1::ListCampaignsRequest* request,
                               v1::ListCampaignsResponse* response);
  grpc::Status DoGetCampaign(const CallContext* context, const v1::GetCampaignRequest* request,
                             v1::CampaignInfo* response);
  grpc::Status DoCloseCampaign(const CallContext* context, const v1::CloseCampaignRequest* request,
                               v1::CampaignInfo* response);
  grpc::Status DoGetAnnotatorStats(const CallContext* context,
                                   const v1::GetAnnotatorStatsRequest* request,
                                   v1::AnnotatorStatsResponse* response);
  grpc::Status DoExcludeAnnotator(const CallContext* context,
                                  const v1::ExcludeAnnotatorRequest* request,
                                  v1::ExcludeAnnotatorResponse* response);
  grpc::Status DoGetAnnotatorProgress(const CallContext* context,
                                      const v1::GetAnnotatorProgressRequest* request,
                                      v1::AnnotatorProgress* response);
  grpc::Status DoCreateScoringCampaign(const CallContext* context,
                                       const v1::CreateScoringCampaignRequest* request,
                                       v1::CreateCampaignResponse* response);
  grpc::Status DoNextItem(const CallContext* context, const v1::NextItemRequest* request,
                          v1::NextItemResponse* response);
  grpc::Status DoSubmitScore(const CallContext* context, const v1::SubmitScoreRequest* request,
                             v1::SubmitScoreResponse* response);
  grpc::Status DoGetEstimate(const CallContext* context, const v1::GetEstimateRequest* request,
                             v1::GetEstimateResponse* response);
  // The server-streaming exports hand each message to `write`, in order, and stop with
  // CANCELLED once `write` returns false (the client is gone) or the call is cancelled.
  template <class Message>
  using ExportWriter = std::function<bool(const Message&)>;
  grpc::Status DoExportJudgments(const CallContext* context,
                                 const v1::ExportJudgmentsRequest* request,
                                 const ExportWriter<v1::ExportedJudgment>& write);
  grpc::Status DoExportScores(const CallContext* context, const v1::ExportScoresRequest* request,
                              const ExportWriter<v1::ExportedScore>& write);
  // Contrastive scoring campaigns (screen_rpcs.cc).
  grpc::Status DoNextScreen(const CallContext* context, const v1::NextScreenRequest* request,
                            v1::NextScreenResponse* response);
  grpc::Status DoSubmitScreen(const CallContext* context, const v1::SubmitScreenRequest* request,
                              v1::SubmitScreenResponse* response);
  grpc::Status DoExportScreens(const CallContext* context, const v1::ExportScreensRequest* request,
                               const ExportWriter<v1::ExportedScreen>& write);
  // Annotator links (annotator_links.cc).
  grpc::Status DoAddAnnotators(const CallContext* context, const v1::AddAnnotatorsRequest* request,
                               v1::AddAnnotatorsResponse* response);
  grpc::Status DoListAnnotators(const CallContext* context,
                                const v1::ListAnnotatorsRequest* request,
                                v1::ListAnnotatorsResponse* response);
  grpc::Status DoRevokeAnnotator(const CallContext* context,
                                 const v1::RevokeAnnotatorRequest* request,
                                 v1::AnnotatorLink* response);

  // --- The gRPC transport (raw_calls.cc): each method calls its Do* body above ---
  // The methods whose requests carry strings arrive as raw bytes: the
  // caller is authenticated from the metadata first, then the request is parsed, and a
  // request protobuf cannot parse (invalid UTF-8 in a string field, or malformed bytes)
  // fails with INVALID_ARGUMENT instead of gRPC's INTERNAL. The work then runs on
  // executor_, never on gRPC's callback threads.
  grpc::ServerUnaryReactor* CreateCampaign(grpc::CallbackServerContext* context,
                                           const grpc::ByteBuffer* request,
                                           grpc::ByteBuffer* response) override;
  grpc::ServerReadReactor<grpc::ByteBuffer>* ImportRankings(grpc::CallbackServerContext* context,
                                                            grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* NextMatch(grpc::CallbackServerContext* context,
                                      const grpc::ByteBuffer* request,
                                      grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SubmitJudgment(grpc::CallbackServerContext* context,
                                           const grpc::ByteBuffer* request,
                                           grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* GetLeaderboard(grpc::CallbackServerContext* context,
                                           const grpc::ByteBuffer* request,
                                           grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* ExcludeAnnotator(grpc::CallbackServerContext* context,
                                             const grpc::ByteBuffer* request,
                                             grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* GetAnnotatorProgress(grpc::CallbackServerContext* context,
                                                 const grpc::ByteBuffer* request,
                                                 grpc::ByteBuffer* response) override;
  grpc::Status GetPairCounts(grpc::ServerContext* context, const v1::GetPairCountsRequest* request,
                             v1::PairCountsMatrix* response) override;
  grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchLeaderboard(
      grpc::CallbackServerContext* context, const grpc::ByteBuffer* request) override;
  grpc::Status ListCampaigns(grpc::ServerContext* context, const v1::ListCampaignsRequest* request,
                             v1::ListCampaignsResponse* response) override;
  grpc::Status GetCampaign(grpc::ServerContext* context, const v1::GetCampaignRequest* request,
                           v1::CampaignInfo* response) override;
  grpc::Status ExportJudgments(grpc::ServerContext* context,
                               const v1::ExportJudgmentsRequest* request,
                               grpc::ServerWriter<v1::ExportedJudgment>* writer) override;
  grpc::Status CloseCampaign(grpc::ServerContext* context, const v1::CloseCampaignRequest* request,
                             v1::CampaignInfo* response) override;
  grpc::Status GetAnnotatorStats(grpc::ServerContext* context,
                                 const v1::GetAnnotatorStatsRequest* request,
                                 v1::AnnotatorStatsResponse* response) override;

  // Scoring campaigns (scoring_rpcs.cc); the three whose requests carry strings are raw.
  grpc::ServerUnaryReactor* CreateScoringCampaign(grpc::CallbackServerContext* context,
                                                  const grpc::ByteBuffer* request,
                                                  grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* NextItem(grpc::CallbackServerContext* context,
                                     const grpc::ByteBuffer* request,
                                     grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SubmitScore(grpc::CallbackServerContext* context,
                                        const grpc::ByteBuffer* request,
                                        grpc::ByteBuffer* response) override;
  grpc::Status GetEstimate(grpc::ServerContext* context, const v1::GetEstimateRequest* request,
                           v1::GetEstimateResponse* response) override;
  grpc::Status ExportScores(grpc::ServerContext* context, const v1::ExportScoresRequest* request,
                            grpc::ServerWriter<v1::ExportedScore>* writer) override;
  // Contrastive scoring campaigns (screen_rpcs.cc); the two whose requests carry strings
  // are raw.
  grpc::ServerUnaryReactor* NextScreen(grpc::CallbackServerContext* context,
                                       const grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SubmitScreen(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request,
                                         grpc::ByteBuffer* response) override;
  grpc::Status ExportScreens(grpc::ServerContext* context, const v1::ExportScreensRequest* request,
                             grpc::ServerWriter<v1::ExportedScreen>* writer) override;

  // Annotator links (annotator_links.cc).
  grpc::Status AddAnnotators(grpc::ServerContext* context, const v1::AddAnnotatorsRequest* request,
                             v1::AddAnnotatorsResponse* response) override;
  grpc::Status ListAnnotators(grpc::ServerContext* context,
                              const v1::ListAnnotatorsRequest* request,
                              v1::ListAnnotatorsResponse* response) override;
  grpc::Status RevokeAnnotator(grpc::ServerContext* context,
                               const v1::RevokeAnnotatorRequest* request,
                               v1::AnnotatorLink* response) override;

 private:
  // Reads the next message of an import stream: true with a message; false at the end of
  // the stream (status OK) or on a bad message (status set).
  using ImportReader = std::function<bool(v1::ImportRankingsRequest*, grpc::Status*)>;

  grpc::Status DoImportRankings(const CallContext* context, const ImportReader& read,
                                v1::ImportRankingsResponse* response);
  // Sends one leaderboard of a watch stream; false once the client is gone.
  using BoardWriter = std::function<bool(const v1::Leaderboard&)>;
  grpc::Status DoWatchLeaderboard(const CallContext* context,
                                  const v1::WatchLeaderboardRequest* request,
                                  const BoardWriter& write);
  // Rebuilds a campaign's ratings and segment history from the stored judgments committed
  // so far, leaving out the excluded annotators' judgments (quality_control.cc).
  // REQUIRES: c.mu held exclusively, on the commit queue's writer thread.
  Status RebuildRatings(LiveCampaign& c);
  // Authenticates `access` from the metadata, parses `request` as a Req and runs `body`
  // on executor_; the reactor finishes with body's status (INVALID_ARGUMENT when the
  // bytes do not parse).
  template <class Req, class Resp>
  grpc::ServerUnaryReactor* RunRaw(grpc::CallbackServerContext* context,
                                   const grpc::ByteBuffer* request, grpc::ByteBuffer* response,
                                   Access access,
                                   grpc::Status (TournamentService::*body)(const CallContext*,
                                                                           const Req*, Resp*));

  // Checks the bearer token for `access` (annotator access is checked against the
  // campaign's shared token and its annotator links) and finds the campaign. Errors:
  // UNAUTHENTICATED (also a revoked link), PERMISSION_DENIED, NOT_FOUND.
  // `acting_as`: the annotator the request names. An annotator link is good only when it
  // is given and equals the link's name (PERMISSION_DENIED otherwise). `shared_token`, when
  // given, is set to whether the caller used the campaign's shared annotator token.
  grpc::Status Authorize(const CallContext* context, Access access,
                         uint64_t campaign_id, std::shared_ptr<LiveCampaign>* campaign,
                         const std::string* acting_as = nullptr, bool* shared_token = nullptr);
  grpc::Status AuthorizeAdmin(const CallContext* context);
  std::shared_ptr<LiveCampaign> FindCampaign(uint64_t id) const;
  // Fits the board `request` asks for. Costly computations wait for one of
  // limits_.max_concurrent_fits slots; the wait and the bootstrap both end early, with
  // CANCELLED or DEADLINE_EXCEEDED, once `context` is cancelled or past its deadline, and
  // with UNAVAILABLE once BeginShutdown() was called.
  grpc::Status ComputeBoard(const CallContext& context, LiveCampaign& campaign,
                            const v1::GetLeaderboardRequest& request, v1::Leaderboard* board);
  // Admission of costly computations (bootstrapped leaderboards, scoring estimates): waits
  // for one of limits_.max_concurrent_fits slots, which the caller then holds until
  // ReleaseFitSlot (a FitSlotRelease does it). The wait ends early once Abandoned(context),
  // with AbandonedStatus.
  grpc::Status WaitForFitSlot(const CallContext& context);
  // GetEstimate of a contrastive campaign: the within-screen board (screen_rpcs.cc).
  grpc::Status ScreenEstimate(const CallContext& context, const LiveScoringCampaign& c,
                              v1::GetEstimateResponse* response);
  void ReleaseFitSlot();
  struct FitSlotRelease {
    TournamentService* service;
    ~FitSlotRelease() { service->ReleaseFitSlot(); }
  };
  // True once the client cancelled the call, its deadline passed or the server is shutting
  // down; AbandonedStatus is the matching UNAVAILABLE, DEADLINE_EXCEEDED ("the deadline
  // passed before <what>") or CANCELLED.
  bool Abandoned(const CallContext& context) const;
  grpc::Status AbandonedStatus(const CallContext& context,
                               const std::string& what) const;
  void Register(std::shared_ptr<LiveCampaign> campaign);
  // What CreateCampaign and CreateScoringCampaign share (campaign_rpcs.cc). `kind` names
  // the campaigns in messages ("campaign", "scoring campaign").
  // INVALID_ARGUMENT "at most <limit> <what> on this server, got <count>" past a limit.
  static grpc::Status CheckLimit(int64_t count, int64_t limit, const std::string& what);
  // ALREADY_EXISTS when `name_taken`; RESOURCE_EXHAUSTED when `held` campaigns of the
  // kind fill limits_.max_campaigns.
  grpc::Status CheckRoom(const std::string& kind, const std::string& name, bool name_taken,
                         size_t held) const;
  // Writes a new campaign's row (`name`, `config` serialized, the digest of a new annotator
  // token, the time) with `insert` through the commit queue and waits for the commit;
  // `on_commit(id, row)` runs on the writer thread once the row is committed and registers
  // the campaign. Answers with the id and the token; ALREADY_EXISTS for a name taken
  // meanwhile.
  using CampaignInsert =
      std::function<StatusOr<uint64_t>(WriteTransaction&, const StoredCampaign&)>;
  using CampaignCommitted = std::function<void(uint64_t id, const StoredCampaign& row)>;
  grpc::Status StoreNewCampaign(const std::string& kind, const std::string& name,
                                const google::protobuf::Message& config,
                                const CampaignInsert& insert, const CampaignCommitted& on_commit,
                                v1::CreateCampaignResponse* response);
  // Scoring campaigns from the store, their scores replayed in commit order (Load()).
  Status LoadScoring();
  // The scoring campaigns, copied out of the registry (in no particular order).
  std::vector<std::shared_ptr<LiveScoringCampaign>> ScoringCampaigns() const;
  // Appends every scoring campaign, by id, to a ListCampaigns response (scoring_rpcs.cc).
  void ListScoring(v1::ListCampaignsResponse* response) const;
  // Fills the scoring_* gauges (scoring_rpcs.cc).
  void AddScoringGauges(int64_t now_unix_ms, ServiceGauges* gauges) const;
  // GetCampaign for a scoring campaign: its ListCampaigns entry. False when `id` is no
  // scoring campaign (then *status is untouched).
  // CloseCampaign for a scoring campaign: stores the close and answers with its
  // ListCampaigns entry. False when `id` is no scoring campaign (*status untouched).
  bool CloseScoring(const CallContext* context, uint64_t id, v1::CampaignInfo* info,
                    grpc::Status* status);
  bool GetScoringInfo(const CallContext* context, uint64_t id,
                      v1::CampaignInfo* info, grpc::Status* status);
  // As Authorize, for a scoring campaign. FAILED_PRECONDITION when the id is a pairwise
  // campaign's.
  grpc::Status AuthorizeScoring(const CallContext* context, Access access,
                                uint64_t campaign_id,
                                std::shared_ptr<LiveScoringCampaign>* campaign,
                                bool* admin = nullptr, const std::string* acting_as = nullptr,
                                bool* shared_token = nullptr);
  // An annotator link's verdict on a non-admin token `digest` that is no campaign's shared
  // token (annotator_links.cc): std::nullopt when the digest is no link; else OK when the
  // link belongs to `campaign_id`, `access` is kAnnotator and `acting_as` names its
  // annotator; UNAUTHENTICATED for a revoked link; PERMISSION_DENIED otherwise.
  // REQUIRES: registry_mu_ held (shared).
  std::optional<grpc::Status> CheckLinkLocked(const std::string& digest, Access access,
                                              uint64_t campaign_id,
                                              const std::string* acting_as) const;
  // Annotator links from the store (Load()).
  Status LoadAnnotatorLinks();
  // Whether `campaign_id` names a pairwise or a scoring campaign.
  bool CampaignExists(uint64_t campaign_id) const;
  // Whether a token digest is a scoring campaign's annotator token (pairwise calls name
  // the mismatch). REQUIRES: registry_mu_ held (shared).
  bool IsScoringTokenLocked(const std::string& digest) const;
  void EnqueueLeasePurge(int64_t before_unix_ms);

  const std::string admin_sha256_;
  const ServiceLimits limits_;
  Store* const store_;
  CommitQueue* const queue_;
  std::atomic<uint32_t> match_counter_{0};
  std::atomic<int> watchers_{0};
  std::atomic<bool> shutting_down_{false};
  // SetEstimateHookForTesting; each call copies the pointer under the mutex.
  std::mutex estimate_hook_mu_;
  std::shared_ptr<const std::function<void()>> estimate_hook_;

  // Admission of costly computations (at most limits_.max_concurrent_fits; WaitForFitSlot).
  std::mutex fits_mu_;
  std::condition_variable fits_cv_;
  int fits_running_ = 0;  // guarded by fits_mu_

  mutable std::shared_mutex registry_mu_;
  std::unordered_map<uint64_t, std::shared_ptr<LiveCampaign>> campaigns_;  // by registry_mu_
  std::unordered_map<std::string, uint64_t> by_name_;                      // by registry_mu_
  std::unordered_map<std::string, uint64_t> by_token_;  // token SHA-256 -> id, by registry_mu_
  // Scoring campaigns, by registry_mu_ too (their own ids, names and tokens).
  std::unordered_map<uint64_t, std::shared_ptr<LiveScoringCampaign>> scoring_;
  std::unordered_map<std::string, uint64_t> scoring_by_name_;
  std::unordered_map<std::string, uint64_t> scoring_by_token_;
  // Annotator links, by registry_mu_: token digest -> link, and each campaign's digests
  // in creation order.
  std::unordered_map<std::string, StoredAnnotatorLink> links_;
  std::unordered_map<uint64_t, std::vector<std::string>> links_by_campaign_;

  // Last member: destroyed first, so its threads finish before anything they use goes.
  CallExecutor executor_;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_TOURNAMENT_SERVICE_H_
