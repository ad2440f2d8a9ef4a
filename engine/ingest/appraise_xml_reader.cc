#include "ingest/appraise_xml_reader.h"

#include <expat.h>

#include <charconv>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ingest/field_text.h"
#include "tourney/core/system_registry.h"
#include "tourney/ingest/language_pair.h"

namespace tourney {

namespace {

constexpr std::string_view kPlaceholderSystem = "PLACEHOLDER";
constexpr int kMinMaxRank = 5;  // ranks up to max(5, number of outputs) are valid

const char* Attribute(const XML_Char** attrs, const char* name) {
  for (int i = 0; attrs[i] != nullptr; i += 2) {
    if (std::strcmp(attrs[i], name) == 0) return attrs[i + 1];
  }
  return nullptr;
}

class XmlParser {
 public:
  XmlParser(std::string_view name, const ReadOptions& options, Judgments* judgments,
            ReadReport* report)
      : name_(name), options_(options), judgments_(judgments), report_(report) {}

  XmlParser(const XmlParser&) = delete;
  XmlParser& operator=(const XmlParser&) = delete;

  Status Parse(std::string_view text) {
    XML_Parser p = XML_ParserCreate("UTF-8");
    if (p == nullptr) return Internal("cannot create an XML parser");
    parser_ = p;
    XML_SetUserData(p, this);
    XML_SetElementHandler(p, &XmlParser::OnStart, &XmlParser::OnEnd);
    // Feed in chunks of at most INT_MAX bytes (expat's length type is int).
    size_t pos = 0;
    bool ok = true;
    do {
      const size_t chunk = std::min<size_t>(text.size() - pos, std::numeric_limits<int>::max() / 2);
      const bool last = pos + chunk == text.size();
      if (XML_Parse(p, text.data() + pos, static_cast<int>(chunk), last ? 1 : 0) ==
          XML_STATUS_ERROR) {
        ok = false;
        break;
      }
      pos += chunk;
    } while (pos < text.size());
    if (text.empty() && ok) ok = XML_Parse(p, "", 0, 1) != XML_STATUS_ERROR;
    Status result = Status::Ok();
    if (!fatal_.ok()) {
      result = fatal_;
    } else if (!ok) {
      // Expat refuses bytes that are not UTF-8 as an "invalid token": say so.
      const bool utf8 = XML_GetErrorCode(p) != XML_ERROR_INVALID_TOKEN || IsValidUtf8(text);
      result = InvalidArgument(Where() + "malformed XML: " + XML_ErrorString(XML_GetErrorCode(p)) +
                               " (column " + std::to_string(XML_GetCurrentColumnNumber(p) + 1) +
                               ")" + (utf8 ? "" : ": the text is not valid UTF-8"));
    } else if (!saw_root_) {
      result = InvalidArgument(std::string(name_) + ": no XML element");
    } else if (results_ == 0) {
      // As an empty file: an export without rankings holds no judgments.
      result = InvalidArgument(std::string(name_) + ": no judgments: no element 'ranking-result'");
    }
    XML_ParserFree(p);
    return result;
  }

 private:
  std::string Where() const {
    return std::string(name_) + ":" + std::to_string(XML_GetCurrentLineNumber(parser_)) + ": ";
  }
  void Fail(Status s) {
    if (fatal_.ok()) fatal_ = std::move(s);
    XML_StopParser(parser_, XML_FALSE);
  }
  // An invalid ranking-result: fatal unless skip_invalid.
  void RankingError(std::string message) {
    result_invalid_ = true;
    if (!options_.skip_invalid) {
      Fail(InvalidArgument(std::move(message)));
      return;
    }
    ++judgments_->skipped_invalid;
    if (report_->warnings.size() < options_.max_warnings) {
      report_->warnings.push_back(std::move(message));
    }
  }

  static void OnStart(void* data, const XML_Char* element, const XML_Char** attrs) {
    static_cast<XmlParser*>(data)->Start(element, attrs);
  }
  static void OnEnd(void* data, const XML_Char* element) {
    static_cast<XmlParser*>(data)->End(element);
  }

  void Start(const char* element, const char** attrs) {
    saw_root_ = true;
    if (std::strcmp(element, "HIT") == 0) {
      const char* src = Attribute(attrs, "source-language");
      const char* trg = Attribute(attrs, "target-language");
      pair_ = LanguagePairKey(src ? src : "", trg ? trg : "");
      NoteLanguagePair(pair_, report_);
      keep_hit_ = true;
      if (!options_.language_pair.empty()) {
        if (pair_.empty()) {
          Fail(InvalidArgument(Where() + "cannot select language pair '" + options_.language_pair +
                               "': element 'HIT' has no source-language/target-language"));
          return;
        }
        keep_hit_ = pair_ == options_.language_pair;
      }
    } else if (std::strcmp(element, "ranking-task") == 0) {
      segment_ = -1;
      segment_error_.clear();
      const char* id = Attribute(attrs, "id");
      if (id != nullptr) {
        if (auto v = ParseIntField(id)) {
          segment_ = *v;
        } else {
          segment_error_ =
              Where() + "element 'ranking-task': id " + QuotedValue(id) + " is not an integer";
        }
      }
    } else if (std::strcmp(element, "ranking-result") == 0) {
      ++results_;
      in_result_ = true;
      result_invalid_ = false;
      blank_ = false;
      entries_.clear();
      const char* user = Attribute(attrs, "user");
      judge_text_ = user ? user : "";
      if (!segment_error_.empty() && keep_hit_) RankingError(segment_error_);
    } else if (std::strcmp(element, "translation") == 0) {
      if (!in_result_) {
        Fail(InvalidArgument(Where() + "element 'translation' outside a ranking-result"));
        return;
      }
      if (!keep_hit_ || result_invalid_) return;
      const char* system = Attribute(attrs, "system");
      const char* rank = Attribute(attrs, "rank");
      if (system == nullptr || *system == '\0') {
        RankingError(Where() + "element 'translation': missing attribute 'system'");
        return;
      }
      if (rank == nullptr) {
        RankingError(Where() + "element 'translation': missing attribute 'rank'");
        return;
      }
      const std::optional<int64_t> r = ParseIntField(rank);
      if (!r) {
        RankingError(Where() + "element 'translation': rank " + QuotedValue(rank) +
                     " is not an integer");
        return;
      }
      if (*r == -1) {
        blank_ = true;
      } else if (*r < 1 || *r > 255) {
        RankingError(Where() + "element 'translation': rank " + QuotedValue(rank) + " is outside 1.." +
                     std::to_string(kMinMaxRank));
        return;
      }
      Entry e;
      e.systems = system;
      e.rank = static_cast<int>(*r);
      e.line = XML_GetCurrentLineNumber(parser_);
      entries_.push_back(std::move(e));
    }
  }

  void End(const char* element) {
    if (std::strcmp(element, "ranking-result") == 0) {
      in_result_ = false;
      if (!keep_hit_) {
        ++report_->other_pair_rankings;
      } else if (!result_invalid_) {
        FinishResult();
      }
    } else if (std::strcmp(element, "HIT") == 0) {
      pair_.clear();
      keep_hit_ = true;
    }
  }

  void FinishResult() {
    const int max_rank = std::max<int>(kMinMaxRank, static_cast<int>(entries_.size()));
    names_.clear();
    ranks_.clear();
    groups_.clear();
    for (size_t g = 0; g < entries_.size(); ++g) {
      const Entry& e = entries_[g];
      if (e.rank > max_rank) {
        RankingError(std::string(name_) + ":" + std::to_string(e.line) +
                     ": element 'translation': rank " + std::to_string(e.rank) + " is outside 1.." +
                     std::to_string(max_rank));
        return;
      }
      std::string_view list = e.systems;
      while (true) {
        const size_t comma = list.find(',');
        std::string_view part = list.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        if (part.empty()) {
          RankingError(std::string(name_) + ":" + std::to_string(e.line) +
                       ": element 'translation': empty system name in " + QuotedValue(e.systems));
          return;
        }
        if (part != kPlaceholderSystem) {
          if (std::string problem = SystemNameProblem(part); !problem.empty()) {
            RankingError(std::string(name_) + ":" + std::to_string(e.line) +
                         ": element 'translation': system " + QuotedValue(part) + " " + problem);
            return;
          }
          for (std::string_view seen : names_) {
            if (seen == part) {
              RankingError(std::string(name_) + ":" + std::to_string(e.line) +
                           ": element 'translation': system " + QuotedValue(part) +
                           " appears twice in one ranking");
              return;
            }
          }
          if (names_.size() == 255) {
            RankingError(std::string(name_) + ":" + std::to_string(e.line) +
                         ": element 'translation': more than 255 systems in one ranking");
            return;
          }
          names_.push_back(part);
          ranks_.push_back(static_cast<uint8_t>(e.rank < 0 ? 0 : e.rank));
          groups_.push_back(static_cast<uint8_t>(g));
        }
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    }
    ++report_->rows;
    if (blank_) {
      ++judgments_->dropped_blank;
      return;
    }
    if (names_.size() < 2) {
      ++judgments_->dropped_single;
      return;
    }
    ids_.clear();
    for (std::string_view n : names_) ids_.push_back(judgments_->systems().Intern(n));
    const int32_t judge = judge_text_.empty() ? -1 : judgments_->InternJudge(judge_text_);
    judgments_->AddRanking(
        ids_, ranks_,
        options_.expand_identical ? std::span<const uint8_t>() : std::span<const uint8_t>(groups_),
        segment_, judge, -1, pair_.empty() ? -1 : judgments_->InternLanguagePair(pair_));
  }

  struct Entry {
    std::string systems;
    int rank = 0;
    int64_t line = 0;
  };

  const std::string_view name_;
  const ReadOptions& options_;
  Judgments* const judgments_;
  ReadReport* const report_;
  XML_Parser parser_ = nullptr;
  Status fatal_ = Status::Ok();
  bool saw_root_ = false;
  int64_t results_ = 0;  // ranking-result elements seen

  std::string pair_;
  bool keep_hit_ = true;
  int64_t segment_ = -1;
  std::string segment_error_;
  bool in_result_ = false;
  bool result_invalid_ = false;
  bool blank_ = false;
  std::string judge_text_;
  std::vector<Entry> entries_;
  std::vector<std::string_view> names_;
  std::vector<uint8_t> ranks_, groups_;
  std::vector<SystemId> ids_;
};

}  // namespace

Status ParseAppraiseXml(std::string_view text, std::string_view name, const ReadOptions& options,
                        Judgments* judgments, ReadReport* report) {
  ReadReport local;
  XmlParser parser(name, options, judgments, report ? report : &local);
  return parser.Parse(text);
}

}  // namespace tourney
