// HttpApi: the tourney.v1.Tournament service as a JSON API over HTTP, after the gRPC–JSON
// transcoding conventions (google/api/http.proto): proto3 JSON bodies, the campaign id in
// the path, custom methods as ":verb" (docs/http.md lists the routes):
//   POST /v1/campaigns                          CreateCampaign
//   POST /v1/campaigns:createScoring            CreateScoringCampaign
//   GET  /v1/campaigns                          ListCampaigns
//   GET  /v1/campaigns/{campaign_id}            GetCampaign
//   POST /v1/campaigns/{campaign_id}:<verb>     nextMatch, submitJudgment, nextItem,
//        submitScore, close, excludeAnnotator, getLeaderboard, getPairCounts,
//        getAnnotatorStats, getEstimate
//   GET  /v1/campaigns/{campaign_id}/<noun>     leaderboard, pairCounts, annotatorStats,
//        estimate (request fields from the query), judgments and scores (the exports, as
//        one JSON array streamed in commit order)
// ImportRankings (a client stream) and WatchLeaderboard (a server stream of boards) are
// gRPC only: import with gRPC, poll the leaderboard over HTTP.
//
// Every route calls the service core's typed body (TournamentService::Do*), the one gRPC
// calls too: HttpApi only decodes, checks the path against the body, and encodes. The
// bearer token comes from the Authorization header and is checked before the body is read.
// Status codes follow http_json.h's HttpStatusFor, with the error body of ErrorJson; every
// answer carries Content-Type: application/json; charset=utf-8, Cache-Control: no-store
// and X-Content-Type-Options: nosniff.
// Thread safety: Admit and Handle may run on many threads at once.
#ifndef TOURNEY_SERVICE_HTTP_API_H_
#define TOURNEY_SERVICE_HTTP_API_H_

#include <optional>
#include <string>

#include "call_executor.h"
#include "http_server.h"
#include "tournament_service.h"

namespace tourney::service {

class HttpApi final : public HttpHandler {
 public:
  // `service` must outlive the HttpApi.
  explicit HttpApi(TournamentService* service) : service_(service) {}
  // Owns the threads that produce streamed exports.
  HttpApi(const HttpApi&) = delete;
  HttpApi& operator=(const HttpApi&) = delete;
  // Waits for the exports still being produced. REQUIRES: the HttpServer that calls this
  // handler is stopped first (its connections closed, so that every export ends).
  ~HttpApi() override = default;

  // 404 for an unknown route, 405 (with Allow) for a method the route does not take, 400
  // for a campaign id that is not a number, 413 for a declared body over the limit, 401
  // or 403 for a missing or refused token; nullopt to go on and read the body.
  std::optional<HttpResponse> Admit(const HttpRequest& request) override;
  // The route's answer: 200 with the response message, or the error.
  HttpResponse Handle(const HttpRequest& request) override;

  // What a route's handler works with (http_api.cc).
  struct Call;

 private:
  TournamentService* const service_;
  CallExecutor producers_;  // one thread per export being streamed
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_HTTP_API_H_
