// HttpServer: tourneyd's HTTP/1.1 listener (libmicrohttpd, Debian's libmicrohttpd-dev), with
// TLS (GnuTLS, through libmicrohttpd) when given a certificate. It knows nothing of the API:
// an HttpHandler (http_api.h) answers every request.
//
// One thread per connection, so that a handler may block (a group commit, a fit slot)
// without holding up other clients; connections are capped (max_connections) and idle ones
// closed (idle_timeout_s). A request is handled in two steps:
//   1. Admit() sees the request line and headers before any of the body is read, and may
//      answer at once (an unknown route, a wrong method, a bad token, a declared body over
//      the limit); the body is then not read and the connection is closed after the answer.
//   2. Otherwise the body is read, at most max_body_bytes of it, and Handle() answers. A
//      body longer than that (sent chunked, without a Content-Length) is discarded, up to
//      16 times the limit, and Handle() sees body_over_limit; past 16 times the connection
//      is closed without an answer.
// Thread safety: the handler is called from many threads at once. Start and the destructor
// from one thread.
#ifndef TOURNEY_SERVICE_HTTP_SERVER_H_
#define TOURNEY_SERVICE_HTTP_SERVER_H_

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/status.h"

struct MHD_Daemon;

namespace tourney::service {

struct HttpRequest {
  std::string method;  // "GET", "POST", ... as sent
  std::string path;    // percent-decoded, without the query string
  // The query's parameters, percent-decoded, in order (a parameter without '=' has "").
  std::vector<std::pair<std::string, std::string>> query;
  std::vector<std::string> authorization;  // every Authorization header's value, in order
  std::optional<uint64_t> content_length;  // the declared body length, when declared
  // The Origin, Host and If-None-Match headers, when sent (the last one of each).
  std::optional<std::string> origin;
  std::optional<std::string> host;
  std::optional<std::string> if_none_match;
  uint64_t body_limit = 0;                 // the server's limit on body bytes (max_body_bytes)
  // True when the body is longer than body_limit (declared or read); `body` is then empty.
  bool body_over_limit = false;
  std::string body;  // the whole body; empty in Admit()
  // True once the client has closed its end of the connection (it gave up on the call).
  // Callable from any thread while the handler runs.
  std::function<bool()> client_gone;
  // The client's address without its port ("127.0.0.1"); empty when unknown.
  std::string peer;
};

// A response body produced while it is sent (chunked transfer encoding).
class HttpBodySource {
 public:
  virtual ~HttpBodySource() = default;
  // Blocks until bytes are available, then copies at most `max` of them into `buf`: the
  // number copied (> 0); 0 at the end of the body; -1 when the body cannot be completed
  // (the connection is then closed before the body's end, which the client sees).
  virtual ssize_t Read(char* buf, size_t max) = 0;
  // The server needs no more bytes: the body was sent, or the client went away. Called
  // once, from the connection's thread.
  virtual void Close() = 0;
};

struct HttpResponse {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;  // sent as given
  std::string body;                                          // the body, when `stream` is null
  std::shared_ptr<HttpBodySource> stream;                    // a body sent as it is produced
};

class HttpHandler {
 public:
  virtual ~HttpHandler() = default;
  // Before the body: an answer to send at once (the body is then not read), or nullopt
  // to read the body and call Handle().
  virtual std::optional<HttpResponse> Admit(const HttpRequest& request) = 0;
  // With the body read: the answer.
  virtual HttpResponse Handle(const HttpRequest& request) = 0;
};

struct HttpServerOptions {
  std::string address = "127.0.0.1";  // IPv4 or IPv6 literal to bind
  int port = 0;                       // 0 lets the OS pick (see HttpServer::port())
  std::string tls_cert_pem;           // PEM certificate chain: TLS when set (with the key)
  std::string tls_key_pem;            // PEM private key of tls_cert_pem
  uint64_t max_body_bytes = 1 << 20;  // longest request body read (1 MiB)
  unsigned max_connections = 512;     // open connections at once; more are refused
  unsigned idle_timeout_s = 60;       // an idle connection is closed after this long
};

// Where the HTTP API listens: an IP literal and a port.
struct HttpListenAddress {
  std::string address;  // "127.0.0.1", "::1", "0.0.0.0", ...
  int port = 0;         // 0 lets the OS pick
};

// Parses tourneyd's --http-listen: "HOST:PORT" with HOST an IPv4 literal, a bracketed IPv6
// literal ("[::1]:8080") or "localhost" (127.0.0.1); or only the port ("8080" or ":8080"),
// which means loopback, 127.0.0.1. PORT is in 0..65535 (0 picks a free port).
// InvalidArgument naming what is wrong otherwise (host names are not resolved).
StatusOr<HttpListenAddress> ParseHttpListen(std::string_view listen);

class HttpServer {
 public:
  // Listens and serves with `handler`, which must outlive the server. InvalidArgument for
  // an address that is not an IP literal, a port outside 0..65535, or TLS asked of a
  // libmicrohttpd built without it; IoError when it cannot listen (or TLS does not start
  // with the certificate and key).
  static StatusOr<std::unique_ptr<HttpServer>> Start(const HttpServerOptions& options,
                                                     HttpHandler* handler);

  // Owns a listening socket and threads.
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  // Stops listening, closes every connection and joins their threads: no handler runs after
  // it returns (a handler still running is waited for).
  ~HttpServer();

  // The port bound.
  int port() const { return port_; }
  uint64_t max_body_bytes() const { return options_.max_body_bytes; }

  // For the request callbacks (http_server.cc).
  HttpHandler* handler() const { return handler_; }

 private:
  HttpServer(HttpServerOptions options, HttpHandler* handler)
      : options_(std::move(options)), handler_(handler) {}

  const HttpServerOptions options_;  // keeps the PEM strings alive while the daemon runs
  HttpHandler* const handler_;
  MHD_Daemon* daemon_ = nullptr;
  int port_ = 0;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_HTTP_SERVER_H_
