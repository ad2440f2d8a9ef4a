// Flags and loading shared by the scored-segment commands (sampling-study, sample,
// estimate): the column names, metrics, excluded systems, and the table itself.
#ifndef TOURNEY_CLI_SAMPLING_INPUT_H_
#define TOURNEY_CLI_SAMPLING_INPUT_H_

#include <string>

#include "flags/flags.h"
#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"

namespace tourney::cli {

// --score, --system-column, --doc-column, --segment-column, --metrics, --exclude-system,
// --lower-is-better, --bin-size, --input-format (table or mtme), --language-pair, --strata.
void AddScoredSegmentFlags(Flags& flags);

// Reads the one positional file with those flags; with `warn`, prints the table's warnings
// to stderr (estimate carries them in its output instead). With `fully_scored`, an
// mt-metrics-eval folder gives only the segments its human score scores for every system
// (a study that needs every score; MtmeTableOptions::scored_only); a table is read as is.
StatusOr<ScoredSegments> LoadScoredSegments(const Flags& flags, const std::string& command,
                                            bool warn = true, bool fully_scored = false);

// The same for `path` (a positional or an option's file): a scored-segment table, or with
// --input-format mtme (or a folder under auto) an mt-metrics-eval folder's --language-pair,
// --score as the human score and its metrics (tourney/ingest/mtme_reader.h).
StatusOr<ScoredSegments> LoadScoredSegmentsFrom(const Flags& flags, const std::string& path,
                                                const std::string& command, bool warn = true,
                                                bool fully_scored = false);

// --bin-size as validated (segments per metric bin, 1..100000).
StatusOr<int> BinSizeFromFlags(const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_SAMPLING_INPUT_H_
