#include "backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "storage.h"

namespace tourney::service {
namespace {

using Clock = std::chrono::steady_clock;

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;

StatusOr<Db> OpenDb(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK) {
    return IoError(path + ": cannot open (" + (raw ? sqlite3_errmsg(raw) : "out of memory") + ")");
  }
  sqlite3_busy_timeout(raw, 10000);
  return db;
}

Status Exec(sqlite3* db, const std::string& path, const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    return IoError(path + ": " + msg);
  }
  return Status::Ok();
}

// The first column of the first row of `sql`, as an integer or as text.
Status QueryOne(sqlite3* db, const std::string& path, const char* sql, int64_t* number,
                std::string* text = nullptr) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
  if (rc != SQLITE_ROW) {
    const std::string msg = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    return FailedPrecondition(path + ": " + msg + " (running '" + sql + "')");
  }
  if (number) *number = sqlite3_column_int64(stmt, 0);
  if (text) {
    const unsigned char* t = sqlite3_column_text(stmt, 0);
    *text = t ? reinterpret_cast<const char*>(t) : "";
  }
  sqlite3_finalize(stmt);
  return Status::Ok();
}

// Checks that `db` is an intact tourney database and counts what it holds.
Status Inspect(sqlite3* db, const std::string& path, BackupSummary* summary) {
  std::string check;
  Status s = QueryOne(db, path, "PRAGMA quick_check", nullptr, &check);
  if (!s.ok()) return s;
  if (check != "ok") return FailedPrecondition(path + " is damaged: " + check);
  int64_t app_id = 0, version = 0;
  s = QueryOne(db, path, "PRAGMA application_id", &app_id);
  if (s.ok()) s = QueryOne(db, path, "PRAGMA user_version", &version);
  if (!s.ok()) return s;
  if (app_id != kApplicationId || version != kSchemaVersion) {
    return FailedPrecondition(path + " is not a tourney database of schema version " +
                              std::to_string(kSchemaVersion) + " (application_id " +
                              std::to_string(app_id) + ", user_version " + std::to_string(version) +
                              ")");
  }
  for (auto [sql, out] :
       {std::pair{"SELECT count(*) FROM campaigns", &summary->campaigns},
        std::pair{"SELECT count(*) FROM judgments", &summary->judgments},
        std::pair{"SELECT coalesce(max(seq), 0) FROM judgments", &summary->last_judgment_seq},
        std::pair{"PRAGMA page_count", &summary->pages}}) {
    s = QueryOne(db, path, sql, out);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

Status SyncPath(const std::string& path, bool directory) {
  const int fd = open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC);
  if (fd < 0) return IoError(path + ": cannot open to sync (" + std::strerror(errno) + ")");
  const int rc = fsync(fd);
  const int err = errno;
  close(fd);
  if (rc != 0) return IoError(path + ": fsync failed (" + std::strerror(err) + ")");
  return Status::Ok();
}

std::string ParentDir(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

// Copies `source` (an open connection, inside a read transaction when the caller wants
// one snapshot) to a new file `tmp`, converts the copy to a single file (rollback journal
// mode) and inspects it. Removes `tmp` on failure.
StatusOr<BackupSummary> CopyTo(sqlite3* source, const std::string& source_path,
                               const std::string& tmp, const BackupOptions& options) {
  std::error_code ec;
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
    std::filesystem::remove(tmp + suffix, ec);
  }
  BackupSummary summary;
  Status s = [&]() -> Status {
    // Created empty with mode 0600 first (SQLite gives its journal the same mode); an
    // empty file is an empty database to SQLite.
    const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return IoError(tmp + ": cannot create (" + std::strerror(errno) + ")");
    close(fd);
    auto dest = OpenDb(tmp, SQLITE_OPEN_READWRITE);
    if (!dest.ok()) return dest.status();
    sqlite3_backup* backup = sqlite3_backup_init(dest->get(), "main", source, "main");
    if (!backup) {
      return IoError(tmp + ": cannot start the backup (" +
                     std::string(sqlite3_errmsg(dest->get())) + ")");
    }
    int rc = SQLITE_OK;
    while (true) {
      rc = sqlite3_backup_step(backup, options.pages_per_step);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_OK && rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
      if (options.sleep_ms_per_step > 0 || rc != SQLITE_OK) {
        sqlite3_sleep(std::max(1, options.sleep_ms_per_step));
      }
    }
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) {
      return IoError(source_path + " -> " + tmp + ": backup failed (" + sqlite3_errstr(rc) + ")");
    }
    // The copied header says WAL; make the copy one self-contained file.
    Status st = Exec(dest->get(), tmp, "PRAGMA journal_mode=DELETE");
    if (!st.ok()) return st;
    return Inspect(dest->get(), tmp, &summary);
  }();
  if (s.ok()) s = SyncPath(tmp, /*directory=*/false);
  if (!s.ok()) {
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
      std::filesystem::remove(tmp + suffix, ec);
    }
    return s;
  }
  summary.bytes = static_cast<int64_t>(std::filesystem::file_size(tmp, ec));
  return summary;
}

Status Install(const std::string& tmp, const std::string& destination) {
  if (std::rename(tmp.c_str(), destination.c_str()) != 0) {
    const std::string msg = std::strerror(errno);
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    return IoError(destination + ": cannot rename the copy into place (" + msg + ")");
  }
  return SyncPath(ParentDir(destination), /*directory=*/true);
}

Status CheckOptions(const BackupOptions& options) {
  if (options.pages_per_step < 1 || options.pages_per_step > (1 << 20)) {
    return InvalidArgument("pages per backup step must be in 1..1048576");
  }
  if (options.sleep_ms_per_step < 0 || options.sleep_ms_per_step > 1000) {
    return InvalidArgument("the pause between backup steps must be in 0..1000 ms");
  }
  return Status::Ok();
}

}  // namespace

StatusOr<BackupSummary> BackupDatabase(const std::string& data_dir, const std::string& destination,
                                       const BackupOptions& options) {
  const auto start = Clock::now();
  Status s = CheckOptions(options);
  if (!s.ok()) return s;
  if (destination.empty()) return InvalidArgument("a backup file name is required");
  std::error_code ec;
  const auto dir = std::filesystem::weakly_canonical(data_dir, ec);
  const auto dest_parent = std::filesystem::weakly_canonical(ParentDir(destination), ec);
  if (!ec && dir == dest_parent) {
    return InvalidArgument(destination +
                           ": write the backup outside the data directory (a restore "
                           "starts from an empty one)");
  }
  const std::string path = data_dir + "/" + kDatabaseFile;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return FailedPrecondition(path + ": no tourney database to back up");
  }
  // Read-only: the backup never writes to the live database. The server's WAL and
  // shared-memory files already exist while it runs.
  auto source = OpenDb(path, SQLITE_OPEN_READONLY);
  if (!source.ok()) return source.status();
  // One read transaction across all steps: every step reads the same snapshot, so a
  // commit by the server between steps neither shows in the copy nor restarts it.
  s = Exec(source->get(), path, "BEGIN");
  int64_t ignored = 0;
  if (s.ok()) s = QueryOne(source->get(), path, "SELECT count(*) FROM sqlite_master", &ignored);
  if (!s.ok()) return s;
  const std::string tmp = destination + ".tmp";
  auto summary = CopyTo(source->get(), path, tmp, options);
  (void)Exec(source->get(), path, "COMMIT");  // ends the read transaction
  source->reset();
  if (!summary.ok()) return summary.status();
  s = Install(tmp, destination);
  if (!s.ok()) return s;
  summary->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return summary;
}

StatusOr<BackupSummary> RestoreBackup(const std::string& backup_file, const std::string& data_dir) {
  const auto start = Clock::now();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(backup_file, ec)) {
    return FailedPrecondition(backup_file + ": no such backup file");
  }
  auto source = OpenDb(backup_file, SQLITE_OPEN_READONLY);
  if (!source.ok()) return source.status();
  BackupSummary checked;
  Status s = Inspect(source->get(), backup_file, &checked);
  if (!s.ok()) return s;

  std::filesystem::create_directories(data_dir, ec);
  if (ec || !std::filesystem::is_directory(data_dir)) {
    return IoError("data dir " + data_dir + ": cannot create directory");
  }
  chmod(data_dir.c_str(), 0700);
  // The same lock a running tourneyd holds: never restore under a live server.
  const std::string lock_path = data_dir + "/LOCK";
  const int lock_fd = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock_fd < 0) return IoError(lock_path + ": cannot open (" + std::strerror(errno) + ")");
  struct Unlock {
    int fd;
    ~Unlock() { close(fd); }
  } unlock{lock_fd};
  if (flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
    return IoError("data dir " + data_dir + " is in use by a running tourneyd");
  }
  const std::string path = data_dir + "/" + kDatabaseFile;
  for (const char* suffix : {"", "-wal"}) {
    if (std::filesystem::exists(path + suffix, ec)) {
      return FailedPrecondition(path + suffix +
                                " exists: restore into an empty data directory (move the "
                                "old one away first)");
    }
  }
  auto summary = CopyTo(source->get(), backup_file, path + ".tmp", BackupOptions());
  if (!summary.ok()) return summary.status();
  s = Install(path + ".tmp", path);
  if (!s.ok()) return s;
  summary->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return summary;
}

}  // namespace tourney::service
