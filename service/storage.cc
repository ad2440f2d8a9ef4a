#include "storage.h"
#include "storage_rows.h"
#include "storage_schema.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

namespace tourney::service {
using rows::BindBlob;
using rows::BindText;
using rows::ColumnText;
using rows::EncodeSystems;
using rows::kSelectJudgment;


class Store::Transaction final : public WriteTransaction {
 public:
  explicit Transaction(Store* store) : store_(store) {}

  Status InsertJudgment(const StoredJudgment& j) override {
    sqlite3_stmt* s = store_->insert_judgment_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(j.campaign_id));
    sqlite3_bind_int64(s, 2, j.campaign_seq);
    if (j.match_id == 0) {
      sqlite3_bind_null(s, 3);
    } else {
      sqlite3_bind_int64(s, 3, static_cast<sqlite3_int64>(j.match_id));
    }
    BindText(s, 4, j.idempotency_key);
    BindText(s, 5, j.annotator);
    sqlite3_bind_int64(s, 6, j.segment);
    BindText(s, 7, j.document);
    const std::string systems = EncodeSystems(j.systems);
    BindBlob(s, 8, systems.data(), systems.size());
    BindBlob(s, 9, j.ranks.data(), j.ranks.size());
    if (j.groups.empty()) {
      sqlite3_bind_null(s, 10);
    } else {
      BindBlob(s, 10, j.groups.data(), j.groups.size());
    }
    sqlite3_bind_int64(s, 11, j.committed_unix_ms);
    if (j.leased_unix_ms == 0) {
      sqlite3_bind_null(s, 12);
    } else {
      sqlite3_bind_int64(s, 12, j.leased_unix_ms);
    }
    sqlite3_bind_int(s, 13, j.check_kind);
    sqlite3_bind_int64(s, 14, static_cast<sqlite3_int64>(j.check_ref));
    sqlite3_bind_int(s, 15, j.check_passed ? 1 : 0);
    sqlite3_bind_int(s, 16, j.uniform_draw ? 1 : 0);
    sqlite3_bind_double(s, 17, j.selection_probability);
    return Step(s, "insert judgment");
  }

  Status InsertLease(const StoredLease& l) override {
    sqlite3_stmt* s = store_->insert_lease_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(l.match_id));
    sqlite3_bind_int64(s, 2, static_cast<sqlite3_int64>(l.campaign_id));
    BindText(s, 3, l.annotator);
    sqlite3_bind_int64(s, 4, l.segment_index);
    const std::string systems = EncodeSystems(l.systems);
    BindBlob(s, 5, systems.data(), systems.size());
    sqlite3_bind_int64(s, 6, l.expires_unix_ms);
    sqlite3_bind_int(s, 7, l.check_kind);
    sqlite3_bind_int64(s, 8, static_cast<sqlite3_int64>(l.check_ref));
    sqlite3_bind_int(s, 9, l.uniform_draw ? 1 : 0);
    sqlite3_bind_double(s, 10, l.selection_probability);
    return Step(s, "insert lease");
  }

  Status DeleteLease(uint64_t match_id) override {
    sqlite3_stmt* s = store_->delete_lease_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(match_id));
    return Step(s, "delete lease");
  }

  Status DeleteLeasesExpiredBefore(int64_t unix_ms) override {
    sqlite3_stmt* s = store_->delete_expired_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, unix_ms);
    return Step(s, "delete expired leases");
  }

  StatusOr<uint64_t> InsertCampaign(const StoredCampaign& c) override {
    sqlite3_stmt* s = store_->insert_campaign_;
    sqlite3_reset(s);
    BindText(s, 1, c.name);
    BindBlob(s, 2, c.config.data(), c.config.size());
    BindBlob(s, 3, c.token_sha256.data(), c.token_sha256.size());
    sqlite3_bind_int64(s, 4, c.created_unix_ms);
    Status st = Step(s, "insert campaign");
    if (!st.ok()) return st;
    return static_cast<uint64_t>(sqlite3_last_insert_rowid(store_->db_));
  }

  Status InsertEvent(const StoredEvent& e) override {
    sqlite3_stmt* s = store_->insert_event_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(e.campaign_id));
    BindText(s, 2, e.kind);
    BindText(s, 3, e.annotator);
    sqlite3_bind_int64(s, 4, e.created_unix_ms);
    return Step(s, "insert event");
  }

  Status InsertImportKey(const StoredImportKey& k) override {
    sqlite3_stmt* s = store_->insert_import_key_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(k.campaign_id));
    BindText(s, 2, k.key);
    BindBlob(s, 3, k.content_sha256.data(), k.content_sha256.size());
    BindBlob(s, 4, k.response.data(), k.response.size());
    return Step(s, "insert import key");
  }

  StatusOr<uint64_t> InsertScoringCampaign(const StoredCampaign& c) override {
    sqlite3_stmt* s = store_->insert_scoring_campaign_;
    sqlite3_reset(s);
    BindText(s, 1, c.name);
    BindBlob(s, 2, c.config.data(), c.config.size());
    BindBlob(s, 3, c.token_sha256.data(), c.token_sha256.size());
    sqlite3_bind_int64(s, 4, c.created_unix_ms);
    Status st = Step(s, "insert scoring campaign");
    if (!st.ok()) return st;
    return static_cast<uint64_t>(sqlite3_last_insert_rowid(store_->db_));
  }

  Status InsertScoringEvent(const StoredEvent& e) override {
    sqlite3_stmt* s = store_->insert_scoring_event_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(e.campaign_id));
    BindText(s, 2, e.kind);
    sqlite3_bind_int64(s, 3, e.created_unix_ms);
    return Step(s, "insert scoring event");
  }

  Status InsertScreen(const StoredScreen& r) override {
    sqlite3_stmt* s = store_->insert_screen_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(r.campaign_id));
    BindText(s, 2, r.screen_id);
    BindBlob(s, 3, r.record.data(), r.record.size());
    sqlite3_bind_int64(s, 4, r.committed_unix_ms);
    return Step(s, "insert screen");
  }

  Status InsertScore(const StoredScore& r) override {
    sqlite3_stmt* s = store_->insert_score_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(r.campaign_id));
    sqlite3_bind_int(s, 2, r.system);
    sqlite3_bind_int(s, 3, r.segment);
    sqlite3_bind_double(s, 4, r.score);
    BindText(s, 5, r.annotator);
    BindText(s, 6, r.idempotency_key);
    sqlite3_bind_int64(s, 7, r.committed_unix_ms);
    if (r.error_spans.empty()) {
      sqlite3_bind_null(s, 8);
    } else {
      BindBlob(s, 8, r.error_spans.data(), r.error_spans.size());
    }
    if (r.touched >= 0) sqlite3_bind_int(s, 9, r.touched);  // else NULL: not said
    return Step(s, "insert score");
  }

  Status InsertAnnotatorLink(const StoredAnnotatorLink& l) override {
    sqlite3_stmt* s = store_->insert_annotator_link_;
    sqlite3_reset(s);
    BindBlob(s, 1, l.token_sha256.data(), l.token_sha256.size());
    sqlite3_bind_int64(s, 2, static_cast<sqlite3_int64>(l.campaign_id));
    BindText(s, 3, l.annotator);
    sqlite3_bind_int64(s, 4, l.created_unix_ms);
    sqlite3_bind_int64(s, 5, l.revoked_unix_ms);
    return Step(s, "insert annotator link");
  }

  Status RevokeAnnotatorLink(const std::string& token_sha256, int64_t unix_ms) override {
    sqlite3_stmt* s = store_->revoke_annotator_link_;
    sqlite3_reset(s);
    sqlite3_bind_int64(s, 1, unix_ms);
    BindBlob(s, 2, token_sha256.data(), token_sha256.size());
    Status st = Step(s, "revoke annotator link");
    if (st.ok() && sqlite3_changes(store_->db_) != 1) st = NotFound("no annotator link to revoke");
    return st;
  }

 private:
  Status Step(sqlite3_stmt* s, const char* what) {
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (rc == SQLITE_DONE) return Status::Ok();
    if (rc == SQLITE_CONSTRAINT) {
      return Status(tourney::StatusCode::kAlreadyExists,
                    std::string(what) + ": " + sqlite3_errmsg(store_->db_));
    }
    return IoError(std::string(what) + ": " + sqlite3_errmsg(store_->db_));
  }
  Store* const store_;
};

Store::~Store() {
  for (sqlite3_stmt* s :
       {insert_judgment_, insert_lease_, delete_lease_, delete_expired_, insert_campaign_,
        insert_event_, insert_import_key_, insert_scoring_campaign_, insert_score_,
        insert_scoring_event_, insert_screen_, insert_annotator_link_, revoke_annotator_link_,
        find_stmt_}) {
    sqlite3_finalize(s);
  }
  if (reader_) sqlite3_close_v2(reader_);
  if (db_) sqlite3_close_v2(db_);
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the flock
}

Status Store::Prepare(const char* sql, sqlite3_stmt** stmt) {
  if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": cannot prepare statement (" + sqlite3_errmsg(db_) +
                              "); the schema does not match this tourneyd");
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& data_dir) {
  std::unique_ptr<Store> store(new Store());
  store->dir_ = data_dir;
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec || !std::filesystem::is_directory(data_dir)) {
    return IoError("data dir " + data_dir + ": cannot create directory" +
                   (ec ? " (" + ec.message() + ")" : std::string()));
  }
  chmod(data_dir.c_str(), 0700);
  const std::string lock_path = data_dir + "/LOCK";
  store->lock_fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (store->lock_fd_ < 0) {
    return IoError(lock_path + ": cannot open (" + std::strerror(errno) + ")");
  }
  if (flock(store->lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    return IoError("data dir " + data_dir + " is in use by another tourneyd (" + lock_path +
                   " is locked)");
  }
  store->path_ = data_dir + "/" + kDatabaseFile;
  Status s = store->Initialize();
  if (!s.ok()) return s;
  return store;
}

Status Store::Initialize() {
  // Fail rather than create inside a directory a user pointed at by mistake: a file that
  // exists must be ours.
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const mode_t old_umask = umask(077);
  const int rc = sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr);
  umask(old_umask);
  if (rc != SQLITE_OK) {
    return IoError(path_ + ": cannot open (" + (db_ ? sqlite3_errmsg(db_) : "out of memory") +
                   ")");
  }
  sqlite3_extended_result_codes(db_, 0);
  sqlite3_busy_timeout(db_, 5000);
  // SQLite falls back to read-only when the file is not writable; tourneyd must write.
  if (sqlite3_db_readonly(db_, "main") == 1) {
    return IoError(path_ +
                   ": the database file is read-only; tourneyd needs to write it "
                   "(check its permissions and owner)");
  }

  auto exec = [&](const std::string& sql) -> Status {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : sqlite3_errmsg(db_);
      sqlite3_free(err);
      return FailedPrecondition(path_ + ": " + msg);
    }
    return Status::Ok();
  };
  auto query_int = [&](const char* sql, int64_t* out) -> Status {
    sqlite3_stmt* stmt = nullptr;
    int r = sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr);
    if (r == SQLITE_OK) r = sqlite3_step(stmt);
    if (r != SQLITE_ROW) {
      std::string msg = sqlite3_errmsg(db_);
      const int code = sqlite3_errcode(db_);
      sqlite3_finalize(stmt);
      if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM ||
          code == SQLITE_IOERR) {
        return IoError(path_ + ": cannot read or write the database (" + msg +
                       "); check the permissions of the file and of its directory");
      }
      return FailedPrecondition(path_ + " is not a usable tourney database (" + msg +
                                "); refusing to start: move it away or choose another "
                                "--data-dir");
    }
    *out = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return Status::Ok();
  };

  // Reading the header is the first access: a file that is not SQLite fails here.
  int64_t app_id = 0, version = 0, tables = 0;
  Status s = query_int("PRAGMA application_id", &app_id);
  if (!s.ok()) return s;
  s = query_int("PRAGMA user_version", &version);
  if (!s.ok()) return s;
  s = query_int("SELECT count(*) FROM sqlite_master", &tables);
  if (!s.ok()) return s;

  const bool fresh = app_id == 0 && version == 0 && tables == 0;
  if (!fresh) {
    if (app_id != kApplicationId) {
      return FailedPrecondition(path_ + " belongs to another application (application_id " +
                                std::to_string(app_id) + ", expected " +
                                std::to_string(kApplicationId) +
                                "); refusing to start: move it away or choose another "
                                "--data-dir");
    }
    if (version < kOldestMigratedSchemaVersion || version > kSchemaVersion) {
      return FailedPrecondition(path_ + " has schema version " + std::to_string(version) +
                                ", this tourneyd reads version " +
                                std::to_string(kSchemaVersion) + "; refusing to start");
    }
  }
  s = exec("PRAGMA journal_mode=WAL");
  if (!s.ok()) return s;
  s = exec("PRAGMA synchronous=FULL");
  if (!s.ok()) return s;
  s = exec("PRAGMA foreign_keys=ON");
  if (!s.ok()) return s;
  if (fresh) {
    s = exec("BEGIN IMMEDIATE;" + FreshSchemaSql() + "PRAGMA application_id=" + std::to_string(kApplicationId) +
             ";PRAGMA user_version=" + std::to_string(kSchemaVersion) + ";COMMIT;");
    if (!s.ok()) return s;
  }
  // Schema check: every expected table with exactly the expected columns. A file of an
  // older version is checked against its own schema before it is migrated, so a damaged
  // file is refused without being written to.
  auto check_schema = [&](int64_t v) -> Status {
    for (const auto& [table, columns] : ExpectedSchema(v)) {
      sqlite3_stmt* stmt = nullptr;
      const std::string sql = "PRAGMA table_info(" + table + ")";
      if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
        return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
      }
      std::vector<std::string> found;
      int r;
      while ((r = sqlite3_step(stmt)) == SQLITE_ROW) found.push_back(ColumnText(stmt, 1));
      sqlite3_finalize(stmt);
      if (r != SQLITE_DONE) return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
      if (found != columns) {
        return FailedPrecondition(path_ + ": table '" + table +
                                  "' is missing or has unexpected columns; the file is "
                                  "damaged or was not written by tourneyd; refusing to start");
      }
    }
    return Status::Ok();
  };
  if (!fresh && version < kSchemaVersion) {
    s = check_schema(version);
    if (!s.ok()) return s;
    s = Migrate(version);
    if (!s.ok()) return s;
  }
  s = check_schema(kSchemaVersion);
  if (!s.ok()) return s;

  for (const auto& [sql, stmt] : std::initializer_list<std::pair<std::string, sqlite3_stmt**>>{
           {"INSERT INTO judgments(campaign_id, campaign_seq, match_id, idempotency_key, "
            "annotator, segment, document, systems, ranks, groups, committed_unix_ms, "
            "leased_unix_ms, check_kind, check_ref, check_passed, uniform_draw, "
            "selection_probability) "
            "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            &insert_judgment_},
           {"INSERT INTO leases(match_id, campaign_id, annotator, segment_index, systems, "
            "expires_unix_ms, check_kind, check_ref, uniform_draw, selection_probability) "
            "VALUES(?,?,?,?,?,?,?,?,?,?)",
            &insert_lease_},
           {"DELETE FROM leases WHERE match_id=?", &delete_lease_},
           {"DELETE FROM leases WHERE expires_unix_ms<?", &delete_expired_},
           {"INSERT INTO campaigns(name, config, token_sha256, created_unix_ms) "
            "VALUES(?,?,?,?)",
            &insert_campaign_},
           {"INSERT INTO campaign_events(campaign_id, kind, annotator, created_unix_ms) "
            "VALUES(?,?,?,?)",
            &insert_event_},
           {"INSERT INTO import_keys(campaign_id, key, content_sha256, response) "
            "VALUES(?,?,?,?)",
            &insert_import_key_},
           {"INSERT INTO scoring_campaigns(id, name, config, token_sha256, created_unix_ms) "
            "VALUES((SELECT COALESCE(MAX(id), " +
                std::to_string(kScoringCampaignIdBase - 1) +
                ") + 1 FROM scoring_campaigns),?,?,?,?)",
            &insert_scoring_campaign_},
           {"INSERT INTO scoring_scores(campaign_id, system, segment, score, annotator, "
            "idempotency_key, committed_unix_ms, error_spans, touched) "
            "VALUES(?,?,?,?,?,?,?,?,?)",
            &insert_score_},
           {"INSERT INTO annotator_links(token_sha256, campaign_id, annotator, "
            "created_unix_ms, revoked_unix_ms) VALUES(?,?,?,?,?)",
            &insert_annotator_link_},
           {"UPDATE annotator_links SET revoked_unix_ms=? WHERE token_sha256=? AND "
            "revoked_unix_ms=0",
            &revoke_annotator_link_},
           {"INSERT INTO scoring_events(campaign_id, kind, created_unix_ms) VALUES(?,?,?)",
            &insert_scoring_event_},
           {"INSERT INTO scoring_screens(campaign_id, screen_id, record, committed_unix_ms) "
            "VALUES(?,?,?,?)",
            &insert_screen_}}) {
    s = Prepare(sql.c_str(), stmt);
    if (!s.ok()) return s;
  }

  // A second connection for lookups from request threads.
  if (sqlite3_open_v2(path_.c_str(), &reader_, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    return IoError(path_ + ": cannot open a reader (" + sqlite3_errmsg(reader_) + ")");
  }
  sqlite3_busy_timeout(reader_, 5000);
  const std::string find = std::string(kSelectJudgment) + " WHERE match_id=?";
  if (sqlite3_prepare_v3(reader_, find.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &find_stmt_,
                         nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(reader_));
  }
  return Status::Ok();
}

Status Store::Migrate(int64_t from_version) {
  // Versions 1 and 2 exist before this one. The schema check that follows verifies the
  // result; a failure rolls the whole migration back and leaves the file as it was.
  std::string sql = "BEGIN IMMEDIATE;" + MigrationSql(from_version);
  sql += "PRAGMA user_version=" + std::to_string(kSchemaVersion) + ";COMMIT;";
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return FailedPrecondition(path_ + ": cannot migrate schema version " +
                              std::to_string(from_version) + " to " +
                              std::to_string(kSchemaVersion) + ": " + msg);
  }
  return Status::Ok();
}

Status Store::StartBoot() {
  sqlite3_stmt* stmt = nullptr;
  int64_t epoch = -1;
  if (sqlite3_prepare_v2(db_, "SELECT value FROM meta WHERE key='boot_epoch'", -1, &stmt,
                         nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    epoch = sqlite3_column_int64(stmt, 0);
  }
  sqlite3_finalize(stmt);
  if (epoch < 0 || epoch >= (int64_t{1} << 31) - 1) {
    return FailedPrecondition(path_ + ": the boot epoch in table 'meta' is missing or invalid");
  }
  const std::string sql =
      "UPDATE meta SET value=" + std::to_string(epoch + 1) + " WHERE key='boot_epoch'";
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    return IoError(path_ + ": cannot record the boot: " + sqlite3_errmsg(db_));
  }
  boot_epoch_ = static_cast<uint64_t>(epoch) + 1;
  return Status::Ok();
}

Status Store::Commit(const std::function<Status(WriteTransaction&)>& body) {
  if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
    return IoError(path_ + ": begin: " + sqlite3_errmsg(db_));
  }
  Transaction txn(this);
  Status s = body(txn);
  if (!s.ok()) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return s;
  }
  if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
    const std::string msg = sqlite3_errmsg(db_);
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return IoError(path_ + ": commit: " + msg);
  }
  return Status::Ok();
}

}  // namespace tourney::service
