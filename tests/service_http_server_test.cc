// tourneyd's HTTP listener (service/http_server.h) with a handler of the test's own: what a
// handler sees of a request, early answers, the body limit, streamed bodies, a client that
// goes away, the --http-listen syntax, and the limits no client can get around (per-client
// connections, the request deadline, one Origin, the Host check).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "http_client.h"
#include "http_server.h"

namespace tourney::service {
namespace {

using testing::HttpClient;
using testing::HttpResult;

// A handler the test programs: Admit and Handle call the functions given, and the requests
// Handle saw are kept.
class TestHandler final : public HttpHandler {
 public:
  std::function<std::optional<HttpResponse>(const HttpRequest&)> admit =
      [](const HttpRequest&) -> std::optional<HttpResponse> { return std::nullopt; };
  std::function<HttpResponse(const HttpRequest&)> handle = [](const HttpRequest& r) {
    HttpResponse out;
    out.body = std::to_string(r.body.size());
    return out;
  };
  std::optional<HttpResponse> Admit(const HttpRequest& r) override { return admit(r); }
  HttpResponse Handle(const HttpRequest& r) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      seen_.push_back(r);
    }
    return handle(r);
  }
  std::vector<HttpRequest> seen() {
    std::lock_guard<std::mutex> lock(mu_);
    return seen_;
  }

 private:
  std::mutex mu_;
  std::vector<HttpRequest> seen_;
};

std::unique_ptr<HttpServer> Serve(TestHandler* handler, uint64_t max_body = 1024,
                                  HttpServerOptions options = {}) {
  options.max_body_bytes = max_body;
  auto server = HttpServer::Start(options, handler);
  EXPECT_TRUE(server.ok()) << server.status().message();
  return server.ok() ? std::move(*server) : nullptr;
}

TEST(HttpServer, HandlerSeesTheDecodedPathQueryTokensAndBody) {
  TestHandler handler;
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  HttpResult r = client.Raw(
      "POST /v1/a%3Ab?x=1&y=%20two&flag HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer one\r\n"
      "authorization: Bearer two\r\nContent-Length: 5\r\n\r\nhello");
  ASSERT_EQ(r.status, 200) << r.error;
  EXPECT_EQ(r.body, "5");
  const auto seen = handler.seen();
  ASSERT_EQ(seen.size(), 1u);
  const HttpRequest& q = seen[0];
  EXPECT_EQ(q.method, "POST");
  EXPECT_EQ(q.path, "/v1/a:b");
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(q.query, (Pairs{{"x", "1"}, {"y", " two"}, {"flag", ""}}));
  EXPECT_EQ(q.authorization, (std::vector<std::string>{"Bearer one", "Bearer two"}));
  EXPECT_EQ(q.content_length, std::optional<uint64_t>(5));
  EXPECT_EQ(q.body, "hello");
  EXPECT_EQ(q.body_limit, 1024u);
  EXPECT_FALSE(q.body_over_limit);
  // The connection is kept alive for the next request.
  EXPECT_EQ(client.Request("GET", "/again").status, 200);
  EXPECT_EQ(handler.seen().size(), 2u);
}

TEST(HttpServer, AnAdmitAnswerIsSentWithoutReadingTheBody) {
  TestHandler handler;
  handler.admit = [](const HttpRequest& r) -> std::optional<HttpResponse> {
    if (r.path != "/refused") return std::nullopt;
    HttpResponse out;
    out.status = 401;
    out.headers = {{"X-Why", "no token"}};
    out.body = "refused";
    return out;
  };
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  // The body is declared but never sent: the answer comes anyway.
  HttpResult r = client.Raw("POST /refused HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.Header("x-why"), "no token");
  EXPECT_EQ(r.body, "refused");
  EXPECT_TRUE(handler.seen().empty());
}

TEST(HttpServer, BodiesOverTheLimitAreFlaggedAndDropped) {
  TestHandler handler;
  handler.admit = [](const HttpRequest& r) -> std::optional<HttpResponse> {
    if (!r.body_over_limit) return std::nullopt;
    HttpResponse out;
    out.status = 413;
    return out;
  };
  handler.handle = [](const HttpRequest& r) {
    HttpResponse out;
    out.status = r.body_over_limit ? 413 : 200;
    out.body = std::to_string(r.body.size());
    return out;
  };
  auto server = Serve(&handler, /*max_body=*/1024);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  EXPECT_EQ(client.Request("POST", "/", std::string(1024, 'x')).body, "1024");
  // Declared: refused in Admit, before a byte of it is read.
  EXPECT_EQ(client.Raw("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1025\r\n\r\n").status, 413);
  // Chunked, 600 + 600 bytes: read, dropped, and flagged to Handle.
  const std::string chunk(600, 'y');
  HttpResult r =
      client.Raw("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n" + chunk +
                 "\r\n258\r\n" + chunk + "\r\n0\r\n\r\n");
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(r.body, "0");
}

// A body of three parts, produced as it is read; records that the server closed it.
class ThreeParts final : public HttpBodySource {
 public:
  explicit ThreeParts(std::atomic<bool>* closed) : closed_(closed) {}
  ssize_t Read(char* buf, size_t max) override {
    if (part_ == 3) return 0;
    const std::string text = "part" + std::to_string(part_++) + ";";
    if (text.size() > max) return -1;
    std::copy(text.begin(), text.end(), buf);
    return static_cast<ssize_t>(text.size());
  }
  void Close() override { *closed_ = true; }

 private:
  int part_ = 0;
  std::atomic<bool>* closed_;
};

TEST(HttpServer, StreamedBodiesAreSentChunkedAndClosed) {
  std::atomic<bool> closed{false};
  TestHandler handler;
  handler.handle = [&closed](const HttpRequest&) {
    HttpResponse out;
    out.stream = std::make_shared<ThreeParts>(&closed);
    return out;
  };
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  HttpResult r = client.Request("GET", "/stream");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.Header("transfer-encoding"), "chunked");
  EXPECT_EQ(r.body, "part0;part1;part2;");
  server.reset();  // joins the connection's thread
  EXPECT_TRUE(closed);
}

TEST(HttpServer, AHandlerLearnsThatItsClientWentAway) {
  std::atomic<int> state{0};  // 1: the handler waits; 2: it saw the client go; 3: it gave up
  TestHandler handler;
  handler.handle = [&state](const HttpRequest& r) {
    state = 1;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!r.client_gone() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    state = r.client_gone() ? 2 : 3;
    return HttpResponse();
  };
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(server->port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  const std::string request = "GET /wait HTTP/1.1\r\nHost: h\r\n\r\n";
  ASSERT_EQ(send(fd, request.data(), request.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(request.size()));
  while (state == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  close(fd);
  server.reset();  // waits for the handler
  EXPECT_EQ(state, 2);
}

TEST(HttpServer, ParsesListenAddressesLoopbackByDefault) {
  const std::vector<std::tuple<std::string, std::string, int>> kGood = {
      {"8080", "127.0.0.1", 8080},           {":0", "127.0.0.1", 0},
      {"localhost:7448", "127.0.0.1", 7448}, {"0.0.0.0:80", "0.0.0.0", 80},
      {"[::1]:65535", "::1", 65535},         {"192.168.1.2:1", "192.168.1.2", 1}};
  for (const auto& [text, address, port] : kGood) {
    auto parsed = ParseHttpListen(text);
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status().message();
    EXPECT_EQ(parsed->address, address) << text;
    EXPECT_EQ(parsed->port, port) << text;
  }
  for (const char* bad : {"", "x", "host.example:80", "1.2.3.4:65536", "1.2.3.4:", "[::1:80",
                          "::1:80", "1.2.3:80", "1.2.3.4:-1", "1.2.3.4:+80"}) {
    auto parsed = ParseHttpListen(bad);
    EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidArgument) << bad;
  }
  TestHandler handler;
  HttpServerOptions options;
  options.address = "not-an-ip";
  EXPECT_EQ(HttpServer::Start(options, &handler).status().code(), StatusCode::kInvalidArgument);
}

// A TCP connection to 127.0.0.1:port from the loopback address `from` (127.0.0.0/8 is all
// loopback on Linux, so two "clients" of distinct addresses can run on one host); -1 on
// failure.
int ConnectFrom(const char* from, int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, from, &local.sin_addr);
  sockaddr_in server{};
  server.sin_family = AF_INET;
  server.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &server.sin_addr);
  if (bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      connect(fd, reinterpret_cast<sockaddr*>(&server), sizeof server) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// True when the server closed `fd` within `ms` milliseconds (a read sees the end or an error).
bool ClosedWithin(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  if (poll(&p, 1, ms) != 1) return false;
  char byte;
  return recv(fd, &byte, 1, MSG_DONTWAIT) <= 0;
}

// One whole GET on `fd`, and the status line's code (0 when none came).
int GetStatus(int fd, const std::string& host = "127.0.0.1") {
  const std::string request = "GET /x HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
  if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    return 0;
  }
  timeval timeout{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  char buf[512];
  const ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
  if (n < 12) return 0;
  return std::atoi(std::string(buf + 9, 3).c_str());
}

// Issue 47: one client's idle connections used to lock every client out (512 of them filled
// the server). Past its cap, a client's new connection closes its own longest-idle one; a
// client of another address is served throughout.
TEST(HttpServer, OneClientsIdleConnectionsNeverLockOutAnother) {
  TestHandler handler;
  HttpServerOptions options;
  options.max_connections = 8;
  options.max_connections_per_client = 4;
  auto server = Serve(&handler, 1024, options);
  ASSERT_TRUE(server);
  std::vector<int> idle;
  for (int i = 0; i < 10; ++i) {
    const int fd = ConnectFrom("127.0.0.2", server->port());
    ASSERT_GE(fd, 0);
    idle.push_back(fd);
  }
  // Of 10 idle connections from 127.0.0.2 with a cap of 4, the 6 oldest are closed.
  int closed = 0;
  for (size_t i = 0; i < idle.size(); ++i) {
    const bool gone = ClosedWithin(idle[i], i < 6 ? 2000 : 50);
    closed += gone ? 1 : 0;
    if (i < 6) {
      EXPECT_TRUE(gone) << "connection " << i;
    }
  }
  EXPECT_EQ(closed, 6);
  // Another address is served, and so is a new request of the capped one.
  const int other = ConnectFrom("127.0.0.3", server->port());
  ASSERT_GE(other, 0);
  EXPECT_EQ(GetStatus(other), 200);
  const int again = ConnectFrom("127.0.0.2", server->port());
  ASSERT_GE(again, 0);
  EXPECT_EQ(GetStatus(again), 200);
  for (int fd : idle) close(fd);
  close(other);
  close(again);
}

// Issue 47: a connection trickling a byte at a time was never closed (each byte reset the
// idle timer). The request deadline is a total.
TEST(HttpServer, ATrickledRequestIsClosedAtItsDeadline) {
  TestHandler handler;
  HttpServerOptions options;
  options.request_timeout_s = 1;
  auto server = Serve(&handler, 1024, options);
  ASSERT_TRUE(server);
  const int fd = ConnectFrom("127.0.0.1", server->port());
  ASSERT_GE(fd, 0);
  const std::string head = "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ";
  ASSERT_EQ(send(fd, head.data(), head.size(), MSG_NOSIGNAL), static_cast<ssize_t>(head.size()));
  const auto start = std::chrono::steady_clock::now();
  bool closed = false;
  // A byte every 200 ms, for up to 4 s: the 1 s deadline (checked every 250 ms) ends it.
  for (int i = 0; i < 20 && !closed; ++i) {
    closed = ClosedWithin(fd, 200);
    if (!closed && send(fd, "a", 1, MSG_NOSIGNAL) != 1) closed = true;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(closed);
  EXPECT_LT(seconds, 2.5);
  EXPECT_TRUE(handler.seen().empty());
  close(fd);
  // A connection that sends its request in time is answered.
  HttpClient client(server->port());
  EXPECT_EQ(client.Request("GET", "/fast").status, 200);
}

// Issue 47: a chunked body over the limit was read on (up to 16 times the limit) before the
// answer. It is refused as soon as it passes the limit, with a JSON 413, while the client is
// still sending.
TEST(HttpServer, AChunkedBodyIsRefusedAsSoonAsItPassesTheLimit) {
  TestHandler handler;
  handler.handle = [](const HttpRequest& r) {
    return JsonErrorResponse(r.body_over_limit ? 413 : 200, "RESOURCE_EXHAUSTED", "too big");
  };
  auto server = Serve(&handler, /*max_body=*/1024);
  ASSERT_TRUE(server);
  const int fd = ConnectFrom("127.0.0.1", server->port());
  ASSERT_GE(fd, 0);
  // One chunk of 2048 bytes and no end: the body is unfinished when the answer comes.
  const std::string bytes = "POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
                            "chunked\r\n\r\n800\r\n" + std::string(2048, 'z') + "\r\n";
  ASSERT_EQ(send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL), static_cast<ssize_t>(bytes.size()));
  timeval timeout{3, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string answer;
  char buf[1024];
  for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<size_t>(n));
  close(fd);
  EXPECT_EQ(answer.rfind("HTTP/1.1 413 ", 0), 0u) << answer;
  EXPECT_NE(answer.find("Content-Type: application/json; charset=utf-8"), std::string::npos);
  EXPECT_NE(answer.find("X-Content-Type-Options: nosniff"), std::string::npos);
  EXPECT_NE(answer.find("\"code\":413"), std::string::npos) << answer;
}

// Issue 47: headers or a target too long for libmicrohttpd's 64 KiB were answered with its
// own HTML 431/414. The server's limits are below its memory, with JSON answers.
TEST(HttpServer, OverlongHeadersAndTargetsGetJsonErrors) {
  TestHandler handler;
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  HttpResult r = client.Raw("GET /x HTTP/1.1\r\nHost: h\r\nX-Big: " + std::string(20000, 'a') +
                            "\r\n\r\n");
  EXPECT_EQ(r.status, 431);
  EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(r.Header("x-content-type-options"), "nosniff");
  EXPECT_NE(r.body.find("\"code\":431"), std::string::npos) << r.body;
  HttpClient again(server->port());
  r = again.Raw("GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: h\r\n\r\n");
  EXPECT_EQ(r.status, 414);
  EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
  EXPECT_TRUE(handler.seen().empty());
  // Within the limits: the handler answers.
  HttpClient fine(server->port());
  EXPECT_EQ(fine.Raw("GET /x HTTP/1.1\r\nHost: h\r\nX-Big: " + std::string(15000, 'a') +
                     "\r\n\r\n").status,
            200);
}

TEST(HttpServer, TwoOriginHeadersAreRefusedBeforeTheHandler) {
  TestHandler handler;
  bool admitted = false;
  handler.admit = [&](const HttpRequest&) -> std::optional<HttpResponse> {
    admitted = true;
    return std::nullopt;
  };
  auto server = Serve(&handler);
  ASSERT_TRUE(server);
  HttpClient client(server->port());
  HttpResult r = client.Raw(
      "POST /x HTTP/1.1\r\nHost: h\r\nOrigin: http://h\r\nOrigin: https://evil.example\r\n"
      "Content-Length: 0\r\n\r\n");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(r.Header("x-content-type-options"), "nosniff");
  EXPECT_NE(r.body.find("2 Origin headers"), std::string::npos) << r.body;
  EXPECT_FALSE(admitted);
  // One Origin goes on to the handler.
  EXPECT_EQ(client.Raw("GET /x HTTP/1.1\r\nHost: h\r\nOrigin: http://h\r\n\r\n").status, 200);
  EXPECT_TRUE(admitted);
}

TEST(HttpServer, HostMustNameTheServer) {
  EXPECT_EQ(AllowedHosts("127.0.0.1", {}),
            (std::vector<std::string>{"localhost", "127.0.0.1", "[::1]", "127.0.0.1"}));
  EXPECT_EQ(AllowedHosts("::1", {"Annotate.Example"}),
            (std::vector<std::string>{"localhost", "127.0.0.1", "[::1]", "[::1]",
                                      "annotate.example"}));
  // A wildcard address is no name: only the loopback names and the public ones.
  EXPECT_EQ(AllowedHosts("0.0.0.0", {"a.example"}).size(), 4u);
  const std::vector<std::string> allowed = AllowedHosts("10.0.0.5", {"annotate.example"});
  EXPECT_TRUE(HostAllowed("10.0.0.5:8080", allowed, 8080));
  EXPECT_TRUE(HostAllowed("ANNOTATE.example", allowed, 8080));
  EXPECT_TRUE(HostAllowed("localhost:8080", allowed, 8080));
  EXPECT_FALSE(HostAllowed("localhost:8081", allowed, 8080));
  EXPECT_FALSE(HostAllowed("evil.example", allowed, 8080));
  EXPECT_FALSE(HostAllowed("annotate.example.evil.example", allowed, 8080));
  EXPECT_FALSE(HostAllowed("10.0.0.5:80801", allowed, 8080));

  TestHandler handler;
  HttpServerOptions options;
  options.check_host = true;
  options.allowed_hosts = AllowedHosts("127.0.0.1", {});
  auto server = Serve(&handler, 1024, options);
  ASSERT_TRUE(server);
  const std::string port = std::to_string(server->port());
  HttpClient client(server->port());
  EXPECT_EQ(client.Raw("GET /x HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n").status, 200);
  EXPECT_EQ(client.Raw("GET /x HTTP/1.1\r\nHost: localhost:" + port + "\r\n\r\n").status, 200);
  HttpResult r = client.Raw("GET /x HTTP/1.1\r\nHost: rebound.example:" + port + "\r\n\r\n");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
  EXPECT_NE(r.body.find("--http-public-name"), std::string::npos) << r.body;
}

}  // namespace
}  // namespace tourney::service
