#include "metrics_http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>

#include <cstring>
#include <string_view>

namespace tourney::service {
namespace {

constexpr char kContentType[] = "text/plain; version=0.0.4; charset=utf-8";

// libmicrohttpd leaves the body out of the answer to a HEAD request itself.
MHD_Result Reply(MHD_Connection* connection, unsigned int status, const std::string& body,
                 const char* content_type) {
  MHD_Response* response = MHD_create_response_from_buffer(
      body.size(), const_cast<char*>(body.data()), MHD_RESPMEM_MUST_COPY);
  if (!response) return MHD_NO;
  MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
  if (status == MHD_HTTP_METHOD_NOT_ALLOWED) {
    MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
  }
  const MHD_Result queued = MHD_queue_response(connection, status, response);
  MHD_destroy_response(response);
  return queued;
}

MHD_Result HandleRequest(void* cls, MHD_Connection* connection, const char* url, const char* method,
                         const char* /*version*/, const char* /*upload_data*/,
                         size_t* upload_data_size, void** /*con_cls*/) {
  const auto& render = *static_cast<const std::function<std::string()>*>(cls);
  const std::string_view m(method);
  if (m != MHD_HTTP_METHOD_GET && m != MHD_HTTP_METHOD_HEAD) {
    if (*upload_data_size != 0) {  // discard a body; answer once it has been read
      *upload_data_size = 0;
      return MHD_YES;
    }
    return Reply(connection, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET and HEAD\n",
                 "text/plain; charset=utf-8");
  }
  if (std::string_view(url) != "/metrics") {
    return Reply(connection, MHD_HTTP_NOT_FOUND, "not found; the metrics are at /metrics\n",
                 "text/plain; charset=utf-8");
  }
  return Reply(connection, MHD_HTTP_OK, render(), kContentType);
}

}  // namespace

Status CheckMetricsAddress(const std::string& address) {
  in_addr v4{};
  in6_addr v6{};
  if (inet_pton(AF_INET, address.c_str(), &v4) == 1 ||
      inet_pton(AF_INET6, address.c_str(), &v6) == 1) {
    return Status::Ok();
  }
  return InvalidArgument("metrics address '" + address +
                         "' is not an IPv4 or IPv6 address literal");
}

StatusOr<std::unique_ptr<MetricsHttpServer>> MetricsHttpServer::Start(
    const std::string& address, int port, std::function<std::string()> render) {
  if (port < 0 || port > 65535) return InvalidArgument("the metrics port must be in 0..65535");
  sockaddr_in v4{};
  sockaddr_in6 v6{};
  const sockaddr* addr = nullptr;
  unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD;
  if (inet_pton(AF_INET, address.c_str(), &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(static_cast<uint16_t>(port));
    addr = reinterpret_cast<const sockaddr*>(&v4);
  } else if (inet_pton(AF_INET6, address.c_str(), &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(static_cast<uint16_t>(port));
    addr = reinterpret_cast<const sockaddr*>(&v6);
    flags |= MHD_USE_IPv6;
  } else {
    return CheckMetricsAddress(address);
  }
  std::unique_ptr<MetricsHttpServer> server(new MetricsHttpServer(std::move(render)));
  // With port 0 libmicrohttpd reads the port the OS chose back from the socket.
  server->daemon_ = MHD_start_daemon(
      flags, static_cast<uint16_t>(port), nullptr, nullptr, &HandleRequest,
      const_cast<void*>(static_cast<const void*>(&server->render_)), MHD_OPTION_SOCK_ADDR, addr,
      MHD_OPTION_CONNECTION_LIMIT, 16u, MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_END);
  if (!server->daemon_) {
    return IoError("cannot serve metrics on " + address + ":" + std::to_string(port) +
                   " (address in use or not local?)");
  }
  const MHD_DaemonInfo* info = MHD_get_daemon_info(server->daemon_, MHD_DAEMON_INFO_BIND_PORT);
  server->port_ = info ? info->port : port;
  return server;
}

MetricsHttpServer::~MetricsHttpServer() {
  if (daemon_) MHD_stop_daemon(daemon_);
}

}  // namespace tourney::service
