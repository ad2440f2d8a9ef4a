// The annotator page and the organiser's dashboard (web/, docs/web.md), compiled into
// tourneyd and served beside the JSON API on the --http-listen port:
//   GET /annotate/{campaign_id}   web/annotate.html (the annotator's token in the fragment)
//   GET /dashboard/{campaign_id}  web/dashboard.html (the admin token in the fragment)
//   GET /web/<file>               any file of web/ (scripts, style sheets)
// HEAD too. The pages call only the public JSON API (http_api.h); nothing here reads a
// campaign. Every page answer carries a strict Content-Security-Policy (kWebContentSecurity
// Policy), X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer and an ETag (a
// matching If-None-Match is answered 304), with Cache-Control: no-cache so that a new build
// is picked up at once.
//
// WebFrontend also refuses cross-origin state-changing calls to the API: a request other
// than GET or HEAD whose Origin header is present and is not the server's own (scheme and
// the Host header) is answered 403 PERMISSION_DENIED before the API sees it. The API's
// tokens travel in the Authorization header, which a cross-site form cannot set, so this is
// a second line against CSRF, not the only one.
// Thread safety: the assets are immutable; WebFrontend may run on many threads at once.
#ifndef TOURNEY_SERVICE_WEB_ASSETS_H_
#define TOURNEY_SERVICE_WEB_ASSETS_H_

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "http_server.h"

namespace tourney::service {

// One embedded file of web/.
struct WebAsset {
  std::string_view name;          // the file name under web/, e.g. "annotate.js"
  std::string_view content_type;  // e.g. "text/javascript; charset=utf-8"
  std::string_view bytes;         // the file's bytes, exactly
  std::string_view etag;          // a strong ETag: quoted hex digits of the file's SHA-256
};

// The policy of every page and asset answer.
inline constexpr std::string_view kWebContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Every embedded file, sorted by name. Static storage: never freed.
std::span<const WebAsset> EmbeddedWebAssets();

// The embedded file of that name, or null.
const WebAsset* FindWebAsset(std::string_view name);

// The sum of the embedded files' sizes.
size_t EmbeddedWebAssetBytes();

// True when an If-None-Match header value names `etag`: "*", or a comma-separated list
// that holds it, weak (W/) or strong. The pages' assets and the JSON API's GETs answer 304
// then.
bool IfNoneMatchNames(std::string_view header, std::string_view etag);

// The HTTP handler of --http-listen: the pages and assets above, the Origin check, and
// everything else handed to `api` (the JSON API), which must outlive the WebFrontend.
class WebFrontend final : public HttpHandler {
 public:
  explicit WebFrontend(HttpHandler* api) : api_(api) {}
  WebFrontend(const WebFrontend&) = delete;
  WebFrontend& operator=(const WebFrontend&) = delete;

  // Pages: 405 (with Allow) for a method other than GET or HEAD, else nullopt (the page is
  // sent by Handle). API: 403 for a cross-origin state-changing request, else api's Admit.
  std::optional<HttpResponse> Admit(const HttpRequest& request) override;
  // Pages: 200 with the bytes, 304 when If-None-Match names the ETag, 404 (JSON error body)
  // for an unknown file or a campaign id that is not a number. API: api's Handle.
  HttpResponse Handle(const HttpRequest& request) override;

 private:
  HttpHandler* const api_;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_WEB_ASSETS_H_
