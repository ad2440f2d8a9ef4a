// The content flags of `tourney content` and the campaign create verbs: which file holds a
// campaign's texts and in which format (docs/content.md), read into a CampaignTexts, and the
// summary `tourney content` prints.
// Thread safety: reentrant.
#ifndef TOURNEY_CLI_CONTENT_INPUT_H_
#define TOURNEY_CLI_CONTENT_INPUT_H_

#include <ostream>
#include <string>
#include <vector>

#include "flags/flags.h"
#include "tourney/core/status.h"
#include "tourney/ingest/campaign_texts.h"

namespace tourney::cli {

// Adds --content-format, --reference, --output (repeatable), --doc-ids, --reference-system and
// --keep-reference-system. `with_content_flag` also adds --content FILE and --rank-reference
// (the create verbs; `tourney content` takes the file as its argument).
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

// What a create verb labels a reference copy it ranks (--rank-reference): its name becomes
// NAME + this, so every board and export shows it, as WMT tables mark their human
// references.
inline constexpr const char* kHumanReferenceLabel = " (human reference)";

// The content checks of `tourney content` and the create verbs, as warning lines on `err`
// naming `path`: each system whose outputs copy the reference shown beside them
// (FindReferenceCopies: name, segments equal, segments compared) and the sources that are
// markup, not text (FindMarkupSources: how many, the first segment key). `create` adds what
// the create verb does about a copy: left out, or with `rank_reference` kept as
// NAME + kHumanReferenceLabel. Returns the copies.
std::vector<ReferenceCopy> WarnAboutContent(const CampaignTexts& texts, const std::string& path,
                                            bool create, bool rank_reference, std::ostream& err);

// The create verbs' treatment of the reference copies: each is removed from `texts`, or, with
// `rank_reference`, renamed NAME + kHumanReferenceLabel there and in `chosen` (the systems
// given with --systems; may be null). InvalidArgument when `chosen` names a copy that is
// left out (it names --rank-reference).
Status SettleReferenceCopies(const std::vector<ReferenceCopy>& copies, bool rank_reference,
                             CampaignTexts* texts, std::vector<std::string>* chosen);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_CONTENT_INPUT_H_
