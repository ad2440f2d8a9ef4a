#include "web_assets.h"

#include <algorithm>
#include <string>

#include "http_json.h"

namespace tourney::service {
namespace internal {
// Defined in the source embed_web_assets.cmake generates, sorted by name.
extern const WebAsset kEmbeddedWebAssets[];
extern const size_t kEmbeddedWebAssetCount;
}  // namespace internal

namespace {

constexpr std::string_view kAssetPrefix = "/web/";
// The two pages, each followed by a campaign id.
constexpr std::pair<std::string_view, std::string_view> kPages[] = {
    {"/annotate/", "annotate.html"},
    {"/dashboard/", "dashboard.html"},
};

bool IsPagePath(std::string_view path) {
  if (path.starts_with(kAssetPrefix)) return true;
  return std::any_of(std::begin(kPages), std::end(kPages),
                     [path](const auto& page) { return path.starts_with(page.first); });
}

bool IsCampaignId(std::string_view text) {
  if (text.empty() || text.size() > 20 || text.front() == '0') return false;
  if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  // 1..2^64-1: twenty digits only up to 18446744073709551615.
  return text.size() < 20 || text <= "18446744073709551615";
}

// The file a page path names, or null.
const WebAsset* AssetOfPath(std::string_view path) {
  if (path.starts_with(kAssetPrefix)) {
    const std::string_view name = path.substr(kAssetPrefix.size());
    if (name.find('/') != std::string_view::npos) return nullptr;
    return FindWebAsset(name);
  }
  for (const auto& [prefix, file] : kPages) {
    if (path.starts_with(prefix) && IsCampaignId(path.substr(prefix.size()))) {
      return FindWebAsset(file);
    }
  }
  return nullptr;
}

HttpResponse WebError(int status, std::string_view code, std::string_view message) {
  HttpResponse r;
  r.status = status;
  r.body = ErrorJson(status, code, message);
  r.headers = {{"Content-Type", "application/json; charset=utf-8"},
               {"Cache-Control", "no-store"},
               {"X-Content-Type-Options", "nosniff"}};
  return r;
}

HttpResponse AssetResponse(const HttpRequest& request, const WebAsset& asset) {
  HttpResponse r;
  r.headers = {{"Content-Security-Policy", std::string(kWebContentSecurityPolicy)},
               {"X-Content-Type-Options", "nosniff"},
               {"Referrer-Policy", "no-referrer"},
               {"X-Frame-Options", "DENY"},
               {"Cache-Control", "no-cache"},
               {"ETag", std::string(asset.etag)}};
  if (request.if_none_match && IfNoneMatchNames(*request.if_none_match, asset.etag)) {
    r.status = 304;
    return r;
  }
  r.headers.emplace_back("Content-Type", std::string(asset.content_type));
  r.body = std::string(asset.bytes);
  return r;
}

// True when a request with an Origin header comes from another origin than the server's:
// the Origin must be "http://" or "https://" followed by the Host header exactly.
bool CrossOrigin(const HttpRequest& request) {
  if (!request.origin) return false;
  if (!request.host || request.host->empty()) return true;
  const std::string& origin = *request.origin;
  return origin != "http://" + *request.host && origin != "https://" + *request.host;
}

}  // namespace

bool IfNoneMatchNames(std::string_view header, std::string_view etag) {
  if (header == "*") return true;
  size_t from = 0;
  while (from <= header.size()) {
    size_t comma = header.find(',', from);
    if (comma == std::string_view::npos) comma = header.size();
    std::string_view tag = header.substr(from, comma - from);
    while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
    while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == etag) return true;
    from = comma + 1;
  }
  return false;
}

std::span<const WebAsset> EmbeddedWebAssets() {
  return {internal::kEmbeddedWebAssets, internal::kEmbeddedWebAssetCount};
}

const WebAsset* FindWebAsset(std::string_view name) {
  const std::span<const WebAsset> assets = EmbeddedWebAssets();
  const auto it = std::lower_bound(assets.begin(), assets.end(), name,
                                   [](const WebAsset& a, std::string_view n) { return a.name < n; });
  return it != assets.end() && it->name == name ? &*it : nullptr;
}

size_t EmbeddedWebAssetBytes() {
  size_t total = 0;
  for (const WebAsset& asset : EmbeddedWebAssets()) total += asset.bytes.size();
  return total;
}

std::optional<HttpResponse> WebFrontend::Admit(const HttpRequest& request) {
  if (IsPagePath(request.path)) {
    if (request.method == "GET" || request.method == "HEAD") return std::nullopt;
    HttpResponse r = WebError(405, "UNIMPLEMENTED",
                              request.path + " takes GET, HEAD, not " + request.method);
    r.headers.emplace_back("Allow", "GET, HEAD");
    return r;
  }
  if (request.method != "GET" && request.method != "HEAD" && CrossOrigin(request)) {
    return WebError(403, "PERMISSION_DENIED",
                    "a cross-origin request may not change state: the Origin header names "
                    "another site than this server (docs/web.md)");
  }
  return api_->Admit(request);
}

HttpResponse WebFrontend::Handle(const HttpRequest& request) {
  if (!IsPagePath(request.path)) return api_->Handle(request);
  const WebAsset* asset = AssetOfPath(request.path);
  if (!asset) {
    return WebError(404, "NOT_FOUND",
                    "no page or file " + request.path +
                        "; the pages are /annotate/{campaign_id} and /dashboard/{campaign_id} "
                        "(docs/web.md)");
  }
  return AssetResponse(request, *asset);
}

}  // namespace tourney::service
