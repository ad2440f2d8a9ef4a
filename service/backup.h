// Online backup and restore of tourneyd's database (SQLite's backup API).
//
// BackupDatabase copies <data-dir>/tourney.db while a server may be running and writing.
// It opens its own read-only connection, starts one read transaction and copies the pages
// in chunks of `pages_per_step` inside that transaction. In WAL mode a reader sees one
// snapshot and does not block the writer, so the copy is exactly the database as of the
// moment the read transaction began: every judgment committed (and so acknowledged)
// before then, none committed later, no half-written batch. The server keeps committing
// meanwhile; only checkpoints cannot pass the snapshot, so the WAL grows until the copy
// ends. The copy is written to FILE.tmp, checked (quick_check, identity), synced and
// renamed to FILE, so FILE is either absent or a complete backup.
//
// RestoreBackup checks a backup file the same way and copies it into a data directory
// that holds no database yet; a tourneyd started on that directory then replays it.
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_SERVICE_BACKUP_H_
#define TOURNEY_SERVICE_BACKUP_H_

#include <cstdint>
#include <string>

#include "tourney/core/status.h"

namespace tourney::service {

struct BackupOptions {
  int pages_per_step = 256;   // pages copied per sqlite3_backup_step (1..1<<20)
  int sleep_ms_per_step = 0;  // pause between steps, to spare a busy disk (0..1000)
};

// What a backup or restore copied, read back from the copy.
struct BackupSummary {
  int64_t campaigns = 0;
  int64_t judgments = 0;
  int64_t last_judgment_seq = 0;  // largest judgments.seq (global commit order); 0 if none
  int64_t pages = 0;
  int64_t bytes = 0;  // size of the copy
  double seconds = 0;
};

// Copies <data_dir>/tourney.db to `destination` (mode 0600), consistently, while a
// server may be using it. InvalidArgument for bad options or a destination inside the
// data directory; FailedPrecondition when the data dir holds no tourney database or the
// copy fails its check; IoError for file-system and SQLite errors (the partial
// FILE.tmp is removed).
StatusOr<BackupSummary> BackupDatabase(const std::string& data_dir, const std::string& destination,
                                       const BackupOptions& options = BackupOptions());

// Copies the backup `backup_file` into `data_dir` (created with mode 0700 when absent)
// as its tourney.db. FailedPrecondition when the file is not an intact tourney backup
// or the data dir already holds a database (restore never overwrites); IoError when the
// directory is locked by a running tourneyd or cannot be written.
StatusOr<BackupSummary> RestoreBackup(const std::string& backup_file, const std::string& data_dir);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_BACKUP_H_
