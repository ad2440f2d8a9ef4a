// --looks K and --looks-budget N of `tourney cluster`: the board of a campaign with K looks
// planned in advance over a budget of N judgments, each look's rank ranges at the level
// O'Brien-Fleming-type alpha spending leaves it (tourney/sequential/group_sequential.h), so
// that the clusters of all K looks together keep the stated confidence.
#ifndef TOURNEY_CLI_PLANNED_LOOKS_H_
#define TOURNEY_CLI_PLANNED_LOOKS_H_

#include <optional>
#include <string>

#include "flags/flags.h"
#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney::cli {

// Adds --looks K and --looks-budget N.
void AddPlannedLookFlags(Flags& flags);

struct PlannedLookBoard {
  Judgments judgments;    // the first J_k judgments (rankings), J_k = ceil(k N / K)
  double confidence = 0;  // 1 - the look's nominal alpha
  std::string note;       // which look, its level, and whether the board is provisional
};

// Without --looks: nullopt (and --looks-budget alone is a usage error). With it: the last look
// that `judgments` (in input order) has reached, at family-wise confidence `confidence`
// over the K looks. N defaults to the input's judgments (one look then at the end).
// InvalidArgument for K outside 1..100, N < 1, or an input that has not reached look 1.
StatusOr<std::optional<PlannedLookBoard>> PlannedLookFromFlags(const Flags& flags,
                                                              const Judgments& judgments,
                                                              double confidence);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PLANNED_LOOKS_H_
