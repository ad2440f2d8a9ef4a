// The Pearmut campaign JSON importer (ParsePearmutContent, content_reader.h).
#include <simdjson.h>

#include <string>
#include <string_view>

#include "ingest/content_builder.h"
#include "ingest/content_json.h"
#include "ingest/field_text.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace pearmut_content {

using simdjson::dom::element;
using simdjson::dom::element_type;

// Deepest list nesting of `data`: tasks -> documents -> items.
constexpr int kMaxListDepth = 3;

class PearmutImport {
 public:
  explicit PearmutImport(std::string_view name) : name_(name), builder_("pearmut") {}

  Status Walk(element value, const std::string& path, int depth) {
    if (value.type() == element_type::ARRAY) {
      if (depth >= kMaxListDepth) {
        return content_json::PathError(name_, path,
                                       "expected an item object (lists nest at most 3 deep: "
                                       "tasks, documents, items)");
      }
      size_t i = 0;
      const simdjson::dom::array list = value.get_array().value_unsafe();
      for (element child : list) {
        if (Status s = Walk(child, path + "[" + std::to_string(i++) + "]", depth + 1); !s.ok()) {
          return s;
        }
      }
      return Status::Ok();
    }
    if (value.type() != element_type::OBJECT || depth == 0) {
      return content_json::PathError(name_, path,
                                     depth == 0 ? "expected a list" : "expected an item object");
    }
    return Item(value.get_object().value_unsafe(), path);
  }

  StatusOr<CampaignTexts> Finish() && { return std::move(builder_).Finish(name_); }

 private:
  Status Item(simdjson::dom::object item, const std::string& path) {
    ++builder_.skipped().items;
    std::string_view doc_id, src;
    if (Status s = content_json::StringMember(item, "doc_id", name_, path, &doc_id); !s.ok()) {
      return s;
    }
    if (Status s = content_json::StringMember(item, "src", name_, path, &src); !s.ok()) return s;
    const std::string where = std::string(name_) + ": " + path;
    std::string identity(doc_id);
    identity += '\0';
    identity += src;
    auto segment = builder_.Segment(identity, "", doc_id, src, std::nullopt, where);
    if (!segment.ok()) return segment.status();
    element tgt;
    if (item.at_key("tgt").get(tgt))
      return content_json::PathError(name_, path + ".tgt", "missing");
    if (tgt.type() == element_type::STRING) {
      // The older schema: one model per item, named by sys_id.
      std::string_view sys_id;
      if (Status s = content_json::StringMember(item, "sys_id", name_, path, &sys_id); !s.ok()) {
        return s;
      }
      return builder_.AddOutput(*segment, sys_id, tgt.get_string().value_unsafe(), where + ".tgt");
    }
    if (tgt.type() != element_type::OBJECT) {
      return content_json::PathError(name_, path + ".tgt", "expected an object of strings");
    }
    const simdjson::dom::object models = tgt.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair kv : models) {
      if (kv.value.type() != element_type::STRING) {
        return content_json::PathError(name_, path + ".tgt",
                                       std::string("expected an object of strings (model ") +
                                           QuotedValue(kv.key) + " is not a string)");
      }
      const std::string output_where = where + ".tgt." + std::string(kv.key);
      if (Status s = builder_.AddOutput(*segment, kv.key, kv.value.get_string().value_unsafe(),
                                        output_where);
          !s.ok()) {
        return s;
      }
    }
    return Status::Ok();
  }

  std::string_view name_;
  ContentBuilder builder_;
};

}  // namespace pearmut_content

StatusOr<CampaignTexts> ParsePearmutContent(std::string_view text, std::string_view name) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (Status s = content_json::ParseDocument(text, name, parser, &root); !s.ok()) return s;
  simdjson::dom::object campaign;
  if (root.get_object().get(campaign)) {
    return InvalidArgument(std::string(name) +
                           ": expected a Pearmut campaign object "
                           "{\"campaign_id\", \"info\", \"data\"}");
  }
  simdjson::dom::element data;
  if (campaign.at_key("data").get(data)) {
    return content_json::PathError(name, "data", "missing");
  }
  pearmut_content::PearmutImport import(name);
  if (Status s = import.Walk(data, "data", 0); !s.ok()) return s;
  return std::move(import).Finish();
}

}  // namespace tourney
