// CallContext: what the service core knows of a call whichever transport carried it — the
// caller's credentials, the call's deadline, and whether the caller has gone away.
//
// TournamentService's typed RPC bodies (the Do* methods) read the caller only through a
// CallContext, so that gRPC (raw_calls.cc builds one from the grpc::ServerContextBase) and
// the HTTP/JSON API (http_api.cc builds one from the request's headers and socket) share
// one body per RPC.
// Thread safety: a CallContext is immutable; IsCancelled() may be called from any thread
// (it calls the transport's check).
#ifndef TOURNEY_SERVICE_CALL_CONTEXT_H_
#define TOURNEY_SERVICE_CALL_CONTEXT_H_

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace grpc {
class ServerContextBase;
}

namespace tourney::service {

class CallContext {
 public:
  using Clock = std::chrono::system_clock;

  // `authorization`: every value of the call's authorization entries, in the order received
  // (none, one, or several; the core refuses all but exactly one). `carrier` names where a
  // client puts the token, for error messages: "metadata" (gRPC) or "header" (HTTP).
  // `deadline`: when the caller stops waiting (Clock::time_point::max() for never).
  // `cancelled`: true once the caller has gone away; empty when the transport cannot tell.
  // `peer`: the client's address without its port ("127.0.0.1", "::1"); empty when the
  // transport does not say. Open-enrolment campaigns cap leases per peer.
  CallContext(std::vector<std::string> authorization, std::string carrier,
              Clock::time_point deadline, std::function<bool()> cancelled,
              std::string peer = std::string());

  // The context of a gRPC call: its "authorization" metadata, deadline, cancellation and
  // peer ("ipv4:1.2.3.4:5" read as "1.2.3.4", "ipv6:[::1]:5" as "::1").
  // REQUIRES: `context` outlives the returned CallContext.
  static CallContext FromGrpc(const grpc::ServerContextBase& context);

  const std::vector<std::string>& authorization() const { return authorization_; }
  const std::string& carrier() const { return carrier_; }
  const std::string& peer() const { return peer_; }
  Clock::time_point deadline() const { return deadline_; }
  // True once the caller cancelled the call or went away.
  bool IsCancelled() const { return cancelled_ && cancelled_(); }

 private:
  const std::vector<std::string> authorization_;
  const std::string carrier_;
  const Clock::time_point deadline_;
  const std::function<bool()> cancelled_;
  const std::string peer_;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_CALL_CONTEXT_H_
