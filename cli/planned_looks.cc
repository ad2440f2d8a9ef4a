#include "planned_looks.h"

#include <utility>

#include "tourney/sequential/planned_look.h"

namespace tourney::cli {

void AddPlannedLookFlags(Flags& flags) {
  flags.Add("looks", "K", "",
            "a campaign with K looks planned in advance (1..100), equally spaced over the "
            "--looks-budget: shows the board of the last look the input has reached, its rank "
            "ranges at the level O'Brien-Fleming-type alpha spending gives that look, so "
            "that all K looks together keep --confidence (docs/anytime.md)");
  flags.Add("looks-budget", "N", "",
            "with --looks: the campaign's planned judgments (rankings, battles); default: "
            "the input's");
}

StatusOr<std::optional<PlannedLookBoard>> PlannedLookFromFlags(const Flags& flags,
                                                              const Judgments& judgments,
                                                              double confidence) {
  if (!flags.IsSet("looks")) {
    if (flags.IsSet("looks-budget")) {
      return InvalidArgument("option '--looks-budget' goes with --looks");
    }
    return std::optional<PlannedLookBoard>();
  }
  auto looks = flags.GetInt("looks");
  if (!looks.ok()) return looks.status();
  if (*looks < 1 || *looks > 100) {
    return InvalidArgument("option '--looks': must be between 1 and 100");
  }
  const int64_t have = static_cast<int64_t>(judgments.num_rankings());
  int64_t budget = have;
  if (flags.IsSet("looks-budget")) {
    auto b = flags.GetInt("looks-budget");
    if (!b.ok()) return b.status();
    if (*b < 1) return InvalidArgument("option '--looks-budget': must be at least 1");
    budget = *b;
  }
  auto reached = ReachPlannedLook(have, {static_cast<int>(*looks), budget}, confidence);
  if (!reached.ok()) return reached.status();
  if (reached->look == 0) return InvalidArgument(reached->note);
  PlannedLookBoard out;
  out.judgments = FirstRankings(judgments, reached->at);
  out.confidence = reached->confidence;
  out.note = reached->note;
  return std::optional<PlannedLookBoard>(std::move(out));
}

}  // namespace tourney::cli
