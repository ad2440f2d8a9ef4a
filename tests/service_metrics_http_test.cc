// tourneyd's metrics endpoint end to end: a server with --metrics-port serves a known
// sequence of RPCs, the test scrapes http://127.0.0.1:PORT/metrics over a plain socket,
// checks the text against the exposition format and the counters against the calls made.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>

#include "metrics_exposition.h"
#include "service_test_util.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

struct HttpResponse {
  int status = 0;
  std::string headers;
  std::string body;
};

// One HTTP/1.0 request to 127.0.0.1:port; status 0 when the connection fails.
HttpResponse HttpRequest(int port, const std::string& method, const std::string& path) {
  HttpResponse r;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    close(fd);
    return r;
  }
  const std::string request = method + " " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
  if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) {
    close(fd);
    return r;
  }
  std::string raw;
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof(buf))) > 0) raw.append(buf, static_cast<size_t>(n));
  close(fd);
  const size_t end = raw.find("\r\n\r\n");
  if (raw.rfind("HTTP/1.", 0) != 0 || end == std::string::npos) return r;
  r.status = std::stoi(raw.substr(9, 3));
  r.headers = raw.substr(0, end);
  r.body = raw.substr(end + 4);
  return r;
}

// The local IPv4 address (hex, as /proc/net/tcp shows it) of the socket listening on
// `port`; empty when there is none.
std::string ListeningAddress(int port) {
  std::istringstream in(testing::ReadFile("/proc/net/tcp"));
  std::string line;
  std::getline(in, line);  // header
  char want[8];
  std::snprintf(want, sizeof(want), ":%04X", port);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    fields >> slot >> local >> remote >> state;
    if (state == "0A" && local.size() == 13 && local.substr(8) == want) return local.substr(0, 8);
  }
  return "";
}

class MetricsServer {
 public:
  explicit MetricsServer(const std::string& dir) {
    service::ServerOptions options;
    options.data_dir = dir + "/data";
    options.listen = "127.0.0.1:0";
    options.admin_token = testing::kAdminToken;
    options.metrics_port = 0;
    auto server = service::TourneyServer::Start(options);
    if (!server.ok()) {
      error_ = server.status().message();
      return;
    }
    server_ = std::move(*server);
    stub_ = testing::Connect(server_->port());
  }
  bool ok() const { return server_ != nullptr; }
  const std::string& error() const { return error_; }
  int metrics_port() const { return server_->metrics_port(); }
  v1::Tournament::Stub& stub() { return *stub_; }

 private:
  std::unique_ptr<service::TourneyServer> server_;
  std::unique_ptr<v1::Tournament::Stub> stub_;
  std::string error_;
};

std::map<std::string, std::string> Rpc(const std::string& method, const std::string& code) {
  return {{"service", "tourney.v1.Tournament"}, {"method", method}, {"code", code}};
}

TEST(ServiceMetricsHttp, CountersEqualTheCallsMade) {
  const std::string dir = testing::TempDir("metrics_http");
  MetricsServer server(dir);
  ASSERT_TRUE(server.ok()) << server.error();
  ASSERT_GT(server.metrics_port(), 0);
  EXPECT_EQ(ListeningAddress(server.metrics_port()), "0100007F");  // 127.0.0.1 only

  // The calls: 1 CreateCampaign, 5 NextMatch, 3 accepted and 2 malformed submissions,
  // 2 GetPairCounts without a token, 1 GetPairCounts with it.
  const CreatedCampaign c = CreateCampaign(server.stub(), MakeConfig("metrics", 5, 50, 3));
  ASSERT_NE(c.id, 0u);
  std::vector<uint64_t> matches;
  for (int i = 0; i < 5; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(server.stub(), c, "ann" + std::to_string(i), &m).ok());
    matches.push_back(m.match_id());
  }
  for (int i = 0; i < 3; ++i) {
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(Submit(server.stub(), c, matches[static_cast<size_t>(i)], "ann" + std::to_string(i),
                       {1, 2, 3}, "k", &ack)
                    .ok());
  }
  for (int i = 3; i < 5; ++i) {
    v1::SubmitJudgmentResponse ack;
    grpc::Status s = Submit(server.stub(), c, matches[static_cast<size_t>(i)],
                            "ann" + std::to_string(i), {1, 9, 3}, "k", &ack);
    ASSERT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  for (int i = 0; i < 2; ++i) {
    v1::GetPairCountsRequest req;
    req.set_campaign_id(c.id);
    v1::PairCountsMatrix counts;
    auto ctx = testing::Ctx("");
    ASSERT_EQ(server.stub().GetPairCounts(ctx.get(), req, &counts).error_code(),
              grpc::StatusCode::UNAUTHENTICATED);
  }
  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(server.stub(), c.id, &counts).ok());

  const HttpResponse r = HttpRequest(server.metrics_port(), "GET", "/metrics");
  ASSERT_EQ(r.status, 200) << r.headers;
  EXPECT_NE(r.headers.find("Content-Type: text/plain; version=0.0.4"), std::string::npos)
      << r.headers;
  testing::Exposition e;
  std::string error;
  ASSERT_TRUE(testing::ParseExposition(r.body, &e, &error)) << error << "\n" << r.body;

  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("CreateCampaign", "OK")), 1);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("NextMatch", "OK")), 5);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("SubmitJudgment", "OK")), 3);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("SubmitJudgment", "INVALID_ARGUMENT")), 2);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("GetPairCounts", "UNAUTHENTICATED")), 2);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", Rpc("GetPairCounts", "OK")), 1);
  // The latency histogram holds the same calls.
  EXPECT_EQ(e.Get("tourney_rpc_duration_seconds_count", Rpc("NextMatch", "OK")), 5);
  auto inf = Rpc("SubmitJudgment", "OK");
  inf["le"] = "+Inf";
  EXPECT_EQ(e.Get("tourney_rpc_duration_seconds_bucket", inf), 3);
  EXPECT_GT(e.Get("tourney_rpc_duration_seconds_sum", Rpc("SubmitJudgment", "OK")), 0);
  // No series for calls that were not made.
  EXPECT_TRUE(std::isnan(e.Get("tourney_rpc_requests_total", Rpc("GetLeaderboard", "OK"))));

  // Writes: 1 campaign row, 5 lease rows, 3 judgments (each removes its lease in the same
  // op), in group commits; every op before the last acknowledged submission is durable.
  EXPECT_EQ(e.Get("tourney_judgments_committed_total"), 3);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_sum"), 1 + 5 + 3);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_count"), e.Get("tourney_commit_batches_total"));
  EXPECT_GE(e.Get("tourney_commit_batches_total"), 4);  // each submission waited for its own
  EXPECT_EQ(e.Get("tourney_campaigns"), 1);
  EXPECT_EQ(e.Get("tourney_open_leases"), 2);  // 5 served, 3 judged, none expired

  // Only GET and HEAD of /metrics.
  EXPECT_EQ(HttpRequest(server.metrics_port(), "GET", "/").status, 404);
  EXPECT_EQ(HttpRequest(server.metrics_port(), "DELETE", "/metrics").status, 405);
  const HttpResponse head = HttpRequest(server.metrics_port(), "HEAD", "/metrics");
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  std::filesystem::remove_all(dir);
}

TEST(ServiceMetricsHttp, OffByDefaultAndRefusesANonLiteralAddress) {
  const std::string dir = testing::TempDir("metrics_off");
  {
    testing::InProcessServer server(dir + "/a");
    ASSERT_TRUE(server.ok()) << server.error();
    EXPECT_EQ(server.server().metrics_port(), 0);
  }
  service::ServerOptions options;
  options.data_dir = dir + "/b";
  options.listen = "127.0.0.1:0";
  options.admin_token = testing::kAdminToken;
  options.metrics_port = 0;
  options.metrics_address = "localhost";
  auto server = service::TourneyServer::Start(options);
  EXPECT_EQ(server.status().code(), StatusCode::kInvalidArgument);
  // The flag needs a port; a port out of range is refused.
  const std::string tourneyd = testing::BinPath("tourneyd");
  testing::WriteFile(dir + "/token", std::string(testing::kAdminToken) + "\n");
  const std::string base = tourneyd + " --data-dir " + dir + "/c --admin-token-file " + dir +
                           "/token --listen 127.0.0.1:0";
  EXPECT_EQ(testing::RunCommand(base + " --metrics-address 127.0.0.1").exit_code, 2);
  EXPECT_EQ(testing::RunCommand(base + " --metrics-port 70000").exit_code, 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
