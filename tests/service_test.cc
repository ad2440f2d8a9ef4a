// Integration tests of tourneyd over a real gRPC channel on loopback: a whole campaign,
// every documented status code, authentication, health, streaming and TLS.
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <malloc.h>

#include <future>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "service_test_util.h"
#include "tourney/models/trueskill.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

class ServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("service");
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data");
    ASSERT_TRUE(server_->ok()) << server_->error();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  v1::Tournament::Stub& stub() { return server_->stub(); }

  std::string dir_;
  std::unique_ptr<testing::InProcessServer> server_;
};

// The ranks a perfect annotator gives when system sN has quality N: higher ids rank first.
std::vector<uint32_t> RanksByHiddenQuality(const v1::NextMatchResponse& m) {
  std::vector<int> ids;
  for (const std::string& s : m.systems()) ids.push_back(std::stoi(s.substr(1)));
  std::vector<uint32_t> ranks;
  for (int id : ids) {
    uint32_t rank = 1;
    for (int other : ids) rank += other > id ? 1 : 0;
    ranks.push_back(rank);
  }
  return ranks;
}

TEST_F(ServiceTest, WholeCampaignWithConcurrentAnnotators) {
  const int kSystems = 6, kSegments = 40, kAnnotators = 4, kPerAnnotator = 25;
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("whole", kSystems, kSegments, 3));
  ASSERT_NE(c.id, 0u);
  ASSERT_EQ(c.token.size(), 64u);

  // Each annotator ranks by the hidden qualities and tallies what it submitted.
  std::mutex mu;
  std::map<std::pair<int, int>, int64_t> wins;  // (winner, loser) -> count
  std::set<int64_t> sequences;
  // seq -> (system ids in display order, ranks), to replay TrueSkill in commit order.
  std::map<int64_t, std::pair<std::vector<int>, std::vector<uint32_t>>> by_sequence;
  std::vector<std::thread> threads;
  for (int a = 0; a < kAnnotators; ++a) {
    threads.emplace_back([&, a] {
      const std::string name = "annotator" + std::to_string(a);
      std::set<int64_t> segments;
      for (int i = 0; i < kPerAnnotator; ++i) {
        v1::NextMatchResponse m;
        ASSERT_TRUE(NextMatch(stub(), c, name, &m).ok());
        ASSERT_EQ(m.systems_size(), 3);
        // Fewer matches than segments: never the same segment twice.
        EXPECT_TRUE(segments.insert(m.segment().id()).second) << m.segment().id();
        EXPECT_GT(m.lease_expires_unix_ms(), 0);
        const std::vector<uint32_t> ranks = RanksByHiddenQuality(m);
        v1::SubmitJudgmentResponse ack;
        grpc::Status s = Submit(stub(), c, m.match_id(), name, ranks, "k", &ack);
        ASSERT_TRUE(s.ok()) << s.error_message();
        std::lock_guard<std::mutex> lock(mu);
        EXPECT_TRUE(sequences.insert(ack.sequence()).second);
        std::vector<int> ids;
        for (const std::string& name : m.systems()) ids.push_back(std::stoi(name.substr(1)));
        by_sequence[ack.sequence()] = {ids, ranks};
        for (int x = 0; x < 3; ++x) {
          for (int y = 0; y < 3; ++y) {
            if (ranks[x] < ranks[y]) {
              ++wins[{std::stoi(m.systems(x).substr(1)), std::stoi(m.systems(y).substr(1))}];
            }
          }
        }
      }
    });
  }
  for (auto& t : threads) t.join();

  // Sequences are exactly 1..N.
  const int64_t n = kAnnotators * kPerAnnotator;
  ASSERT_EQ(static_cast<int64_t>(sequences.size()), n);
  EXPECT_EQ(*sequences.begin(), 1);
  EXPECT_EQ(*sequences.rbegin(), n);

  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), n);
  EXPECT_EQ(counts.comparisons(), 3 * n);
  ASSERT_EQ(counts.systems_size(), kSystems);
  for (int i = 0; i < kSystems; ++i) {
    for (int j = 0; j < kSystems; ++j) {
      EXPECT_EQ(counts.wins(i * kSystems + j), (wins[{i, j}])) << i << " " << j;
      EXPECT_EQ(counts.ties(i * kSystems + j), 0);
    }
  }

  // Expected Wins from the tally (WMT13: decisive wins over the |S|-1 opponents).
  v1::Leaderboard board;
  ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "expected-wins", &board).ok());
  ASSERT_EQ(board.entries_size(), kSystems);
  EXPECT_EQ(board.rankings(), n);
  for (const v1::LeaderboardEntry& e : board.entries()) {
    const int i = std::stoi(e.system().substr(1));
    double expected = 0;
    for (int j = 0; j < kSystems; ++j) {
      if (j == i) continue;
      const double w = static_cast<double>(wins[{i, j}]), l = static_cast<double>(wins[{j, i}]);
      if (w + l > 0) expected += w / (w + l);
    }
    expected /= kSystems - 1;
    EXPECT_NEAR(e.score(), expected, 1e-12) << e.system();
  }
  // A perfect annotator everywhere: best system first.
  EXPECT_EQ(board.entries(0).system(), "s5");
  EXPECT_EQ(board.entries(kSystems - 1).system(), "s0");

  // The live TrueSkill ratings are the two-player updates of every submission's pairs, in
  // column order, applied in acknowledgment (commit) order from the default prior.
  auto env = TrueSkill::Create(TrueSkillOptions());
  ASSERT_TRUE(env.ok());
  std::vector<Rating> expected(kSystems, env->InitialRating());
  for (const auto& [seq, judgment] : by_sequence) {
    const auto& [ids, ranks] = judgment;
    for (size_t x = 0; x < ids.size(); ++x) {
      for (size_t y = x + 1; y < ids.size(); ++y) {
        const Outcome o = ranks[x] < ranks[y]   ? Outcome::kFirstWins
                          : ranks[x] > ranks[y] ? Outcome::kSecondWins
                                                : Outcome::kTie;
        env->Rate(o, &expected[ids[x]], &expected[ids[y]]);
      }
    }
  }
  v1::Leaderboard live;
  ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &live).ok());
  EXPECT_EQ(live.model(), "trueskill");
  for (const v1::LeaderboardEntry& e : live.entries()) {
    const int i = std::stoi(e.system().substr(1));
    EXPECT_EQ(e.mu(), expected[i].mu) << e.system();
    EXPECT_EQ(e.sigma(), expected[i].sigma) << e.system();
    EXPECT_EQ(e.score(), e.mu());
  }
}

// Batch awareness: ten annotators hold their matches open at the same time; the 15 pairs
// of 6 systems leave room for ten different ones, so no two of them get the same pair.
TEST_F(ServiceTest, ConcurrentOpenMatchesAreDifferent) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("batch", 6, 100, 2, "racing"));
  std::set<std::set<std::string>> seen;
  for (int a = 0; a < 10; ++a) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "ann" + std::to_string(a), &m).ok());
    EXPECT_TRUE(seen.insert(std::set<std::string>(m.systems().begin(), m.systems().end())).second)
        << "annotator " << a << " got a pair already out";
  }
}

// An empty selector is the default (racing); every named active selector is accepted and
// serves k distinct systems.
TEST_F(ServiceTest, DefaultAndActiveSelectorsServeMatches) {
  for (const std::string selector : {"", "racing", "lucb", "info-gain", "thompson", "arena"}) {
    const CreatedCampaign c =
        CreateCampaign(stub(), MakeConfig("active" + selector, 6, 100, 3, selector));
    for (int i = 0; i < 10; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(stub(), c, "a", &m).ok()) << selector;
      ASSERT_EQ(m.systems_size(), 3) << selector;
      EXPECT_EQ(std::set<std::string>(m.systems().begin(), m.systems().end()).size(), 3u);
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(stub(), c, m.match_id(), "a", RanksByHiddenQuality(m), "", &ack).ok());
    }
    // GetLeaderboard carries the stopping rule: 5 boundaries between 6 systems, estimated
    // from 10 three-way rankings = 30 comparisons, too few (< 2 x 15 pairs) to be settled.
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &board).ok());
    EXPECT_EQ(board.stopping().boundaries_size(), 5) << selector;
    EXPECT_EQ(board.stopping().judgments(), 30) << selector;
    EXPECT_FALSE(board.stopping().settled()) << selector;
  }
}

TEST_F(ServiceTest, TrueSkillSelectorServesTheMostUncertainSystem) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("selector", 6, 100, 2, "trueskill"));
  for (int i = 0; i < 30; ++i) {
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &board).ok());
    // The anchor: largest sigma, ties to the lowest id (the order of CampaignConfig).
    std::string anchor;
    double best = -1;
    int best_id = 1 << 20;
    for (const auto& e : board.entries()) {
      const int id = std::stoi(e.system().substr(1));
      if (e.sigma() > best || (e.sigma() == best && id < best_id)) {
        best = e.sigma();
        best_id = id;
        anchor = e.system();
      }
    }
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "sel", &m).ok());
    EXPECT_TRUE(m.systems(0) == anchor || m.systems(1) == anchor) << anchor;
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(Submit(stub(), c, m.match_id(), "sel", RanksByHiddenQuality(m), "", &ack).ok());
  }
}

TEST_F(ServiceTest, SegmentsRepeatOnlyAfterAFullPass) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("passes", 4, 5, 2));
  std::vector<int64_t> shown;
  for (int i = 0; i < 12; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "ann", &m).ok());
    shown.push_back(m.segment().id());
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(Submit(stub(), c, m.match_id(), "ann", {1, 2}, "", &ack).ok());
  }
  // Passes of 5: each pass shows every segment exactly once.
  for (int pass = 0; pass < 2; ++pass) {
    std::set<int64_t> ids(shown.begin() + pass * 5, shown.begin() + pass * 5 + 5);
    EXPECT_EQ(ids, (std::set<int64_t>{100, 101, 102, 103, 104})) << "pass " << pass;
  }
  std::set<int64_t> last(shown.begin() + 10, shown.end());
  EXPECT_EQ(last.size(), 2u);
}

TEST_F(ServiceTest, SubmitStatusCodes) {
  v1::CampaignConfig config = MakeConfig("codes", 5, 10, 3);
  const CreatedCampaign c = CreateCampaign(stub(), config);
  v1::NextMatchResponse m;
  ASSERT_TRUE(NextMatch(stub(), c, "alice", &m).ok());
  v1::SubmitJudgmentResponse ack;

  // INVALID_ARGUMENT: wrong count, rank 0, rank above k; ties are fine later.
  for (const std::vector<uint32_t>& bad :
       {std::vector<uint32_t>{1, 2}, {1, 2, 3, 3}, {0, 1, 2}, {1, 2, 4}, {}}) {
    EXPECT_EQ(Submit(stub(), c, m.match_id(), "alice", bad, "k1", &ack).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
  }
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "bad name!", {1, 2, 3}, "k1", &ack).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  // NOT_FOUND: an unknown match.
  EXPECT_EQ(Submit(stub(), c, m.match_id() + 1000, "alice", {1, 2, 3}, "k1", &ack).error_code(),
            grpc::StatusCode::NOT_FOUND);
  // FAILED_PRECONDITION: someone else's lease.
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "bob", {1, 2, 3}, "k1", &ack).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);

  // Ties allowed; the first answer is committed.
  grpc::Status s = Submit(stub(), c, m.match_id(), "alice", {1, 1, 3}, "k1", &ack);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(ack.sequence(), 1);
  // An identical retry returns the original acknowledgment.
  v1::SubmitJudgmentResponse again;
  ASSERT_TRUE(Submit(stub(), c, m.match_id(), "alice", {1, 1, 3}, "k1", &again).ok());
  EXPECT_EQ(again.sequence(), ack.sequence());
  EXPECT_EQ(again.committed_unix_ms(), ack.committed_unix_ms());
  // ALREADY_EXISTS: a different answer, or the same answer under another key.
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "alice", {1, 2, 3}, "k1", &again).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "alice", {1, 1, 3}, "k2", &again).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  // Someone else replaying it: not their match.
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "bob", {1, 1, 3}, "k1", &again).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);

  // A match of another campaign is not found in this one.
  const CreatedCampaign other = CreateCampaign(stub(), MakeConfig("codes2", 5, 10, 3));
  v1::NextMatchResponse m2;
  ASSERT_TRUE(NextMatch(stub(), other, "alice", &m2).ok());
  EXPECT_EQ(Submit(stub(), c, m2.match_id(), "alice", {1, 2, 3}, "", &ack).error_code(),
            grpc::StatusCode::NOT_FOUND);

  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 1);
}

TEST_F(ServiceTest, ExpiredLeaseIsFailedPrecondition) {
  v1::CampaignConfig config = MakeConfig("expiry", 4, 10, 2);
  config.set_lease_seconds(1);
  const CreatedCampaign c = CreateCampaign(stub(), config);
  v1::NextMatchResponse m;
  ASSERT_TRUE(NextMatch(stub(), c, "slow", &m).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  v1::SubmitJudgmentResponse ack;
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "slow", {1, 2}, "", &ack).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  // A fresh match can be answered.
  ASSERT_TRUE(NextMatch(stub(), c, "slow", &m).ok());
  EXPECT_TRUE(Submit(stub(), c, m.match_id(), "slow", {2, 1}, "", &ack).ok());
}

TEST_F(ServiceTest, ConcurrentIdenticalSubmissionsCommitOnce) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("race", 4, 10, 2));
  for (int round = 0; round < 10; ++round) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "racer", &m).ok());
    std::vector<std::future<std::pair<grpc::StatusCode, int64_t>>> results;
    for (int t = 0; t < 6; ++t) {
      results.push_back(std::async(std::launch::async, [&, t] {
        v1::SubmitJudgmentResponse ack;
        // Half submit one answer, half another: exactly one answer wins.
        const std::vector<uint32_t> ranks =
            t % 2 ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{2, 1};
        grpc::Status s = Submit(stub(), c, m.match_id(), "racer", ranks, "", &ack);
        return std::make_pair(s.error_code(), ack.sequence());
      }));
    }
    std::set<int64_t> ok_sequences;
    int ok = 0, exists = 0;
    for (auto& f : results) {
      auto [code, seq] = f.get();
      if (code == grpc::StatusCode::OK) {
        ++ok;
        ok_sequences.insert(seq);
      } else {
        EXPECT_EQ(code, grpc::StatusCode::ALREADY_EXISTS);
        ++exists;
      }
    }
    EXPECT_EQ(ok, 3);  // the three identical to the winner
    EXPECT_EQ(exists, 3);
    EXPECT_EQ(ok_sequences, (std::set<int64_t>{round + 1}));
  }
  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 10);
}

TEST_F(ServiceTest, CampaignAndNextMatchErrors) {
  v1::CreateCampaignResponse resp;
  auto create = [&](const v1::CampaignConfig& config) {
    v1::CreateCampaignRequest req;
    *req.mutable_config() = config;
    auto ctx = Ctx(kAdminToken);
    return stub().CreateCampaign(ctx.get(), req, &resp).error_code();
  };
  EXPECT_EQ(create(MakeConfig("k6", 6, 3, 6)), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(create(MakeConfig("k1", 6, 3, 1)), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(create(MakeConfig("few", 2, 3, 3)), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(create(MakeConfig("", 4, 3, 2)), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(create(MakeConfig("nosegments", 4, 0, 2)), grpc::StatusCode::INVALID_ARGUMENT);
  v1::CampaignConfig dup = MakeConfig("dup", 4, 3, 2);
  dup.add_systems("s1");
  EXPECT_EQ(create(dup), grpc::StatusCode::INVALID_ARGUMENT);
  v1::CampaignConfig dup_segment = MakeConfig("dupseg", 4, 3, 2);
  dup_segment.add_segments()->set_id(100);
  EXPECT_EQ(create(dup_segment), grpc::StatusCode::INVALID_ARGUMENT);
  v1::CampaignConfig selector = MakeConfig("sel", 4, 3, 2, "greedy");
  EXPECT_EQ(create(selector), grpc::StatusCode::INVALID_ARGUMENT);
  v1::CampaignConfig draw = MakeConfig("draw", 4, 3, 2);
  draw.mutable_trueskill()->set_draw_probability(1.5);
  EXPECT_EQ(create(draw), grpc::StatusCode::INVALID_ARGUMENT);
  v1::CampaignConfig lease = MakeConfig("lease", 4, 3, 2);
  lease.set_lease_seconds(100000);
  EXPECT_EQ(create(lease), grpc::StatusCode::INVALID_ARGUMENT);

  EXPECT_EQ(create(MakeConfig("fine", 4, 3, 2)), grpc::StatusCode::OK);
  EXPECT_EQ(create(MakeConfig("fine", 4, 3, 2)), grpc::StatusCode::ALREADY_EXISTS);

  CreatedCampaign missing{999999, kAdminToken};
  v1::NextMatchResponse m;
  EXPECT_EQ(NextMatch(stub(), missing, "a", &m).error_code(), grpc::StatusCode::NOT_FOUND);
  CreatedCampaign fine{resp.campaign_id(), resp.annotator_token()};
  EXPECT_EQ(NextMatch(stub(), fine, "", &m).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(NextMatch(stub(), fine, std::string(129, 'a'), &m).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  // The lease limit (16 by default) per annotator.
  for (int i = 0; i < 16; ++i) ASSERT_TRUE(NextMatch(stub(), fine, "hoarder", &m).ok());
  EXPECT_EQ(NextMatch(stub(), fine, "hoarder", &m).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(NextMatch(stub(), fine, "other", &m).ok());

  v1::Leaderboard board;
  EXPECT_EQ(testing::Leaderboard(stub(), fine.id, "nonsense", &board).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(testing::Leaderboard(stub(), fine.id, "", &board, -1).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(testing::Leaderboard(stub(), fine.id, "", &board, 1000000).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(testing::Leaderboard(stub(), 424242, "", &board).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceTest, Authentication) {
  const CreatedCampaign a = CreateCampaign(stub(), MakeConfig("auth-a", 4, 5, 2));
  const CreatedCampaign b = CreateCampaign(stub(), MakeConfig("auth-b", 4, 5, 2));
  v1::CreateCampaignRequest create;
  *create.mutable_config() = MakeConfig("auth-c", 4, 5, 2);
  v1::CreateCampaignResponse created;

  auto create_with = [&](const std::string& header) {
    grpc::ClientContext ctx;
    if (!header.empty()) ctx.AddMetadata("authorization", header);
    return stub().CreateCampaign(&ctx, create, &created).error_code();
  };
  EXPECT_EQ(create_with(""), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(create_with("Bearer "), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(create_with("Basic dXNlcjpwYXNz"), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(create_with("Bearer wrong-token-123456"), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(create_with("Bearer " + std::string(kAdminToken) + "x"),
            grpc::StatusCode::UNAUTHENTICATED);
  // An annotator token cannot change campaigns.
  EXPECT_EQ(create_with("Bearer " + a.token), grpc::StatusCode::PERMISSION_DENIED);
  // The scheme name is case-insensitive and is followed by one space.
  EXPECT_EQ(create_with("bearer " + a.token), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(create_with("BEARER " + a.token), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(create_with("Bearerx" + a.token), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(create_with("bearer " + std::string(kAdminToken)), grpc::StatusCode::OK);
  EXPECT_NE(created.campaign_id(), 0u);

  v1::NextMatchResponse m;
  // Campaign A's token does not open campaign B.
  EXPECT_EQ(NextMatch(stub(), CreatedCampaign{b.id, a.token}, "x", &m).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(NextMatch(stub(), CreatedCampaign{b.id, "nope-nope-nope-nope"}, "x", &m).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(NextMatch(stub(), CreatedCampaign{b.id, ""}, "x", &m).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  ASSERT_TRUE(NextMatch(stub(), a, "x", &m).ok());
  // Submitting with the wrong campaign's token.
  v1::SubmitJudgmentResponse ack;
  EXPECT_EQ(Submit(stub(), CreatedCampaign{a.id, b.token}, m.match_id(), "x", {1, 2}, "", &ack)
                .error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // The admin token works for annotator calls too.
  EXPECT_TRUE(NextMatch(stub(), CreatedCampaign{a.id, kAdminToken}, "y", &m).ok());

  // Leaderboards and counts need the admin token.
  v1::GetLeaderboardRequest lreq;
  lreq.set_campaign_id(a.id);
  v1::Leaderboard board;
  auto ctx = Ctx(a.token);
  EXPECT_EQ(stub().GetLeaderboard(ctx.get(), lreq, &board).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  v1::GetPairCountsRequest preq;
  preq.set_campaign_id(a.id);
  v1::PairCountsMatrix counts;
  ctx = Ctx("");
  EXPECT_EQ(stub().GetPairCounts(ctx.get(), preq, &counts).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  // Imports too.
  ctx = Ctx(a.token);
  v1::ImportRankingsResponse imported;
  auto writer = stub().ImportRankings(ctx.get(), &imported);
  v1::ImportRankingsRequest chunk;
  chunk.set_campaign_id(a.id);
  writer->Write(chunk);
  writer->WritesDone();
  EXPECT_EQ(writer->Finish().error_code(), grpc::StatusCode::PERMISSION_DENIED);
}

TEST_F(ServiceTest, ImportAcceptsValidRankingsAndReportsTheRest) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("import", 5, 5, 3));
  auto ctx = Ctx(kAdminToken);
  v1::ImportRankingsResponse resp;
  auto writer = stub().ImportRankings(ctx.get(), &resp);
  auto add = [](v1::ImportRankingsRequest* req, std::vector<std::string> systems,
                std::vector<uint32_t> ranks, std::vector<uint32_t> groups = {}) {
    v1::Ranking* r = req->add_rankings();
    for (auto& s : systems) r->add_systems(s);
    for (auto v : ranks) r->add_ranks(v);
    for (auto g : groups) r->add_groups(g);
    r->set_segment(7);
    r->set_annotator("wmt-judge");
  };
  v1::ImportRankingsRequest first;
  first.set_campaign_id(c.id);
  add(&first, {"s0", "s1", "s2"}, {1, 2, 3});                    // 0 ok: 3 comparisons
  add(&first, {"s0", "s1", "s2", "s3", "s4"}, {1, 1, 2, 4, 5});  // 1 ok: 10 comparisons
  add(&first, {"s0", "s9"}, {1, 2});                             // 2 unknown system
  add(&first, {"s0", "s0"}, {1, 2});                             // 3 twice
  add(&first, {"s0", "s1"}, {1, 3});                             // 4 rank above columns
  add(&first, {"s0", "s1"}, {1});                                // 5 count mismatch
  ASSERT_TRUE(writer->Write(first));
  v1::ImportRankingsRequest second;                        // campaign id may be omitted later
  add(&second, {"s0", "s1", "s2"}, {1, 1, 2}, {0, 0, 1});  // 6 ok: grouped, 2 comparisons
  add(&second, {"s0", "s1", "s2"}, {1, 2, 2}, {0, 0, 1});  // 7 group ranks differ
  add(&second, {"s0"}, {1});                               // 8 too short
  ASSERT_TRUE(writer->Write(second));
  writer->WritesDone();
  grpc::Status s = writer->Finish();
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.accepted(), 3);
  EXPECT_EQ(resp.rejected(), 6);
  EXPECT_EQ(resp.campaign_judgments(), 3);
  std::vector<int64_t> rejected;
  for (const auto& r : resp.rejections()) {
    rejected.push_back(r.index());
    EXPECT_FALSE(r.reason().empty());
  }
  EXPECT_EQ(rejected, (std::vector<int64_t>{2, 3, 4, 5, 7, 8}));

  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 3);
  EXPECT_EQ(counts.comparisons(), 3 + 10 + 2);
  // s0 vs s1: win (ranking 0), tie (ranking 1), same column in ranking 6 (not compared).
  EXPECT_EQ(counts.wins(0 * 5 + 1), 1);
  EXPECT_EQ(counts.ties(0 * 5 + 1), 1);
  // s1 vs s2: wins in rankings 0, 1 and 6.
  EXPECT_EQ(counts.wins(1 * 5 + 2), 3);
}

TEST_F(ServiceTest, ImportErrors) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("import-errors", 3, 5, 2));
  auto run = [&](std::vector<v1::ImportRankingsRequest> messages) {
    auto ctx = Ctx(kAdminToken);
    v1::ImportRankingsResponse resp;
    auto writer = stub().ImportRankings(ctx.get(), &resp);
    for (auto& m : messages) writer->Write(m);
    writer->WritesDone();
    return writer->Finish().error_code();
  };
  v1::ImportRankingsRequest none;
  EXPECT_EQ(run({none}), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(run({}), grpc::StatusCode::INVALID_ARGUMENT);
  v1::ImportRankingsRequest unknown;
  unknown.set_campaign_id(9999);
  EXPECT_EQ(run({unknown}), grpc::StatusCode::NOT_FOUND);
  v1::ImportRankingsRequest first;
  first.set_campaign_id(c.id);
  v1::ImportRankingsRequest other;
  other.set_campaign_id(c.id + 1);
  EXPECT_EQ(run({first, other}), grpc::StatusCode::INVALID_ARGUMENT);
}

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
      r->add_systems("s" + std::to_string((i + 2 * j) % 10));
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
    testing::InProcessServer server(dir + "/data");
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

TEST_F(ServiceTest, WatchLeaderboardStreamsEveryNJudgments) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("watch", 4, 20, 2));
  v1::WatchLeaderboardRequest req;
  req.mutable_leaderboard()->set_campaign_id(c.id);
  req.set_every_judgments(5);
  auto ctx = Ctx(kAdminToken);
  auto reader = stub().WatchLeaderboard(ctx.get(), req);
  v1::Leaderboard board;
  ASSERT_TRUE(reader->Read(&board));
  EXPECT_EQ(board.rankings(), 0);
  std::thread annotator([&] {
    for (int i = 0; i < 12; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(stub(), c, "w", &m).ok());
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(stub(), c, m.match_id(), "w", {1, 2}, "", &ack).ok());
    }
  });
  ASSERT_TRUE(reader->Read(&board));
  EXPECT_GE(board.rankings(), 5);
  ASSERT_TRUE(reader->Read(&board));
  EXPECT_GE(board.rankings(), 10);
  annotator.join();
  ctx->TryCancel();
  while (reader->Read(&board)) {
  }
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::CANCELLED);

  // every_judgments must be positive.
  req.set_every_judgments(0);
  auto ctx2 = Ctx(kAdminToken);
  auto bad = stub().WatchLeaderboard(ctx2.get(), req);
  EXPECT_FALSE(bad->Read(&board));
  EXPECT_EQ(bad->Finish().error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ServiceTest, BootstrapLeaderboardClustersObviousGroups) {
  // A beats everyone, B and C always tie and both beat D: Expected Wins gives A 1, B and C
  // 1/3 each (ties do not count), D 0, in every replicate. Clusters {A}, {B, C}, {D}.
  v1::CampaignConfig config = MakeConfig("clusters", 4, 5, 4);
  const CreatedCampaign c = CreateCampaign(stub(), config);
  auto ctx = Ctx(kAdminToken);
  v1::ImportRankingsResponse imported;
  auto writer = stub().ImportRankings(ctx.get(), &imported);
  v1::ImportRankingsRequest chunk;
  chunk.set_campaign_id(c.id);
  for (int i = 0; i < 40; ++i) {
    v1::Ranking* r = chunk.add_rankings();
    for (const char* s : {"s0", "s1", "s2", "s3"}) r->add_systems(s);
    for (uint32_t rank : {1, 2, 2, 4}) r->add_ranks(rank);
  }
  writer->Write(chunk);
  writer->WritesDone();
  ASSERT_TRUE(writer->Finish().ok());

  v1::Leaderboard board;
  grpc::Status s = testing::Leaderboard(stub(), c.id, "expected-wins", &board, 100);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(board.bootstrap_replicates(), 100);
  EXPECT_DOUBLE_EQ(board.confidence(), 0.95);
  std::map<std::string, const v1::LeaderboardEntry*> by_system;
  for (const auto& e : board.entries()) by_system[e.system()] = &e;
  EXPECT_EQ(by_system["s0"]->cluster(), 1);
  EXPECT_EQ(by_system["s1"]->cluster(), 2);
  EXPECT_EQ(by_system["s2"]->cluster(), 2);
  EXPECT_EQ(by_system["s3"]->cluster(), 3);
  EXPECT_EQ(by_system["s0"]->rank_lo(), 1);
  EXPECT_EQ(by_system["s0"]->rank_hi(), 1);
  EXPECT_EQ(by_system["s1"]->rank_lo(), 2);
  EXPECT_EQ(by_system["s1"]->rank_hi(), 3);
  EXPECT_EQ(by_system["s3"]->rank_lo(), 4);
  EXPECT_DOUBLE_EQ(by_system["s1"]->score(), 1.0 / 3);

  // The live TrueSkill model bootstraps too; hopkins-may is refused; an empty campaign has
  // nothing to bootstrap.
  ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &board, 50).ok());
  EXPECT_EQ(board.model(), "trueskill");
  EXPECT_EQ(board.bootstrap_replicates(), 50);
  EXPECT_EQ(board.entries(0).system(), "s0");
  EXPECT_EQ(board.entries(0).cluster(), 1);
  EXPECT_EQ(testing::Leaderboard(stub(), c.id, "hopkins-may", &board, 50).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "hopkins-may", &board).ok());
  EXPECT_EQ(board.entries(0).system(), "s0");
  const CreatedCampaign empty = CreateCampaign(stub(), MakeConfig("empty", 4, 5, 4));
  grpc::Status s_empty = testing::Leaderboard(stub(), empty.id, "", &board, 50);
  EXPECT_EQ(s_empty.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(s_empty.error_message(), "the campaign has no judgments to bootstrap yet");
  s_empty = testing::Leaderboard(stub(), empty.id, "expected-wins", &board, 50);
  EXPECT_EQ(s_empty.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  // Without bootstrap the empty board is served.
  ASSERT_TRUE(testing::Leaderboard(stub(), empty.id, "", &board).ok());
  EXPECT_EQ(board.entries_size(), 4);
  EXPECT_EQ(board.rankings(), 0);
}

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

TEST_F(ServiceTest, HealthServiceReportsServing) {
  // grpc.health.v1.HealthCheckResponse{status: SERVING} is field 1 = 1: bytes 08 01.
  auto [s, body] = RawCall(server_->port(), "/grpc.health.v1.Health/Check", "", "");
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(body, std::string("\x08\x01", 2));
  // The service by name: HealthCheckRequest{service: "tourney.v1.Tournament"}.
  const std::string name = "tourney.v1.Tournament";
  auto [s2, body2] = RawCall(server_->port(), "/grpc.health.v1.Health/Check",
                             std::string("\x0a") + static_cast<char>(name.size()) + name, "");
  ASSERT_TRUE(s2.ok()) << s2.error_message();
  EXPECT_EQ(body2, std::string("\x08\x01", 2));
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

}  // namespace
}  // namespace tourney
