// Integration tests of tourneyd over a real gRPC channel on loopback: a whole campaign,
// every documented status code, authentication, imports, streaming and bootstrap boards
// (limits: service_limits_test.cc; health and TLS: service_transport_test.cc).
#include <gtest/gtest.h>

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

class ServiceTest : public testing::InProcessServerTest {
 protected:
  ServiceTest() : InProcessServerTest("service") {}
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
  v1::CampaignConfig config = MakeConfig("batch", 6, 100, 2, "racing");
  config.set_uniform_floor(0.0);  // the uniform floor's draws ignore open matches
  const CreatedCampaign c = CreateCampaign(stub(), config);
  std::set<std::set<std::string>> seen;
  for (int a = 0; a < 10; ++a) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "ann" + std::to_string(a), &m).ok());
    EXPECT_TRUE(seen.insert(std::set<std::string>(m.systems().begin(), m.systems().end())).second)
        << "annotator " << a << " got a pair already out";
  }
}

// An empty selector is the default (frontier); every named active selector is accepted and
// serves k distinct systems.
TEST_F(ServiceTest, DefaultAndActiveSelectorsServeMatches) {
  for (const std::string selector : {"", "frontier", "racing", "lucb", "info-gain", "thompson", "arena"}) {
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
    // GetLeaderboard carries the stopping rule (the default, anytime): 5 boundaries
    // between 6 systems, from 10 three-way rankings (30 comparisons), counted as the board
    // counts them, too few to be settled.
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &board).ok());
    EXPECT_EQ(board.stopping().rule(), "anytime") << selector;
    EXPECT_EQ(board.stopping().boundaries_size(), 5) << selector;
    EXPECT_EQ(board.stopping().judgments(), 10) << selector;
    EXPECT_EQ(board.judgments(), 10) << selector;
    EXPECT_FALSE(board.stopping().settled()) << selector;
  }
}

TEST_F(ServiceTest, TrueSkillSelectorServesTheMostUncertainSystem) {
  v1::CampaignConfig config = MakeConfig("selector", 6, 100, 2, "trueskill");
  config.set_uniform_floor(0.0);  // the selector's own matches
  const CreatedCampaign c = CreateCampaign(stub(), config);
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
  // ALREADY_EXISTS: a different answer, or the same answer under another key or none. The
  // message says which (the same ranks used to be called "a different answer").
  const std::string match = "match " + std::to_string(m.match_id());
  s = Submit(stub(), c, m.match_id(), "alice", {1, 2, 3}, "k1", &again);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(s.error_message(), match + " already has a different answer");
  s = Submit(stub(), c, m.match_id(), "alice", {1, 1, 3}, "k2", &again);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(s.error_message(), match +
                                   " is already answered with these ranks under another "
                                   "idempotency key; a retry must repeat the first key");
  s = Submit(stub(), c, m.match_id(), "alice", {1, 1, 3}, "", &again);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(s.error_message(), match +
                                   " is already answered with these ranks under an idempotency "
                                   "key, and this submission has none; a retry must repeat the "
                                   "key");
  // Someone else replaying it: not their match.
  EXPECT_EQ(Submit(stub(), c, m.match_id(), "bob", {1, 1, 3}, "k1", &again).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  // A match answered without a key, retried with one.
  v1::NextMatchResponse keyless;
  ASSERT_TRUE(NextMatch(stub(), c, "alice", &keyless).ok());
  ASSERT_TRUE(Submit(stub(), c, keyless.match_id(), "alice", {1, 2, 3}, "", &ack).ok());
  s = Submit(stub(), c, keyless.match_id(), "alice", {1, 2, 3}, "late-key", &again);
  EXPECT_EQ(s.error_message(), "match " + std::to_string(keyless.match_id()) +
                                   " is already answered with these ranks without an "
                                   "idempotency key; a retry must not add one");

  // A match of another campaign is not found in this one.
  const CreatedCampaign other = CreateCampaign(stub(), MakeConfig("codes2", 5, 10, 3));
  v1::NextMatchResponse m2;
  ASSERT_TRUE(NextMatch(stub(), other, "alice", &m2).ok());
  EXPECT_EQ(Submit(stub(), c, m2.match_id(), "alice", {1, 2, 3}, "", &ack).error_code(),
            grpc::StatusCode::NOT_FOUND);

  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 2);
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

  v1::CampaignConfig fine_config = MakeConfig("fine", 4, 3, 2);
  fine_config.set_enrolment(v1::ENROLMENT_OPEN);  // its shared token is used below
  EXPECT_EQ(create(fine_config), grpc::StatusCode::OK);
  EXPECT_EQ(create(fine_config), grpc::StatusCode::ALREADY_EXISTS);

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
  // 1/2 each (ties do not count, so B and C meet only A and D decisively), D 0, in every
  // replicate. Clusters {A}, {B, C}, {D}.
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
  EXPECT_DOUBLE_EQ(by_system["s1"]->score(), 1.0 / 2);
  EXPECT_EQ(by_system["s1"]->opponents(), 2);
  EXPECT_EQ(by_system["s0"]->opponents(), 3);

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

// Imports `times` copies of one ranking of systems s0..s{n-1} (ranks in that order).
void ImportMany(v1::Tournament::Stub& stub, uint64_t campaign, const std::vector<uint32_t>& ranks,
                int times) {
  auto ctx = Ctx(kAdminToken);
  v1::ImportRankingsResponse imported;
  auto writer = stub.ImportRankings(ctx.get(), &imported);
  v1::ImportRankingsRequest chunk;
  chunk.set_campaign_id(campaign);
  for (int t = 0; t < times; ++t) {
    v1::Ranking* r = chunk.add_rankings();
    for (size_t i = 0; i < ranks.size(); ++i) {
      r->add_systems("s" + std::to_string(i));
      r->add_ranks(ranks[i]);
    }
  }
  writer->Write(chunk);
  writer->WritesDone();
  ASSERT_TRUE(writer->Finish().ok());
  ASSERT_EQ(imported.accepted(), times);
}

TEST_F(ServiceTest, AnytimeLeaderboardsAndStoppingRule) {
  // s2 always first, s0 and s3 tied second, s1 last, 400 times. s2's pairs: 400 wins, centre
  // 1 and margin about log(2 * 6 / 0.05) / 200 = 0.027, so certified better than all; s1
  // certified worse; s0 - s3: 400 ties, 1/2 +- 2 log(240) / 400 (0.055 wide), never
  // certified: a tie within epsilon 0.1. Clusters 1, 2, 2, 3.
  v1::CampaignConfig config = MakeConfig("anytime", 4, 10, 4);
  config.mutable_stopping()->set_rule("anytime");
  config.mutable_stopping()->set_epsilon(0.1);  // delta 0: the default 0.05
  const CreatedCampaign c = CreateCampaign(stub(), config);
  ImportMany(stub(), c.id, {2, 3, 1, 2}, 400);

  // The live board (TrueSkill) reports the anytime stopping rule.
  v1::Leaderboard live;
  ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &live).ok());
  EXPECT_EQ(live.model(), "trueskill");
  EXPECT_EQ(live.stopping().rule(), "anytime");
  EXPECT_EQ(live.stopping().delta(), 0.05);
  EXPECT_EQ(live.stopping().epsilon(), 0.1);
  EXPECT_TRUE(live.stopping().settled());
  ASSERT_EQ(live.stopping().boundaries_size(), 3);
  EXPECT_TRUE(live.stopping().boundaries(0).separated());
  EXPECT_TRUE(live.stopping().boundaries(1).tie_within_epsilon());
  EXPECT_TRUE(live.stopping().boundaries(2).separated());

  // GetLeaderboard with anytime: the anytime-valid board itself.
  v1::GetLeaderboardRequest request;
  request.set_campaign_id(c.id);
  request.set_anytime(true);
  request.set_delta(0.05);
  v1::Leaderboard board;
  {
    auto ctx = Ctx(kAdminToken);
    const grpc::Status s = stub().GetLeaderboard(ctx.get(), request, &board);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(board.model(), "expected-wins-anytime-combined");
  EXPECT_EQ(board.confidence(), 0.95);
  const char* const order[] = {"s2", "s0", "s3", "s1"};
  const int cluster[] = {1, 2, 2, 3}, lo[] = {1, 2, 2, 4}, hi[] = {1, 3, 3, 4};
  ASSERT_EQ(board.entries_size(), 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(board.entries(i).system(), order[i]);
    EXPECT_EQ(board.entries(i).cluster(), cluster[i]);
    EXPECT_EQ(board.entries(i).rank_lo(), lo[i]);
    EXPECT_EQ(board.entries(i).rank_hi(), hi[i]);
  }
  EXPECT_FALSE(board.stopping().settled());  // epsilon 0 in this request

  // Bad options are INVALID_ARGUMENT.
  for (int bad = 0; bad < 5; ++bad) {
    v1::GetLeaderboardRequest r = request;
    if (bad == 0) r.set_delta(1.0);
    if (bad == 1) r.set_epsilon(-0.5);
    if (bad == 2) r.set_model("trueskill");
    if (bad == 3) r.set_bootstrap_replicates(10);
    if (bad == 4) r.set_anytime(false);  // delta without anytime
    auto ctx = Ctx(kAdminToken);
    v1::Leaderboard ignored;
    EXPECT_EQ(stub().GetLeaderboard(ctx.get(), r, &ignored).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT)
        << bad;
  }
  // So is an unknown stopping rule, an out-of-range delta, a top-k goal of k >= 4 of the
  // 4 systems, k without the top-k rule, or the top-k selector without the goal at creation.
  for (int bad = 0; bad < 5; ++bad) {
    v1::CreateCampaignRequest create;
    *create.mutable_config() = MakeConfig("bad-stopping", 4, 10, 4);
    if (bad == 0) create.mutable_config()->mutable_stopping()->set_rule("sequential");
    if (bad == 1) {
      create.mutable_config()->mutable_stopping()->set_rule("anytime");
      create.mutable_config()->mutable_stopping()->set_delta(2.0);
    }
    if (bad == 2) {
      create.mutable_config()->mutable_stopping()->set_rule("top-k");
      create.mutable_config()->mutable_stopping()->set_k(4);
    }
    if (bad == 3) create.mutable_config()->mutable_stopping()->set_k(1);
    if (bad == 4) create.mutable_config()->set_selector("top-k");
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    EXPECT_EQ(stub().CreateCampaign(ctx.get(), create, &resp).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT)
        << bad;
  }
  // A campaign created without a stopping rule gets the anytime rule at delta 0.05,
  // epsilon 0.1, and keeps it in its stored config.
  const CreatedCampaign plain = CreateCampaign(stub(), MakeConfig("plain", 4, 10, 4));
  v1::Leaderboard plain_board;
  ASSERT_TRUE(testing::Leaderboard(stub(), plain.id, "", &plain_board).ok());
  EXPECT_EQ(plain_board.stopping().rule(), "anytime");
  EXPECT_EQ(plain_board.stopping().delta(), 0.05);
  EXPECT_EQ(plain_board.stopping().epsilon(), 0.1);
  v1::GetCampaignRequest get;
  get.set_campaign_id(plain.id);
  v1::CampaignInfo got;
  auto get_ctx = Ctx(kAdminToken);
  ASSERT_TRUE(stub().GetCampaign(get_ctx.get(), get, &got).ok());
  EXPECT_EQ(got.config().stopping().rule(), "anytime");
  // A stopping config present but without a rule (what a campaign stored before that
  // default replays as) is the z rule, and so is an explicit "z".
  for (const char* rule : {"", "z"}) {
    v1::CampaignConfig config = MakeConfig(std::string("z") + rule, 4, 10, 4);
    config.mutable_stopping()->set_rule(rule);
    const CreatedCampaign z = CreateCampaign(stub(), config);
    v1::Leaderboard z_board;
    ASSERT_TRUE(testing::Leaderboard(stub(), z.id, "", &z_board).ok());
    EXPECT_EQ(z_board.stopping().rule(), "z") << rule;
  }
}

}  // namespace
}  // namespace tourney
