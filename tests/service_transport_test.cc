// tourneyd's transport: the standard health service over raw bytes, and TLS.
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>

#include <future>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;

// Calls a unary method with raw bytes; returns the status and the raw response.
std::pair<grpc::Status, std::string> RawCall(int port, const std::string& method,
                                             const std::string& request, const std::string& token) {
  auto channel =
      grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials());
  grpc::GenericStub generic(channel);
  grpc::ClientContext ctx;
  if (!token.empty()) ctx.AddMetadata("authorization", "Bearer " + token);
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
  grpc::Slice slice(request);
  grpc::ByteBuffer req(&slice, 1), resp;
  std::promise<grpc::Status> done;
  generic.UnaryCall(&ctx, method, grpc::StubOptions(), &req, &resp,
                    [&](grpc::Status s) { done.set_value(std::move(s)); });
  grpc::Status s = done.get_future().get();
  std::vector<grpc::Slice> slices;
  std::string out;
  if (s.ok() && resp.Dump(&slices).ok()) {
    for (auto& sl : slices) out.append(reinterpret_cast<const char*>(sl.begin()), sl.size());
  }
  return {s, out};
}

TEST(ServiceHealth, HealthServiceReportsServing) {
  const std::string dir = testing::TempDir("service_health");
  testing::InProcessServer server(dir + "/data");
  ASSERT_TRUE(server.ok()) << server.error();
  // grpc.health.v1.HealthCheckResponse{status: SERVING} is field 1 = 1: bytes 08 01.
  auto [s, body] = RawCall(server.port(), "/grpc.health.v1.Health/Check", "", "");
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(body, std::string("\x08\x01", 2));
  // The service by name: HealthCheckRequest{service: "tourney.v1.Tournament"}.
  const std::string name = "tourney.v1.Tournament";
  auto [s2, body2] = RawCall(server.port(), "/grpc.health.v1.Health/Check",
                             std::string("\x0a") + static_cast<char>(name.size()) + name, "");
  ASSERT_TRUE(s2.ok()) << s2.error_message();
  EXPECT_EQ(body2, std::string("\x08\x01", 2));
  server.Stop();
  std::filesystem::remove_all(dir);
}

// TLS with a self-signed certificate made by the openssl command line.
TEST(ServiceTls, ServesOverTls) {
  if (std::system("openssl version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no openssl binary";
  const std::string dir = testing::TempDir("service_tls");
  const auto r = testing::RunCommand(
      "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost "
      "-addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout " +
      dir + "/key.pem -out " + dir + "/cert.pem");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  service::ServerOptions options;
  options.data_dir = dir + "/data";
  options.listen = "127.0.0.1:0";
  options.admin_token = kAdminToken;
  options.tls_cert_pem = testing::ReadFile(dir + "/cert.pem");
  options.tls_key_pem = testing::ReadFile(dir + "/key.pem");
  auto server = service::TourneyServer::Start(options);
  ASSERT_TRUE(server.ok()) << server.status().message();
  const std::string target = "127.0.0.1:" + std::to_string((*server)->port());

  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = options.tls_cert_pem;
  auto stub = v1::Tournament::NewStub(grpc::CreateChannel(target, grpc::SslCredentials(ssl)));
  const CreatedCampaign c = CreateCampaign(*stub, MakeConfig("tls", 3, 3, 2));
  EXPECT_NE(c.id, 0u);

  // A plaintext client cannot talk to it.
  auto plain =
      v1::Tournament::NewStub(grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  v1::GetPairCountsRequest req;
  req.set_campaign_id(c.id);
  v1::PairCountsMatrix counts;
  grpc::ClientContext ctx;
  ctx.AddMetadata("authorization", std::string("Bearer ") + kAdminToken);
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  EXPECT_FALSE(plain->GetPairCounts(&ctx, req, &counts).ok());
  server->reset();
  std::filesystem::remove_all(dir);
}

// A certificate that is not PEM, or a key of another certificate, is named as the problem;
// the server used to say only that it could not listen.
TEST(ServiceTls, BadCertificateOrKeyIsNamed) {
  if (std::system("openssl version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no openssl binary";
  const std::string dir = testing::TempDir("service_tls_bad");
  for (const char* name : {"a", "b"}) {
    const auto r = testing::RunCommand(
        "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -keyout " + dir +
        "/" + name + ".key -out " + dir + "/" + name + ".pem");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  auto start = [&](const std::string& cert, const std::string& key) {
    service::ServerOptions options;
    options.data_dir = dir + "/data";
    options.listen = "127.0.0.1:0";
    options.admin_token = kAdminToken;
    options.tls_cert_pem = cert;
    options.tls_key_pem = key;
    auto server = service::TourneyServer::Start(options);
    return server.ok() ? std::string("started") : server.status().message();
  };
  const std::string cert = testing::ReadFile(dir + "/a.pem");
  const std::string key = testing::ReadFile(dir + "/a.key");
  EXPECT_EQ(start(cert, key), "started");
  std::string m = start("not a certificate", key);
  EXPECT_NE(m.find("the TLS certificate is not a PEM certificate"), std::string::npos) << m;
  m = start(cert, "not a key");
  EXPECT_NE(m.find("the TLS key is not an unencrypted PEM private key"), std::string::npos) << m;
  m = start(cert, testing::ReadFile(dir + "/b.key"));
  EXPECT_NE(m.find("the TLS key does not match the certificate"), std::string::npos) << m;
  std::filesystem::remove_all(dir);
}

// A port another server listens on is refused. gRPC turns SO_REUSEPORT on by default, so a
// second tourneyd on a busy port used to start and take a share of the clients' calls.
TEST(ServiceListen, ABusyPortIsRefused) {
  const std::string dir = testing::TempDir("listen_busy");
  testing::InProcessServer first(dir + "/a");
  ASSERT_TRUE(first.ok()) << first.error();
  const std::string address = "127.0.0.1:" + std::to_string(first.port());
  service::ServerOptions options;
  options.data_dir = dir + "/b";
  options.listen = address;
  options.admin_token = kAdminToken;
  auto second = service::TourneyServer::Start(options);
  ASSERT_FALSE(second.ok()) << "a second server listens on " << address;
  EXPECT_EQ(second.status().code(), StatusCode::kIoError);
  EXPECT_NE(second.status().message().find("cannot listen on " + address), std::string::npos)
      << second.status().message();
  // The binary: "cannot listen", exit status 1 (timeout's 124 would mean it served).
  testing::WriteFile(dir + "/token", std::string(kAdminToken) + "\n");
  const testing::CommandResult r =
      testing::RunCommand("timeout 20 " + testing::BinPath("tourneyd") + " --data-dir " + dir +
                          "/c --admin-token-file " + dir + "/token --listen " + address);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("tourneyd: cannot listen on " + address), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

TEST(ServiceListen, ChecksTheAddressShape) {
  for (const char* good :
       {"127.0.0.1:0", "127.0.0.1:7447", "0.0.0.0:65535", "[::1]:7447", "[::]:1", "localhost:80",
        "tourney-1.example.org:443", "unix:/tmp/tourneyd.sock"}) {
    EXPECT_TRUE(service::CheckListenAddress(good).ok()) << good;
  }
  for (const char* bad :
       {"127.0.0.1:99999", "127.0.0.1:65536", "127.0.0.1:", "127.0.0.1:-1", "127.0.0.1:+80",
        "127.0.0.1:80x", "garbage", ":7447", "::1:7447", "[::1:7447", "[127.0.0.1]:80",
        "1.2.3.999:80", "host_name:80", "unix:", ""}) {
    const Status s = service::CheckListenAddress(bad);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << bad;
  }
  EXPECT_EQ(service::CheckListenAddress("127.0.0.1:99999").message(),
            "listen address '127.0.0.1:99999': port '99999' is not in 0..65535 (0 picks a free "
            "port)");
}

// Ports outside 0..65535 and malformed addresses are usage errors (exit status 2) before
// anything starts: 99999 used to serve on port 34463 (99999 mod 65536), 65536 on a random
// port, "garbage" exited 1 after a raw gRPC log line, and a metrics address that is not an
// IP literal exited 1.
TEST(ServiceListen, BadAddressesAreUsageErrors) {
  const std::string dir = testing::TempDir("listen_usage");
  testing::WriteFile(dir + "/token", std::string(kAdminToken) + "\n");
  std::filesystem::permissions(
      dir + "/token", std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string base = "timeout 20 " + testing::BinPath("tourneyd") + " --data-dir " + dir +
                           "/data --admin-token-file " + dir + "/token";
  for (const char* listen : {"127.0.0.1:99999", "127.0.0.1:65536", "garbage"}) {
    const testing::CommandResult r = testing::RunCommand(base + " --listen " + listen);
    EXPECT_EQ(r.exit_code, 2) << listen << ": " << r.err;
    EXPECT_EQ(r.err.rfind(std::string("tourneyd: --listen: listen address '") + listen + "'", 0),
              0u)
        << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line only: " << r.err;
  }
  const testing::CommandResult m = testing::RunCommand(
      base + " --listen 127.0.0.1:0 --metrics-port 0 --metrics-address 0.0.0.0x");
  EXPECT_EQ(m.exit_code, 2) << m.err;
  EXPECT_EQ(m.err,
            "tourneyd: --metrics-address: metrics address '0.0.0.0x' is not an IPv4 or IPv6 "
            "address literal\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/data")) << "refused before opening the data dir";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
