// Reader for the Appraise XML export of WMT ranking campaigns (WMT13-WMT16).
//
// FORMAT
//   <HIT source-language="deu" target-language="eng" ...>
//     <ranking-task id="1020">                       the segment (source sentence) id
//       <ranking-result user="..." duration="...">   one annotator's ranking
//         <translation system="A" rank="2"/>         rank 1 is best, equal ranks are ties
//         <translation system="B,C" rank="1"/>       B and C produced the same output
//   One file holds every language pair of a campaign. A `system` attribute joining systems
//   with ',' gives each of them the rank; whether they are compared with each other follows
//   ReadOptions::expand_identical (csv_reader.h). A ranking-result with fewer than two
//   systems (skipped by its annotator) or with a rank of -1 is dropped and counted in
//   Judgments::dropped_blank. Unknown elements and attributes are ignored.
//   segment = the ranking-task id, judge = the user attribute.
// Errors name the file and line: "wmt16.xml:812: element 'translation': rank 'x' is not an
// integer"; malformed XML is always fatal ("wmt16.xml:77: malformed XML: mismatched tag").
// Under ReadOptions::skip_invalid an invalid ranking-result is skipped with a warning.
// Cost: one streaming pass (expat), O(size of the text).
// Thread safety: reentrant.
#ifndef TOURNEY_INGEST_APPRAISE_XML_READER_H_
#define TOURNEY_INGEST_APPRAISE_XML_READER_H_

#include <string_view>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney {

// Parses the XML `text` (of a file called `name`) and appends its rankings to *judgments,
// keeping ReadOptions::language_pair only when set, and recording every pair in
// report->language_pairs. On error returns a non-OK status and *judgments holds an
// unspecified subset of the rankings: discard it.
Status ParseAppraiseXml(std::string_view text, std::string_view name, const ReadOptions& options,
                        Judgments* judgments, ReadReport* report);

}  // namespace tourney

#endif  // TOURNEY_INGEST_APPRAISE_XML_READER_H_
