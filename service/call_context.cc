#include "call_context.h"

#include <grpcpp/server_context.h>

namespace tourney::service {

CallContext::CallContext(std::vector<std::string> authorization, std::string carrier,
                         Clock::time_point deadline, std::function<bool()> cancelled)
    : authorization_(std::move(authorization)),
      carrier_(std::move(carrier)),
      deadline_(deadline),
      cancelled_(std::move(cancelled)) {}

CallContext CallContext::FromGrpc(const grpc::ServerContextBase& context) {
  std::vector<std::string> authorization;
  const auto range = context.client_metadata().equal_range("authorization");
  for (auto it = range.first; it != range.second; ++it) {
    authorization.emplace_back(it->second.data(), it->second.size());
  }
  return CallContext(std::move(authorization), "metadata", context.deadline(),
                     [&context] { return context.IsCancelled(); });
}

}  // namespace tourney::service
