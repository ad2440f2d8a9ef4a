// tourneyd's scoring campaigns (direct assessment, MQM) over real gRPC: create, next item,
// submit, estimate, export; idempotent and conflicting scores; tokens; bad input; leases;
// and a restart on the same data directory.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "service_test_util.h"
#include "storage.h"

namespace tourney {
namespace {

using testing::Ctx;
using testing::kAdminToken;

class ScoringServiceTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("scoring"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string data() const { return dir_ + "/data"; }
  std::string dir_;
};

// Two systems A and B on six segments: d1 = s0..s3, d2 = s4, s5. One metric m. B's s5
// carries a human score of 5 from before the campaign. Random design, the plain mean and
// the CLT interval at 95 %, tolerance ±1.
v1::ScoringCampaignConfig TinyConfig(const std::string& name, uint32_t lease_seconds = 600) {
  v1::ScoringCampaignConfig c;
  c.set_name(name);
  c.add_metric_names("m");
  const double m[2][6] = {{0.1, 0.4, 0.2, 0.9, 0.5, 0.7}, {0.3, 0.6, 0.25, 0.8, 0.55, 0.15}};
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 6; ++g) {
      v1::ScoringRow* row = c.add_rows();
      row->set_system(s == 0 ? "A" : "B");
      row->set_document(g < 4 ? "d1" : "d2");
      row->set_segment("s" + std::to_string(g));
      row->add_metrics(m[s][g]);
      if (s == 1 && g == 5) row->set_human_score(5.0);
    }
  }
  c.set_design("random");
  c.set_estimator("mean");
  c.set_bound("clt");
  c.set_confidence(0.95);
  c.set_tolerance(1.0);
  c.set_lease_seconds(lease_seconds);
  c.set_seed(3);
  return c;
}

struct Scoring {
  uint64_t id = 0;
  std::string token;
};

grpc::Status Create(v1::Tournament::Stub& stub, const v1::ScoringCampaignConfig& config,
                    Scoring* out, const std::string& token = kAdminToken) {
  v1::CreateScoringCampaignRequest req;
  *req.mutable_config() = config;
  // These tests use the shared annotator token: open enrolment unless they say otherwise.
  if (config.enrolment() == v1::ENROLMENT_UNSPECIFIED) {
    req.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);
  }
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(token);
  grpc::Status s = stub.CreateScoringCampaign(ctx.get(), req, &resp);
  if (out) *out = {resp.campaign_id(), resp.annotator_token()};
  return s;
}

grpc::Status Next(v1::Tournament::Stub& stub, uint64_t id, const std::string& token,
                  const std::string& annotator, v1::NextItemResponse* item) {
  v1::NextItemRequest req;
  req.set_campaign_id(id);
  req.set_annotator(annotator);
  auto ctx = Ctx(token);
  return stub.NextItem(ctx.get(), req, item);
}

grpc::Status Score(v1::Tournament::Stub& stub, uint64_t id, const std::string& token,
                   const std::string& system, const std::string& segment, double score,
                   v1::SubmitScoreResponse* ack = nullptr, const std::string& key = "",
                   const std::string& annotator = "ann1") {
  v1::SubmitScoreRequest req;
  req.set_campaign_id(id);
  req.set_annotator(annotator);
  req.set_system(system);
  req.set_segment(segment);
  req.set_score(score);
  req.set_idempotency_key(key);
  v1::SubmitScoreResponse local;
  auto ctx = Ctx(token);
  return stub.SubmitScore(ctx.get(), req, ack ? ack : &local);
}

grpc::Status Estimate(v1::Tournament::Stub& stub, uint64_t id, v1::GetEstimateResponse* out,
                      const std::string& token = kAdminToken) {
  v1::GetEstimateRequest req;
  req.set_campaign_id(id);
  auto ctx = Ctx(token);
  return stub.GetEstimate(ctx.get(), req, out);
}

grpc::Status Export(v1::Tournament::Stub& stub, uint64_t id, std::vector<v1::ExportedScore>* rows,
                    const std::string& token = kAdminToken) {
  v1::ExportScoresRequest req;
  req.set_campaign_id(id);
  auto ctx = Ctx(token);
  auto reader = stub.ExportScores(ctx.get(), req);
  v1::ExportedScore row;
  while (reader->Read(&row)) rows->push_back(row);
  return reader->Finish();
}

// The scores of CreateNextSubmitEstimate: A s0 = 1, s1 = 2, s2 = 6; B s3 = 4, imported with
// the admin token (chosen items, no lease: the admin path for scores collected elsewhere).
void SubmitTinyScores(v1::Tournament::Stub& stub, const Scoring& c) {
  ASSERT_TRUE(Score(stub, c.id, kAdminToken, "A", "s0", 1.0, nullptr, "k1").ok());
  ASSERT_TRUE(Score(stub, c.id, kAdminToken, "A", "s1", 2.0, nullptr, "k2").ok());
  ASSERT_TRUE(Score(stub, c.id, kAdminToken, "B", "s3", 4.0, nullptr, "", "ann2").ok());
  ASSERT_TRUE(Score(stub, c.id, kAdminToken, "A", "s2", 6.0, nullptr, "k3").ok());
}

// The estimates of those scores, by hand (random design: the plain mean; its variance
// v = (1 − n/N)·s²/n with the sample variance s²; half-width t = z·sqrt(v), z = 1.959964).
void ExpectTinyEstimate(const v1::GetEstimateResponse& e) {
  ASSERT_EQ(e.systems_size(), 2);
  // A: 1, 2, 6 of N = 6. Mean 3; s² = (4 + 1 + 9)/2 = 7; v = (1 − 3/6)·7/3 = 7/6;
  // t = 1.959964·1.080123 = 2.117003 (the variance floor, one pseudo-score of the pooled
  // variance (14 + 0.5)/3 = 4.83, leaves s² = 7). ±1 needs z²s²(1/n − 1/6) <= 1:
  // 1/n <= 1/(3.841459·7) + 1/6 = 0.203855, n >= 4.906 -> 5 segments; but a verdict needs
  // 10 scores or the whole test set: 6, 3 more.
  const v1::SystemScoreEstimate& a = e.systems(0);
  EXPECT_EQ(a.system(), "A");
  EXPECT_EQ(a.scored(), 3);
  EXPECT_EQ(a.segments(), 6);
  EXPECT_TRUE(a.estimated());
  EXPECT_NEAR(a.value(), 3.0, 1e-12);
  EXPECT_NEAR(a.half_width(), 2.117003, 1e-6);
  EXPECT_NEAR(a.lo(), 3.0 - 2.117003, 1e-6);
  EXPECT_NEAR(a.hi(), 3.0 + 2.117003, 1e-6);
  EXPECT_FALSE(a.target_reached());
  EXPECT_EQ(a.segments_needed(), 6);
  EXPECT_EQ(a.more_needed(), 3);
  // B: s3 = 4 submitted, s5 = 5 from the table. Mean 4.5; s² = (0.25 + 0.25)/1 = 0.5,
  // floored to (1·0.5 + 4.8333)/2 = 8/3; v = (1 − 2/6)·(8/3)/2 = 8/9;
  // t = 1.959964·0.942809 = 1.847872. Two scores are never a verdict (the unfloored 0.80
  // once said "reached" here): 6 segments needed, 4 more.
  const v1::SystemScoreEstimate& b = e.systems(1);
  EXPECT_EQ(b.system(), "B");
  EXPECT_EQ(b.scored(), 2);
  EXPECT_TRUE(b.estimated());
  EXPECT_NEAR(b.value(), 4.5, 1e-12);
  EXPECT_NEAR(b.half_width(), 1.847872, 1e-6);
  EXPECT_FALSE(b.target_reached());
  EXPECT_EQ(b.more_needed(), 4);
  EXPECT_EQ(e.scores(), 4);        // submitted through the service
  EXPECT_EQ(e.items(), 12);        // 2 systems × 6 segments
  EXPECT_EQ(e.items_scored(), 5);  // the 4 and B's s5
  // The board (higher is better): B (4.5) above A (3). No segment is scored for both (A:
  // s0..s2; B: s3, s5): the pair is not estimated, so not separated, one cluster.
  ASSERT_TRUE(e.ranked()) << e.board_note();
  EXPECT_FALSE(e.lower_is_better());
  EXPECT_EQ(b.rank(), 1);
  EXPECT_EQ(a.rank(), 2);
  EXPECT_EQ(a.cluster(), 1);
  EXPECT_EQ(b.cluster(), 1);
  ASSERT_EQ(e.pairs_size(), 1);
  EXPECT_EQ(e.pairs(0).better(), "B");
  EXPECT_EQ(e.pairs(0).worse(), "A");
  EXPECT_EQ(e.pairs(0).paired(), 0);
  EXPECT_FALSE(e.pairs(0).estimated());
  EXPECT_FALSE(e.pairs(0).separated());
}

// Every item of the campaign leased to `annotator` (NextItem until nothing is left).
void LeaseAll(v1::Tournament::Stub& stub, const Scoring& c, const std::string& annotator) {
  v1::NextItemResponse item;
  for (int k = 0; k < 100 && Next(stub, c.id, c.token, annotator, &item).ok(); ++k) {
  }
}

TEST_F(ScoringServiceTest, CreateNextSubmitEstimate) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("tiny"), &c).ok());
  EXPECT_GE(c.id, service::kScoringCampaignIdBase);  // apart from pairwise ids
  EXPECT_EQ(c.token.size(), 64u);
  v1::GetEstimateResponse empty;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &empty).ok());
  ASSERT_EQ(empty.systems_size(), 2);
  EXPECT_FALSE(empty.systems(0).estimated());  // no score yet
  EXPECT_EQ(empty.systems(1).scored(), 1);     // s5 from the table

  v1::NextItemResponse item;
  const auto before = std::chrono::system_clock::now();
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &item).ok());
  EXPECT_TRUE(item.system() == "A" || item.system() == "B");
  ASSERT_EQ(item.segment().size(), 2u);
  const int g = item.segment()[1] - '0';
  EXPECT_TRUE(g >= 0 && g < 6) << item.segment();
  EXPECT_EQ(item.document(), g < 4 ? "d1" : "d2");
  EXPECT_FALSE(item.system() == "B" && g == 5);  // scored in the table: never served
  const int64_t now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(before.time_since_epoch()).count();
  EXPECT_GE(item.lease_expires_unix_ms(), now_ms + 600000);
  EXPECT_GE(item.item_id(), 1u);

  SubmitTinyScores(server.stub(), c);
  v1::GetEstimateResponse e;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
  ExpectTinyEstimate(e);
}

TEST_F(ScoringServiceTest, RepeatsAreIdempotentAndConflictsRefused) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("idem"), &c).ok());
  v1::SubmitScoreResponse first, second, repeat, table;
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.5, &first, "key-a").ok());
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s1", 2.5, &second).ok());
  EXPECT_EQ(first.sequence(), 1);
  EXPECT_EQ(second.sequence(), 2);
  EXPECT_GT(first.committed_unix_ms(), 0);
  // The identical repeat gets the original acknowledgment and stores nothing.
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.5, &repeat, "key-a").ok());
  EXPECT_EQ(repeat.sequence(), 1);
  EXPECT_EQ(repeat.committed_unix_ms(), first.committed_unix_ms());
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.75).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  // The key names the first score; another item under it is a conflict.
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s2", 3.0, nullptr, "key-a").error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  // B's s5 holds 5 from the table: the same score is OK with nothing stored (sequence 0),
  // another is a conflict.
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "B", "s5", 5.0, &table).ok());
  EXPECT_EQ(table.sequence(), 0);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "B", "s5", 4.0).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  std::vector<v1::ExportedScore> rows;
  ASSERT_TRUE(Export(server.stub(), c.id, &rows).ok());
  EXPECT_EQ(rows.size(), 2u);
}

TEST_F(ScoringServiceTest, TokensAndCampaignKindsAreChecked) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("auth"), &c).ok());
  const testing::CreatedCampaign pairwise =
      testing::CreateCampaign(server.stub(), testing::MakeConfig("pairwise", 3, 4, 2));
  v1::NextItemResponse item;
  v1::GetEstimateResponse e;
  EXPECT_EQ(Next(server.stub(), c.id, "", "ann1", &item).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Next(server.stub(), c.id, "not-a-token-of-this-server", "ann1", &item).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Estimate(server.stub(), c.id, &e, "").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Estimate(server.stub(), c.id, &e, c.token).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  std::vector<v1::ExportedScore> rows;
  EXPECT_EQ(Export(server.stub(), c.id, &rows, c.token).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Create(server.stub(), TinyConfig("by-annotator"), nullptr, c.token).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // The admin token works for annotator calls.
  EXPECT_TRUE(Next(server.stub(), c.id, kAdminToken, "ann1", &item).ok());
  // A pairwise campaign's token on a scoring campaign, and the other way round.
  EXPECT_EQ(Next(server.stub(), c.id, pairwise.token, "ann1", &item).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  v1::NextMatchResponse match;
  grpc::Status s = testing::NextMatch(server.stub(), {pairwise.id, c.token}, "ann1", &match);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_NE(s.error_message().find("scoring campaign"), std::string::npos) << s.error_message();
  // A pairwise id on a scoring call and a scoring id on a pairwise call.
  s = Next(server.stub(), pairwise.id, kAdminToken, "ann1", &item);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("pairwise"), std::string::npos) << s.error_message();
  // GetCampaign answers for both kinds (a scoring campaign's ListCampaigns entry), to the
  // admin token only.
  v1::GetCampaignRequest get;
  get.set_campaign_id(c.id);
  v1::CampaignInfo info;
  auto ctx = Ctx(kAdminToken);
  s = server.stub().GetCampaign(ctx.get(), get, &info);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(info.kind(), v1::CAMPAIGN_KIND_SCORING);
  EXPECT_EQ(info.campaign_id(), c.id);
  auto annotator_ctx = Ctx(c.token);
  EXPECT_EQ(server.stub().GetCampaign(annotator_ctx.get(), get, &info).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  v1::Leaderboard board;
  EXPECT_EQ(testing::Leaderboard(server.stub(), c.id, "expected-wins", &board).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Estimate(server.stub(), c.id + 1, &e).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ScoringServiceTest, BadInputIsInvalidArgument) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("bad"), &c).ok());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", nan).error_code(), invalid);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", inf).error_code(), invalid);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "Z", "s0", 1.0).error_code(), invalid);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s9", 1.0).error_code(), invalid);
  EXPECT_EQ(
      Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0, nullptr, "", "bad name").error_code(),
      invalid);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0, nullptr, std::string(129, 'k'))
                .error_code(),
            invalid);
  v1::NextItemResponse item;
  EXPECT_EQ(Next(server.stub(), c.id, c.token, "", &item).error_code(), invalid);

  auto create_code = [&](const v1::ScoringCampaignConfig& config) {
    return Create(server.stub(), config, nullptr).error_code();
  };
  v1::ScoringCampaignConfig config = TinyConfig("x");
  config.set_design("docs-opt");  // allocates by metric spreads: refused by the engine
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.set_estimator("nope");
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.set_confidence(1.5);
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.set_tolerance(-1);
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.mutable_rows(3)->add_metrics(0.5);  // two values for one metric
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.mutable_rows(2)->set_metrics(0, inf);
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  *config.add_rows() = config.rows(0);  // (A, s0) twice
  grpc::Status s = Create(server.stub(), config, nullptr);
  EXPECT_EQ(s.error_code(), invalid);
  EXPECT_NE(s.error_message().find("config.rows[12]"), std::string::npos) << s.error_message();
  config = TinyConfig("x");
  config.mutable_rows(7)->set_document("d2");  // B's s1 under another document than A's
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.clear_rows();
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("x");
  config.set_metric_names(0, "seg");  // a reserved column name
  EXPECT_EQ(create_code(config), invalid);
  config = TinyConfig("");
  EXPECT_EQ(create_code(config), invalid);
  EXPECT_EQ(create_code(TinyConfig("bad")), grpc::StatusCode::ALREADY_EXISTS);
}

TEST_F(ScoringServiceTest, BettingCsCampaignsDeclareTheirScoreRange) {
  v1::ScoringCampaignConfig config = TinyConfig("cs");
  config.set_bound("betting-cs");
  config.mutable_rows(11)->clear_human_score();  // B's s5: no score from the table
  Scoring c;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    grpc::Status refused = Create(server.stub(), config, nullptr);
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(refused.error_message().find("betting-cs needs the score range declared"),
              std::string::npos)
        << refused.error_message();
    config.set_score_min(0.0);
    config.set_score_max(10.0);
    // Audit defect 15: with B's s5 scored in the table, which the sequence cannot take (it
    // is no random draw), the campaign is refused at creation, saying so.
    v1::ScoringCampaignConfig scored = config;
    scored.mutable_rows(11)->set_human_score(5.0);
    refused = Create(server.stub(), scored, nullptr);
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(refused.error_message().find("betting-cs takes only the scores"), std::string::npos)
        << refused.error_message();
    ASSERT_TRUE(Create(server.stub(), config, &c).ok());
    // Fresh: no estimate, and the reason instead of a bare "no / 0".
    v1::GetEstimateResponse fresh;
    ASSERT_TRUE(Estimate(server.stub(), c.id, &fresh).ok());
    EXPECT_FALSE(fresh.systems(0).estimated());
    EXPECT_NE(fresh.systems(0).note().find("0 scores"), std::string::npos)
        << fresh.systems(0).note();
    EXPECT_FALSE(fresh.ranked());
    EXPECT_NE(fresh.board_note().find("no board yet"), std::string::npos) << fresh.board_note();
    grpc::Status outside = Score(server.stub(), c.id, kAdminToken, "A", "s0", 11.0);
    EXPECT_EQ(outside.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(outside.error_message().find("outside the declared range [0, 10]"),
              std::string::npos)
        << outside.error_message();
    // The admin import is refused too: the sequence takes served items only.
    EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0).error_code(),
              grpc::StatusCode::FAILED_PRECONDITION);
    // Every segment of A scored by the annotator it was served to: the sequence ends at the
    // mean, (1+2+6+4+3+0)/6 = 8/3.
    LeaseAll(server.stub(), c, "ann1");
    const double scores[] = {1, 2, 6, 4, 3, 0};
    for (int g = 0; g < 6; ++g) {
      ASSERT_TRUE(
          Score(server.stub(), c.id, c.token, "A", "s" + std::to_string(g), scores[g]).ok());
    }
  }
  // After a restart the stored configuration still declares the range.
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::GetEstimateResponse e;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
  ASSERT_EQ(e.systems_size(), 2);
  EXPECT_TRUE(e.systems(0).estimated());
  EXPECT_NEAR(e.systems(0).lo(), 8.0 / 3.0, 1e-12);
  EXPECT_NEAR(e.systems(0).hi(), 8.0 / 3.0, 1e-12);
  EXPECT_TRUE(e.systems(0).target_reached());
  EXPECT_FALSE(e.systems(1).estimated());  // B: no score
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "B", "s0", -0.5).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// The goal's allocation (docs/replay.md): once GetEstimate reports a system within ±t under
// a sequence bound (valid at a data-dependent stop), NextItem serves it no more. A always
// scores 5, so its betting sequence narrows to ±2.5 long before its 60 segments are done;
// B alternates 0 and 10 and does not. Before the change NextItem kept alternating A and B.
TEST_F(ScoringServiceTest, SystemsWithinTheirTargetAreNoLongerServed) {
  v1::ScoringCampaignConfig config;
  config.set_name("goal");
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 60; ++g) {
      v1::ScoringRow* row = config.add_rows();
      row->set_system(s == 0 ? "A" : "B");
      row->set_document("d" + std::to_string(g / 6));
      row->set_segment("s" + std::to_string(g));
    }
  }
  config.set_design("random");
  config.set_estimator("mean");
  config.set_bound("betting-cs");
  config.set_confidence(0.95);
  config.set_tolerance(2.5);
  config.set_score_min(0.0);
  config.set_score_max(10.0);
  config.set_seed(5);
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), config, &c).ok());
  int b_scores = 0, a_scores = 0;
  bool a_reached = false;
  for (int k = 0; k < 120 && !a_reached; ++k) {
    v1::NextItemResponse item;
    ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &item).ok());
    const bool is_a = item.system() == "A";
    const double score = is_a ? 5.0 : (b_scores % 2 == 0 ? 0.0 : 10.0);
    ASSERT_TRUE(Score(server.stub(), c.id, c.token, item.system(), item.segment(), score).ok());
    (is_a ? a_scores : b_scores) += 1;
    v1::GetEstimateResponse e;
    ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
    a_reached = e.systems(0).target_reached();
    ASSERT_FALSE(e.systems(1).target_reached()) << "B reached first after " << b_scores;
  }
  ASSERT_TRUE(a_reached);
  EXPECT_LT(a_scores, 60);
  for (int k = 0; k < 10; ++k) {
    v1::NextItemResponse item;
    ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &item).ok());
    EXPECT_EQ(item.system(), "B") << "item " << k << " after A reached its target";
    ASSERT_TRUE(Score(server.stub(), c.id, c.token, "B", item.segment(), k % 2 ? 0.0 : 10.0).ok());
  }
}

// Audit defect 11: only the annotator an item was served to may score it; the original
// scorer's repeat gets its own sequence number, nobody else gets it.
TEST_F(ScoringServiceTest, OnlyTheHolderScoresAnItem) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("holder"), &c).ok());
  v1::NextItemResponse held, other_item;
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &held).ok());
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann2", &other_item).ok());
  // ann2 on ann1's item: refused, nothing stored.
  grpc::Status s =
      Score(server.stub(), c.id, c.token, held.system(), held.segment(), 2.0, nullptr, "", "ann2");
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("another annotator"), std::string::npos) << s.error_message();
  // An item never served: refused for anyone holding the annotator token.
  std::string never;
  for (const char* g : {"s0", "s1", "s2", "s3", "s4"}) {
    if (!(held.system() == "A" && held.segment() == g) &&
        !(other_item.system() == "A" && other_item.segment() == g)) {
      never = g;
      break;
    }
  }
  s = Score(server.stub(), c.id, c.token, "A", never, 2.0, nullptr, "", "ann1");
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("was not served"), std::string::npos) << s.error_message();
  // B's s5 is scored in the table (5): never served, so refused whatever the score.
  EXPECT_EQ(Score(server.stub(), c.id, c.token, "B", "s5", 5.0).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Score(server.stub(), c.id, c.token, "B", "s5", 4.0).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  // ann2 scores its own first (sequence 1), then ann1 its own (sequence 2).
  v1::SubmitScoreResponse ack2, ack1, repeat;
  ASSERT_TRUE(Score(server.stub(), c.id, c.token, other_item.system(), other_item.segment(), 3.0,
                    &ack2, "", "ann2")
                  .ok());
  ASSERT_TRUE(
      Score(server.stub(), c.id, c.token, held.system(), held.segment(), 2.0, &ack1, "", "ann1")
          .ok());
  EXPECT_EQ(ack2.sequence(), 1);
  EXPECT_EQ(ack1.sequence(), 2);
  // ann2 repeating ann1's score: refused, not acknowledged with ann1's sequence.
  s = Score(server.stub(), c.id, c.token, held.system(), held.segment(), 2.0, &repeat, "", "ann2");
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  // ann1's identical repeat: its own sequence, 2.
  ASSERT_TRUE(
      Score(server.stub(), c.id, c.token, held.system(), held.segment(), 2.0, &repeat, "", "ann1")
          .ok());
  EXPECT_EQ(repeat.sequence(), 2);
  EXPECT_EQ(repeat.committed_unix_ms(), ack1.committed_unix_ms());
  std::vector<v1::ExportedScore> rows;
  ASSERT_TRUE(Export(server.stub(), c.id, &rows).ok());
  EXPECT_EQ(rows.size(), 2u);
}

// Audit defect 12: one system on three segments, leases of 1 s, one annotator. After the
// three leases lapse, NextItem serves that annotator again instead of "no item" for ever,
// and it may still score an item whose lease lapsed.
TEST_F(ScoringServiceTest, ExpiredLeasesAreServedAgainToTheSameAnnotator) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::ScoringCampaignConfig config = TinyConfig("solo", 1);
  config.clear_rows();
  for (const char* g : {"g0", "g1", "g2"}) {
    v1::ScoringRow* row = config.add_rows();
    row->set_system("A");
    row->set_document("d1");
    row->set_segment(g);
    row->add_metrics(g[1] == '0' ? 0.2 : (g[1] == '1' ? 0.7 : 0.4));
  }
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), config, &c).ok());
  v1::NextItemResponse items[3], none, again;
  for (auto& item : items) ASSERT_TRUE(Next(server.stub(), c.id, c.token, "solo", &item).ok());
  EXPECT_EQ(Next(server.stub(), c.id, c.token, "solo", &none).error_code(),
            grpc::StatusCode::NOT_FOUND);
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // every lease lapses
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "solo", &again).ok());
  EXPECT_EQ(again.position(), 0);  // the earliest position of the order first
  EXPECT_EQ(again.segment(), items[0].segment());
  // The lapsed lease of the second item is still "solo"'s: its score is taken.
  ASSERT_TRUE(
      Score(server.stub(), c.id, c.token, "A", items[1].segment(), 1.0, nullptr, "", "solo").ok());
  ASSERT_TRUE(
      Score(server.stub(), c.id, c.token, "A", again.segment(), 2.0, nullptr, "", "solo").ok());
}

// Audit defect 6: 1e308 is INVALID_ARGUMENT without a declared range, and so is a negative
// score of a lower-is-better (MQM error points) campaign.
TEST_F(ScoringServiceTest, ImplausibleScoresAreInvalidArgument) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c, mqm;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("plain"), &c).ok());
  v1::NextItemResponse item;
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &item).ok());
  grpc::Status s = Score(server.stub(), c.id, c.token, item.system(), item.segment(), 1e308);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("not plausible"), std::string::npos) << s.error_message();
  v1::ScoringCampaignConfig config = TinyConfig("mqm");
  config.set_lower_is_better(true);
  ASSERT_TRUE(Create(server.stub(), config, &mqm).ok());
  ASSERT_TRUE(Next(server.stub(), mqm.id, mqm.token, "ann1", &item).ok());
  s = Score(server.stub(), mqm.id, mqm.token, item.system(), item.segment(), -5.0);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("error points"), std::string::npos) << s.error_message();
  EXPECT_TRUE(Score(server.stub(), mqm.id, mqm.token, item.system(), item.segment(), 5.0).ok());
  // A negative score in the table of such a campaign is refused at creation.
  config = TinyConfig("mqm-table");
  config.set_lower_is_better(true);
  config.mutable_rows(11)->set_human_score(-1.0);
  EXPECT_EQ(Create(server.stub(), config, nullptr).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// CloseCampaign closes a scoring campaign: nothing served or scored after it (an
// outstanding lease included), an identical retry still acknowledged, estimates and export
// still served; the close survives a restart.
TEST_F(ScoringServiceTest, CloseEndsServingAndSurvivesRestart) {
  Scoring c;
  int64_t closed_at = 0;
  v1::SubmitScoreResponse first;
  auto close = [&](v1::Tournament::Stub& stub, v1::CampaignInfo* info) {
    v1::CloseCampaignRequest req;
    req.set_campaign_id(c.id);
    auto ctx = Ctx(kAdminToken);
    return stub.CloseCampaign(ctx.get(), req, info);
  };
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    ASSERT_TRUE(Create(server.stub(), TinyConfig("closing"), &c).ok());
    v1::NextItemResponse scored, outstanding, none;
    ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &scored).ok());
    ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &outstanding).ok());
    ASSERT_TRUE(
        Score(server.stub(), c.id, c.token, scored.system(), scored.segment(), 1.0, &first).ok());
    v1::CampaignInfo info;
    ASSERT_TRUE(close(server.stub(), &info).ok());
    EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_CLOSED);
    EXPECT_GT(info.closed_unix_ms(), 0);
    EXPECT_EQ(info.kind(), v1::CAMPAIGN_KIND_SCORING);
    closed_at = info.closed_unix_ms();
    grpc::Status s = Next(server.stub(), c.id, c.token, "ann2", &none);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    EXPECT_NE(s.error_message().find("closed"), std::string::npos) << s.error_message();
    s = Score(server.stub(), c.id, c.token, outstanding.system(), outstanding.segment(), 2.0);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s4", 2.0).error_code(),
              grpc::StatusCode::FAILED_PRECONDITION);
    v1::SubmitScoreResponse retry;
    ASSERT_TRUE(
        Score(server.stub(), c.id, c.token, scored.system(), scored.segment(), 1.0, &retry).ok());
    EXPECT_EQ(retry.sequence(), first.sequence());
    v1::CampaignInfo again;
    ASSERT_TRUE(close(server.stub(), &again).ok());  // a no-op: the original close time
    EXPECT_EQ(again.closed_unix_ms(), closed_at);
  }
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::GetEstimateResponse e;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
  EXPECT_TRUE(e.closed());
  EXPECT_EQ(e.scores(), 1);
  std::vector<v1::ExportedScore> rows;
  ASSERT_TRUE(Export(server.stub(), c.id, &rows).ok());
  EXPECT_EQ(rows.size(), 1u);
  v1::NextItemResponse none;
  EXPECT_EQ(Next(server.stub(), c.id, c.token, "ann3", &none).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  v1::ListCampaignsResponse list;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server.stub().ListCampaigns(ctx.get(), v1::ListCampaignsRequest(), &list).ok());
  ASSERT_EQ(list.campaigns_size(), 1);
  EXPECT_EQ(list.campaigns(0).state(), v1::CAMPAIGN_STATE_CLOSED);
  EXPECT_EQ(list.campaigns(0).closed_unix_ms(), closed_at);
}

// GetEstimate's board, by hand. Three systems scored (in the table) on g0..g3 of N = 6,
// random design, mean, CLT at 95 %, lower is better. A = 1, 2, 1, 2 (1.5); B = 3, 4, 3, 5
// (3.75); C = 4, 4, 3, 5 (4.0). Paired differences, v = (1 − 4/6)·s²/4, s² floored with one
// pseudo-residual of twice the pooled within-system variance (5.75/9 doubled: 1.277778):
//   A − B = −2, −2, −2, −3: mean −2.25, s² = 0.25 -> (0.75 + 1.277778)/4 = 0.506944,
//   half-width 1.959964·sqrt(0.042245) = 0.402845: [−2.652845, −1.847155], separated;
//   B − C = −1, 0, 0, 0: mean −0.25, s² = 0.25: [−0.652845, 0.152845], not separated.
TEST_F(ScoringServiceTest, GetEstimateRanksClustersAndPairs) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::ScoringCampaignConfig config = TinyConfig("board");
  config.clear_rows();
  config.clear_metric_names();
  config.clear_tolerance();
  config.set_lower_is_better(true);
  const double scores[3][4] = {{1, 2, 1, 2}, {3, 4, 3, 5}, {4, 4, 3, 5}};
  for (int s = 0; s < 3; ++s) {
    for (int g = 0; g < 6; ++g) {
      v1::ScoringRow* row = config.add_rows();
      row->set_system(std::string(1, static_cast<char>('A' + s)));
      row->set_document("d");
      row->set_segment("g" + std::to_string(g));
      if (g < 4) row->set_human_score(scores[s][g]);
    }
  }
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), config, &c).ok());
  v1::GetEstimateResponse e;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
  ASSERT_TRUE(e.ranked()) << e.board_note();
  EXPECT_TRUE(e.lower_is_better());
  ASSERT_EQ(e.systems_size(), 3);  // table order
  EXPECT_EQ(e.systems(0).rank(), 1);
  EXPECT_EQ(e.systems(1).rank(), 2);
  EXPECT_EQ(e.systems(2).rank(), 3);
  EXPECT_EQ(e.systems(0).cluster(), 1);
  EXPECT_EQ(e.systems(1).cluster(), 2);
  EXPECT_EQ(e.systems(2).cluster(), 2);
  EXPECT_NEAR(e.systems(1).value(), 3.75, 1e-12);
  ASSERT_EQ(e.pairs_size(), 2);
  EXPECT_EQ(e.pairs(0).better(), "A");
  EXPECT_EQ(e.pairs(0).worse(), "B");
  EXPECT_EQ(e.pairs(0).paired(), 4);
  EXPECT_NEAR(e.pairs(0).difference(), -2.25, 1e-12);
  EXPECT_NEAR(e.pairs(0).lo(), -2.652845, 1e-6);
  EXPECT_NEAR(e.pairs(0).hi(), -1.847155, 1e-6);
  EXPECT_TRUE(e.pairs(0).separated());
  EXPECT_EQ(e.pairs(1).better(), "B");
  EXPECT_EQ(e.pairs(1).worse(), "C");
  EXPECT_NEAR(e.pairs(1).difference(), -0.25, 1e-12);
  EXPECT_NEAR(e.pairs(1).lo(), -0.652845, 1e-6);
  EXPECT_NEAR(e.pairs(1).hi(), 0.152845, 1e-6);
  EXPECT_FALSE(e.pairs(1).separated());
}

TEST_F(ScoringServiceTest, LeasedItemsAreNotServedTwiceUntilTheyExpire) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  // One system on two segments, leases of 1 s.
  v1::ScoringCampaignConfig config = TinyConfig("lease", 1);
  config.clear_rows();
  for (const char* g : {"s0", "s1"}) {
    v1::ScoringRow* row = config.add_rows();
    row->set_system("A");
    row->set_document("d1");
    row->set_segment(g);
    row->add_metrics(g[1] == '0' ? 0.2 : 0.7);
  }
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), config, &c).ok());
  v1::NextItemResponse a, b, none, again;
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann1", &a).ok());
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann2", &b).ok());
  EXPECT_NE(a.segment(), b.segment());  // the first is leased to ann1
  // Both items are leased now: nothing for a third annotator.
  EXPECT_EQ(Next(server.stub(), c.id, c.token, "ann3", &none).error_code(),
            grpc::StatusCode::NOT_FOUND);
  // After the leases expire the items return to the pool.
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann3", &again).ok());
  EXPECT_TRUE(again.segment() == "s0" || again.segment() == "s1");
  // Once every item is scored the campaign is complete.
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0).ok());
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s1", 2.0).ok());
  EXPECT_EQ(Next(server.stub(), c.id, c.token, "ann4", &none).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

TEST_F(ScoringServiceTest, ExportIsInCommitOrderAndRestartKeepsEverything) {
  Scoring c;
  v1::GetEstimateResponse before;
  std::vector<v1::ExportedScore> exported;
  v1::SubmitScoreResponse first;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    ASSERT_TRUE(Create(server.stub(), TinyConfig("restart"), &c).ok());
    SubmitTinyScores(server.stub(), c);
    ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0, &first).ok());
    ASSERT_TRUE(Estimate(server.stub(), c.id, &before).ok());
    ExpectTinyEstimate(before);
    ASSERT_TRUE(Export(server.stub(), c.id, &exported).ok());
  }
  // The submission order of SubmitTinyScores, with its annotators and keys.
  ASSERT_EQ(exported.size(), 4u);
  const char* systems[] = {"A", "A", "B", "A"};
  const char* segments[] = {"s0", "s1", "s3", "s2"};
  const double scores[] = {1.0, 2.0, 4.0, 6.0};
  const char* keys[] = {"k1", "k2", "", "k3"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(exported[i].sequence(), i + 1);
    EXPECT_EQ(exported[i].system(), systems[i]);
    EXPECT_EQ(exported[i].segment(), segments[i]);
    EXPECT_EQ(exported[i].score(), scores[i]);
    EXPECT_EQ(exported[i].idempotency_key(), keys[i]);
    EXPECT_EQ(exported[i].annotator(), i == 2 ? "ann2" : "ann1");
    EXPECT_EQ(exported[i].document(), "d1");  // s0..s3
    if (i > 0) {
      EXPECT_GE(exported[i].committed_unix_ms(), exported[i - 1].committed_unix_ms());
    }
  }

  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::GetEstimateResponse after;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &after).ok());
  ExpectTinyEstimate(after);
  for (int s = 0; s < 2; ++s) {  // bit for bit
    EXPECT_EQ(after.systems(s).value(), before.systems(s).value());
    EXPECT_EQ(after.systems(s).lo(), before.systems(s).lo());
    EXPECT_EQ(after.systems(s).hi(), before.systems(s).hi());
  }
  std::vector<v1::ExportedScore> again;
  ASSERT_TRUE(Export(server.stub(), c.id, &again).ok());
  ASSERT_EQ(again.size(), exported.size());
  for (size_t i = 0; i < again.size(); ++i) {
    EXPECT_EQ(again[i].SerializeAsString(), exported[i].SerializeAsString()) << i;
  }
  // The token still works; a retry finds the original acknowledgment, a conflict is still
  // refused, and a new score continues the sequence.
  v1::SubmitScoreResponse retry, next;
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0, &retry).ok());
  EXPECT_EQ(retry.sequence(), first.sequence());
  EXPECT_EQ(retry.committed_unix_ms(), first.committed_unix_ms());
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s0", 9.0).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(Score(server.stub(), c.id, kAdminToken, "A", "s3", 2.0, nullptr, "k1").error_code(),
            grpc::StatusCode::ALREADY_EXISTS);  // k1 was used before the restart
  ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s3", 2.0, &next).ok());
  EXPECT_EQ(next.sequence(), 5);
  // The name stays taken.
  EXPECT_EQ(Create(server.stub(), TinyConfig("restart"), nullptr).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
}

grpc::Status List(v1::Tournament::Stub& stub, v1::ListCampaignsResponse* out,
                  const std::string& token = kAdminToken) {
  auto ctx = Ctx(token);
  return stub.ListCampaigns(ctx.get(), v1::ListCampaignsRequest(), out);
}

// ListCampaigns lists every campaign, pairwise and scoring, by id, with its kind; it used
// to list the pairwise ones only. Admin token only, as for pairwise campaigns.
TEST_F(ScoringServiceTest, ListCampaignsListsScoringCampaignsWithTheirKind) {
  Scoring c;
  uint64_t pairwise = 0;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    ASSERT_TRUE(Create(server.stub(), TinyConfig("tiny"), &c).ok());
    pairwise = testing::CreateCampaign(server.stub(), testing::MakeConfig("pw", 3, 10, 2)).id;
    // Two annotators' scores (A s0, A s1) and one item leased to a third.
    ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s0", 1.0).ok());
    ASSERT_TRUE(Score(server.stub(), c.id, kAdminToken, "A", "s1", 2.0, nullptr, "", "ann2").ok());
    v1::NextItemResponse item;
    ASSERT_TRUE(Next(server.stub(), c.id, c.token, "ann3", &item).ok());
    v1::ListCampaignsResponse list;
    ASSERT_TRUE(List(server.stub(), &list).ok());
    ASSERT_EQ(list.campaigns_size(), 2);
    const v1::CampaignInfo& p = list.campaigns(0);  // by id: pairwise ids are below 2^32
    EXPECT_EQ(p.campaign_id(), pairwise);
    EXPECT_EQ(p.kind(), v1::CAMPAIGN_KIND_PAIRWISE);
    EXPECT_EQ(p.config().name(), "pw");
    EXPECT_EQ(p.items(), 0);
    const v1::CampaignInfo& s = list.campaigns(1);
    EXPECT_EQ(s.campaign_id(), c.id);
    EXPECT_EQ(s.kind(), v1::CAMPAIGN_KIND_SCORING);
    EXPECT_EQ(s.config().name(), "tiny");
    EXPECT_EQ(s.config().systems_size(), 0);  // not a pairwise config: the name only
    EXPECT_EQ(s.state(), v1::CAMPAIGN_STATE_OPEN);
    EXPECT_GT(s.created_unix_ms(), 0);
    EXPECT_EQ(s.judgments(), 2);    // the two scores
    EXPECT_EQ(s.annotators(), 2);   // ann1 and ann2 (ann3 only holds a lease)
    EXPECT_EQ(s.open_leases(), 1);  // ann3's
    EXPECT_EQ(s.systems(), 2);
    EXPECT_EQ(s.segments(), 6);
    EXPECT_EQ(s.items(), 12);        // 2 systems × 6 segments
    EXPECT_EQ(s.items_scored(), 3);  // the two and B's s5 from the table
    // The monitoring gauges count the scoring campaign apart from the pairwise one.
    const service::ServiceGauges gauges = server.server().service().Gauges();
    EXPECT_EQ(gauges.campaigns, 1);
    EXPECT_EQ(gauges.open_leases, 0);
    EXPECT_EQ(gauges.scoring_campaigns, 1);
    EXPECT_EQ(gauges.scoring_open_leases, 1);  // ann3's
    EXPECT_EQ(gauges.scoring_items, 12);
    EXPECT_EQ(gauges.scoring_items_scored, 3);
    // GetCampaign gives the same entry.
    v1::GetCampaignRequest get;
    get.set_campaign_id(c.id);
    v1::CampaignInfo one;
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().GetCampaign(ctx.get(), get, &one).ok());
    EXPECT_EQ(one.SerializeAsString(), s.SerializeAsString());
    // Not for annotator tokens, of either kind.
    v1::ListCampaignsResponse refused;
    EXPECT_EQ(List(server.stub(), &refused, c.token).error_code(),
              grpc::StatusCode::PERMISSION_DENIED);
    EXPECT_EQ(List(server.stub(), &refused, "").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  }
  // After a restart: the same, but leases are not stored (none open).
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::ListCampaignsResponse list;
  ASSERT_TRUE(List(server.stub(), &list).ok());
  ASSERT_EQ(list.campaigns_size(), 2);
  const v1::CampaignInfo& s = list.campaigns(1);
  EXPECT_EQ(s.campaign_id(), c.id);
  EXPECT_EQ(s.kind(), v1::CAMPAIGN_KIND_SCORING);
  EXPECT_EQ(s.judgments(), 2);
  EXPECT_EQ(s.annotators(), 2);
  EXPECT_EQ(s.open_leases(), 0);
  EXPECT_EQ(s.items_scored(), 3);
}

// One annotator holds at most max_leases_per_annotator items leased, unscored and
// unexpired; past it NextItem answers RESOURCE_EXHAUSTED, as NextMatch does. The default is
// the server's lease limit, stored with the campaign; leases themselves are not stored.
TEST_F(ScoringServiceTest, NextItemCapsTheLeasesOfOneAnnotator) {
  Scoring capped, defaulted;
  {
    service::ServiceLimits limits;
    limits.max_leases_per_annotator = 3;
    testing::InProcessServer server(data(), limits);
    ASSERT_TRUE(server.ok()) << server.error();
    v1::ScoringCampaignConfig config = TinyConfig("capped");
    config.set_max_leases_per_annotator(2);
    ASSERT_TRUE(Create(server.stub(), config, &capped).ok());
    ASSERT_TRUE(Create(server.stub(), TinyConfig("defaulted"), &defaulted).ok());
    v1::ScoringCampaignConfig over = TinyConfig("over");
    over.set_max_leases_per_annotator(4);  // above the server's 3
    grpc::Status s = Create(server.stub(), over, nullptr);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(s.error_message().find("max_leases_per_annotator"), std::string::npos)
        << s.error_message();

    // 11 unscored items; ann1 gets 2, then is refused; ann2 is still served.
    v1::NextItemResponse a, b, refused, other;
    ASSERT_TRUE(Next(server.stub(), capped.id, capped.token, "ann1", &a).ok());
    ASSERT_TRUE(Next(server.stub(), capped.id, capped.token, "ann1", &b).ok());
    s = Next(server.stub(), capped.id, capped.token, "ann1", &refused);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    EXPECT_NE(s.error_message().find("'ann1' already holds 2 open items"), std::string::npos)
        << s.error_message();
    ASSERT_TRUE(Next(server.stub(), capped.id, capped.token, "ann2", &other).ok());
    // A score of one of ann1's items releases its lease: one more item.
    ASSERT_TRUE(Score(server.stub(), capped.id, capped.token, a.system(), a.segment(), 3.0).ok());
    v1::NextItemResponse c;
    ASSERT_TRUE(Next(server.stub(), capped.id, capped.token, "ann1", &c).ok());
    EXPECT_EQ(Next(server.stub(), capped.id, capped.token, "ann1", &refused).error_code(),
              grpc::StatusCode::RESOURCE_EXHAUSTED);
    // (That expired leases no longer count is the engine's LeasesOf, scoring_campaign_test.)

    // The default: the server's 3.
    for (int i = 0; i < 3; ++i) {
      ASSERT_TRUE(Next(server.stub(), defaulted.id, defaulted.token, "ann1", &c).ok()) << i;
    }
    EXPECT_EQ(Next(server.stub(), defaulted.id, defaulted.token, "ann1", &c).error_code(),
              grpc::StatusCode::RESOURCE_EXHAUSTED);
  }
  // Restarted with the default limit (16): each campaign keeps its stored cap (2 and 3);
  // the leases were not stored, so each annotator starts from none.
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::NextItemResponse item;
  for (const auto& [campaign, cap] : {std::pair<Scoring, int>{capped, 2}, {defaulted, 3}}) {
    for (int i = 0; i < cap; ++i) {
      ASSERT_TRUE(Next(server.stub(), campaign.id, campaign.token, "ann1", &item).ok()) << i;
    }
    EXPECT_EQ(Next(server.stub(), campaign.id, campaign.token, "ann1", &item).error_code(),
              grpc::StatusCode::RESOURCE_EXHAUSTED)
        << campaign.id;
  }
}

// Holds the first estimate between its copy and its computation until Release() (bounded
// at 60 s, so that a failing test still ends); later estimates pass through. The hook keeps
// the latch's state alive (a shared pointer): a held estimate may still be leaving the hook
// when the latch, released, is destroyed, and the service keeps the hook it is running.
class FirstEstimateLatch {
 public:
  explicit FirstEstimateLatch(service::TournamentService& service)
      : service_(service), state_(std::make_shared<State>()) {
    service_.SetEstimateHookForTesting([state = state_] {
      if (state->calls.fetch_add(1) != 0) return;
      state->held.set_value();
      state->released.wait_for(std::chrono::seconds(60));
    });
  }
  ~FirstEstimateLatch() { service_.SetEstimateHookForTesting(nullptr); }
  bool WaitUntilHeld() {
    return state_->held.get_future().wait_for(std::chrono::seconds(60)) ==
           std::future_status::ready;
  }
  void Release() { state_->release.set_value(); }
  int calls() const { return state_->calls.load(); }

 private:
  struct State {
    std::promise<void> held, release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<int> calls{0};
  };
  service::TournamentService& service_;
  std::shared_ptr<State> state_;
};

// GetEstimate copies the campaign's state under its lock and computes after releasing it:
// a SubmitScore commits while an estimate is being computed (the hook holds the estimate
// between the copy and the computation until the score is acknowledged), and the estimate
// is that of the state copied. When GetEstimate held the lock while computing, the
// submission waited for it: here it would run into its deadline.
TEST_F(ScoringServiceTest, SubmitScoreProceedsWhileAnEstimateIsComputed) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("latch"), &c).ok());
  SubmitTinyScores(server.stub(), c);
  FirstEstimateLatch latch(server.server().service());
  v1::GetEstimateResponse during;
  grpc::Status estimated;
  std::thread estimate([&] { estimated = Estimate(server.stub(), c.id, &during); });
  ASSERT_TRUE(latch.WaitUntilHeld());
  // The estimate is between its copy and its computation: a score commits now.
  v1::SubmitScoreResponse ack;
  const grpc::Status submitted = Score(server.stub(), c.id, kAdminToken, "B", "s0", 3.0, &ack);
  latch.Release();
  estimate.join();
  ASSERT_TRUE(submitted.ok()) << submitted.error_message();
  EXPECT_EQ(ack.sequence(), 5);
  ASSERT_TRUE(estimated.ok()) << estimated.error_message();
  ExpectTinyEstimate(during);  // the four scores copied, not the fifth
  // The next estimate has the fifth: B's s0 = 3, s3 = 4, s5 = 5, mean 4.
  v1::GetEstimateResponse after;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &after).ok());
  EXPECT_EQ(after.scores(), 5);
  EXPECT_EQ(after.systems(1).scored(), 3);
  EXPECT_NEAR(after.systems(1).value(), 4.0, 1e-12);
  EXPECT_EQ(latch.calls(), 2);
}

// Estimates share the --max-concurrent-fits slots with bootstrapped leaderboards: with one
// slot held by an estimate, a second estimate waits, and ends with DEADLINE_EXCEEDED when its
// deadline passes first; once the slot is free, estimates are served again.
TEST_F(ScoringServiceTest, EstimatesWaitForAComputingSlot) {
  service::ServiceLimits limits;
  limits.max_concurrent_fits = 1;
  testing::InProcessServer server(data(), limits);
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("slots"), &c).ok());
  SubmitTinyScores(server.stub(), c);
  FirstEstimateLatch latch(server.server().service());
  v1::GetEstimateResponse first;
  grpc::Status first_status;
  std::thread estimate([&] { first_status = Estimate(server.stub(), c.id, &first); });
  ASSERT_TRUE(latch.WaitUntilHeld());
  v1::GetEstimateRequest req;
  req.set_campaign_id(c.id);
  v1::GetEstimateResponse waiting;
  auto ctx = Ctx(kAdminToken);
  ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(300));
  const grpc::Status waited = server.stub().GetEstimate(ctx.get(), req, &waiting);
  EXPECT_EQ(waited.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << waited.error_message();
  EXPECT_EQ(latch.calls(), 1);  // the second estimate never reached its computation
  latch.Release();
  estimate.join();
  ASSERT_TRUE(first_status.ok()) << first_status.error_message();
  ExpectTinyEstimate(first);
  v1::GetEstimateResponse after;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &after).ok());  // the slot was given back
  ExpectTinyEstimate(after);
}

// An estimate whose caller has gone (here: its deadline passed while it was held between
// its copy and its computation) is abandoned, and its computing slot is given back.
TEST_F(ScoringServiceTest, AnAbandonedEstimateGivesBackItsSlot) {
  service::ServiceLimits limits;
  limits.max_concurrent_fits = 1;
  testing::InProcessServer server(data(), limits);
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("gone"), &c).ok());
  SubmitTinyScores(server.stub(), c);
  {
    FirstEstimateLatch latch(server.server().service());
    v1::GetEstimateRequest req;
    req.set_campaign_id(c.id);
    v1::GetEstimateResponse gone;
    auto ctx = Ctx(kAdminToken);
    ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(300));
    grpc::Status status;
    std::thread estimate([&] { status = server.stub().GetEstimate(ctx.get(), req, &gone); });
    ASSERT_TRUE(latch.WaitUntilHeld());
    estimate.join();  // the client gives up at its deadline
    EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
    latch.Release();
  }
  v1::GetEstimateResponse after;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &after).ok());  // the one slot is free again
  ExpectTinyEstimate(after);
}

// Concurrent submissions for one item: identical ones share one commit and one sequence;
// of two different scores racing, exactly one is stored and the other gets ALREADY_EXISTS.
TEST_F(ScoringServiceTest, ConcurrentSubmissionsOfOneItemStoreOneScore) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  Scoring c;
  ASSERT_TRUE(Create(server.stub(), TinyConfig("race"), &c).ok());
  constexpr int kThreads = 8;
  std::vector<v1::SubmitScoreResponse> acks(kThreads);
  std::vector<grpc::StatusCode> codes(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      codes[i] = Score(server.stub(), c.id, kAdminToken, "A", "s4", 2.0, &acks[i]).error_code();
    });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < kThreads; ++i) {
    EXPECT_EQ(codes[i], grpc::StatusCode::OK) << i;
    EXPECT_EQ(acks[i].sequence(), 1) << i;
    EXPECT_EQ(acks[i].committed_unix_ms(), acks[0].committed_unix_ms()) << i;
  }
  threads.clear();
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      // Even threads send 1, odd ones 3: whichever is first wins the item.
      codes[i] = Score(server.stub(), c.id, kAdminToken, "B", "s4", i % 2 ? 3.0 : 1.0, &acks[i])
                     .error_code();
    });
  }
  for (auto& t : threads) t.join();
  int ok_even = 0, ok_odd = 0;
  for (int i = 0; i < kThreads; ++i) {
    if (codes[i] == grpc::StatusCode::OK) {
      (i % 2 ? ok_odd : ok_even) += 1;
      EXPECT_EQ(acks[i].sequence(), 2) << i;
    } else {
      EXPECT_EQ(codes[i], grpc::StatusCode::ALREADY_EXISTS) << i;
    }
  }
  // All of one parity succeed, none of the other.
  EXPECT_TRUE((ok_even == kThreads / 2 && ok_odd == 0) || (ok_odd == kThreads / 2 && ok_even == 0))
      << ok_even << " " << ok_odd;
  std::vector<v1::ExportedScore> rows;
  ASSERT_TRUE(Export(server.stub(), c.id, &rows).ok());
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].score(), ok_odd ? 3.0 : 1.0);
}

// SIGKILL during a stream of submissions: after a restart every acknowledged score is
// stored once, with its value and its sequence, and the estimate comes from exactly the
// stored scores.
TEST_F(ScoringServiceTest, SigkillKeepsEveryAcknowledgedScore) {
  constexpr int kThreads = 4, kSegments = 300, kMinAcks = 120;
  // Score of system t on segment i: a value unique to the item, so a wrong row shows.
  auto value = [](int t, int i) { return t * 1000.0 + i + 0.25; };
  v1::ScoringCampaignConfig config;
  config.set_name("crash");
  config.set_design("random");
  config.set_estimator("mean");
  config.set_bound("clt");
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kSegments; ++i) {
      v1::ScoringRow* row = config.add_rows();
      row->set_system("sys" + std::to_string(t));
      row->set_document("doc" + std::to_string(i / 10));
      row->set_segment("seg" + std::to_string(i));
    }
  }
  Scoring c;
  std::mutex mu;
  std::map<std::pair<int, int>, int64_t> acked;  // (system, segment) -> sequence
  {
    testing::ChildServer server(data(), dir_);
    ASSERT_TRUE(server.ok()) << "tourneyd did not start";
    auto stub = testing::Connect(server.port());
    ASSERT_TRUE(Create(*stub, config, &c).ok());
    std::atomic<int> acks{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto my_stub = testing::Connect(server.port());
        for (int i = 0; i < kSegments; ++i) {
          v1::SubmitScoreRequest req;
          req.set_campaign_id(c.id);
          req.set_annotator("storm" + std::to_string(t));
          req.set_system("sys" + std::to_string(t));
          req.set_segment("seg" + std::to_string(i));
          req.set_score(value(t, i));
          v1::SubmitScoreResponse ack;
          auto ctx = Ctx(kAdminToken, /*deadline_s=*/2);  // imports: no lease needed
          if (!my_stub->SubmitScore(ctx.get(), req, &ack).ok()) return;
          std::lock_guard<std::mutex> lock(mu);
          acked[{t, i}] = ack.sequence();
          ++acks;
        }
      });
    }
    for (int i = 0; i < 3000 && acks.load() < kMinAcks; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const int status = server.Kill(SIGKILL);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    for (auto& th : threads) th.join();
  }
  ASSERT_GE(static_cast<int>(acked.size()), kMinAcks);

  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  std::vector<v1::ExportedScore> rows;
  ASSERT_TRUE(Export(server.stub(), c.id, &rows).ok());
  std::set<std::pair<int, int>> stored;
  std::vector<double> sums(kThreads, 0.0);
  std::vector<int> counts(kThreads, 0);
  for (size_t k = 0; k < rows.size(); ++k) {
    const int t = std::stoi(rows[k].system().substr(3));
    const int i = std::stoi(rows[k].segment().substr(3));
    EXPECT_EQ(rows[k].sequence(), static_cast<int64_t>(k) + 1);
    EXPECT_EQ(rows[k].score(), value(t, i)) << k;
    EXPECT_TRUE(stored.insert({t, i}).second) << "stored twice: " << t << " " << i;
    sums[t] += rows[k].score();
    ++counts[t];
  }
  for (const auto& [item, sequence] : acked) {
    ASSERT_TRUE(stored.count(item)) << item.first << " " << item.second;
    EXPECT_EQ(rows[sequence - 1].system(), "sys" + std::to_string(item.first));
    EXPECT_EQ(rows[sequence - 1].segment(), "seg" + std::to_string(item.second));
  }
  // The estimate is the plain mean of the stored scores of each system (random design).
  v1::GetEstimateResponse e;
  ASSERT_TRUE(Estimate(server.stub(), c.id, &e).ok());
  ASSERT_EQ(e.systems_size(), kThreads);
  EXPECT_EQ(e.scores(), static_cast<int64_t>(rows.size()));
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(e.systems(t).scored(), counts[t]);
    if (counts[t] >= 2) {
      EXPECT_NEAR(e.systems(t).value(), sums[t] / counts[t], 1e-9);
    }
  }
}

// `tourney campaign scoring-*`: the same tiny campaign through the client verbs.
TEST_F(ScoringServiceTest, CliVerbsCreateNextSubmitEstimate) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  const std::string admin = dir_ + "/admin.token";
  testing::WriteFile(admin, std::string(kAdminToken) + "\n");
  // TinyConfig as a TSV file: B's s5 carries its human score 5.
  std::string tsv = "system\tdoc\tseg\tmqm\tm\n";
  const double m[2][6] = {{0.1, 0.4, 0.2, 0.9, 0.5, 0.7}, {0.3, 0.6, 0.25, 0.8, 0.55, 0.15}};
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 6; ++g) {
      tsv += std::string(s == 0 ? "A" : "B") + "\t" + (g < 4 ? "d1" : "d2") + "\ts" +
             std::to_string(g) + "\t" + (s == 1 && g == 5 ? "5" : "None") + "\t" +
             std::to_string(m[s][g]) + "\n";
    }
  }
  testing::WriteFile(dir_ + "/table.tsv", tsv);
  const std::string connect =
      " --server 127.0.0.1:" + std::to_string(server.port()) + " --token-file ";
  const std::string tourney = testing::BinPath("tourney") + " campaign ";
  auto fields = [](const std::string& text) {
    std::map<std::string, std::string> out;
    std::stringstream in(text);
    std::string key, value;
    while (in >> key) {
      std::getline(in, value);
      out[key] = value.empty() ? "" : value.substr(1);
    }
    return out;
  };
  auto r = testing::RunCommand(tourney + "scoring-create" + connect + admin +
                               " --name cli --table " + dir_ +
                               "/table.tsv --metrics m --design random --estimator mean"
                               " --bound clt --tolerance 1 --seed 3 --max-leases 1 --open-enrolment --token-out " +
                               dir_ + "/annotator.token");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string campaign = fields(r.out)["campaign_id"];
  ASSERT_FALSE(campaign.empty()) << r.out;
  const std::string ann = dir_ + "/annotator.token";
  r = testing::RunCommand(tourney + "scoring-next" + connect + ann + " --campaign " + campaign +
                          " --annotator cli-user");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto item = fields(r.out);
  // Created with --max-leases 1: a second item for the same annotator is refused (exit 1,
  // as for a pairwise NextMatch past the lease limit).
  auto refused = testing::RunCommand(tourney + "scoring-next" + connect + ann + " --campaign " +
                                     campaign + " --annotator cli-user");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("already holds 1 open items"), std::string::npos) << refused.err;
  EXPECT_TRUE(item["system"] == "A" || item["system"] == "B") << r.out;
  EXPECT_FALSE(item["segment"].empty()) << r.out;
  // The annotator token scores only the item it holds: another one is refused, with the
  // status code's name.
  const std::string other = item["system"] == "A" && item["segment"] == "s4" ? "s5" : "s4";
  r = testing::RunCommand(tourney + "scoring-submit" + connect + ann + " --campaign " + campaign +
                          " --annotator cli-user --system A --segment " + other + " --score 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("(FAILED_PRECONDITION)"), std::string::npos) << r.err;
  // The admin token imports chosen items (scores collected elsewhere).
  const char* scores[][3] = {
      {"A", "s0", "1"}, {"A", "s1", "2"}, {"B", "s3", "4"}, {"A", "s2", "6"}};
  for (const auto& sc : scores) {
    r = testing::RunCommand(tourney + "scoring-submit" + connect + admin + " --campaign " +
                            campaign + " --annotator cli-user --system " + sc[0] + " --segment " +
                            sc[1] + " --score " + sc[2]);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(fields(r.out)["sequence"], "4");
  // Another score for a scored item: exit 2 with the server's reason.
  r = testing::RunCommand(tourney + "scoring-submit" + connect + admin + " --campaign " + campaign +
                          " --annotator cli-user --system A --segment s0 --score 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("already holds another score"), std::string::npos) << r.err;
  // The estimate is for the admin: the annotator token is refused (exit 2).
  r = testing::RunCommand(tourney + "scoring-estimate" + connect + ann + " --campaign " + campaign);
  EXPECT_EQ(r.exit_code, 2);
  r = testing::RunCommand(tourney + "scoring-estimate" + connect + admin + " --campaign " +
                          campaign + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::GetEstimateResponse e;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &e).ok()) << r.out;
  ExpectTinyEstimate(e);
  r = testing::RunCommand(tourney + "scoring-estimate" + connect + admin + " --campaign " +
                          campaign);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\tA\t3\t6\t3\t"), std::string::npos) << r.out;  // 3 of 6 scored, mean 3
  r = testing::RunCommand(tourney + "scoring-export" + connect + admin + " --campaign " + campaign +
                          " --output " + dir_ + "/scores.tsv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::stringstream exported(testing::ReadFile(dir_ + "/scores.tsv"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(exported, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0],
            "sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\terror_spans");
  // The four scores in the order submitted (no keys), then the commit time.
  const char* expected[] = {"1\tA\td1\ts0\t1\tcli-user\t\t", "2\tA\td1\ts1\t2\tcli-user\t\t",
                            "3\tB\td1\ts3\t4\tcli-user\t\t", "4\tA\td1\ts2\t6\tcli-user\t\t"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(lines[i + 1].rfind(expected[i], 0), 0u) << lines[i + 1];
    EXPECT_EQ(lines[i + 1].substr(lines[i + 1].size() - 3), "\t[]") << lines[i + 1];  // no spans
  }

  // `campaign list` shows the scoring campaign with its kind and items scored/total (4
  // scores and B's s5 of 12 items), as text and as JSON.
  r = testing::RunCommand(tourney + "list" + connect + admin);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::stringstream listed(r.out);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(listed, line);) {
    std::vector<std::string> cells;
    std::stringstream cellin(line);
    for (std::string cell; std::getline(cellin, cell, '\t');) cells.push_back(cell);
    rows.push_back(cells);
  }
  ASSERT_EQ(rows.size(), 2u) << r.out;
  EXPECT_EQ(rows[0], (std::vector<std::string>{"id", "name", "state", "judgments", "annotators",
                                               "open_leases", "kind", "items"}));
  ASSERT_EQ(rows[1].size(), 8u) << r.out;
  EXPECT_EQ(rows[1][0], campaign);
  EXPECT_EQ(rows[1][1], "cli");
  EXPECT_EQ(rows[1][2], "open");
  EXPECT_EQ(rows[1][3], "4");  // scores
  EXPECT_EQ(rows[1][4], "1");  // cli-user
  EXPECT_EQ(rows[1][6], "scoring");
  EXPECT_EQ(rows[1][7], "5/12");
  r = testing::RunCommand(tourney + "list" + connect + admin + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::ListCampaignsResponse list;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &list).ok()) << r.out;
  ASSERT_EQ(list.campaigns_size(), 1);
  EXPECT_EQ(list.campaigns(0).kind(), v1::CAMPAIGN_KIND_SCORING);
  EXPECT_NE(r.out.find("CAMPAIGN_KIND_SCORING"), std::string::npos) << r.out;
  EXPECT_EQ(list.campaigns(0).items(), 12);
  EXPECT_EQ(list.campaigns(0).items_scored(), 5);
  // `campaign show` names the kind and the items, without a pairwise configuration.
  r = testing::RunCommand(tourney + "show" + connect + admin + " --campaign " + campaign);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(fields(r.out)["kind"], "scoring") << r.out;
  EXPECT_EQ(fields(r.out)["items"], "12") << r.out;
  EXPECT_EQ(fields(r.out)["items_scored"], "5") << r.out;
  EXPECT_EQ(fields(r.out).count("selector"), 0u) << r.out;
  // scoring-create reads the table with `tourney estimate`'s column and exclusion flags: the
  // file as a positional, B left out, lower is better.
  r = testing::RunCommand(tourney + "scoring-create" + connect + admin + " --name cli-mqm " + dir_ +
                          "/table.tsv --score mqm --metrics m --exclude-system B "
                          "--lower-is-better --design random --estimator mean --bound clt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string mqm = fields(r.out)["campaign_id"];
  r = testing::RunCommand(tourney + "scoring-estimate" + connect + admin + " --campaign " + mqm +
                          " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::GetEstimateResponse excluded;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &excluded).ok()) << r.out;
  ASSERT_EQ(excluded.systems_size(), 1);
  EXPECT_EQ(excluded.systems(0).system(), "A");
  EXPECT_EQ(excluded.items(), 6);
  EXPECT_TRUE(excluded.lower_is_better());
  EXPECT_FALSE(excluded.ranked());
  EXPECT_NE(excluded.systems(0).note().find("0 scores"), std::string::npos) << r.out;
  // The export writes each score in the shortest form that reads back to it (the audit saw
  // 0.33333299999999999 for 0.333333).
  r = testing::RunCommand(tourney + "scoring-submit" + connect + admin + " --campaign " + mqm +
                          " --annotator cli-user --system A --segment s0 --score 0.333333");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = testing::RunCommand(tourney + "scoring-export" + connect + admin + " --campaign " + mqm);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\tA\td1\ts0\t0.333333\tcli-user\t"), std::string::npos) << r.out;
  // The closing verb closes scoring campaigns too.
  r = testing::RunCommand(tourney + "close" + connect + admin + " --campaign " + mqm);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = testing::RunCommand(tourney + "scoring-next" + connect + admin + " --campaign " + mqm +
                          " --annotator cli-user");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is closed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(FAILED_PRECONDITION)"), std::string::npos) << r.err;
}

// The documented default (docs/service.md): created without --bound, with the cv-knn
// estimator (metric columns), a declared range and no scores in the table, the campaign's
// interval is cv-cs, which reads each system's scores in the campaign's order up to the
// first item not yet scored. The client used to send "bootstrap-t" always.
TEST_F(ScoringServiceTest, CliCreateWithoutBoundGetsTheServersDefault) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  const std::string admin = dir_ + "/admin.token";
  testing::WriteFile(admin, std::string(kAdminToken) + "\n");
  std::string tsv = "system\tdoc\tseg\tmqm\tm\n";
  for (const char* system : {"A", "B"}) {
    for (int g = 0; g < 6; ++g) {
      tsv += std::string(system) + "\td" + std::to_string(g / 3) + "\ts" + std::to_string(g) +
             "\tNone\t0." + std::to_string(g + 1) + "5\n";
    }
  }
  testing::WriteFile(dir_ + "/table.tsv", tsv);
  const std::string connect =
      " --server 127.0.0.1:" + std::to_string(server.port()) + " --token-file " + admin;
  const std::string tourney = testing::BinPath("tourney") + " campaign ";
  auto r = testing::RunCommand(tourney + "scoring-create" + connect + " --name default-bound " +
                               dir_ + "/table.tsv --score mqm --metrics m --score-min 0 "
                               "--score-max 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const size_t at = r.out.find("campaign_id ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string campaign = r.out.substr(at + 12, r.out.find('\n', at) - at - 12);
  // The first item served is the first of its system's order; the admin imports the
  // system's five other segments, and that item stays unscored.
  r = testing::RunCommand(tourney + "scoring-next" + connect + " --campaign " + campaign +
                          " --annotator first");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const size_t sys_at = r.out.find("system ");
  const size_t seg_at = r.out.find("segment ");
  ASSERT_TRUE(sys_at != std::string::npos && seg_at != std::string::npos) << r.out;
  const std::string system = r.out.substr(sys_at + 7, r.out.find('\n', sys_at) - sys_at - 7);
  const std::string first = r.out.substr(seg_at + 8, r.out.find('\n', seg_at) - seg_at - 8);
  for (int g = 0; g < 6; ++g) {
    const std::string segment = "s" + std::to_string(g);
    if (segment == first) continue;
    r = testing::RunCommand(tourney + "scoring-submit" + connect + " --campaign " + campaign +
                            " --annotator importer --system " + system + " --segment " +
                            segment + " --score " + std::to_string(g + 1));
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  r = testing::RunCommand(tourney + "scoring-estimate" + connect + " --campaign " + campaign +
                          " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::GetEstimateResponse e;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &e).ok()) << r.out;
  bool seen = false;
  for (const v1::SystemScoreEstimate& x : e.systems()) {
    if (x.system() != system) continue;
    seen = true;
    EXPECT_EQ(x.scored(), 5);
    // bootstrap-t would estimate from the five scores; cv-cs has none in its prefix.
    EXPECT_FALSE(x.estimated()) << r.out;
    EXPECT_NE(x.note().find("cv-cs takes the scores"), std::string::npos) << x.note();
  }
  EXPECT_TRUE(seen) << r.out;
}

}  // namespace
}  // namespace tourney
