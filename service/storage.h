// Store: tourneyd's durable state in one SQLite database under the data directory.
//
// Layout (docs/service.md has the full schema): tables `campaigns`, `judgments` (one row
// per committed ranking; `seq` is the global commit order), `leases` (outstanding
// matches), `campaign_events` (closes and exclusions, in commit order), `import_keys`
// (idempotent imports), `meta` (the boot epoch), and for scoring campaigns
// `scoring_campaigns` and `scoring_scores` (one row per committed score; `seq` is the commit
// order). The file carries PRAGMA
// application_id = kApplicationId and user_version = kSchemaVersion; Open() refuses a file
// that is not a SQLite database, belongs to another application, has a schema version
// other than 1 or kSchemaVersion, or lacks a table or column, instead of resetting it. A
// file of schema version 1 (no lease times, quality checks, events or import keys) is
// checked against that schema, then migrated in place in one transaction: the missing
// columns and tables are added, existing rows are kept (no lease time, no check). A file of
// version 2 (before scoring campaigns) is migrated the same way: the two scoring tables are
// added; one of version 3 gets `scoring_events` (scoring campaign closes); one of version 6
// gets `annotator_links` (per-annotator tokens, by digest) and the `touched` column of
// `scoring_scores`; one of version 7 gets `scoring_screens` (contrastive campaigns' screens).
// The statements are in storage_schema.cc.
//
// Durability: journal_mode=WAL with synchronous=FULL. In WAL mode a commit appends the
// transaction's pages to the WAL and FULL fsyncs the WAL before COMMIT returns, so a
// transaction that committed survives a process crash and a power loss. (NORMAL would
// fsync only at checkpoints: safe against process crashes, but the last commits could be
// lost on power loss.) Callers batch many judgments into one transaction (group commit)
// so that one fsync covers them all.
//
// A data directory is used by one process at a time: Open() takes an exclusive flock on
// <data-dir>/LOCK (released by the kernel when the process dies).
// Thread safety: the write methods (InsertCampaign, Commit) and the Load* methods must be
// called from one thread at a time; FindJudgmentByMatch may be called concurrently with
// them from any thread (it uses its own connection).
#ifndef TOURNEY_SERVICE_STORAGE_H_
#define TOURNEY_SERVICE_STORAGE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tourney/core/status.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tourney::service {

inline constexpr int32_t kApplicationId = 0x544e5931;  // "TNY1"
inline constexpr int32_t kSchemaVersion = 8;
// The oldest schema version Open() migrates.
inline constexpr int32_t kOldestMigratedSchemaVersion = 1;
inline constexpr char kDatabaseFile[] = "tourney.db";

struct StoredCampaign {
  uint64_t id = 0;
  std::string name;
  std::string config;        // serialized tourney.v1.CampaignConfig
  std::string token_sha256;  // 32 raw bytes
  int64_t created_unix_ms = 0;
};

// Which of a campaign's judgments a scan reads: those with campaign_seq > after_sequence,
// at most `limit` of them (0: all), in sequence order.
struct JudgmentRange {
  int64_t after_sequence = 0;
  int64_t limit = 0;
};

struct StoredJudgment {
  uint64_t campaign_id = 0;
  int64_t campaign_seq = 0;  // 1-based position in the campaign's commit order
  uint64_t match_id = 0;     // 0 for imported rankings
  std::string idempotency_key;
  std::string annotator;
  int64_t segment = -1;
  std::string document;
  std::vector<int32_t> systems;  // system ids
  std::vector<uint8_t> ranks;
  std::vector<uint8_t> groups;   // empty: every entry its own column
  int64_t committed_unix_ms = 0;
  int64_t leased_unix_ms = 0;    // when the match was leased; 0: unknown or imported
  int32_t check_kind = 0;        // tourney::QualityCheck: 0 none, 1 repeat, 2 control
  uint64_t check_ref = 0;        // a repeat's original match id; 0 otherwise
  bool check_passed = false;     // meaningful when check_kind != 0
  // The match was the uniform floor's draw, with this probability (ProposedMatch); false
  // and 0 for imports, checks and judgments stored before schema version 5.
  bool uniform_draw = false;
  double selection_probability = 0.0;
};

// A durable campaign event, replayed in commit order at start-up.
struct StoredEvent {
  uint64_t campaign_id = 0;
  std::string kind;       // "close", "exclude" or "include"
  std::string annotator;  // the annotator an event names; empty otherwise
  int64_t created_unix_ms = 0;
};

// An import made with an idempotency key.
struct StoredImportKey {
  uint64_t campaign_id = 0;
  std::string key;
  std::string content_sha256;  // 32 raw bytes: digest of the imported rankings
  std::string response;        // serialized tourney.v1.ImportRankingsResponse
};

// One committed score of a scoring campaign (system and segment are indices into the
// campaign's table: ScoredSegments::systems and segment_ids).
struct StoredScore {
  uint64_t campaign_id = 0;
  int32_t system = 0;
  int32_t segment = 0;
  double score = 0.0;
  std::string annotator;
  std::string idempotency_key;
  int64_t committed_unix_ms = 0;
  // The error spans submitted with the score: a serialized tourney.v1.ErrorSpans; empty
  // without spans.
  std::string error_spans;
  // SubmitScoreRequest.touched: 1 set by the annotator, 0 left untouched, -1 not said
  // (stored as NULL; also every score stored before schema version 7).
  int32_t touched = -1;
};

// One stored screen of a contrastive scoring campaign: `record` is a serialized
// tourney.v1.ExportedScreen (names, not indices; its sequence is left 0).
struct StoredScreen {
  uint64_t campaign_id = 0;
  std::string screen_id;
  std::string record;
  int64_t committed_unix_ms = 0;
};

// An annotator link (AddAnnotators): a token bound to one annotator name of one campaign
// (pairwise or scoring; their ids never collide). Only the token's digest is stored.
struct StoredAnnotatorLink {
  uint64_t campaign_id = 0;
  std::string annotator;
  std::string token_sha256;  // 32 raw bytes
  int64_t created_unix_ms = 0;
  int64_t revoked_unix_ms = 0;  // 0 while live
};

// Scoring campaign ids start here, so they never equal a pairwise campaign's id.
inline constexpr uint64_t kScoringCampaignIdBase = uint64_t{1} << 32;

struct StoredLease {
  uint64_t match_id = 0;
  uint64_t campaign_id = 0;
  std::string annotator;
  int32_t segment_index = 0;
  std::vector<int32_t> systems;
  int64_t expires_unix_ms = 0;
  int32_t check_kind = 0;  // as in StoredJudgment
  uint64_t check_ref = 0;
  bool uniform_draw = false;  // as in StoredJudgment
  double selection_probability = 0.0;
};

// The statements one write transaction can run. Obtained from Store::Commit.
class WriteTransaction {
 public:
  virtual ~WriteTransaction() = default;
  virtual Status InsertJudgment(const StoredJudgment& judgment) = 0;
  virtual Status InsertLease(const StoredLease& lease) = 0;
  virtual Status DeleteLease(uint64_t match_id) = 0;
  virtual Status DeleteLeasesExpiredBefore(int64_t unix_ms) = 0;
  virtual StatusOr<uint64_t> InsertCampaign(const StoredCampaign& campaign) = 0;
  virtual Status InsertEvent(const StoredEvent& event) = 0;
  // AlreadyExists when the campaign already has an import with that key.
  virtual Status InsertImportKey(const StoredImportKey& key) = 0;
  // A scoring campaign (config: a serialized tourney.v1.ScoringCampaignConfig); its id is
  // the next from kScoringCampaignIdBase. AlreadyExists for a name in use.
  virtual StatusOr<uint64_t> InsertScoringCampaign(const StoredCampaign& campaign) = 0;
  // AlreadyExists when the item already has a stored score.
  virtual Status InsertScore(const StoredScore& score) = 0;
  // An event of a scoring campaign (kind "close"; the annotator is not stored).
  virtual Status InsertScoringEvent(const StoredEvent& event) = 0;
  // AlreadyExists when the campaign already has a screen with that id.
  virtual Status InsertScreen(const StoredScreen& screen) = 0;
  // AlreadyExists when a link with that token digest exists.
  virtual Status InsertAnnotatorLink(const StoredAnnotatorLink& link) = 0;
  // Marks the link of `token_sha256` revoked at `unix_ms`; NotFound when there is none.
  virtual Status RevokeAnnotatorLink(const std::string& token_sha256, int64_t unix_ms) = 0;
};

class Store {
 public:
  // Opens (creating when absent) <data_dir>/tourney.db and checks its identity and schema
  // without writing to an existing file. IoError when the directory cannot be created or is
  // locked by another process, or the database cannot be written (a read-only file, or
  // missing permissions); FailedPrecondition, with a message naming the file and what
  // is wrong, for a foreign, corrupt or incompatible file.
  static StatusOr<std::unique_ptr<Store>> Open(const std::string& data_dir);

  // Owns the database connections and the directory lock.
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;
  ~Store();

  // Records a new boot (durably) once the caller has loaded the data; the first write to
  // the file, so a file that failed to load is left as it was. FailedPrecondition when
  // the stored epoch is invalid.
  Status StartBoot();

  // 1 at the first boot, one more at each StartBoot(): match ids embed it, so ids never
  // repeat across restarts. 0 before StartBoot().
  uint64_t boot_epoch() const { return boot_epoch_; }
  const std::string& path() const { return path_; }

  // Loaders for start-up; each calls `fn` once per row and stops at the first error
  // (from SQLite, a malformed row, or `fn`).
  Status LoadCampaigns(const std::function<Status(StoredCampaign)>& fn);
  // In commit order.
  Status LoadJudgments(const std::function<Status(StoredJudgment&)>& fn);
  Status LoadLeases(const std::function<Status(StoredLease)>& fn);
  // In commit order.
  Status LoadEvents(const std::function<Status(StoredEvent)>& fn);
  Status LoadImportKeys(const std::function<Status(StoredImportKey)>& fn);
  // Scoring campaigns by id, and every score in commit order (scoring_storage.cc).
  Status LoadScoringCampaigns(const std::function<Status(StoredCampaign)>& fn);
  Status LoadScores(const std::function<Status(StoredScore)>& fn);
  // Scoring campaigns' events in commit order (kind "close").
  Status LoadScoringEvents(const std::function<Status(StoredEvent)>& fn);
  // Contrastive campaigns' screens in commit order.
  Status LoadScreens(const std::function<Status(StoredScreen)>& fn);
  // Every annotator link, in creation order (annotator_storage.cc).
  Status LoadAnnotatorLinks(const std::function<Status(StoredAnnotatorLink)>& fn);

  // Calls `fn` for every judgment of `campaign_id` in commit order, from one read
  // transaction (a consistent snapshot) on a connection of its own, so it may run
  // concurrently with everything else from any thread. Stops at the first error of `fn`.
  Status ScanJudgments(uint64_t campaign_id, const std::function<Status(StoredJudgment&)>& fn);
  // The same for the judgments after `range.after_sequence`, at most `range.limit` of them
  // (0: no limit), read by the index on (campaign_id, campaign_seq).
  Status ScanJudgments(uint64_t campaign_id, const JudgmentRange& range,
                       const std::function<Status(StoredJudgment&)>& fn);

  // Runs `body` in one transaction and commits it durably. Each call of body's statements
  // that fails leaves the transaction usable; `body` decides. If `body` returns an error
  // the transaction is rolled back and that error returned; if the commit fails, its
  // error is returned and nothing was written.
  Status Commit(const std::function<Status(WriteTransaction&)>& body);

  // The judgment recorded for a match, or nullopt. Safe from any thread.
  StatusOr<std::optional<StoredJudgment>> FindJudgmentByMatch(uint64_t match_id);

  // Number of judgments stored.
  StatusOr<int64_t> CountJudgments();

 private:
  class Transaction;
  Store() = default;
  Status Initialize();
  // Brings a file of an older schema version up to kSchemaVersion in one transaction.
  Status Migrate(int64_t from_version);
  Status Prepare(const char* sql, sqlite3_stmt** stmt);
  // Runs a start-up query on the writer connection, calling `read` on each row until it
  // fails (storage_read.cc). SQLite's errors are FailedPrecondition "<path>: <message>"
  // when preparing and "<path>: reading <what>: <message>" when stepping.
  Status LoadRows(const char* sql, const char* what,
                  const std::function<Status(sqlite3_stmt*)>& read);

  std::string dir_;
  std::string path_;
  int lock_fd_ = -1;
  sqlite3* db_ = nullptr;
  sqlite3* reader_ = nullptr;
  std::mutex reader_mu_;  // guards reader_ and find_stmt_
  sqlite3_stmt* find_stmt_ = nullptr;
  sqlite3_stmt* insert_judgment_ = nullptr;
  sqlite3_stmt* insert_lease_ = nullptr;
  sqlite3_stmt* delete_lease_ = nullptr;
  sqlite3_stmt* delete_expired_ = nullptr;
  sqlite3_stmt* insert_campaign_ = nullptr;
  sqlite3_stmt* insert_event_ = nullptr;
  sqlite3_stmt* insert_import_key_ = nullptr;
  sqlite3_stmt* insert_scoring_campaign_ = nullptr;
  sqlite3_stmt* insert_score_ = nullptr;
  sqlite3_stmt* insert_scoring_event_ = nullptr;
  sqlite3_stmt* insert_screen_ = nullptr;
  sqlite3_stmt* insert_annotator_link_ = nullptr;
  sqlite3_stmt* revoke_annotator_link_ = nullptr;
  uint64_t boot_epoch_ = 0;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_STORAGE_H_
