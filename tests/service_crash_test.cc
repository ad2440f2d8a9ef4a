// Crash safety: tourneyd runs as a child process, is SIGKILLed during a storm of
// submissions, restarts on the same data directory, and must hold every acknowledged
// judgment exactly once.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "service_test_util.h"
#include "storage.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

struct Attempt {
  uint64_t match_id = 0;
  std::string annotator;
  std::vector<uint32_t> ranks;
  std::string key;
  int64_t sequence = 0;  // from the acknowledgment; 0 when none arrived
};

TEST(ServiceCrash, SigkillDuringSubmitStormKeepsEveryAcknowledgedJudgmentOnce) {
  const std::string dir = testing::TempDir("crash");
  const std::string data = dir + "/data";
  constexpr int kThreads = 8, kMinAcks = 400;

  std::vector<Attempt> acked, unknown;
  CreatedCampaign c;
  {
    testing::ChildServer server(data, dir);
    ASSERT_TRUE(server.ok()) << "tourneyd did not start";
    auto stub = testing::Connect(server.port());
    c = CreateCampaign(*stub, MakeConfig("crash", 8, 500, 4));
    ASSERT_NE(c.id, 0u);

    std::mutex mu;
    std::atomic<int> acks{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto my_stub = testing::Connect(server.port());
        const std::string annotator = "storm" + std::to_string(t);
        for (int i = 0;; ++i) {
          v1::NextMatchResponse m;
          // Short deadlines: once the server is gone, calls end within 2 s.
          if (!NextMatch(*my_stub, c, annotator, &m, /*deadline_s=*/2).ok()) return;
          Attempt a;
          a.match_id = m.match_id();
          a.annotator = annotator;
          a.ranks = {static_cast<uint32_t>(1 + i % 4), 2, static_cast<uint32_t>(1 + t % 4), 4};
          a.key = annotator + "-" + std::to_string(i);
          v1::SubmitJudgmentResponse ack;
          grpc::Status s = Submit(*my_stub, c, a.match_id, annotator, a.ranks, a.key, &ack,
                                  /*deadline_s=*/2);
          std::lock_guard<std::mutex> lock(mu);
          if (s.ok()) {
            a.sequence = ack.sequence();
            acked.push_back(a);
            ++acks;
          } else {
            unknown.push_back(a);  // in flight when the server died: outcome unknown
            return;
          }
        }
      });
    }
    for (int i = 0; i < 3000 && acks.load() < kMinAcks; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const int status = server.Kill(SIGKILL);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    for (auto& t : threads) t.join();
  }
  ASSERT_GE(static_cast<int>(acked.size()), kMinAcks);

  // Acknowledged sequences are distinct.
  std::set<int64_t> sequences;
  for (const Attempt& a : acked) EXPECT_TRUE(sequences.insert(a.sequence).second) << a.sequence;

  int64_t stored_before = 0, stored_after = 0;
  {
    testing::ChildServer server(data, dir);
    ASSERT_TRUE(server.ok()) << "tourneyd did not restart";
    auto stub = testing::Connect(server.port());
    v1::PairCountsMatrix counts;
    ASSERT_TRUE(testing::PairCounts(*stub, c.id, &counts).ok());
    stored_before = counts.rankings();
    EXPECT_GE(stored_before, static_cast<int64_t>(acked.size()));
    EXPECT_LE(*sequences.rbegin(), stored_before);

    // Every acknowledged judgment is there: an identical retry returns its acknowledgment.
    for (const Attempt& a : acked) {
      v1::SubmitJudgmentResponse ack;
      grpc::Status s = Submit(*stub, c, a.match_id, a.annotator, a.ranks, a.key, &ack);
      ASSERT_TRUE(s.ok()) << s.error_message();
      EXPECT_EQ(ack.sequence(), a.sequence);
    }
    // A submission whose outcome was unknown either was committed (its retry is
    // acknowledged), or its lease survived and it commits now, or its lease was lost.
    int committed_now = 0;
    for (const Attempt& a : unknown) {
      v1::SubmitJudgmentResponse ack;
      grpc::Status s = Submit(*stub, c, a.match_id, a.annotator, a.ranks, a.key, &ack);
      if (s.ok()) {
        if (ack.sequence() > stored_before) ++committed_now;
      } else {
        EXPECT_EQ(s.error_code(), grpc::StatusCode::NOT_FOUND) << s.error_message();
      }
    }
    ASSERT_TRUE(testing::PairCounts(*stub, c.id, &counts).ok());
    stored_after = counts.rankings();
    EXPECT_EQ(stored_after, stored_before + committed_now);  // retries added nothing else
    const int status = server.Kill(SIGTERM);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }

  // The database itself: consecutive sequences, each match at most once, every
  // acknowledged judgment with the submitted ranks and key.
  auto store = service::Store::Open(data);
  ASSERT_TRUE(store.ok()) << store.status().message();
  std::map<uint64_t, service::StoredJudgment> by_match;
  int64_t expected_seq = 1;
  Status s = (*store)->LoadJudgments([&](service::StoredJudgment& j) {
    EXPECT_EQ(j.campaign_seq, expected_seq++);
    EXPECT_TRUE(by_match.emplace(j.match_id, j).second) << "match twice: " << j.match_id;
    return Status::Ok();
  });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(static_cast<int64_t>(by_match.size()), stored_after);
  for (const Attempt& a : acked) {
    auto it = by_match.find(a.match_id);
    ASSERT_NE(it, by_match.end()) << a.match_id;
    EXPECT_EQ(it->second.campaign_seq, a.sequence);
    EXPECT_EQ(it->second.idempotency_key, a.key);
    EXPECT_EQ(std::vector<uint32_t>(it->second.ranks.begin(), it->second.ranks.end()), a.ranks);
  }
  store->reset();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
