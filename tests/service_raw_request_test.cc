// Requests protobuf cannot parse (invalid UTF-8 in a string field): INVALID_ARGUMENT for an
// authenticated caller, UNAUTHENTICATED (and nothing logged) for anyone else, and an import
// stream with one bad message imports nothing.
#include <fcntl.h>
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <future>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;

// Protobuf wire format, written by hand: a varint, a tag, a length-delimited field.
std::string Varint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
  return out;
}
std::string VarintField(int field, uint64_t v) { return Varint(field << 3 | 0) + Varint(v); }
std::string BytesField(int field, const std::string& bytes) {
  return Varint(field << 3 | 2) + Varint(bytes.size()) + bytes;
}
// Not UTF-8: 0xff never occurs in UTF-8, 0xc3 starts a two-byte sequence left unfinished.
const std::string kBadUtf8 = "a\xff\xc3";

grpc::Status RawUnary(int port, const std::string& method, const std::string& body,
                      const std::string& token) {
  auto channel =
      grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials());
  grpc::GenericStub generic(channel);
  grpc::ClientContext ctx;
  if (!token.empty()) ctx.AddMetadata("authorization", "Bearer " + token);
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
  grpc::Slice slice(body);
  grpc::ByteBuffer req(&slice, 1), resp;
  std::promise<grpc::Status> done;
  generic.UnaryCall(&ctx, method, grpc::StubOptions(), &req, &resp,
                    [&](grpc::Status s) { done.set_value(std::move(s)); });
  return done.get_future().get();
}

// Collects what is written to file descriptor 2 while it lives.
class StderrCapture {
 public:
  explicit StderrCapture(const std::string& path) : path_(path) {
    fflush(stderr);
    saved_ = dup(2);
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    close(fd);
  }
  std::string Finish() {
    fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    return testing::ReadFile(path_);
  }

 private:
  std::string path_;
  int saved_ = -1;
};

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class ServiceRawRequests : public testing::InProcessServerTest {
 protected:
  ServiceRawRequests() : InProcessServerTest("service_raw") {}
};

TEST_F(ServiceRawRequests, InvalidUtf8IsInvalidArgumentOnlyAfterAuthentication) {
  const CreatedCampaign c = CreateCampaign(server_->stub(), MakeConfig("utf8", 4, 10, 2));
  const int port = server_->port();
  struct Case {
    std::string method;
    std::string body;
    std::string token;  // a token good for the call
  };
  const std::vector<Case> cases = {
      // NextMatchRequest{campaign_id, annotator}
      {"/tourney.v1.Tournament/NextMatch", VarintField(1, c.id) + BytesField(2, kBadUtf8), c.token},
      // SubmitJudgmentRequest{campaign_id, match_id, annotator}
      {"/tourney.v1.Tournament/SubmitJudgment",
       VarintField(1, c.id) + VarintField(2, 5) + BytesField(3, kBadUtf8), c.token},
      // GetLeaderboardRequest{campaign_id, model}
      {"/tourney.v1.Tournament/GetLeaderboard", VarintField(1, c.id) + BytesField(2, kBadUtf8),
       kAdminToken},
      // CreateCampaignRequest{config: {name}}
      {"/tourney.v1.Tournament/CreateCampaign", BytesField(1, BytesField(1, kBadUtf8)),
       kAdminToken},
  };
  StderrCapture unauthenticated(dir_ + "/stderr1");
  for (const Case& k : cases) {
    EXPECT_EQ(RawUnary(port, k.method, k.body, "").error_code(), grpc::StatusCode::UNAUTHENTICATED)
        << k.method;
    EXPECT_EQ(RawUnary(port, k.method, k.body, "not-a-token-of-this-server").error_code(),
              grpc::StatusCode::UNAUTHENTICATED)
        << k.method;
  }
  // Before authentication nothing was parsed, so nothing was logged.
  const std::string quiet = unauthenticated.Finish();
  EXPECT_EQ(quiet.find("UTF-8"), std::string::npos) << quiet;

  // The annotator token cannot create campaigns, whatever the bytes.
  EXPECT_EQ(RawUnary(port, cases[3].method, cases[3].body, c.token).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  StderrCapture authenticated(dir_ + "/stderr2");
  for (int round = 0; round < 5; ++round) {
    for (const Case& k : cases) {
      const grpc::Status s = RawUnary(port, k.method, k.body, k.token);
      EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << k.method;
      EXPECT_NE(s.error_message().find("invalid UTF-8"), std::string::npos) << s.error_message();
    }
  }
  // 20 refused requests: protobuf's complaint is written at most once a minute.
  const std::string log = authenticated.Finish();
  EXPECT_LE(Count(log, "invalid UTF-8"), 1u) << log;

  // The same method with valid bytes still works.
  EXPECT_TRUE(
      RawUnary(port, cases[0].method, VarintField(1, c.id) + BytesField(2, "ok-name"), c.token)
          .ok());
}

// The scoring calls whose requests carry strings are parsed after authentication too.
TEST_F(ServiceRawRequests, ScoringCallsWithInvalidUtf8AreInvalidArgumentAfterAuthentication) {
  v1::CreateScoringCampaignRequest create;
  create.mutable_config()->set_name("utf8-scoring");
  create.mutable_config()->set_estimator("mean");
  create.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);  // its shared token is used
  for (const char* g : {"g0", "g1"}) {
    v1::ScoringRow* row = create.mutable_config()->add_rows();
    row->set_system("A");
    row->set_document("d");
    row->set_segment(g);
  }
  v1::CreateCampaignResponse created;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server_->stub().CreateScoringCampaign(ctx.get(), create, &created).ok());
  const uint64_t id = created.campaign_id();
  const std::string& token = created.annotator_token();
  const int port = server_->port();
  struct Case {
    std::string method;
    std::string body;
    std::string token;
  };
  const std::vector<Case> cases = {
      // NextItemRequest{campaign_id, annotator}
      {"/tourney.v1.Tournament/NextItem", VarintField(1, id) + BytesField(2, kBadUtf8), token},
      // SubmitScoreRequest{campaign_id, annotator, system}
      {"/tourney.v1.Tournament/SubmitScore",
       VarintField(1, id) + BytesField(2, "ann") + BytesField(3, kBadUtf8), token},
      // CreateScoringCampaignRequest{config: {name}}
      {"/tourney.v1.Tournament/CreateScoringCampaign", BytesField(1, BytesField(1, kBadUtf8)),
       kAdminToken},
  };
  for (const Case& k : cases) {
    EXPECT_EQ(RawUnary(port, k.method, k.body, "").error_code(), grpc::StatusCode::UNAUTHENTICATED)
        << k.method;
    const grpc::Status s = RawUnary(port, k.method, k.body, k.token);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << k.method;
    EXPECT_NE(s.error_message().find("invalid UTF-8"), std::string::npos) << s.error_message();
  }
  EXPECT_EQ(RawUnary(port, cases[2].method, cases[2].body, token).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // Valid bytes work.
  EXPECT_TRUE(
      RawUnary(port, cases[0].method, VarintField(1, id) + BytesField(2, "ann"), token).ok());
}

TEST_F(ServiceRawRequests, ImportWithOneUnparsableMessageImportsNothing) {
  const CreatedCampaign c = CreateCampaign(server_->stub(), MakeConfig("utf8-import", 4, 10, 2));
  v1::ImportRankingsResponse response;
  auto ctx = Ctx(kAdminToken);
  auto writer = server_->stub().ImportRankings(ctx.get(), &response);
  v1::ImportRankingsRequest good;
  good.set_campaign_id(c.id);
  for (int i = 0; i < 3; ++i) {
    v1::Ranking* r = good.add_rankings();
    r->add_systems("s0");
    r->add_systems("s1");
    r->add_ranks(1);
    r->add_ranks(2);
    r->set_annotator("fine");
  }
  ASSERT_TRUE(writer->Write(good));
  v1::ImportRankingsRequest bad = good;
  bad.set_campaign_id(0);
  bad.mutable_rankings(1)->set_annotator(kBadUtf8);  // the client sends it as given
  writer->Write(bad);
  writer->Write(good);
  writer->WritesDone();
  const grpc::Status s = writer->Finish();
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(server_->stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 0);  // not the 3 rankings before the bad message
}

TEST_F(ServiceRawRequests, WatchWithInvalidUtf8IsInvalidArgument) {
  const CreatedCampaign c = CreateCampaign(server_->stub(), MakeConfig("utf8-watch", 4, 10, 2));
  v1::WatchLeaderboardRequest req;
  req.mutable_leaderboard()->set_campaign_id(c.id);
  req.mutable_leaderboard()->set_model(kBadUtf8);  // the client sends it as given
  req.set_every_judgments(1);
  auto ctx = Ctx(kAdminToken);
  auto reader = server_->stub().WatchLeaderboard(ctx.get(), req);
  v1::Leaderboard board;
  EXPECT_FALSE(reader->Read(&board));
  const grpc::Status s = reader->Finish();
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  // Without a token: refused before the bytes are looked at.
  auto anonymous = Ctx("");
  auto refused = server_->stub().WatchLeaderboard(anonymous.get(), req);
  EXPECT_FALSE(refused->Read(&board));
  EXPECT_EQ(refused->Finish().error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace tourney
