#include "http_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>

#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "http_json.h"

namespace tourney::service {

// The open connections: per peer address and in all, with the deadline of the request each
// is receiving. Connections are added and removed by libmicrohttpd's connection
// notifications; a watchdog thread shuts down the sockets whose deadline passed (the
// connection's own thread then sees the end of its input and closes it).
// Thread safety: every method may be called from any thread.
class ConnectionTable {
 public:
  using Clock = std::chrono::steady_clock;

  struct Connection {
    int fd = -1;
    std::string peer;         // the peer's address bytes (no port)
    bool busy = false;        // a whole request was read; it is being answered
    bool closing = false;     // shut down by the table: no longer counted
    Clock::time_point deadline;  // for the request being received, when !busy
    uint64_t waiting_since = 0;  // order in which connections began to wait, oldest first
  };

  ConnectionTable(unsigned max_total, unsigned max_per_client, unsigned request_timeout_s)
      : max_total_(max_total),
        max_per_client_(max_per_client),
        timeout_(std::chrono::seconds(request_timeout_s)),
        watchdog_([this] { Watch(); }) {}
  // Owns the watchdog thread.
  ConnectionTable(const ConnectionTable&) = delete;
  ConnectionTable& operator=(const ConnectionTable&) = delete;
  ~ConnectionTable() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    watchdog_.join();
  }

  // A new connection: counted, and over a cap, the longest-waiting connection of its peer
  // (or of all, for the global cap) is shut down, or this one when none waits.
  Connection* Open(int fd, std::string peer) {
    auto* c = new Connection();
    c->fd = fd;
    c->peer = std::move(peer);
    std::lock_guard<std::mutex> lock(mu_);
    c->deadline = Clock::now() + timeout_;
    c->waiting_since = ++order_;
    std::vector<Connection*>& mine = by_peer_[c->peer];
    mine.push_back(c);
    all_.push_back(c);
    if (Live(mine) > max_per_client_) Evict(mine, c);
    if (Live(all_) > max_total_) Evict(all_, c);
    return c;
  }

  // The whole request was read (or answered before its body): no deadline while answered.
  void Busy(Connection* c) {
    std::lock_guard<std::mutex> lock(mu_);
    c->busy = true;
  }

  // The answer was sent: the next request's deadline starts.
  void Idle(Connection* c) {
    std::lock_guard<std::mutex> lock(mu_);
    c->busy = false;
    c->deadline = Clock::now() + timeout_;
    c->waiting_since = ++order_;
  }

  // The connection closed (its socket is still open while this runs).
  void Close(Connection* c) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = by_peer_.find(c->peer);
      if (it != by_peer_.end()) {
        std::erase(it->second, c);
        if (it->second.empty()) by_peer_.erase(it);
      }
      std::erase(all_, c);
    }
    delete c;
  }

 private:
  static size_t Live(const std::vector<Connection*>& v) {
    size_t n = 0;
    for (const Connection* c : v) n += c->closing ? 0 : 1;
    return n;
  }

  // Shuts down the connection of `among` that has waited longest for a request, or
  // `newcomer` when every other one is answering one. REQUIRES: mu_ held.
  static void Evict(const std::vector<Connection*>& among, Connection* newcomer) {
    Connection* victim = nullptr;
    for (Connection* c : among) {
      if (c == newcomer || c->busy || c->closing) continue;
      if (!victim || c->waiting_since < victim->waiting_since) victim = c;
    }
    if (!victim) victim = newcomer;
    victim->closing = true;
    shutdown(victim->fd, SHUT_RDWR);
  }

  void Watch() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_) {
      const Clock::time_point now = Clock::now();
      for (Connection* c : all_) {
        if (!c->busy && !c->closing && c->deadline <= now) {
          c->closing = true;
          shutdown(c->fd, SHUT_RDWR);
        }
      }
      // A quarter second of slack on a deadline of seconds.
      wake_.wait_for(lock, std::chrono::milliseconds(250));
    }
  }

  const unsigned max_total_;
  const unsigned max_per_client_;
  const Clock::duration timeout_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;                 // guarded by mu_
  uint64_t order_ = 0;                // guarded by mu_
  std::vector<Connection*> all_;      // guarded by mu_
  std::unordered_map<std::string, std::vector<Connection*>> by_peer_;  // guarded by mu_
  std::thread watchdog_;              // last: starts once the members above exist
};

namespace {

// The longest request target and headers (all of them, "name: value\r\n" each) the server
// answers; longer ones get a JSON 414 or 431. libmicrohttpd's connection memory is well above
// them (kConnectionMemory), so that it rarely meets such a request before the server does.
constexpr size_t kMaxTargetBytes = 8 << 10;
constexpr size_t kMaxHeaderBytes = 16 << 10;
constexpr size_t kConnectionMemory = 256 << 10;

// What the server keeps of a request between the calls of the access handler.
struct RequestState {
  HttpRequest request;
  bool answered = false;   // answered before the body (Admit() or the server)
};

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

MHD_Result CollectHeader(void* cls, MHD_ValueKind, const char* key, size_t key_size,
                         const char* value, size_t value_size) {
  auto* request = static_cast<HttpRequest*>(cls);
  const std::string_view name(key, key_size);
  if (EqualsIgnoreCase(name, "authorization")) {
    request->authorization.emplace_back(value ? value : "", value ? value_size : 0);
  } else if (EqualsIgnoreCase(name, "origin")) {
    request->origin.emplace(value ? value : "", value ? value_size : 0);
    ++request->origin_headers;
  } else if (EqualsIgnoreCase(name, "host")) {
    request->host.emplace(value ? value : "", value ? value_size : 0);
  } else if (EqualsIgnoreCase(name, "if-none-match")) {
    request->if_none_match.emplace(value ? value : "", value ? value_size : 0);
  } else if (EqualsIgnoreCase(name, "content-length") && value) {
    uint64_t n = 0;
    const char* end = value + value_size;
    if (std::from_chars(value, end, n).ptr == end) request->content_length = n;
  }
  return MHD_YES;
}

MHD_Result CollectQuery(void* cls, MHD_ValueKind, const char* key, size_t key_size,
                        const char* value, size_t value_size) {
  auto* request = static_cast<HttpRequest*>(cls);
  request->query.emplace_back(std::string(key, key_size),
                              value ? std::string(value, value_size) : std::string());
  return MHD_YES;
}

// The connection's socket has seen the client's FIN (or an error): the client is gone.
bool PeerClosed(int fd) {
  pollfd p{fd, POLLRDHUP, 0};
  return poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

ssize_t ReadStream(void* cls, uint64_t /*pos*/, char* buf, size_t max) {
  auto* source = static_cast<std::shared_ptr<HttpBodySource>*>(cls);
  const ssize_t n = (*source)->Read(buf, max);
  if (n > 0) return n;
  return n == 0 ? MHD_CONTENT_READER_END_OF_STREAM : MHD_CONTENT_READER_END_WITH_ERROR;
}

void FreeStream(void* cls) {
  auto* source = static_cast<std::shared_ptr<HttpBodySource>*>(cls);
  (*source)->Close();
  delete source;
}

MHD_Result Send(MHD_Connection* connection, const HttpResponse& r) {
  MHD_Response* response = nullptr;
  if (r.stream) {
    auto* source = new std::shared_ptr<HttpBodySource>(r.stream);
    response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64 * 1024, &ReadStream, source,
                                                 &FreeStream);
    if (!response) FreeStream(source);
  } else {
    response = MHD_create_response_from_buffer(r.body.size(), const_cast<char*>(r.body.data()),
                                               MHD_RESPMEM_MUST_COPY);
  }
  if (!response) return MHD_NO;
  for (const auto& [name, value] : r.headers) {
    MHD_add_response_header(response, name.c_str(), value.c_str());
  }
  const MHD_Result queued =
      MHD_queue_response(connection, static_cast<unsigned int>(r.status), response);
  MHD_destroy_response(response);
  return queued;
}

// Writes `r` (a plain body) to the socket as a whole HTTP/1.1 answer that closes the
// connection; best effort, for a socket whose request libmicrohttpd will not answer.
void WriteFinalAnswer(int fd, const HttpResponse& r) {
  const char* reason = MHD_get_reason_phrase_for(static_cast<unsigned int>(r.status));
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + (reason ? reason : "") + "\r\n";
  for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
  out += "Content-Length: " + std::to_string(r.body.size()) + "\r\nConnection: close\r\n\r\n";
  out += r.body;
  size_t sent = 0;
  for (int tries = 0; sent < out.size() && tries < 100; ++tries) {
    const ssize_t n = send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      poll(&p, 1, 10);
    } else {
      return;
    }
  }
  shutdown(fd, SHUT_WR);
}

// The table's entry of `connection`, or null.
ConnectionTable::Connection* TableEntry(MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info ? static_cast<ConnectionTable::Connection*>(info->socket_context) : nullptr;
}

void MarkBusy(const HttpServer* server, MHD_Connection* connection) {
  if (ConnectionTable::Connection* c = TableEntry(connection)) server->connections()->Busy(c);
}

MHD_Result CountHeaderBytes(void* cls, MHD_ValueKind, const char*, size_t key_size, const char*,
                            size_t value_size) {
  *static_cast<size_t*>(cls) += key_size + value_size + 4;  // "key: value\r\n"
  return MHD_YES;
}

// The server's own answer before Admit(): a request it refuses whatever the route.
std::optional<HttpResponse> ScreenRequest(const HttpServer& server, MHD_Connection* connection,
                                   const char* url, const HttpRequest& request) {
  if (std::strlen(url) > kMaxTargetBytes) {
    return JsonErrorResponse(414, "INVALID_ARGUMENT",
                             "the request target is over " + std::to_string(kMaxTargetBytes) +
                                 " bytes");
  }
  size_t header_bytes = 0;
  MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &CountHeaderBytes, &header_bytes);
  if (header_bytes > kMaxHeaderBytes) {
    return JsonErrorResponse(431, "INVALID_ARGUMENT",
                             "the request headers are " + std::to_string(header_bytes) +
                                 " bytes, over the limit of " + std::to_string(kMaxHeaderBytes));
  }
  if (request.origin_headers > 1) {
    return JsonErrorResponse(400, "INVALID_ARGUMENT",
                             "the request has " + std::to_string(request.origin_headers) +
                                 " Origin headers; a request has at most one");
  }
  const HttpServerOptions& o = server.options();
  if (o.check_host && request.host &&
      !HostAllowed(*request.host, o.allowed_hosts, server.port())) {
    return JsonErrorResponse(
        400, "INVALID_ARGUMENT",
        "Host '" + *request.host +
            "' is not a name of this server (tourneyd --http-public-name adds one; docs/http.md)");
  }
  return std::nullopt;
}

// The numeric address of the connection's client, without the port; empty when unknown.
std::string ClientAddressOf(MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return {};
  char text[INET6_ADDRSTRLEN] = {};
  const sockaddr* addr = info->client_addr;
  if (addr->sa_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(addr)->sin_addr, text, sizeof(text));
  } else if (addr->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(addr)->sin6_addr, text,
              sizeof(text));
  }
  return text;
}

MHD_Result OnRequest(void* cls, MHD_Connection* connection, const char* url, const char* method,
                     const char* /*version*/, const char* upload_data, size_t* upload_data_size,
                     void** con_cls) {
  const auto* server = static_cast<const HttpServer*>(cls);
  auto* state = static_cast<RequestState*>(*con_cls);
  if (!state) {
    // First call: the request line and the headers.
    state = new RequestState();
    *con_cls = state;
    HttpRequest& request = state->request;
    request.method = method;
    request.path = url;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &CollectHeader, &request);
    MHD_get_connection_values_n(connection, MHD_GET_ARGUMENT_KIND, &CollectQuery, &request);
    request.body_limit = server->max_body_bytes();
    request.body_over_limit =
        request.content_length && *request.content_length > request.body_limit;
    const MHD_ConnectionInfo* info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    const int fd = info ? info->connect_fd : -1;
    request.client_gone = [fd] { return fd >= 0 && PeerClosed(fd); };
    request.peer = ClientAddressOf(connection);
    std::optional<HttpResponse> early = ScreenRequest(*server, connection, url, request);
    if (!early) early = server->handler()->Admit(request);
    if (!early) return MHD_YES;
    state->answered = true;
    MarkBusy(server, connection);
    return Send(connection, *early);
  }
  HttpRequest& request = state->request;
  if (*upload_data_size != 0) {
    const size_t n = *upload_data_size;
    *upload_data_size = 0;
    if (state->answered) return MHD_YES;
    if (!request.body_over_limit && request.body.size() + n <= server->max_body_bytes()) {
      request.body.append(upload_data, n);
      return MHD_YES;
    }
    // Past the limit: refused now, without reading on. libmicrohttpd takes no answer before
    // the body's end, so without TLS the answer is written to the socket here (this is the
    // connection's thread, and nothing of this request's answer was sent), and the
    // connection is closed.
    request.body_over_limit = true;
    request.body.clear();
    request.body.shrink_to_fit();
    state->answered = true;
    MarkBusy(server, connection);
    if (server->options().tls_cert_pem.empty()) {
      const MHD_ConnectionInfo* info =
          MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
      if (info) WriteFinalAnswer(info->connect_fd, server->handler()->Handle(request));
    }
    return MHD_NO;
  }
  if (state->answered) return MHD_YES;
  MarkBusy(server, connection);
  return Send(connection, server->handler()->Handle(request));
}

void OnCompleted(void* cls, MHD_Connection* connection, void** con_cls,
                 MHD_RequestTerminationCode /*code*/) {
  const auto* server = static_cast<const HttpServer*>(cls);
  delete static_cast<RequestState*>(*con_cls);
  *con_cls = nullptr;
  if (ConnectionTable::Connection* c = TableEntry(connection)) server->connections()->Idle(c);
}

// The peer's address bytes, without the port ("" when unknown).
std::string PeerKey(MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return "";
  const sockaddr* a = info->client_addr;
  if (a->sa_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(a);
    return std::string(reinterpret_cast<const char*>(&v4->sin_addr), sizeof v4->sin_addr);
  }
  if (a->sa_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(a);
    return std::string(reinterpret_cast<const char*>(&v6->sin6_addr), sizeof v6->sin6_addr);
  }
  return "";
}

void OnConnection(void* cls, MHD_Connection* connection, void** socket_context,
                  MHD_ConnectionNotificationCode code) {
  const auto* server = static_cast<const HttpServer*>(cls);
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const MHD_ConnectionInfo* info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    *socket_context = info ? server->connections()->Open(info->connect_fd, PeerKey(connection))
                           : nullptr;
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
    server->connections()->Close(static_cast<ConnectionTable::Connection*>(*socket_context));
    *socket_context = nullptr;
  }
}

std::string Lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

HttpResponse JsonErrorResponse(int http_status, std::string_view status,
                               std::string_view message) {
  HttpResponse r;
  r.status = http_status;
  r.body = ErrorJson(http_status, status, message);
  r.headers = {{"Content-Type", "application/json; charset=utf-8"},
               {"Cache-Control", "no-store"},
               {"X-Content-Type-Options", "nosniff"}};
  return r;
}

std::vector<std::string> AllowedHosts(const std::string& listen_address,
                                      const std::vector<std::string>& public_names) {
  std::vector<std::string> hosts = {"localhost", "127.0.0.1", "[::1]"};
  if (listen_address != "0.0.0.0" && listen_address != "::") {
    std::string own;
    const bool v6 = listen_address.find(':') != std::string::npos;
    if (v6) own.push_back('[');
    own.append(listen_address);
    if (v6) own.push_back(']');
    hosts.push_back(std::move(own));
  }
  for (const std::string& name : public_names) hosts.push_back(Lowercase(name));
  return hosts;
}

bool HostAllowed(std::string_view host, const std::vector<std::string>& allowed, int port) {
  const std::string h = Lowercase(host);
  const std::string port_text = std::to_string(port);
  for (const std::string& name : allowed) {
    const std::string n = Lowercase(name);
    if (h == n) return true;
    if (h.size() == n.size() + 1 + port_text.size() && h.starts_with(n) && h[n.size()] == ':' &&
        h.ends_with(port_text)) {
      return true;
    }
  }
  return false;
}

StatusOr<HttpListenAddress> ParseHttpListen(std::string_view listen) {
  const std::string quoted = "HTTP listen address '" + std::string(listen) + "'";
  const size_t colon = listen.rfind(':');
  const std::string_view host = colon == std::string_view::npos ? "" : listen.substr(0, colon);
  const std::string_view port = colon == std::string_view::npos ? listen : listen.substr(colon + 1);
  HttpListenAddress out;
  const char* end = port.data() + port.size();
  if (port.empty() || port.size() > 5 || std::from_chars(port.data(), end, out.port).ptr != end ||
      out.port < 0 || out.port > 65535) {
    return InvalidArgument(quoted + ": port '" + std::string(port) +
                           "' is not in 0..65535 (0 picks a free port)");
  }
  in_addr v4{};
  in6_addr v6{};
  if (host.empty() || host == "localhost") {
    out.address = "127.0.0.1";
  } else if (host.size() > 2 && host.front() == '[' && host.back() == ']' &&
             inet_pton(AF_INET6, std::string(host.substr(1, host.size() - 2)).c_str(), &v6) == 1) {
    out.address = std::string(host.substr(1, host.size() - 2));
  } else if (inet_pton(AF_INET, std::string(host).c_str(), &v4) == 1) {
    out.address = std::string(host);
  } else {
    return InvalidArgument(quoted + ": '" + std::string(host) +
                           "' is not an IPv4 address, a bracketed IPv6 address or localhost");
  }
  return out;
}

StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(const HttpServerOptions& options,
                                                        HttpHandler* handler) {
  if (options.port < 0 || options.port > 65535) {
    return InvalidArgument("the HTTP port must be in 0..65535");
  }
  const bool tls = !options.tls_cert_pem.empty() || !options.tls_key_pem.empty();
  if (tls && MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
    return InvalidArgument(
        "this libmicrohttpd was built without TLS: the HTTP API cannot serve "
        "TLS");
  }
  sockaddr_in v4{};
  sockaddr_in6 v6{};
  const sockaddr* addr = nullptr;
  // One thread per connection (handlers block); poll() rather than select(), which cannot
  // watch descriptors past 1023.
  unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_THREAD_PER_CONNECTION;
  if (inet_pton(AF_INET, options.address.c_str(), &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(static_cast<uint16_t>(options.port));
    addr = reinterpret_cast<const sockaddr*>(&v4);
  } else if (inet_pton(AF_INET6, options.address.c_str(), &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(static_cast<uint16_t>(options.port));
    addr = reinterpret_cast<const sockaddr*>(&v6);
    flags |= MHD_USE_IPv6;
  } else {
    return InvalidArgument("HTTP address '" + options.address +
                           "' is not an IPv4 or IPv6 address literal");
  }
  if (tls) flags |= MHD_USE_TLS;
  std::unique_ptr<HttpServer> server(new HttpServer(options, handler));
  // libmicrohttpd's own cap is a backstop above the table's, which closes connections to
  // keep within max_connections once they are accepted.
  std::vector<MHD_OptionItem> items = {
      {MHD_OPTION_SOCK_ADDR, 0, const_cast<sockaddr*>(addr)},
      {MHD_OPTION_CONNECTION_LIMIT, static_cast<intptr_t>(options.max_connections + 64), nullptr},
      {MHD_OPTION_CONNECTION_TIMEOUT, static_cast<intptr_t>(options.idle_timeout_s), nullptr},
      {MHD_OPTION_CONNECTION_MEMORY_LIMIT, static_cast<intptr_t>(kConnectionMemory), nullptr},
  };
  if (tls) {
    items.push_back(
        {MHD_OPTION_HTTPS_MEM_KEY, 0, const_cast<char*>(server->options_.tls_key_pem.c_str())});
    items.push_back(
        {MHD_OPTION_HTTPS_MEM_CERT, 0, const_cast<char*>(server->options_.tls_cert_pem.c_str())});
  }
  items.push_back({MHD_OPTION_END, 0, nullptr});
  server->daemon_ =
      MHD_start_daemon(flags, static_cast<uint16_t>(options.port), nullptr, nullptr, &OnRequest,
                       server.get(), MHD_OPTION_NOTIFY_COMPLETED, &OnCompleted, server.get(),
                       MHD_OPTION_NOTIFY_CONNECTION, &OnConnection, server.get(),
                       MHD_OPTION_ARRAY, items.data(), MHD_OPTION_END);
  if (!server->daemon_) {
    return IoError("cannot serve HTTP on " + options.address + ":" + std::to_string(options.port) +
                   (tls ? " (address in use or not local, or TLS did not start with the "
                          "certificate and key?)"
                        : " (address in use or not local?)"));
  }
  const MHD_DaemonInfo* info = MHD_get_daemon_info(server->daemon_, MHD_DAEMON_INFO_BIND_PORT);
  server->port_ = info ? info->port : options.port;
  return server;
}

HttpServer::HttpServer(HttpServerOptions options, HttpHandler* handler)
    : options_(std::move(options)),
      handler_(handler),
      connections_(std::make_unique<ConnectionTable>(options_.max_connections,
                                                     options_.max_connections_per_client,
                                                     options_.request_timeout_s)) {}

HttpServer::~HttpServer() {
  if (daemon_) MHD_stop_daemon(daemon_);
}

}  // namespace tourney::service
