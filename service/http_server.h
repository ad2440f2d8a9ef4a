// HttpServer: tourneyd's HTTP/1.1 listener (libmicrohttpd, Debian's libmicrohttpd-dev), with
// TLS (GnuTLS, through libmicrohttpd) when given a certificate. It knows nothing of the API:
// an HttpHandler (http_api.h) answers every request.
//
// One thread per connection, so that a handler may block (a group commit, a fit slot)
// without holding up other clients. No client can hold the server (docs/http.md, "Limits"):
//   - connections are capped in all (max_connections) and per client, by peer address
//     (max_connections_per_client). A new connection past either cap closes the connection
//     of that address (of any address, for the global cap) that has waited longest for a
//     request; when every one is handling a request, the new connection is closed;
//   - a request's line, headers and body must arrive within request_timeout_s of the
//     connection opening or of the previous answer's end (a total: bytes arriving slowly do
//     not extend it); past it the connection is closed. A connection handling a request
//     has no deadline; an idle one is also closed after idle_timeout_s without a byte.
// A request is handled in steps:
//   0. The server answers itself, with the JSON error body and headers of JsonErrorResponse
//      below: 414 for a request target over 8 KiB, 431 for headers over 16 KiB, 400 for
//      more than one Origin header, and 400 for a Host outside allowed_hosts (when
//      check_host is set: a DNS-rebinding page's requests name its own host).
//   1. Admit() sees the request line and headers before any of the body is read, and may
//      answer at once (an unknown route, a wrong method, a bad token, a declared body over
//      the limit); the body is then not read and the connection is closed after the answer.
//   2. Otherwise the body is read, at most max_body_bytes of it, and Handle() answers. A
//      body longer than that (sent chunked, without a Content-Length) is refused as soon as
//      it passes the limit: Handle() sees body_over_limit (its answer, a 413, is sent when
//      libmicrohttpd allows an answer mid-body, else the connection is closed at once).
// libmicrohttpd answers some malformed requests itself, before any callback, with its own
// HTML body: an unsupported HTTP version (505), a request line or headers over its memory
// pool (414, 431; the pool is 256 KiB here), a request line it cannot parse.
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

class ConnectionTable;

struct HttpRequest {
  std::string method;  // "GET", "POST", ... as sent
  std::string path;    // percent-decoded, without the query string
  // The query's parameters, percent-decoded, in order (a parameter without '=' has "").
  std::vector<std::pair<std::string, std::string>> query;
  std::vector<std::string> authorization;  // every Authorization header's value, in order
  std::optional<uint64_t> content_length;  // the declared body length, when declared
  // The Origin, Host and If-None-Match headers, when sent (the last one of each).
  std::optional<std::string> origin;
  int origin_headers = 0;  // how many Origin headers were sent
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
  unsigned max_connections = 512;     // open connections at once (see the header comment)
  // Open connections at once from one peer address (IPv4 or IPv6 address, port ignored).
  unsigned max_connections_per_client = 64;
  unsigned idle_timeout_s = 60;       // an idle connection is closed after this long
  // A request's line, headers and body must arrive within this many seconds, in all.
  unsigned request_timeout_s = 30;
  // When set, the Host header must name one of allowed_hosts (compared without case), with
  // or without the listening port: else 400. HTTP/1.0 requests without Host pass.
  bool check_host = false;
  std::vector<std::string> allowed_hosts;
};

// The Host names tourneyd's HTTP API accepts (HttpServerOptions::allowed_hosts): the
// listening address (an IPv6 one in brackets), "localhost", "127.0.0.1" and "[::1]", and
// each of `public_names` (tourneyd's --http-public-name: the names clients reach the server
// by through a proxy or DNS). A wildcard listening address (0.0.0.0, ::) adds nothing of
// its own: name the server's public names then.
std::vector<std::string> AllowedHosts(const std::string& listen_address,
                                      const std::vector<std::string>& public_names);

// True when `host` (a Host header value) names one of `allowed` (compared without case),
// bare or followed by ":" and `port`.
bool HostAllowed(std::string_view host, const std::vector<std::string>& allowed, int port);

// An error answer of the server itself or of a handler: status `http_status`, the JSON body
// {"error":{"code","status","message"}} (http_json.h ErrorJson) and the headers every JSON
// answer carries (Content-Type: application/json; charset=utf-8, Cache-Control: no-store,
// X-Content-Type-Options: nosniff).
HttpResponse JsonErrorResponse(int http_status, std::string_view status,
                               std::string_view message);

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
  const HttpServerOptions& options() const { return options_; }
  ConnectionTable* connections() const { return connections_.get(); }

 private:
  HttpServer(HttpServerOptions options, HttpHandler* handler);

  const HttpServerOptions options_;  // keeps the PEM strings alive while the daemon runs
  HttpHandler* const handler_;
  // The open connections, their deadlines and the per-client caps (http_server.cc).
  std::unique_ptr<ConnectionTable> connections_;
  MHD_Daemon* daemon_ = nullptr;
  int port_ = 0;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_HTTP_SERVER_H_
