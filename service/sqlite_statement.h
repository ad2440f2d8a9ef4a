// A prepared SQLite statement that finalizes itself, and the loop over its result rows that
// the Store's readers share (storage_read.cc, scoring_storage.cc).
// Thread safety: as the connection it was prepared on; one thread at a time.
#ifndef TOURNEY_SERVICE_SQLITE_STATEMENT_H_
#define TOURNEY_SERVICE_SQLITE_STATEMENT_H_

#include <sqlite3.h>

#include <functional>

#include "tourney/core/status.h"

namespace tourney::service {

// Reads one result row (the statement, positioned on it); an error stops the loop.
using RowReader = std::function<Status(sqlite3_stmt* row)>;

class SqliteStatement {
 public:
  // Prepares `sql` on `db`; ok() says whether that worked (sqlite3_errmsg(db) says why not).
  SqliteStatement(sqlite3* db, const char* sql);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  bool ok() const { return ok_; }
  sqlite3_stmt* get() const { return stmt_; }

  // Steps through the result rows, calling `read` on each, and stops at the first status
  // that is not OK, which it returns. When a step fails, returns `step_failed()`, called
  // while the connection's error message is still the step's. OK once every row was read.
  Status ReadRows(const RowReader& read, const std::function<Status()>& step_failed);

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool ok_ = false;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_SQLITE_STATEMENT_H_
