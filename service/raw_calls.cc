// The RPCs whose requests carry strings, taken as raw bytes: authenticate from the
// metadata, then parse, so that a request protobuf refuses (a string field with invalid
// UTF-8) is INVALID_ARGUMENT for an authenticated caller and costs an unauthenticated one
// nothing but UNAUTHENTICATED. The typed bodies (Do*) run on the CallExecutor.
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

grpc::Status TournamentService::Authenticate(const grpc::ServerContextBase* context,
                                             Access access) {
  if (access == Access::kAdmin) return AuthorizeAdmin(context);
  // Which campaign the call is for is in the request, parsed only after this: here any
  // token the server knows will do; the typed body checks it against the campaign.
  const auto& metadata = context->client_metadata();
  const auto range = metadata.equal_range("authorization");
  if (range.first == range.second || std::next(range.first) != range.second) {
    return AuthorizeAdmin(context);  // the same errors as every other call
  }
  auto token =
      ParseBearer(std::string_view(range.first->second.data(), range.first->second.size()));
  if (!token.ok()) return Error(StatusCode::UNAUTHENTICATED, token.status().message());
  const std::string digest = Sha256(*token);
  if (ConstantTimeEquals(digest, admin_sha256_)) return grpc::Status::OK;
  std::shared_lock lock(registry_mu_);
  if (by_token_.count(digest) || IsScoringTokenLocked(digest)) return grpc::Status::OK;
  return Error(StatusCode::UNAUTHENTICATED, "unknown bearer token");
}

template <class Req, class Resp>
grpc::ServerUnaryReactor* TournamentService::RunRaw(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response, Access access,
    grpc::Status (TournamentService::*body)(grpc::ServerContextBase*, const Req*, Resp*)) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  grpc::Status auth = Authenticate(context, access);
  if (!auth.ok()) {
    reactor->Finish(auth);
    return reactor;
  }
  auto typed = std::make_shared<Req>();
  if (!ParseRequest(*request, typed.get())) {
    reactor->Finish(Unparsable(*typed));
    return reactor;
  }
  executor_.Run([this, context, typed, response, reactor, body] {
    Resp result;
    grpc::Status s = (this->*body)(context, typed.get(), &result);
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

grpc::ServerWriteReactor<grpc::ByteBuffer>* TournamentService::WatchLeaderboard(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request) {
  auto* stream = new WatchStream();
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) {
    stream->Finish(auth);
    return stream;
  }
  auto typed = std::make_shared<v1::WatchLeaderboardRequest>();
  if (!ParseRequest(*request, typed.get())) {
    stream->Finish(Unparsable(*typed));
    return stream;
  }
  executor_.Run([this, context, stream, typed] {
    grpc::Status s =
        DoWatchLeaderboard(context, typed.get(),
                           [stream](const v1::Leaderboard& board) { return stream->Write(board); });
    stream->Finish(s);
  });
  return stream;
}

grpc::ServerReadReactor<grpc::ByteBuffer>* TournamentService::ImportRankings(
    grpc::CallbackServerContext* context, grpc::ByteBuffer* response) {
  auto* stream = new ImportStream();
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) {
    stream->Finish(auth);
    return stream;
  }
  executor_.Run([this, context, stream, response] {
    v1::ImportRankingsResponse result;
    grpc::Status s = DoImportRankings(
        context,
        [stream](v1::ImportRankingsRequest* m, grpc::Status* st) { return stream->Next(m, st); },
        &result);
    if (s.ok()) SerializeResponse(result, response);
    stream->Finish(s);
  });
  return stream;
}

}  // namespace tourney::service
