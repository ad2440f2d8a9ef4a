// Store's loaders for scoring campaigns (storage.h): the campaigns, every score in commit
// order, and the campaigns' events (closes); and every annotator link.
#include <sqlite3.h>

#include "storage.h"
#include "storage_rows.h"

namespace tourney::service {

Status Store::LoadScoringCampaigns(const std::function<Status(StoredCampaign)>& fn) {
  return LoadRows(
      "SELECT id, name, config, token_sha256, created_unix_ms FROM scoring_campaigns "
      "ORDER BY id",
      "scoring campaigns", [&](sqlite3_stmt* row) { return fn(rows::ReadCampaignRow(row)); });
}

Status Store::LoadScores(const std::function<Status(StoredScore)>& fn) {
  return LoadRows(
      "SELECT campaign_id, system, segment, score, annotator, idempotency_key, "
      "committed_unix_ms, error_spans, touched FROM scoring_scores ORDER BY seq",
      "scores", [&](sqlite3_stmt* row) {
        StoredScore r;
        r.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
        r.system = sqlite3_column_int(row, 1);
        r.segment = sqlite3_column_int(row, 2);
        r.score = sqlite3_column_double(row, 3);
        r.annotator = rows::ColumnText(row, 4);
        r.idempotency_key = rows::ColumnText(row, 5);
        r.committed_unix_ms = sqlite3_column_int64(row, 6);
        if (const void* blob = sqlite3_column_blob(row, 7)) {
          r.error_spans.assign(static_cast<const char*>(blob),
                               static_cast<size_t>(sqlite3_column_bytes(row, 7)));
        }
        r.touched = sqlite3_column_type(row, 8) == SQLITE_NULL ? -1 : sqlite3_column_int(row, 8);
        return fn(std::move(r));
      });
}

Status Store::LoadAnnotatorLinks(const std::function<Status(StoredAnnotatorLink)>& fn) {
  return LoadRows(
      "SELECT token_sha256, campaign_id, annotator, created_unix_ms, revoked_unix_ms "
      "FROM annotator_links ORDER BY rowid",
      "annotator links", [&](sqlite3_stmt* row) {
        StoredAnnotatorLink l;
        if (const void* blob = sqlite3_column_blob(row, 0)) {
          l.token_sha256.assign(static_cast<const char*>(blob),
                                static_cast<size_t>(sqlite3_column_bytes(row, 0)));
        }
        l.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 1));
        l.annotator = rows::ColumnText(row, 2);
        l.created_unix_ms = sqlite3_column_int64(row, 3);
        l.revoked_unix_ms = sqlite3_column_int64(row, 4);
        return fn(std::move(l));
      });
}

Status Store::LoadScoringEvents(const std::function<Status(StoredEvent)>& fn) {
  return LoadRows("SELECT campaign_id, kind, created_unix_ms FROM scoring_events ORDER BY seq",
                  "scoring events", [&](sqlite3_stmt* row) {
                    StoredEvent e;
                    e.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
                    e.kind = rows::ColumnText(row, 1);
                    e.created_unix_ms = sqlite3_column_int64(row, 2);
                    return fn(std::move(e));
                  });
}

Status Store::LoadScreens(const std::function<Status(StoredScreen)>& fn) {
  return LoadRows(
      "SELECT campaign_id, screen_id, record, committed_unix_ms FROM scoring_screens ORDER BY seq",
      "screens", [&](sqlite3_stmt* row) {
        StoredScreen r;
        r.campaign_id = static_cast<uint64_t>(sqlite3_column_int64(row, 0));
        r.screen_id = rows::ColumnText(row, 1);
        if (const void* blob = sqlite3_column_blob(row, 2)) {
          r.record.assign(static_cast<const char*>(blob),
                          static_cast<size_t>(sqlite3_column_bytes(row, 2)));
        }
        r.committed_unix_ms = sqlite3_column_int64(row, 3);
        return fn(std::move(r));
      });
}

}  // namespace tourney::service
