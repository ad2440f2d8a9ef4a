#include "server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <chrono>

namespace tourney::service {

StatusOr<std::unique_ptr<TourneyServer>> TourneyServer::Start(const ServerOptions& options) {
  if (options.data_dir.empty()) return InvalidArgument("a data directory is required");
  if (options.admin_token.empty()) return InvalidArgument("an admin token is required");
  if (options.tls_cert_pem.empty() != options.tls_key_pem.empty()) {
    return InvalidArgument("TLS needs both a certificate and a key");
  }
  if (options.max_message_bytes < 1024) {
    return InvalidArgument("the message size limit must be at least 1024 bytes");
  }
  std::unique_ptr<TourneyServer> server(new TourneyServer());
  auto store = Store::Open(options.data_dir);
  if (!store.ok()) return store.status();
  server->store_ = std::move(*store);
  server->queue_ = std::make_unique<CommitQueue>(server->store_.get());
  server->service_ = std::make_unique<TournamentService>(options.admin_token, options.limits,
                                                         server->store_.get(),
                                                         server->queue_.get());
  Status s = server->service_->Load();
  if (!s.ok()) return s;
  s = server->store_->StartBoot();
  if (!s.ok()) return s;

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  std::shared_ptr<grpc::ServerCredentials> credentials;
  if (!options.tls_cert_pem.empty()) {
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({options.tls_key_pem, options.tls_cert_pem});
    credentials = grpc::SslServerCredentials(ssl);
  } else {
    credentials = grpc::InsecureServerCredentials();
  }
  builder.AddListeningPort(options.listen, credentials, &server->port_);
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  builder.SetMaxSendMessageSize(64 << 20);
  builder.RegisterService(server->service_.get());
  server->server_ = builder.BuildAndStart();
  if (!server->server_ || server->port_ == 0) {
    return IoError("cannot listen on " + options.listen);
  }
  if (auto* health = server->server_->GetHealthCheckService()) {
    health->SetServingStatus(true);
    health->SetServingStatus("tourney.v1.Tournament", true);
  }
  return server;
}

TourneyServer::~TourneyServer() { Shutdown(); }

void TourneyServer::Shutdown(int grace_ms) {
  std::lock_guard<std::mutex> lock(shutdown_mu_);
  if (shut_down_) return;
  shut_down_ = true;
  if (service_) service_->BeginShutdown();
  if (server_) {
    if (auto* health = server_->GetHealthCheckService()) health->SetServingStatus(false);
    server_->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(grace_ms));
  }
  if (queue_) queue_->Stop();
}

void TourneyServer::Wait() {
  if (server_) server_->Wait();
}

}  // namespace tourney::service
