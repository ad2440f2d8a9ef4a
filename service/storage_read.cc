// Store's readers: the start-up loaders, the export scan and the lookups from request
// threads (storage.h).
#include <sqlite3.h>

#include "sqlite_statement.h"
#include "storage.h"
#include "storage_rows.h"

namespace tourney::service {

using rows::ColumnBlob;
using rows::ColumnText;
using rows::DecodeSystems;
using rows::kSelectJudgment;
using rows::ReadCampaignRow;
using rows::ReadJudgmentRow;

Status Store::LoadRows(const char* sql, const char* what,
                       const std::function<Status(sqlite3_stmt*)>& read) {
  SqliteStatement stmt(db_, sql);
  if (!stmt.ok()) return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  return stmt.ReadRows(read, [&] {
    return FailedPrecondition(path_ + ": reading " + what + ": " + sqlite3_errmsg(db_));
  });
}

Status Store::LoadCampaigns(const std::function<Status(StoredCampaign)>& fn) {
  return LoadRows(
      "SELECT id, name, config, token_sha256, created_unix_ms FROM campaigns ORDER BY id",
      "campaigns", [&](sqlite3_stmt* row) { return fn(ReadCampaignRow(row)); });
}

Status Store::LoadJudgments(const std::function<Status(StoredJudgment&)>& fn) {
  const std::string sql = std::string(kSelectJudgment) + " ORDER BY seq";
  StoredJudgment j;  // reused: its vectors keep their capacity
  return LoadRows(sql.c_str(), "judgments", [&](sqlite3_stmt* row) {
    Status s = ReadJudgmentRow(row, &j);
    return s.ok() ? fn(j) : s;
  });
}

Status Store::LoadLeases(const std::function<Status(StoredLease)>& fn) {
  return LoadRows(
      "SELECT match_id, campaign_id, annotator, segment_index, systems, expires_unix_ms, "
      "check_kind, check_ref, uniform_draw, selection_probability FROM leases ORDER BY match_id",
      "leases", [&](sqlite3_stmt* row) {
        StoredLease l;
        l.match_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
        l.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 1));
        l.annotator = ColumnText(row, 2);
        l.segment_index = static_cast<int32_t>(sqlite3_column_int64(row, 3));
        if (!DecodeSystems(sqlite3_column_blob(row, 4), sqlite3_column_bytes(row, 4), &l.systems)) {
          return FailedPrecondition(path_ + ": lease " + std::to_string(l.match_id) +
                                    ": malformed systems column");
        }
        l.expires_unix_ms = sqlite3_column_int64(row, 5);
        l.check_kind = sqlite3_column_int(row, 6);
        l.check_ref = static_cast<uint64_t>(sqlite3_column_int64(row, 7));
        l.uniform_draw = sqlite3_column_int(row, 8) != 0;
        l.selection_probability = sqlite3_column_double(row, 9);
        return fn(std::move(l));
      });
}

Status Store::LoadEvents(const std::function<Status(StoredEvent)>& fn) {
  return LoadRows(
      "SELECT campaign_id, kind, annotator, created_unix_ms FROM campaign_events ORDER BY seq",
      "campaign events", [&](sqlite3_stmt* row) {
        StoredEvent e;
        e.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
        e.kind = ColumnText(row, 1);
        e.annotator = ColumnText(row, 2);
        e.created_unix_ms = sqlite3_column_int64(row, 3);
        return fn(std::move(e));
      });
}

Status Store::LoadImportKeys(const std::function<Status(StoredImportKey)>& fn) {
  return LoadRows("SELECT campaign_id, key, content_sha256, response FROM import_keys",
                  "import keys", [&](sqlite3_stmt* row) {
                    StoredImportKey k;
                    k.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
                    k.key = ColumnText(row, 1);
                    k.content_sha256 = ColumnBlob(row, 2);
                    k.response = ColumnBlob(row, 3);
                    return fn(std::move(k));
                  });
}

Status Store::ScanJudgments(uint64_t campaign_id,
                            const std::function<Status(StoredJudgment&)>& fn) {
  return ScanJudgments(campaign_id, JudgmentRange{}, fn);
}

Status Store::ScanJudgments(uint64_t campaign_id, const JudgmentRange& range,
                            const std::function<Status(StoredJudgment&)>& fn) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    const std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close_v2(db);
    return IoError(path_ + ": cannot open a reader (" + msg + ")");
  }
  sqlite3_busy_timeout(db, 5000);
  const std::string sql = std::string(kSelectJudgment) +
                          " WHERE campaign_id=? AND campaign_seq>? ORDER BY campaign_seq LIMIT ?";
  auto export_error = [&] { return IoError(path_ + ": export: " + sqlite3_errmsg(db)); };
  Status s;
  {
    SqliteStatement stmt(db, sql.c_str());
    if (!stmt.ok()) {
      s = export_error();
    } else {
      sqlite3_bind_int64(stmt.get(), 1, static_cast<sqlite3_int64>(campaign_id));
      sqlite3_bind_int64(stmt.get(), 2, static_cast<sqlite3_int64>(range.after_sequence));
      // SQLite reads a negative LIMIT as none.
      sqlite3_bind_int64(stmt.get(), 3,
                         range.limit > 0 ? static_cast<sqlite3_int64>(range.limit) : -1);
      StoredJudgment j;
      s = stmt.ReadRows(
          [&](sqlite3_stmt* row) {
            Status r = ReadJudgmentRow(row, &j);
            return r.ok() ? fn(j) : r;
          },
          export_error);
    }
  }  // the statement is finalized before its connection closes
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
  SqliteStatement stmt(reader_, "SELECT count(*) FROM judgments");
  if (!stmt.ok() || sqlite3_step(stmt.get()) != SQLITE_ROW) {
    return IoError(path_ + ": count: " + sqlite3_errmsg(reader_));
  }
  return static_cast<int64_t>(sqlite3_column_int64(stmt.get(), 0));
}

}  // namespace tourney::service
