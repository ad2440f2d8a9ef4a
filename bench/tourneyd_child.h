// What the tourneyd benchmarks share (service_bench.cc, http_bench.cc): a tourneyd child
// process on loopback, a gRPC stub, the benchmark campaign's configuration, a free port
// and percentiles.
#ifndef TOURNEY_BENCH_TOURNEYD_CHILD_H_
#define TOURNEY_BENCH_TOURNEYD_CHILD_H_

#include <arpa/inet.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tourney/selection/match_selector.h"
#include "tourney/v1/tournament.grpc.pb.h"

extern char** environ;

namespace tourney {

inline constexpr char kAdminToken[] = "bench-admin-token-0123456789";
using Clock = std::chrono::steady_clock;

inline std::string BinDir() {
  return std::filesystem::canonical("/proc/self/exe").parent_path().string();
}

inline std::string TempDir() {
  std::string templ = std::filesystem::temp_directory_path().string() + "/tourney_bench_XXXXXX";
  return mkdtemp(templ.data());
}

// A tourneyd child process on 127.0.0.1 with an OS-chosen port.
class Tourneyd {
 public:
  Tourneyd(const std::string& data_dir, const std::string& scratch,
           const std::vector<std::string>& extra_args = {}) {
    const std::string token = scratch + "/admin.token";
    std::ofstream(token) << kAdminToken << "\n";
    const std::string port_file = scratch + "/port";
    std::filesystem::remove(port_file);
    const std::string bin = BinDir() + "/tourneyd";
    std::vector<std::string> args = {bin, "--data-dir", data_dir, "--admin-token-file", token,
                                     "--listen", "127.0.0.1:0", "--port-file", port_file,
                                     "--max-leases-per-annotator", "64",
                                     // every bench client is on loopback, under the shared token
                                     "--max-open-leases-per-client", "1000000",
                                     "--exit-with-parent"};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const auto start = Clock::now();
    if (posix_spawn(&pid_, bin.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
      pid_ = -1;
      return;
    }
    while (Clock::now() - start < std::chrono::seconds(120)) {
      std::ifstream in(port_file);
      if (in >> port_) break;
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    startup_s_ = std::chrono::duration<double>(Clock::now() - start).count();
  }
  ~Tourneyd() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  bool ok() const { return pid_ > 0 && port_ > 0; }
  int port() const { return port_; }
  double startup_s() const { return startup_s_; }
  // Resident set size in bytes (VmRSS).
  int64_t Rss() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  double startup_s_ = 0;
};

inline std::unique_ptr<v1::Tournament::Stub> Stub(int port) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // one connection per annotator
  return v1::Tournament::NewStub(grpc::CreateCustomChannel(
      "127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials(), args));
}

// The campaign of every scenario: 13 systems, k = 5, 3,000 segments, the default selector.
// The one place to change the configuration (e.g. to switch quality control on).
// With `quality_control`, a tenth of the matches are checks (repeats, or matches with the
// control system "system-12") and each annotator may give at most 1,000,000 judgments.
inline v1::CampaignConfig BenchConfig(const std::string& name, bool quality_control = false) {
  v1::CampaignConfig c;
  c.set_name(name);
  for (int i = 0; i < 13; ++i) c.add_systems("system-" + std::to_string(i));
  for (int i = 0; i < 3000; ++i) c.add_segments()->set_id(i);
  c.set_k(5);
  c.set_selector(std::string(kDefaultMatchSelector));
  c.set_seed(1);
  c.set_enrolment(v1::ENROLMENT_OPEN);  // the bench's clients share the campaign's token
  if (quality_control) {
    v1::QualityControlConfig* qc = c.mutable_quality_control();
    qc->set_check_fraction(0.1);
    qc->set_control_system("system-12");
    qc->set_max_judgments_per_annotator(1000000);
  }
  return c;
}

// Creates `config` on the tourneyd behind `admin` with the admin token; false when refused.
inline bool CreateBenchCampaign(v1::Tournament::Stub& admin, const v1::CampaignConfig& config,
                                v1::CreateCampaignResponse* campaign) {
  v1::CreateCampaignRequest create;
  *create.mutable_config() = config;
  grpc::ClientContext ctx;
  ctx.AddMetadata("authorization", std::string("Bearer ") + kAdminToken);
  return admin.CreateCampaign(&ctx, create, campaign).ok();
}

inline double Percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
  return v[i];
}

// A loopback port free a moment ago (the OS's choice for a socket bound to port 0).
inline int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof(addr);
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  close(fd);
  return port;
}

}  // namespace tourney

#endif  // TOURNEY_BENCH_TOURNEYD_CHILD_H_
