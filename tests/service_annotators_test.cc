// Annotator links (service/annotator_links.cc): one token per annotator name, refused under
// another name (PERMISSION_DENIED / HTTP 403) and once revoked (UNAUTHENTICATED / HTTP 401),
// over gRPC and HTTP; stored as digests and kept across a restart; open enrolment's shared
// token and its per-client lease cap; and the CLI verbs `campaign annotators add|list|revoke`
// and the links `campaign create` prints.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <openssl/sha.h>
#include <sqlite3.h>

#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "http_client.h"
#include "service_test_util.h"

namespace tourney {
namespace {

using testing::CreatedCampaign;
using testing::Ctx;
using testing::HttpClient;
using testing::HttpResult;
using testing::kAdminToken;
using testing::MakeConfig;

// Creates a campaign as given (enrolment left as the config says: unset means invited).
v1::CreateCampaignResponse CreateAsGiven(v1::Tournament::Stub& stub,
                                         const v1::CampaignConfig& config) {
  v1::CreateCampaignRequest req;
  *req.mutable_config() = config;
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(kAdminToken);
  const grpc::Status s = stub.CreateCampaign(ctx.get(), req, &resp);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return resp;
}

// name -> token of the links AddAnnotators mints for `names`.
std::map<std::string, std::string> AddLinks(v1::Tournament::Stub& stub, uint64_t campaign,
                                            const std::vector<std::string>& names) {
  v1::AddAnnotatorsRequest req;
  req.set_campaign_id(campaign);
  for (const std::string& n : names) req.add_names(n);
  v1::AddAnnotatorsResponse resp;
  auto ctx = Ctx(kAdminToken);
  const grpc::Status s = stub.AddAnnotators(ctx.get(), req, &resp);
  EXPECT_TRUE(s.ok()) << s.error_message();
  std::map<std::string, std::string> out;
  for (const auto& link : resp.links()) out[link.annotator()] = link.token();
  return out;
}

grpc::Status RevokeLink(v1::Tournament::Stub& stub, uint64_t campaign, const std::string& name) {
  v1::RevokeAnnotatorRequest req;
  req.set_campaign_id(campaign);
  req.set_annotator(name);
  v1::AnnotatorLink link;
  auto ctx = Ctx(kAdminToken);
  return stub.RevokeAnnotator(ctx.get(), req, &link);
}

grpc::Status ProgressOf(v1::Tournament::Stub& stub, uint64_t campaign, const std::string& token,
                      const std::string& annotator) {
  v1::GetAnnotatorProgressRequest req;
  req.set_campaign_id(campaign);
  req.set_annotator(annotator);
  v1::AnnotatorProgress progress;
  auto ctx = Ctx(token);
  return stub.GetAnnotatorProgress(ctx.get(), req, &progress);
}

bool IsHexToken(const std::string& t) { return std::regex_match(t, std::regex("[0-9a-f]{64}")); }

class AnnotatorLinksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("annotator_links");
    Start();
  }
  void TearDown() override {
    http_.reset();
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  void Start(service::ServiceLimits limits = service::ServiceLimits()) {
    http_.reset();
    server_.reset();
    service::ServerOptions options;
    options.limits = limits;
    options.http_listen = "127.0.0.1:0";
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data", options);
    ASSERT_TRUE(server_->ok()) << server_->error();
    http_ = std::make_unique<HttpClient>(server_->server().http_port());
  }
  v1::Tournament::Stub& stub() { return server_->stub(); }
  HttpResult Post(uint64_t campaign, const std::string& rest, const std::string& body,
                  const std::string& token) {
    return http_->Request("POST", "/v1/campaigns/" + std::to_string(campaign) + rest, body,
                          {{"Authorization", "Bearer " + token}});
  }

  std::string dir_;
  std::unique_ptr<testing::InProcessServer> server_;
  std::unique_ptr<HttpClient> http_;
};

TEST_F(AnnotatorLinksTest, InvitedCampaignHasNoSharedTokenAndLinksServeTheirOwnNameOnly) {
  const auto created = CreateAsGiven(stub(), MakeConfig("invited", 4, 6, 2));
  EXPECT_EQ(created.annotator_token(), "");  // invited by default: links only
  const uint64_t id = created.campaign_id();
  auto links = AddLinks(stub(), id, {"alice", "bob"});
  ASSERT_EQ(links.size(), 2u);
  EXPECT_TRUE(IsHexToken(links["alice"]));
  EXPECT_NE(links["alice"], links["bob"]);
  const CreatedCampaign as_alice{id, links["alice"]};

  // gRPC: alice's token works for alice, not for bob (matches, judgments, progress).
  v1::NextMatchResponse m;
  ASSERT_TRUE(testing::NextMatch(stub(), as_alice, "alice", &m).ok());
  v1::NextMatchResponse other;
  EXPECT_EQ(testing::NextMatch(stub(), as_alice, "bob", &other).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  v1::SubmitJudgmentResponse ack;
  const grpc::Status as_bob =
      testing::Submit(stub(), as_alice, m.match_id(), "bob", {1, 2}, "", &ack);
  EXPECT_EQ(as_bob.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_NE(as_bob.error_message().find("'alice'"), std::string::npos) << as_bob.error_message();
  EXPECT_TRUE(ProgressOf(stub(), id, links["alice"], "alice").ok());
  EXPECT_EQ(ProgressOf(stub(), id, links["alice"], "bob").error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // An annotator link is no admin token.
  v1::GetCampaignRequest get;
  get.set_campaign_id(id);
  v1::CampaignInfo info;
  auto ctx = Ctx(links["alice"]);
  EXPECT_EQ(stub().GetCampaign(ctx.get(), get, &info).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(testing::Submit(stub(), as_alice, m.match_id(), "alice", {1, 2}, "", &ack).ok());

  // HTTP: the same refusals are 403.
  EXPECT_EQ(Post(id, ":nextMatch", R"({"annotator":"bob"})", links["alice"]).status, 403);
  EXPECT_EQ(Post(id, ":getAnnotatorProgress", R"({"annotator":"bob"})", links["alice"]).status,
            403);
  HttpResult own = Post(id, ":nextMatch", R"({"annotator":"alice"})", links["alice"]);
  EXPECT_EQ(own.status, 200) << own.body;

  // Revoked: 401 / UNAUTHENTICATED, whatever the name; bob's link is untouched.
  ASSERT_TRUE(RevokeLink(stub(), id, "alice").ok());
  EXPECT_EQ(testing::NextMatch(stub(), as_alice, "alice", &other).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  HttpResult revoked = Post(id, ":nextMatch", R"({"annotator":"alice"})", links["alice"]);
  EXPECT_EQ(revoked.status, 401) << revoked.body;
  EXPECT_EQ(Post(id, ":submitJudgment",
                 R"({"matchId":")" + std::to_string(m.match_id()) +
                     R"(","annotator":"alice","ranks":[1,2]})",
                 links["alice"])
                .status,
            401);
  EXPECT_TRUE(testing::NextMatch(stub(), {id, links["bob"]}, "bob", &other).ok());
  // Revoking again: nothing live to revoke.
  EXPECT_EQ(RevokeLink(stub(), id, "alice").error_code(), grpc::StatusCode::NOT_FOUND);
  // A new link for alice works; the old token stays refused.
  auto again = AddLinks(stub(), id, {"alice"});
  EXPECT_TRUE(testing::NextMatch(stub(), {id, again["alice"]}, "alice", &other).ok());
  EXPECT_EQ(testing::NextMatch(stub(), as_alice, "alice", &other).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
}

TEST_F(AnnotatorLinksTest, LinkOfOneCampaignIsRefusedOnAnother) {
  const uint64_t first = CreateAsGiven(stub(), MakeConfig("first", 3, 4, 2)).campaign_id();
  const uint64_t second = CreateAsGiven(stub(), MakeConfig("second", 3, 4, 2)).campaign_id();
  auto links = AddLinks(stub(), first, {"carol"});
  v1::NextMatchResponse m;
  EXPECT_EQ(testing::NextMatch(stub(), {second, links["carol"]}, "carol", &m).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Post(second, ":nextMatch", R"({"annotator":"carol"})", links["carol"]).status, 403);
}

TEST_F(AnnotatorLinksTest, AddRefusesDuplicatesAndGeneratesNames) {
  const uint64_t id = CreateAsGiven(stub(), MakeConfig("names", 3, 4, 2)).campaign_id();
  AddLinks(stub(), id, {"annotator-2"});
  auto add = [&](const std::vector<std::string>& names, int count, v1::AddAnnotatorsResponse* resp,
                 const std::string& token = kAdminToken) {
    v1::AddAnnotatorsRequest req;
    req.set_campaign_id(id);
    for (const auto& n : names) req.add_names(n);
    req.set_count(count);
    auto ctx = Ctx(token);
    return stub().AddAnnotators(ctx.get(), req, resp).error_code();
  };
  v1::AddAnnotatorsResponse resp;
  EXPECT_EQ(add({"annotator-2"}, 0, &resp), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(add({"x", "x"}, 0, &resp), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(add({"bad name"}, 0, &resp), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(add({"x"}, 2, &resp), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(add({}, 0, &resp), grpc::StatusCode::INVALID_ARGUMENT);
  resp.Clear();
  // Three generated names, skipping annotator-2 (taken).
  ASSERT_EQ(add({}, 3, &resp), grpc::StatusCode::OK);
  std::vector<std::string> names;
  for (const auto& l : resp.links()) names.push_back(l.annotator());
  EXPECT_EQ(names, (std::vector<std::string>{"annotator-1", "annotator-3", "annotator-4"}));
  // Only the admin may mint links.
  EXPECT_EQ(add({"y"}, 0, &resp, resp.links(0).token()), grpc::StatusCode::PERMISSION_DENIED);
  v1::AddAnnotatorsRequest missing;
  missing.set_campaign_id(999);
  missing.add_names("z");
  auto ctx = Ctx(kAdminToken);
  EXPECT_EQ(stub().AddAnnotators(ctx.get(), missing, &resp).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

TEST_F(AnnotatorLinksTest, LinksAreStoredAsDigestsAndSurviveARestart) {
  const uint64_t id = CreateAsGiven(stub(), MakeConfig("durable", 3, 4, 2)).campaign_id();
  auto links = AddLinks(stub(), id, {"dora", "eve"});
  ASSERT_TRUE(RevokeLink(stub(), id, "eve").ok());
  Start();  // same data dir
  v1::NextMatchResponse m;
  EXPECT_TRUE(testing::NextMatch(stub(), {id, links["dora"]}, "dora", &m).ok());
  EXPECT_EQ(testing::NextMatch(stub(), {id, links["dora"]}, "eve", &m).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(testing::NextMatch(stub(), {id, links["eve"]}, "eve", &m).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  v1::ListAnnotatorsRequest list;
  list.set_campaign_id(id);
  v1::ListAnnotatorsResponse listed;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(stub().ListAnnotators(ctx.get(), list, &listed).ok());
  ASSERT_EQ(listed.links_size(), 2);
  EXPECT_EQ(listed.links(0).annotator(), "dora");
  EXPECT_EQ(listed.links(0).revoked_unix_ms(), 0);
  EXPECT_EQ(listed.links(0).token(), "");
  EXPECT_EQ(listed.links(1).annotator(), "eve");
  EXPECT_GT(listed.links(1).revoked_unix_ms(), 0);
  server_.reset();
  // The database holds SHA-256(token), never the token.
  sqlite3* db = nullptr;
  ASSERT_EQ(
      sqlite3_open_v2((dir_ + "/data/tourney.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr),
      SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db,
                               "SELECT token_sha256, annotator FROM annotator_links ORDER BY "
                               "annotator",
                               -1, &stmt, nullptr),
            SQLITE_OK);
  std::vector<std::string> digests;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    digests.emplace_back(static_cast<const char*>(sqlite3_column_blob(stmt, 0)),
                         static_cast<size_t>(sqlite3_column_bytes(stmt, 0)));
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  ASSERT_EQ(digests.size(), 2u);
  unsigned char expected[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(links["dora"].data()), links["dora"].size(),
         expected);
  EXPECT_EQ(digests[0], std::string(reinterpret_cast<const char*>(expected), sizeof(expected)));
  const std::string bytes = testing::ReadFile(dir_ + "/data/tourney.db");
  EXPECT_EQ(bytes.find(links["dora"]), std::string::npos);
}

TEST_F(AnnotatorLinksTest, OpenEnrolmentCapsTheSharedTokenPerClient) {
  service::ServiceLimits limits;
  limits.max_open_leases_per_client = 3;
  Start(limits);
  v1::CampaignConfig config = MakeConfig("open", 4, 20, 2);
  config.set_enrolment(v1::ENROLMENT_OPEN);
  const auto created = CreateAsGiven(stub(), config);
  ASSERT_TRUE(IsHexToken(created.annotator_token()));
  const CreatedCampaign shared{created.campaign_id(), created.annotator_token()};
  v1::NextMatchResponse m;
  // Three invented names from one client (127.0.0.1) fill the cap; a fourth is refused.
  for (const char* name : {"n1", "n2", "n3"}) {
    ASSERT_TRUE(testing::NextMatch(stub(), shared, name, &m).ok()) << name;
  }
  const grpc::Status fourth = testing::NextMatch(stub(), shared, "n4", &m);
  EXPECT_EQ(fourth.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(fourth.error_message().find("127.0.0.1"), std::string::npos) << fourth.error_message();
  // Judging one frees a place.
  ASSERT_TRUE(testing::NextMatch(stub(), {shared.id, kAdminToken}, "n1", &m).ok());
  v1::SubmitJudgmentResponse ack;
  // (the admin token is not capped; its lease is not the shared token's)
  ASSERT_TRUE(
      testing::Submit(stub(), {shared.id, kAdminToken}, m.match_id(), "n1", {1, 2}, "", &ack).ok());
  EXPECT_EQ(testing::NextMatch(stub(), shared, "n4", &m).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  // Annotator links of an open campaign are not counted against the client.
  auto links = AddLinks(stub(), shared.id, {"linked"});
  EXPECT_TRUE(testing::NextMatch(stub(), {shared.id, links["linked"]}, "linked", &m).ok());
}

TEST_F(AnnotatorLinksTest, CampaignStoredWithoutEnrolmentKeepsItsSharedToken) {
  // A campaign created before enrolment existed has none in its stored configuration: it
  // is open, so its shared token (which old links carry) keeps working.
  v1::CampaignConfig config = MakeConfig("old", 3, 4, 2);
  config.set_enrolment(v1::ENROLMENT_OPEN);
  const auto created = CreateAsGiven(stub(), config);
  server_.reset();
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ + "/data/tourney.db").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT config FROM campaigns WHERE id=?", -1, &stmt, nullptr),
              SQLITE_OK);
    sqlite3_bind_int64(stmt, 1, static_cast<sqlite3_int64>(created.campaign_id()));
    ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    v1::CampaignConfig stored;
    ASSERT_TRUE(stored.ParseFromArray(sqlite3_column_blob(stmt, 0), sqlite3_column_bytes(stmt, 0)));
    sqlite3_finalize(stmt);
    EXPECT_EQ(stored.enrolment(), v1::ENROLMENT_OPEN);
    stored.clear_enrolment();
    const std::string blob = stored.SerializeAsString();
    ASSERT_EQ(
        sqlite3_prepare_v2(db, "UPDATE campaigns SET config=? WHERE id=?", -1, &stmt, nullptr),
        SQLITE_OK);
    sqlite3_bind_blob(stmt, 1, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 2, static_cast<sqlite3_int64>(created.campaign_id()));
    ASSERT_EQ(sqlite3_step(stmt), SQLITE_DONE);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
  }
  Start();
  v1::NextMatchResponse m;
  EXPECT_TRUE(
      testing::NextMatch(stub(), {created.campaign_id(), created.annotator_token()}, "anyone", &m)
          .ok());
}

// ---------------------------------------------------------------------------------------
// Scoring campaigns: links, and what SubmitScore keeps of a score.

v1::ScoringCampaignConfig TwoSystemScoring(const std::string& name) {
  v1::ScoringCampaignConfig config;
  config.set_name(name);
  config.add_metric_names("m");
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 4; ++g) {
      v1::ScoringRow* row = config.add_rows();
      row->set_system(s == 0 ? "A" : "B");
      row->set_document("d");
      row->set_segment("s" + std::to_string(g));
      row->add_metrics(0.1 * (g + 1) + s);
    }
  }
  config.set_design("random");
  config.set_estimator("mean");
  config.set_bound("clt");
  config.set_confidence(0.95);
  config.set_seed(3);
  return config;
}

TEST_F(AnnotatorLinksTest, ScoringLinksTouchedFlagAndIdempotentResubmission) {
  v1::CreateScoringCampaignRequest create;
  *create.mutable_config() = TwoSystemScoring("scored");
  v1::CreateCampaignResponse created;
  {
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(stub().CreateScoringCampaign(ctx.get(), create, &created).ok());
  }
  EXPECT_EQ(created.annotator_token(), "");
  const uint64_t id = created.campaign_id();
  auto links = AddLinks(stub(), id, {"rita", "sam"});
  auto next = [&](const std::string& token, const std::string& name, v1::NextItemResponse* item) {
    v1::NextItemRequest req;
    req.set_campaign_id(id);
    req.set_annotator(name);
    auto ctx = Ctx(token);
    return stub().NextItem(ctx.get(), req, item);
  };
  auto submit = [&](const std::string& token, const std::string& name, const std::string& system,
                    const std::string& segment, double score, std::optional<bool> touched,
                    v1::SubmitScoreResponse* ack) {
    v1::SubmitScoreRequest req;
    req.set_campaign_id(id);
    req.set_annotator(name);
    req.set_system(system);
    req.set_segment(segment);
    req.set_score(score);
    if (touched) req.set_touched(*touched);
    auto ctx = Ctx(token);
    return stub().SubmitScore(ctx.get(), req, ack);
  };
  v1::NextItemResponse item;
  EXPECT_EQ(next(links["rita"], "sam", &item).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  HttpResult refused = Post(id, ":nextItem", R"({"annotator":"sam"})", links["rita"]);
  EXPECT_EQ(refused.status, 403) << refused.body;
  ASSERT_TRUE(next(links["rita"], "rita", &item).ok());
  v1::SubmitScoreResponse ack;
  EXPECT_EQ(
      submit(links["rita"], "sam", item.system(), item.segment(), 50, true, &ack).error_code(),
      grpc::StatusCode::PERMISSION_DENIED);
  // A score for the other system of that segment, which the server did not show: refused,
  // naming the system.
  const std::string other = item.system() == "A" ? "B" : "A";
  const grpc::Status unseen = submit(links["rita"], "rita", other, item.segment(), 50, true, &ack);
  EXPECT_EQ(unseen.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(unseen.error_message().find("system '" + other + "'"), std::string::npos)
      << unseen.error_message();
  // Left untouched: stored so.
  ASSERT_TRUE(submit(links["rita"], "rita", item.system(), item.segment(), 50, false, &ack).ok());
  EXPECT_EQ(ack.sequence(), 1);
  // The same answer again: the first acknowledgment, nothing stored twice.
  v1::SubmitScoreResponse again;
  ASSERT_TRUE(submit(links["rita"], "rita", item.system(), item.segment(), 50, false, &again).ok());
  EXPECT_EQ(again.sequence(), 1);
  EXPECT_EQ(again.committed_unix_ms(), ack.committed_unix_ms());
  // A conflicting answer (another score, or the same score now said to be set): refused.
  EXPECT_EQ(
      submit(links["rita"], "rita", item.system(), item.segment(), 60, false, &again).error_code(),
      grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(
      submit(links["rita"], "rita", item.system(), item.segment(), 50, true, &again).error_code(),
      grpc::StatusCode::ALREADY_EXISTS);
  // Two more: one set, one without the flag.
  ASSERT_TRUE(next(links["rita"], "rita", &item).ok());
  ASSERT_TRUE(submit(links["rita"], "rita", item.system(), item.segment(), 70, true, &ack).ok());
  ASSERT_TRUE(next(links["sam"], "sam", &item).ok());
  ASSERT_TRUE(
      submit(links["sam"], "sam", item.system(), item.segment(), 80, std::nullopt, &ack).ok());

  auto exported = [&] {
    std::vector<v1::ExportedScore> rows;
    v1::ExportScoresRequest req;
    req.set_campaign_id(id);
    auto ctx = Ctx(kAdminToken);
    auto reader = stub().ExportScores(ctx.get(), req);
    v1::ExportedScore row;
    while (reader->Read(&row)) rows.push_back(row);
    EXPECT_TRUE(reader->Finish().ok());
    return rows;
  };
  auto check = [](const std::vector<v1::ExportedScore>& rows) {
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_TRUE(rows[0].has_touched());
    EXPECT_FALSE(rows[0].touched());
    EXPECT_TRUE(rows[1].has_touched());
    EXPECT_TRUE(rows[1].touched());
    EXPECT_FALSE(rows[2].has_touched());
  };
  check(exported());
  Start();  // the flag is stored
  check(exported());
  // Revoked links are refused after the restart too.
  ASSERT_TRUE(RevokeLink(stub(), id, "sam").ok());
  EXPECT_EQ(next(links["sam"], "sam", &item).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Post(id, ":nextItem", R"({"annotator":"sam"})", links["sam"]).status, 401);
}

TEST_F(AnnotatorLinksTest, AVersion6FileMigratesWithoutLinksOrTouchedFlags) {
  // A scoring campaign with one score said to be set, then the file as version 6 wrote it:
  // no annotator_links table, no touched column.
  v1::CreateScoringCampaignRequest create;
  *create.mutable_config() = TwoSystemScoring("old-scores");
  create.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);
  v1::CreateCampaignResponse created;
  {
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(stub().CreateScoringCampaign(ctx.get(), create, &created).ok());
  }
  v1::NextItemRequest next;
  next.set_campaign_id(created.campaign_id());
  next.set_annotator("old");
  v1::NextItemResponse item;
  {
    auto ctx = Ctx(created.annotator_token());
    ASSERT_TRUE(stub().NextItem(ctx.get(), next, &item).ok());
  }
  v1::SubmitScoreRequest score;
  score.set_campaign_id(created.campaign_id());
  score.set_annotator("old");
  score.set_system(item.system());
  score.set_segment(item.segment());
  score.set_score(40);
  score.set_touched(true);
  v1::SubmitScoreResponse ack;
  {
    auto ctx = Ctx(created.annotator_token());
    ASSERT_TRUE(stub().SubmitScore(ctx.get(), score, &ack).ok());
  }
  http_.reset();
  server_.reset();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir_ + "/data/tourney.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "ALTER TABLE scoring_scores DROP COLUMN touched; "
                         "DROP TABLE annotator_links; DROP TABLE scoring_screens; "
                         "PRAGMA user_version=6;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
  Start();
  v1::ExportScoresRequest req;
  req.set_campaign_id(created.campaign_id());
  auto ctx = Ctx(kAdminToken);
  auto reader = stub().ExportScores(ctx.get(), req);
  v1::ExportedScore row;
  ASSERT_TRUE(reader->Read(&row));
  EXPECT_EQ(row.score(), 40.0);
  EXPECT_FALSE(row.has_touched());  // not known before version 7
  EXPECT_FALSE(reader->Read(&row));
  EXPECT_TRUE(reader->Finish().ok());
  // The migrated file takes links.
  auto links = AddLinks(stub(), created.campaign_id(), {"new"});
  EXPECT_TRUE(IsHexToken(links["new"]));
}

// ---------------------------------------------------------------------------------------
// The CLI verbs.

std::vector<std::vector<std::string>> LinkLines(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::stringstream words(line);
    std::vector<std::string> fields;
    for (std::string w; words >> w;) fields.push_back(w);
    if (!fields.empty()) out.push_back(fields);
  }
  return out;
}

TEST_F(AnnotatorLinksTest, CliAddListRevokeAndCreatePrintReadyLinks) {
  const std::string admin = dir_ + "/admin.token";
  testing::WriteFile(admin, std::string(kAdminToken) + "\n");
  const std::string connect =
      " --server 127.0.0.1:" + std::to_string(server_->port()) + " --token-file " + admin;
  const std::string tourney = testing::BinPath("tourney") + " campaign ";

  // create with names: no shared token; the dashboard and one ready link per name.
  auto r = testing::RunCommand(tourney + "create" + connect +
                               " --name cli-links --systems A,B,C --segments 4 --k 2"
                               " --annotators ann1,ann2 --http-url http://annotate.example:8080/");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, std::string> fields;
  std::vector<std::vector<std::string>> link_lines;
  for (const auto& line : LinkLines(r.out)) {
    if (line[0] == "annotator_link") {
      link_lines.push_back(line);
    } else {
      ASSERT_EQ(line.size(), 2u) << r.out;
      fields[line[0]] = line[1];
    }
  }
  const std::string id = fields["campaign_id"];
  ASSERT_FALSE(id.empty()) << r.out;
  EXPECT_EQ(fields.count("annotator_token"), 0u) << r.out;
  EXPECT_EQ(fields["dashboard_url"], "http://annotate.example:8080/dashboard/" + id);
  ASSERT_EQ(link_lines.size(), 2u) << r.out;
  for (size_t i = 0; i < 2; ++i) {
    const auto& l = link_lines[i];
    ASSERT_EQ(l.size(), 4u) << r.out;
    EXPECT_EQ(l[1], "ann" + std::to_string(i + 1));
    EXPECT_TRUE(IsHexToken(l[2])) << l[2];
    EXPECT_EQ(l[3], "http://annotate.example:8080/annotate/" + id + "#token=" + l[2] +
                        "&annotator=" + l[1]);
  }
  const uint64_t campaign = std::stoull(id);
  v1::NextMatchResponse m;
  EXPECT_TRUE(testing::NextMatch(stub(), {campaign, link_lines[0][2]}, "ann1", &m).ok());

  // annotators add: `NAME TOKEN` per name, and the ready link with --http-url.
  r = testing::RunCommand(tourney + "annotators add" + connect + " --campaign " + id +
                          " --http-url http://h.example:1 zoe yan");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto added = LinkLines(r.out);
  ASSERT_EQ(added.size(), 2u) << r.out;
  EXPECT_EQ(added[0][0], "zoe");
  EXPECT_EQ(added[1][0], "yan");
  for (const auto& l : added) {
    ASSERT_EQ(l.size(), 3u) << r.out;
    EXPECT_TRUE(IsHexToken(l[1]));
    EXPECT_EQ(l[2], "http://h.example:1/annotate/" + id + "#token=" + l[1] + "&annotator=" + l[0]);
  }
  r = testing::RunCommand(tourney + "annotators add" + connect + " --campaign " + id + " xavier");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto plain = LinkLines(r.out);
  ASSERT_EQ(plain.size(), 1u);
  ASSERT_EQ(plain[0].size(), 2u) << r.out;  // without --http-url: NAME TOKEN
  EXPECT_EQ(plain[0][0], "xavier");
  // The same name again: refused, exit 2.
  r = testing::RunCommand(tourney + "annotators add" + connect + " --campaign " + id + " zoe");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("ALREADY_EXISTS"), std::string::npos) << r.err;
  r = testing::RunCommand(tourney + "annotators add" + connect + " --campaign " + id +
                          " --count 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto generated = LinkLines(r.out);
  ASSERT_EQ(generated.size(), 2u);
  EXPECT_EQ(generated[0][0], "annotator-1");
  EXPECT_EQ(generated[1][0], "annotator-2");

  // revoke, then list.
  r = testing::RunCommand(tourney + "annotators revoke" + connect + " --campaign " + id + " zoe");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(testing::NextMatch(stub(), {campaign, added[1][1]}, "yan", &m).ok());
  EXPECT_EQ(testing::NextMatch(stub(), {campaign, added[0][1]}, "zoe", &m).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  r = testing::RunCommand(tourney + "annotators list" + connect + " --campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, std::string> state;
  for (const auto& l : LinkLines(r.out)) state[l[0]] = l[1];
  EXPECT_EQ(state, (std::map<std::string, std::string>{{"ann1", "live"},
                                                       {"ann2", "live"},
                                                       {"annotator-1", "live"},
                                                       {"annotator-2", "live"},
                                                       {"xavier", "live"},
                                                       {"yan", "live"},
                                                       {"zoe", "revoked"}}));
  r = testing::RunCommand(tourney + "show" + connect + " --campaign " + id);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nenrolment invited\n"), std::string::npos) << r.out;
  // --token-out needs open enrolment (an invited campaign has no shared token).
  r = testing::RunCommand(tourney + "create" + connect +
                          " --name no-shared --systems A,B --segments 2 --k 2 --token-out " + dir_ +
                          "/t");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--open-enrolment"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace tourney
