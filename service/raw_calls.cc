// The gRPC transport of the service core. The RPCs whose requests carry strings are taken
// as raw bytes: authenticate from the metadata, then parse, so that a request protobuf
// refuses (a string field with invalid UTF-8) is INVALID_ARGUMENT for an authenticated
// caller and costs an unauthenticated one nothing but UNAUTHENTICATED; their typed bodies
// (Do*) run on the CallExecutor. The other unary and the export RPCs call their Do* body on
// gRPC's thread. Each body gets the call as a CallContext (call_context.h).
#include <grpcpp/grpcpp.h>

#include <condition_variable>
#include <mutex>

#include "auth.h"
#include "live_campaign.h"
#include "tournament_service.h"

namespace tourney::service {
namespace {

// Parses a whole request; false when protobuf refuses the bytes.
bool ParseRequest(const grpc::ByteBuffer& buffer, google::protobuf::Message* message) {
  std::vector<grpc::Slice> slices;
  if (!buffer.Dump(&slices).ok()) return false;
  std::string bytes;
  for (const grpc::Slice& s : slices) {
    bytes.append(reinterpret_cast<const char*>(s.begin()), s.size());
  }
  return message->ParseFromString(bytes);
}

void SerializeResponse(const google::protobuf::Message& message, grpc::ByteBuffer* out) {
  const std::string bytes = message.SerializeAsString();
  grpc::Slice slice(bytes);
  *out = grpc::ByteBuffer(&slice, 1);
}

grpc::Status Unparsable(const google::protobuf::Message& message) {
  return Error(StatusCode::INVALID_ARGUMENT,
               "the request is not a valid " + message.GetTypeName() +
                   ": a string field holds invalid UTF-8, or the bytes are malformed");
}

// An ImportRankings stream read on demand from an executor thread: Next() starts one read
// and waits for it.
class ImportStream final : public grpc::ServerReadReactor<grpc::ByteBuffer> {
 public:
  // Reads the next message: true with it; false at the end of the stream (or when the
  // client went away), or with INVALID_ARGUMENT in `status` for bytes that do not parse.
  bool Next(v1::ImportRankingsRequest* message, grpc::Status* status) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      read_done_ = false;
    }
    StartRead(&buffer_);
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return read_done_; });
    if (!read_ok_) return false;
    message->Clear();
    if (!ParseRequest(buffer_, message)) {
      *status = Unparsable(*message);
      return false;
    }
    return true;
  }
  void OnReadDone(bool ok) override {
    std::lock_guard<std::mutex> lock(mu_);
    read_ok_ = ok;
    read_done_ = true;
    cv_.notify_all();
  }
  void OnDone() override { delete this; }

 private:
  grpc::ByteBuffer buffer_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool read_done_ = false;  // guarded by mu_
  bool read_ok_ = false;    // guarded by mu_
};

// A WatchLeaderboard stream written from an executor thread: Write() starts one write and
// waits for it.
class WatchStream final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  bool Write(const google::protobuf::Message& message) {
    SerializeResponse(message, &buffer_);
    {
      std::lock_guard<std::mutex> lock(mu_);
      write_done_ = false;
    }
    StartWrite(&buffer_);
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return write_done_; });
    return write_ok_;
  }
  void OnWriteDone(bool ok) override {
    std::lock_guard<std::mutex> lock(mu_);
    write_ok_ = ok;
    write_done_ = true;
    cv_.notify_all();
  }
  void OnDone() override { delete this; }

 private:
  grpc::ByteBuffer buffer_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool write_done_ = false;  // guarded by mu_
  bool write_ok_ = false;    // guarded by mu_
};

}  // namespace

grpc::Status TournamentService::Authenticate(const CallContext* context, Access access) {
  if (access == Access::kAdmin) return AuthorizeAdmin(context);
  // Which campaign the call is for is in the request, parsed only after this: here any
  // token the server knows will do; the typed body checks it against the campaign.
  if (context->authorization().size() != 1) {
    return AuthorizeAdmin(context);  // the same errors as every other call
  }
  auto token = ParseBearer(context->authorization().front());
  if (!token.ok()) return Error(StatusCode::UNAUTHENTICATED, token.status().message());
  const std::string digest = Sha256(*token);
  if (ConstantTimeEquals(digest, admin_sha256_)) return grpc::Status::OK;
  std::shared_lock lock(registry_mu_);
  if (by_token_.count(digest) || IsScoringTokenLocked(digest)) return grpc::Status::OK;
  if (auto link = links_.find(digest); link != links_.end()) {
    if (link->second.revoked_unix_ms != 0) {
      return Error(StatusCode::UNAUTHENTICATED,
                   "this annotator link was revoked; ask the organiser for a new one");
    }
    return grpc::Status::OK;
  }
  return Error(StatusCode::UNAUTHENTICATED, "unknown bearer token");
}

template <class Req, class Resp>
grpc::ServerUnaryReactor* TournamentService::RunRaw(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response, Access access,
    grpc::Status (TournamentService::*body)(const CallContext*, const Req*, Resp*)) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto call = std::make_shared<const CallContext>(CallContext::FromGrpc(*context));
  grpc::Status auth = Authenticate(call.get(), access);
  if (!auth.ok()) {
    reactor->Finish(auth);
    return reactor;
  }
  auto typed = std::make_shared<Req>();
  if (!ParseRequest(*request, typed.get())) {
    reactor->Finish(Unparsable(*typed));
    return reactor;
  }
  executor_.Run([this, call, typed, response, reactor, body] {
    Resp result;
    grpc::Status s = (this->*body)(call.get(), typed.get(), &result);
    if (s.ok()) SerializeResponse(result, response);
    reactor->Finish(s);
  });
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::CreateCampaign(grpc::CallbackServerContext* context,
                                                            const grpc::ByteBuffer* request,
                                                            grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAdmin, &TournamentService::DoCreateCampaign);
}

grpc::ServerUnaryReactor* TournamentService::NextMatch(grpc::CallbackServerContext* context,
                                                       const grpc::ByteBuffer* request,
                                                       grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator, &TournamentService::DoNextMatch);
}

grpc::ServerUnaryReactor* TournamentService::SubmitJudgment(grpc::CallbackServerContext* context,
                                                            const grpc::ByteBuffer* request,
                                                            grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator,
                &TournamentService::DoSubmitJudgment);
}

grpc::ServerUnaryReactor* TournamentService::GetLeaderboard(grpc::CallbackServerContext* context,
                                                            const grpc::ByteBuffer* request,
                                                            grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAdmin, &TournamentService::DoGetLeaderboard);
}

grpc::ServerUnaryReactor* TournamentService::ExcludeAnnotator(grpc::CallbackServerContext* context,
                                                              const grpc::ByteBuffer* request,
                                                              grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAdmin, &TournamentService::DoExcludeAnnotator);
}

grpc::ServerUnaryReactor* TournamentService::GetAnnotatorProgress(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator,
                &TournamentService::DoGetAnnotatorProgress);
}

grpc::ServerUnaryReactor* TournamentService::CreateScoringCampaign(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAdmin,
                &TournamentService::DoCreateScoringCampaign);
}

grpc::ServerUnaryReactor* TournamentService::NextItem(grpc::CallbackServerContext* context,
                                                      const grpc::ByteBuffer* request,
                                                      grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator, &TournamentService::DoNextItem);
}

grpc::ServerUnaryReactor* TournamentService::SubmitScore(grpc::CallbackServerContext* context,
                                                         const grpc::ByteBuffer* request,
                                                         grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator, &TournamentService::DoSubmitScore);
}

grpc::ServerUnaryReactor* TournamentService::NextScreen(grpc::CallbackServerContext* context,
                                                        const grpc::ByteBuffer* request,
                                                        grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator, &TournamentService::DoNextScreen);
}

grpc::ServerUnaryReactor* TournamentService::SubmitScreen(grpc::CallbackServerContext* context,
                                                          const grpc::ByteBuffer* request,
                                                          grpc::ByteBuffer* response) {
  return RunRaw(context, request, response, Access::kAnnotator,
                &TournamentService::DoSubmitScreen);
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* TournamentService::WatchLeaderboard(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request) {
  auto* stream = new WatchStream();
  auto call = std::make_shared<const CallContext>(CallContext::FromGrpc(*context));
  grpc::Status auth = AuthorizeAdmin(call.get());
  if (!auth.ok()) {
    stream->Finish(auth);
    return stream;
  }
  auto typed = std::make_shared<v1::WatchLeaderboardRequest>();
  if (!ParseRequest(*request, typed.get())) {
    stream->Finish(Unparsable(*typed));
    return stream;
  }
  executor_.Run([this, call, stream, typed] {
    grpc::Status s =
        DoWatchLeaderboard(call.get(), typed.get(),
                           [stream](const v1::Leaderboard& board) { return stream->Write(board); });
    stream->Finish(s);
  });
  return stream;
}

grpc::ServerReadReactor<grpc::ByteBuffer>* TournamentService::ImportRankings(
    grpc::CallbackServerContext* context, grpc::ByteBuffer* response) {
  auto* stream = new ImportStream();
  auto call = std::make_shared<const CallContext>(CallContext::FromGrpc(*context));
  grpc::Status auth = AuthorizeAdmin(call.get());
  if (!auth.ok()) {
    stream->Finish(auth);
    return stream;
  }
  executor_.Run([this, call, stream, response] {
    v1::ImportRankingsResponse result;
    grpc::Status s = DoImportRankings(
        call.get(),
        [stream](v1::ImportRankingsRequest* m, grpc::Status* st) { return stream->Next(m, st); },
        &result);
    if (s.ok()) SerializeResponse(result, response);
    stream->Finish(s);
  });
  return stream;
}

// ---------------------------------------------------------------------------------------
// The methods gRPC parses itself: their bodies run on gRPC's thread.

grpc::Status TournamentService::GetPairCounts(grpc::ServerContext* context,
                                              const v1::GetPairCountsRequest* request,
                                              v1::PairCountsMatrix* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoGetPairCounts(&call, request, response);
}

grpc::Status TournamentService::ListCampaigns(grpc::ServerContext* context,
                                              const v1::ListCampaignsRequest* request,
                                              v1::ListCampaignsResponse* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoListCampaigns(&call, request, response);
}

grpc::Status TournamentService::GetCampaign(grpc::ServerContext* context,
                                            const v1::GetCampaignRequest* request,
                                            v1::CampaignInfo* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoGetCampaign(&call, request, response);
}

grpc::Status TournamentService::CloseCampaign(grpc::ServerContext* context,
                                              const v1::CloseCampaignRequest* request,
                                              v1::CampaignInfo* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoCloseCampaign(&call, request, response);
}

grpc::Status TournamentService::GetAnnotatorStats(grpc::ServerContext* context,
                                                  const v1::GetAnnotatorStatsRequest* request,
                                                  v1::AnnotatorStatsResponse* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoGetAnnotatorStats(&call, request, response);
}

grpc::Status TournamentService::GetEstimate(grpc::ServerContext* context,
                                            const v1::GetEstimateRequest* request,
                                            v1::GetEstimateResponse* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoGetEstimate(&call, request, response);
}

grpc::Status TournamentService::ExportJudgments(grpc::ServerContext* context,
                                                const v1::ExportJudgmentsRequest* request,
                                                grpc::ServerWriter<v1::ExportedJudgment>* writer) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoExportJudgments(&call, request,
                           [writer](const v1::ExportedJudgment& j) { return writer->Write(j); });
}

grpc::Status TournamentService::ExportScores(grpc::ServerContext* context,
                                             const v1::ExportScoresRequest* request,
                                             grpc::ServerWriter<v1::ExportedScore>* writer) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoExportScores(&call, request,
                        [writer](const v1::ExportedScore& row) { return writer->Write(row); });
}

grpc::Status TournamentService::ExportScreens(grpc::ServerContext* context,
                                              const v1::ExportScreensRequest* request,
                                              grpc::ServerWriter<v1::ExportedScreen>* writer) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoExportScreens(&call, request,
                         [writer](const v1::ExportedScreen& row) { return writer->Write(row); });
}

}  // namespace tourney::service
