// Language pairs of a campaign ("de-en"), as the WMT data spells them in many ways.
//
// WMT13 CSVs name languages in English ("French,English"), WMT15/16 CSVs and the Appraise XML
// export use ISO 639-2 codes ("deu", "eng"; "cze" for Czech), and papers write ISO 639-1
// ("de-en"). A LanguagePair normalises each side to the two-letter code when the language is
// known and keeps the text (lower-cased) otherwise, so that "deu-eng", "ger-eng",
// "German-English" and "de-en" name the same pair.
// Thread safety: the functions are pure.
#ifndef TOURNEY_INGEST_LANGUAGE_PAIR_H_
#define TOURNEY_INGEST_LANGUAGE_PAIR_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// The normalised code of one language: "cs" for "cze", "ces", "cs" or "Czech"; other text
// lower-cased and trimmed; "" for empty text.
std::string NormalizeLanguage(std::string_view language);

// The normalised pair "src-trg" ("de-en"); "" when either side is empty.
std::string LanguagePairKey(std::string_view source, std::string_view target);

// Parses a pair as a user writes it: "de-en", "deu-eng", "German-English", "de_en" or
// "de>en". InvalidArgument when there is
// not exactly one separator or a side is empty.
StatusOr<std::string> ParseLanguagePair(std::string_view text);

// The rankings of `judgments` split by language pair, pairs in order of first appearance
// (rankings naming no pair under ""), each with its own system registry.
std::vector<std::pair<std::string, Judgments>> SplitByLanguagePair(const Judgments& judgments);

}  // namespace tourney

#endif  // TOURNEY_INGEST_LANGUAGE_PAIR_H_
