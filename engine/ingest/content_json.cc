#include "ingest/content_json.h"

#include <algorithm>

#include "ingest/field_text.h"

namespace tourney::content_json {

Status ParseDocument(std::string_view text, std::string_view name, simdjson::dom::parser& parser,
                     simdjson::dom::element* root) {
  if (const size_t bad = FirstInvalidUtf8(text); bad < text.size()) {
    const std::string_view before = text.substr(0, bad);
    const int64_t line = 1 + std::count(before.begin(), before.end(), '\n');
    const size_t line_start = before.find_last_of('\n') + 1;  // 0 on the first line
    return InvalidArgument(std::string(name) + ":" + std::to_string(line) +
                           ": invalid JSON: the text is not valid UTF-8 (column " +
                           std::to_string(bad - line_start + 1) + ")");
  }
  const simdjson::padded_string padded(text);
  if (auto e = parser.parse(padded).get(*root)) {
    return InvalidArgument(std::string(name) + ": invalid JSON: " + simdjson::error_message(e));
  }
  return Status::Ok();
}

Status PathError(std::string_view name, std::string_view path, std::string_view message) {
  return InvalidArgument(std::string(name) + ": " + std::string(path) + ": " +
                         std::string(message));
}

Status StringMember(simdjson::dom::object object, std::string_view key, std::string_view name,
                    std::string_view path, std::string_view* out, bool* present) {
  simdjson::dom::element value;
  const std::string where = std::string(path) + "." + std::string(key);
  if (object.at_key(key).get(value)) {
    if (present != nullptr) {
      *present = false;
      return Status::Ok();
    }
    return PathError(name, where, "missing");
  }
  if (present != nullptr) *present = true;
  if (value.get_string().get(*out)) return PathError(name, where, "expected a string");
  return Status::Ok();
}

}  // namespace tourney::content_json
