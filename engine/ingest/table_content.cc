// The plain content table importer (ParseTableContent, content_reader.h): TSV with a header
// naming system, doc, seg, source, target and optionally reference; one row per output.
#include <string>
#include <string_view>
#include <vector>

#include "ingest/content_builder.h"
#include "ingest/content_tsv.h"
#include "ingest/field_text.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {

StatusOr<CampaignTexts> ParseTableContent(std::string_view text, std::string_view name) {
  ContentTsvLines lines(text);
  ContentTsvHeader header;
  if (!lines.Next(&header.names)) {
    return InvalidArgument(std::string(name) + ": empty file: expected a header line");
  }
  std::string duplicate;
  const int system_col = header.Find({"system"}, &duplicate);
  const int doc_col = header.Find({"doc", "document"}, &duplicate);
  const int seg_col = header.Find({"seg", "segment", "seg_id"}, &duplicate);
  const int source_col = header.Find({"source"}, &duplicate);
  const int target_col = header.Find({"target"}, &duplicate);
  const int reference_col = header.Find({"reference"}, &duplicate);
  if (!duplicate.empty()) return TsvError(name, 1, "", duplicate);
  if (Status s = RequireTsvColumns(name,
                                   {{system_col, "system"},
                                    {doc_col, "doc"},
                                    {seg_col, "seg"},
                                    {source_col, "source"},
                                    {target_col, "target"}},
                                   "a content table has system, doc, seg, source, target and "
                                   "optionally reference, tab-separated");
      !s.ok()) {
    return s;
  }
  ContentBuilder builder("table");
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
    if (seg.empty()) return TsvError(name, line, "seg", "empty");
    const std::string where = display + ":" + std::to_string(line);
    auto segment = builder.Segment(seg, seg, doc, fields[static_cast<size_t>(source_col)],
                                   ParseIntField(seg), where + ": column 'source'");
    if (!segment.ok()) return segment.status();
    if (reference_col >= 0 && !fields[static_cast<size_t>(reference_col)].empty()) {
      if (Status s = builder.SetReference(*segment, fields[static_cast<size_t>(reference_col)],
                                          where + ": column 'reference'");
          !s.ok()) {
        return s;
      }
    }
    if (Status s = builder.AddOutput(*segment, system, fields[static_cast<size_t>(target_col)],
                                     where + ": column 'target'");
        !s.ok()) {
      return s;
    }
  }
  return std::move(builder).Finish(name);
}

}  // namespace tourney
