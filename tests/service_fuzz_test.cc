// Property tests of tourneyd's input validation: random bytes on every method, random
// rankings, submissions and campaign configurations checked against an oracle written
// from the proto's documented rules. The server must never crash and must answer with the
// documented status code.
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>

#include <future>
#include <set>

#include "service_test_util.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

class FuzzTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("fuzz");
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data");
    ASSERT_TRUE(server_->ok()) << server_->error();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  v1::Tournament::Stub& stub() { return server_->stub(); }
  bool Healthy() {
    v1::PairCountsMatrix counts;
    auto ctx = Ctx(kAdminToken);
    v1::GetPairCountsRequest req;
    req.set_campaign_id(424242);
    return stub().GetPairCounts(ctx.get(), req, &counts).error_code() ==
           grpc::StatusCode::NOT_FOUND;
  }
  std::string dir_;
  std::unique_ptr<testing::InProcessServer> server_;
};

std::string RandomBytes(Rng& rng, size_t max_len) {
  std::string s(rng.UniformInt(max_len + 1), '\0');
  for (char& c : s) c = static_cast<char>(rng.UniformInt(256));
  return s;
}

TEST_F(FuzzTest, RandomBytesOnEveryUnaryMethod) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("bytes", 4, 10, 2));
  auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->port()),
                                     grpc::InsecureChannelCredentials());
  grpc::GenericStub generic(channel);
  const std::vector<std::string> methods = {
      "/tourney.v1.Tournament/CreateCampaign", "/tourney.v1.Tournament/NextMatch",
      "/tourney.v1.Tournament/SubmitJudgment", "/tourney.v1.Tournament/GetLeaderboard",
      "/tourney.v1.Tournament/GetPairCounts"};
  Rng rng(2024);
  int parsed_ok = 0;
  for (int i = 0; i < 300; ++i) {
    const std::string& method = methods[rng.UniformInt(methods.size())];
    std::string body = RandomBytes(rng, 64);
    if (i % 3 == 0) {
      // A valid prefix (campaign_id = c.id) followed by noise reaches deeper code.
      v1::NextMatchRequest prefix;
      prefix.set_campaign_id(c.id);
      body = prefix.SerializeAsString() + body;
    }
    grpc::ClientContext ctx;
    ctx.AddMetadata("authorization", i % 2 ? "Bearer " + c.token
                                           : std::string("Bearer ") + kAdminToken);
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    grpc::Slice slice(body);
    grpc::ByteBuffer req(&slice, 1), resp;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&ctx, method, grpc::StubOptions(), &req, &resp,
                      [&](grpc::Status s) { done.set_value(std::move(s)); });
    const grpc::Status s = done.get_future().get();
    // Never a crash or a timeout: a status the server chose.
    EXPECT_NE(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << method;
    EXPECT_NE(s.error_code(), grpc::StatusCode::UNAVAILABLE) << method;
    if (s.ok()) ++parsed_ok;
  }
  EXPECT_TRUE(Healthy());
}

// The proto's rule for SubmitJudgment ranks: exactly k values in 1..k.
bool ValidRanks(const std::vector<uint32_t>& ranks, int k) {
  if (static_cast<int>(ranks.size()) != k) return false;
  for (uint32_t r : ranks) {
    if (r < 1 || r > static_cast<uint32_t>(k)) return false;
  }
  return true;
}

TEST_F(FuzzTest, RandomRanksAreInvalidArgumentExactlyWhenMalformed) {
  Rng rng(99);
  for (int k = 2; k <= 5; ++k) {
    const CreatedCampaign c =
        CreateCampaign(stub(), MakeConfig("ranks" + std::to_string(k), 6, 50, k));
    for (int trial = 0; trial < 40; ++trial) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(stub(), c, "fz", &m).ok());
      bool committed = false;
      for (int attempt = 0; attempt < 6 && !committed; ++attempt) {
        std::vector<uint32_t> ranks(rng.UniformInt(8));
        for (uint32_t& r : ranks) {
          const uint64_t kind = rng.UniformInt(10);
          r = kind == 0 ? 0xffffffffu : kind == 1 ? 0 : static_cast<uint32_t>(rng.UniformInt(8));
        }
        if (attempt == 5) {  // finally a valid answer
          ranks.assign(static_cast<size_t>(k), 1);
          for (uint32_t& r : ranks) r = 1 + static_cast<uint32_t>(rng.UniformInt(k));
        }
        v1::SubmitJudgmentResponse ack;
        const grpc::Status s = Submit(stub(), c, m.match_id(), "fz", ranks, "", &ack);
        if (ValidRanks(ranks, k)) {
          ASSERT_TRUE(s.ok()) << s.error_message();
          committed = true;
        } else {
          ASSERT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
        }
      }
    }
  }
  EXPECT_TRUE(Healthy());
}

// The documented rules for an imported Ranking.
bool ValidRanking(const v1::Ranking& r, const std::set<std::string>& systems) {
  const int m = r.systems_size();
  if (m < 2 || m > 32 || r.ranks_size() != m) return false;
  if (r.groups_size() != 0 && r.groups_size() != m) return false;
  std::set<std::string> seen;
  for (const std::string& s : r.systems()) {
    if (!systems.count(s) || !seen.insert(s).second) return false;
  }
  int columns = m;
  if (r.groups_size() > 0) {
    std::map<uint32_t, uint32_t> rank_of_group;
    for (int i = 0; i < m; ++i) {
      if (r.groups(i) >= static_cast<uint32_t>(m)) return false;
      auto [it, inserted] = rank_of_group.emplace(r.groups(i), r.ranks(i));
      if (!inserted && it->second != r.ranks(i)) return false;
    }
    // One column (an output shared by every entry) is valid: a judgment without a comparison.
    columns = static_cast<int>(rank_of_group.size());
  }
  for (uint32_t rank : r.ranks()) {
    if (rank < 1 || rank > static_cast<uint32_t>(columns)) return false;
  }
  if (r.segment() < -1) return false;
  if (r.annotator().size() > 128 || r.document().size() > 256) return false;
  return true;
}

TEST_F(FuzzTest, RandomImportsAcceptExactlyTheValidRankings) {
  const int kSystems = 7;
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("imports", kSystems, 10, 3));
  std::set<std::string> names;
  for (int i = 0; i < kSystems; ++i) names.insert("s" + std::to_string(i));
  Rng rng(5);
  int64_t total_valid = 0;
  for (int round = 0; round < 8; ++round) {
    std::vector<v1::ImportRankingsRequest> chunks(3);
    std::vector<int64_t> expected_rejections;
    int64_t index = 0, valid = 0;
    for (auto& chunk : chunks) {
      if (&chunk == &chunks[0] || rng.UniformInt(2)) chunk.set_campaign_id(c.id);
      for (int i = 0; i < 40; ++i, ++index) {
        v1::Ranking* r = chunk.add_rankings();
        const int m = static_cast<int>(rng.UniformInt(7));
        for (int j = 0; j < m; ++j) {
          const uint64_t kind = rng.UniformInt(20);
          r->add_systems(kind == 0 ? "unknown" : "s" + std::to_string(rng.UniformInt(kSystems)));
        }
        const int ranks = rng.UniformInt(8) == 0 ? m + 1 : m;
        for (int j = 0; j < ranks; ++j) {
          r->add_ranks(rng.UniformInt(12) == 0 ? 1000 : static_cast<uint32_t>(rng.UniformInt(m + 2)));
        }
        if (rng.UniformInt(4) == 0) {
          for (int j = 0; j < m; ++j) r->add_groups(static_cast<uint32_t>(rng.UniformInt(m + 1)));
        }
        r->set_segment(static_cast<int64_t>(rng.UniformInt(5)) - 2);
        if (rng.UniformInt(10) == 0) r->set_annotator(std::string(129, 'a'));
        if (ValidRanking(*r, names)) {
          ++valid;
        } else {
          expected_rejections.push_back(index);
        }
      }
    }
    auto ctx = Ctx(kAdminToken);
    v1::ImportRankingsResponse resp;
    auto writer = stub().ImportRankings(ctx.get(), &resp);
    for (auto& chunk : chunks) ASSERT_TRUE(writer->Write(chunk));
    writer->WritesDone();
    const grpc::Status s = writer->Finish();
    ASSERT_TRUE(s.ok()) << s.error_message();
    EXPECT_EQ(resp.accepted(), valid);
    EXPECT_EQ(resp.rejected(), static_cast<int64_t>(expected_rejections.size()));
    std::vector<int64_t> got;
    for (const auto& r : resp.rejections()) got.push_back(r.index());
    EXPECT_EQ(got, expected_rejections);
    total_valid += valid;
    EXPECT_EQ(resp.campaign_judgments(), total_valid);
  }
  EXPECT_GT(total_valid, 0);
  EXPECT_TRUE(Healthy());
}

TEST_F(FuzzTest, RandomCampaignConfigurations) {
  Rng rng(77);
  for (int trial = 0; trial < 150; ++trial) {
    v1::CampaignConfig c;
    c.set_name("cfg" + std::to_string(trial));
    bool valid = true;
    const int systems = static_cast<int>(rng.UniformInt(7));
    std::set<std::string> seen;
    for (int i = 0; i < systems; ++i) {
      const uint64_t kind = rng.UniformInt(12);
      std::string name = kind == 0 ? "" : kind == 1 ? std::string("bad\nname")
                                                    : "sys" + std::to_string(rng.UniformInt(9));
      if (name.empty() || name.find('\n') != std::string::npos || !seen.insert(name).second) {
        valid = false;
      }
      c.add_systems(name);
    }
    if (systems < 2) valid = false;
    const int segments = static_cast<int>(rng.UniformInt(4));
    std::set<int64_t> ids;
    for (int i = 0; i < segments; ++i) {
      const int64_t id = static_cast<int64_t>(rng.UniformInt(6)) - 1;
      if (id < 0 || !ids.insert(id).second) valid = false;
      c.add_segments()->set_id(id);
    }
    if (segments == 0) valid = false;
    const int k = static_cast<int>(rng.UniformInt(8)) - 1;
    if (k < 2 || k > 5 || k > systems) valid = false;
    c.set_k(k);
    const uint64_t selector = rng.UniformInt(4);
    c.set_selector(selector == 0 ? "" : selector == 1 ? "uniform" : selector == 2 ? "trueskill"
                                                                                 : "best");
    if (selector == 3) valid = false;
    if (rng.UniformInt(6) == 0) {
      c.mutable_trueskill()->set_sigma(-1);
      valid = false;
    }
    v1::CreateCampaignRequest req;
    *req.mutable_config() = c;
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    const grpc::Status s = stub().CreateCampaign(ctx.get(), req, &resp);
    if (valid) {
      EXPECT_TRUE(s.ok()) << s.error_message() << "\n" << c.DebugString();
    } else {
      EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.DebugString();
    }
  }
  EXPECT_TRUE(Healthy());
}

}  // namespace
}  // namespace tourney
