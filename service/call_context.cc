#include "call_context.h"

#include <grpcpp/server_context.h>

namespace tourney::service {

CallContext::CallContext(std::vector<std::string> authorization, std::string carrier,
                         Clock::time_point deadline, std::function<bool()> cancelled,
                         std::string peer)
    : authorization_(std::move(authorization)),
      carrier_(std::move(carrier)),
      deadline_(deadline),
      cancelled_(std::move(cancelled)),
      peer_(std::move(peer)) {}

namespace {

// gRPC's peer string without the scheme and the port.
std::string GrpcPeerAddress(const std::string& peer) {
  std::string address = peer;
  for (const char* scheme : {"ipv4:", "ipv6:"}) {
    if (address.rfind(scheme, 0) == 0) address = address.substr(5);
  }
  if (!address.empty() && address.front() == '[') {
    const size_t close = address.find(']');
    return close == std::string::npos ? address : address.substr(1, close - 1);
  }
  const size_t colon = address.rfind(':');
  return colon == std::string::npos ? address : address.substr(0, colon);
}

}  // namespace

CallContext CallContext::FromGrpc(const grpc::ServerContextBase& context) {
  std::vector<std::string> authorization;
  const auto range = context.client_metadata().equal_range("authorization");
  for (auto it = range.first; it != range.second; ++it) {
    authorization.emplace_back(it->second.data(), it->second.size());
  }
  return CallContext(std::move(authorization), "metadata", context.deadline(),
                     [&context] { return context.IsCancelled(); },
                     GrpcPeerAddress(context.peer()));
}

}  // namespace tourney::service
