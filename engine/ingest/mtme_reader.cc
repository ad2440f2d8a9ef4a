// The mt-metrics-eval layout (see tourney/ingest/mtme_reader.h).
#include "tourney/ingest/mtme_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingest/field_text.h"
#include "ingest/input_file.h"

namespace tourney {
namespace mtme_detail {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string_view WithoutBom(std::string_view text) {
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    text.remove_prefix(kByteOrderMark.size());
  }
  return text;
}

std::string At(std::string_view file, int64_t line) {
  return std::string(file) + ":" + std::to_string(line) + ": ";
}

Status FieldError(std::string_view file, int64_t line, std::string_view field,
                  const std::string& what) {
  return InvalidArgument(At(file, line) + "field '" + std::string(field) + "': " + what);
}

// Calls visit(line_number, fields) for every non-blank line, fields split at runs of blanks
// (space, tab, carriage return). Stops at the first error visit returns.
template <typename Visit>
Status ForEachScoreLine(std::string_view text, Visit visit) {
  text = WithoutBom(text);
  std::vector<std::string_view> fields;
  int64_t line_number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    fields.clear();
    size_t i = 0;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (i < line.size()) {
      while (i < line.size() && blank(line[i])) ++i;
      const size_t b = i;
      while (i < line.size() && !blank(line[i])) ++i;
      if (i > b) fields.push_back(line.substr(b, i - b));
    }
    if (fields.empty()) continue;
    if (Status s = visit(line_number, fields); !s.ok()) return s;
  }
  return Status::Ok();
}

// A score field: a finite decimal number of magnitude at most kMaxPlausibleScore (-0.0 reads
// as 0), or `None` when allowed (nullopt). An error message otherwise.
StatusOr<std::optional<double>> ParseScore(std::string_view s, bool allow_none) {
  if (s == "None") {
    if (allow_none) return std::optional<double>();
    return InvalidArgument("'None' (no score) where every line needs one (a metric file)");
  }
  std::string_view digits = s;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || end != digits.data() + digits.size() ||
      (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    return InvalidArgument(QuotedValue(s) + " is not a number" +
                           (allow_none ? " or None" : ""));
  }
  if (ec == std::errc::result_out_of_range || !std::isfinite(v) ||
      std::fabs(v) > kMaxPlausibleScore) {
    return InvalidArgument(QuotedValue(s) + " is not a finite score of magnitude at most 1e6");
  }
  return std::optional<double>(v + 0.0);  // -0.0 + 0.0 == +0.0
}

Status CheckName(std::string_view file, int64_t line, std::string_view field,
                 std::string_view value) {
  if (IsValidUtf8(value)) return Status::Ok();
  return FieldError(file, line, field, InvalidUtf8Message(value));
}

}  // namespace mtme_detail


int MtmeSegmentScores::Find(std::string_view system) const {
  for (size_t s = 0; s < systems.size(); ++s) {
    if (systems[s] == system) return static_cast<int>(s);
  }
  return -1;
}

StatusOr<MtmeSegmentScores> ParseMtmeSegmentScores(std::string_view text, std::string_view name,
                                                   int64_t expected_segments, bool allow_none) {
  using namespace mtme_detail;
  MtmeSegmentScores out;
  std::unordered_map<std::string, int> index;
  std::vector<int64_t> first_line;
  Status status = ForEachScoreLine(text, [&](int64_t line,
                                             const std::vector<std::string_view>& f) -> Status {
    if (f.size() != 2) {
      return FieldError(name, line, f.size() < 2 ? "score" : "system",
                        "expected 2 fields (SYSTEM SCORE), got " + std::to_string(f.size()));
    }
    auto score = ParseScore(f[1], allow_none);
    if (!score.ok()) return FieldError(name, line, "score", score.status().message());
    auto [it, added] = index.try_emplace(std::string(f[0]), out.num_systems());
    if (added) {
      if (Status s = CheckName(name, line, "system", f[0]); !s.ok()) return s;
      out.systems.emplace_back(f[0]);
      out.scores.emplace_back();
      out.scored.emplace_back();
      first_line.push_back(line);
    }
    const int s = it->second;
    if (expected_segments > 0 &&
        static_cast<int64_t>(out.scores[s].size()) >= expected_segments) {
      return FieldError(name, line, "system",
                        "system " + QuotedValue(f[0]) + " has more than " +
                            std::to_string(expected_segments) +
                            " lines (the set's segments, one per source line)");
    }
    out.scores[s].push_back(score->value_or(0.0));
    out.scored[s].push_back(score->has_value() ? 1 : 0);
    return Status::Ok();
  });
  if (!status.ok()) return status;
  if (out.systems.empty()) return InvalidArgument(std::string(name) + ": no scores");
  const int64_t n =
      expected_segments > 0 ? expected_segments : static_cast<int64_t>(out.scores[0].size());
  for (int s = 0; s < out.num_systems(); ++s) {
    const int64_t have = static_cast<int64_t>(out.scores[s].size());
    if (have != n) {
      return FieldError(name, first_line[s], "system",
                        "system " + QuotedValue(out.systems[s]) + " has " +
                            std::to_string(have) + " lines, expected " + std::to_string(n) +
                            (expected_segments > 0 ? " (the set's source lines)"
                                                   : " (as many as system " +
                                                         QuotedValue(out.systems[0]) + ")"));
    }
  }
  out.num_segments = n;
  return out;
}

StatusOr<std::vector<MtmeScoreLine>> ParseMtmeScoreLines(std::string_view text,
                                                         std::string_view name,
                                                         bool with_domain) {
  using namespace mtme_detail;
  std::vector<MtmeScoreLine> out;
  std::unordered_map<std::string, int64_t> seen;
  const size_t want = with_domain ? 3 : 2;
  Status status = ForEachScoreLine(text, [&](int64_t line,
                                             const std::vector<std::string_view>& f) -> Status {
    if (f.size() != want) {
      return FieldError(name, line, f.size() < want ? "score" : "system",
                        "expected " + std::to_string(want) + " fields (" +
                            (with_domain ? "DOMAIN SYSTEM SCORE" : "SYSTEM SCORE") + "), got " +
                            std::to_string(f.size()));
    }
    MtmeScoreLine row;
    row.line = line;
    if (with_domain) {
      if (Status s = CheckName(name, line, "domain", f[0]); !s.ok()) return s;
      row.domain = std::string(f[0]);
    }
    const std::string_view system = f[want - 2];
    if (Status s = CheckName(name, line, "system", system); !s.ok()) return s;
    row.system = std::string(system);
    auto score = ParseScore(f[want - 1], /*allow_none=*/true);
    if (!score.ok()) return FieldError(name, line, "score", score.status().message());
    row.scored = score->has_value();
    row.score = score->value_or(0.0);
    std::string key = row.domain;
    key += '\t';
    key += row.system;
    auto [it, added] = seen.try_emplace(std::move(key), line);
    if (!added) {
      return FieldError(name, line, "system",
                        (with_domain ? "domain " + QuotedValue(row.domain) + ", " : std::string()) +
                            "system " + QuotedValue(row.system) + " already listed on line " +
                            std::to_string(it->second));
    }
    out.push_back(std::move(row));
    return Status::Ok();
  });
  if (!status.ok()) return status;
  return out;
}

StatusOr<std::vector<std::string>> ParseMtmeTextLines(std::string_view text,
                                                      std::string_view name) {
  text = mtme_detail::WithoutBom(text);
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    if (!IsValidUtf8(line)) {
      return InvalidArgument(mtme_detail::At(name, static_cast<int64_t>(lines.size()) + 1) +
                             "text: " + InvalidUtf8Message(line.substr(0, 200)));
    }
    lines.emplace_back(line);
    start = end + 1;
  }
  return lines;
}

StatusOr<MtmeDocuments> ParseMtmeDocuments(std::string_view text, std::string_view name) {
  using namespace mtme_detail;
  MtmeDocuments out;
  std::unordered_map<std::string, int> domains;
  std::unordered_map<std::string, int> documents;
  std::vector<int64_t> document_line;
  int64_t expected_line = 0;
  Status status = ForEachScoreLine(text, [&](int64_t line,
                                             const std::vector<std::string_view>& f) -> Status {
    if (line != ++expected_line) {
      return FieldError(name, line - 1, "domain",
                        "empty line: a .docs file has one DOMAIN DOCID line per segment");
    }
    if (f.size() != 2) {
      return FieldError(name, line, f.size() < 2 ? "document" : "domain",
                        "expected 2 fields (DOMAIN DOCID), got " + std::to_string(f.size()));
    }
    for (int k = 0; k < 2; ++k) {
      if (Status s = CheckName(name, line, k == 0 ? "domain" : "document", f[k]); !s.ok()) {
        return s;
      }
    }
    auto [d, new_domain] =
        domains.try_emplace(std::string(f[0]), static_cast<int>(out.domain_names.size()));
    if (new_domain) out.domain_names.emplace_back(f[0]);
    auto [doc, new_doc] =
        documents.try_emplace(std::string(f[1]), static_cast<int>(out.document_names.size()));
    if (new_doc) {
      out.document_names.emplace_back(f[1]);
      document_line.push_back(line);
    } else {
      const int first = out.segment_domain[static_cast<size_t>(document_line[doc->second] - 1)];
      if (first != d->second) {
        return FieldError(name, line, "domain",
                          "document " + QuotedValue(f[1]) + " is in domain " +
                              QuotedValue(f[0]) + " here and in " +
                              QuotedValue(out.domain_names[first]) + " on line " +
                              std::to_string(document_line[doc->second]));
      }
    }
    out.segment_domain.push_back(d->second);
    out.segment_document.push_back(doc->second);
    return Status::Ok();
  });
  if (!status.ok()) return status;
  return out;
}

}  // namespace tourney
