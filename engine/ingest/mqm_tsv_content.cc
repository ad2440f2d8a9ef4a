// The Google MQM TSV importer (ParseMqmTsvContent, content_reader.h): one row per error
// (or one No-error row), the error span marked <v>...</v> in the source or the target.
#include <string>
#include <string_view>
#include <vector>

#include "ingest/content_builder.h"
#include "ingest/content_tsv.h"
#include "ingest/field_text.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace mqm_tsv_content {

// `text` without its "<v>" and "</v>" span marks; nothing else changes.
std::string WithoutSpanMarks(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t lt = text.find('<', pos);
    if (lt == std::string_view::npos) {
      out.append(text.substr(pos));
      break;
    }
    out.append(text.substr(pos, lt - pos));
    const std::string_view rest = text.substr(lt);
    if (rest.substr(0, 3) == "<v>") {
      pos = lt + 3;
    } else if (rest.substr(0, 4) == "</v>") {
      pos = lt + 4;
    } else {
      out += '<';
      pos = lt + 1;
    }
  }
  return out;
}

}  // namespace mqm_tsv_content

StatusOr<CampaignTexts> ParseMqmTsvContent(std::string_view text, std::string_view name,
                                           const ContentReadOptions& options) {
  ContentTsvLines lines(text);
  ContentTsvHeader header;
  if (!lines.Next(&header.names)) {
    return InvalidArgument(std::string(name) + ": empty file: expected the MQM TSV header");
  }
  std::string duplicate;
  const int system_col = header.Find({"system"}, &duplicate);
  const int doc_col = header.Find({"doc"}, &duplicate);
  const int seg_col = header.Find({"seg_id"}, &duplicate);
  const int source_col = header.Find({"source"}, &duplicate);
  const int target_col = header.Find({"target"}, &duplicate);
  if (!duplicate.empty()) return TsvError(name, 1, "", duplicate);
  if (Status s = RequireTsvColumns(name,
                                   {{system_col, "system"},
                                    {doc_col, "doc"},
                                    {seg_col, "seg_id"},
                                    {source_col, "source"},
                                    {target_col, "target"}},
                                   "an MQM TSV has system, doc, doc_id, seg_id, rater, source, "
                                   "target, category, severity");
      !s.ok()) {
    return s;
  }
  ContentBuilder builder("mqm-tsv");
  std::vector<std::string_view> fields;
  const std::string display(name);
  while (lines.Next(&fields)) {
    const int64_t line = lines.line_number();
    if (fields.size() == 1 && fields[0].empty()) continue;  // a blank line
    if (Status s = CheckTsvFieldCount(name, line, fields.size(), header.names.size()); !s.ok()) {
      return s;
    }
    ++builder.skipped().items;
    const std::string_view system = TrimField(fields[static_cast<size_t>(system_col)]);
    const std::string_view seg = TrimField(fields[static_cast<size_t>(seg_col)]);
    const std::string_view doc = fields[static_cast<size_t>(doc_col)];
    if (system.empty()) return TsvError(name, line, "system", "empty");
    const std::optional<int64_t> seg_number = ParseIntField(seg);
    if (!seg_number.has_value() || *seg_number < 0) {
      return TsvError(name, line, "seg_id", QuotedValue(seg) + " is not a non-negative integer");
    }
    const std::string source =
        mqm_tsv_content::WithoutSpanMarks(fields[static_cast<size_t>(source_col)]);
    const std::string target =
        mqm_tsv_content::WithoutSpanMarks(fields[static_cast<size_t>(target_col)]);
    const std::string where = display + ":" + std::to_string(line);
    auto segment = builder.Segment(seg, seg, doc, source, *seg_number, where + ": column 'source'");
    if (!segment.ok()) return segment.status();
    const bool is_reference = system == options.reference_system;
    if (is_reference) {
      if (Status s = builder.SetReference(*segment, target, where + ": column 'target'"); !s.ok()) {
        return s;
      }
    }
    if (!is_reference || options.keep_reference_system) {
      if (Status s = builder.AddOutput(*segment, system, target, where + ": column 'target'");
          !s.ok()) {
        return s;
      }
    }
  }
  return std::move(builder).Finish(name);
}

}  // namespace tourney
