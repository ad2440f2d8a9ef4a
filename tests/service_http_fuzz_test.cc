// Property tests of the HTTP API's JSON decoding (service/http_api.h, http_json.h): mutated
// bodies and every field given every JSON type, on every POST route. The server must never
// crash, never answer 5xx, and always answer JSON: the route's response message on 200,
// otherwise an error body whose code is the HTTP status.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <set>

#include "fuzz_mutation.h"
#include "http_client.h"
#include "service_test_util.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::HttpClient;
using testing::HttpResult;
using testing::kAdminToken;
using testing::MakeConfig;

// One POST route with a valid body, and a parser of its response message.
struct RouteCase {
  std::string path;
  std::string body;
  std::function<bool(const std::string&)> parses_response;
};

template <class M>
bool Parses(const std::string& json) {
  M m;
  return google::protobuf::util::JsonStringToMessage(json, &m).ok();
}

class HttpFuzzTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("http_fuzz");
    service::ServerOptions options;
    options.http_listen = "127.0.0.1:0";
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data", options);
    ASSERT_TRUE(server_->ok()) << server_->error();
    campaign_ = CreateCampaign(server_->stub(), MakeConfig("fuzz", 4, 20, 3));
    v1::NextMatchResponse match;
    ASSERT_TRUE(testing::NextMatch(server_->stub(), campaign_, "fuzz", &match).ok());
    const std::string p = "/v1/campaigns/" + std::to_string(campaign_.id);
    std::string create;
    v1::CreateCampaignRequest request;
    *request.mutable_config() = MakeConfig("created", 3, 3, 2);
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(request, &create).ok());
    // A contrastive campaign (2 outputs per screen) and one served screen.
    v1::CreateScoringCampaignRequest screens;
    v1::ScoringCampaignConfig* sc = screens.mutable_config();
    sc->set_name("screens");
    sc->set_screen_size(2);
    for (const char* system : {"A", "B", "C"}) {
      for (int g = 0; g < 6; ++g) {
        v1::ScoringRow* row = sc->add_rows();
        row->set_system(system);
        row->set_document("d");
        row->set_segment("g" + std::to_string(g));
      }
    }
    v1::CreateCampaignResponse made;
    {
      auto ctx = testing::Ctx(kAdminToken);
      ASSERT_TRUE(server_->stub().CreateScoringCampaign(ctx.get(), screens, &made).ok());
    }
    const std::string q = "/v1/campaigns/" + std::to_string(made.campaign_id());
    v1::NextScreenRequest next;
    next.set_campaign_id(made.campaign_id());
    next.set_annotator("fuzz");
    v1::NextScreenResponse screen;
    {
      auto ctx = testing::Ctx(kAdminToken);
      ASSERT_TRUE(server_->stub().NextScreen(ctx.get(), next, &screen).ok());
    }
    routes_ = {
        {q + ":nextScreen", R"({"annotator":"fuzz"})", &Parses<v1::NextScreenResponse>},
        {q + ":submitScreen",
         R"({"annotator":"fuzz","screenId":")" + screen.screen_id() +
             R"(","answers":[{"system":")" + screen.outputs(0).system() +
             R"(","score":40},{"system":")" + screen.outputs(1).system() +
             R"(","score":60}],"timeSpentMs":"1200"})",
         &Parses<v1::SubmitScreenResponse>},
        {p + ":nextMatch", R"({"annotator":"fuzz"})", &Parses<v1::NextMatchResponse>},
        {p + ":submitJudgment",
         R"({"matchId":")" + std::to_string(match.match_id()) +
             R"(","annotator":"fuzz","ranks":[1,2,3],"idempotencyKey":"k"})",
         &Parses<v1::SubmitJudgmentResponse>},
        {p + ":getLeaderboard", R"({"model":"expected-wins","confidence":0.9,"seed":"3"})",
         &Parses<v1::Leaderboard>},
        {p + ":excludeAnnotator", R"({"annotator":"fuzz","include":true})",
         &Parses<v1::ExcludeAnnotatorResponse>},
        {p + ":getPairCounts", R"({"campaignId":")" + std::to_string(campaign_.id) + "\"}",
         &Parses<v1::PairCountsMatrix>},
        {"/v1/campaigns", create, &Parses<v1::CreateCampaignResponse>},
    };
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }

  // Sends `body` to `route` and checks the answer's properties; the HTTP status.
  int Check(HttpClient& client, const RouteCase& route, const std::string& body,
            const std::string& token) {
    const HttpResult r =
        client.Request("POST", route.path, body, {{"Authorization", "Bearer " + token}});
    SCOPED_TRACE(route.path + " " + body);
    EXPECT_TRUE(kExpected.count(r.status)) << r.status << " " << r.body << r.error;
    EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8");
    if (r.status == 200) {
      EXPECT_TRUE(route.parses_response(r.body)) << r.body;
    } else {
      google::protobuf::Struct error;
      EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(r.body, &error).ok()) << r.body;
      const auto& fields = error.fields().at("error").struct_value().fields();
      EXPECT_EQ(fields.at("code").number_value(), r.status) << r.body;
      EXPECT_FALSE(fields.at("message").string_value().empty()) << r.body;
    }
    return r.status;
  }
  // The server still answers both transports.
  void ExpectHealthy() {
    HttpClient client(server_->server().http_port());
    EXPECT_EQ(client
                  .Request("GET", "/v1/campaigns", "",
                           {{"Authorization", std::string("Bearer ") + kAdminToken}})
                  .status,
              200);
    v1::PairCountsMatrix counts;
    EXPECT_TRUE(testing::PairCounts(server_->stub(), campaign_.id, &counts).ok());
  }

  // What a bad body may get: its error, or a refusal of the core (a name taken, leases
  // exhausted); never a 5xx.
  const std::set<int> kExpected = {200, 400, 403, 404, 409, 429};
  std::string dir_;
  std::unique_ptr<testing::InProcessServer> server_;
  CreatedCampaign campaign_;
  std::vector<RouteCase> routes_;
};

TEST_F(HttpFuzzTest, MutatedBodiesAlwaysGetJsonAndNeverA5xx) {
  HttpClient client(server_->server().http_port());
  // JSON's own characters, digits, letters of its literals and escapes, and bytes that are
  // not UTF-8.
  const std::string alphabet = std::string("{}[]:,\" \\/0123456789.-+eEtrufalsn") +
                               std::string("\x00\x7f", 2) + "\xc3\xa9\xff\xed\xa0\x80";
  Rng rng(35);
  std::map<int, int> statuses;
  for (int i = 0; i < 600; ++i) {
    const RouteCase& route = routes_[rng.UniformInt(routes_.size())];
    std::string body = route.body;
    testing::MutateText(rng, alphabet, 1 + static_cast<int>(rng.UniformInt(4)), 3, &body);
    ++statuses[Check(client, route, body, i % 3 ? kAdminToken : campaign_.token)];
  }
  // The mutations reached both the decoder's refusals and the core behind it.
  EXPECT_GT(statuses[400], 100);
  EXPECT_GT(statuses[200] + statuses[403] + statuses[404] + statuses[409], 0);
  ExpectHealthy();
}

TEST_F(HttpFuzzTest, EveryFieldOfEveryTypeGetsJsonAndNeverA5xx) {
  HttpClient client(server_->server().http_port());
  // clang-format off
  const std::vector<std::string> values = {
      "true", "false", "null", "0", "-1", "1.5", "1e309", "\"\"", "\"x\"", "\"-1\"",
      "\"18446744073709551616\"", "\"NaN\"", "[]", "[1]", "[\"a\"]", "{}", "{\"a\":1}",
      "\"\\u0000\"", "\"\\ud800\"", std::string(300, '[') + std::string(300, ']')};
  // clang-format on
  int answered = 0;
  for (const RouteCase& route : routes_) {
    google::protobuf::Struct valid;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(route.body, &valid).ok());
    for (const auto& [name, unused] : valid.fields()) {
      for (const std::string& value : values) {
        // The valid body with this one field replaced by `value`.
        google::protobuf::Struct others = valid;
        others.mutable_fields()->erase(name);
        std::string body;
        ASSERT_TRUE(google::protobuf::util::MessageToJsonString(others, &body).ok());
        body.insert(1, "\"" + name + "\":" + value + (others.fields().empty() ? "" : ","));
        Check(client, route, body, kAdminToken);
        ++answered;
      }
    }
  }
  EXPECT_GT(answered, 200);
  ExpectHealthy();
}

TEST_F(HttpFuzzTest, MalformedHttpNeverCrashesTheServer) {
  Rng rng(7);
  const std::vector<std::string> requests = {
      "GARBAGE\r\n\r\n",
      "POST /v1/campaigns HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
      "POST /v1/campaigns HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "GET /" + std::string(100000, 'a') + " HTTP/1.1\r\nHost: h\r\n\r\n",
      "GET /v1/campaigns HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer " + std::string(5000, 'x') +
          "\r\n\r\n",
      std::string("\x16\x03\x01\x00\x05hello", 10),
  };
  // Any answer, or none: only the server's survival matters.
  for (const std::string& bytes : requests) {
    HttpClient(server_->server().http_port()).SendAndClose(bytes);
  }
  const std::string alphabet = std::string("\r\n: /\x00\xff", 7) + "0123456789abc";
  for (int i = 0; i < 50; ++i) {
    std::string bytes =
        "POST /v1/campaigns/1:nextMatch HTTP/1.1\r\nHost: h\r\n"
        "Content-Length: 2\r\n\r\n{}";
    testing::MutateText(rng, alphabet, 3, 4, &bytes);
    HttpClient(server_->server().http_port()).SendAndClose(bytes);
  }
  ExpectHealthy();
}

}  // namespace
}  // namespace tourney
