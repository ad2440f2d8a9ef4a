#include "http_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>

#include <charconv>
#include <cstring>
#include <string_view>

namespace tourney::service {
namespace {

// A body over the limit is read and dropped up to this many times the limit (so that the
// client reads the 413); past it the connection is closed.
constexpr uint64_t kDiscardFactor = 16;

// What the server keeps of a request between the calls of the access handler.
struct RequestState {
  HttpRequest request;
  bool answered = false;   // Admit() answered before the body
  uint64_t discarded = 0;  // body bytes dropped past the limit
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
    std::optional<HttpResponse> early = server->handler()->Admit(request);
    if (!early) return MHD_YES;
    state->answered = true;
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
    request.body_over_limit = true;
    state->discarded += request.body.size() + n;
    request.body.clear();
    request.body.shrink_to_fit();
    return state->discarded > kDiscardFactor * server->max_body_bytes() ? MHD_NO : MHD_YES;
  }
  if (state->answered) return MHD_YES;
  return Send(connection, server->handler()->Handle(request));
}

void OnCompleted(void* /*cls*/, MHD_Connection* /*connection*/, void** con_cls,
                 MHD_RequestTerminationCode /*code*/) {
  delete static_cast<RequestState*>(*con_cls);
  *con_cls = nullptr;
}

}  // namespace

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
  std::vector<MHD_OptionItem> items = {
      {MHD_OPTION_SOCK_ADDR, 0, const_cast<sockaddr*>(addr)},
      {MHD_OPTION_CONNECTION_LIMIT, static_cast<intptr_t>(options.max_connections), nullptr},
      {MHD_OPTION_CONNECTION_TIMEOUT, static_cast<intptr_t>(options.idle_timeout_s), nullptr},
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
                       server.get(), MHD_OPTION_NOTIFY_COMPLETED, &OnCompleted, nullptr,
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

HttpServer::~HttpServer() {
  if (daemon_) MHD_stop_daemon(daemon_);
}

}  // namespace tourney::service
