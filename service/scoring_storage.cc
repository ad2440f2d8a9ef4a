// Store's loaders for scoring campaigns (storage.h): the campaigns, then every score in
// commit order.
#include <sqlite3.h>

#include "storage.h"
#include "storage_rows.h"

namespace tourney::service {

using rows::ColumnBlob;
using rows::ColumnText;

Status Store::LoadScoringCampaigns(const std::function<Status(StoredCampaign)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT id, name, config, token_sha256, created_unix_ms "
                         "FROM scoring_campaigns ORDER BY id",
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
    s = FailedPrecondition(path_ + ": reading scoring campaigns: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

Status Store::LoadScores(const std::function<Status(StoredScore)>& fn) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT campaign_id, system, segment, score, annotator, "
                         "idempotency_key, committed_unix_ms FROM scoring_scores ORDER BY seq",
                         -1, &stmt, nullptr) != SQLITE_OK) {
    return FailedPrecondition(path_ + ": " + sqlite3_errmsg(db_));
  }
  int rc;
  Status s;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredScore r;
    r.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
    r.system = sqlite3_column_int(stmt, 1);
    r.segment = sqlite3_column_int(stmt, 2);
    r.score = sqlite3_column_double(stmt, 3);
    r.annotator = ColumnText(stmt, 4);
    r.idempotency_key = ColumnText(stmt, 5);
    r.committed_unix_ms = sqlite3_column_int64(stmt, 6);
    s = fn(std::move(r));
    if (!s.ok()) break;
  }
  if (s.ok() && rc != SQLITE_DONE) {
    s = FailedPrecondition(path_ + ": reading scores: " + sqlite3_errmsg(db_));
  }
  sqlite3_finalize(stmt);
  return s;
}

}  // namespace tourney::service
