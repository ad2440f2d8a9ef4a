// Helpers shared by the tourneyd integration tests: an in-process server on a loopback port
// chosen by the OS, a child-process tourneyd, and authenticated client calls.
#ifndef TOURNEY_TESTS_SERVICE_TEST_UTIL_H_
#define TOURNEY_TESTS_SERVICE_TEST_UTIL_H_

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server.h"
#include "test_util.h"
#include "tourney/v1/tournament.grpc.pb.h"

extern char** environ;

namespace tourney::testing {

inline constexpr char kAdminToken[] = "test-admin-token-0123456789";

inline std::unique_ptr<v1::Tournament::Stub> Connect(int port) {
  auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                     grpc::InsecureChannelCredentials());
  return v1::Tournament::NewStub(channel);
}

// A client context carrying `token` (none when empty) and a deadline. The call waits for
// the connection (a transient connection failure on a loaded machine is retried until
// the deadline instead of failing the call); tests that expect a dead server pass a short
// deadline.
inline std::unique_ptr<grpc::ClientContext> Ctx(const std::string& token, int deadline_s = 20) {
  auto ctx = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) ctx->AddMetadata("authorization", "Bearer " + token);
  ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(deadline_s));
  ctx->set_wait_for_ready(true);
  return ctx;
}

// A campaign of `systems` systems named s0, s1, ... and `segments` segments 100, 101, ...
inline v1::CampaignConfig MakeConfig(const std::string& name, int systems, int segments, int k,
                                     const std::string& selector = "uniform") {
  v1::CampaignConfig c;
  c.set_name(name);
  for (int i = 0; i < systems; ++i) c.add_systems(std::string("s") + std::to_string(i));
  for (int i = 0; i < segments; ++i) {
    v1::Segment* s = c.add_segments();
    s->set_id(100 + i);
    s->set_document(std::string("doc") + std::to_string(i / 10));
  }
  c.set_k(k);
  c.set_selector(selector);
  c.set_seed(7);
  return c;
}

// An in-process tourneyd on 127.0.0.1 with a port the OS picks.
class InProcessServer {
 public:
  explicit InProcessServer(const std::string& data_dir,
                           service::ServiceLimits limits = service::ServiceLimits())
      : InProcessServer(data_dir, WithLimits(limits)) {}
  // With `options` as given, but for the data dir, the address and the admin token.
  InProcessServer(const std::string& data_dir, service::ServerOptions options) {
    options.data_dir = data_dir;
    options.listen = "127.0.0.1:0";
    options.admin_token = kAdminToken;
    auto server = service::TourneyServer::Start(options);
    if (!server.ok()) {
      error_ = server.status().message();
      return;
    }
    server_ = std::move(*server);
    stub_ = Connect(server_->port());
  }
  bool ok() const { return server_ != nullptr; }
  const std::string& error() const { return error_; }
  int port() const { return server_->port(); }
  v1::Tournament::Stub& stub() { return *stub_; }
  service::TourneyServer& server() { return *server_; }
  void Stop() {
    stub_.reset();
    server_.reset();
  }

 private:
  static service::ServerOptions WithLimits(service::ServiceLimits limits) {
    service::ServerOptions options;
    options.limits = limits;
    return options;
  }

  std::unique_ptr<service::TourneyServer> server_;
  std::unique_ptr<v1::Tournament::Stub> stub_;
  std::string error_;
};

struct CreatedCampaign {
  uint64_t id = 0;
  std::string token;
};

inline CreatedCampaign CreateCampaign(v1::Tournament::Stub& stub, const v1::CampaignConfig& c) {
  v1::CreateCampaignRequest req;
  *req.mutable_config() = c;
  // Tests that use the shared annotator token: open enrolment unless they say otherwise.
  if (c.enrolment() == v1::ENROLMENT_UNSPECIFIED) req.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(kAdminToken);
  grpc::Status s = stub.CreateCampaign(ctx.get(), req, &resp);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return {resp.campaign_id(), resp.annotator_token()};
}

inline grpc::Status NextMatch(v1::Tournament::Stub& stub, const CreatedCampaign& c,
                              const std::string& annotator, v1::NextMatchResponse* match,
                              int deadline_s = 20) {
  v1::NextMatchRequest req;
  req.set_campaign_id(c.id);
  req.set_annotator(annotator);
  auto ctx = Ctx(c.token, deadline_s);
  return stub.NextMatch(ctx.get(), req, match);
}

inline grpc::Status Submit(v1::Tournament::Stub& stub, const CreatedCampaign& c,
                           uint64_t match_id, const std::string& annotator,
                           const std::vector<uint32_t>& ranks, const std::string& key,
                           v1::SubmitJudgmentResponse* ack, int deadline_s = 20) {
  v1::SubmitJudgmentRequest req;
  req.set_campaign_id(c.id);
  req.set_match_id(match_id);
  req.set_annotator(annotator);
  for (uint32_t r : ranks) req.add_ranks(r);
  req.set_idempotency_key(key);
  auto ctx = Ctx(c.token, deadline_s);
  return stub.SubmitJudgment(ctx.get(), req, ack);
}

inline grpc::Status Leaderboard(v1::Tournament::Stub& stub, uint64_t campaign,
                                const std::string& model, v1::Leaderboard* board,
                                int replicates = 0) {
  v1::GetLeaderboardRequest req;
  req.set_campaign_id(campaign);
  req.set_model(model);
  req.set_bootstrap_replicates(replicates);
  auto ctx = Ctx(kAdminToken);
  return stub.GetLeaderboard(ctx.get(), req, board);
}

inline grpc::Status PairCounts(v1::Tournament::Stub& stub, uint64_t campaign,
                               v1::PairCountsMatrix* counts) {
  v1::GetPairCountsRequest req;
  req.set_campaign_id(campaign);
  auto ctx = Ctx(kAdminToken);
  return stub.GetPairCounts(ctx.get(), req, counts);
}

// A test fixture with an in-process server on a data dir of its own (removed after the
// test), which a test may restart on the same data.
class InProcessServerTest : public ::testing::Test {
 protected:
  explicit InProcessServerTest(std::string name) : name_(std::move(name)) {}
  void SetUp() override {
    dir_ = TempDir(name_);
    Start();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  // The server's limits (a fixture may lift one).
  virtual service::ServiceLimits Limits() const { return service::ServiceLimits(); }
  void Start() {
    server_ = std::make_unique<InProcessServer>(dir_ + "/data", Limits());
    ASSERT_TRUE(server_->ok()) << server_->error();
  }
  void Restart() {
    server_.reset();
    Start();
  }
  v1::Tournament::Stub& stub() { return server_->stub(); }

  std::string dir_;
  std::unique_ptr<InProcessServer> server_;

 private:
  const std::string name_;
};

// Every judgment ExportJudgments streams for `campaign`, in order; *status is how the
// stream ended.
inline std::vector<v1::ExportedJudgment> ExportJudgments(v1::Tournament::Stub& stub,
                                                         uint64_t campaign, grpc::Status* status) {
  v1::ExportJudgmentsRequest req;
  req.set_campaign_id(campaign);
  auto ctx = Ctx(kAdminToken);
  auto reader = stub.ExportJudgments(ctx.get(), req);
  std::vector<v1::ExportedJudgment> out;
  v1::ExportedJudgment j;
  while (reader->Read(&j)) out.push_back(j);
  *status = reader->Finish();
  return out;
}

// A tourneyd child process (the real binary) on 127.0.0.1 with a port the OS picks.
class ChildServer {
 public:
  // Starts build/bin/tourneyd on `data_dir` and waits until it serves (port file written).
  ChildServer(const std::string& data_dir, const std::string& scratch_dir) {
    const std::string token_file = scratch_dir + "/admin.token";
    WriteFile(token_file, std::string(kAdminToken) + "\n");
    port_file_ = scratch_dir + "/port";
    std::filesystem::remove(port_file_);
    const std::string bin = BinPath("tourneyd");
    std::vector<std::string> args = {bin,
                                     "--data-dir", data_dir,
                                     "--admin-token-file", token_file,
                                     "--listen", "127.0.0.1:0",
                                     "--port-file", port_file_,
                                     "--exit-with-parent"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, bin.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
      pid_ = -1;
      return;
    }
    for (int i = 0; i < 300; ++i) {  // up to 30 s
      const std::string text = ReadFile(port_file_);
      if (!text.empty()) {
        port_ = std::stoi(text);
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~ChildServer() {
    if (pid_ > 0) Kill(SIGKILL);
  }
  bool ok() const { return pid_ > 0 && port_ > 0; }
  int port() const { return port_; }
  // Sends `signal` to the child and reaps it. Returns the wait status.
  int Kill(int signal) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string port_file_;
};

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_SERVICE_TEST_UTIL_H_
