// tourneyd's HTTP listener (service/http_server.h) with a handler of the test's own: what a
// handler sees of a request, early answers, the body limit, streamed bodies, a client that
// goes away, and the --http-listen syntax.
#include <gtest/gtest.h>
#include <netinet/in.h>
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

std::unique_ptr<HttpServer> Serve(TestHandler* handler, uint64_t max_body = 1024) {
  HttpServerOptions options;
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

}  // namespace
}  // namespace tourney::service
