// MetricsHttpServer: serves the metrics text over HTTP for Prometheus to scrape, with
// libmicrohttpd (Debian's libmicrohttpd-dev) on its own thread.
//
// GET or HEAD /metrics answers 200 with the body of `render()` and Content-Type
// "text/plain; version=0.0.4; charset=utf-8"; any other path is 404 and any other
// method 405. Nothing else is served: no files, no request bodies. It binds one
// address, loopback by default (tourneyd's --metrics-address), because the metrics
// carry no authentication; put a proxy with TLS and authentication in front when a
// remote Prometheus must scrape it.
// Thread safety: `render` is called from the server's thread, concurrently with the
// rest of the program; Start and the destructor from one thread.
#ifndef TOURNEY_SERVICE_METRICS_HTTP_H_
#define TOURNEY_SERVICE_METRICS_HTTP_H_

#include <functional>
#include <memory>
#include <string>

#include "tourney/core/status.h"

struct MHD_Daemon;

namespace tourney::service {

// OK when `address` is an IPv4 or IPv6 literal ("127.0.0.1", "::1"); InvalidArgument naming
// it otherwise.
Status CheckMetricsAddress(const std::string& address);

class MetricsHttpServer {
 public:
  // Listens on `address` (an IPv4 or IPv6 literal, e.g. "127.0.0.1" or "::1") and `port`
  // (0 lets the OS pick; see port()). InvalidArgument for an address that is not a
  // literal or a port outside 0..65535; IoError when it cannot listen.
  static StatusOr<std::unique_ptr<MetricsHttpServer>> Start(const std::string& address, int port,
                                                            std::function<std::string()> render);

  // Owns a listening socket and a thread.
  MetricsHttpServer(const MetricsHttpServer&) = delete;
  MetricsHttpServer& operator=(const MetricsHttpServer&) = delete;
  // Stops listening and joins the thread; no render() runs after it returns.
  ~MetricsHttpServer();

  // The port bound.
  int port() const { return port_; }

 private:
  explicit MetricsHttpServer(std::function<std::string()> render) : render_(std::move(render)) {}

  const std::function<std::string()> render_;
  MHD_Daemon* daemon_ = nullptr;
  int port_ = 0;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_METRICS_HTTP_H_
