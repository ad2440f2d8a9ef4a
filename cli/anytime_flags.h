// --anytime, --delta and --epsilon: the anytime-valid leaderboard of `rank`, `cluster` and
// `report` (tourney/sequential/anytime_board.h, docs/anytime.md).
#ifndef TOURNEY_CLI_ANYTIME_FLAGS_H_
#define TOURNEY_CLI_ANYTIME_FLAGS_H_

#include <optional>
#include <string>
#include <vector>

#include "flags/flags.h"
#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney::cli {

// Adds --anytime, --delta D (0.05) and --epsilon E (0).
void AddAnytimeFlags(Flags& flags);

// The options --anytime asks for, or nullopt without it. InvalidArgument (a usage error,
// exit 2) for --delta or --epsilon without --anytime, values out of range (delta in (0, 1),
// epsilon in [0, 1]), --model other than expected-wins (the anytime board is Expected Wins
// with ties as half wins), or any option of `incompatible` (names without dashes) given
// with --anytime.
StatusOr<std::optional<AnytimeOptions>> AnytimeOptionsFromFlags(
    const Flags& flags, const std::vector<std::string>& incompatible);

// The board --anytime-board names (pooled by default) of every judgment, in input order.
StatusOr<Leaderboard> BuildAnytimeBoard(const Flags& flags, const Judgments& judgments,
                                        const AnytimeOptions& options);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_ANYTIME_FLAGS_H_
