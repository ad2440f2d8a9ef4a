// Internal to tourneyd's store (storage.h): the SQLite schema by version, the statements
// that create a fresh file and those that migrate an older one. docs/service.md has the
// tables and their columns.
#ifndef TOURNEY_SERVICE_STORAGE_SCHEMA_H_
#define TOURNEY_SERVICE_STORAGE_SCHEMA_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tourney::service {

// Expected tables and their columns, in order, for a schema version (1..kSchemaVersion).
std::map<std::string, std::vector<std::string>> ExpectedSchema(int64_t version);

// The statements that create every table of kSchemaVersion in a fresh file (no BEGIN,
// COMMIT or PRAGMA).
std::string FreshSchemaSql();

// The statements that bring a file of `from_version` (1..kSchemaVersion - 1) up to
// kSchemaVersion (no BEGIN, COMMIT or PRAGMA).
std::string MigrationSql(int64_t from_version);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_STORAGE_SCHEMA_H_
