// Internal to ingest/: what the two JSON content importers (Pearmut, Appraise) share: parsing
// a whole document with simdjson's DOM and the messages that name a place by its JSON path
// ("esa.json: data[2][0][3].tgt: expected an object of strings").
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_CONTENT_JSON_H_
#define TOURNEY_INGEST_CONTENT_JSON_H_

#include <simdjson.h>

#include <string>
#include <string_view>

#include "tourney/core/status.h"

namespace tourney::content_json {

// Parses `text` into *root with `parser` (which owns the tree). InvalidArgument naming
// `name`, and for text that is not UTF-8 the line and column.
Status ParseDocument(std::string_view text, std::string_view name, simdjson::dom::parser& parser,
                     simdjson::dom::element* root);

// "NAME: PATH: MESSAGE".
Status PathError(std::string_view name, std::string_view path, std::string_view message);

// The string member `key` of `object` into *out. Absent: *present = false when `present` is
// given, otherwise an error "PATH.key: missing"; not a string: "PATH.key: expected a string".
Status StringMember(simdjson::dom::object object, std::string_view key, std::string_view name,
                    std::string_view path, std::string_view* out, bool* present = nullptr);

}  // namespace tourney::content_json

#endif  // TOURNEY_INGEST_CONTENT_JSON_H_
