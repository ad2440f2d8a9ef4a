// Internal to storage.cc, storage_read.cc and scoring_storage.cc: how rows are encoded in
// the SQLite store.
#ifndef TOURNEY_SERVICE_STORAGE_ROWS_H_
#define TOURNEY_SERVICE_STORAGE_ROWS_H_

#include <sqlite3.h>

#include <string>
#include <vector>

#include "storage.h"

namespace tourney::service::rows {

// System ids are stored as little-endian uint16 (at most 1000 systems).
inline std::string EncodeSystems(const std::vector<int32_t>& systems) {
  std::string out;
  out.reserve(systems.size() * 2);
  for (int32_t id : systems) {
    out.push_back(static_cast<char>(id & 0xff));
    out.push_back(static_cast<char>((id >> 8) & 0xff));
  }
  return out;
}

inline bool DecodeSystems(const void* data, int bytes, std::vector<int32_t>* systems) {
  if (bytes < 0 || bytes % 2 != 0) return false;
  const auto* p = static_cast<const unsigned char*>(data);
  systems->resize(static_cast<size_t>(bytes / 2));
  for (int i = 0; i < bytes / 2; ++i) (*systems)[i] = p[2 * i] | (p[2 * i + 1] << 8);
  return true;
}

inline std::string ColumnText(sqlite3_stmt* stmt, int col) {
  const unsigned char* text = sqlite3_column_text(stmt, col);
  return text ? std::string(reinterpret_cast<const char*>(text),
                            static_cast<size_t>(sqlite3_column_bytes(stmt, col)))
              : std::string();
}

inline std::string ColumnBlob(sqlite3_stmt* stmt, int col) {
  const void* blob = sqlite3_column_blob(stmt, col);
  const int bytes = sqlite3_column_bytes(stmt, col);
  return blob ? std::string(static_cast<const char*>(blob), static_cast<size_t>(bytes))
              : std::string();
}

inline void BindText(sqlite3_stmt* stmt, int col, const std::string& s) {
  sqlite3_bind_text(stmt, col, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

inline void BindBlob(sqlite3_stmt* stmt, int col, const void* data, size_t bytes) {
  sqlite3_bind_blob(stmt, col, bytes ? data : "", static_cast<int>(bytes), SQLITE_TRANSIENT);
}

// Reads one campaigns or scoring_campaigns row selected as
// `id, name, config, token_sha256, created_unix_ms`.
inline StoredCampaign ReadCampaignRow(sqlite3_stmt* stmt) {
  StoredCampaign c;
  c.id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 0));
  c.name = ColumnText(stmt, 1);
  c.config = ColumnBlob(stmt, 2);
  c.token_sha256 = ColumnBlob(stmt, 3);
  c.created_unix_ms = sqlite3_column_int64(stmt, 4);
  return c;
}

// Reads one judgments row (columns in the order of kSelectJudgment).
inline Status ReadJudgmentRow(sqlite3_stmt* stmt, StoredJudgment* j) {
  const auto signed_match = sqlite3_column_int64(stmt, 3);
  j->campaign_id = static_cast<uint64_t>(sqlite3_column_int64(stmt, 1));
  j->campaign_seq = sqlite3_column_int64(stmt, 2);
  j->match_id =
      sqlite3_column_type(stmt, 3) == SQLITE_NULL ? 0 : static_cast<uint64_t>(signed_match);
  j->idempotency_key = ColumnText(stmt, 4);
  j->annotator = ColumnText(stmt, 5);
  j->segment = sqlite3_column_int64(stmt, 6);
  j->document = ColumnText(stmt, 7);
  if (!DecodeSystems(sqlite3_column_blob(stmt, 8), sqlite3_column_bytes(stmt, 8), &j->systems)) {
    return FailedPrecondition("judgment " + std::to_string(sqlite3_column_int64(stmt, 0)) +
                              ": malformed systems column");
  }
  const auto* ranks = static_cast<const uint8_t*>(sqlite3_column_blob(stmt, 9));
  j->ranks.assign(ranks, ranks + sqlite3_column_bytes(stmt, 9));
  const auto* groups = static_cast<const uint8_t*>(sqlite3_column_blob(stmt, 10));
  if (groups) {
    j->groups.assign(groups, groups + sqlite3_column_bytes(stmt, 10));
  } else {
    j->groups.clear();
  }
  j->committed_unix_ms = sqlite3_column_int64(stmt, 11);
  j->leased_unix_ms = sqlite3_column_int64(stmt, 12);  // NULL reads as 0
  j->check_kind = sqlite3_column_int(stmt, 13);
  j->check_ref = static_cast<uint64_t>(sqlite3_column_int64(stmt, 14));
  j->check_passed = sqlite3_column_int(stmt, 15) != 0;
  j->uniform_draw = sqlite3_column_int(stmt, 16) != 0;
  j->selection_probability = sqlite3_column_double(stmt, 17);
  return Status::Ok();
}

inline constexpr const char* kSelectJudgment =
    "SELECT seq, campaign_id, campaign_seq, match_id, idempotency_key, annotator, segment, "
    "document, systems, ranks, groups, committed_unix_ms, leased_unix_ms, check_kind, check_ref, "
    "check_passed, uniform_draw, selection_probability "
    "FROM judgments";

}  // namespace tourney::service::rows

#endif  // TOURNEY_SERVICE_STORAGE_ROWS_H_
