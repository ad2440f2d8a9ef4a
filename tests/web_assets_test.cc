// The web pages compiled into tourneyd (service/web_assets.h): every file of web/ is
// embedded byte for byte, the routes serve them with the security headers, unknown files
// are 404, and cross-origin state changes never reach the API. Over a real HttpServer on
// loopback, with a stand-in for the JSON API.
#include "web_assets.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "http_client.h"

namespace tourney::service {
namespace {

const std::filesystem::path kWebDir = std::filesystem::path(TOURNEY_SOURCE_DIR) / "web";

// The policy docs/web.md states, written out here apart from the code's constant.
constexpr char kExpectedPolicy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

std::string ReadWebFile(const std::string& name) {
  std::ifstream in(kWebDir / name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The JSON API's stand-in: answers 200 "api" and counts the requests it saw.
class FakeApi final : public HttpHandler {
 public:
  std::optional<HttpResponse> Admit(const HttpRequest&) override {
    ++admitted;
    return std::nullopt;
  }
  HttpResponse Handle(const HttpRequest&) override {
    ++handled;
    HttpResponse r;
    r.body = "api";
    return r;
  }
  std::atomic<int> admitted{0};
  std::atomic<int> handled{0};
};

class WebAssetsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = HttpServer::Start(HttpServerOptions{}, &frontend_);
    ASSERT_TRUE(server.ok()) << server.status().message();
    server_ = std::move(*server);
    client_ = std::make_unique<testing::HttpClient>(server_->port());
  }
  FakeApi api_;
  WebFrontend frontend_{&api_};
  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<testing::HttpClient> client_;
};

TEST(WebAssets, EmbedsEveryFileOfWebByteForByte) {
  std::set<std::string> on_disk;
  for (const auto& entry : std::filesystem::directory_iterator(kWebDir)) {
    on_disk.insert(entry.path().filename().string());
  }
  std::set<std::string> embedded;
  size_t total = 0;
  for (const WebAsset& asset : EmbeddedWebAssets()) {
    embedded.insert(std::string(asset.name));
    EXPECT_EQ(asset.bytes, ReadWebFile(std::string(asset.name))) << asset.name;
    total += asset.bytes.size();
  }
  EXPECT_EQ(embedded, on_disk);
  EXPECT_EQ(EmbeddedWebAssetBytes(), total);
  EXPECT_LE(total, 150u * 1024u) << "the pages' budget is 150 KB";
  EXPECT_TRUE(embedded.count("annotate.html") && embedded.count("dashboard.html"));
}

TEST(WebAssets, FindsByExactNameOnly) {
  ASSERT_NE(FindWebAsset("annotate.js"), nullptr);
  EXPECT_EQ(FindWebAsset("annotate.js")->content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(FindWebAsset("style.css")->content_type, "text/css; charset=utf-8");
  EXPECT_EQ(FindWebAsset("annotate.html")->content_type, "text/html; charset=utf-8");
  EXPECT_EQ(FindWebAsset("Annotate.js"), nullptr);
  EXPECT_EQ(FindWebAsset("annotate"), nullptr);
  EXPECT_EQ(FindWebAsset(""), nullptr);
}

TEST_F(WebAssetsTest, ServesTheAnnotatorPageWithTheSecurityHeaders) {
  const testing::HttpResult r = client_->Request("GET", "/annotate/7");
  ASSERT_EQ(r.status, 200) << r.error;
  EXPECT_EQ(r.body, ReadWebFile("annotate.html"));
  EXPECT_EQ(r.Header("content-type"), "text/html; charset=utf-8");
  EXPECT_EQ(r.Header("content-security-policy"), kExpectedPolicy);
  EXPECT_EQ(r.Header("x-content-type-options"), "nosniff");
  EXPECT_EQ(r.Header("referrer-policy"), "no-referrer");
  EXPECT_EQ(r.Header("cache-control"), "no-cache");
  EXPECT_FALSE(r.Header("etag").empty());
  // Scoring campaigns' ids (2^32 and up) and the largest id.
  EXPECT_EQ(client_->Request("GET", "/annotate/4294967296").status, 200);
  EXPECT_EQ(client_->Request("GET", "/annotate/18446744073709551615").status, 200);
  EXPECT_EQ(api_.admitted, 0);
}

TEST_F(WebAssetsTest, ServesTheDashboardAndEveryAsset) {
  const testing::HttpResult page = client_->Request("GET", "/dashboard/12");
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.body, ReadWebFile("dashboard.html"));
  for (const WebAsset& asset : EmbeddedWebAssets()) {
    const std::string name(asset.name);
    const testing::HttpResult r = client_->Request("GET", "/web/" + name);
    ASSERT_EQ(r.status, 200) << name;
    EXPECT_EQ(r.body, ReadWebFile(name)) << name;
    EXPECT_EQ(r.Header("content-security-policy"), kExpectedPolicy) << name;
  }
}

TEST_F(WebAssetsTest, AnswersNotModifiedToItsOwnEtag) {
  const testing::HttpResult first = client_->Request("GET", "/web/annotate.js");
  const std::string etag = first.Header("etag");
  ASSERT_EQ(etag.size(), 18u);  // 16 hex digits, quoted
  const testing::HttpResult again =
      client_->Request("GET", "/web/annotate.js", "", {{"If-None-Match", etag}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  const testing::HttpResult other =
      client_->Request("GET", "/web/annotate.js", "", {{"If-None-Match", "\"0000\""}});
  EXPECT_EQ(other.status, 200);
}

TEST_F(WebAssetsTest, UnknownFilesAndMalformedIdsAre404WithAJsonError) {
  for (const char* path : {"/web/nothing.js", "/web/", "/web/../service/main.cc", "/annotate/",
                           "/annotate/abc", "/annotate/0", "/annotate/007",
                           "/annotate/18446744073709551616", "/dashboard/1/x"}) {
    const testing::HttpResult r = client_->Request("GET", path);
    EXPECT_EQ(r.status, 404) << path;
    EXPECT_EQ(r.Header("content-type"), "application/json; charset=utf-8") << path;
    EXPECT_NE(r.body.find("\"status\":\"NOT_FOUND\""), std::string::npos) << path << r.body;
  }
  EXPECT_EQ(api_.admitted, 0);
}

TEST_F(WebAssetsTest, PagesTakeGetAndHeadOnly) {
  const testing::HttpResult r = client_->Request("POST", "/annotate/7", "{}");
  EXPECT_EQ(r.status, 405);
  EXPECT_EQ(r.Header("allow"), "GET, HEAD");
  HttpRequest head;
  head.method = "HEAD";
  head.path = "/web/style.css";
  EXPECT_FALSE(frontend_.Admit(head).has_value());
  EXPECT_EQ(frontend_.Handle(head).status, 200);
}

TEST_F(WebAssetsTest, RefusesCrossOriginStateChangesBeforeTheApi) {
  const auto post = [&](const std::string& origin) {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!origin.empty()) headers.emplace_back("Origin", origin);
    return client_->Request("POST", "/v1/campaigns/1:nextMatch", "{}", headers);
  };
  const testing::HttpResult foreign = post("https://evil.example");
  EXPECT_EQ(foreign.status, 403);
  EXPECT_NE(foreign.body.find("PERMISSION_DENIED"), std::string::npos);
  EXPECT_EQ(post("null").status, 403);
  EXPECT_EQ(post("http://127.0.0.1:1").status, 403);  // another port is another origin
  EXPECT_EQ(api_.admitted, 0);
  // The client's Host header is 127.0.0.1: that origin, and none, reach the API.
  EXPECT_EQ(post("http://127.0.0.1").status, 200);
  EXPECT_EQ(post("").status, 200);
  // Reads are not state changes: a GET with a foreign Origin goes on to the API (whose
  // bearer token a cross-site page cannot send anyway).
  EXPECT_EQ(client_->Request("GET", "/v1/campaigns", "", {{"Origin", "https://evil.example"}})
                .status,
            200);
  EXPECT_EQ(api_.handled, 3);
}

}  // namespace
}  // namespace tourney::service
