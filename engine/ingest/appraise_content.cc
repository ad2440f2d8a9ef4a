// The Appraise batches JSON importer (ParseAppraiseContent, content_reader.h).
#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "ingest/content_builder.h"
#include "ingest/content_json.h"
#include "ingest/field_text.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace appraise_content {

using simdjson::dom::element;
using simdjson::dom::element_type;

class AppraiseImport {
 public:
  explicit AppraiseImport(std::string_view name) : name_(name), builder_("appraise") {}

  Status Batch(simdjson::dom::object batch, const std::string& path) {
    simdjson::dom::object task;
    if (!languages_set_ && !batch.at_key("task").get(task)) {
      std::string_view source, target;
      bool has_source = false, has_target = false;
      if (Status s = content_json::StringMember(task, "sourceLanguage", name_, path + ".task",
                                                &source, &has_source);
          !s.ok()) {
        return s;
      }
      if (Status s = content_json::StringMember(task, "targetLanguage", name_, path + ".task",
                                                &target, &has_target);
          !s.ok()) {
        return s;
      }
      builder_.SetLanguages(std::string(source), std::string(target));
      languages_set_ = true;
    }
    simdjson::dom::array items;
    if (batch.at_key("items").get(items)) {
      return content_json::PathError(name_, path + ".items", "expected a list of items");
    }
    size_t i = 0;
    for (element item : items) {
      const std::string item_path = path + ".items[" + std::to_string(i++) + "]";
      simdjson::dom::object object;
      if (item.get_object().get(object)) {
        return content_json::PathError(name_, item_path, "expected an item object");
      }
      if (Status s = Item(object, item_path); !s.ok()) return s;
    }
    return Status::Ok();
  }

  StatusOr<CampaignTexts> Finish() && { return std::move(builder_).Finish(name_); }

 private:
  Status Item(simdjson::dom::object item, const std::string& path) {
    ContentSkips& skipped = builder_.skipped();
    ++skipped.items;
    std::string_view type = "TGT";
    bool has_type = false;
    if (Status s = content_json::StringMember(item, "itemType", name_, path, &type, &has_type);
        !s.ok()) {
      return s;
    }
    if (type == "BAD") {
      ++skipped.bad_items;
      return Status::Ok();
    }
    if (type == "REF") {
      ++skipped.reference_items;
      return Status::Ok();
    }
    if (type == "CHK") {
      ++skipped.check_items;
      return Status::Ok();
    }
    if (type != "TGT") {
      return content_json::PathError(name_, path + ".itemType",
                                     QuotedValue(type) + " is not TGT, BAD, REF or CHK");
    }
    bool complete = false;
    if (element e; !item.at_key("isCompleteDocument").get(e) && e.type() == element_type::BOOL) {
      complete = e.get_bool().value_unsafe();
    }
    if (complete) {
      ++skipped.document_items;
      return Status::Ok();
    }
    simdjson::dom::object mqm;
    if (!item.at_key("mqm").get(mqm)) {
      if (element tutorial; !mqm.at_key("tutorial").get(tutorial)) {
        {
          ++skipped.tutorial_items;
          return Status::Ok();
        }
      }
    }
    // The document: documentID, else sourceID (the Pairwise batches name the source file).
    std::string_view document, source, segment_id;
    bool has = false;
    if (Status s = content_json::StringMember(item, "documentID", name_, path, &document, &has);
        !s.ok()) {
      return s;
    }
    if (!has) {
      if (Status s = content_json::StringMember(item, "sourceID", name_, path, &document);
          !s.ok()) {
        return s;
      }
    }
    if (Status s = content_json::StringMember(item, "sourceText", name_, path, &source, &has);
        !s.ok()) {
      return s;
    }
    if (!has) {
      if (Status s = content_json::StringMember(item, "segmentText", name_, path, &source);
          !s.ok()) {
        return s;
      }
    }
    bool has_segment_id = false;
    if (Status s = content_json::StringMember(item, "segmentID", name_, path, &segment_id,
                                              &has_segment_id);
        !s.ok()) {
      return s;
    }
    std::string identity(document);
    identity += '\0';
    identity += has_segment_id ? segment_id : source;
    const std::string where = std::string(name_) + ": " + path;
    auto segment = builder_.Segment(identity, has_segment_id ? segment_id : std::string_view(),
                                    document, source, std::nullopt, where);
    if (!segment.ok()) return segment.status();
    simdjson::dom::array targets;
    if (!item.at_key("targets").get(targets)) {
      size_t i = 0;
      for (element target : targets) {
        const std::string target_path = path + ".targets[" + std::to_string(i++) + "]";
        simdjson::dom::object object;
        if (target.get_object().get(object)) {
          return content_json::PathError(name_, target_path, "expected a target object");
        }
        if (Status s = Target(object, *segment, target_path); !s.ok()) return s;
      }
      return Status::Ok();
    }
    return Target(item, *segment, path);
  }

  // A targetID naming several systems joined by '+' stands for their identical outputs.
  Status Target(simdjson::dom::object target, size_t segment, const std::string& path) {
    std::string_view id, text;
    if (Status s = content_json::StringMember(target, "targetID", name_, path, &id); !s.ok()) {
      return s;
    }
    if (Status s = content_json::StringMember(target, "targetText", name_, path, &text); !s.ok()) {
      return s;
    }
    const std::string where = std::string(name_) + ": " + path + ".targetText";
    size_t begin = 0;
    while (begin <= id.size()) {
      const size_t plus = std::min(id.find('+', begin), id.size());
      const std::string_view system = id.substr(begin, plus - begin);
      if (system.empty()) {
        return content_json::PathError(name_, path + ".targetID",
                                       QuotedValue(id) + " names an empty system");
      }
      if (Status s = builder_.AddOutput(segment, system, text, where); !s.ok()) return s;
      begin = plus + 1;
    }
    return Status::Ok();
  }

  std::string_view name_;
  ContentBuilder builder_;
  bool languages_set_ = false;
};

}  // namespace appraise_content

StatusOr<CampaignTexts> ParseAppraiseContent(std::string_view text, std::string_view name) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (Status s = content_json::ParseDocument(text, name, parser, &root); !s.ok()) return s;
  simdjson::dom::array batches;
  if (root.get_array().get(batches)) {
    return InvalidArgument(std::string(name) +
                           ": expected an Appraise batches list [{\"items\", \"task\"}, ...]");
  }
  appraise_content::AppraiseImport import(name);
  size_t i = 0;
  for (simdjson::dom::element batch : batches) {
    std::string path = "[";
    path += std::to_string(i++);
    path += ']';
    simdjson::dom::object object;
    if (batch.get_object().get(object)) {
      return content_json::PathError(name, path, "expected a batch object");
    }
    if (Status s = import.Batch(object, path); !s.ok()) return s;
  }
  return std::move(import).Finish();
}

}  // namespace tourney
