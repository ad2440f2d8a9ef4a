// Content import: the format's name, its detection, and reading one file
// (content_reader.h). The parsers are in pearmut_content.cc, appraise_content.cc,
// mqm_tsv_content.cc, table_content.cc and wmt_text_content.cc.
#include "tourney/ingest/content_reader.h"

#include <string>

#include "ingest/content_tsv.h"
#include "ingest/field_text.h"
#include "ingest/input_file.h"

namespace tourney {

StatusOr<ContentFormat> ParseContentFormat(std::string_view name) {
  for (ContentFormat f : {ContentFormat::kAuto, ContentFormat::kPearmut, ContentFormat::kAppraise,
                          ContentFormat::kMqmTsv, ContentFormat::kTable, ContentFormat::kWmtText}) {
    if (name == ContentFormatName(f)) return f;
  }
  return InvalidArgument(QuotedValue(name) +
                         " is not a content format (auto, pearmut, appraise, mqm-tsv, table, "
                         "wmt-text)");
}

std::string_view ContentFormatName(ContentFormat format) {
  switch (format) {
    case ContentFormat::kAuto:
      return "auto";
    case ContentFormat::kPearmut:
      return "pearmut";
    case ContentFormat::kAppraise:
      return "appraise";
    case ContentFormat::kMqmTsv:
      return "mqm-tsv";
    case ContentFormat::kTable:
      return "table";
    case ContentFormat::kWmtText:
      return "wmt-text";
  }
  return "auto";
}

StatusOr<ContentFormat> DetectContentFormat(std::string_view text, std::string_view name) {
  size_t b = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (b < text.size() &&
         (text[b] == ' ' || text[b] == '\t' || text[b] == '\r' || text[b] == '\n')) {
    ++b;
  }
  if (b < text.size() && text[b] == '[') return ContentFormat::kAppraise;
  if (b < text.size() && text[b] == '{') return ContentFormat::kPearmut;
  ContentTsvLines lines(text);
  ContentTsvHeader header;
  if (lines.Next(&header.names) && header.names.size() > 1) {
    std::string duplicate;
    auto has = [&](std::string_view column) { return header.Find({column}, &duplicate) >= 0; };
    if (has("rater") && has("category") && has("severity") && has("seg_id")) {
      return ContentFormat::kMqmTsv;
    }
    if (has("system") && has("source") && has("target")) return ContentFormat::kTable;
  }
  return InvalidArgument(std::string(name) +
                         ": cannot tell the content format (not Pearmut or Appraise JSON, not a "
                         "TSV whose header names system, source and target): name it with "
                         "--content-format");
}

StatusOr<CampaignTexts> ReadContentFile(const std::string& path,
                                        const ContentReadOptions& options) {
  if (options.format == ContentFormat::kWmtText) {
    return InvalidArgument(
        "wmt-text content is several files: read it with ReadWmtTextContent (the CLI's "
        "--reference, --output and --doc-ids)");
  }
  std::string text;
  if (Status s = ReadInputFile(path, &text); !s.ok()) return s;
  const std::string name = InputDisplayName(path);
  ContentFormat format = options.format;
  if (format == ContentFormat::kAuto) {
    auto detected = DetectContentFormat(text, name);
    if (!detected.ok()) return detected.status();
    format = *detected;
  }
  switch (format) {
    case ContentFormat::kPearmut:
      return ParsePearmutContent(text, name);
    case ContentFormat::kAppraise:
      return ParseAppraiseContent(text, name);
    case ContentFormat::kMqmTsv:
      return ParseMqmTsvContent(text, name, options);
    case ContentFormat::kTable:
      return ParseTableContent(text, name);
    default:
      break;
  }
  return InvalidArgument(name + ": unsupported content format");
}

}  // namespace tourney
