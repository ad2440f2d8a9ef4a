// WMT25's released human evaluation (see tourney/ingest/wmt25_humeval_reader.h).
#include "tourney/ingest/wmt25_humeval_reader.h"

#include <simdjson.h>

#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "ingest/field_text.h"
#include "ingest/input_file.h"

namespace tourney {
namespace wmt25_humeval_detail {

class HumevalParser {
 public:
  explicit HumevalParser(std::string_view name) : file_(name) {}

  Status Line(std::string_view line, int64_t number) {
    line_ = number;
    const simdjson::padded_string padded(line);
    simdjson::dom::element root;
    if (auto e = parser_.parse(padded).get(root)) {
      return Error("", std::string("invalid JSON: ") + simdjson::error_message(e));
    }
    simdjson::dom::object entry;
    if (root.get_object().get(entry)) return Error("", "expected a JSON object");
    std::string_view doc_id;
    if (entry.at_key("doc_id").get_string().get(doc_id) || TrimField(doc_id).empty() ||
        !IsValidUtf8(doc_id)) {
      return Error("doc_id", "missing, blank or not a UTF-8 string");
    }
    if (!seen_.insert(std::string(doc_id)).second) {
      std::string what(1, '\'');
      what.append(doc_id).append("' repeats an earlier line");
      return Error("doc_id", what);
    }
    ++out_.segments;
    const int32_t segment = static_cast<int32_t>(out_.segments);
    const size_t cut = doc_id.rfind("_#_");
    const int64_t document =
        Intern(cut == std::string_view::npos ? doc_id : doc_id.substr(0, cut), &documents_,
               &out_.judgments.documents);
    simdjson::dom::object scores;
    simdjson::dom::element value;
    if (entry.at_key("scores").get(value) || value.is_null()) return Status::Ok();
    if (value.get_object().get(scores)) return Error("scores", "expected an object");
    for (auto [system, per_system] : scores) {
      simdjson::dom::object waves;
      if (per_system.get_object().get(waves)) {
        return Error("scores." + std::string(system), "expected an object");
      }
      bool both = true;
      for (int wave = 1; wave <= 2; ++wave) {
        const std::string key = wave == 1 ? "human1" : "human2";
        simdjson::dom::element score;
        if (waves.at_key(key).get(score) || score.is_null()) {
          both = false;
          continue;
        }
        double x = 0.0;
        if (score.get_double().get(x)) {
          int64_t i = 0;
          if (score.get_int64().get(i)) {
            return Error("scores." + std::string(system) + "." + key, "expected a number");
          }
          x = static_cast<double>(i);
        }
        if (!std::isfinite(x) || x < 0.0 || x > 100.0) {
          return Error("scores." + std::string(system) + "." + key, "score outside [0, 100]");
        }
        std::string_view annotator = "unknown";
        std::string_view named;
        if (!waves.at_key(wave == 1 ? "annotator1" : "annotator2").get_string().get(named) &&
            !TrimField(named).empty() && IsValidUtf8(named)) {
          annotator = named;
        }
        DaJudgment j;
        std::string who = wave == 1 ? "wave 1/" : "wave 2/";
        who.append(annotator);
        j.annotator = Intern(who, &annotators_, &out_.judgments.annotators);
        j.system = Intern(system, &systems_, &out_.judgments.systems);
        j.segment = segment;
        j.document = document;
        j.raw = x;
        j.line = line_;
        out_.judgments.rows.push_back(j);
        ++out_.judgments.type_counts[static_cast<int>(DaItemType::kSystem)];
        ++out_.wave_scores[wave - 1];
      }
      if (both) ++out_.double_scored;
    }
    return Status::Ok();
  }

  StatusOr<Wmt25Humeval> Finish() && {
    if (out_.judgments.rows.empty()) return InvalidArgument(file_ + ": no human scores");
    out_.judgments.has_raw = true;
    if (out_.double_scored > 0) {
      out_.judgments.warnings.push_back(
          file_ + ": " + std::to_string(out_.double_scored) +
          " system outputs scored in both waves (human1 and human2): two judgments each, "
          "averaged within the segment, never two independent segments");
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

  const std::string file_;
  int64_t line_ = 0;
  simdjson::dom::parser parser_;
  Wmt25Humeval out_;
  std::unordered_set<std::string> seen_;
  std::unordered_map<std::string, int32_t> systems_, annotators_, documents_;
};

}  // namespace wmt25_humeval_detail

bool LooksLikeWmt25Humeval(std::string_view head) {
  const size_t start = head.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || head[start] != '{') return false;
  const std::string_view first = head.substr(start, head.find('\n', start) - start);
  return first.find("\"doc_id\"") != std::string_view::npos &&
         first.find("\"scores\"") != std::string_view::npos;
}

StatusOr<Wmt25Humeval> ParseWmt25Humeval(std::string_view text, std::string_view name) {
  wmt25_humeval_detail::HumevalParser parser(name);
  if (Status s = ForEachNonBlankLine(
          text, [&](std::string_view line, int64_t number) { return parser.Line(line, number); });
      !s.ok()) {
    return s;
  }
  return std::move(parser).Finish();
}

StatusOr<Wmt25Humeval> ReadWmt25Humeval(const std::string& path) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  return ParseWmt25Humeval(input.text(), InputDisplayName(path));
}

}  // namespace tourney
