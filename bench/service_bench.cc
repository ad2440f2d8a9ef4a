// tourneyd under load, over loopback, against the real tourneyd binary as a child process.
//
//   BM_RoundTrips/annotators:N   N concurrent annotators, each looping NextMatch +
//                                SubmitJudgment (every ack durable) for a fixed time.
//                                Counters: round_trips_per_s, p50_ms, p99_ms, max_ms,
//                                failures, judgments (stored at the end).
//                                Goal at N = 32: >= 2,000 round trips/s, p99 <= 20 ms.
//   BM_RoundTripsMetrics/annotators:32
//                                the same with --metrics-port (the per-RPC interceptor on),
//                                scraping /metrics once a second.
//   BM_RoundTripsDuringBackup/annotators:32
//                                the same while `tourneyd --backup-to` copies the database
//                                (started 1 s in, 64-page steps) beside 200,000 stored
//                                judgments of another campaign. Counters add backup_s.
// Every scenario uses the one campaign configuration of BenchConfig() (switch QC options
// on there).
//   BM_Restart/judgments:N       a data dir holding N judgments (5-way, 13 systems): time
//                                from spawning tourneyd to serving (replay included), and
//                                the server's resident memory per stored judgment over an
//                                empty campaign. Goal at N = 1,000,000: <= 3 s, <= 200 B.
//
// Run: build/bin/service_bench   (tourneyd must be built: it is looked up next to this
// program). --benchmark_filter=RoundTrips or =Restart runs one family.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "auth.h"
#include "storage.h"
#include "tourneyd_child.h"
#include "tourney/core/random.h"
#include "tourney/selection/match_selector.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney {
namespace {

void FillDataDir(const std::string& data_dir, int64_t n);

// What runs beside the annotators' load.
enum class Beside { kNothing, kMetricsScrapes, kBackup };

// Runs `tourneyd` with `command_line` arguments and waits; its exit status.
int RunTourneyd(const std::vector<std::string>& arguments) {
  std::string bin = BinDir() + "/tourneyd";
  std::vector<std::string> args = {bin};
  args.insert(args.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawn(&pid, bin.c_str(), nullptr, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}


// GET /metrics on 127.0.0.1:port over a plain socket; the bytes received (0 on failure).
size_t Scrape(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  size_t total = 0;
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0) {
    const std::string request = "GET /metrics HTTP/1.0\r\n\r\n";
    if (write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size())) {
      char buf[4096];
      ssize_t n;
      while ((n = read(fd, buf, sizeof(buf))) > 0) total += static_cast<size_t>(n);
    }
  }
  close(fd);
  return total;
}

void RoundTrips(benchmark::State& state, Beside beside, bool quality_control = false) {
  const int annotators = static_cast<int>(state.range(0));
  const auto duration = std::chrono::seconds(4);
  const std::string dir = TempDir();
  std::vector<std::string> extra;
  const int metrics_port = beside == Beside::kMetricsScrapes ? FreePort() : 0;
  if (metrics_port > 0) extra = {"--metrics-port", std::to_string(metrics_port)};
  // The backup copies a database of realistic size: 200,000 judgments of another campaign.
  if (beside == Beside::kBackup) FillDataDir(dir + "/data", 200000);
  Tourneyd server(dir + "/data", dir, extra);
  if (!server.ok()) {
    state.SkipWithError("tourneyd did not start (is it built next to service_bench?)");
    return;
  }
  auto admin = Stub(server.port());
  v1::CreateCampaignResponse campaign;
  if (!CreateBenchCampaign(*admin, BenchConfig("load", quality_control), &campaign)) {
    state.SkipWithError("CreateCampaign failed");
    return;
  }
  std::vector<std::vector<double>> latencies(static_cast<size_t>(annotators));
  std::atomic<int64_t> failures{0};
  for (auto _ : state) {
    const auto start = Clock::now();
    std::thread side([&] {
      if (beside == Beside::kBackup) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        const auto t0 = Clock::now();
        const int rc = RunTourneyd({"--data-dir", dir + "/data", "--backup-to", dir + "/backup.db",
                                    "--backup-pages-per-step", "64"});
        state.counters["backup_s"] = std::chrono::duration<double>(Clock::now() - t0).count();
        state.counters["backup_ok"] = rc == 0 ? 1 : 0;
      } else if (beside == Beside::kMetricsScrapes) {
        int64_t scrapes = 0;
        while (Clock::now() - start < duration) {
          if (metrics_port > 0 && Scrape(metrics_port) > 0) ++scrapes;
          std::this_thread::sleep_for(std::chrono::seconds(1));
        }
        state.counters["scrapes"] = static_cast<double>(scrapes);
      }
    });
    std::vector<std::thread> threads;
    for (int a = 0; a < annotators; ++a) {
      threads.emplace_back([&, a] {
        auto stub = Stub(server.port());
        const std::string name = "annotator" + std::to_string(a);
        Rng rng(DeriveSeed(42, static_cast<uint64_t>(a)));
        auto& lat = latencies[static_cast<size_t>(a)];
        lat.reserve(20000);
        while (Clock::now() - start < duration) {
          const auto t0 = Clock::now();
          v1::NextMatchRequest next;
          next.set_campaign_id(campaign.campaign_id());
          next.set_annotator(name);
          v1::NextMatchResponse match;
          grpc::ClientContext c1;
          c1.set_wait_for_ready(true);
          c1.AddMetadata("authorization", "Bearer " + campaign.annotator_token());
          if (!stub->NextMatch(&c1, next, &match).ok()) {
            ++failures;
            continue;
          }
          v1::SubmitJudgmentRequest submit;
          submit.set_campaign_id(campaign.campaign_id());
          submit.set_match_id(match.match_id());
          submit.set_annotator(name);
          for (int i = 0; i < match.systems_size(); ++i) {
            submit.add_ranks(1 + static_cast<uint32_t>(rng.UniformInt(5)));
          }
          v1::SubmitJudgmentResponse ack;
          grpc::ClientContext c2;
          c2.set_wait_for_ready(true);
          c2.AddMetadata("authorization", "Bearer " + campaign.annotator_token());
          if (!stub->SubmitJudgment(&c2, submit, &ack).ok()) {
            ++failures;
            continue;
          }
          lat.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
      });
    }
    for (auto& t : threads) t.join();
    side.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    state.SetIterationTime(seconds);
    std::vector<double> all;
    for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
    state.counters["round_trips_per_s"] = static_cast<double>(all.size()) / seconds;
    state.counters["p50_ms"] = Percentile(all, 0.50);
    state.counters["p99_ms"] = Percentile(all, 0.99);
    state.counters["max_ms"] = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
    state.counters["failures"] = static_cast<double>(failures.load());
    v1::GetPairCountsRequest req;
    req.set_campaign_id(campaign.campaign_id());
    v1::PairCountsMatrix counts;
    grpc::ClientContext ctx;
    ctx.AddMetadata("authorization", std::string("Bearer ") + kAdminToken);
    admin->GetPairCounts(&ctx, req, &counts);
    state.counters["judgments"] = static_cast<double>(counts.rankings());
  }
  std::filesystem::remove_all(dir);
}

void BM_RoundTrips(benchmark::State& state) { RoundTrips(state, Beside::kNothing); }
void BM_RoundTripsMetrics(benchmark::State& state) { RoundTrips(state, Beside::kMetricsScrapes); }
void BM_RoundTripsDuringBackup(benchmark::State& state) { RoundTrips(state, Beside::kBackup); }
void BM_RoundTripsQualityControl(benchmark::State& state) {
  RoundTrips(state, Beside::kNothing, /*quality_control=*/true);
}
BENCHMARK(BM_RoundTrips)
    ->ArgName("annotators")
    ->Arg(1)
    ->Arg(8)
    ->Arg(32)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RoundTripsQualityControl)
    ->ArgName("annotators")
    ->Arg(32)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RoundTripsMetrics)
    ->ArgName("annotators")
    ->Arg(32)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RoundTripsDuringBackup)
    ->ArgName("annotators")
    ->Arg(32)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// Writes a campaign with `n` judgments straight into a data dir.
void FillDataDir(const std::string& data_dir, int64_t n) {
  auto store = service::Store::Open(data_dir);
  if (!store.ok() || !(*store)->StartBoot().ok()) return;
  service::StoredCampaign campaign;
  campaign.name = "restart";
  BenchConfig("restart").SerializeToString(&campaign.config);
  campaign.token_sha256 = service::Sha256("unused");
  uint64_t id = 0;
  (void)(*store)->Commit([&](service::WriteTransaction& txn) {
    auto inserted = txn.InsertCampaign(campaign);
    if (!inserted.ok()) return inserted.status();
    id = *inserted;
    return Status::Ok();
  });
  Rng rng(9);
  constexpr int64_t kPerTransaction = 50000;
  service::StoredJudgment row;
  row.campaign_id = id;
  row.systems.resize(5);
  row.ranks.resize(5);
  for (int64_t begin = 0; begin < n; begin += kPerTransaction) {
    (void)(*store)->Commit([&](service::WriteTransaction& txn) {
      for (int64_t i = begin; i < std::min(n, begin + kPerTransaction); ++i) {
        row.campaign_seq = i + 1;
        row.match_id = (uint64_t{1} << 32) | static_cast<uint64_t>(i + 1);
        row.annotator = "annotator" + std::to_string(rng.UniformInt(100));
        row.idempotency_key = "k" + std::to_string(i);
        row.segment = static_cast<int64_t>(rng.UniformInt(3000));
        // 5 distinct systems of 13 and random ranks.
        int chosen[13];
        for (int s = 0; s < 13; ++s) chosen[s] = s;
        for (int s = 0; s < 5; ++s) {
          std::swap(chosen[s], chosen[s + static_cast<int>(rng.UniformInt(13 - s))]);
          row.systems[s] = chosen[s];
          row.ranks[s] = static_cast<uint8_t>(1 + rng.UniformInt(5));
        }
        row.committed_unix_ms = 1700000000000 + i;
        Status s = txn.InsertJudgment(row);
        if (!s.ok()) return s;
      }
      return Status::Ok();
    });
  }
}

void BM_Restart(benchmark::State& state) {
  const int64_t n = state.range(0);
  const std::string dir = TempDir();
  FillDataDir(dir + "/empty", 0);
  FillDataDir(dir + "/data", n);
  for (auto _ : state) {
    int64_t rss_empty = 0;
    {
      Tourneyd empty(dir + "/empty", dir);
      if (!empty.ok()) {
        state.SkipWithError("tourneyd did not start");
        return;
      }
      rss_empty = empty.Rss();
    }
    Tourneyd server(dir + "/data", dir);
    if (!server.ok()) {
      state.SkipWithError("tourneyd did not start");
      return;
    }
    state.SetIterationTime(server.startup_s());
    const int64_t rss = server.Rss();
    state.counters["startup_s"] = server.startup_s();
    state.counters["rss_MB"] = static_cast<double>(rss) / 1e6;
    state.counters["bytes_per_judgment"] =
        static_cast<double>(rss - rss_empty) / static_cast<double>(n);
    state.counters["db_MB"] =
        static_cast<double>(std::filesystem::file_size(dir + "/data/tourney.db")) / 1e6;
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_Restart)
    ->ArgName("judgments")
    ->Arg(100000)
    ->Arg(1000000)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
