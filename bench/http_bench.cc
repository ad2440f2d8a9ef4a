// tourneyd's JSON API over HTTP under load, beside gRPC in the same run, against the real
// tourneyd binary as a child process on loopback (docs/http.md, "Performance").
//
//   BM_HttpRoundTrips/clients:N  N concurrent HTTP/1.1 clients (one kept-alive connection
//                                each), each looping POST :nextMatch + POST :submitJudgment
//                                with proto3 JSON bodies (every ack durable) for 4 s.
//                                Goal at N = 50: >= 1,000 round trips/s, p99 <= 50 ms.
//   BM_GrpcRoundTrips/annotators:N  the same load over gRPC, on a server started the same
//                                way (--http-listen on too), for the figure beside it.
// Counters: round_trips_per_s, p50_ms, p99_ms, max_ms, failures, judgments (stored at the
// end, read back over gRPC), us_per_round_trip (wall time / round trips).
// Every scenario uses BenchConfig(): 13 systems, k = 5, 3,000 segments.
//
// Run: build/bin/http_bench   (tourneyd must be built: it is looked up next to this
// program). --benchmark_filter=Http or =Grpc runs one family.
#include <benchmark/benchmark.h>
#include <google/protobuf/util/json_util.h>

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "http_client.h"
#include "tourney/core/random.h"
#include "tourneyd_child.h"

namespace tourney {
namespace {

// One annotator's loop: a round trip (next + submit) returns false when either call failed.
using RoundTrip = std::function<bool(Rng&)>;
// Makes the round trip of annotator `index` (its own connection), given the campaign.
using AnnotatorFactory = std::function<RoundTrip(int index, int http_port, int grpc_port,
                                                 const v1::CreateCampaignResponse& campaign)>;

RoundTrip HttpAnnotator(int index, int http_port, int /*grpc_port*/,
                        const v1::CreateCampaignResponse& campaign) {
  auto client = std::make_shared<testing::HttpClient>(http_port);
  const std::string name = "annotator" + std::to_string(index);
  const std::string prefix = "/v1/campaigns/" + std::to_string(campaign.campaign_id());
  const std::vector<std::pair<std::string, std::string>> headers = {
      {"Authorization", "Bearer " + campaign.annotator_token()},
      {"Content-Type", "application/json"}};
  const std::string next_body = R"({"annotator":")" + name + "\"}";
  return [client, name, prefix, headers, next_body](Rng& rng) {
    const testing::HttpResult next =
        client->Request("POST", prefix + ":nextMatch", next_body, headers);
    v1::NextMatchResponse match;
    if (next.status != 200 ||
        !google::protobuf::util::JsonStringToMessage(next.body, &match).ok()) {
      return false;
    }
    std::string submit = R"({"matchId":")" + std::to_string(match.match_id()) +
                         R"(","annotator":")" + name + R"(","ranks":[)";
    for (int i = 0; i < match.systems_size(); ++i) {
      submit += (i ? "," : "") + std::to_string(1 + rng.UniformInt(5));
    }
    submit += "]}";
    return client->Request("POST", prefix + ":submitJudgment", submit, headers).status == 200;
  };
}

RoundTrip GrpcAnnotator(int index, int /*http_port*/, int grpc_port,
                        const v1::CreateCampaignResponse& campaign) {
  std::shared_ptr<v1::Tournament::Stub> stub = Stub(grpc_port);
  const std::string name = "annotator" + std::to_string(index);
  return [stub, name, campaign](Rng& rng) {
    v1::NextMatchRequest next;
    next.set_campaign_id(campaign.campaign_id());
    next.set_annotator(name);
    v1::NextMatchResponse match;
    grpc::ClientContext c1;
    c1.set_wait_for_ready(true);
    c1.AddMetadata("authorization", "Bearer " + campaign.annotator_token());
    if (!stub->NextMatch(&c1, next, &match).ok()) return false;
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
    return stub->SubmitJudgment(&c2, submit, &ack).ok();
  };
}

void RoundTrips(benchmark::State& state, const AnnotatorFactory& make_annotator) {
  const int annotators = static_cast<int>(state.range(0));
  const auto duration = std::chrono::seconds(4);
  const std::string dir = TempDir();
  const int http_port = FreePort();
  Tourneyd server(dir + "/data", dir, {"--http-listen", "127.0.0.1:" + std::to_string(http_port)});
  if (!server.ok()) {
    state.SkipWithError("tourneyd did not start (is it built next to http_bench?)");
    return;
  }
  auto admin = Stub(server.port());
  v1::CreateCampaignResponse campaign;
  if (!CreateBenchCampaign(*admin, BenchConfig("load"), &campaign)) {
    state.SkipWithError("CreateCampaign failed");
    return;
  }
  std::vector<std::vector<double>> latencies(static_cast<size_t>(annotators));
  std::atomic<int64_t> failures{0};
  for (auto _ : state) {
    const auto start = Clock::now();
    std::vector<std::thread> threads;
    for (int a = 0; a < annotators; ++a) {
      threads.emplace_back([&, a] {
        RoundTrip round_trip = make_annotator(a, http_port, server.port(), campaign);
        Rng rng(DeriveSeed(42, static_cast<uint64_t>(a)));
        auto& lat = latencies[static_cast<size_t>(a)];
        lat.reserve(20000);
        while (Clock::now() - start < duration) {
          const auto t0 = Clock::now();
          if (!round_trip(rng)) {
            ++failures;
            continue;
          }
          lat.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
      });
    }
    for (auto& t : threads) t.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    state.SetIterationTime(seconds);
    std::vector<double> all;
    for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
    state.counters["round_trips_per_s"] = static_cast<double>(all.size()) / seconds;
    state.counters["us_per_round_trip"] =
        all.empty() ? 0 : seconds * 1e6 / static_cast<double>(all.size());
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

void BM_HttpRoundTrips(benchmark::State& state) { RoundTrips(state, &HttpAnnotator); }
void BM_GrpcRoundTrips(benchmark::State& state) { RoundTrips(state, &GrpcAnnotator); }
BENCHMARK(BM_HttpRoundTrips)
    ->ArgName("clients")
    ->Arg(1)
    ->Arg(50)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GrpcRoundTrips)
    ->ArgName("annotators")
    ->Arg(50)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tourney

BENCHMARK_MAIN();
