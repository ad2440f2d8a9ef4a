#include "http_api.h"

#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <string_view>

#include "http_json.h"
#include "web_assets.h"
#include "proto/status_code_name.h"

namespace tourney::service {

// What a route's handler works with: the request, the caller, the campaign id of the path
// (when the route has one), and the service core.
struct HttpApi::Call {
  const HttpRequest& request;
  const CallContext& context;
  std::optional<uint64_t> campaign_id;
  TournamentService& service;
  CallExecutor& producers;
};

namespace {

using Access = TournamentService::Access;
using S = TournamentService;

HttpResponse JsonResponse(int status, std::string body) {
  HttpResponse r;
  r.status = status;
  r.body = std::move(body);
  r.headers = {{"Content-Type", "application/json; charset=utf-8"},
               {"Cache-Control", "no-store"},
               {"X-Content-Type-Options", "nosniff"}};
  return r;
}

HttpResponse ErrorResponse(int http_status, std::string_view status, std::string_view message) {
  HttpResponse r = JsonResponse(http_status, ErrorJson(http_status, status, message));
  // RFC 6750, section 3: a 401 names the scheme the server takes.
  if (http_status == 401) r.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"tourney\"");
  return r;
}

HttpResponse ErrorResponse(const grpc::Status& s) {
  return ErrorResponse(HttpStatusFor(s.error_code()), StatusCodeName(s.error_code()),
                       s.error_message());
}

HttpResponse MessageResponse(const google::protobuf::Message& message) {
  auto json = PrintJson(message);
  if (!json.ok()) return ErrorResponse(500, "INTERNAL", json.status().message());
  return JsonResponse(200, std::move(*json));
}

grpc::Status InvalidRequest(std::string message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, std::move(message));
}

// The request message of a call: a GET's from its query, a POST's from its JSON body (an
// empty body is {}); then the path's campaign id, which a field of the body or query may
// repeat but not contradict.
grpc::Status Decode(const HttpApi::Call& call, google::protobuf::Message* message) {
  const HttpRequest& r = call.request;
  grpc::Status s;
  if (r.method == "GET") {
    if (!r.body.empty())
      return InvalidRequest("a GET request takes no body; its fields go in the query");
    s = ParseQuery(r.query, message);
  } else {
    if (!r.query.empty()) {
      return InvalidRequest(
          "a POST request takes its fields in the JSON body, not in the query "
          "(parameter " +
          JsonString(r.query.front().first) + ")");
    }
    s = ParseJsonBody(r.body.empty() ? std::string_view("{}") : std::string_view(r.body), message);
  }
  if (!s.ok() || !call.campaign_id) return s;
  const auto* field = message->GetDescriptor()->FindFieldByName("campaign_id");
  if (!field || field->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_UINT64 ||
      field->is_repeated()) {
    return grpc::Status(grpc::StatusCode::INTERNAL,
                        message->GetTypeName() + " has no campaign id to take from the path");
  }
  const auto* reflection = message->GetReflection();
  const uint64_t given = reflection->GetUInt64(*message, field);
  if (given != 0 && given != *call.campaign_id) {
    return InvalidRequest("the request names campaign " + std::to_string(given) +
                          " but the path names " + std::to_string(*call.campaign_id));
  }
  reflection->SetUInt64(message, field, *call.campaign_id);
  return grpc::Status::OK;
}

template <class Req, class Resp, grpc::Status (S::*Body)(const CallContext*, const Req*, Resp*)>
HttpResponse Unary(const HttpApi::Call& call) {
  Req request;
  if (grpc::Status s = Decode(call, &request); !s.ok()) return ErrorResponse(s);
  Resp response;
  grpc::Status s = (call.service.*Body)(&call.context, &request, &response);
  if (!s.ok()) return ErrorResponse(s);
  return MessageResponse(response);
}

// An export's JSON array, written element by element by a producer thread while the
// connection's thread sends it. At most kMaxUnread bytes wait unsent: the producer waits
// for a slow client.
class JsonArrayStream final : public HttpBodySource {
 public:
  static constexpr size_t kMaxUnread = 1 << 20;

  // Appends one element (its JSON text); false once the server needs no more bytes.
  bool Append(const std::string& element) {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return closed_ || buffer_.size() - offset_ < kMaxUnread; });
    if (closed_) return false;
    buffer_ += elements_ == 0 ? "[" : ",";
    buffer_ += element;
    ++elements_;
    cv_.notify_all();
    return true;
  }
  // The export has ended with `status`: an OK one closes the array; any other makes the
  // body end early (the connection is closed before the array is).
  void Finish(const grpc::Status& status) {
    std::lock_guard<std::mutex> lock(mu_);
    finished_ = true;
    status_ = status;
    if (status.ok()) buffer_ += elements_ == 0 ? "[]" : "]";
    cv_.notify_all();
  }
  // Waits for the first element or the end: nullopt once an element is there, else the
  // status the export ended with.
  std::optional<grpc::Status> WaitForFirst() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return finished_ || elements_ > 0; });
    if (elements_ > 0) return std::nullopt;
    return status_;
  }
  // True once the server needs no more bytes (the body was sent or the client is gone).
  bool closed() const { return closed_flag_.load(); }

  ssize_t Read(char* buf, size_t max) override {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return closed_ || finished_ || offset_ < buffer_.size(); });
    if (offset_ < buffer_.size()) {
      const size_t n = std::min(max, buffer_.size() - offset_);
      std::memcpy(buf, buffer_.data() + offset_, n);
      offset_ += n;
      if (offset_ == buffer_.size()) {
        buffer_.clear();
        offset_ = 0;
      } else if (offset_ >= kMaxUnread) {
        buffer_.erase(0, offset_);
        offset_ = 0;
      }
      cv_.notify_all();
      return static_cast<ssize_t>(n);
    }
    return !closed_ && status_.ok() ? 0 : -1;
  }
  void Close() override {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    closed_flag_ = true;
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::string buffer_;                    // bytes not yet sent start at offset_; guarded by mu_
  size_t offset_ = 0;                     // guarded by mu_
  int64_t elements_ = 0;                  // guarded by mu_
  bool finished_ = false;                 // guarded by mu_
  bool closed_ = false;                   // guarded by mu_
  grpc::Status status_;                   // guarded by mu_
  std::atomic<bool> closed_flag_{false};  // closed_, readable without the lock
};

// A server-streaming export as one JSON array of its messages, sent while the export
// runs on a producer thread. An error before the first message is an error response; one
// after it cuts the body short.
template <class Req, class Row,
          grpc::Status (S::*Body)(const CallContext*, const Req*, const S::ExportWriter<Row>&)>
HttpResponse Export(const HttpApi::Call& call) {
  auto request = std::make_shared<Req>();
  if (grpc::Status s = Decode(call, request.get()); !s.ok()) return ErrorResponse(s);
  auto stream = std::make_shared<JsonArrayStream>();
  // The producer's call: the caller's token; cancelled once the body needs no more bytes.
  auto context = std::make_shared<const CallContext>(
      call.context.authorization(), call.context.carrier(), CallContext::Clock::time_point::max(),
      [stream] { return stream->closed(); });
  TournamentService* service = &call.service;
  call.producers.Run([service, request, stream, context] {
    grpc::Status s = (service->*Body)(context.get(), request.get(), [&stream](const Row& row) {
      auto json = PrintJson(row);
      return json.ok() && stream->Append(*json);
    });
    stream->Finish(s);
  });
  if (std::optional<grpc::Status> ended = stream->WaitForFirst()) {
    return ended->ok() ? JsonResponse(200, "[]") : ErrorResponse(*ended);
  }
  HttpResponse r = JsonResponse(200, "");
  r.stream = std::move(stream);
  return r;
}

// The campaign's rank plot as an SVG document (GetRankPlotRequest).
HttpResponse RankPlot(const HttpApi::Call& call) {
  v1::GetRankPlotRequest request;
  if (grpc::Status s = Decode(call, &request); !s.ok()) return ErrorResponse(s);
  std::string svg;
  if (grpc::Status s = call.service.DoGetRankPlot(&call.context, &request, &svg); !s.ok()) {
    return ErrorResponse(s);
  }
  HttpResponse r;
  r.body = std::move(svg);
  // Shown by the dashboard as an image (a blob: URL in an <img>), where SVG runs nothing.
  r.headers = {{"Content-Type", "image/svg+xml"},
               {"Cache-Control", "no-store"},
               {"X-Content-Type-Options", "nosniff"},
               {"Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"}};
  return r;
}

// One route: a method and a path shape ("{campaign_id}" standing for the id), who may call
// it, and its handler.
struct Route {
  std::string_view method;
  std::string_view shape;
  Access access;
  HttpResponse (*handle)(const HttpApi::Call&);
};

constexpr std::string_view kCollection = "/v1/campaigns";
constexpr std::string_view kIdShape = "/v1/campaigns/{campaign_id}";

const Route kRoutes[] = {
    {"POST", "/v1/campaigns", Access::kAdmin,
     &Unary<v1::CreateCampaignRequest, v1::CreateCampaignResponse, &S::DoCreateCampaign>},
    {"GET", "/v1/campaigns", Access::kAdmin,
     &Unary<v1::ListCampaignsRequest, v1::ListCampaignsResponse, &S::DoListCampaigns>},
    {"POST", "/v1/campaigns:createScoring", Access::kAdmin,
     &Unary<v1::CreateScoringCampaignRequest, v1::CreateCampaignResponse,
            &S::DoCreateScoringCampaign>},
    {"GET", "/v1/campaigns/{campaign_id}", Access::kAdmin,
     &Unary<v1::GetCampaignRequest, v1::CampaignInfo, &S::DoGetCampaign>},
    {"POST", "/v1/campaigns/{campaign_id}:close", Access::kAdmin,
     &Unary<v1::CloseCampaignRequest, v1::CampaignInfo, &S::DoCloseCampaign>},
    {"POST", "/v1/campaigns/{campaign_id}:nextMatch", Access::kAnnotator,
     &Unary<v1::NextMatchRequest, v1::NextMatchResponse, &S::DoNextMatch>},
    {"POST", "/v1/campaigns/{campaign_id}:submitJudgment", Access::kAnnotator,
     &Unary<v1::SubmitJudgmentRequest, v1::SubmitJudgmentResponse, &S::DoSubmitJudgment>},
    {"POST", "/v1/campaigns/{campaign_id}:nextItem", Access::kAnnotator,
     &Unary<v1::NextItemRequest, v1::NextItemResponse, &S::DoNextItem>},
    {"POST", "/v1/campaigns/{campaign_id}:submitScore", Access::kAnnotator,
     &Unary<v1::SubmitScoreRequest, v1::SubmitScoreResponse, &S::DoSubmitScore>},
    {"POST", "/v1/campaigns/{campaign_id}:nextScreen", Access::kAnnotator,
     &Unary<v1::NextScreenRequest, v1::NextScreenResponse, &S::DoNextScreen>},
    {"POST", "/v1/campaigns/{campaign_id}:submitScreen", Access::kAnnotator,
     &Unary<v1::SubmitScreenRequest, v1::SubmitScreenResponse, &S::DoSubmitScreen>},
    {"POST", "/v1/campaigns/{campaign_id}:getAnnotatorProgress", Access::kAnnotator,
     &Unary<v1::GetAnnotatorProgressRequest, v1::AnnotatorProgress, &S::DoGetAnnotatorProgress>},
    {"POST", "/v1/campaigns/{campaign_id}:excludeAnnotator", Access::kAdmin,
     &Unary<v1::ExcludeAnnotatorRequest, v1::ExcludeAnnotatorResponse, &S::DoExcludeAnnotator>},
    {"POST", "/v1/campaigns/{campaign_id}:getLeaderboard", Access::kAdmin,
     &Unary<v1::GetLeaderboardRequest, v1::Leaderboard, &S::DoGetLeaderboard>},
    {"GET", "/v1/campaigns/{campaign_id}/leaderboard", Access::kAdmin,
     &Unary<v1::GetLeaderboardRequest, v1::Leaderboard, &S::DoGetLeaderboard>},
    {"POST", "/v1/campaigns/{campaign_id}:getPairCounts", Access::kAdmin,
     &Unary<v1::GetPairCountsRequest, v1::PairCountsMatrix, &S::DoGetPairCounts>},
    {"GET", "/v1/campaigns/{campaign_id}/pairCounts", Access::kAdmin,
     &Unary<v1::GetPairCountsRequest, v1::PairCountsMatrix, &S::DoGetPairCounts>},
    {"GET", "/v1/campaigns/{campaign_id}/rankPlot", Access::kAdmin, &RankPlot},
    {"POST", "/v1/campaigns/{campaign_id}:getAnnotatorStats", Access::kAdmin,
     &Unary<v1::GetAnnotatorStatsRequest, v1::AnnotatorStatsResponse, &S::DoGetAnnotatorStats>},
    {"GET", "/v1/campaigns/{campaign_id}/annotatorStats", Access::kAdmin,
     &Unary<v1::GetAnnotatorStatsRequest, v1::AnnotatorStatsResponse, &S::DoGetAnnotatorStats>},
    {"POST", "/v1/campaigns/{campaign_id}:getEstimate", Access::kAdmin,
     &Unary<v1::GetEstimateRequest, v1::GetEstimateResponse, &S::DoGetEstimate>},
    {"GET", "/v1/campaigns/{campaign_id}/estimate", Access::kAdmin,
     &Unary<v1::GetEstimateRequest, v1::GetEstimateResponse, &S::DoGetEstimate>},
    {"GET", "/v1/campaigns/{campaign_id}/judgments", Access::kAdmin,
     &Export<v1::ExportJudgmentsRequest, v1::ExportedJudgment, &S::DoExportJudgments>},
    {"GET", "/v1/campaigns/{campaign_id}/scores", Access::kAdmin,
     &Export<v1::ExportScoresRequest, v1::ExportedScore, &S::DoExportScores>},
    {"GET", "/v1/campaigns/{campaign_id}/screens", Access::kAdmin,
     &Export<v1::ExportScreensRequest, v1::ExportedScreen, &S::DoExportScreens>},
    // Annotator links (annotator_links.cc).
    {"POST", "/v1/campaigns/{campaign_id}/annotators", Access::kAdmin,
     &Unary<v1::AddAnnotatorsRequest, v1::AddAnnotatorsResponse, &S::DoAddAnnotators>},
    {"GET", "/v1/campaigns/{campaign_id}/annotators", Access::kAdmin,
     &Unary<v1::ListAnnotatorsRequest, v1::ListAnnotatorsResponse, &S::DoListAnnotators>},
    {"POST", "/v1/campaigns/{campaign_id}/annotators:revoke", Access::kAdmin,
     &Unary<v1::RevokeAnnotatorRequest, v1::AnnotatorLink, &S::DoRevokeAnnotator>},
};

// A request's route and the campaign id of its path, or the answer when there is none.
struct Resolved {
  const Route* route = nullptr;
  std::optional<uint64_t> campaign_id;
  std::optional<HttpResponse> error;
};

// A campaign id as the path spells it: decimal digits, 1..2^64-1.
std::optional<uint64_t> ParseCampaignId(std::string_view text) {
  uint64_t id = 0;
  if (text.empty() || text.size() > 20 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id == 0) return std::nullopt;
  return id;
}

Resolved Resolve(const HttpRequest& request) {
  const std::string_view path = request.path;
  // The path with its campaign id replaced by "{campaign_id}".
  std::string shape;
  std::string_view id_text;
  if (path.starts_with(kCollection)) {
    std::string_view rest = path.substr(kCollection.size());
    if (rest.empty() || rest.front() == ':') {
      shape = path;
    } else if (rest.front() == '/') {
      rest.remove_prefix(1);
      const size_t end = std::min(rest.find_first_of(":/"), rest.size());
      id_text = rest.substr(0, end);
      if (!id_text.empty()) shape = std::string(kIdShape) + std::string(rest.substr(end));
    }
  }
  Resolved r;
  std::string allow;
  for (const Route& route : kRoutes) {
    if (route.shape != shape) continue;
    if (route.method == request.method) r.route = &route;
    allow += (allow.empty() ? "" : ", ") + std::string(route.method);
  }
  if (allow.empty()) {
    r.error = ErrorResponse(404, "NOT_FOUND",
                            "no route for " + request.method + " " + request.path +
                                "; the API's routes are under /v1/campaigns (docs/http.md)");
    return r;
  }
  if (!r.route) {
    r.error = ErrorResponse(405, "UNIMPLEMENTED",
                            request.path + " takes " + allow + ", not " + request.method);
    r.error->headers.emplace_back("Allow", allow);
    return r;
  }
  if (!id_text.empty()) {
    r.campaign_id = ParseCampaignId(id_text);
    if (!r.campaign_id) {
      r.error = ErrorResponse(
          400, "INVALID_ARGUMENT",
          "campaign id '" + std::string(id_text) + "' is not a number in 1..18446744073709551615");
      r.route = nullptr;
    }
  }
  return r;
}

HttpResponse TooLarge(const HttpRequest& request) {
  // gRPC answers a message over its limit with RESOURCE_EXHAUSTED; HTTP's status is 413.
  return ErrorResponse(413, "RESOURCE_EXHAUSTED",
                       "the request body is over the server's limit of " +
                           std::to_string(request.body_limit) + " bytes");
}

// A JSON answer's entity tag: FNV-1a (64 bits) over its bytes, in hex and quotes. It
// changes whenever a byte does (up to a 2^-64 collision), so a poller that sends it back
// in If-None-Match gets 304 and no body while nothing changed.
std::string JsonEntityTag(std::string_view body) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : body) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string tag = "\"j";
  for (int shift = 60; shift >= 0; shift -= 4) tag += kHex[(hash >> shift) & 0xf];
  return tag + "\"";
}

// A GET's whole JSON answer gets an ETag; one the client already holds (If-None-Match) is
// answered 304 without a body. Streamed exports and errors are sent as they are.
void ApplyEntityTag(const HttpRequest& request, HttpResponse* response) {
  if (request.method != "GET" || response->status != 200 || response->stream) return;
  std::string tag = JsonEntityTag(response->body);
  if (request.if_none_match && IfNoneMatchNames(*request.if_none_match, tag)) {
    response->status = 304;
    response->body.clear();
    std::erase_if(response->headers, [](const auto& h) { return h.first == "Content-Type"; });
  }
  response->headers.emplace_back("ETag", std::move(tag));
}

CallContext ContextOf(const HttpRequest& request) {
  return CallContext(request.authorization, "header", CallContext::Clock::time_point::max(),
                     request.client_gone, request.peer);
}

}  // namespace

std::optional<HttpResponse> HttpApi::Admit(const HttpRequest& request) {
  Resolved r = Resolve(request);
  if (r.error) return std::move(r.error);
  if (request.body_over_limit) return TooLarge(request);
  const CallContext context = ContextOf(request);
  grpc::Status auth = service_->Authenticate(&context, r.route->access);
  if (!auth.ok()) return ErrorResponse(auth);
  return std::nullopt;
}

HttpResponse HttpApi::Handle(const HttpRequest& request) {
  Resolved r = Resolve(request);
  if (r.error) return std::move(*r.error);
  if (request.body_over_limit) return TooLarge(request);
  const CallContext context = ContextOf(request);
  const Call call{request, context, r.campaign_id, *service_, producers_};
  HttpResponse response = r.route->handle(call);
  ApplyEntityTag(request, &response);
  return response;
}

}  // namespace tourney::service
