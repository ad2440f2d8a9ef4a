#include "sqlite_statement.h"

namespace tourney::service {

SqliteStatement::SqliteStatement(sqlite3* db, const char* sql)
    : ok_(sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) == SQLITE_OK) {}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(stmt_); }

Status SqliteStatement::ReadRows(const RowReader& read,
                                 const std::function<Status()>& step_failed) {
  int rc;
  while ((rc = sqlite3_step(stmt_)) == SQLITE_ROW) {
    Status s = read(stmt_);
    if (!s.ok()) return s;
  }
  return rc == SQLITE_DONE ? Status::Ok() : step_failed();
}

}  // namespace tourney::service
