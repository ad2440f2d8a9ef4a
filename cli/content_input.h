// The content flags of `tourney content` and the campaign create verbs: which file holds a
// campaign's texts and in which format (docs/content.md), read into a CampaignTexts, and the
// summary `tourney content` prints.
// Thread safety: reentrant.
#ifndef TOURNEY_CLI_CONTENT_INPUT_H_
#define TOURNEY_CLI_CONTENT_INPUT_H_

#include <ostream>
#include <string>

#include "flags/flags.h"
#include "tourney/core/status.h"
#include "tourney/ingest/campaign_texts.h"

namespace tourney::cli {

// Adds --content-format, --reference, --output (repeatable), --doc-ids, --reference-system and
// --keep-reference-system. `with_content_flag` also adds --content FILE (the create verbs;
// `tourney content` takes the file as its argument).
void AddContentFlags(Flags& flags, bool with_content_flag);

// True when the command line names content (--content); InvalidArgument when it gives the
// other content flags without --content.
StatusOr<bool> ContentRequested(const Flags& flags);

// Reads the content `path` names (for wmt-text, the source file) with the content flags.
// InvalidArgument for a bad flag (--output without NAME=FILE, --reference with a format
// other than wmt-text, ...) or bad content; IoError for an unreadable file.
StatusOr<CampaignTexts> LoadContent(const Flags& flags, const std::string& path);

// The summary of `tourney content`: format, languages, counts of systems, segments,
// documents, outputs, gaps and skipped items, then one line per system with its outputs.
void PrintContentSummary(const CampaignTexts& texts, std::ostream& out);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_CONTENT_INPUT_H_
