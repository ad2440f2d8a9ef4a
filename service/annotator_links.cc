// Annotator links: AddAnnotators, ListAnnotators and RevokeAnnotator, the check of a link
// token on annotator calls, and the links' start-up load.
//
// A link is a bearer token bound to one annotator name of one campaign (pairwise or
// scoring). The server keeps only its SHA-256 digest, in the store's `annotator_links`
// table and in memory (links_, by registry_mu_). Adding and revoking links are rare admin
// calls: they are serialized by one mutex (LinkWriteMutex) from the check of the names to the
// commit, so two calls cannot issue live links for one name.
#include <algorithm>
#include <future>
#include <set>
#include <string>
#include <vector>

#include "auth.h"
#include "live_campaign.h"
#include "live_scoring_campaign.h"
#include "tournament_service.h"

namespace tourney::service {

namespace {

// At most this many links per AddAnnotators call.
constexpr int kMaxLinksPerCall = 1000;

// The mutex that serializes link writes (one per process: the calls are rare).
std::mutex& LinkWriteMutex() {
  static std::mutex mu;
  return mu;
}

}  // namespace

std::optional<grpc::Status> TournamentService::CheckLinkLocked(const std::string& digest,
                                                               Access access, uint64_t campaign_id,
                                                               const std::string* acting_as) const {
  auto it = links_.find(digest);
  if (it == links_.end()) return std::nullopt;
  const StoredAnnotatorLink& link = it->second;
  if (link.revoked_unix_ms != 0) {
    return Error(StatusCode::UNAUTHENTICATED,
                 "this annotator link was revoked; ask the organiser for a new one");
  }
  if (access == Access::kAdmin) {
    return Error(StatusCode::PERMISSION_DENIED,
                 "this call needs the admin token; an annotator link's token was given");
  }
  if (link.campaign_id != campaign_id) {
    return Error(StatusCode::PERMISSION_DENIED, "this annotator link is for campaign " +
                                                    std::to_string(link.campaign_id) + ", not " +
                                                    std::to_string(campaign_id));
  }
  if (acting_as == nullptr || *acting_as != link.annotator) {
    return Error(StatusCode::PERMISSION_DENIED, "this annotator link is for annotator '" +
                                                    link.annotator + "'; it cannot act as '" +
                                                    (acting_as ? *acting_as : std::string()) + "'");
  }
  return grpc::Status::OK;
}

bool TournamentService::CampaignExists(uint64_t campaign_id) const {
  std::shared_lock lock(registry_mu_);
  return campaigns_.count(campaign_id) > 0 || scoring_.count(campaign_id) > 0;
}

Status TournamentService::LoadAnnotatorLinks() {
  std::unique_lock lock(registry_mu_);
  return store_->LoadAnnotatorLinks([&](StoredAnnotatorLink row) -> Status {
    if (row.token_sha256.size() != 32) {
      return FailedPrecondition(store_->path() + ": annotator link of '" + row.annotator +
                                "' in campaign " + std::to_string(row.campaign_id) +
                                ": malformed token digest");
    }
    if (!campaigns_.count(row.campaign_id) && !scoring_.count(row.campaign_id)) {
      return FailedPrecondition(store_->path() + ": annotator link of '" + row.annotator +
                                "': unknown campaign " + std::to_string(row.campaign_id));
    }
    links_by_campaign_[row.campaign_id].push_back(row.token_sha256);
    std::string digest = row.token_sha256;
    links_[std::move(digest)] = std::move(row);
    return Status::Ok();
  });
}

grpc::Status TournamentService::DoAddAnnotators(const CallContext* context,
                                                const v1::AddAnnotatorsRequest* request,
                                                v1::AddAnnotatorsResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  const uint64_t campaign_id = request->campaign_id();
  if (!CampaignExists(campaign_id)) {
    return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(campaign_id));
  }
  if (request->names_size() > 0 && request->count() != 0) {
    return Error(StatusCode::INVALID_ARGUMENT, "give names or count, not both");
  }
  if (request->names_size() == 0 && (request->count() < 1 || request->count() > kMaxLinksPerCall)) {
    return Error(StatusCode::INVALID_ARGUMENT, "count: 1.." + std::to_string(kMaxLinksPerCall) +
                                                   " (or give names), got " +
                                                   std::to_string(request->count()));
  }
  if (request->names_size() > kMaxLinksPerCall) {
    return Error(StatusCode::INVALID_ARGUMENT, "names: at most " +
                                                   std::to_string(kMaxLinksPerCall) + ", got " +
                                                   std::to_string(request->names_size()));
  }
  std::set<std::string> asked;
  for (int i = 0; i < request->names_size(); ++i) {
    const std::string& name = request->names(i);
    if (!ValidAnnotatorName(name)) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "names[" + std::to_string(i) +
                       "]: an annotator must be 1..128 bytes of letters, digits and . _ @ : -");
    }
    if (!asked.insert(name).second) {
      return Error(StatusCode::INVALID_ARGUMENT,
                   "names[" + std::to_string(i) + "]: '" + name + "' is given twice");
    }
  }

  std::lock_guard<std::mutex> write_lock(LinkWriteMutex());
  std::vector<StoredAnnotatorLink> rows;
  std::vector<std::string> tokens;
  {
    std::shared_lock lock(registry_mu_);
    std::set<std::string> live, any;
    size_t held = 0;
    if (auto it = links_by_campaign_.find(campaign_id); it != links_by_campaign_.end()) {
      held = it->second.size();
      for (const std::string& digest : it->second) {
        const StoredAnnotatorLink& link = links_.at(digest);
        any.insert(link.annotator);
        if (link.revoked_unix_ms == 0) live.insert(link.annotator);
      }
    }
    std::vector<std::string> names(request->names().begin(), request->names().end());
    for (const std::string& name : names) {
      if (live.count(name)) {
        return Error(StatusCode::ALREADY_EXISTS,
                     "annotator '" + name + "' of campaign " + std::to_string(campaign_id) +
                         " already has a live link; revoke it first to issue a new one");
      }
    }
    for (int n = 1; static_cast<int>(names.size()) < request->count(); ++n) {
      std::string name = "annotator-" + std::to_string(n);
      if (!any.count(name)) names.push_back(std::move(name));
    }
    if (static_cast<int64_t>(held + names.size()) > limits_.max_annotators_per_campaign) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "campaign " + std::to_string(campaign_id) + " would have " +
                       std::to_string(held + names.size()) +
                       " annotator links, over the server's " +
                       std::to_string(limits_.max_annotators_per_campaign));
    }
    const int64_t now = NowUnixMs();
    for (std::string& name : names) {
      auto token = NewToken();
      if (!token.ok()) return ToGrpc(token.status());
      StoredAnnotatorLink& row = rows.emplace_back();
      row.campaign_id = campaign_id;
      row.annotator = std::move(name);
      row.token_sha256 = Sha256(*token);
      row.created_unix_ms = now;
      tokens.push_back(std::move(*token));
    }
  }
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [rows](WriteTransaction& txn, BatchContext&) -> Status {
        for (const StoredAnnotatorLink& row : rows) {
          Status s = txn.InsertAnnotatorLink(row);
          if (!s.ok()) return s;
        }
        return Status::Ok();
      },
      [this, rows, done](const Status& s) {
        if (s.ok()) {
          std::unique_lock lock(registry_mu_);
          for (const StoredAnnotatorLink& row : rows) {
            links_by_campaign_[row.campaign_id].push_back(row.token_sha256);
            links_[row.token_sha256] = row;
          }
        }
        done->set_value(s);
      }));
  Status s = result.get();
  if (!s.ok()) {
    return Error(StatusCode::UNAVAILABLE,
                 "the annotator links could not be stored: " + s.message());
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    v1::AnnotatorLink* link = response->add_links();
    link->set_annotator(rows[i].annotator);
    link->set_token(tokens[i]);
    link->set_created_unix_ms(rows[i].created_unix_ms);
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoListAnnotators(const CallContext* context,
                                                 const v1::ListAnnotatorsRequest* request,
                                                 v1::ListAnnotatorsResponse* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  if (!CampaignExists(request->campaign_id())) {
    return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(request->campaign_id()));
  }
  std::vector<StoredAnnotatorLink> links;
  {
    std::shared_lock lock(registry_mu_);
    if (auto it = links_by_campaign_.find(request->campaign_id()); it != links_by_campaign_.end()) {
      for (const std::string& digest : it->second) links.push_back(links_.at(digest));
    }
  }
  // By name, then creation (the stable sort keeps the creation order within a name).
  std::stable_sort(links.begin(), links.end(),
                   [](const auto& a, const auto& b) { return a.annotator < b.annotator; });
  for (const StoredAnnotatorLink& l : links) {
    v1::AnnotatorLink* out = response->add_links();
    out->set_annotator(l.annotator);
    out->set_created_unix_ms(l.created_unix_ms);
    out->set_revoked_unix_ms(l.revoked_unix_ms);
  }
  return grpc::Status::OK;
}

grpc::Status TournamentService::DoRevokeAnnotator(const CallContext* context,
                                                  const v1::RevokeAnnotatorRequest* request,
                                                  v1::AnnotatorLink* response) {
  grpc::Status auth = AuthorizeAdmin(context);
  if (!auth.ok()) return auth;
  const uint64_t campaign_id = request->campaign_id();
  if (!CampaignExists(campaign_id)) {
    return Error(StatusCode::NOT_FOUND, "no campaign " + std::to_string(campaign_id));
  }
  std::lock_guard<std::mutex> write_lock(LinkWriteMutex());
  StoredAnnotatorLink link;
  {
    std::shared_lock lock(registry_mu_);
    if (auto it = links_by_campaign_.find(campaign_id); it != links_by_campaign_.end()) {
      for (const std::string& digest : it->second) {
        const StoredAnnotatorLink& l = links_.at(digest);
        if (l.annotator == request->annotator() && l.revoked_unix_ms == 0) link = l;
      }
    }
  }
  if (link.token_sha256.empty()) {
    return Error(StatusCode::NOT_FOUND, "annotator '" + request->annotator() + "' of campaign " +
                                            std::to_string(campaign_id) + " has no live link");
  }
  link.revoked_unix_ms = NowUnixMs();
  auto done = std::make_shared<std::promise<Status>>();
  std::future<Status> result = done->get_future();
  queue_->Enqueue(std::make_unique<CallbackOp>(
      [link](WriteTransaction& txn, BatchContext&) {
        return txn.RevokeAnnotatorLink(link.token_sha256, link.revoked_unix_ms);
      },
      [this, link, done](const Status& s) {
        if (s.ok()) {
          std::unique_lock lock(registry_mu_);
          links_[link.token_sha256].revoked_unix_ms = link.revoked_unix_ms;
        }
        done->set_value(s);
      }));
  Status s = result.get();
  if (!s.ok()) {
    return Error(StatusCode::UNAVAILABLE, "the revocation could not be stored: " + s.message());
  }
  response->set_annotator(link.annotator);
  response->set_created_unix_ms(link.created_unix_ms);
  response->set_revoked_unix_ms(link.revoked_unix_ms);
  return grpc::Status::OK;
}

// --- The gRPC transport of the three calls (their requests are admin-only) ---

grpc::Status TournamentService::AddAnnotators(grpc::ServerContext* context,
                                              const v1::AddAnnotatorsRequest* request,
                                              v1::AddAnnotatorsResponse* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoAddAnnotators(&call, request, response);
}

grpc::Status TournamentService::ListAnnotators(grpc::ServerContext* context,
                                               const v1::ListAnnotatorsRequest* request,
                                               v1::ListAnnotatorsResponse* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoListAnnotators(&call, request, response);
}

grpc::Status TournamentService::RevokeAnnotator(grpc::ServerContext* context,
                                                const v1::RevokeAnnotatorRequest* request,
                                                v1::AnnotatorLink* response) {
  const CallContext call = CallContext::FromGrpc(*context);
  return DoRevokeAnnotator(&call, request, response);
}

}  // namespace tourney::service
