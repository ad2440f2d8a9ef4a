// Store's readers: the start-up loaders, the export scan and the lookups from request
// threads (storage.h).
#include <sqlite3.h>

#include "storage.h"
#include "storage_rows.h"

namespace tourney::service {

using rows::ColumnBlob;
using rows::ColumnText;
using rows::DecodeSystems;
using rows::kSelectJudgment;
using rows::ReadJudgmentRow;

Status Store::LoadCampaigns(const std::function<Status(StoredCampaign)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT id, name, config, token_sha256, created_unix_ms FROM campaigns "
                         "ORDER BY id",
                         -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredCampaign c;
    c.id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
    c.name = ColumnText(stmt, 1);
    c.config = ColumnBlob(stmt, 2);
    c.token_sha256 = ColumnBlob(stmt, 3);
    c.created_unix_ms = sqlite3_column_int64(stmt, 4);
    s = fn(std::move(c));
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading campaigns: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::LoadJudgments(const std::function<Status(StoredJudgment&)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  const std::string sql = std::string(kSelectJudgment) + " ORDER BY seq";
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  StoredJudgment j;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    s = ReadJudgmentRow(stmt, &j);
    if (s.ok()) s = fn(j);
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading judgments: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::LoadLeases(const std::function<Status(StoredLease)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT match_id, campaign_id, annotator, segment_index, systems, "
                         "expires_unix_ms, check_kind, check_ref FROM leases ORDER BY match_id",
                         -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredLease l;
    l.match_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
    l.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 1));
    l.annotator = ColumnText(stmt, 2);
    l.segment_index = static_cast<int32_t>(sqlite3_column_int64(stmt, 3));
    if (!DecodeSystems(sqlite3_column_blob(stmt, 4), sqlite3_column_bytes(stmt, 4), &l.systems)) {
      s = FailedPrecondition(path_ + ": lease " + std::to_string(l.match_id) +
                             ": malformed systems column");
      break;
    }
    l.expires_unix_ms = sqlite3_column_int64(stmt, 5);
    l.check_kind = sqlite3_column_int(stmt, 6);
    l.check_ref = static_cast<uint64_t>(sqlite3_column_int64(stmt, 7));
    s = fn(std::move(l));
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading leases: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::LoadEvents(const std::function<Status(StoredEvent)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT campaign_id, kind, annotator, created_unix_ms FROM "
                         "campaign_events ORDER BY seq",
                         -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredEvent e;
    e.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
    e.kind = ColumnText(stmt, 1);
    e.annotator = ColumnText(stmt, 2);
    e.created_unix_ms = sqlite3_column_int64(stmt, 3);
    s = fn(std::move(e));
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading campaign events: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::LoadImportKeys(const std::function<Status(StoredImportKey)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT campaign_id, key, content_sha256, response FROM import_keys",
                         -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredImportKey k;
    k.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
    k.key = ColumnText(stmt, 1);
    k.content_sha256 = ColumnBlob(stmt, 2);
    k.response = ColumnBlob(stmt, 3);
    s = fn(std::move(k));
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading import keys: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::ScanJudgments(uint64_t campaign_id,
                            const std::function<Status(StoredJudgment&)>& fn) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    const std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close_v2(db);
    return IoError(path_ + ": cannot open a reader (" + msg + ")");
  }
  sqlite3_busy_timeout(db, 5000);
  sqlite3_stmt* stmt = nullptr;
  const std::string sql =
      std::string(kSelectJudgment) + " WHERE campaign_id=? ORDER BY campaign_seq";
  Status s;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    s = IoError(path_ + ": export: " + sqlite3_errmsg(db));
  } else {
    sqlite3_bind_int64(stmt, 1, static_cast<sqlite3_int64>(campaign_id));
    int rc;
    StoredJudgment j;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      s = ReadJudgmentRow(stmt, &j);
      if (s.ok()) s = fn(j);
      if (!s.ok()) break;
    }
    if (s.ok() && rc != SQLITE_DONE) s = IoError(path_ + ": export: " + sqlite3_errmsg(db));
  }
  sqlite3_finalize(stmt);
  sqlite3_close_v2(db);
  return s;
}

StatusOr<std::optional<StoredJudgment>> Store::FindJudgmentByMatch(uint64_t match_id) {
  std::lock_guard<std::mutex> lock(reader_mu_);
  sqlite3_reset(find_stmt_);
  sqlite3_bind_int64(find_stmt_, 1, static_cast<sqlite3_int64>(match_id));
  const int rc = sqlite3_step(find_stmt_);
  std::optional<StoredJudgment> result;
  Status s;
  if (rc == SQLITE_ROW) {
    StoredJudgment j;
    s = ReadJudgmentRow(find_stmt_, &j);
    if (s.ok()) result = std::move(j);
  } else if (rc != SQLITE_DONE) {
    s = IoError(path_ + ": lookup: " + sqlite3_errmsg(reader_));
  }
  sqlite3_reset(find_stmt_);
  if (!s.ok()) return s;
  return result;
}

StatusOr<int64_t> Store::CountJudgments() {
  std::lock_guard<std::mutex> lock(reader_mu_);
  sqlite3_stmt* stmt = nullptr;
  int64_t n = 0;
  if (sqlite3_prepare_v2(reader_, "SELECT count(*) FROM judgments", -1, &stmt, nullptr) !=
          SQLITE_OK ||
      sqlite3_step(stmt) != SQLITE_ROW) {
    const std::string msg = sqlite3_errmsg(reader_);
    sqlite3_finalize(stmt);
    return IoError(path_ + ": count: " + msg);
  }
  n = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  return n;
}

}  // namespace tourney::service
