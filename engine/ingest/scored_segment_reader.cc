// Scored-segment tables (see tourney/ingest/scored_segment_reader.h).
#include "tourney/ingest/scored_segment_reader.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ingest/csv_record.h"
#include "ingest/field_text.h"
#include "tourney/core/system_registry.h"
#include "ingest/input_file.h"

namespace tourney {
namespace {

// A decimal number with blanks around it at most; nullopt otherwise. Non-finite values
// ("inf", "nan", overflow) parse as themselves for the caller to reject by name.
std::optional<double> ParseNumber(std::string_view s) {
  s = TrimField(s);
  if (s.empty()) return std::nullopt;
  if (s.front() == '+') s.remove_prefix(1);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (end != s.data() + s.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return HUGE_VAL;
  if (ec != std::errc()) return std::nullopt;
  return v;
}

bool IsMissingScore(std::string_view s) {
  s = TrimField(s);
  return s.empty() || s == "None" || s == "NA";
}

struct Row {
  int64_t line = 0;
  std::vector<std::string> fields;
};

}  // namespace

StatusOr<ScoredSegments> ParseScoredSegments(std::string_view text, std::string_view name,
                                             const ScoredSegmentReadOptions& options) {
  const std::string file(name);
  CsvRecordReader reader(text);
  std::string_view line;
  auto at = [&](int64_t line_number) { return file + ":" + std::to_string(line_number) + ": "; };
  // The header: skip blank lines before it, and keep the notes ('#' lines).
  bool have_header = false;
  std::vector<std::string> notes;
  while (reader.Next(&line)) {
    const std::string_view trimmed = TrimField(line);
    if (!trimmed.empty() && trimmed.front() == '#') {
      notes.emplace_back(TrimField(trimmed.substr(1)));
      continue;
    }
    if (!trimmed.empty()) {
      have_header = true;
      break;
    }
  }
  if (!have_header) return InvalidArgument(file + ": empty input (no header line)");
  const bool tsv = line.find('\t') != std::string_view::npos;
  std::vector<std::string_view> views;
  std::vector<std::string> storage;
  auto split = [&](std::string_view l, std::vector<std::string>* out) {
    out->clear();
    if (tsv) {
      size_t start = 0;
      while (true) {
        const size_t tab = l.find('\t', start);
        out->emplace_back(TrimField(l.substr(start, tab - start)));
        if (tab == std::string_view::npos) break;
        start = tab + 1;
      }
      return true;
    }
    if (!SplitCsvLine(l, &views, &storage)) return false;
    // A quoted field is taken as written, blanks included (RFC 4180; a DataFrame's name
    // " A" once came back as "A"); an unquoted one is trimmed. SplitCsvLine unescapes every
    // quoted field into `storage`, and leaves the others as views into the line.
    const std::less_equal<const char*> at_or_before;
    for (std::string_view v : views) {
      const bool quoted =
          !(at_or_before(l.data(), v.data()) && at_or_before(v.data(), l.data() + l.size()));
      out->emplace_back(quoted ? v : TrimField(v));
    }
    return true;
  };
  std::vector<std::string> header;
  if (!split(line, &header)) return InvalidArgument(at(reader.line_number()) + "malformed header");
  const int64_t header_line = reader.line_number();
  std::unordered_map<std::string, int> column;
  for (size_t c = 0; c < header.size(); ++c) {
    if (header[c].empty()) {
      return InvalidArgument(at(header_line) + "column " + std::to_string(c + 1) + " has no name");
    }
    if (!column.emplace(header[c], static_cast<int>(c)).second) {
      return InvalidArgument(at(header_line) + "column " + QuotedValue(header[c]) +
                             " is named twice");
    }
  }
  auto find = [&](const std::string& col, const char* role) -> StatusOr<int> {
    auto it = column.find(col);
    if (it == column.end()) {
      return InvalidArgument(at(header_line) + "no " + role + " column " + QuotedValue(col) +
                             " in the header");
    }
    return it->second;
  };
  auto system_col = find(options.system_column, "system");
  if (!system_col.ok()) return system_col.status();
  auto doc_col = find(options.document_column, "document");
  if (!doc_col.ok()) return doc_col.status();
  auto seg_col = find(options.segment_column, "segment");
  if (!seg_col.ok()) return seg_col.status();
  auto score_col = find(options.score_column, "score");
  if (!score_col.ok()) return score_col.status();
  std::unordered_set<int> named = {*system_col, *doc_col, *seg_col, *score_col};
  // The design `tourney sample` records, when present.
  auto optional_column = [&](const char* col) {
    auto it = column.find(col);
    if (it == column.end() || named.count(it->second)) return -1;
    named.insert(it->second);
    return it->second;
  };
  const int inclusion_col = optional_column("inclusion");
  const int sampled_col = optional_column("sampled");
  const int order_col = optional_column("order");

  // Every row's fields, then the metric columns (the default needs every value).
  std::vector<Row> rows;
  while (reader.Next(&line)) {
    if (TrimField(line).empty()) continue;
    Row row;
    row.line = reader.line_number();
    if (!split(line, &row.fields)) {
      return InvalidArgument(at(row.line) + "malformed CSV quoting");
    }
    if (row.fields.size() != header.size()) {
      return InvalidArgument(at(row.line) + std::to_string(row.fields.size()) +
                             " fields, the header has " + std::to_string(header.size()));
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) return InvalidArgument(file + ": no data rows after the header");

  std::vector<int> metric_cols;
  if (!options.metric_columns.empty()) {
    for (const std::string& m : options.metric_columns) {
      auto c = find(m, "metric");
      if (!c.ok()) return c.status();
      if (named.count(*c)) {
        return InvalidArgument(file + ": metric column " + QuotedValue(m) +
                               " is also the system, document, segment or score column");
      }
      metric_cols.push_back(*c);
    }
  } else {
    for (int c = 0; c < static_cast<int>(header.size()); ++c) {
      if (named.count(c)) continue;
      bool numeric = true;
      bool fractional = false;
      const Row* blank = nullptr;
      for (const Row& row : rows) {
        if (TrimField(row.fields[c]).empty()) {
          if (blank == nullptr) blank = &row;
          continue;
        }
        const auto v = ParseNumber(row.fields[c]);
        if (!v) {
          numeric = false;
          break;
        }
        // A non-finite value makes the column a metric, to be rejected below by name.
        if (!std::isfinite(*v) || *v != std::floor(*v)) fractional = true;
      }
      if (numeric && fractional && blank != nullptr) {
        // A metric column with a hole: leaving the metric out for everyone (or for one
        // system) without a word would change every estimate that uses it.
        return InvalidArgument(at(blank->line) + "column " + QuotedValue(header[c]) +
                               ": blank, in a column of metric scores (fill it, or name the "
                               "metrics to use with --metrics)");
      }
      if (numeric && fractional) metric_cols.push_back(c);
    }
  }

  ScoredSegments out;
  out.notes = std::move(notes);
  std::vector<int64_t> design_line;  // per segment: the line that gave its design fields
  for (int c : metric_cols) out.metric_names.push_back(header[c]);
  const int num_metrics = static_cast<int>(metric_cols.size());
  const std::unordered_set<std::string> excluded(options.exclude_systems.begin(),
                                                 options.exclude_systems.end());
  std::unordered_map<std::string, int> system_index;
  std::unordered_map<std::string, int> segment_index;
  std::unordered_map<std::string, int> document_index;
  std::vector<std::unordered_map<int, int64_t>> seen;  // per system: segment -> line
  auto field_error = [&](int64_t l, int c, const std::string& what) {
    return InvalidArgument(at(l) + "column " + QuotedValue(header[c]) + ": " + what);
  };
  for (const Row& row : rows) {
    const std::string& sys = row.fields[*system_col];
    const std::string& doc = row.fields[*doc_col];
    const std::string& seg = row.fields[*seg_col];
    for (auto [c, v] : {std::pair{*system_col, &sys}, {*doc_col, &doc}, {*seg_col, &seg}}) {
      if (v->empty()) return field_error(row.line, c, "blank");
      if (!IsValidUtf8(*v)) return field_error(row.line, c, InvalidUtf8Message(*v));
    }
    if (std::string problem = SystemNameProblem(sys); !problem.empty()) {
      return field_error(row.line, *system_col, "system " + QuotedValue(sys) + " " + problem);
    }
    const auto doc_it = document_index.emplace(doc, static_cast<int>(out.document_ids.size()));
    if (doc_it.second) out.document_ids.push_back(doc);
    const auto seg_it = segment_index.emplace(seg, static_cast<int>(out.segment_ids.size()));
    if (seg_it.second) {
      out.segment_ids.push_back(seg);
      out.segment_document.push_back(doc_it.first->second);
    } else if (out.segment_document[seg_it.first->second] != doc_it.first->second) {
      return field_error(
          row.line, *doc_col,
          "segment " + QuotedValue(seg) + " is in document " +
              QuotedValue(out.document_ids[out.segment_document[seg_it.first->second]]) +
              " on an earlier line, here in " + QuotedValue(doc));
    }
    // Values are checked for every row, excluded systems included.
    std::optional<double> score;
    if (!IsMissingScore(row.fields[*score_col])) {
      score = ParseNumber(row.fields[*score_col]);
      if (!score) {
        return field_error(row.line, *score_col,
                           QuotedValue(row.fields[*score_col]) + " is not a number (blank or " +
                               "None when not annotated)");
      }
      if (!std::isfinite(*score)) {
        return field_error(row.line, *score_col,
                           QuotedValue(row.fields[*score_col]) + " is not finite");
      }
      if (std::fabs(*score) > kMaxPlausibleScore) {
        return field_error(row.line, *score_col,
                           QuotedValue(row.fields[*score_col]) +
                               " is not a plausible human score (magnitude above 1e6)");
      }
    }
    // The recorded design: one inclusion probability, one sampled flag and one position in
    // the serving order per segment.
    const int segment = seg_it.first->second;
    if (order_col >= 0) {
      const auto v = ParseIntField(row.fields[order_col]);
      if (!v || *v < 0 || *v > 100000000) {
        return field_error(row.line, order_col,
                           QuotedValue(row.fields[order_col]) + " is not a position (0, 1, ...)");
      }
      if (out.segment_order.size() <= static_cast<size_t>(segment)) {
        out.segment_order.resize(segment + 1, -1);
      }
      int& at = out.segment_order[segment];
      if (at >= 0 && at != *v) {
        return field_error(row.line, order_col,
                           "segment " + QuotedValue(seg) + " is at position " +
                               std::to_string(at) + " on an earlier line");
      }
      at = static_cast<int>(*v);
    }
    for (int c : {inclusion_col, sampled_col}) {
      if (c < 0) continue;
      const auto v = ParseNumber(row.fields[c]);
      const bool is_inclusion = c == inclusion_col;
      if (!v || (is_inclusion ? !(*v >= 0 && *v <= 1) : !(*v == 0 || *v == 1))) {
        return field_error(row.line, c,
                           QuotedValue(row.fields[c]) +
                               (is_inclusion ? " is not a probability in [0, 1]" : " is not 0 or 1"));
      }
      if (is_inclusion && out.segment_inclusion.size() <= static_cast<size_t>(segment)) {
        out.segment_inclusion.resize(segment + 1, -1.0);
      }
      if (!is_inclusion && out.segment_sampled.size() <= static_cast<size_t>(segment)) {
        out.segment_sampled.resize(segment + 1, 2);
      }
      if (design_line.size() <= static_cast<size_t>(segment)) design_line.resize(segment + 1, 0);
      const double before = is_inclusion ? out.segment_inclusion[segment]
                                         : static_cast<double>(out.segment_sampled[segment]);
      const bool unset = is_inclusion ? before < 0 : before == 2;
      if (!unset && before != *v) {
        return field_error(row.line, c,
                           "segment " + QuotedValue(seg) + " has " +
                               QuotedValue(row.fields[c]) + " here and another value on line " +
                               std::to_string(design_line[segment]) +
                               " (the design chose segments, not rows)");
      }
      if (is_inclusion) {
        out.segment_inclusion[segment] = *v;
      } else {
        out.segment_sampled[segment] = static_cast<uint8_t>(*v);
      }
      if (unset) design_line[segment] = row.line;
    }
    double metric_values[64];
    std::vector<double> many(num_metrics > 64 ? num_metrics : 0);
    double* values = num_metrics > 64 ? many.data() : metric_values;
    for (int m = 0; m < num_metrics; ++m) {
      const int c = metric_cols[m];
      const auto v = ParseNumber(row.fields[c]);
      if (!v) return field_error(row.line, c, QuotedValue(row.fields[c]) + " is not a number");
      if (!std::isfinite(*v)) {
        return field_error(row.line, c, QuotedValue(row.fields[c]) + " is not finite");
      }
      values[m] = *v;
    }
    if (excluded.count(sys)) continue;
    const auto sys_it = system_index.emplace(sys, static_cast<int>(out.systems.size()));
    if (sys_it.second) {
      out.systems.push_back(SystemSegments{});
      out.systems.back().name = sys;
      seen.emplace_back();
    }
    const int s = sys_it.first->second;
    const auto dup = seen[s].emplace(seg_it.first->second, row.line);
    if (!dup.second) {
      return field_error(row.line, *seg_col,
                         "system " + QuotedValue(sys) + " segment " + QuotedValue(seg) +
                             " is listed twice (first on line " +
                             std::to_string(dup.first->second) + ")");
    }
    SystemSegments& target = out.systems[s];
    target.segment.push_back(seg_it.first->second);
    target.human.push_back(score ? *score : 0.0);
    target.annotated.push_back(score ? 1 : 0);
    target.metrics.insert(target.metrics.end(), values, values + num_metrics);
  }
  if (out.systems.empty()) return InvalidArgument(file + ": every system is excluded");
  if (inclusion_col >= 0) out.segment_inclusion.resize(out.segment_ids.size(), -1.0);
  if (sampled_col >= 0) out.segment_sampled.resize(out.segment_ids.size(), 2);
  if (order_col >= 0) {
    out.segment_order.resize(out.segment_ids.size(), -1);
    std::vector<int> seen_at(out.segment_ids.size(), -1);
    for (size_t g = 0; g < out.segment_order.size(); ++g) {
      const int at = out.segment_order[g];
      if (at >= static_cast<int>(out.segment_ids.size())) {
        return InvalidArgument(file + ": column 'order': segment " +
                               QuotedValue(out.segment_ids[g]) + " is at position " +
                               std::to_string(at) + " of " +
                               std::to_string(out.segment_ids.size()) + " segments");
      }
      if (seen_at[at] >= 0) {
        return InvalidArgument(file + ": column 'order': segments " +
                               QuotedValue(out.segment_ids[seen_at[at]]) + " and " +
                               QuotedValue(out.segment_ids[g]) + " share position " +
                               std::to_string(at));
      }
      seen_at[at] = static_cast<int>(g);
    }
  }
  for (const std::string& e : options.exclude_systems) {
    if (!system_index.count(e) && !e.empty()) {
      bool present = false;
      for (const Row& row : rows) present = present || row.fields[*system_col] == e;
      if (!present) return InvalidArgument(file + ": no system " + QuotedValue(e) + " to exclude");
    }
  }
  // Metrics constant over a system's rows are dropped for that system.
  for (SystemSegments& sys : out.systems) {
    const int n = sys.size();
    for (int m = 0; m < num_metrics; ++m) {
      bool constant = true;
      for (int i = 1; i < n && constant; ++i) {
        constant = sys.metrics[static_cast<size_t>(i) * num_metrics + m] == sys.metrics[m];
      }
      if (constant) {
        out.warnings.push_back("metric '" + out.metric_names[m] + "' is constant for system '" +
                               sys.name + "': not used for it");
      } else {
        sys.active_metrics.push_back(m);
      }
    }
  }
  return out;
}

StatusOr<ScoredSegments> ReadScoredSegments(const std::string& path,
                                            const ScoredSegmentReadOptions& options) {
  std::string contents;
  if (Status s = ReadInputFile(path, &contents); !s.ok()) return s;
  return ParseScoredSegments(contents, InputDisplayName(path), options);
}

}  // namespace tourney
