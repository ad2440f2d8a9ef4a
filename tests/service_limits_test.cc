// tourneyd under its limits: import caps, abandoned and interrupted bootstraps, annotator
// name floods, oversized messages.
#include <gtest/gtest.h>
#include <malloc.h>

#include <future>
#include <thread>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

TEST(ServiceLimits, ImportLimitCommitsNothing) {
  const std::string dir = testing::TempDir("service_limits");
  service::ServiceLimits limits;
  limits.max_import_rankings = 5;
  limits.max_systems = 4;
  {
    testing::InProcessServer server(dir + "/data", limits);
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CreateCampaignRequest req;
    *req.mutable_config() = MakeConfig("big", 5, 3, 2);
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    EXPECT_EQ(server.stub().CreateCampaign(ctx.get(), req, &resp).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
    const CreatedCampaign c = CreateCampaign(server.stub(), MakeConfig("small", 4, 3, 2));
    ctx = Ctx(kAdminToken);
    v1::ImportRankingsResponse imported;
    auto writer = server.stub().ImportRankings(ctx.get(), &imported);
    v1::ImportRankingsRequest chunk;
    chunk.set_campaign_id(c.id);
    for (int i = 0; i < 6; ++i) {
      v1::Ranking* r = chunk.add_rankings();
      r->add_systems("s0");
      r->add_systems("s1");
      r->add_ranks(1);
      r->add_ranks(2);
    }
    writer->Write(chunk);
    writer->WritesDone();
    EXPECT_EQ(writer->Finish().error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    v1::PairCountsMatrix counts;
    ASSERT_TRUE(testing::PairCounts(server.stub(), c.id, &counts).ok());
    EXPECT_EQ(counts.rankings(), 0);
  }
  std::filesystem::remove_all(dir);
}

// Imports 4,000 rankings of 5 of the 10 systems of campaign `id` (s0..s9): 40,000
// comparisons, so that each TrueSkill bootstrap replicate takes a while.
void ImportSlowToBootstrap(v1::Tournament::Stub& stub, uint64_t id) {
  auto ctx = Ctx(kAdminToken);
  v1::ImportRankingsResponse imported;
  auto writer = stub.ImportRankings(ctx.get(), &imported);
  v1::ImportRankingsRequest chunk;
  chunk.set_campaign_id(id);
  for (int i = 0; i < 4000; ++i) {
    v1::Ranking* r = chunk.add_rankings();
    for (int j = 0; j < 5; ++j) {
      r->add_systems(std::string("s") + std::to_string((i + 2 * j) % 10));
      r->add_ranks(static_cast<uint32_t>((i * 7 + j * 3) % 5 + 1));
    }
  }
  writer->Write(chunk);
  writer->WritesDone();
  ASSERT_TRUE(writer->Finish().ok());
  ASSERT_EQ(imported.accepted(), 4000);
}

// A leaderboard request its client abandons frees its fit slot at once: with one slot, a
// 10-replicate request behind a cancelled (or expired) 10,000-replicate one is served
// within 1 s, where it used to wait for the whole bootstrap.
TEST(ServiceLimits, AbandonedBootstrapFreesItsFitSlot) {
  const std::string dir = testing::TempDir("service_cancel");
  service::ServiceLimits limits;
  limits.max_concurrent_fits = 1;
  {
    testing::InProcessServer server(dir + "/data", limits);
    ASSERT_TRUE(server.ok()) << server.error();
    const CreatedCampaign c = CreateCampaign(server.stub(), MakeConfig("cancel", 10, 20, 5));
    ASSERT_NO_FATAL_FAILURE(ImportSlowToBootstrap(server.stub(), c.id));

    v1::GetLeaderboardRequest big;
    big.set_campaign_id(c.id);
    big.set_model("trueskill");
    big.set_bootstrap_replicates(10000);
    for (const bool by_deadline : {false, true}) {
      SCOPED_TRACE(by_deadline ? "deadline" : "cancel");
      grpc::ClientContext big_ctx;
      big_ctx.AddMetadata("authorization", std::string("Bearer ") + kAdminToken);
      const auto start = std::chrono::system_clock::now();
      big_ctx.set_deadline(start + std::chrono::milliseconds(by_deadline ? 500 : 60000));
      grpc::Status big_status;
      v1::Leaderboard big_board;
      std::thread caller(
          [&] { big_status = server.stub().GetLeaderboard(&big_ctx, big, &big_board); });
      // Let the big request take the slot, then abandon it.
      std::this_thread::sleep_until(start + std::chrono::milliseconds(500));
      if (!by_deadline) big_ctx.TryCancel();
      const auto abandoned = std::chrono::steady_clock::now();
      v1::Leaderboard small;
      grpc::Status s = testing::Leaderboard(server.stub(), c.id, "expected-wins", &small, 10);
      const auto served_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::steady_clock::now() - abandoned)
                                 .count();
      caller.join();
      ASSERT_TRUE(s.ok()) << s.error_message();
      EXPECT_EQ(small.bootstrap_replicates(), 10);
      EXPECT_EQ(big_status.error_code(),
                by_deadline ? grpc::StatusCode::DEADLINE_EXCEEDED : grpc::StatusCode::CANCELLED);
      EXPECT_LT(served_ms, 1000);
      std::cout << (by_deadline ? "expired" : "cancelled")
                << " 10,000-replicate bootstrap: the next request was served " << served_ms
                << " ms later\n";
    }
  }
  std::filesystem::remove_all(dir);
}

// Shutting down stops running bootstraps: the server shuts down within 1 s (the documented
// bound is 2 s) while a 10,000-replicate leaderboard is being computed, and that call ends
// with UNAVAILABLE. It used to be stopped only when the 2 s grace ran out.
TEST(ServiceLimits, ShutdownStopsARunningBootstrap) {
  const std::string dir = testing::TempDir("service_shutdown");
  {
    testing::InProcessServer server(dir + "/data");
    ASSERT_TRUE(server.ok()) << server.error();
    const CreatedCampaign c = CreateCampaign(server.stub(), MakeConfig("shutdown", 10, 20, 5));
    ASSERT_NO_FATAL_FAILURE(ImportSlowToBootstrap(server.stub(), c.id));
    grpc::Status big_status;
    v1::Leaderboard big_board;
    std::thread caller([&] {
      big_status = testing::Leaderboard(server.stub(), c.id, "trueskill", &big_board, 10000);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const auto start = std::chrono::steady_clock::now();
    server.server().Shutdown();
    const auto shutdown_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::steady_clock::now() - start)
                                 .count();
    caller.join();
    EXPECT_EQ(big_status.error_code(), grpc::StatusCode::UNAVAILABLE) << big_status.error_message();
    EXPECT_LT(shutdown_ms, 1000);
    std::cout << "shutdown during a 10,000-replicate bootstrap took " << shutdown_ms << " ms\n";
  }
  std::filesystem::remove_all(dir);
}

// Each new annotator name costs memory in proportion to what it was served, not to the
// campaign's segments: 2,000 names, one match each, on a 200,000-segment campaign (a
// bitset per name would be 25 KB) stay under 1 KB per name, leases included.
TEST(ServiceLimits, AnnotatorNameFloodCostsUnder1KBPerName) {
  const std::string dir = testing::TempDir("service_flood");
  {
    // One client floods under the shared token: lift the per-client lease cap (which
    // exists to stop exactly this) to measure the memory of each name.
    service::ServiceLimits limits;
    limits.max_open_leases_per_client = 1000000;
    testing::InProcessServer server(dir + "/data", limits);
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CampaignConfig config = MakeConfig("flood", 4, 0, 2);
    for (int i = 0; i < 200000; ++i) config.add_segments()->set_id(i);
    const CreatedCampaign c = CreateCampaign(server.stub(), config);
    ASSERT_NE(c.id, 0u);
    v1::NextMatchResponse m;
    auto serve = [&](int from, int to) {
      for (int i = from; i < to; ++i) {
        grpc::Status s = NextMatch(server.stub(), c, "flood-" + std::to_string(i), &m);
        if (!s.ok()) return s;
      }
      return grpc::Status::OK;
    };
    ASSERT_TRUE(serve(0, 200).ok());  // warm up the server's threads and caches
    const size_t before = mallinfo2().uordblks;
    constexpr int kNames = 2000;
    ASSERT_TRUE(serve(200, 200 + kNames).ok());
    const size_t after = mallinfo2().uordblks;
    const double per_name = (static_cast<double>(after) - before) / kNames;
    std::cout << "annotator-name flood: " << per_name << " bytes per name\n";
    EXPECT_LE(per_name, 1024.0);
  }
  std::filesystem::remove_all(dir);
}

TEST(ServiceLimits, OversizedMessageIsRejected) {
  const std::string dir = testing::TempDir("service_size");
  {
    testing::InProcessServer server(dir + "/data");
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CreateCampaignRequest req;
    *req.mutable_config() = MakeConfig("huge", 4, 3, 2);
    req.mutable_config()->add_systems(std::string(5 << 20, 'x'));  // > 4 MiB
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    EXPECT_EQ(server.stub().CreateCampaign(ctx.get(), req, &resp).error_code(),
              grpc::StatusCode::RESOURCE_EXHAUSTED);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
