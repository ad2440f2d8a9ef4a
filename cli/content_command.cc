// tourney content FILE: reads a campaign's texts as `campaign create --content` would and
// prints what it found (docs/content.md). No server.
#include <iostream>

#include "commands.h"
#include "common.h"
#include "content_input.h"

namespace tourney::cli {

int RunContent(int argc, char** argv) {
  Flags flags("tourney content FILE [--content-format F] [--output NAME=FILE ...]",
              "Reads a campaign's texts (Pearmut or Appraise JSON, the Google MQM TSV, a\n"
              "table, WMT plain text) as `tourney campaign create --content FILE` would and\n"
              "prints a summary: systems, segments, documents, outputs, gaps (a system with\n"
              "no output for a segment) and the items skipped (Appraise BAD, REF, CHK,\n"
              "tutorial and whole-document items). Errors name the file, line and field.\n"
              "Warns about a system whose outputs equal the reference shown beside them and\n"
              "about sources that are HTML markup rather than text.");
  AddContentFlags(flags, false);
  flags.Add("language-pair", "P", "", "mtme content: the language pair of the folder (en-de)");
  flags.AddExample("tourney content ../shared/data/wmt23-mtme --language-pair he-en",
                   "an mt-metrics-eval folder's texts: source, reference, every system output");
  flags.AddExample("tourney content esa.json", "a Pearmut campaign's texts");
  flags.AddExample(
      "tourney content newstest.src --reference newstest.ref --output A=a.txt "
      "--output B=b.txt --doc-ids newstest.docids",
      "WMT plain text: a source, a reference and two systems");
  const std::string verb = "content";
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, verb, &code)) return code;
  if (flags.positionals().size() != 1) {
    return ReportError(verb, InvalidArgument("give one content FILE"));
  }
  auto texts = LoadContent(flags, flags.positionals()[0]);
  if (!texts.ok()) return ReportError(verb, texts.status());
  WarnAboutContent(*texts, flags.positionals()[0], false, false, std::cerr);
  PrintContentSummary(*texts, std::cout);
  return kExitOk;
}

}  // namespace tourney::cli
