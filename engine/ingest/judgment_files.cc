// Reading judgment files whole: plain, gzip or standard input; WMT CSV, pairwise CSV or the
// Appraise XML export (by the first character); several files into one Judgments, one
// language pair at a time.
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ingest/appraise_xml_reader.h"
#include "ingest/input_file.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney {

Status ReadFileToString(const std::string& path, std::string* contents) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return IoError(path + ": cannot open: " + std::strerror(errno));
  }
  contents->clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) contents->append(buf, n);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) return IoError(path + ": cannot read: " + std::strerror(err));
  return Status::Ok();
}

void NoteLanguagePair(const std::string& pair, ReadReport* report) {
  // A campaign has a handful of pairs: the last one seen is almost always the one again.
  if (!report->language_pairs.empty() && report->language_pairs.back() == pair) return;
  for (const std::string& p : report->language_pairs) {
    if (p == pair) return;
  }
  report->language_pairs.push_back(pair);
}

Status ReadJudgmentsFile(const std::string& path, const ReadOptions& options, Judgments* judgments,
                         ReadReport* report) {
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  const std::string_view contents = input.text();
  const std::string name = InputDisplayName(path);
  bool xml = options.format == InputFormat::kAppraiseXml;
  if (options.format == InputFormat::kAuto) {
    size_t i = contents.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (i < contents.size() && std::isspace(static_cast<unsigned char>(contents[i]))) ++i;
    xml = i < contents.size() && contents[i] == '<';
  }
  if (xml) return ParseAppraiseXml(contents, name, options, judgments, report);
  return ParseJudgments(contents, name, options, judgments, report);
}

Status ReadJudgmentFiles(const std::vector<std::string>& paths, const ReadOptions& options,
                         Judgments* judgments, ReadReport* report) {
  ReadReport local;
  ReadReport* out = report ? report : &local;
  for (const std::string& path : paths) {
    ReadReport one;
    Status s = ReadJudgmentsFile(path, options, judgments, &one);
    if (!s.ok()) return s;
    for (std::string& w : one.warnings) {
      if (out->warnings.size() < options.max_warnings) out->warnings.push_back(std::move(w));
    }
    out->rows += one.rows;
    out->other_pair_rankings += one.other_pair_rankings;
    for (const std::string& p : one.language_pairs) NoteLanguagePair(p, out);
  }
  if (options.language_pair.empty() && !options.all_language_pairs &&
      out->language_pairs.size() > 1) {
    std::string list;
    int named = 0;
    for (const std::string& p : out->language_pairs) {
      if (p.empty()) continue;
      list += (named++ > 0 ? ", " : "") + p;
    }
    return InvalidArgument("the input holds " + std::to_string(out->language_pairs.size()) +
                           " language pairs (" + list +
                           (named < static_cast<int>(out->language_pairs.size())
                                ? std::string(", and rows naming none")
                                : std::string()) +
                           "): select one; they are never merged");
  }
  if (!options.language_pair.empty() && judgments->num_rankings() == 0 &&
      out->other_pair_rankings > 0) {
    std::string list;
    for (const std::string& p : out->language_pairs) list += (list.empty() ? "" : ", ") + p;
    return InvalidArgument("no rankings of language pair '" + options.language_pair +
                           "' in the input (it holds " + list + ")");
  }
  return Status::Ok();
}

}  // namespace tourney
