// tourneyd's JSON API over HTTP (service/http_api.h) against an in-process server that also
// serves gRPC: the two transports reach the same state, and every bad input gets its HTTP
// status and a JSON error body.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "http_client.h"
#include "service_test_util.h"

namespace tourney {
namespace {

using google::protobuf::util::MessageDifferencer;
using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::HttpClient;
using testing::HttpResult;
using testing::kAdminToken;
using testing::MakeConfig;

using Headers = std::vector<std::pair<std::string, std::string>>;

Headers Bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }

template <class M>
M FromJson(const std::string& json) {
  M m;
  const auto s = google::protobuf::util::JsonStringToMessage(json, &m);
  EXPECT_TRUE(s.ok()) << s.message() << "\n" << json;
  return m;
}

template <class M>
std::string ToJson(const M& m) {
  std::string out;
  EXPECT_TRUE(google::protobuf::util::MessageToJsonString(m, &out).ok());
  return out;
}

// The headers every answer carries.
void ExpectApiHeaders(const HttpResult& r) {
  EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(r.Header("cache-control"), "no-store");
  EXPECT_EQ(r.Header("x-content-type-options"), "nosniff");
}

// An error answer: the HTTP status, and {"error":{"code","status","message"}} saying the
// same, with `fragment` in the message.
void ExpectError(const HttpResult& r, int http, const std::string& status,
                 const std::string& fragment) {
  SCOPED_TRACE(status + " / " + fragment);
  EXPECT_EQ(r.status, http) << r.body << r.error;
  ExpectApiHeaders(r);
  const auto body = FromJson<google::protobuf::Struct>(r.body);
  ASSERT_TRUE(body.fields().count("error")) << r.body;
  const auto& error = body.fields().at("error").struct_value().fields();
  EXPECT_EQ(error.at("code").number_value(), http);
  EXPECT_EQ(error.at("status").string_value(), status);
  EXPECT_NE(error.at("message").string_value().find(fragment), std::string::npos) << r.body;
}

class HttpApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("http_api");
    service::ServerOptions options;
    options.http_listen = "127.0.0.1:0";
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data", options);
    ASSERT_TRUE(server_->ok()) << server_->error();
    ASSERT_GT(server_->server().http_port(), 0);
    http_ = std::make_unique<HttpClient>(server_->server().http_port());
  }
  void TearDown() override {
    http_.reset();
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  v1::Tournament::Stub& stub() { return server_->stub(); }
  HttpResult Post(const std::string& path, const std::string& body, const std::string& token) {
    return http_->Request("POST", path, body, token.empty() ? Headers{} : Bearer(token));
  }
  HttpResult Get(const std::string& path, const std::string& token) {
    return http_->Request("GET", path, "", token.empty() ? Headers{} : Bearer(token));
  }
  // A GET that sends back an entity tag (If-None-Match).
  HttpResult Revalidate(const std::string& path, const std::string& token, const std::string& tag) {
    Headers headers = Bearer(token);
    headers.emplace_back("If-None-Match", tag);
    return http_->Request("GET", path, "", headers);
  }
  static std::string Path(uint64_t id, const std::string& rest) {
    return "/v1/campaigns/" + std::to_string(id) + rest;
  }

  std::string dir_;
  std::unique_ptr<testing::InProcessServer> server_;
  std::unique_ptr<HttpClient> http_;
};

TEST_F(HttpApiTest, NextAndSubmitOverHttpStoreWhatGrpcStoresAndExportsAlike) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("round-trip", 4, 6, 3));
  // Over HTTP: a match, then its judgment.
  HttpResult next = Post(Path(c.id, ":nextMatch"), R"({"annotator":"ann-http"})", c.token);
  ASSERT_EQ(next.status, 200) << next.body;
  ExpectApiHeaders(next);
  const auto match = FromJson<v1::NextMatchResponse>(next.body);
  ASSERT_EQ(match.systems_size(), 3);
  // proto3 JSON writes the uint64 match id as a string.
  EXPECT_NE(next.body.find("\"matchId\":\"" + std::to_string(match.match_id()) + "\""),
            std::string::npos);
  const std::string submit = R"({"matchId":")" + std::to_string(match.match_id()) +
                             R"(","annotator":"ann-http","ranks":[2,1,2],"idempotencyKey":"k1"})";
  HttpResult ack = Post(Path(c.id, ":submitJudgment"), submit, c.token);
  ASSERT_EQ(ack.status, 200) << ack.body;
  EXPECT_EQ(FromJson<v1::SubmitJudgmentResponse>(ack.body).sequence(), 1);

  // Over gRPC: the same for another annotator.
  v1::NextMatchResponse grpc_match;
  ASSERT_TRUE(testing::NextMatch(stub(), c, "ann-grpc", &grpc_match).ok());
  v1::SubmitJudgmentResponse grpc_ack;
  ASSERT_TRUE(
      testing::Submit(stub(), c, grpc_match.match_id(), "ann-grpc", {3, 2, 1}, "k2", &grpc_ack)
          .ok());
  EXPECT_EQ(grpc_ack.sequence(), 2);

  // The store holds both as they were sent, whichever transport carried them.
  grpc::Status status;
  const auto exported = testing::ExportJudgments(stub(), c.id, &status);
  ASSERT_TRUE(status.ok());
  ASSERT_EQ(exported.size(), 2u);
  const std::vector<std::tuple<const v1::NextMatchResponse*, std::string, std::vector<uint32_t>>>
      sent = {{&match, "ann-http", {2, 1, 2}}, {&grpc_match, "ann-grpc", {3, 2, 1}}};
  for (size_t i = 0; i < 2; ++i) {
    const auto& [m, annotator, ranks] = sent[i];
    const v1::Ranking& r = exported[i].ranking();
    EXPECT_EQ(exported[i].sequence(), static_cast<int64_t>(i) + 1);
    EXPECT_EQ(exported[i].match_id(), m->match_id());
    EXPECT_EQ(r.annotator(), annotator);
    EXPECT_EQ(r.segment(), m->segment().id());
    EXPECT_EQ(std::vector<std::string>(r.systems().begin(), r.systems().end()),
              std::vector<std::string>(m->systems().begin(), m->systems().end()));
    EXPECT_EQ(std::vector<uint32_t>(r.ranks().begin(), r.ranks().end()), ranks);
  }
  // The HTTP export is the gRPC stream as one JSON array.
  HttpResult array = Get(Path(c.id, "/judgments"), kAdminToken);
  ASSERT_EQ(array.status, 200) << array.body;
  ExpectApiHeaders(array);
  const auto list = FromJson<google::protobuf::ListValue>(array.body);
  ASSERT_EQ(list.values_size(), 2);
  for (int i = 0; i < 2; ++i) {
    const auto row = FromJson<v1::ExportedJudgment>(ToJson(list.values(i)));
    EXPECT_TRUE(MessageDifferencer::Equals(row, exported[static_cast<size_t>(i)]))
        << row.DebugString();
  }
}

TEST_F(HttpApiTest, IdempotencyKeyReuseReturnsTheFirstAckAndRefusesOtherAnswers) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("retry", 3, 4, 2));
  const auto match = FromJson<v1::NextMatchResponse>(
      Post(Path(c.id, ":nextMatch"), R"({"annotator":"a1"})", c.token).body);
  const auto body = [&](const std::string& ranks, const std::string& key) {
    return R"({"matchId":")" + std::to_string(match.match_id()) + R"(","annotator":"a1","ranks":)" +
           ranks + R"(,"idempotencyKey":")" + key + "\"}";
  };
  HttpResult first = Post(Path(c.id, ":submitJudgment"), body("[1,2]", "key-1"), c.token);
  ASSERT_EQ(first.status, 200) << first.body;
  // A retry (same key, same ranks) on a new connection gets the same acknowledgment.
  HttpClient other(server_->server().http_port());
  HttpResult retry =
      other.Request("POST", Path(c.id, ":submitJudgment"), body("[1,2]", "key-1"), Bearer(c.token));
  ASSERT_EQ(retry.status, 200) << retry.body;
  EXPECT_TRUE(MessageDifferencer::Equals(FromJson<v1::SubmitJudgmentResponse>(first.body),
                                         FromJson<v1::SubmitJudgmentResponse>(retry.body)));
  ExpectError(Post(Path(c.id, ":submitJudgment"), body("[2,1]", "key-1"), c.token), 409,
              "ALREADY_EXISTS", "already has a different answer");
  ExpectError(Post(Path(c.id, ":submitJudgment"), body("[1,2]", "key-2"), c.token), 409,
              "ALREADY_EXISTS", "under another idempotency key");
  v1::PairCountsMatrix counts;
  ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
  EXPECT_EQ(counts.rankings(), 1);  // one judgment stored, whatever the retries
}

TEST_F(HttpApiTest, BadInputGetsItsStatusAndAJsonError) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("bad", 3, 4, 2));
  const CreatedCampaign other = CreateCampaign(stub(), MakeConfig("other", 3, 4, 2));
  const std::string next = Path(c.id, ":nextMatch");
  ExpectError(Post(next, R"({"annotator":)", c.token), 400, "INVALID_ARGUMENT",
              "is not a valid tourney.v1.NextMatchRequest in proto3 JSON");
  ExpectError(Post(next, R"({"annotator":["a"]})", c.token), 400, "INVALID_ARGUMENT",
              "proto3 JSON");
  ExpectError(Post(next, R"({"annotator":"a","campaignId":true})", c.token), 400,
              "INVALID_ARGUMENT", "proto3 JSON");
  ExpectError(Post(next, R"({"annotatr":"a"})", c.token), 400, "INVALID_ARGUMENT", "annotatr");
  ExpectError(Post(next, R"({"annotator":"not valid!"})", c.token), 400, "INVALID_ARGUMENT",
              "annotator must be");
  ExpectError(
      Post(next, R"({"annotator":"a","campaignId":")" + std::to_string(other.id) + "\"}", c.token),
      400, "INVALID_ARGUMENT", "but the path names " + std::to_string(c.id));
  ExpectError(Post(next + "?annotator=a", "", c.token), 400, "INVALID_ARGUMENT",
              "not in the query");
  // A declared body over the 1 MiB limit is refused before it is read.
  ExpectError(http_->Raw("POST " + next + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                         c.token + "\r\nContent-Length: 1048577\r\n\r\n"),
              413, "RESOURCE_EXHAUSTED", "limit of 1048576 bytes");
  // So is one sent in chunks, once it passes the limit.
  const std::string chunk(600 * 1024, ' ');
  char size[16];
  std::snprintf(size, sizeof(size), "%zx", chunk.size());
  ExpectError(http_->Raw("POST " + next + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                         c.token + "\r\nTransfer-Encoding: chunked\r\n\r\n" + size + "\r\n" +
                         chunk + "\r\n" + size + "\r\n" + chunk + "\r\n0\r\n\r\n"),
              413, "RESOURCE_EXHAUSTED", "limit");
  // Tokens: none, unknown, another campaign's, an annotator's on an admin route.
  HttpResult missing = Post(next, R"({"annotator":"a"})", "");
  ExpectError(missing, 401, "UNAUTHENTICATED", "missing 'authorization: Bearer <token>' header");
  EXPECT_EQ(missing.Header("www-authenticate"), "Bearer realm=\"tourney\"");
  ExpectError(Post(next, R"({"annotator":"a"})", "no-such-token-0123456789"), 401,
              "UNAUTHENTICATED", "unknown bearer token");
  ExpectError(http_->Request("POST", next, R"({"annotator":"a"})", {{"Authorization", "Basic x"}}),
              401, "UNAUTHENTICATED", "Bearer");
  ExpectError(Post(next, R"({"annotator":"a"})", other.token), 403, "PERMISSION_DENIED",
              "another campaign");
  ExpectError(Get(Path(c.id, ""), c.token), 403, "PERMISSION_DENIED", "admin token");
  // Unknown campaigns, routes and methods.
  ExpectError(Post(Path(987654, ":nextMatch"), R"({"annotator":"a"})", kAdminToken), 404,
              "NOT_FOUND", "no campaign 987654");
  ExpectError(Get(Path(987654, "/leaderboard"), kAdminToken), 404, "NOT_FOUND", "987654");
  ExpectError(Post("/v1/nothing", "{}", kAdminToken), 404, "NOT_FOUND", "no route");
  ExpectError(Post(Path(c.id, ":frobnicate"), "{}", kAdminToken), 404, "NOT_FOUND", "no route");
  ExpectError(Post("/v1/campaigns/abc:nextMatch", "{}", kAdminToken), 400, "INVALID_ARGUMENT",
              "campaign id 'abc'");
  HttpResult wrong = Get(next, c.token);
  ExpectError(wrong, 405, "UNIMPLEMENTED", "takes POST");
  EXPECT_EQ(wrong.Header("allow"), "POST");
  HttpResult wrong_on_collection = http_->Request("DELETE", "/v1/campaigns", "", {});
  ExpectError(wrong_on_collection, 405, "UNIMPLEMENTED", "not DELETE");
  EXPECT_EQ(wrong_on_collection.Header("allow"), "POST, GET");
  // Query parameters of a GET are fields of the request.
  ExpectError(Get(Path(c.id, "/leaderboard?modle=x"), kAdminToken), 400, "INVALID_ARGUMENT",
              "modle");
  ExpectError(Get(Path(c.id, "/leaderboard?bootstrapReplicates=many"), kAdminToken), 400,
              "INVALID_ARGUMENT", "the query is not a valid");
  // The core's own codes: a closed campaign is FAILED_PRECONDITION, 400.
  ASSERT_EQ(Post(Path(c.id, ":close"), "", kAdminToken).status, 200);
  ExpectError(Post(next, R"({"annotator":"a"})", c.token), 400, "FAILED_PRECONDITION", "is closed");
}

TEST_F(HttpApiTest, AdminReadsAnswerWhatGrpcAnswers) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("reads", 4, 8, 2));
  for (int i = 0; i < 6; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(testing::NextMatch(stub(), c, "a" + std::to_string(i % 2), &m).ok());
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(testing::Submit(stub(), c, m.match_id(), "a" + std::to_string(i % 2),
                                {1, static_cast<uint32_t>(1 + i % 2)}, "", &ack)
                    .ok());
  }
  v1::ListCampaignsResponse list;
  v1::CampaignInfo info;
  v1::PairCountsMatrix counts;
  v1::Leaderboard board;
  {
    v1::GetCampaignRequest get;
    get.set_campaign_id(c.id);
    ASSERT_TRUE(stub().ListCampaigns(Ctx(kAdminToken).get(), {}, &list).ok());
    ASSERT_TRUE(stub().GetCampaign(Ctx(kAdminToken).get(), get, &info).ok());
    ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "expected-wins", &board).ok());
  }
  const auto same = [](const google::protobuf::Message& a, const google::protobuf::Message& b) {
    EXPECT_TRUE(MessageDifferencer::Equals(a, b)) << a.DebugString() << "\n" << b.DebugString();
  };
  same(FromJson<v1::ListCampaignsResponse>(Get("/v1/campaigns", kAdminToken).body), list);
  same(FromJson<v1::CampaignInfo>(Get(Path(c.id, ""), kAdminToken).body), info);
  same(FromJson<v1::PairCountsMatrix>(Get(Path(c.id, "/pairCounts"), kAdminToken).body), counts);
  same(FromJson<v1::PairCountsMatrix>(Post(Path(c.id, ":getPairCounts"), "", kAdminToken).body),
       counts);
  same(FromJson<v1::Leaderboard>(
           Get(Path(c.id, "/leaderboard?model=expected-wins"), kAdminToken).body),
       board);
  same(FromJson<v1::Leaderboard>(
           Post(Path(c.id, ":getLeaderboard"), R"({"model":"expected-wins"})", kAdminToken).body),
       board);
  EXPECT_EQ(counts.rankings(), 6);

  // Excluding an annotator, then the stats that mark it.
  HttpResult excluded = Post(Path(c.id, ":excludeAnnotator"), R"({"annotator":"a1"})", kAdminToken);
  ASSERT_EQ(excluded.status, 200) << excluded.body;
  EXPECT_EQ(FromJson<v1::ExcludeAnnotatorResponse>(excluded.body).rated_judgments(), 3);
  const auto stats =
      FromJson<v1::AnnotatorStatsResponse>(Get(Path(c.id, "/annotatorStats"), kAdminToken).body);
  ASSERT_EQ(stats.annotators_size(), 2);
  for (const auto& a : stats.annotators()) EXPECT_EQ(a.excluded(), a.annotator() == "a1");

  // Creating a campaign over HTTP issues a token that works over gRPC.
  v1::CreateCampaignRequest create;
  *create.mutable_config() = MakeConfig("made-over-http", 3, 3, 2);
  create.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);  // its shared token is used
  HttpResult created = Post("/v1/campaigns", ToJson(create), kAdminToken);
  ASSERT_EQ(created.status, 200) << created.body;
  const auto made = FromJson<v1::CreateCampaignResponse>(created.body);
  v1::NextMatchResponse m;
  EXPECT_TRUE(
      testing::NextMatch(stub(), {made.campaign_id(), made.annotator_token()}, "x", &m).ok());
  ExpectError(Post("/v1/campaigns", ToJson(create), kAdminToken), 409, "ALREADY_EXISTS",
              "made-over-http");
}

// What a dashboard's poll needs (issue 47, item 6): an unchanged answer is a 304 without a
// body, the campaign without its segments, and only the judgments after a cursor.
TEST_F(HttpApiTest, PollsFetchOnlyWhatChanged) {
  v1::CampaignConfig config = MakeConfig("polled", 3, 12, 2);
  config.mutable_quality_control()->set_max_judgments_per_annotator(5);
  const CreatedCampaign c = CreateCampaign(stub(), config);
  const auto judge = [&](const std::string& annotator) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(testing::NextMatch(stub(), c, annotator, &m).ok());
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(testing::Submit(stub(), c, m.match_id(), annotator, {1, 2}, "", &ack).ok());
  };
  judge("a");

  // Unchanged: 304, no body, the same tag; changed: 200 and another tag.
  for (const std::string& path : {Path(c.id, ""), Path(c.id, "?summary=true"),
                                 Path(c.id, "/leaderboard?anytime=true"),
                                 Path(c.id, "/annotatorStats")}) {
    SCOPED_TRACE(path);
    const HttpResult first = Get(path, kAdminToken);
    ASSERT_EQ(first.status, 200) << first.body;
    const std::string tag = first.Header("etag");
    ASSERT_FALSE(tag.empty());
    const HttpResult same = Revalidate(path, kAdminToken, tag);
    EXPECT_EQ(same.status, 304);
    EXPECT_EQ(same.body, "");
    EXPECT_EQ(same.Header("etag"), tag);
    EXPECT_EQ(Revalidate(path, kAdminToken, "\"other\", W/" + tag).status, 304);
    EXPECT_EQ(Revalidate(path, kAdminToken, "\"other\"").status, 200);
    // A wrong token is still refused, whatever tag it sends.
    EXPECT_EQ(Revalidate(path, "wrong-token", tag).status, 401);
  }
  const HttpResult before = Get(Path(c.id, "?summary=true"), kAdminToken);
  judge("a");
  judge("a");
  const HttpResult after = Revalidate(Path(c.id, "?summary=true"), kAdminToken,
                                      before.Header("etag"));
  ASSERT_EQ(after.status, 200);
  EXPECT_NE(after.Header("etag"), before.Header("etag"));

  // The summary is the campaign without its segments (and texts): 12 segments in the full
  // answer, none in the summary, the rest equal.
  auto full = FromJson<v1::CampaignInfo>(Get(Path(c.id, ""), kAdminToken).body);
  const auto summary = FromJson<v1::CampaignInfo>(after.body);
  EXPECT_EQ(full.config().segments_size(), 12);
  EXPECT_EQ(summary.config().segments_size(), 0);
  EXPECT_EQ(summary.judgments(), 3);
  EXPECT_EQ(summary.protocol(), "ranking");
  full.mutable_config()->clear_segments();
  EXPECT_TRUE(MessageDifferencer::Equals(full, summary)) << summary.DebugString();

  // The cursor: judgments after sequence 1, at most one of them, is judgment 2 alone.
  const auto page = FromJson<google::protobuf::ListValue>(
      Get(Path(c.id, "/judgments?afterSequence=1&limit=1"), kAdminToken).body);
  ASSERT_EQ(page.values_size(), 1);
  EXPECT_EQ(FromJson<v1::ExportedJudgment>(ToJson(page.values(0))).sequence(), 2);
  EXPECT_EQ(Get(Path(c.id, "/judgments?afterSequence=3"), kAdminToken).body, "[]");
  EXPECT_EQ(FromJson<google::protobuf::ListValue>(
                Get(Path(c.id, "/judgments?afterSequence=1"), kAdminToken).body)
                .values_size(),
            2);
  ExpectError(Get(Path(c.id, "/judgments?afterSequence=-1"), kAdminToken), 400,
              "INVALID_ARGUMENT", "after_sequence");

  // The annotator's view of the campaign: its name and protocol, 2 outputs per screen,
  // 3 of the cap of 5 judged, so 2 screens left; one who judged nothing has all 5.
  const auto progress = FromJson<v1::AnnotatorProgress>(
      Post(Path(c.id, ":getAnnotatorProgress"), R"({"annotator":"a"})", c.token).body);
  EXPECT_EQ(progress.campaign_name(), "polled");
  EXPECT_EQ(progress.protocol(), "ranking");
  EXPECT_EQ(progress.outputs_per_screen(), 2);
  EXPECT_EQ(progress.judgments(), 3);
  ASSERT_TRUE(progress.has_screens_left());
  EXPECT_EQ(progress.screens_left(), 2);
  EXPECT_EQ(FromJson<v1::AnnotatorProgress>(
                Post(Path(c.id, ":getAnnotatorProgress"), R"({"annotator":"b"})", c.token).body)
                .screens_left(),
            5);
  // Without a cap, no count of screens left.
  const CreatedCampaign open = CreateCampaign(stub(), MakeConfig("uncapped", 3, 4, 3));
  EXPECT_FALSE(FromJson<v1::AnnotatorProgress>(
                   Post(Path(open.id, ":getAnnotatorProgress"), R"({"annotator":"b"})", open.token)
                       .body)
                   .has_screens_left());
}

// The rank plot: an SVG document naming every system, refused before the first judgment
// and for a model the server does not bootstrap.
TEST_F(HttpApiTest, RankPlotIsAnSvgOfTheJudgments) {
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("plotted", 3, 6, 2));
  ExpectError(Get(Path(c.id, "/rankPlot"), kAdminToken), 400, "FAILED_PRECONDITION",
              "no judgments yet");
  for (int i = 0; i < 6; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(testing::NextMatch(stub(), c, "a", &m).ok());
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(testing::Submit(stub(), c, m.match_id(), "a", {1, 2}, "", &ack).ok());
  }
  const HttpResult plot = Get(Path(c.id, "/rankPlot?bootstrapReplicates=50"), kAdminToken);
  ASSERT_EQ(plot.status, 200) << plot.body;
  EXPECT_EQ(plot.Header("content-type"), "image/svg+xml");
  EXPECT_NE(plot.body.find("<svg"), std::string::npos);
  EXPECT_NE(plot.body.find("</svg>"), std::string::npos);
  for (const char* system : {"s0", "s1", "s2"}) {
    EXPECT_NE(plot.body.find(std::string(">") + system + "<"), std::string::npos) << system;
  }
  // The same judgments, replicates and seed draw the same figure.
  EXPECT_EQ(Get(Path(c.id, "/rankPlot?bootstrapReplicates=50"), kAdminToken).body, plot.body);
  ExpectError(Get(Path(c.id, "/rankPlot?model=hopkins-may"), kAdminToken), 400,
              "INVALID_ARGUMENT", "hopkins-may");
  ExpectError(Get(Path(c.id, "/rankPlot"), c.token), 403, "PERMISSION_DENIED", "");
}

TEST_F(HttpApiTest, ScoringCampaignRunsOverHttp) {
  v1::CreateScoringCampaignRequest create;
  v1::ScoringCampaignConfig& config = *create.mutable_config();
  config.set_name("scores");
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
  config.set_enrolment(v1::ENROLMENT_OPEN);  // its shared token is used
  config.set_protocol("da");
  HttpResult created = Post("/v1/campaigns:createScoring", ToJson(create), kAdminToken);
  ASSERT_EQ(created.status, 200) << created.body;
  const auto made = FromJson<v1::CreateCampaignResponse>(created.body);
  // The page asks the campaign, not the link, what to show.
  const auto progress = FromJson<v1::AnnotatorProgress>(
      Post(Path(made.campaign_id(), ":getAnnotatorProgress"), R"({"annotator":"rater"})",
           made.annotator_token())
          .body);
  EXPECT_EQ(progress.protocol(), "da");
  EXPECT_EQ(progress.campaign_name(), "scores");
  EXPECT_EQ(FromJson<v1::CampaignInfo>(Get(Path(made.campaign_id(), ""), kAdminToken).body)
                .protocol(),
            "da");
  std::vector<v1::NextItemResponse> items;
  for (int i = 0; i < 3; ++i) {
    HttpResult next = Post(Path(made.campaign_id(), ":nextItem"), R"({"annotator":"rater"})",
                           made.annotator_token());
    ASSERT_EQ(next.status, 200) << next.body;
    items.push_back(FromJson<v1::NextItemResponse>(next.body));
    v1::SubmitScoreRequest score;
    score.set_annotator("rater");
    score.set_system(items.back().system());
    score.set_segment(items.back().segment());
    score.set_score(10.0 * (i + 1));
    HttpResult ack =
        Post(Path(made.campaign_id(), ":submitScore"), ToJson(score), made.annotator_token());
    ASSERT_EQ(ack.status, 200) << ack.body;
    EXPECT_EQ(FromJson<v1::SubmitScoreResponse>(ack.body).sequence(), i + 1);
  }
  // The export lists the three scores in commit order, as submitted.
  HttpResult exported = Get(Path(made.campaign_id(), "/scores"), kAdminToken);
  ASSERT_EQ(exported.status, 200) << exported.body;
  const auto list = FromJson<google::protobuf::ListValue>(exported.body);
  ASSERT_EQ(list.values_size(), 3);
  for (int i = 0; i < 3; ++i) {
    const auto row = FromJson<v1::ExportedScore>(ToJson(list.values(i)));
    EXPECT_EQ(row.system(), items[static_cast<size_t>(i)].system());
    EXPECT_EQ(row.segment(), items[static_cast<size_t>(i)].segment());
    EXPECT_DOUBLE_EQ(row.score(), 10.0 * (i + 1));
    EXPECT_EQ(row.annotator(), "rater");
  }
  // The cursor: the scores after sequence 1, one of them, is the second score (20).
  const auto page = FromJson<google::protobuf::ListValue>(
      Get(Path(made.campaign_id(), "/scores?afterSequence=1&limit=1"), kAdminToken).body);
  ASSERT_EQ(page.values_size(), 1);
  const auto second = FromJson<v1::ExportedScore>(ToJson(page.values(0)));
  EXPECT_EQ(second.sequence(), 2);
  EXPECT_DOUBLE_EQ(second.score(), 20.0);
  EXPECT_EQ(Get(Path(made.campaign_id(), "/scores?afterSequence=3"), kAdminToken).body, "[]");
  EXPECT_EQ(Get(Path(made.campaign_id(), "/scores?afterSequence=9&limit=2"), kAdminToken).body,
            "[]");
  const auto estimate = FromJson<v1::GetEstimateResponse>(
      Get(Path(made.campaign_id(), "/estimate"), kAdminToken).body);
  EXPECT_EQ(estimate.scores(), 3);
  EXPECT_EQ(estimate.items(), 8);
  // A pairwise route on a scoring campaign names the mismatch.
  ExpectError(Post(Path(made.campaign_id(), ":nextMatch"), R"({"annotator":"rater"})", kAdminToken),
              400, "FAILED_PRECONDITION", "scoring campaign");
  // An empty campaign's export is an empty array.
  const CreatedCampaign empty = CreateCampaign(stub(), MakeConfig("empty", 3, 3, 2));
  HttpResult none = Get(Path(empty.id, "/judgments"), kAdminToken);
  EXPECT_EQ(none.status, 200);
  EXPECT_EQ(none.body, "[]");
}

// TLS with a self-signed certificate made by the openssl command line: the HTTP API serves
// it with the gRPC port's certificate and key.
TEST(HttpApiTls, ServesTlsWithTheGrpcCertificate) {
  if (std::system("openssl version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no openssl binary";
  const std::string dir = testing::TempDir("http_tls");
  ASSERT_EQ(std::system(("openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost "
                         "-keyout " +
                         dir + "/key.pem -out " + dir + "/cert.pem 2>/dev/null")
                            .c_str()),
            0);
  service::ServerOptions options;
  options.http_listen = "127.0.0.1:0";
  options.tls_cert_pem = testing::ReadFile(dir + "/cert.pem");
  options.tls_key_pem = testing::ReadFile(dir + "/key.pem");
  {
    testing::InProcessServer server(dir + "/data", options);
    ASSERT_TRUE(server.ok()) << server.error();
    HttpClient tls(server.server().http_port(), /*tls=*/true);
    HttpResult list = tls.Request("GET", "/v1/campaigns", "", Bearer(kAdminToken));
    EXPECT_EQ(list.status, 200) << list.error;
    EXPECT_EQ(list.body, R"({"campaigns":[]})");
    HttpClient plain(server.server().http_port());
    EXPECT_EQ(plain.Request("GET", "/v1/campaigns", "", Bearer(kAdminToken)).status, 0);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
