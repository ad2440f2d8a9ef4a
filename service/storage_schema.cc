// The SQLite schema of tourneyd's store, by version (storage_schema.h).
#include "storage_schema.h"

namespace tourney::service {
namespace {

constexpr const char* kCreateSchema = R"sql(
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL);
CREATE TABLE campaigns(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  config BLOB NOT NULL,
  token_sha256 BLOB NOT NULL,
  created_unix_ms INTEGER NOT NULL);
CREATE TABLE judgments(
  seq INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  campaign_seq INTEGER NOT NULL,
  match_id INTEGER UNIQUE,
  idempotency_key TEXT NOT NULL,
  annotator TEXT NOT NULL,
  segment INTEGER NOT NULL,
  document TEXT NOT NULL,
  systems BLOB NOT NULL,
  ranks BLOB NOT NULL,
  groups BLOB,
  committed_unix_ms INTEGER NOT NULL,
  leased_unix_ms INTEGER,
  check_kind INTEGER NOT NULL DEFAULT 0,
  check_ref INTEGER NOT NULL DEFAULT 0,
  check_passed INTEGER NOT NULL DEFAULT 0,
  uniform_draw INTEGER NOT NULL DEFAULT 0,
  selection_probability REAL NOT NULL DEFAULT 0,
  UNIQUE(campaign_id, campaign_seq));
CREATE TABLE leases(
  match_id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  annotator TEXT NOT NULL,
  segment_index INTEGER NOT NULL,
  systems BLOB NOT NULL,
  expires_unix_ms INTEGER NOT NULL,
  check_kind INTEGER NOT NULL DEFAULT 0,
  check_ref INTEGER NOT NULL DEFAULT 0,
  uniform_draw INTEGER NOT NULL DEFAULT 0,
  selection_probability REAL NOT NULL DEFAULT 0);
INSERT INTO meta(key, value) VALUES('boot_epoch', 0);
)sql";

// Version 1 -> 2: campaign events and import keys (new tables, also part of a fresh
// schema: kCreateSchema runs this too); lease times and quality checks of judgments and
// leases are added by Migrate().
constexpr const char* kMigrateFrom1 = R"sql(
CREATE TABLE campaign_events(
  seq INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  kind TEXT NOT NULL,
  annotator TEXT NOT NULL,
  created_unix_ms INTEGER NOT NULL);
CREATE TABLE import_keys(
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  key TEXT NOT NULL,
  content_sha256 BLOB NOT NULL,
  response BLOB NOT NULL,
  PRIMARY KEY(campaign_id, key));
)sql";

// Version 2 -> 3: scoring campaigns and their scores (also part of a fresh schema).
constexpr const char* kMigrateFrom2 = R"sql(
CREATE TABLE scoring_campaigns(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  config BLOB NOT NULL,
  token_sha256 BLOB NOT NULL,
  created_unix_ms INTEGER NOT NULL);
CREATE TABLE scoring_scores(
  seq INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES scoring_campaigns(id),
  system INTEGER NOT NULL,
  segment INTEGER NOT NULL,
  score REAL NOT NULL,
  annotator TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  committed_unix_ms INTEGER NOT NULL,
  UNIQUE(campaign_id, system, segment));
)sql";

// Version 3 -> 4: scoring campaign events (closes; also part of a fresh schema).
constexpr const char* kMigrateFrom3 = R"sql(
CREATE TABLE scoring_events(
  seq INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES scoring_campaigns(id),
  kind TEXT NOT NULL,
  created_unix_ms INTEGER NOT NULL);
)sql";

// Version 5 -> 6: the error spans of scores (ESA, MQM; also part of a fresh schema).
constexpr const char* kMigrateFrom5 = "ALTER TABLE scoring_scores ADD COLUMN error_spans BLOB;";

// Version 6 -> 7 (also part of a fresh schema): annotator links, stored as digests (a
// pairwise or scoring campaign's id: they never collide), and whether a score was set by the
// annotator (NULL: not said).
constexpr const char* kMigrateFrom6 =
    "ALTER TABLE scoring_scores ADD COLUMN touched INTEGER;CREATE TABLE annotator_links("
    "token_sha256 BLOB PRIMARY KEY, campaign_id INTEGER NOT NULL, annotator TEXT NOT NULL, "
    "created_unix_ms INTEGER NOT NULL, revoked_unix_ms INTEGER NOT NULL DEFAULT 0);";


// Version 7 -> 8 (also part of a fresh schema): the screens of contrastive scoring
// campaigns, one row per stored screen (`record`: a serialized tourney.v1.ExportedScreen
// without its sequence, which is the row's order within the campaign).
constexpr const char* kMigrateFrom7 =
    "CREATE TABLE scoring_screens(seq INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL "
    "REFERENCES scoring_campaigns(id), screen_id TEXT NOT NULL, record BLOB NOT NULL, "
    "committed_unix_ms INTEGER NOT NULL, UNIQUE(campaign_id, screen_id));";

}  // namespace

std::map<std::string, std::vector<std::string>> ExpectedSchema(int64_t version) {
  std::map<std::string, std::vector<std::string>> schema{
      {"meta", {"key", "value"}},
      {"campaigns", {"id", "name", "config", "token_sha256", "created_unix_ms"}},
      {"judgments",
       {"seq", "campaign_id", "campaign_seq", "match_id", "idempotency_key", "annotator",
        "segment", "document", "systems", "ranks", "groups", "committed_unix_ms"}},
      {"leases",
       {"match_id", "campaign_id", "annotator", "segment_index", "systems", "expires_unix_ms"}},
  };
  if (version >= 2) {
    for (const char* c : {"leased_unix_ms", "check_kind", "check_ref", "check_passed"}) {
      schema["judgments"].push_back(c);
    }
    for (const char* c : {"check_kind", "check_ref"}) schema["leases"].push_back(c);
    schema["campaign_events"] = {"seq", "campaign_id", "kind", "annotator", "created_unix_ms"};
    schema["import_keys"] = {"campaign_id", "key", "content_sha256", "response"};
  }
  if (version >= 3) {
    schema["scoring_campaigns"] = schema["campaigns"];
    schema["scoring_scores"] = {"seq",   "campaign_id", "system",          "segment",
                                "score", "annotator",   "idempotency_key", "committed_unix_ms"};
  }
  if (version >= 4) {
    schema["scoring_events"] = {"seq", "campaign_id", "kind", "created_unix_ms"};
  }
  if (version >= 5) {
    for (const char* table : {"judgments", "leases"}) {
      schema[table].push_back("uniform_draw");
      schema[table].push_back("selection_probability");
    }
  }
  if (version >= 6) schema["scoring_scores"].push_back("error_spans");
  if (version >= 7) {
    schema["scoring_scores"].push_back("touched");
    schema["annotator_links"] = {"token_sha256", "campaign_id", "annotator", "created_unix_ms",
                                 "revoked_unix_ms"};
  }
  if (version >= 8) {
    schema["scoring_screens"] = {"seq", "campaign_id", "screen_id", "record", "committed_unix_ms"};
  }
  return schema;
}


std::string FreshSchemaSql() {
  return std::string(kCreateSchema) + kMigrateFrom1 + kMigrateFrom2 + kMigrateFrom3 +
         kMigrateFrom5 + kMigrateFrom6 + kMigrateFrom7;
}

std::string MigrationSql(int64_t from_version) {
  std::string sql;
  if (from_version == 1) {
    sql += "ALTER TABLE judgments ADD COLUMN leased_unix_ms INTEGER;";
    for (const char* column : {"judgments ADD COLUMN check_kind", "judgments ADD COLUMN check_ref",
                               "judgments ADD COLUMN check_passed",
                               "leases ADD COLUMN check_kind", "leases ADD COLUMN check_ref"}) {
      sql += std::string("ALTER TABLE ") + column + " INTEGER NOT NULL DEFAULT 0;";
    }
    sql += kMigrateFrom1;
  }
  if (from_version <= 2) sql += kMigrateFrom2;
  if (from_version <= 3) sql += kMigrateFrom3;
  if (from_version <= 4) {
    // Version 4 -> 5: each match's uniform draw and selection probability.
    for (const char* table : {"judgments", "leases"}) {
      sql += std::string("ALTER TABLE ") + table +
             " ADD COLUMN uniform_draw INTEGER NOT NULL DEFAULT 0;ALTER TABLE " + table +
             " ADD COLUMN selection_probability REAL NOT NULL DEFAULT 0;";
    }
  }
  if (from_version <= 5) sql += kMigrateFrom5;
  if (from_version <= 6) sql += kMigrateFrom6;
  if (from_version <= 7) sql += kMigrateFrom7;
  return sql;
}

}  // namespace tourney::service
