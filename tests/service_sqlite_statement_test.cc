// SqliteStatement (service/sqlite_statement.h): preparing, the row loop, and how it stops.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>
#include <vector>

#include "sqlite_statement.h"

namespace tourney::service {
namespace {

class SqliteStatementTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(sqlite3_open(":memory:", &db_), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db_, "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (4), (5), (7);",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
  }
  void TearDown() override { sqlite3_close(db_); }

  // A step_failed that must not run.
  static Status Unexpected() { return Internal("step_failed called"); }

  sqlite3* db_ = nullptr;
};

TEST_F(SqliteStatementTest, ReadsEveryRowInOrder) {
  SqliteStatement stmt(db_, "SELECT v FROM t ORDER BY v");
  ASSERT_TRUE(stmt.ok());
  std::vector<int64_t> seen;
  Status s = stmt.ReadRows(
      [&](sqlite3_stmt* row) {
        seen.push_back(sqlite3_column_int64(row, 0));
        return Status::Ok();
      },
      &Unexpected);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(seen, (std::vector<int64_t>{4, 5, 7}));
}

TEST_F(SqliteStatementTest, StopsAtTheFirstRowError) {
  SqliteStatement stmt(db_, "SELECT v FROM t ORDER BY v");
  ASSERT_TRUE(stmt.ok());
  int calls = 0;
  Status s = stmt.ReadRows(
      [&](sqlite3_stmt* row) {
        ++calls;
        // The second row (5) is refused: the third is never read.
        return sqlite3_column_int64(row, 0) == 5 ? InvalidArgument("row 5") : Status::Ok();
      },
      &Unexpected);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "row 5");
  EXPECT_EQ(calls, 2);
}

TEST_F(SqliteStatementTest, BadSqlIsNotPrepared) {
  SqliteStatement stmt(db_, "SELECT v FROM no_such_table");
  EXPECT_FALSE(stmt.ok());
  EXPECT_NE(std::string(sqlite3_errmsg(db_)).find("no_such_table"), std::string::npos);
}

TEST_F(SqliteStatementTest, AFailedStepReportsWithTheConnectionsMessage) {
  // abs() of the smallest 64-bit integer overflows when the row is computed, not when the
  // statement is prepared.
  SqliteStatement stmt(db_, "SELECT abs(-9223372036854775807 - 1)");
  ASSERT_TRUE(stmt.ok());
  int calls = 0;
  Status s = stmt.ReadRows(
      [&](sqlite3_stmt*) {
        ++calls;
        return Status::Ok();
      },
      [&] { return IoError(std::string("step: ") + sqlite3_errmsg(db_)); });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(s.code(), StatusCode::kIoError);
  EXPECT_EQ(s.message(), "step: integer overflow");
}

}  // namespace
}  // namespace tourney::service
