// Logs of scored screens (see tourney/ingest/cesa_log_reader.h).
#include "tourney/ingest/cesa_log_reader.h"

#include <simdjson.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/field_text.h"
#include "ingest/input_file.h"

namespace tourney {
namespace cesa_log_detail {

using simdjson::dom::element;
using simdjson::dom::object;

constexpr std::string_view kResetMarker = "__RESET__";

class ScreenLogParser {
 public:
  explicit ScreenLogParser(std::string_view name) : file_(name) {}

  Status Line(std::string_view line, int64_t number) {
    line_ = number;
    ++out_.lines;
    const simdjson::padded_string padded(line);
    element root;
    if (auto e = parser_.parse(padded).get(root)) {
      return Error("", std::string("invalid JSON: ") + simdjson::error_message(e));
    }
    object entry;
    if (root.get_object().get(entry)) return Error("", "expected a JSON object");
    element probe;
    if (!entry.at_key("screenId").get(probe)) return ExportLine(entry);
    if (!entry.at_key("annotation").get(probe)) return PearmutLine(entry);
    if (!entry.at_key("task_type").get(probe)) return AppraiseLine(entry);
    return Error("", "neither a cESA export line (screenId), a Pearmut log line (annotation) "
                     "nor an Appraise JSONL line (task_type)");
  }

  StatusOr<CesaLog> Finish() && {
    std::vector<ContrastiveScreen> kept;
    for (size_t i = 0; i < screens_.size(); ++i) {
      if (alive_[i]) kept.push_back(std::move(screens_[i]));
    }
    if (kept.empty()) return InvalidArgument(file_ + ": no screens in the log");
    out_.screens.screens = std::move(kept);
    if (out_.replaced > 0) {
      out_.screens.warnings.push_back(file_ + ": " + std::to_string(out_.replaced) +
                                      " screens replaced by a later submission or a reset");
    }
    if (out_.attention_checks + out_.tutorial > 0) {
      out_.screens.warnings.push_back(
          file_ + ": " + std::to_string(out_.attention_checks) + " attention-check and " +
          std::to_string(out_.tutorial) + " tutorial lines kept apart");
    }
    return std::move(out_);
  }

 private:
  Status Error(const std::string& field, const std::string& what) const {
    std::string m = file_ + ":" + std::to_string(line_) + ": ";
    if (!field.empty()) m += "field '" + field + "': ";
    return InvalidArgument(m + what);
  }

  static int32_t Intern(std::string_view name, std::unordered_map<std::string, int32_t>* index,
                        std::vector<std::string>* names) {
    auto [it, added] = index->try_emplace(std::string(name), static_cast<int32_t>(names->size()));
    if (added) names->emplace_back(name);
    return it->second;
  }

  Status Name(object entry, const char* key, bool required, std::string_view* out) {
    element value;
    if (entry.at_key(key).get(value) || value.is_null()) {
      if (required) return Error(key, "missing");
      *out = {};
      return Status::Ok();
    }
    if (value.get_string().get(*out) || TrimField(*out).empty() || !IsValidUtf8(*out)) {
      return Error(key, "expected a non-blank UTF-8 string");
    }
    return Status::Ok();
  }

  Status Score(element value, const std::string& field, double* score) {
    if (value.get_double().get(*score)) {
      int64_t i = 0;
      if (value.get_int64().get(i)) return Error(field, "expected a number");
      *score = static_cast<double>(i);
    }
    if (!std::isfinite(*score) || *score < 0.0 || *score > 100.0) {
      return Error(field, "score outside [0, 100]");
    }
    return Status::Ok();
  }

  // Adds a screen under `key`; an earlier screen with the same key is replaced.
  void Add(ContrastiveScreen screen, const std::string& key) {
    auto it = latest_.find(key);
    if (it != latest_.end() && alive_[it->second]) {
      alive_[it->second] = 0;
      ++out_.replaced;
    }
    latest_[key] = screens_.size();
    by_item_[item_key_].push_back(screens_.size());
    screens_.push_back(std::move(screen));
    alive_.push_back(1);
  }

  Status ExportLine(object entry) {
    // A live campaign's attention check (its degraded output named): counted, kept apart.
    std::string_view degraded;
    if (!entry.at_key("degradedSystem").get_string().get(degraded) && !degraded.empty()) {
      ++out_.attention_checks;
      return Status::Ok();
    }
    std::string_view screen_id, annotator, segment, document;
    if (Status s = Name(entry, "screenId", true, &screen_id); !s.ok()) return s;
    if (Status s = Name(entry, "annotator", true, &annotator); !s.ok()) return s;
    if (Status s = Name(entry, "segment", true, &segment); !s.ok()) return s;
    if (Status s = Name(entry, "document", false, &document); !s.ok()) return s;
    ContrastiveScreen screen;
    screen.screen_id = std::string(screen_id);
    screen.annotator = Intern(annotator, &annotators_, &out_.screens.annotators);
    screen.segment = Intern(segment, &segments_, &out_.screens.segments);
    if (!document.empty()) screen.document = Intern(document, &documents_, &out_.screens.documents);
    element value;
    if (!entry.at_key("selectionProbability").get(value) && !value.is_null()) {
      double p = 0.0;
      if (value.get_double().get(p)) {
        int64_t i = 0;
        if (value.get_int64().get(i)) return Error("selectionProbability", "expected a number");
        p = static_cast<double>(i);
      }
      if (!(p > 0.0 && p <= 1.0)) return Error("selectionProbability", "outside (0, 1]");
      screen.selection_probability = p;
    }
    simdjson::dom::array order, answers;
    if (entry.at_key("displayOrder").get_array().get(order)) {
      return Error("displayOrder", "missing or not a list");
    }
    std::vector<std::string_view> systems;
    for (element e : order) {
      std::string_view name;
      if (e.get_string().get(name) || TrimField(name).empty() || !IsValidUtf8(name)) {
        return Error("displayOrder", "expected non-blank system names");
      }
      for (std::string_view seen : systems) {
        if (seen == name) return Error("displayOrder", "system '" + std::string(name) + "' twice");
      }
      systems.push_back(name);
    }
    if (systems.size() < 2) return Error("displayOrder", "fewer than 2 systems");
    if (entry.at_key("answers").get_array().get(answers)) {
      return Error("answers", "missing or not a list");
    }
    std::vector<double> scores(systems.size(), std::nan(""));
    std::vector<int32_t> span_counts(systems.size(), 0);
    size_t index = 0;
    for (element e : answers) {
      const std::string field = "answers[" + std::to_string(index++) + "]";
      object answer;
      std::string_view system;
      if (e.get_object().get(answer)) return Error(field, "expected an object");
      if (Status s = Name(answer, "system", true, &system); !s.ok()) {
        return Error(field + ".system", "missing or blank");
      }
      size_t at = 0;
      while (at < systems.size() && systems[at] != system) ++at;
      if (at == systems.size()) {
        return Error(field + ".system", "'" + std::string(system) + "' is not on this screen");
      }
      if (!std::isnan(scores[at])) {
        return Error(field + ".system", "'" + std::string(system) + "' answered twice");
      }
      element score;
      if (answer.at_key("score").get(score)) return Error(field + ".score", "missing");
      if (Status s = Score(score, field + ".score", &scores[at]); !s.ok()) return s;
      simdjson::dom::array spans;
      element span_value;
      if (!answer.at_key("spans").get(span_value) && !span_value.is_null()) {
        if (span_value.get_array().get(spans)) return Error(field + ".spans", "expected a list");
        span_counts[at] = static_cast<int32_t>(spans.size());
      }
    }
    for (size_t i = 0; i < systems.size(); ++i) {
      if (std::isnan(scores[i])) {
        return Error("answers", "no answer for '" + std::string(systems[i]) + "' (all " +
                                    std::to_string(systems.size()) + " must be answered)");
      }
      screen.answers.push_back(
          {Intern(systems[i], &systems_, &out_.screens.systems), scores[i], span_counts[i]});
    }
    item_key_ = std::string(annotator) + '\x1f' + std::string(screen_id);
    Add(std::move(screen), item_key_ + '\x1f' + std::string(segment));
    return Status::Ok();
  }

  Status PearmutLine(object entry) {
    std::string_view user;
    if (Status s = Name(entry, "user_id", true, &user); !s.ok()) return s;
    element item_i;
    std::string item_name;
    int64_t item_number = 0;
    std::string_view item_text;
    if (entry.at_key("item_i").get(item_i)) return Error("item_i", "missing");
    if (!item_i.get_int64().get(item_number)) {
      item_name = std::to_string(item_number);
    } else if (!item_i.get_string().get(item_text)) {
      item_name = std::string(item_text);
    } else {
      return Error("item_i", "expected a number or a string");
    }
    if (item_name.rfind("random_", 0) == 0) {
      ++out_.attention_checks;
      return Status::Ok();
    }
    if (item_name.rfind("welcome_", 0) == 0) {
      ++out_.tutorial;
      return Status::Ok();
    }
    item_key_ = std::string(user) + '\x1f' + item_name;
    element annotation;
    if (entry.at_key("annotation").get(annotation)) return Error("annotation", "missing");
    std::string_view marker;
    const bool reset = !annotation.get_string().get(marker) && marker == kResetMarker;
    // A reset or a resubmission of the item drops the user's earlier screens of it.
    auto earlier = by_item_.find(item_key_);
    if (earlier != by_item_.end()) {
      for (size_t i : earlier->second) {
        if (alive_[i]) {
          alive_[i] = 0;
          ++out_.replaced;
        }
      }
      earlier->second.clear();
    }
    if (reset) return Status::Ok();
    std::vector<element> items, annotations;
    element items_value;
    if (entry.at_key("item").get(items_value)) return Error("item", "missing");
    if (!Elements(items_value, &items) || !Elements(annotation, &annotations)) {
      return Error("item", "'item' and 'annotation' must be objects or lists of objects");
    }
    if (items.size() != annotations.size()) {
      return Error("annotation", std::to_string(annotations.size()) + " annotations for " +
                                     std::to_string(items.size()) + " items");
    }
    // WMT26's campaign names its attention checks and tutorial items in the item ids.
    if (!items.empty()) {
      object first;
      std::string_view first_id;
      if (!items[0].get_object().get(first) &&
          !first.at_key("item_id").get_string().get(first_id)) {
        if (first_id.rfind("attention_check_", 0) == 0) {
          ++out_.attention_checks;
          return Status::Ok();
        }
        if (first_id.find("_#_tutorial_#_") != std::string_view::npos) {
          ++out_.tutorial;
          return Status::Ok();
        }
      }
    }
    const int32_t annotator = Intern(user, &annotators_, &out_.screens.annotators);
    for (size_t g = 0; g < items.size(); ++g) {
      object item, models;
      if (items[g].get_object().get(item) || annotations[g].get_object().get(models)) {
        return Error("item", "expected objects");
      }
      std::string_view item_id, doc_id;
      std::string segment_name = item_name + "#" + std::to_string(g);
      std::string document_name;
      if (!item.at_key("item_id").get_string().get(item_id) && !TrimField(item_id).empty()) {
        segment_name = std::string(item_id);
        const size_t cut = item_id.rfind("_###_");
        if (cut != std::string_view::npos) document_name = std::string(item_id.substr(0, cut));
      }
      if (!item.at_key("doc_id").get_string().get(doc_id) && !TrimField(doc_id).empty()) {
        document_name = std::string(doc_id);
      }
      ContrastiveScreen screen;
      screen.screen_id = std::string(user) + "/" + item_name;
      screen.annotator = annotator;
      screen.segment = Intern(segment_name, &segments_, &out_.screens.segments);
      if (!document_name.empty()) {
        screen.document = Intern(document_name, &documents_, &out_.screens.documents);
      }
      const std::string field = "annotation[" + std::to_string(g) + "]";
      for (auto [model, value] : models) {
        object answer;
        element score;
        if (value.get_object().get(answer) || answer.at_key("score").get(score) ||
            score.is_null()) {
          continue;  // unscored on this segment
        }
        double x = 0.0;
        if (Status s = Score(score, field + "." + std::string(model) + ".score", &x); !s.ok()) {
          return s;
        }
        simdjson::dom::array spans;
        const int32_t span_count =
            answer.at_key("error_spans").get_array().get(spans) ? 0
                                                               : static_cast<int32_t>(spans.size());
        screen.answers.push_back({Intern(model, &systems_, &out_.screens.systems), x, span_count});
      }
      if (screen.answers.size() < 2) {
        ++out_.skipped_segments;
        continue;
      }
      Add(std::move(screen), item_key_ + '\x1f' + segment_name);
    }
    return Status::Ok();
  }

  // A string or integer member as text ("" when absent or null).
  static bool IdText(object entry, const char* key, std::string* out) {
    element value;
    out->clear();
    if (entry.at_key(key).get(value) || value.is_null()) return true;
    std::string_view text;
    int64_t number = 0;
    if (!value.get_string().get(text)) {
      *out = std::string(text);
      return IsValidUtf8(text);
    }
    if (!value.get_int64().get(number)) {
      *out = std::to_string(number);
      return true;
    }
    return false;
  }

  // Appraise's ExportSystemScoresToJSONL: ContrastiveESA lines (one annotator's document,
  // targets of several systems, grouped here by segment_id into screens) and pairwise lines
  // (two targets of one item, one screen); Document lines score one output (no screen).
  Status AppraiseLine(object entry) {
    std::string_view task_type;
    if (entry.at_key("task_type").get_string().get(task_type)) {
      return Error("task_type", "expected a string");
    }
    if (task_type == "Document") {
      ++out_.single_output_lines;
      return Status::Ok();
    }
    const bool contrastive = task_type == "ContrastiveESA";
    if (!contrastive && task_type != "PairwiseESA" && task_type != "PairwiseDocument") {
      return Error("task_type", "'" + std::string(task_type) + "' is not an Appraise task type "
                                "(Document, ContrastiveESA, PairwiseESA, PairwiseDocument)");
    }
    std::string_view annotator;
    if (Status s = Name(entry, "annotator", true, &annotator); !s.ok()) return s;
    std::string document, item_type, item;
    if (!IdText(entry, "document_id", &document)) return Error("document_id", "expected an id");
    if (!IdText(entry, "item_type", &item_type)) return Error("item_type", "expected a string");
    if (!IdText(entry, contrastive ? "source_id" : "item_id", &item)) {
      return Error(contrastive ? "source_id" : "item_id", "expected an id");
    }
    if (!item_type.empty() && item_type != "TGT") {
      ++out_.attention_checks;  // BAD, CHK, REF: quality control, kept apart
      return Status::Ok();
    }
    simdjson::dom::array targets;
    if (entry.at_key("targets").get_array().get(targets)) {
      return Error("targets", "missing or not a list");
    }
    // Screens by segment, in order of first appearance.
    std::vector<std::string> keys;
    std::vector<ContrastiveScreen> screens;
    size_t index = 0;
    for (element e : targets) {
      const std::string field = "targets[" + std::to_string(index++) + "]";
      object target;
      if (e.get_object().get(target)) return Error(field, "expected an object");
      std::string system, segment;
      if (!IdText(target, "target_id", &system) || TrimField(system).empty()) {
        return Error(field + ".target_id", "missing or blank");
      }
      if (!IdText(target, "segment_id", &segment)) return Error(field + ".segment_id", "expected an id");
      if (!contrastive || segment.empty()) segment = item;
      element score;
      if (target.at_key("score").get(score) || score.is_null()) continue;  // unscored
      double x = 0.0;
      if (Status s = Score(score, field + ".score", &x); !s.ok()) return s;
      size_t at = 0;
      while (at < keys.size() && keys[at] != segment) ++at;
      if (at == keys.size()) {
        keys.push_back(segment);
        ContrastiveScreen screen;
        screen.screen_id = std::string(annotator) + "/" + document + "/" + segment;
        screen.annotator = Intern(annotator, &annotators_, &out_.screens.annotators);
        screen.segment = Intern(document + "#" + segment, &segments_, &out_.screens.segments);
        if (!document.empty()) {
          screen.document = Intern(document, &documents_, &out_.screens.documents);
        }
        screens.push_back(std::move(screen));
      }
      const int32_t id = Intern(system, &systems_, &out_.screens.systems);
      for (const ScreenAnswer& a : screens[at].answers) {
        if (a.system == id) {
          return Error(field + ".target_id", "'" + system + "' twice on segment " + segment);
        }
      }
      screens[at].answers.push_back({id, x, 0});
    }
    item_key_ = std::string(annotator) + '\x1f' + document + '\x1f' + item;
    for (ContrastiveScreen& screen : screens) {
      if (screen.answers.size() < 2) {
        ++out_.skipped_segments;
        continue;
      }
      const std::string key = item_key_ + '\x1f' + out_.screens.segments[screen.segment];
      Add(std::move(screen), key);
    }
    return Status::Ok();
  }

  static bool Elements(element value, std::vector<element>* out) {
    simdjson::dom::array list;
    if (!value.get_array().get(list)) {
      for (element e : list) {
        if (!e.is_object()) return false;
        out->push_back(e);
      }
      return true;
    }
    if (value.is_object()) {
      out->push_back(value);
      return true;
    }
    return false;
  }

  const std::string file_;
  int64_t line_ = 0;
  simdjson::dom::parser parser_;
  CesaLog out_;
  std::vector<ContrastiveScreen> screens_;
  std::vector<unsigned char> alive_;
  std::string item_key_;
  std::unordered_map<std::string, size_t> latest_;
  std::unordered_map<std::string, std::vector<size_t>> by_item_;
  std::unordered_map<std::string, int32_t> annotators_, segments_, documents_, systems_;
};

// `s` as a JSON string literal.
std::string CesaJsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string CesaNumber(double x) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", x);
  return buf;
}

}  // namespace cesa_log_detail

std::string FormatCesaExportLine(const ContrastiveScreens& screens,
                                 const ContrastiveScreen& screen, std::string_view campaign_id) {
  using cesa_log_detail::CesaJsonString;
  using cesa_log_detail::CesaNumber;
  std::string out = "{\"campaignId\":" + CesaJsonString(campaign_id) +
                    ",\"screenId\":" + CesaJsonString(screen.screen_id) +
                    ",\"annotator\":" + CesaJsonString(screens.annotators[screen.annotator]) +
                    ",\"segment\":" + CesaJsonString(screens.segments[screen.segment]);
  if (screen.document >= 0) {
    out += ",\"document\":" + CesaJsonString(screens.documents[screen.document]);
  }
  out += ",\"displayOrder\":[";
  for (size_t i = 0; i < screen.answers.size(); ++i) {
    if (i > 0) out += ",";
    out += CesaJsonString(screens.systems[screen.answers[i].system]);
  }
  out += "]";
  if (screen.selection_probability > 0.0) {
    out += ",\"selectionProbability\":" + CesaNumber(screen.selection_probability);
  }
  out += ",\"answers\":[";
  for (size_t i = 0; i < screen.answers.size(); ++i) {
    if (i > 0) out += ",";
    out += "{\"system\":" + CesaJsonString(screens.systems[screen.answers[i].system]) +
           ",\"score\":" + CesaNumber(screen.answers[i].score) + "}";
  }
  return out + "]}";
}

bool LooksLikeCesaExport(std::string_view head) {
  const size_t start = head.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || head[start] != '{') return false;
  const std::string_view first = head.substr(start, head.find('\n', start) - start);
  return first.find("\"screenId\"") != std::string_view::npos;
}

StatusOr<CesaLog> ParseCesaLog(std::string_view text, std::string_view name) {
  cesa_log_detail::ScreenLogParser parser(name);
  if (Status s = ForEachNonBlankLine(
          text, [&](std::string_view line, int64_t number) { return parser.Line(line, number); });
      !s.ok()) {
    return s;
  }
  return std::move(parser).Finish();
}

StatusOr<CesaLog> ReadCesaLog(const std::string& path) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseCesaLog(input.text(), InputDisplayName(path));
}

}  // namespace tourney
