// The WMT plain-text importer (ParseWmtTextContent, ReadWmtTextContent; content_reader.h):
// line-aligned source, reference and system output files, with optional document ids.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ingest/content_builder.h"
#include "ingest/input_file.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace wmt_text_content {

// The lines of `text`: each ends at "\n" (a "\r" before it is part of the ending); a last
// line without "\n" counts, an empty text has no lines.
std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

// The part of `path` after its last '/'.
std::string_view BaseName(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

Status CheckLineCount(const NamedText& file, size_t lines, size_t expected,
                      std::string_view source_name) {
  if (lines == expected) return Status::Ok();
  if (lines < expected) {
    return InvalidArgument(file.name + ":" + std::to_string(lines + 1) +
                           ": missing: the file has " + std::to_string(lines) +
                           " lines, the source " + std::string(source_name) + " has " +
                           std::to_string(expected));
  }
  return InvalidArgument(file.name + ":" + std::to_string(expected + 1) +
                         ": one line too many: the file has " + std::to_string(lines) +
                         " lines, the source " + std::string(source_name) + " has " +
                         std::to_string(expected));
}

}  // namespace wmt_text_content

StatusOr<CampaignTexts> ParseWmtTextContent(
    const NamedText& source, const NamedText& reference,
    const std::vector<std::pair<std::string, NamedText>>& outputs, const NamedText& doc_ids) {
  using wmt_text_content::CheckLineCount;
  using wmt_text_content::SplitLines;
  if (outputs.empty()) {
    return InvalidArgument(source.name + ": no system outputs: give at least one output file");
  }
  const std::vector<std::string_view> src = SplitLines(source.text);
  std::vector<std::string_view> ref, docs;
  if (!reference.name.empty()) {
    ref = SplitLines(reference.text);
    if (Status s = CheckLineCount(reference, ref.size(), src.size(), source.name); !s.ok()) {
      return s;
    }
  }
  if (!doc_ids.name.empty()) {
    docs = SplitLines(doc_ids.text);
    if (Status s = CheckLineCount(doc_ids, docs.size(), src.size(), source.name); !s.ok()) {
      return s;
    }
  }
  std::vector<std::vector<std::string_view>> system_lines;
  ContentBuilder builder("wmt-text");
  for (const auto& [system, file] : outputs) {
    if (system.empty()) return InvalidArgument(file.name + ": the system name is empty");
    system_lines.push_back(SplitLines(file.text));
    if (Status s = CheckLineCount(file, system_lines.back().size(), src.size(), source.name);
        !s.ok()) {
      return s;
    }
    builder.DeclareSystem(system);
  }
  const std::string_view whole_document = wmt_text_content::BaseName(source.name);
  for (size_t i = 0; i < src.size(); ++i) {
    const std::string key = std::to_string(i + 1);
    const std::string_view document = docs.empty() ? whole_document : docs[i];
    if (document.empty()) {
      return InvalidArgument(doc_ids.name + ":" + key + ": the document id is empty");
    }
    const std::string where = source.name + ":" + key;
    ++builder.skipped().items;
    auto segment = builder.Segment(key, key, document, src[i], static_cast<int64_t>(i), where);
    if (!segment.ok()) return segment.status();
    if (!ref.empty()) {
      if (Status s = builder.SetReference(*segment, ref[i], reference.name + ":" + key); !s.ok()) {
        return s;
      }
    }
    for (size_t k = 0; k < outputs.size(); ++k) {
      if (Status s = builder.AddOutput(*segment, outputs[k].first, system_lines[k][i],
                                       outputs[k].second.name + ":" + key);
          !s.ok()) {
        return s;
      }
    }
  }
  return std::move(builder).Finish(source.name);
}

StatusOr<CampaignTexts> ReadWmtTextContent(const WmtTextFiles& files) {
  auto read = [](const std::string& path, NamedText* out) -> Status {
    if (path.empty()) return Status::Ok();
    out->name = InputDisplayName(path);
    return ReadInputFile(path, &out->text);
  };
  NamedText source, reference, doc_ids;
  if (Status s = read(files.source, &source); !s.ok()) return s;
  if (Status s = read(files.reference, &reference); !s.ok()) return s;
  if (Status s = read(files.doc_ids, &doc_ids); !s.ok()) return s;
  std::vector<std::pair<std::string, NamedText>> outputs;
  for (const auto& [system, path] : files.outputs) {
    outputs.emplace_back(system, NamedText());
    if (Status s = read(path, &outputs.back().second); !s.ok()) return s;
  }
  return ParseWmtTextContent(source, reference, outputs, doc_ids);
}

}  // namespace tourney
