// Campaign lifecycle RPCs over real gRPC on loopback: ListCampaigns, GetCampaign,
// ExportJudgments, CloseCampaign and idempotent ImportRankings, with restarts.
#include <gtest/gtest.h>

#include <map>
#include <set>

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

class ServiceLifecycle : public testing::InProcessServerTest {
 protected:
  ServiceLifecycle() : InProcessServerTest("service_lifecycle") {}

  grpc::Status GetCampaign(uint64_t id, v1::CampaignInfo* info) {
    v1::GetCampaignRequest req;
    req.set_campaign_id(id);
    auto ctx = Ctx(kAdminToken);
    return stub().GetCampaign(ctx.get(), req, info);
  }
  grpc::Status Close(uint64_t id, v1::CampaignInfo* info) {
    v1::CloseCampaignRequest req;
    req.set_campaign_id(id);
    auto ctx = Ctx(kAdminToken);
    return stub().CloseCampaign(ctx.get(), req, info);
  }
  // Imports `rankings` in chunks of `chunk` with idempotency key `key`.
  grpc::Status Import(uint64_t id, const std::vector<v1::Ranking>& rankings, const std::string& key,
                      v1::ImportRankingsResponse* response, int chunk = 100) {
    auto ctx = Ctx(kAdminToken);
    auto writer = stub().ImportRankings(ctx.get(), response);
    v1::ImportRankingsRequest message;
    message.set_campaign_id(id);
    message.set_idempotency_key(key);
    for (const v1::Ranking& r : rankings) {
      *message.add_rankings() = r;
      if (message.rankings_size() == chunk) {
        writer->Write(message);
        message.Clear();
      }
    }
    if (message.rankings_size() > 0) writer->Write(message);
    writer->WritesDone();
    return writer->Finish();
  }


};

v1::Ranking MakeRanking(std::vector<std::string> systems, std::vector<uint32_t> ranks,
                        int64_t segment, const std::string& annotator) {
  v1::Ranking r;
  for (auto& s : systems) r.add_systems(s);
  for (uint32_t x : ranks) r.add_ranks(x);
  r.set_segment(segment);
  r.set_annotator(annotator);
  return r;
}

TEST_F(ServiceLifecycle, ListAndGetCampaignCountJudgmentsAnnotatorsAndLeases) {
  const CreatedCampaign a = CreateCampaign(stub(), MakeConfig("first", 4, 10, 2));
  const CreatedCampaign b = CreateCampaign(stub(), MakeConfig("second", 3, 5, 3));
  v1::ImportRankingsResponse imported;
  ASSERT_TRUE(Import(a.id,
                     {MakeRanking({"s0", "s1"}, {1, 2}, 100, "j1"),
                      MakeRanking({"s2", "s3"}, {1, 1}, 101, "j2"),
                      MakeRanking({"s0", "s3"}, {2, 1}, 102, "")},
                     "", &imported)
                  .ok());
  // alice holds two matches and judges one of them.
  v1::NextMatchResponse m1, m2;
  ASSERT_TRUE(NextMatch(stub(), a, "alice", &m1).ok());
  ASSERT_TRUE(NextMatch(stub(), a, "alice", &m2).ok());
  v1::SubmitJudgmentResponse ack;
  ASSERT_TRUE(Submit(stub(), a, m1.match_id(), "alice", {1, 2}, "", &ack).ok());

  v1::CampaignInfo info;
  ASSERT_TRUE(GetCampaign(a.id, &info).ok());
  EXPECT_EQ(info.campaign_id(), a.id);
  EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_OPEN);
  EXPECT_EQ(info.judgments(), 4);  // 3 imported + 1 judged
  EXPECT_EQ(info.imported_judgments(), 3);
  EXPECT_EQ(info.annotators(), 3);   // j1, j2, alice (the unnamed one not counted)
  EXPECT_EQ(info.open_leases(), 1);  // m2
  EXPECT_EQ(info.systems(), 4);
  EXPECT_EQ(info.segments(), 10);
  EXPECT_EQ(info.closed_unix_ms(), 0);
  EXPECT_GT(info.created_unix_ms(), 0);
  EXPECT_EQ(info.config().name(), "first");
  EXPECT_EQ(info.config().k(), 2);
  EXPECT_EQ(info.config().segments_size(), 10);

  v1::ListCampaignsResponse list;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(stub().ListCampaigns(ctx.get(), v1::ListCampaignsRequest(), &list).ok());
  ASSERT_EQ(list.campaigns_size(), 2);
  EXPECT_EQ(list.campaigns(0).campaign_id(), a.id);
  EXPECT_EQ(list.campaigns(0).config().name(), "first");
  EXPECT_EQ(list.campaigns(0).judgments(), 4);
  EXPECT_EQ(list.campaigns(1).campaign_id(), b.id);
  EXPECT_EQ(list.campaigns(1).config().name(), "second");
  EXPECT_EQ(list.campaigns(1).judgments(), 0);
  EXPECT_EQ(list.campaigns(1).state(), v1::CAMPAIGN_STATE_OPEN);
  for (const v1::CampaignInfo& c : list.campaigns()) {
    EXPECT_EQ(c.kind(), v1::CAMPAIGN_KIND_PAIRWISE);
    EXPECT_EQ(c.items(), 0);  // scoring campaigns only
  }
  EXPECT_EQ(info.kind(), v1::CAMPAIGN_KIND_PAIRWISE);  // GetCampaign's too

  // Admin only; unknown campaigns are NOT_FOUND.
  v1::GetCampaignRequest req;
  req.set_campaign_id(a.id);
  auto annotator_ctx = Ctx(a.token);
  EXPECT_EQ(stub().GetCampaign(annotator_ctx.get(), req, &info).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(GetCampaign(999, &info).error_code(), grpc::StatusCode::NOT_FOUND);

  // The counts are rebuilt by the replay.
  Restart();
  ASSERT_TRUE(GetCampaign(a.id, &info).ok());
  EXPECT_EQ(info.judgments(), 4);
  EXPECT_EQ(info.imported_judgments(), 3);
  EXPECT_EQ(info.annotators(), 3);
  EXPECT_EQ(info.open_leases(), 1);
}

TEST_F(ServiceLifecycle, ExportStreamsEveryJudgmentInCommitOrderWithTimes) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("export", 4, 20, 3));
  v1::Ranking grouped = MakeRanking({"s0", "s1", "s2"}, {1, 1, 2}, 105, "imp");
  grouped.add_groups(0);
  grouped.add_groups(0);
  grouped.add_groups(1);
  grouped.set_document("d9");
  v1::ImportRankingsResponse imported;
  ASSERT_TRUE(Import(c.id, {grouped}, "", &imported).ok());
  ASSERT_EQ(imported.accepted(), 1);

  struct Judged {
    v1::NextMatchResponse match;
    std::vector<uint32_t> ranks;
    int64_t sequence;
    int64_t committed;
  };
  std::vector<Judged> judged;
  for (int i = 0; i < 3; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "bob", &m).ok());
    const std::vector<uint32_t> ranks = {3, 1, 2};
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(Submit(stub(), c, m.match_id(), "bob", ranks, "", &ack).ok());
    judged.push_back({m, ranks, ack.sequence(), ack.committed_unix_ms()});
  }
  grpc::Status status;
  const auto rows = testing::ExportJudgments(stub(), c.id, &status);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].sequence(), 1);
  EXPECT_EQ(rows[0].match_id(), 0u);
  EXPECT_EQ(rows[0].leased_unix_ms(), 0);
  EXPECT_EQ(rows[0].ranking().annotator(), "imp");
  EXPECT_EQ(rows[0].ranking().segment(), 105);
  EXPECT_EQ(rows[0].ranking().document(), "d9");
  ASSERT_EQ(rows[0].ranking().groups_size(), 3);
  EXPECT_EQ(rows[0].ranking().groups(2), 1u);
  for (int i = 0; i < 3; ++i) {
    const v1::ExportedJudgment& e = rows[i + 1];
    const Judged& j = judged[i];
    EXPECT_EQ(e.sequence(), i + 2);
    EXPECT_EQ(e.sequence(), j.sequence);
    EXPECT_EQ(e.match_id(), j.match.match_id());
    EXPECT_EQ(e.ranking().annotator(), "bob");
    EXPECT_EQ(e.ranking().segment(), j.match.segment().id());
    ASSERT_EQ(e.ranking().systems_size(), 3);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(e.ranking().systems(k), j.match.systems(k));
      EXPECT_EQ(e.ranking().ranks(k), j.ranks[k]);
    }
    EXPECT_EQ(e.committed_unix_ms(), j.committed);
    // The default lease is 600 s: the lease was issued 600,000 ms before it expires.
    EXPECT_EQ(e.leased_unix_ms(), j.match.lease_expires_unix_ms() - 600000);
    EXPECT_LE(e.leased_unix_ms(), e.committed_unix_ms());
  }
  // After a restart the stored rows read the same.
  Restart();
  const auto again = testing::ExportJudgments(stub(), c.id, &status);
  ASSERT_TRUE(status.ok());
  ASSERT_EQ(again.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(again[i].SerializeAsString(), rows[i].SerializeAsString()) << i;
  }
  EXPECT_EQ(testing::ExportJudgments(stub(), 12345, &status).size(), 0u);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceLifecycle, CloseRefusesNewWorkKeepsReadsAndSurvivesRestart) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("close", 4, 20, 2));
  v1::NextMatchResponse judged, pending;
  ASSERT_TRUE(NextMatch(stub(), c, "ann", &judged).ok());
  ASSERT_TRUE(NextMatch(stub(), c, "ann", &pending).ok());
  v1::SubmitJudgmentResponse ack;
  ASSERT_TRUE(Submit(stub(), c, judged.match_id(), "ann", {1, 2}, "k1", &ack).ok());

  v1::CampaignInfo info;
  ASSERT_TRUE(Close(c.id, &info).ok());
  EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_CLOSED);
  EXPECT_GT(info.closed_unix_ms(), 0);
  EXPECT_EQ(info.open_leases(), 0);
  const int64_t closed_at = info.closed_unix_ms();

  auto expect_refused = [&] {
    v1::NextMatchResponse m;
    EXPECT_EQ(NextMatch(stub(), c, "ann", &m).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    EXPECT_EQ(NextMatch(stub(), c, "newcomer", &m).error_code(),
              grpc::StatusCode::FAILED_PRECONDITION);
    // A lease issued before the close cannot be answered any more.
    v1::SubmitJudgmentResponse a;
    EXPECT_EQ(Submit(stub(), c, pending.match_id(), "ann", {2, 1}, "", &a).error_code(),
              grpc::StatusCode::FAILED_PRECONDITION);
    // The judgment committed before the close: an identical retry gets its original ack.
    ASSERT_TRUE(Submit(stub(), c, judged.match_id(), "ann", {1, 2}, "k1", &a).ok());
    EXPECT_EQ(a.sequence(), 1);
    EXPECT_EQ(a.committed_unix_ms(), ack.committed_unix_ms());
    v1::ImportRankingsResponse imported;
    EXPECT_EQ(
        Import(c.id, {MakeRanking({"s0", "s1"}, {1, 2}, 100, "x")}, "", &imported).error_code(),
        grpc::StatusCode::FAILED_PRECONDITION);
    // Reads still work and see the one judgment.
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "expected-wins", &board).ok());
    EXPECT_EQ(board.rankings(), 1);
    v1::PairCountsMatrix counts;
    ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
    EXPECT_EQ(counts.rankings(), 1);
    grpc::Status status;
    EXPECT_EQ(testing::ExportJudgments(stub(), c.id, &status).size(), 1u);
    EXPECT_TRUE(status.ok());
    v1::GetAnnotatorStatsRequest stats_req;
    stats_req.set_campaign_id(c.id);
    v1::AnnotatorStatsResponse stats;
    auto stats_ctx = Ctx(kAdminToken);
    ASSERT_TRUE(stub().GetAnnotatorStats(stats_ctx.get(), stats_req, &stats).ok());
    ASSERT_EQ(stats.annotators_size(), 1);
    EXPECT_EQ(stats.annotators(0).judgments(), 1);
    v1::CampaignInfo now;
    ASSERT_TRUE(GetCampaign(c.id, &now).ok());
    EXPECT_EQ(now.state(), v1::CAMPAIGN_STATE_CLOSED);
    EXPECT_EQ(now.closed_unix_ms(), closed_at);
    EXPECT_EQ(now.judgments(), 1);
  };
  expect_refused();
  // Closing again changes nothing.
  ASSERT_TRUE(Close(c.id, &info).ok());
  EXPECT_EQ(info.closed_unix_ms(), closed_at);
  // The close is durable.
  Restart();
  expect_refused();

  // Other campaigns are not affected; unknown ones are NOT_FOUND.
  const CreatedCampaign other = CreateCampaign(stub(), MakeConfig("still-open", 4, 20, 2));
  v1::NextMatchResponse m;
  EXPECT_TRUE(NextMatch(stub(), other, "ann", &m).ok());
  EXPECT_EQ(Close(4242, &info).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceLifecycle, ImportWithKeyIsIdempotentAcrossRestart) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("idem", 4, 20, 2));
  const std::vector<v1::Ranking> rankings = {
      MakeRanking({"s0", "s1"}, {1, 2}, 100, "j"), MakeRanking({"s1", "s2"}, {1, 2}, 101, "j"),
      MakeRanking({"s2", "s3"}, {2, 1}, 102, "j"),
      MakeRanking({"s0", "nope"}, {1, 2}, 103, "j")};  // rejected: unknown system
  v1::ImportRankingsResponse first;
  ASSERT_TRUE(Import(c.id, rankings, "batch-1", &first).ok());
  EXPECT_EQ(first.accepted(), 3);
  EXPECT_EQ(first.rejected(), 1);
  ASSERT_EQ(first.rejections_size(), 1);
  EXPECT_EQ(first.rejections(0).index(), 3);
  EXPECT_EQ(first.campaign_judgments(), 3);

  auto judgments = [&] {
    v1::CampaignInfo info;
    EXPECT_TRUE(GetCampaign(c.id, &info).ok());
    return info.judgments();
  };
  // A retry, chunked differently: the same response, nothing imported twice.
  v1::ImportRankingsResponse retry;
  ASSERT_TRUE(Import(c.id, rankings, "batch-1", &retry, 1).ok());
  EXPECT_EQ(retry.SerializeAsString(), first.SerializeAsString());
  EXPECT_EQ(judgments(), 3);
  // The same key with other rankings: ALREADY_EXISTS, nothing imported.
  std::vector<v1::Ranking> changed = rankings;
  changed[0].set_ranks(0, 2);
  changed[0].set_ranks(1, 1);
  v1::ImportRankingsResponse refused;
  EXPECT_EQ(Import(c.id, changed, "batch-1", &refused).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(judgments(), 3);
  // Another judgment in between does not change what the retry returns.
  v1::NextMatchResponse m;
  ASSERT_TRUE(NextMatch(stub(), c, "ann", &m).ok());
  v1::SubmitJudgmentResponse ack;
  ASSERT_TRUE(Submit(stub(), c, m.match_id(), "ann", {1, 2}, "", &ack).ok());
  EXPECT_EQ(ack.sequence(), 4);

  Restart();
  ASSERT_TRUE(Import(c.id, rankings, "batch-1", &retry).ok());
  EXPECT_EQ(retry.SerializeAsString(), first.SerializeAsString());
  EXPECT_EQ(judgments(), 4);
  EXPECT_EQ(Import(c.id, changed, "batch-1", &refused).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  // Keys are per campaign and optional: without a key every import counts.
  v1::ImportRankingsResponse plain;
  ASSERT_TRUE(Import(c.id, rankings, "", &plain).ok());
  ASSERT_TRUE(Import(c.id, rankings, "", &plain).ok());
  EXPECT_EQ(plain.campaign_judgments(), 10);
  EXPECT_EQ(judgments(), 10);
  // A new key imports again.
  ASSERT_TRUE(Import(c.id, rankings, "batch-2", &plain).ok());
  EXPECT_EQ(plain.campaign_judgments(), 13);
  // Over-long keys are refused.
  EXPECT_EQ(Import(c.id, rankings, std::string(129, 'k'), &plain).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace tourney
