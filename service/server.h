// TourneyServer: a running tourneyd — the store, the commit queue, the Tournament service,
// the standard health service and server reflection, behind one gRPC server; and, when
// asked, the same service as a JSON API over HTTP (http_api.h).
//
// Start() opens the data directory, replays it (TournamentService::Load), and only then
// starts listening, so a client never sees a partly loaded server.
// Thread safety: Shutdown() and Wait() may be called from any thread.
#ifndef TOURNEY_SERVICE_SERVER_H_
#define TOURNEY_SERVICE_SERVER_H_

#include <grpcpp/server.h>

#include <memory>
#include <string>
#include <vector>

#include "commit_queue.h"
#include "http_api.h"
#include "http_server.h"
#include "metrics.h"
#include "metrics_http.h"
#include "storage.h"
#include "tournament_service.h"
#include "web_assets.h"

namespace tourney::service {

struct ServerOptions {
  std::string data_dir;                   // REQUIRED: where tourney.db lives
  std::string listen = "127.0.0.1:7447";  // host:port; port 0 picks a free port
  std::string admin_token;                // REQUIRED: bearer token of admin calls
  std::string tls_cert_pem;               // PEM certificate chain; TLS when set (with key)
  std::string tls_key_pem;                // PEM private key
  int max_message_bytes = 4 << 20;        // largest request message accepted
  ServiceLimits limits;                   // per-request and per-campaign limits
  int metrics_port = -1;                  // Prometheus /metrics over HTTP: -1 off, 0 any port
  std::string metrics_address = "127.0.0.1";  // address the metrics port binds
  // The HTTP/JSON API's address, as ParseHttpListen takes it ("127.0.0.1:8080", "8080");
  // empty: no HTTP API. It serves TLS with tls_cert_pem and tls_key_pem when they are set.
  std::string http_listen;
  uint64_t http_max_body_bytes = 1 << 20;  // longest HTTP request body (413 past it)
  unsigned http_max_connections = 512;     // HTTP connections at once (http_server.h)
  unsigned http_max_connections_per_client = 64;  // HTTP connections from one address
  unsigned http_request_timeout_s = 30;  // a request's line, headers and body, in all
  // Host names the HTTP API answers besides its listening address and the loopback names
  // (AllowedHosts in http_server.h): the names clients reach it by.
  std::vector<std::string> http_public_names;
};

// OK when `listen` is an address tourneyd can be asked to listen on: HOST:PORT with PORT
// in 0..65535 (0 picks a free port) and HOST an IPv4 literal, a bracketed IPv6 literal
// ("[::1]") or a host name; or unix:PATH. InvalidArgument saying what is wrong otherwise
// (gRPC would pick another port for 99999 and log a raw error for "garbage").
Status CheckListenAddress(const std::string& listen);

class TourneyServer {
 public:
  // InvalidArgument for missing options, a listen address CheckListenAddress refuses, or
  // a TLS certificate and key that are not PEM or do not match; the Store's errors for the
  // data directory; IoError when the address, the metrics address or the HTTP address
  // cannot be bound (a port in use: SO_REUSEPORT is off, so a second server never shares a
  // port; InvalidArgument for a metrics address that is not an IP literal, or an HTTP
  // address ParseHttpListen refuses).
  static StatusOr<std::unique_ptr<TourneyServer>> Start(const ServerOptions& options);

  // Owns threads and the database.
  TourneyServer(const TourneyServer&) = delete;
  TourneyServer& operator=(const TourneyServer&) = delete;
  // Shutdown().
  ~TourneyServer();

  // The port bound (the chosen one when the address asked for port 0).
  int port() const { return port_; }
  // The metrics port bound; 0 when metrics are off.
  int metrics_port() const { return metrics_port_; }
  // The HTTP API's port bound; 0 when the HTTP API is off.
  int http_port() const { return http_port_; }
  // The Tournament service (tests set its hooks through it).
  TournamentService& service() { return *service_; }
  // Number of group commits so far.
  int64_t commit_batches() const { return queue_->batches(); }

  // Stops accepting calls, lets running ones finish (at most `grace_ms`), then commits
  // what is queued. Idempotent.
  void Shutdown(int grace_ms = 2000);
  // Blocks until Shutdown() is called.
  void Wait();

 private:
  TourneyServer() = default;

  std::unique_ptr<ServiceMetrics> metrics_;  // null when metrics are off; outlives server_
  std::unique_ptr<Store> store_;
  std::unique_ptr<CommitQueue> queue_;
  std::unique_ptr<TournamentService> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<MetricsHttpServer> metrics_http_;
  std::unique_ptr<HttpApi> http_api_;        // null when the HTTP API is off
  std::unique_ptr<WebFrontend> http_web_;    // the pages, then http_api_; null with it
  std::unique_ptr<HttpServer> http_server_;  // calls http_api_; stopped before it goes
  int port_ = 0;
  int metrics_port_ = 0;
  int http_port_ = 0;
  std::mutex shutdown_mu_;
  bool shut_down_ = false;  // guarded by shutdown_mu_
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_SERVER_H_
