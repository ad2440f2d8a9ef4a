#include "content_input.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "tourney/ingest/content_reader.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/ingest/mtme_reader.h"

namespace tourney::cli {

void AddContentFlags(Flags& flags, bool with_content_flag) {
  if (with_content_flag) {
    flags.Add("content", "FILE", "",
              "the texts annotators see (docs/content.md): a Pearmut or Appraise JSON, an MQM "
              "TSV, a table, or (wmt-text) the source file; plain or .gz");
    flags.AddBool("rank-reference",
                  "keep a system whose outputs equal the reference shown beside them (left out "
                  "by default, with a warning), renamed 'NAME (human reference)'");
  }
  flags.Add("content-format", "F", "auto",
            "pearmut, appraise, mqm-tsv, table, wmt-text or mtme (auto: from the file's bytes; "
            "wmt-text is implied by --output; mtme, an mt-metrics-eval folder with "
            "--language-pair, by a folder or --input-format mtme)");
  flags.AddRepeated("output", "NAME=FILE",
                    "wmt-text: system NAME's output file, line-aligned with the source");
  flags.Add("reference", "FILE", "", "wmt-text: the reference file, line-aligned");
  flags.Add("doc-ids", "FILE", "",
            "wmt-text: one document id per source line (default: one document named after "
            "the source file)");
  flags.Add("guidelines", "FILE", "",
            "plain-text guidelines the annotator page shows (at most 64 KiB)");
  flags.Add("reference-system", "NAME", "ref", "mqm-tsv: the system whose rows are the reference");
  flags.AddBool("keep-reference-system",
                "mqm-tsv: keep the reference system as a system too (its rows are the "
                "reference either way)");
}

StatusOr<bool> ContentRequested(const Flags& flags) {
  if (flags.IsSet("content")) return true;
  for (const char* name : {"content-format", "output", "reference", "doc-ids", "reference-system",
                           "keep-reference-system", "guidelines", "rank-reference"}) {
    if (flags.IsSet(name))
      return InvalidArgument(std::string("--") + name + " goes with --content");
  }
  return false;
}

namespace {

// An mt-metrics-eval folder's texts for --language-pair (tourney/ingest/mtme_reader.h); the
// reference is --reference-system when it names one.
StatusOr<CampaignTexts> LoadMtmeContent(const Flags& flags, const std::string& path) {
  for (const char* name : {"output", "reference", "doc-ids"}) {
    if (flags.IsSet(name)) {
      return InvalidArgument(std::string("--") + name + " goes with wmt-text content, not mtme");
    }
  }
  MtmeReadOptions read;
  if (!flags.Get("language-pair").empty()) {
    auto pair = ParseLanguagePair(flags.Get("language-pair"));
    if (!pair.ok()) return InvalidArgument("--language-pair: " + pair.status().message());
    read.language_pair = *pair;
  }
  read.metrics = {"none"};
  read.read_texts = true;
  auto set = ReadMtmeEvalSet(path, read);
  if (!set.ok()) return set.status();
  MtmeContentOptions options;
  if (flags.IsSet("reference-system")) options.reference = flags.Get("reference-system");
  options.keep_reference_system = flags.GetBool("keep-reference-system");
  return MtmeCampaignTexts(*set, options);
}

}  // namespace

StatusOr<CampaignTexts> LoadContent(const Flags& flags, const std::string& path) {
  std::error_code ec;
  if (flags.Get("content-format") == "mtme" ||
      (flags.IsSet("input-format") && flags.Get("input-format") == "mtme") ||
      (flags.Get("content-format") == "auto" && std::filesystem::is_directory(path, ec))) {
    return LoadMtmeContent(flags, path);
  }
  auto format = ParseContentFormat(flags.Get("content-format"));
  if (!format.ok()) return InvalidArgument("--content-format: " + format.status().message());
  const std::vector<std::string> outputs = flags.GetAll("output");
  if (*format == ContentFormat::kAuto && !outputs.empty()) *format = ContentFormat::kWmtText;
  const bool wmt_text = *format == ContentFormat::kWmtText;
  for (const char* name : {"reference", "doc-ids"}) {
    if (flags.IsSet(name) && !wmt_text) {
      return InvalidArgument(std::string("--") + name +
                             " goes with wmt-text content (--output NAME=FILE ...)");
    }
  }
  if (!outputs.empty() && !wmt_text) {
    return InvalidArgument("--output goes with wmt-text content, not --content-format " +
                           flags.Get("content-format"));
  }
  if (wmt_text) {
    WmtTextFiles files;
    files.source = path;
    files.reference = flags.Get("reference");
    files.doc_ids = flags.Get("doc-ids");
    for (const std::string& output : outputs) {
      const size_t eq = output.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == output.size()) {
        return InvalidArgument("--output: '" + output + "' is not NAME=FILE");
      }
      files.outputs.emplace_back(output.substr(0, eq), output.substr(eq + 1));
    }
    if (files.outputs.empty()) {
      return InvalidArgument("wmt-text content needs the systems' outputs: --output NAME=FILE");
    }
    return ReadWmtTextContent(files);
  }
  ContentReadOptions options;
  options.format = *format;
  options.reference_system = flags.Get("reference-system");
  options.keep_reference_system = flags.GetBool("keep-reference-system");
  return ReadContentFile(path, options);
}

void PrintContentSummary(const CampaignTexts& texts, std::ostream& out) {
  const ContentSkips& k = texts.skipped;
  int64_t references = 0;
  for (const SegmentTexts& s : texts.segments) {
    references += static_cast<int64_t>(s.references.size());
  }
  out << "format " << texts.format << "\n";
  if (!texts.source_language.empty() || !texts.target_language.empty()) {
    out << "languages " << texts.source_language << " -> " << texts.target_language << "\n";
  }
  out << "systems " << texts.systems.size() << "\n"
      << "segments " << texts.segments.size() << "\n"
      << "documents " << texts.NumDocuments() << "\n"
      << "outputs " << texts.NumOutputs() << "\n"
      << "gaps " << texts.NumGaps() << "\n"
      << "references " << references << "\n"
      << "items_read " << k.items << "\n"
      << "bad_items_skipped " << k.bad_items << "\n"
      << "reference_items_skipped " << k.reference_items << "\n"
      << "check_items_skipped " << k.check_items << "\n"
      << "tutorial_items_skipped " << k.tutorial_items << "\n"
      << "document_items_skipped " << k.document_items << "\n"
      << "repeated_outputs_merged " << k.repeated_outputs << "\n";
  for (size_t s = 0; s < texts.systems.size(); ++s) {
    int64_t present = 0;
    for (const SegmentTexts& segment : texts.segments) present += segment.outputs[s] ? 1 : 0;
    out << "system " << texts.systems[s] << " outputs " << present << " gaps "
        << static_cast<int64_t>(texts.segments.size()) - present << "\n";
  }
}

std::vector<ReferenceCopy> WarnAboutContent(const CampaignTexts& texts, const std::string& path,
                                            bool create, bool rank_reference, std::ostream& err) {
  std::vector<ReferenceCopy> copies = FindReferenceCopies(texts);
  for (const ReferenceCopy& c : copies) {
    err << "warning: " << path << ": system '" << texts.systems[c.system]
        << "' equals the reference shown beside it in " << c.equal << " of " << c.compared
        << " segments: ranked or scored against that reference it wins by construction";
    if (create && rank_reference) {
      err << "; --rank-reference: it is kept as '" << texts.systems[c.system]
          << kHumanReferenceLabel << "'";
    } else if (create) {
      err << "; it is left out (--rank-reference keeps it as '" << texts.systems[c.system]
          << kHumanReferenceLabel << "')";
    }
    err << "\n";
  }
  const std::vector<size_t> markup = FindMarkupSources(texts);
  if (!markup.empty()) {
    err << "warning: " << path << ": " << markup.size() << " of " << texts.segments.size()
        << " sources are HTML markup (an iframe, video, audio or image element; the first in "
           "segment '"
        << texts.segments[markup.front()].key
        << "'), not text: the annotator page shows them as their markup, not as the media\n";
  }
  return copies;
}

Status SettleReferenceCopies(const std::vector<ReferenceCopy>& copies, bool rank_reference,
                             CampaignTexts* texts, std::vector<std::string>* chosen) {
  // From the last index down, so that the earlier indices stay valid while removing.
  for (auto c = copies.rbegin(); c != copies.rend(); ++c) {
    std::string& name = texts->systems[c->system];
    std::string* named = nullptr;  // the entry of --systems naming it
    if (chosen) {
      auto it = std::find(chosen->begin(), chosen->end(), name);
      if (it != chosen->end()) named = &*it;
    }
    if (rank_reference) {
      if (named) *named += kHumanReferenceLabel;
      name += kHumanReferenceLabel;
      continue;
    }
    if (named) {
      return InvalidArgument("--systems names '" + name +
                             "', whose outputs equal the reference shown beside them; add "
                             "--rank-reference to rank it as '" + name + kHumanReferenceLabel +
                             "'");
    }
    RemoveSystem(c->system, texts);
  }
  return Status::Ok();
}

}  // namespace tourney::cli
