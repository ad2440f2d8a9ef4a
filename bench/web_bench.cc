// The annotator page's first load from tourneyd on loopback (docs/web.md): a new
// connection, GET /annotate/{id}, then every file the page loads (its style sheet, its
// script and the modules the script imports), one after another as a browser's module
// graph requires them; and the same load revalidated (If-None-Match: every answer a 304).
// Targets: <= 100 ms for the first load, <= 150 KB for all of web/. The server is the
// HttpServer of tourneyd with its WebFrontend; the JSON API behind it is not called.
// Run: build/bin/web_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "http_client.h"
#include "web_assets.h"

namespace tourney::service {
namespace {

// The files the annotator page loads, in the order a browser can first ask for them.
const std::vector<std::string> kAnnotatorLoad = {"/annotate/7", "/web/style.css",
                                                 "/web/annotate.js", "/web/common.js",
                                                 "/web/scoring.js", "/web/screens.js"};

// Every request here is a page route: the API is never reached.
class NoApi final : public HttpHandler {
 public:
  std::optional<HttpResponse> Admit(const HttpRequest&) override {
    HttpResponse r;
    r.status = 404;
    return r;
  }
  HttpResponse Handle(const HttpRequest&) override { return *Admit(HttpRequest{}); }
};

struct Served {
  NoApi api;
  WebFrontend frontend{&api};
  std::unique_ptr<HttpServer> server;
  Served() {
    auto started = HttpServer::Start(HttpServerOptions{}, &frontend);
    if (!started.ok()) {
      std::fprintf(stderr, "web_bench: %s\n", started.status().message().c_str());
      std::abort();
    }
    server = std::move(*started);
  }
};

Served& Server() {
  static Served* served = new Served();
  return *served;
}

void BM_AnnotatorFirstLoad(benchmark::State& state) {
  const int port = Server().server->port();
  size_t bytes = 0;
  for (auto _ : state) {
    testing::HttpClient client(port);  // a new connection, as a first visit opens
    bytes = 0;
    for (const std::string& path : kAnnotatorLoad) {
      const testing::HttpResult r = client.Request("GET", path);
      if (r.status != 200) {
        state.SkipWithError(("GET " + path + " failed").c_str());
        return;
      }
      bytes += r.body.size();
    }
  }
  state.counters["page_bytes"] = static_cast<double>(bytes);
  state.counters["all_web_bytes"] = static_cast<double>(EmbeddedWebAssetBytes());
  state.counters["requests"] = static_cast<double>(kAnnotatorLoad.size());
}
BENCHMARK(BM_AnnotatorFirstLoad)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_AnnotatorRevalidatedLoad(benchmark::State& state) {
  const int port = Server().server->port();
  std::map<std::string, std::string> etags;
  {
    testing::HttpClient client(port);
    for (const std::string& path : kAnnotatorLoad) {
      etags[path] = client.Request("GET", path).Header("etag");
    }
  }
  for (auto _ : state) {
    testing::HttpClient client(port);
    for (const std::string& path : kAnnotatorLoad) {
      const testing::HttpResult r =
          client.Request("GET", path, "", {{"If-None-Match", etags[path]}});
      if (r.status != 304) {
        state.SkipWithError(("GET " + path + " was not a 304").c_str());
        return;
      }
    }
  }
}
BENCHMARK(BM_AnnotatorRevalidatedLoad)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tourney::service

BENCHMARK_MAIN();
