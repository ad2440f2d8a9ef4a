// Internal to tourneyd: the live state of one campaign and the small helpers the RPC files
// (campaign_rpcs.cc, judging_rpcs.cc, leaderboard_rpcs.cc, tournament_service.cc) share.
// Not part of any public surface.
#ifndef TOURNEY_SERVICE_LIVE_CAMPAIGN_H_
#define TOURNEY_SERVICE_LIVE_CAMPAIGN_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "commit_queue.h"
#include "content_index.h"
#include "convert.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/statistics/annotator_quality.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::service {

using grpc::StatusCode;

inline grpc::Status Error(StatusCode code, std::string message) {
  return grpc::Status(code, std::move(message));
}

// Annotator names: 1..128 bytes of [A-Za-z0-9._@:-].
inline bool ValidAnnotatorName(const std::string& a) {
  if (a.empty() || a.size() > kMaxAnnotatorBytes) return false;
  return std::all_of(a.begin(), a.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '@' || c == ':' || c == '-';
  });
}

// INVALID_ARGUMENT unless `a` is a valid annotator name (ValidAnnotatorName).
inline grpc::Status CheckAnnotatorName(const std::string& a) {
  if (ValidAnnotatorName(a)) return grpc::Status::OK;
  return Error(StatusCode::INVALID_ARGUMENT,
               "annotator must be 1..128 bytes of letters, digits and . _ @ : -");
}

// What a committed submission returns; also what an identical retry returns.
struct Ack {
  Status status;
  int64_t sequence = 0;
  int64_t committed_unix_ms = 0;
};

// A write op made of two callbacks.
class CallbackOp final : public WriteOp {
 public:
  CallbackOp(std::function<Status(WriteTransaction&, BatchContext&)> write,
             std::function<void(const Status&)> done)
      : write_(std::move(write)), done_(std::move(done)) {}
  Status Write(WriteTransaction& txn, BatchContext& batch) override { return write_(txn, batch); }
  void Done(const Status& status) override { done_(status); }

 private:
  std::function<Status(WriteTransaction&, BatchContext&)> write_;
  std::function<void(const Status&)> done_;
};

// A submission being committed: shared by the call that made it and identical retries.
struct Submission {
  std::vector<uint8_t> ranks;
  std::string idempotency_key;
  std::promise<Ack> promise;
  std::shared_future<Ack> ack = promise.get_future().share();
};

// A match leased to an annotator.
struct Lease {
  uint64_t match_id = 0;
  std::string annotator;
  std::vector<SystemId> systems;
  int32_t segment_index = 0;
  int64_t expires_unix_ms = 0;
  int64_t leased_unix_ms = 0;  // when the match was leased
  QualityCheck check = QualityCheck::kNone;
  uint64_t check_ref = 0;                  // a repeat's original match
  std::vector<uint8_t> original_ranks;     // a repeat's original answer
  // The uniform floor's draw and its probability (ProposedMatch); false and 0 for checks.
  bool uniform_draw = false;
  double selection_probability = 0.0;
  std::shared_ptr<Submission> submission;  // set while a submission is being committed
  // The client address of a NextMatch made with the campaign's shared token (open
  // enrolment caps leases per client); empty otherwise.
  std::string client;
};

// A judged match quality control may show its annotator again.
struct RepeatableItem {
  uint64_t match_id = 0;
  int32_t segment_index = 0;
  std::vector<SystemId> systems;  // in display order
};

// Checks a pairwise campaign's content (every segment with every system's output) and
// indexes it; INVALID_ARGUMENT naming what is wrong.
grpc::Status IndexCampaignContent(const v1::CampaignConfig& config, const CampaignState& state,
                                  size_t max_total_bytes, ContentIndex* index);

// An import committed with an idempotency key (ImportRankingsRequest.idempotency_key).
struct ImportRecord {
  std::string content_sha256;           // digest of the imported rankings
  v1::ImportRankingsResponse response;  // what the import returned
};

// One campaign's live state. Its lock guards `state`, the lease tables and the counts.
class LiveCampaign {
 public:
  LiveCampaign(uint64_t id, v1::CampaignConfig config, std::string token_sha256,
               int64_t created_unix_ms, std::unique_ptr<CampaignState> state)
      : id(id),
        config(std::move(config)),
        token_sha256(std::move(token_sha256)),
        created_unix_ms(created_unix_ms),
        lease_ms(LeaseMillis(this->config)),
        state(std::move(state)) {
    // Checked when the campaign was created; a stored campaign loads as it is.
    (void)IndexCampaignContent(this->config, *this->state, SIZE_MAX, &content);
  }

  const uint64_t id;
  const v1::CampaignConfig config;
  const std::string token_sha256;
  const int64_t created_unix_ms;
  const int64_t lease_ms;
  // The campaign's texts (config.content), indexed for NextMatch; empty without them.
  ContentIndex content;

  mutable std::shared_mutex mu;
  std::unique_ptr<CampaignState> state;                                     // guarded by mu
  std::unordered_map<uint64_t, Lease> leases;                               // guarded by mu
  std::unordered_map<std::string, std::vector<uint64_t>> annotator_leases;  // guarded by mu
  int64_t last_sweep_unix_ms = 0;                                           // guarded by mu
  // When the campaign was closed (set when the close is queued, so that nothing queued
  // after it can commit); 0 while open.
  int64_t closed_unix_ms = 0;  // guarded by mu
  int64_t imported = 0;        // judgments that came from ImportRankings, guarded by mu
  std::unordered_map<std::string, int64_t> annotator_judgments;  // guarded by mu
  std::unordered_map<std::string, ImportRecord> import_keys;     // guarded by mu
  // Quality control: annotators left out of the ratings, each annotator's judged items not
  // yet repeated (only while check_fraction > 0), and the draws of its check stream.
  std::set<std::string> excluded;                                           // guarded by mu
  std::unordered_map<std::string, std::vector<RepeatableItem>> repeatable;  // guarded by mu
  std::unordered_map<std::string, uint64_t> check_draws;                    // guarded by mu

  // Judgments applied to `state`; written only by the commit queue's writer thread.
  std::atomic<int64_t> committed{0};

  // Notified after judgments are applied (WatchLeaderboard waits on it).
  std::mutex notify_mu;
  std::condition_variable changed;

  void NotifyChanged() {
    std::lock_guard<std::mutex> lock(notify_mu);
    changed.notify_all();
  }

  // Next campaign_seq for a row in `batch`.
  int64_t NextSeq(BatchContext& batch) {
    auto [it, inserted] = batch.next_seq.try_emplace(id, committed.load() + 1);
    return it->second++;
  }

  // The campaign's judgment count once the rows written so far in `batch` commit.
  int64_t SeqAfter(const BatchContext& batch) const {
    auto it = batch.next_seq.find(id);
    return it == batch.next_seq.end() ? committed.load() : it->second - 1;
  }

  // Applies one committed (or replayed) ranking and counts it.
  // REQUIRES: mu held exclusively (or no other thread running, at start-up).
  void ApplyLocked(const CampaignRanking& ranking, bool imported_ranking) {
    if (!excluded.count(ranking.annotator)) state->ApplyRanking(ranking);
    if (imported_ranking) ++imported;
    if (!ranking.annotator.empty()) ++annotator_judgments[ranking.annotator];
    committed.fetch_add(1);
  }

  // Applies committed imported rankings in order, a chunk per lock hold: each judgment is
  // applied whole under the exclusive lock.
  void ApplyCommitted(const std::vector<CampaignRanking>& rankings) {
    constexpr size_t kChunk = 4096;
    for (size_t begin = 0; begin < rankings.size(); begin += kChunk) {
      std::unique_lock lock(mu);
      const size_t end = std::min(rankings.size(), begin + kChunk);
      for (size_t i = begin; i < end; ++i) ApplyLocked(rankings[i], true);
    }
    NotifyChanged();
  }

  // Matches leased, unjudged and unexpired at `now`. REQUIRES: mu held.
  int64_t OpenLeases(int64_t now) const {
    int64_t n = 0;
    for (const auto& [match, lease] : leases) {
      n += lease.expires_unix_ms > now && !lease.submission ? 1 : 0;
    }
    return n;
  }
};

// Quality control (quality_control.cc).

// InvalidArgument unless `config.quality_control()` is in range: check_fraction in
// [0, 0.5], control_system empty or one of the systems, max_judgments_per_annotator >= 0.
grpc::Status ValidateQualityControl(const v1::CampaignConfig& config);

// Whether an annotator's next match is a check, and which. Drawn from the annotator's check
// stream, Rng(DeriveSeed(DeriveSeed(seed ^ kCheckSalt, FNV-1a(annotator)), i)) for its i-th
// NextMatch. A repeat takes (and removes) one of the annotator's repeatable items and
// re-serves its systems in a new display order: a uniform permutation from the same draw's
// generator, drawn again while it equals the first showing's order, so an annotator who
// answers by position (1, 2, 3 every time) contradicts itself. `control_slot` is where a
// control system goes if the match lacks it.
struct CheckPlan {
  QualityCheck kind = QualityCheck::kNone;
  RepeatableItem repeat;
  uint64_t control_slot = 0;
};
// REQUIRES: c.mu held exclusively.
CheckPlan PlanCheck(LiveCampaign& c, const std::string& annotator);

// A repeat's original answer in the order the repeat shows its systems: the rank the
// original gave to shown[i], for each i. Empty when a shown system is not in the original.
std::vector<uint8_t> RanksInShownOrder(std::span<const int32_t> original_systems,
                                       std::span<const uint8_t> original_ranks,
                                       std::span<const SystemId> shown);

// Whether the answer `ranks` of a leased match passes its check (true without a check).
bool CheckPasses(const LiveCampaign& c, const Lease& lease, const std::vector<uint8_t>& ranks);

// The proto name of a stored check kind.
v1::QualityCheckKind CheckKindToProto(int32_t kind);

// Records a judged ordinary match as repeatable (when checks are on). REQUIRES: c.mu held.
void AddRepeatable(LiveCampaign& c, const std::string& annotator, uint64_t match_id,
                   int32_t segment_index, const std::vector<SystemId>& systems);
// Removes an item a repeat was served for. REQUIRES: c.mu held.
void RemoveRepeatable(LiveCampaign& c, const std::string& annotator, uint64_t match_id);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_LIVE_CAMPAIGN_H_
