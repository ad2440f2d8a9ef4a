#include "server.h"

#include <arpa/inet.h>
#include <google/protobuf/stubs/logging.h>
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>
#include <netinet/in.h>
#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "rpc_metrics_interceptor.h"

namespace tourney::service {
namespace {

// InvalidArgument naming what is wrong with a TLS certificate chain and key: gRPC would only
// fail to start the listener.
Status CheckTlsPair(const std::string& cert_pem, const std::string& key_pem) {
  using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
  Bio cert_bio(BIO_new_mem_buf(cert_pem.data(), static_cast<int>(cert_pem.size())), BIO_free);
  Bio key_bio(BIO_new_mem_buf(key_pem.data(), static_cast<int>(key_pem.size())), BIO_free);
  if (!cert_bio || !key_bio) return Internal("out of memory reading the TLS files");
  std::unique_ptr<X509, decltype(&X509_free)> cert(
      PEM_read_bio_X509(cert_bio.get(), nullptr, nullptr, nullptr), X509_free);
  if (!cert) {
    return InvalidArgument(
        "the TLS certificate is not a PEM certificate (expected '-----BEGIN CERTIFICATE-----')");
  }
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(
      PEM_read_bio_PrivateKey(key_bio.get(), nullptr, nullptr, nullptr), EVP_PKEY_free);
  if (!key) {
    return InvalidArgument(
        "the TLS key is not an unencrypted PEM private key (expected '-----BEGIN PRIVATE "
        "KEY-----' or a similar header)");
  }
  if (X509_check_private_key(cert.get(), key.get()) != 1) {
    return InvalidArgument("the TLS key does not match the certificate's public key");
  }
  return Status::Ok();
}

// Protobuf logs every string field with invalid UTF-8 it refuses to parse. Requests are
// parsed only after authentication (raw_calls.cc), but an authenticated client could still
// fill the log: such lines are written at most once a minute, with the number left out.
// Every other protobuf message is written as protobuf's default handler writes it.
void FilterProtobufLog(google::protobuf::LogLevel level, const char* file, int line,
                       const std::string& message) {
  static const char* const kLevels[] = {"INFO", "WARNING", "ERROR", "FATAL"};
  const char* level_name = level >= 0 && level < 4 ? kLevels[level] : "?";
  std::string suffix;
  if (message.find("invalid UTF-8") != std::string::npos) {
    static std::mutex mu;
    static std::chrono::steady_clock::time_point last;
    static int64_t suppressed = 0;
    std::lock_guard<std::mutex> lock(mu);
    const auto now = std::chrono::steady_clock::now();
    if (last.time_since_epoch().count() != 0 && now - last < std::chrono::minutes(1)) {
      ++suppressed;
      return;
    }
    last = now;
    if (suppressed > 0) {
      suffix = " (" + std::to_string(suppressed) + " more such lines in the last minute)";
    }
    suppressed = 0;
  }
  std::fprintf(stderr, "[libprotobuf %s %s:%d] %s%s\n", level_name, file, line, message.c_str(),
               suffix.c_str());
}

}  // namespace

Status CheckListenAddress(const std::string& listen) {
  const std::string quoted = "listen address '" + listen + "'";
  if (listen.rfind("unix:", 0) == 0) {
    if (listen.size() == 5) return InvalidArgument(quoted + ": unix: needs a socket path");
    return Status::Ok();
  }
  const size_t colon = listen.rfind(':');
  if (colon == std::string::npos) {
    return InvalidArgument(quoted + " is not HOST:PORT (for example 127.0.0.1:7447)");
  }
  const std::string host = listen.substr(0, colon), port = listen.substr(colon + 1);
  if (port.empty() || port.size() > 5 ||
      !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      std::stoi(port) > 65535) {
    return InvalidArgument(quoted + ": port '" + port +
                           "' is not in 0..65535 (0 picks a free port)");
  }
  if (host.empty()) {
    return InvalidArgument(quoted +
                           " names no host (0.0.0.0 for every IPv4 interface, [::] "
                           "for every interface)");
  }
  if (host.front() == '[') {
    in6_addr v6{};
    if (host.back() != ']' ||
        inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &v6) != 1) {
      return InvalidArgument(quoted + ": '" + host + "' is not a bracketed IPv6 address");
    }
    return Status::Ok();
  }
  if (host.find(':') != std::string::npos) {
    return InvalidArgument(quoted + ": write an IPv6 address in brackets ([::1]:7447)");
  }
  const bool numeric = std::all_of(host.begin(), host.end(),
                                   [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
  in_addr v4{};
  if (numeric && inet_pton(AF_INET, host.c_str(), &v4) != 1) {
    return InvalidArgument(quoted + ": '" + host + "' is not an IPv4 address");
  }
  const bool name_chars = std::all_of(host.begin(), host.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-';
  });
  if (!name_chars) {
    return InvalidArgument(quoted + ": '" + host + "' is not an IP address or a host name");
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<TourneyServer>> TourneyServer::Start(const ServerOptions& options) {
  if (options.data_dir.empty()) return InvalidArgument("a data directory is required");
  if (options.admin_token.empty()) return InvalidArgument("an admin token is required");
  if (Status s = CheckListenAddress(options.listen); !s.ok()) return s;
  if (options.tls_cert_pem.empty() != options.tls_key_pem.empty()) {
    return InvalidArgument("TLS needs both a certificate and a key");
  }
  if (!options.tls_cert_pem.empty()) {
    Status s = CheckTlsPair(options.tls_cert_pem, options.tls_key_pem);
    if (!s.ok()) return s;
  }
  if (options.max_message_bytes < 1024) {
    return InvalidArgument("the message size limit must be at least 1024 bytes");
  }
  if (options.metrics_port < -1 || options.metrics_port > 65535) {
    return InvalidArgument("the metrics port must be in 0..65535 (or -1 for none)");
  }
  std::optional<HttpListenAddress> http_address;
  if (!options.http_listen.empty()) {
    auto parsed = ParseHttpListen(options.http_listen);
    if (!parsed.ok()) return parsed.status();
    http_address = *parsed;
  }
  if (options.http_max_body_bytes < 1024) {
    return InvalidArgument("the HTTP body size limit must be at least 1024 bytes");
  }
  static std::once_flag log_filter;
  std::call_once(log_filter, [] { google::protobuf::SetLogHandler(&FilterProtobufLog); });
  std::unique_ptr<TourneyServer> server(new TourneyServer());
  CommitObserver observer;
  if (options.metrics_port >= 0) {
    server->metrics_ = std::make_unique<ServiceMetrics>();
    observer = [metrics = server->metrics_.get()](int64_t ops, int64_t judgments) {
      metrics->RecordCommit(ops, judgments);
    };
  }
  auto store = Store::Open(options.data_dir);
  if (!store.ok()) return store.status();
  server->store_ = std::move(*store);
  server->queue_ = std::make_unique<CommitQueue>(server->store_.get(), std::move(observer));
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
  // Without SO_REUSEPORT (gRPC sets it by default) a second server on a busy port fails
  // to listen instead of silently sharing the port and splitting the clients' calls.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddListeningPort(options.listen, credentials, &server->port_);
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  builder.SetMaxSendMessageSize(64 << 20);
  builder.RegisterService(server->service_.get());
  if (server->metrics_) {
    std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> creators;
    creators.push_back(std::make_unique<RpcMetricsInterceptorFactory>(server->metrics_.get()));
    builder.experimental().SetInterceptorCreators(std::move(creators));
  }
  server->server_ = builder.BuildAndStart();
  if (!server->server_ || server->port_ == 0) {
    return IoError("cannot listen on " + options.listen +
                   " (is the port in use, or the address not one of this machine's?)");
  }
  if (auto* health = server->server_->GetHealthCheckService()) {
    health->SetServingStatus(true);
    health->SetServingStatus("tourney.v1.Tournament", true);
  }
  if (server->metrics_) {
    TournamentService* service = server->service_.get();
    server->metrics_->SetGauges([service] { return service->Gauges(); });
    auto http = MetricsHttpServer::Start(
        options.metrics_address, options.metrics_port,
        [metrics = server->metrics_.get()] { return metrics->Render(); });
    if (!http.ok()) return http.status();
    server->metrics_http_ = std::move(*http);
    server->metrics_port_ = server->metrics_http_->port();
  }
  if (http_address) {
    server->http_api_ = std::make_unique<HttpApi>(server->service_.get());
    server->http_web_ = std::make_unique<WebFrontend>(server->http_api_.get());
    HttpServerOptions http;
    http.address = http_address->address;
    http.port = http_address->port;
    http.tls_cert_pem = options.tls_cert_pem;
    http.tls_key_pem = options.tls_key_pem;
    http.max_body_bytes = options.http_max_body_bytes;
    http.max_connections = options.http_max_connections;
    http.max_connections_per_client = options.http_max_connections_per_client;
    http.request_timeout_s = options.http_request_timeout_s;
    http.check_host = true;
    http.allowed_hosts = AllowedHosts(http_address->address, options.http_public_names);
    auto started = HttpServer::Start(http, server->http_web_.get());
    if (!started.ok()) return started.status();
    server->http_server_ = std::move(*started);
    server->http_port_ = server->http_server_->port();
  }
  return server;
}

TourneyServer::~TourneyServer() { Shutdown(); }

void TourneyServer::Shutdown(int grace_ms) {
  std::lock_guard<std::mutex> lock(shutdown_mu_);
  if (shut_down_) return;
  shut_down_ = true;
  metrics_http_.reset();  // no scrape reads the service while it stops
  if (service_) service_->BeginShutdown();
  // HTTP calls finish (a commit they wait for still happens) and connections close; then
  // the exports' producers, which end once their connection is gone.
  http_server_.reset();
  http_web_.reset();
  http_api_.reset();
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
